/* fpga/fpga_private.h: declarations shared inside fpga/.
 * Stage: fpga. */
#ifndef SLUICE_TARGET_PRIVATE_H
#define SLUICE_TARGET_PRIVATE_H

#include "fpga/fpga.h"

/* The logic of the design rtl_emit writes for "sp" and "ubs" (and the
 * tiles of "pub", or NULL) on board "bd" (fpga/logic.c), into *l (its
 * stages owned by *l). */
void tg_logic_count(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_logic *l);

/* The value of attribute "\NAME" on a Yosys `dump` line ("attribute
 * \sl_mul "3""), or -1 when the line is not that attribute. */
int tg_dump_attr(const char *line, const char *name);

/* The first place of a `dump` line's src attribute (a DSP cell's is its
 * $mul's, then the techmap files': "F.v:L.C-L.C"), malloc'd, or NULL. */
char *tg_dump_src(const char *line);

/* ------------------------------------------------------------ the logic estimate
 * Shared by fpga/logic.c (the primitives, the statements, the design),
 * fpga/datapath.c (the values of a statement's expressions) and
 * fpga/ports.c (the buffers' ports and addresses). */

#include "rtlgen/rtlgen.h"
#include "values/values.h"

/* The family's primitives, as the board file gives them (board_logic). */
typedef struct est_fam {
	const board *bd;
	int k;			/* LUT inputs */
	double carry;		/* LUTs per bit of a carry-chain adder */
	bool dsp_rom_late;	/* ROM constants are folded after map_dsp */
	bool lut_ram;		/* circular register files are LUT RAM */
	int lutram_bits;	/* bits a LUT holds as RAM */
	board_shape ram_cell;	/* a LUT-RAM cell (depth 0: bits pooled) */
	int ram_cell_luts;	/* its LUT sites */
} est_fam;

/* What is known of a value: a constant, or the extension (sign or zero)
 * of its low "ew" bits. */
typedef struct est_val {
	bool is_const;
	uint64_t c;
	int w, ew;
	bool sx;
	bool rom;		/* a constant read from a ROM (sl_rom) */
	int kz;			/* its lowest kz bits are known: kv (a lane's */
	uint64_t kv;		/* x * 8 + 1 is odd whatever x is) */
} est_val;

/* The design's multipliers that DSPs could take, found by the walk: the
 * lane program's (a node each) as tg_dsp_decide put them, the address
 * arithmetic's (no node) split over the DSPs left (tg_mul_split). */
typedef struct est_muls {
	int n;
	tg_mul *m;
} est_muls;

/* A subexpression costed so far (opt_merge): its key and first node. */
typedef struct est_seen_ent {
	char *key;
	const ir_expr *e;
} est_seen_ent;

/* A subexpression merged into an earlier one: tg_dsp_decide copies the
 * earlier one's decision to it. */
typedef struct est_dup {
	const ir_expr *e, *first;
} est_dup;

typedef struct est_walk {
	const est_fam *f;
	const sched_program *sp;
	const ub_set *ubs;
	int stage;		/* statement index of what is counted */
	est_muls *muls;		/* shared by every walk */
	const ir_expr *node;	/* the node whose multiply is costed, or NULL */
	bool addr;		/* in a buffer's address arithmetic */
	double luts;
	int64_t ffs, dsps;
	int val_ew;		/* significant bits of the statement's value */
	int n_keys;
	est_seen_ent *keys;	/* shared by every walk */
	int n_dups;
	est_dup *dups;		/* tg_dsp_decide's walk only */
	int n_nodes;		/* the statement's nodes as costed: their */
	const ir_expr **nodes;	/* significant bits (0: a constant) and */
	int *node_ew;		/* whether merged into an earlier one */
	bool *node_merged;
	int n_adds;		/* the adds of two variables costed, their own */
	const ir_expr **adds;	/* LUTs and significant bits (a multiplier's */
	double *add_luts;	/* operand's is the DSP pre-adder's: */
	int *add_bits;		/* est_preadd) */
	double pre_luts;	/* the multiply costed now: its pre-add's LUTs */
} est_walk;

/* ceil(a / b) of a >= 0, b > 0. */
static inline int64_t tg_est_cdiv(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

/* The zero bits of v below its lowest 1 (64 for 0). */
static inline int tg_est_low_zeros(uint64_t v)
{
	return v ? __builtin_ctzll(v) : 64;
}

static inline int tg_est_popcount(uint64_t v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* fpga/logic.c: the family's primitives, in LUTs. */
/* An AND (or OR) of m signals. */
int64_t tg_est_tree(const est_fam *f, int64_t m);
/* An n-bit adder. */
double tg_est_add(const est_fam *f, int n);
/* n-bit equality (against a constant: vs_const). */
int64_t tg_est_eq(const est_fam *f, int n, bool vs_const);
/* n-bit magnitude comparison. */
double tg_est_lt(const est_fam *f, int n, bool vs_const);
/* x + c or x - c (sub) of sw sum bits. */
double tg_est_add_const(const est_fam *f, int sw, uint64_t c, bool sub);
/* An n-bit value against constant c (sx: signed). */
double tg_est_lt_const(const est_fam *f, int n, uint64_t c, bool sx);
/* x < c (gt false) or x > c (gt true) of an n-bit x. */
double tg_est_cmp_const(const est_fam *f, int n, uint64_t c, bool sx, bool gt);
/* A function of n inputs (a ROM bit). */
int64_t tg_est_fun(const est_fam *f, int n);
/* The restoring divider of an n-bit dividend. */
double tg_est_divider(const est_fam *f, int n);
/* The width of statement s's counter of dimension d in sl_sched. */
int tg_est_counter_bits(const sched_stmt *s, int d);
/* sl_sched of plan q (TW bits), into w; "idx_read" the dimensions whose
 * counter value the design reads (a bit a dimension). */
void tg_est_generator(est_walk *w, const rtl_sched_plan *q, int tw, uint64_t idx_read);

/* fpga/datapath.c: values and the walk's keys. */
/* Whether "key" was costed already (opt_merge); records it for e if not. */
bool tg_est_seen(est_walk *w, const char *key, const ir_expr *e);
/* Writes the text key of subtree e, its variables those of the schedule
 * generator "who", its ROM reads those of stage "inst"'s instances. */
void tg_est_key(const ub_set *ubs, const char *who, const char *inst, const ir_expr *e,
	FILE *o);
/* "tag" and e's key, malloc'd. */
char *tg_est_key_str(const est_walk *w, const sched_stmt *s, const ir_expr *e,
	const char *tag);
/* A variable of width w, the extension (sx: sign) of its low ew bits. */
est_val tg_est_make(int w, int ew, bool sx);
/* v converted to width tw (low bits kept, extended by "sgn"). */
est_val tg_est_conv(est_val v, int tw, bool sgn);
/* Costs expression e of statement s into w and returns its value. */
est_val tg_est_value(est_walk *w, const sched_stmt *s, const ir_expr *e);
/* Costs a constant-division plan on an operand of xe bits (sx signed). */
void tg_est_divplan(est_walk *w, const va_divplan *p, int xe, bool sx);
/* Costs the 64-bit index arithmetic e, kept to "need" bits. */
est_val tg_est_index(est_walk *w, const sched_stmt *s, const ir_expr *e, int need);
/* Whether a DSP's post-adder takes node "add" (NULL: statement s's
 * accumulation; sw sum bits, "luts" its LUTs) of product x (through
 * casts) and another operand: `dsp_mul ... postadd N` (the DSP48E1's
 * Z + M, packed by Yosys's xilinx_dsp), x on one DSP, not shared, feeding
 * the add at once or through one register (MREG); records the LUTs on
 * x's multiplier, subtracted when it is mapped. */
bool tg_est_postadd(est_walk *w, const sched_stmt *s, const ir_expr *add, const ir_expr *x,
	int sw, double luts);
/* Costs an address term: xe bits times constant c in y bits. */
void tg_est_const_mul(est_walk *w, int xe, int64_t c, int y);

/* fpga/ports.c: every buffer with readers, costed in its producer's walk
 * (ws[index]), the merged subexpressions *keys carried from walk to walk. */
void tg_est_buffers(est_walk *ws, const ub_set *ubs, const pub_set *pub,
	const rtl_plan *plan, est_seen_ent **keys, int *n_keys);

#endif
