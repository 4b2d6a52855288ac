/* fpga/logic.c: the logic of a generated design, counted from its
 * structure before synthesis (LUTs, flip-flops, DSPs per statement).
 * Stage: fpga, after storage mapping, beside fpga/storage.c.
 * It walks what rtlgen emits and costs each piece in the family's
 * primitives (k = LUT inputs), whose numbers are the board file's
 * (`carry`, `dsp_mul`, `lutram`, `lutram_cell`: boards/README.md "Logic";
 * no family is named here):
 *   x + c, x - c   from c's lowest 1 up, the board's `carry ... const`
 *       sites a bit and an inverter per inverted sum input, where the
 *       board has them (Xilinx: the carry cells' own XOR), else as below
 *   loop variable   32 bits of sl_sched's idx; where the flow flattens,
 *       its counter's bits (the bits above are constants)
 *   n-bit adder, subtractor, incrementer   `carry` x n LUTs, 1 on the four
 *       boards (one per bit beside the
 *       carry chain: SB_CARRY, CARRY4/8; on ECP5 a CCU2C of 2 bits is one
 *       slice, 2 LUT4 sites, as the board's `cells lut CCU2C=2` counts it)
 *   n-bit equality   ceil(n / (k/2)) LUTs (against a constant ceil(n/k))
 *       and an AND tree of (k-1)-input LUTs over them
 *   n-bit magnitude comparison   a subtractor's carry: n LUTs; against
 *       0 (the sign and an OR), 2^j or 2^j - 1 an OR tree of the high bits
 *   min(x, c), max(x, c)   the compare and an n-bit select, but registered
 *       at once the select is the flip-flops' synchronous set/reset (no
 *       LUTs); min(x, c >= 0) of a non-negative x has c's bits
 *   2:1 mux of n bits   n LUTs
 *   w x w multiplier   DSPs where the board has `dsp_mul` (fpga/dsp.c's
 *       model of mul2dsp: 16x16 iCE40, 18x18 ECP5, 25x18 xc7, 27x18
 *       xcup, signed only on Xilinx), within the board's DSP count: the
 *       widest multipliers first, the rest (and those mul2dsp leaves
 *       alone) two LUTs per partial-product bit kept in the result width
 *       (the AND, which the carry cell needs as a signal, and the sum).
 *       The lane program's multiplies are split once, before the
 *       schedule, by this walk over its funcs (tg_dsp_decide, recorded
 *       in ir_expr.dsps, which the count here reads); the address
 *       arithmetic's take the DSPs left
 *   x * c   (popcount(c) - 1) adders (shift-and-add; powers of two free),
 *       or a DSP on DSP families (mul2dsp takes constant operands too);
 *       with `rom_late` (Xilinx) a constant read from a ROM at a constant
 *       address is folded only after map_dsp: a DSP at the ROM's width (measured:
 *       gaussian's 9 kernel products are 9 DSP48s on xc7 and xcup, none
 *       on ECP5)
 *   x / c, x % c   the plan of values/divconst.c as rtlgen/divconst.c emits
 *       it: unsigned by 2^k free (wires); signed by 2^k one n-bit add (the
 *       rounding; measured: camera_pipeline's (y + 1) % 2 on i32 is not a
 *       divider in Yosys), the remainder an OR of k bits; a compare (2c >
 *       max x) and an add; else the multiply-high, x (less the plan's
 *       pre-shift) times M of the plan's width, costed as x * c above
 *       (a DSP where the board has them), one n-bit add when signed (the
 *       sign correction), and for x % c popcount(c) adds of the
 *       remainder's few low bits (x - q c).  Index floor division and
 *       circular-buffer addresses use the plan over their value range
 *       (the iteration box) plus an offset add
 *   D-entry ROM of W bits, variable address   a function of the address
 *       bits that vary (the varying indices' widths, at most the address:
 *       ABC maps the cone, constant address arithmetic folded, onto them)
 *       per distinct bit column that is not constant (equal columns, as
 *       the sign extension of small signed entries, are one LUT cone);
 *       its value the extension of its low bits
 *   sl_sched   its structure (est_generator, the RTL plan's parameters):
 *       counters sized to the extents,
 *       the down counter, the registered wait's distinct columns
 *       (flip-flops as Yosys keeps them; LUTs fitted to Yosys on iCE40)
 *   register-file read port (iCE40: no LUT RAM) of D words: one-hot
 *       decoded selects shared by the W bits, D/2 + (D/2)/3 LUTs a bit
 *   delay-chain read with the same-cycle bypass   nothing: its read
 *       register is loaded as the tap's next position (the bypass is that
 *       position's enable) and Yosys merges the two; such a read keys as
 *       its tap, so equal logic over the same taps is merged across stages
 *   border read (clamped index)   rtlgen's multiplexer tree, a LUT a bit
 *       per 2:1 (LUT4) or 4:1 (LUT6) mux, on shared index tests; the
 *       chain's shifts after the last write an sl_sched of their own
 *   datapath delay registers   per operand its significant bits for the
 *       cycles to its user; where the board has `srl` (Xilinx), a run of
 *       3 or more is a shift-register LUT a bit
 *   block-RAM read port (sl_sram_pf)   its ra, hit1 and data1 registers,
 *       two address tests and a 3:1 select of W bits
 * Widths are the significant widths Yosys keeps (wreduce): a value that
 * is a zero- or sign-extension of its low bits costs only those bits, and
 * bits nothing reads cost nothing.  Identical subexpressions are counted
 * once (Yosys merges them: opt_merge).  Flip-flops holding constants are
 * dropped as Yosys drops them.
 *   LUT-RAM copy of D x W bits (read ports past the first)   whole
 *       `lutram_cell`s: ECP5 ceil(D/16) x ceil(W/4) TRELLIS_DPR16X4 of 6
 *       LUT4 sites each (3 slices; boards/README.md "Counting cells");
 *       else `lutram` bits a LUT; with `lutram_cell ... reads R` (Xilinx)
 *       every port's cells at once: one port whole DxW cells, several a
 *       one-bit cell per R ports and bit (RAM64M: 64 x 3 or 3 ports)
 * Adjusted from measurements (Yosys 0.23, tests/bench/estimate_bench.sh):
 * the Xilinx ROM-constant DSP rule above (from gaussian), sl_sched's LUT
 * constants (the board's `cost sched`, tests/bench/sched_cost.py) and the
 * LUT-RAM cells; the other per-primitive constants are first principles.  The model is of a
 * LUT mapper that minimises area.  Known large errors: ECP5 under Yosys
 * 0.23's default `synth_ecp5` (abc -lut 4:7: every LUT size has delay 1,
 * so ABC maps for depth into LUT5-7 = 2-8 LUT4s + PFUMX/L6MUX21, many of
 * them constant: measured 1.0-6x the LUT4s of `synth_ecp5 -abc9` on the
 * same Verilog, not a function of the structure); this model follows the
 * -abc9 mapping, and the board flow adds -nowidelut (boards/README.md
 * "Counting cells": ABC9 duplicates logic for depth in LUT5-7).
 * A buffer on push-memory tiles (--memory pub) is its tiles' logic
 * (fpga/pub.c) in its producer's stage.
 * Storage (delay-chain registers, register-file and LUT-RAM words, block
 * RAM) is fpga/storage.c's and is not counted here. */
#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"
#include "values/values.h"
#include "rtlgen/rtlgen.h"

/* ------------------------------------------------------------ families */

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

static est_fam est_family(const board *bd)
{
	const board_logic *g = &bd->logic;
	est_fam f = { bd, bd->lut_inputs, g->carry, g->dsp_rom_late, bd->lutram_bits > 0, bd->lutram_bits,
		g->ram_cell, g->ram_cell_luts };
	return f;
}

/* ------------------------------------------------------------ primitives */

static int64_t est_cdiv(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

/* LUTs of an AND (or OR) of m signals. */
static int64_t est_tree(const est_fam *f, int64_t m)
{
	return m <= 1 ? 0 : est_cdiv(m - 1, f->k - 1);
}

static double est_add(const est_fam *f, int n)
{
	int c = f->bd->logic.carry_cell > 1 ? f->bd->logic.carry_cell : 1;
	return n > 0 ? f->carry * (double) (c * ((n + c - 1) / c)) : 0;
}

static int64_t est_eq(const est_fam *f, int n, bool vs_const)
{
	if (n <= 0)
		return 0;
	int64_t m = est_cdiv(n, vs_const ? f->k : f->k / 2);
	return m + est_tree(f, m);
}

static double est_lt(const est_fam *f, int n, bool vs_const)
{
	if (vs_const && n <= f->k)
		return 1;
	return est_add(f, n);
}

static double est_add_const(const est_fam *f, int sw, uint64_t c, bool sub);

/* An n-bit value against constant c (sx: signed): against 0 the sign bit
 * and an OR of the rest; against 2^j or 2^j - 1 an OR of the bits from j
 * (and the low ones' AND); else a carry chain (est_lt). */
static double est_lt_const(const est_fam *f, int n, uint64_t c, bool sx)
{
	if (n <= f->k)
		return 1;
	uint64_t m = n >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << n) - 1;
	c &= m;
	if (c == 0)
		return (double) est_tree(f, n);
	if (sx && c == m)	/* -1 */
		return (double) est_tree(f, n);
	int j = 0;
	if (!(c & (c - 1)))
		j = __builtin_ctzll(c);
	else if (!((c + 1) & c))
		j = sl_bits(c);
	else
		return f->bd->logic.carry_const >= 0 ? est_add_const(f, n, c, true)
			: est_lt(f, n, true);
	return (double) est_tree(f, n - j + 1) + 1;
}

/* x < c (gt false) or x > c (gt true) of an n-bit x: where the bound is
 * a power of two 2^j (x < 2^j, x > 2^j - 1) Yosys's opt_expr makes it
 * the OR of x's bits from j, a tree of n - j inputs (none for one bit:
 * brighten's min(x + 64, 255) is x's bit 8); else est_lt_const. */
static double est_cmp_const(const est_fam *f, int n, uint64_t c, bool sx, bool gt)
{
	uint64_t m = n >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << n) - 1;
	uint64_t b = gt ? c + 1 : c;	/* x >= b or x < b */
	if (!sx && n < 64 && c <= m && b > 0 && b <= m && !(b & (b - 1)))
		return (double) est_tree(f, n - __builtin_ctzll(b));
	return est_lt_const(f, n, c, sx);
}

/* LUTs of a function of n inputs (a ROM bit): 2^(n-k) LUTs and their
 * 2:1 muxes, the board's `widemux` lowest levels of them free cells. */
static int64_t est_fun(const est_fam *f, int n)
{
	if (n <= f->k)
		return 1;
	int e = n - f->k < 20 ? n - f->k : 20, free_lv = f->bd->logic.widemux;
	int64_t m = (int64_t) 1 << e;
	int64_t up = e > free_lv ? ((int64_t) 1 << (e - free_lv)) - 1 : 0;
	return m + up;
}

/* The width of statement s's counter of dimension d in sl_sched (its
 * idx and nidx above it are 0). */
static int est_counter_bits(const sched_stmt *s, int d)
{
	return sl_bits_for(s->ext[d] > 1 ? s->ext[d] - 1 : 0);
}

/* The zero bits of v below its lowest 1 (64 for 0). */
static int est_low_zeros(uint64_t v)
{
	return v ? __builtin_ctzll(v) : 64;
}

static int est_popcount(uint64_t v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* x + c or x - c of sw sum bits: the bits below c's lowest 1 are x's,
 * no carry logic (Yosys drops carry cells with constant inputs); above
 * it the board's `carry ... const` sites a bit where it has them, plus
 * an inverter for each sum input that is x's bit inverted (c's ones for
 * an add, its zeros for a subtract: x + ~c + 1). */
static double est_add_const(const est_fam *f, int sw, uint64_t c, bool sub)
{
	int tz = est_low_zeros(c), n = sw > tz ? sw - tz : 0;
	double cc = f->bd->logic.carry_const;
	if (cc < 0 || n == 0)
		return est_add(f, n);
	uint64_t m = (sw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << sw) - 1) & ~(((uint64_t) 1 << tz) - 1);
	uint64_t inv = (sub ? ~c : c) & m;
	return cc * n + est_popcount(inv);
}

/* The restoring divider of an n-bit dividend: n stages of an n-bit
 * subtract and an n-bit select. */
static double est_divider(const est_fam *f, int n)
{
	return (double) n * (est_add(f, n) + n);
}

/* ------------------------------------------------------------ the walk */

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

/* The low bits known of v (all of a constant's). */
static int est_kz(est_val v)
{
	return v.is_const ? 64 : v.kz;
}

static uint64_t est_kmask(int kz)
{
	return kz >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << kz) - 1;
}

/* v with the low bits of a + b (sub: a - b): as many as both know. */
static est_val est_known_sum(est_val v, est_val a, est_val b, bool sub)
{
	int kz = est_kz(a) < est_kz(b) ? est_kz(a) : est_kz(b);
	uint64_t av = a.is_const ? a.c : a.kv, bv = b.is_const ? b.c : b.kv;
	v.kz = kz;
	v.kv = (sub ? av - bv : av + bv) & est_kmask(kz);
	return v;
}

/* v with the low bits of a * c: a = kv + 2^kz r, so a c = kv c mod
 * 2^(kz + the zeros below c's lowest 1). */
static est_val est_known_mul(est_val v, est_val a, uint64_t c)
{
	int kz = est_kz(a) + (c ? __builtin_ctzll(c) : 64);
	v.kz = kz > 64 ? 64 : kz;
	v.kv = ((a.is_const ? a.c : a.kv) * c) & est_kmask(v.kz);
	return v;
}

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
} est_walk;

static bool est_seen(est_walk *w, const char *key, const ir_expr *e)
{
	for (int i = 0; i < w->n_keys; i++)
		if (!strcmp(w->keys[i].key, key)) {
			if (w->dups) {
				w->dups = sl_xrealloc(w->dups, (size_t) (w->n_dups + 1) * sizeof(*w->dups));
				w->dups[w->n_dups].e = e;
				w->dups[w->n_dups++].first = w->keys[i].e;
			}
			return true;
		}
	w->keys = sl_xrealloc(w->keys, (size_t) (w->n_keys + 1) * sizeof(*w->keys));
	w->keys[w->n_keys].key = sl_xstrdup(key);
	w->keys[w->n_keys++].e = e;
	return false;
}

/* A text key of a subtree, its variables those of stage "who": equal
 * keys are the same hardware. */
/* The chain tap a bypassed read e is (its read register is the tap's
 * next position, est_chain), or NULL. */
static const ub_port *est_tap_of(const ub_set *ubs, const ir_expr *e, const ub_buffer **bp)
{
	for (int i = 0; ubs && e->kind == IR_ACCESS && i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		if (b->storage != UB_REGISTERS && b->storage != UB_DELAY_CHAIN)
			continue;
		for (int j = 1; j < b->n_ports; j++)
			if (b->ports[j].access && b->ports[j].access->expr == e) {
				*bp = b;
				return b->ports[j].n_edges == 0 && !b->ports[j].shifting
					? &b->ports[j] : NULL;
			}
	}
	return NULL;
}

/* A text key of a subtree, its variables those of stage "who": equal
 * keys are the same hardware.  A bypassed chain read is its tap, the
 * same signal in every stage that reads it. */
static void est_key(const ub_set *ubs, const char *who, const ir_expr *e, FILE *o)
{
	const ub_buffer *b = NULL;
	const ub_port *tap = est_tap_of(ubs, e, &b);
	if (tap) {
		fprintf(o, "(tap %s %lld)", b->name, (long long) tap->dist);
		return;
	}
	fprintf(o, "(%d.%d.%d.%d", e->kind, e->op, e->type.bits, e->type.is_signed);
	if (e->kind == IR_CONST)
		fprintf(o, " c%llx", (unsigned long long) e->u.cval);
	else if (e->kind == IR_VAR)
		fprintf(o, " %s.v%d", who, e->u.var.slot);
	else if (e->kind == IR_ACCESS)
		fprintf(o, " %s", e->u.access.decl->name);
	for (int i = 0; i < e->n_args; i++)
		est_key(ubs, who, e->args[i], o);
	fputc(')', o);
}

static char *est_key_str(const ub_set *ubs, const sched_stmt *s, const ir_expr *e,
	const char *tag)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fputs(tag, o);
	est_key(ubs, s->name, e, o);
	fclose(o);
	return buf;
}

/* The key of the read address of circular-buffer port p: the write
 * index of the element it reads over the counters of the consumer's
 * schedule generator (lanes that share one compute it alike: Yosys
 * merges them), modulo the capacity. */
static char *est_circ_key(const sched_program *sp, const ub_buffer *b, const ub_port *p)
{
	const sched_stmt *ps = b->producer;
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "circ %lld %lld", (long long) b->capacity_words, (long long) b->n_elems);
	for (int d = 0; d < ps->n_vars; d++)
		fprintf(o, " %lld+%lld", (long long) ps->lo[d], (long long) ps->ext[d]);
	const ir_expr *e = p->access->expr;
	for (int d = 0; d < ps->n_vars && d < e->n_args; d++)
		est_key(NULL, sched_controller(sp, p->stmt)->name, e->args[d], o);
	fclose(o);
	return buf;
}

static est_val est_make(int w, int ew, bool sx)
{
	est_val v = { false, 0, w, ew < w ? ew : w, sx, false, 0, 0 };
	if (v.ew < 1)
		v.ew = 1;
	return v;
}

static est_val est_const(ir_type t, uint64_t c)
{
	est_val v = { true, ir_norm(t, c), t.bits, t.bits, t.is_signed, false, 64, ir_norm(t, c) };
	return v;
}

/* A value converted to width tw (low bits kept, extended by "sgn"). */
static est_val est_conv(est_val v, int tw, bool sgn)
{
	if (v.is_const) {
		ir_type from = ir_type_make(sgn, v.w), to = ir_type_make(sgn, tw);
		est_val c = est_const(to, ir_eval_cast(to, from, v.c));
		c.rom = v.rom;
		return c;
	}
	est_val r;
	if (tw <= v.ew)
		r = est_make(tw, tw, sgn);
	else if (v.ew < v.w)
		r = est_make(tw, v.ew, v.sx);
	else
		r = est_make(tw, v.ew, sgn);
	r.kz = v.kz < tw ? v.kz : tw;	/* the low bits survive */
	r.kv = v.kv & est_kmask(r.kz);
	return r;
}

static est_val est_value(est_walk *w, const sched_stmt *s, const ir_expr *e);
static est_val est_index_divconst(est_walk *w, const sched_stmt *s, const ir_expr *e,
	est_val a, int need);

/* Significant width of an add or sub result. */
static int est_sum_width(est_val a, est_val b, int tw)
{
	if (a.is_const)
		a.ew = sl_bits(a.c);
	if (b.is_const)
		b.ew = sl_bits(b.c);
	int m = (a.ew > b.ew ? a.ew : b.ew) + 1;
	return m < tw ? m : tw;
}

/* a + b of sw sum bits, both variables: a LUT a bit beside the carry
 * chain; where the chain has its own sum XOR (`carry ... const`, Xilinx)
 * the bits above a zero-extended operand's are the other's bit alone, as
 * with a constant (cascade's sums of u8 pixels in 10 to 12 bits). */
static double est_add_vars(const est_fam *f, int sw, est_val a, est_val b, bool sub)
{
	double cc = f->bd->logic.carry_const;
	if (cc < 0 || sub || (a.sx && b.sx))
		return est_add(f, sw);
	int lo = a.ew < b.ew ? a.ew : b.ew;	/* both operands' bits */
	if ((a.ew < b.ew && a.sx) || (b.ew < a.ew && b.sx))
		return est_add(f, sw);		/* the narrow one sign-extends */
	return est_add(f, lo < sw ? lo : sw) + cc * (sw > lo ? sw - lo : 0);
}

/* A multiplier of operands a x b bits (as Yosys keeps them) and a
 * y-bit result, for the split after the walk; "soft" its LUTs in logic
 * when it is not a general multiplier (shift-and-add), else < 0. */
static void est_mul_add(est_walk *w, int a, int b, int y, bool sa, bool sb, double soft)
{
	est_muls *ml = w->muls;
	if (!ml) {	/* no split (the control): logic */
		w->luts += soft >= 0 ? soft : 2 * tg_soft_mul_bits(a, b, y);
		return;
	}
	tg_mul m = { .a = a, .b = b, .y = y, .sa = sa, .sb = sb, .stage = w->stage,
		.order = ml->n, .node = w->node };
	tg_mul_cost(w->f->bd, &m);
	if (soft >= 0)
		m.soft_luts = soft;
	if (!m.dsps) {	/* never a DSP: logic now */
		w->luts += m.soft_luts;
		return;
	}
	ml->m = sl_xrealloc(ml->m, (size_t) (ml->n + 1) * sizeof(*ml->m));
	ml->m[ml->n++] = m;
}

/* The width Yosys keeps of a multiplier operand: rtlgen multiplies
 * signed types as signed, so a zero-extended value takes a sign bit. */
static int est_mul_width(est_val v, ir_type t)
{
	int n = v.ew + (t.is_signed && !v.sx);
	return n < t.bits ? n : t.bits;
}

static est_val est_mul(est_walk *w, est_val a, est_val b, ir_type t)
{
	const est_fam *f = w->f;
	if (a.is_const) {
		est_val x = a;
		a = b;
		b = x;
	}
	int wa = est_mul_width(a, t);
	if (b.is_const) {
		uint64_t c = b.c & (t.bits >= 64 ? ~0ull : (1ull << t.bits) - 1);
		int pc = est_popcount(c), cb = sl_bits(c);
		int y = a.ew + cb < t.bits ? a.ew + cb : t.bits;
		if (b.rom && f->dsp_rom_late)	/* folded after map_dsp */
			est_mul_add(w, wa, b.w, t.bits, t.is_signed, t.is_signed,
				pc > 1 ? (pc - 1) * est_add(f, y) : 0);
		else if (pc > 1)
			est_mul_add(w, wa, cb + t.is_signed, y, t.is_signed, t.is_signed,
				(pc - 1) * est_add(f, y));
		return est_known_mul(est_make(t.bits, a.ew + cb, a.sx), a, c);
	}
	int wb = est_mul_width(b, t);
	est_mul_add(w, wa, wb, t.bits, t.is_signed, t.is_signed, -1);
	return est_make(t.bits, a.ew + b.ew, a.sx || b.sx);
}

/* The logic of a constant-division plan (values/divconst.c) as
 * rtlgen/divconst.c emits it, on an operand of xe significant bits (sx:
 * they are sign-extended): the multiply of the plan's widths, the sign
 * correction's add, the remainder's shift-and-add in its low bits. */
static void est_divplan(est_walk *w, const va_divplan *p, int xe, bool sx)
{
	const est_fam *f = w->f;
	int n = p->bits;
	uint64_t rmask = p->rbits >= 64 ? ~0ull : (1ull << p->rbits) - 1;
	switch (p->form) {
	case VA_DIVF_NEGATE:
		if (!p->is_mod)
			w->luts += est_add(f, xe + 1 < n ? xe + 1 : n);
		return;
	case VA_DIVF_SHIFT:	/* signed: the rounding add, the remainder's sign */
		if (p->is_signed && p->is_mod)
			w->luts += (double) est_tree(f, p->k + 1) + 1;
		else if (p->is_signed)
			w->luts += est_add(f, xe) + (p->neg ? est_add(f, n) : 0);
		return;
	case VA_DIVF_COMPARE:
		w->luts += est_lt(f, xe, true) + (p->is_mod ? est_add(f, p->rbits) : 0);
		return;
	case VA_DIVF_MULHI:
		break;
	default:
		return;
	}
	int xb = p->is_signed ? (sx ? xe : xe + 1) : xe - p->pre;
	int cap = p->is_signed ? n : p->xbits, mb = p->mbits + p->is_signed;
	xb = xb > cap ? cap : xb < 1 ? 1 : xb;
	/* a constant multiply: a DSP if the split gives it one, else the
	 * shifted copies of the operand added up */
	est_mul_add(w, xb, mb, xb + mb, p->is_signed, p->is_signed,
		(est_popcount(p->magic) + p->magic_top - 1) * est_add(f, xb + mb));
	if (p->is_signed)
		w->luts += est_add(f, n);
	if (p->is_mod)
		w->luts += est_popcount((p->neg ? 0 - p->d : p->d) & rmask)
			* est_add(f, p->rbits);
}

static est_val est_divmod(est_walk *w, const ir_expr *e, est_val a, est_val b, ir_type t)
{
	if (!b.is_const) {	/* a restoring divider */
		w->luts += est_divider(w->f, a.ew);
		return est_make(t.bits, a.ew, a.sx);
	}
	bool mod = e->op == IR_OP_MOD;
	uint64_t c = ir_norm(t, b.c);
	if (mod && c && !(c & (c - 1)) && a.kz >= __builtin_ctzll(c) &&
	    (!(a.kv & (c - 1)) || !a.sx))
		/* x % 2^j of x's known low bits: 0 for either sign when they
		 * are 0, else those bits when x is not negative (camera_pipeline's
		 * (X * 8 + l + 1) % 2 in lane l) */
		return est_const(t, a.kv & (c - 1));
	va_divplan p = va_divconst_plan(t, e->op, b.c);
	est_divplan(w, &p, a.ew, a.sx);
	switch (p.form) {
	case VA_DIVF_BYZERO: return est_const(t, 0);
	case VA_DIVF_ZERO: return mod ? a : est_const(t, 0);
	case VA_DIVF_IDENTITY: return mod ? est_const(t, 0) : a;
	case VA_DIVF_NEGATE: return mod ? est_const(t, 0) : est_make(t.bits, a.ew + 1, true);
	default: break;
	}
	if (mod)
		return est_make(t.bits, p.form == VA_DIVF_SHIFT ? p.k + t.is_signed : p.rbits,
			t.is_signed);
	if (t.is_signed)
		return est_make(t.bits, p.form == VA_DIVF_SHIFT ? a.ew - p.k + 1 : a.ew, true);
	return est_make(t.bits, p.qbits < a.ew ? p.qbits : a.ew, false);
}

/* est_mul, or est_divmod (index: est_index_divconst), of node e: the
 * multiply it adds is e's, unless in a buffer's address arithmetic. */
static est_val est_node_mul(est_walk *w, const sched_stmt *s, const ir_expr *e, est_val a,
	est_val b, ir_type t)
{
	const ir_expr *outer = w->node;
	w->node = w->addr ? NULL : e;
	est_val v;
	if (e->op == IR_OP_MUL)
		v = est_mul(w, a, b, t);
	else if (ir_type_none(e->type))
		v = est_index_divconst(w, s, e, a, t.bits);
	else
		v = est_divmod(w, e, a, b, t);
	w->node = outer;
	return v;
}

/* x << y, x >> y: wires by a constant, else a barrel shifter of
 * log2(n) stages (two per LUT where a LUT has 6 inputs). */
static est_val est_shift(est_walk *w, const ir_expr *e, est_val a, est_val b)
{
	ir_type at = e->args[0]->type;
	if (b.is_const) {
		int sh = (int) ir_shift_amount(at, b.c);
		return e->op == IR_OP_SHL ? est_known_mul(est_make(at.bits, a.ew + sh, a.sx), a,
				sh < 64 ? (uint64_t) 1 << sh : 0)
			: est_make(at.bits, a.ew - sh, a.sx);
	}
	int stages = sl_bits((uint64_t) at.bits - 1);
	w->luts += (double) at.bits * stages / (w->f->k >= 6 ? 2 : 1);
	return est_make(at.bits, at.bits, at.is_signed);
}

/* min(x, c), max(x, c) of type t (a or b the constant, both converted):
 * the compare against c and a select; min(x, c) of a non-negative x is
 * at most c, its bits; max(x, 0) of a signed x is x without its sign. */
static est_val est_minmax_const(est_walk *w, const ir_expr *e, est_val a, est_val b,
	ir_type t)
{
	est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
	bool nonneg = !x.sx || !t.is_signed;
	int m = a.ew > b.ew ? a.ew : b.ew;
	int64_t cv = (int64_t) ir_norm(t, c.c);
	if (t.is_signed && t.bits < 64 && ((c.c >> (t.bits - 1)) & 1))
		cv = (int64_t) (c.c | ~(((uint64_t) 1 << t.bits) - 1));
	int rw = m;
	bool rsx = a.sx || b.sx;
	if (e->op == IR_OP_MIN && nonneg && cv >= 0)
		rw = sl_bits((uint64_t) cv), rsx = false;
	else if (e->op == IR_OP_MAX && cv == 0)
		rsx = false;
	/* rtlgen's min(a, b) = b < a ? b : a, max(a, b) = a < b ? b : a
	 * (rtlgen/datapath.c rtl_min_max): min(x, c) tests x > c */
	bool gt = (e->op == IR_OP_MIN) != a.is_const;
	w->luts += est_cmp_const(w->f, x.ew, (uint64_t) cv, x.sx && t.is_signed, gt)
		+ (rw < m ? rw : m);
	return est_make(t.bits, rw, rsx);
}

static est_val est_binary(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	const est_fam *f = w->f;
	ir_type t = e->args[0]->type;
	if (ir_type_none(t))
		t = e->args[1]->type;
	est_val a = est_value(w, s, e->args[0]), b = est_value(w, s, e->args[1]);
	ir_op_hw hw = ir_op_info[e->op].hw;
	if (hw == IR_HW_SHIFT)
		return est_shift(w, e, a, b);
	if (hw == IR_HW_BOOL) {
		w->luts += 1;
		return est_make(1, 1, false);
	}
	if (a.is_const && b.is_const) {
		ir_type rt = e->type;
		return est_const(rt, ir_eval_binop(e->op, t, a.c, b.c));
	}
	a = est_conv(a, t.bits, t.is_signed);
	b = est_conv(b, t.bits, t.is_signed);
	int m = a.ew > b.ew ? a.ew : b.ew;
	bool k = a.is_const || b.is_const;
	switch (hw) {
	case IR_HW_ADD: {
		int sw = est_sum_width(a, b, t.bits);
		if (b.is_const || (a.is_const && e->op == IR_OP_ADD))
			w->luts += est_add_const(f, sw, b.is_const ? b.c : a.c, e->op == IR_OP_SUB);
		else
			w->luts += est_add_vars(f, sw, a, b, e->op == IR_OP_SUB);
		return est_known_sum(est_make(t.bits, sw, e->op == IR_OP_SUB || a.sx || b.sx), a, b,
			e->op == IR_OP_SUB);
	}
	case IR_HW_MUL: case IR_HW_DIV: return est_node_mul(w, s, e, a, b, t);
	case IR_HW_BITWISE:
		w->luts += k ? 0 : m;
		return est_make(t.bits, m, a.sx || b.sx);
	case IR_HW_CMP_MUX:
		if (!k) {
			w->luts += est_lt(f, m, k) + m;
			return est_make(t.bits, m, a.sx || b.sx);
		}
		return est_minmax_const(w, e, a, b, t);
	case IR_HW_EQ:
		w->luts += est_eq(f, m, k);
		return est_make(1, 1, false);
	case IR_HW_CMP:
		if (k) {
			/* x < c for LT, GE; x > c for GT, LE; mirrored when
			 * the constant is the left operand */
			est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
			bool gt = (e->op == IR_OP_GT || e->op == IR_OP_LE) != a.is_const;
			w->luts += est_cmp_const(f, x.ew, ir_norm(t, c.c), x.sx && t.is_signed, gt);
		} else {
			w->luts += est_lt(f, m, k);
		}
		return est_make(1, 1, false);
	default: sl_unreachable();	/* no binary operator of a unary class */
	}
}

static est_val est_unary(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	est_val a = est_value(w, s, e->args[0]);
	ir_type t = e->args[0]->type;
	if (a.is_const)
		return est_const(e->type, ir_eval_unop(e->op, t, a.c));
	switch (ir_op_info[e->op].hw) {
	case IR_HW_OR_TREE:
		w->luts += est_tree(w->f, a.ew) + (a.ew > 1);
		return est_make(1, 1, false);
	case IR_HW_NOT:
		return est_make(t.bits, t.bits, t.is_signed);
	case IR_HW_NEG:
		w->luts += est_add(w->f, a.ew + 1 < t.bits ? a.ew + 1 : t.bits);
		return est_make(t.bits, a.ew + 1, true);
	case IR_HW_ABS:
		if (!t.is_signed)
			return a;
		w->luts += est_add(w->f, a.ew) + a.ew;
		return est_make(t.bits, a.ew + 1, false);
	default: sl_unreachable();	/* no unary operator of a binary class */
	}
}

/* The interval of index expression e over the statement's variable
 * ranges (each slot's iteration dimension, as rtl_mark_slots sets it). */
static bool est_index_range(const sched_stmt *s, const ir_expr *e, int64_t *lo,
	int64_t *hi)
{
	const ir_decl *d = s->decl;
	int n = d->n_slots > s->n_dims ? d->n_slots : s->n_dims;
	int64_t *sl = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *sh = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	for (int k = 0; k < n; k++) {
		int dim = k < s->n_vars ? k : -1;
		sl[k] = 1;	/* unknown until a dimension is found */
		if (dim >= 0) {
			sl[k] = s->lo[dim];
			sh[k] = s->lo[dim] + s->ext[dim] - 1;
		}
	}
	if (s->is_reduction)
		for (int k = 0; k < d->body->u.reduce.n_rvars; k++) {
			int slot = d->body->u.reduce.rvars[k].slot, dim = s->n_vars + k;
			sl[slot] = s->lo[dim];
			sh[slot] = s->lo[dim] + s->ext[dim] - 1;
		}
	bool ok = va_index_range(e, sl, sh, n, lo, hi);
	free(sl);
	free(sh);
	return ok;
}

/* Floor "x OP c", c > 0 not a power of two, over x's range: the offset's
 * subtract, the plan (va_divconst_plan_range), the quotient's offset add. */
static est_val est_index_divconst(est_walk *w, const sched_stmt *s, const ir_expr *e,
	est_val a, int need)
{
	int64_t lo, hi, c = (int64_t) e->args[1]->u.cval;
	va_divplan p;
	if (!est_index_range(s, e->args[0], &lo, &hi)
	    || !va_divconst_plan_range(lo, hi, e->op, c, &p)) {
		w->luts += est_divider(w->f, a.ew);	/* rtlgen keeps a divider */
		return est_make(64, a.ew, true);
	}
	if (p.offset)
		w->luts += est_add(w->f, p.bits);
	est_divplan(w, &p, p.bits, false);
	if (e->op == IR_OP_MOD)
		return est_make(64, p.form == VA_DIVF_SHIFT ? p.k : p.rbits, false);
	int qw = p.form == VA_DIVF_IDENTITY ? p.bits : p.qbits;
	if (p.offset / c == 0)
		return est_make(64, qw, false);
	w->luts += est_add(w->f, need < qw + 1 ? need : qw + 1);
	return est_make(64, qw + 1, true);
}

/* The 64-bit index arithmetic of an address or a variable value, kept
 * to "need" bits. */
static est_val est_index(est_walk *w, const sched_stmt *s, const ir_expr *e, int need)
{
	if (e->kind == IR_CONST) {
		est_val v = { true, e->u.cval, 64, 64, true, false, 64, e->u.cval };
		return v;
	}
	if (e->kind == IR_VAR) {
		/* lo + the sl_sched counter, bits_of(ext - 1) bits wide */
		int64_t lo = 0;
		int slot = e->u.var.slot, iw = 32;
		if (slot >= 0 && slot < s->n_dims) {
			lo = s->lo[slot];
			iw = est_counter_bits(s, slot);
		}
		if (!lo)
			return est_make(64, iw, false);
		int lb = sl_bits((uint64_t) (lo < 0 ? -lo : lo));
		int ew = (iw > lb ? iw : lb) + 1;
		w->luts += est_add(w->f, need < ew ? need : ew);
		return est_make(64, ew + 1, true);
	}
	if (e->kind == IR_UNARY) {
		est_val a = est_index(w, s, e->args[0], need);
		w->luts += est_add(w->f, need < a.ew + 1 ? need : a.ew + 1);
		return est_make(64, a.ew + 1, true);
	}
	est_val a = est_index(w, s, e->args[0], need);
	if (e->op == IR_OP_DIV || e->op == IR_OP_MOD) {
		uint64_t c = e->args[1]->u.cval;
		if (c && !(c & (c - 1)) && e->op == IR_OP_MOD && est_kz(a) >= sl_bits(c - 1))
			/* floor modulo by 2^j: the low j bits, known */
			return est_const(ir_type_make(true, 64), (a.is_const ? a.c : a.kv) & (c - 1));
		if (c && !(c & (c - 1)))
			return est_make(64, e->op == IR_OP_MOD ? sl_bits(c - 1) : a.ew, a.sx);
		return est_node_mul(w, s, e, a, a, ir_type_make(true, need));
	}
	est_val b = est_index(w, s, e->args[1], need);
	if (a.is_const && b.is_const)
		return est_const(ir_type_make(true, 64), ir_eval_binop(e->op, ir_type_make(true, 64), a.c, b.c));
	int aw = a.is_const ? sl_bits(a.c) : a.ew, bw = b.is_const ? sl_bits(b.c) : b.ew;
	int n = aw > bw ? aw : bw;
	if (n > need)
		n = need;
	switch (e->op) {
	case IR_OP_ADD: case IR_OP_SUB: {
		/* a constant inside the other's known zero bits is an OR */
		est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
		bool fits = (a.is_const || b.is_const) && c.c <= est_kmask(est_kz(x)) &&
			!(x.kv & c.c) && e->op == IR_OP_ADD;
		if (!(a.is_const && !a.c) && !(b.is_const && !b.c) && !fits)
			w->luts += est_add(w->f, n + 1 < need ? n + 1 : need);
		return est_known_sum(est_make(64, n + 1, true), a, b, e->op == IR_OP_SUB);
	}
	case IR_OP_MUL: {
		est_val v = est_node_mul(w, s, e, a, b, ir_type_make(true, need));
		est_val r = est_make(64, v.ew, true);
		if (a.is_const || b.is_const)
			r = est_known_mul(r, a.is_const ? b : a, a.is_const ? a.c : b.c);
		return r;
	}
	default:	/* MIN, MAX: a comparison and a select */
		w->luts += est_lt(w->f, n, a.is_const || b.is_const) + n;
		return est_make(64, n, true);
	}
}

/* A ROM look-up: a constant when its address is, else W functions of
 * the address bits. */
/* An address term: an index of xe significant bits times constant c > 1
 * in y bits, as rtlgen writes it (x * 64'sdC): a shift where c is a power
 * of two, else a multiply the DSPs may take, in logic (popcount(c) - 1)
 * adds (shift-and-add). */
static void est_const_mul(est_walk *w, int xe, int64_t c, int y)
{
	int pc = est_popcount((uint64_t) c);
	if (pc <= 1)
		return;
	const ir_expr *outer = w->node;
	int cb = sl_bits((uint64_t) c);
	if (xe + cb < y)	/* the product's bits, as wreduce keeps them */
		y = xe + cb;
	w->node = NULL;		/* no lane-program node: the DSPs left */
	est_mul_add(w, xe + 1, cb + 1, y, true, true, (pc - 1) * est_add(w->f, y));
	w->node = outer;
}

static int est_rom_columns(const ir_decl *d, const uint64_t *data, int64_t depth, int *top);

static est_val est_rom(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	int64_t off = 0, depth = 1;
	bool k = true;
	for (int i = 0; i < d->n_dims; i++) {
		depth *= d->extents[i];
		k = k && e->args[i]->kind == IR_CONST;
		if (k)
			off = off * d->extents[i] + (int64_t) e->args[i]->u.cval;
	}
	if (k) {
		est_val v = est_const(d->type, off < depth ? d->data[off] : 0);
		v.rom = true;
		return v;
	}
	/* rtlgen's ROM holds the slice the read reaches: the entries of the
	 * dimensions whose index is not a literal (sched_rom_depth) */
	depth = sched_rom_depth(e);
	uint64_t *slice = sl_xcalloc((size_t) depth + 1, sizeof(*slice));
	for (int64_t j = 0; j < depth; j++)
		slice[j] = sched_rom_entry(e, j);
	int aw = sl_addr_bits(depth), support = 0, terms = 0;
	est_val *idx = sl_xcalloc((size_t) d->n_dims + 1, sizeof(*idx));
	for (int i = 0; i < d->n_dims; i++) {
		idx[i] = ir_type_none(e->args[i]->type) ? est_index(w, s, e->args[i], aw)
			: est_value(w, s, e->args[i]);
		support += idx[i].is_const ? 0 : idx[i].ew;
		terms += !idx[i].is_const;
	}
	/* Each data bit is a function of the address's varying bits: of no
	 * more than aw, and of fewer when constant indices fold (ABC maps the
	 * whole cone, address arithmetic included, to LUTs of those bits).
	 * Past k bits the address is rtlgen's sum of index x stride, each
	 * product by a constant a multiply the DSPs may take (mul2dsp), as
	 * Yosys maps it before ABC. */
	int n = support < aw ? support : aw;
	if (n > w->f->k) {
		int64_t stride = 1;
		bool addr = w->addr;
		w->addr = true;
		for (int i = d->n_dims - 1; i >= 0; i--) {
			if (e->args[i]->kind == IR_CONST)
				continue;
			if (!idx[i].is_const && stride > 1)
				est_const_mul(w, idx[i].ew, stride, aw);
			stride *= d->extents[i];
		}
		w->addr = addr;
		if (terms > 1)
			w->luts += (terms - 1) * est_add(w->f, aw);
	}
	free(idx);
	int tb = d->type.bits < 64 ? d->type.bits : 64, top = 0;
	int funcs = est_rom_columns(d, slice, depth, &top);
	free(slice);
	/* a block-RAM ROM (sl_rom_sync): its data costs no LUT; fpga/storage.c
	 * counts its memory */
	if (!sched_node_rom_sync(s, e))
		w->luts += (double) funcs * est_fun(w->f, n);
	bool sx = d->type.is_signed && top < tb;
	return est_make(d->type.bits, top > 0 ? top + 0 : 1, sx);
}

/* The table's bit columns that cost a function: a constant one costs
 * nothing, equal ones are one function (Yosys merges them); *top the
 * value's bits (the columns above the last that differs from the sign
 * bit are its sign extension). */
static int est_rom_columns(const ir_decl *d, const uint64_t *data, int64_t depth, int *top)
{
	int tb = d->type.bits < 64 ? d->type.bits : 64, funcs = 0;
	*top = 0;
	for (int b = 0; b < tb; b++) {
		bool zero = true, one = true, dup = false, same_prev = b > 0;
		for (int64_t i = 0; i < depth; i++) {
			int x = (int) (((uint64_t) data[i] >> b) & 1);
			zero = zero && !x;
			one = one && x;
			if (same_prev && x != (int) (((uint64_t) data[i] >> (b - 1)) & 1))
				same_prev = false;
		}
		for (int c = 0; c < b && !dup && !zero && !one; c++) {
			dup = true;
			for (int64_t i = 0; i < depth && dup; i++)
				dup = (((uint64_t) data[i] >> b) & 1) == (((uint64_t) data[i] >> c) & 1);
		}
		funcs += !zero && !one && !dup;
		if (!zero && !(same_prev && d->type.is_signed))
			*top = b + 1;	/* the value's bits end here */
	}
	return funcs;
}

static est_val est_access(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	if (e->u.access.decl->kind == IR_DECL_CONST)
		return est_rom(w, s, e);
	ir_type t = e->type;
	return est_make(t.bits, t.bits, t.is_signed);
}

/* A loop variable: sl_sched's 32 bits of its dimension, plus an add
 * when its range does not start at 0.  Where the flow flattens the
 * design, the bits above the dimension's counter are constant zeros
 * Yosys propagates: the counter's bits, and the add only as wide as
 * the variable's last value. */
static est_val est_var(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	int slot = e->u.var.slot;
	bool known = slot >= 0 && slot < s->n_dims;
	int64_t lo = known ? s->lo[slot] : 0;
	if (known && w->f->bd->logic.flatten && lo >= 0) {
		int cw = est_counter_bits(s, slot);
		int vw = sl_bits_for((uint64_t) (lo + (s->ext[slot] > 1 ? s->ext[slot] - 1 : 0)));
		if (lo)
			w->luts += est_add(w->f, vw - est_low_zeros((uint64_t) lo) > 0
				? vw - est_low_zeros((uint64_t) lo) : 0);
		return est_make(t.bits, (lo ? vw : cw) < t.bits ? (lo ? vw : cw) : t.bits, false);
	}
	if (lo)
		w->luts += est_add(w->f, t.bits < 33 ? t.bits : 33);
	return est_make(t.bits, lo ? t.bits : 32, false);
}

/* c ? a : b: a 2:1 mux of the wider operand's significant bits (none
 * when the condition or both arms are constant). */
static est_val est_select(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	est_val c = est_value(w, s, e->args[0]);
	if (c.is_const && !w->dups)
		/* the arm not taken is not built (Yosys removes it); the DSP
		 * decision (w->dups) still decides both arms' multiplies */
		return est_conv(est_value(w, s, e->args[(c.c & 1) ? 1 : 2]), t.bits, t.is_signed);
	est_val a = est_conv(est_value(w, s, e->args[1]), t.bits, t.is_signed);
	est_val b = est_conv(est_value(w, s, e->args[2]), t.bits, t.is_signed);
	if (a.is_const)
		a.ew = sl_bits(a.c);
	if (b.is_const)
		b.ew = sl_bits(b.c);
	int m = a.ew > b.ew ? a.ew : b.ew;
	w->luts += (a.is_const && b.is_const) ? 0 : m;
	return est_make(t.bits, m, a.sx || b.sx);
}

/* Node e's value and whether it merged, for the delay registers. */
static void est_record(est_walk *w, const ir_expr *e, est_val v, bool merged)
{
	if (!w->nodes)
		return;
	int i = w->n_nodes++;
	w->nodes = sl_xrealloc(w->nodes, (size_t) w->n_nodes * sizeof(*w->nodes));
	w->node_ew = sl_xrealloc(w->node_ew, (size_t) w->n_nodes * sizeof(*w->node_ew));
	w->node_merged = sl_xrealloc(w->node_merged,
		(size_t) w->n_nodes * sizeof(*w->node_merged));
	w->nodes[i] = e;
	w->node_ew[i] = v.is_const ? 0 : v.ew;
	w->node_merged[i] = merged;
}

/* tg_logic_trace's stream: every node's LUTs (its subtree's), for
 * calibrating the model against Yosys (tests/bench/estimate_tool.c). */
static FILE *est_trace_out;

void tg_logic_trace(FILE *out)
{
	est_trace_out = out;
}

static void est_trace_node(const est_walk *w, const ir_expr *e, est_val v, double luts,
	bool merged)
{
	const char *who = w->sp && w->stage >= 0 && w->stage < w->sp->n_stmts
		? w->sp->stmts[w->stage]->name : "(dsp decision)";
	fprintf(est_trace_out, "stage %s luts %.1f bits %d%s: ", who, luts,
		v.is_const ? 0 : v.ew, merged ? " merged" : "");
	ir_expr_print(e, NULL, est_trace_out);
	fputc('\n', est_trace_out);
}

static est_val est_value(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	if (ir_type_none(t) && e->kind != IR_ACCESS)
		return est_index(w, s, e, 64);
	char *key = e->kind == IR_CONST || e->kind == IR_ACCESS ? NULL
		: est_key_str(w->ubs, s, e, "");
	double luts = w->luts;
	int64_t dsps = w->dsps;
	int n_muls = w->muls ? w->muls->n : 0;
	est_val v;
	switch (e->kind) {
	case IR_CONST: v = est_const(t, e->u.cval); break;
	case IR_VAR: v = est_var(w, s, e); break;
	case IR_ACCESS: v = est_access(w, s, e); break;
	case IR_UNARY: v = est_unary(w, s, e); break;
	case IR_BINARY: v = est_binary(w, s, e); break;
	case IR_SELECT: v = est_select(w, s, e); break;
	case IR_CAST:
		v = est_conv(est_value(w, s, e->args[0]), t.bits,
			ir_type_none(e->args[0]->type) || e->args[0]->type.is_signed);
		break;
	default:
		v = est_make(t.bits, t.bits, t.is_signed);
		break;
	}
	bool merged = key && est_seen(w, key, e);
	if (merged) {
		w->luts = luts;		/* the same hardware exists: merged */
		w->dsps = dsps;
		if (w->muls)
			w->muls->n = n_muls;
	}
	free(key);
	est_record(w, e, v, merged);
	if (est_trace_out)
		est_trace_node(w, e, v, w->luts - luts, merged);
	return v;
}

/* ------------------------------------------------------------ stages */

/* sl_sched (rtlgen/lib/sl_sched.v) by its structure, with the EXT,
 * DELTA and START of the RTL plan (rtlgen/plan.c, TW bits).  Flip-flops,
 * exactly as Yosys 0.23 keeps them
 * in the module alone: per dimension of extent E > 1 the counters ni and
 * ci of bits_of(E-1) bits and the flag nl; the down counter of CW =
 * bits_of(the largest wait) + 1 bits and lz; of the registered wait
 * {is_final, next_one, wait_cnt}, one flip-flop per distinct bit column
 * that is not constant over the values it loads (one per dimension that
 * can increment, and the final one): Yosys merges equal registers and
 * removes constant ones; fire and active.  Where the flow flattens the
 * design, the ci of a dimension whose idx nothing reads ("idx_read", a
 * bit a dimension) is removed with its readers.  LUTs: the board's `cost
 * sched` line, fitted to the module alone in Yosys (boards/README.md
 * "Logic": a constant, per counter bit, per down-counter bit, per
 * distinct wait column, and per counter bit and dimension when the
 * innermost DELTA is 1, the fire of the next cycle enabling every
 * counter); without one, the iCE40's structure (within 5 of every case
 * measured, N 1-4, extents 3-1920, waits 1-13627): per dimension its
 * incrementer and last-value test; the down counter's decrement and its
 * three-way load select, a LUT a bit; 9 + N for the flags, the wait
 * select, fire and active. */
static void est_generator(est_walk *w, const rtl_sched_plan *q, int tw, uint64_t idx_read)
{
	const est_fam *f = w->f;
	const board_logic *g = &f->bd->logic;
	int n = q->n, nd = q->n;
	uint64_t tm = tw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << tw) - 1;
	uint64_t maxw = q->start & tm;
	const uint64_t *delta = q->delta;
	for (int d = 0; d < nd; d++)
		if (q->ext[d] > 1 && delta[d] > maxw)
			maxw = delta[d];
	int cw = sl_bits_for((int64_t) maxw) + 1;
	/* The loaded wait's columns over its rows: bit r of a column is its
	 * value in row r (a dimension that increments, then the final row). */
	uint64_t col[66] = { 0 }, cm = cw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << cw) - 1;
	int rows = 0, bits = 0, dims = 0, inner = -1;
	double luts = 0;
	for (int d = 0; d < nd; d++) {
		if (q->ext[d] <= 1)
			continue;
		int iw = sl_bits_for(q->ext[d] - 1);
		bool ci = !g->flatten || ((idx_read >> d) & 1);
		w->ffs += iw + (ci ? iw : 0) + 1;
		luts += est_add(f, iw) + (double) est_eq(f, iw, true);
		bits += iw;
		dims++;
		inner = d;
		uint64_t load = (delta[d] - 3) & cm;
		for (int b = 0; b < cw && b < 64; b++)
			col[b] |= ((load >> b) & 1) << rows;
		col[64] |= (uint64_t) (delta[d] == 1) << rows;	/* next_one */
		rows++;
	}
	col[65] |= (uint64_t) 1 << rows;	/* is_final: the final row */
	rows++;
	uint64_t all = rows >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << rows) - 1;
	int distinct = 0;
	for (int i = 0; i < 66; i++) {
		bool seen = col[i] == 0 || col[i] == all;	/* constant */
		for (int j = 0; j < i && !seen; j++)
			seen = col[j] == col[i];
		distinct += !seen;
	}
	w->ffs += cw + 1 + distinct + 2;
	if (g->sched_fit) {
		bool fast = inner >= 0 && delta[inner] == 1;
		luts = g->sched[0] + g->sched[1] * bits + g->sched[2] * cw + g->sched[3] * distinct +
			(fast ? (dims <= 2 ? g->sched[5] * bits * dims : 0) : g->sched[4]);
		w->luts += luts > 0 ? luts : 0;
		return;
	}
	w->luts += luts + est_add(f, cw) + cw + 9 + n;
}

/* The variable slots expression e reads (a bit a slot), not through a
 * buffer's access (a chain's read is a tap, a circular one's address is
 * est_idx_reads'), a ROM's address included. */
static uint64_t est_slots_read(const ir_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == IR_VAR)
		return e->u.var.slot >= 0 && e->u.var.slot < 64 ? (uint64_t) 1 << e->u.var.slot : 0;
	if (e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST)
		return 0;
	uint64_t m = 0;
	for (int i = 0; i < e->n_args; i++)
		m |= est_slots_read(e->args[i]);
	if (e->kind == IR_REDUCE)
		m |= est_slots_read(e->u.reduce.body);
	return m;
}

/* The dimensions of s whose counter value (sl_sched's idx) s's logic
 * reads: its datapath's variables, a reduction's first/last tests, an
 * output's in-box test, its circular register-file read addresses and its
 * border multiplexers (rtlgen); a block-RAM read is addressed from nidx. */
static uint64_t est_idx_reads(const ub_set *ubs, const sched_stmt *s)
{
	const ir_decl *d = s->decl;
	uint64_t slots = s->is_input ? 0 : est_slots_read(d->body), m = 0;
	int nsl = d->n_slots > s->n_dims ? d->n_slots : s->n_dims;
	for (int k = 0; k < nsl && k < 64; k++) {
		if (!((slots >> k) & 1))
			continue;
		int dim = k < s->n_vars ? k : -1;
		if (s->is_reduction)
			for (int r = 0; r < d->body->u.reduce.n_rvars; r++)
				if (d->body->u.reduce.rvars[r].slot == k)
					dim = s->n_vars + r;
		if (dim >= 0)
			m |= (uint64_t) 1 << dim;
	}
	for (int k = s->n_vars; s->is_reduction && k < s->n_dims; k++)
		m |= (uint64_t) 1 << k;
	if (s->is_output && !s->is_input && !(d->lanes > 1 && d->lane > 0))
		for (int k = 0; k < s->n_vars; k++)
			if (-s->lo[k] > 0 || d->out_extents[k] - s->lo[k] < s->ext[k])
				m |= (uint64_t) 1 << k;
	for (int i = 0; i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		if (b->storage == UB_NONE)
			continue;
		for (int j = 1; j < b->n_ports; j++) {
			const ub_port *p = &b->ports[j];
			if (p->stmt != s)
				continue;
			for (int e = 0; e < p->n_edges; e++)
				m |= (uint64_t) 1 << p->edges[e].dim;
			if (b->storage == UB_CIRCULAR && b->mem != UB_MEM_SRAM)
				for (int a = 0; a < p->access->expr->n_args; a++) {
					uint64_t sl = est_slots_read(p->access->expr->args[a]);
					for (int k = 0; k < s->n_vars && k < 64; k++)
						if ((sl >> k) & 1)
							m |= (uint64_t) 1 << k;
				}
		}
	}
	return m;
}

/* The in-box test of an output whose domain passes its box. */
static int est_inbox(est_walk *w, const sched_stmt *s)
{
	if (!s->is_output || s->is_input || (s->decl->lanes > 1 && s->decl->lane > 0))
		return 0;	/* lanes 1.. come out with lane 0's valid (rtlgen.c) */
	const int64_t *box = s->decl->out_extents;
	int tests = 0;
	for (int d = 0; d < s->n_vars; d++) {
		/* a counter of bits_of(ext - 1) bits against a constant */
		int t = (-s->lo[d] > 0) + (box[d] - s->lo[d] < s->ext[d]);
		int iw = est_counter_bits(s, d);
		w->luts += t * est_lt(w->f, iw, true);
		tests += t;
	}
	if (tests)
		w->luts += (double) est_tree(w->f, tests);
	return tests > 0;
}

/* A reduction: accumulator register, first/last tests, the combine. */
static est_val est_reduction(est_walk *w, const sched_stmt *s)
{
	const est_fam *f = w->f;
	const ir_expr *r = s->decl->body;
	ir_type t = s->decl->type;
	est_val v = est_conv(est_value(w, s, r->u.reduce.body), t.bits,
		r->u.reduce.body->type.is_signed);
	int nr = s->n_dims - s->n_vars;
	w->ffs += t.bits;
	for (int d = s->n_vars; d < s->n_dims; d++)	/* first, last: a counter against 0, ext - 1 */
		w->luts += 2.0 * est_eq(f, est_counter_bits(s, d), true);
	w->luts += 2 * est_tree(f, nr) + 1;
	w->luts += t.bits;	/* acc_in: first ? identity : acc */
	if (r->u.reduce.op == IR_RED_SUM)
		w->luts += est_add(f, t.bits);
	else
		w->luts += est_lt(f, t.bits, false) + t.bits;
	(void) v;
	return est_make(t.bits, t.bits, t.is_signed);
}

static bool est_dead(const ub_set *ubs, const sched_stmt *s)
{
	const ub_buffer *b = ub_set_find(ubs, s);
	return !s->is_output && (!b || b->storage == UB_NONE || b->n_ports <= 1);
}

/* The registers of a run of "len" cycles of an n-bit value: flip-flops,
 * or where the board has shift-register LUTs (`srl`) and the run is long
 * enough, a LUT a bit per DEPTH stages (Yosys's shregmap). */
static void est_run_regs(est_walk *w, int n, int len)
{
	const board_logic *g = &w->f->bd->logic;
	if (n <= 0 || len <= 0)
		return;
	if (g->srl_min && len >= g->srl_min)
		w->luts += (double) n * est_cdiv(len, g->srl_depth);
	else
		w->ffs += (int64_t) n * len;
}

static int est_node_ew(const est_walk *w, const ir_expr *e, bool *merged)
{
	for (int i = w->n_nodes - 1; i >= 0; i--)
		if (w->nodes[i] == e) {
			*merged = w->node_merged[i];
			return w->node_ew[i];
		}
	*merged = false;
	return ir_type_none(e->type) ? 0 : e->type.bits;
}

static bool est_is_read(const ir_expr *e)
{
	return e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST;
}

/* The read register of access e, 1, or 0 where it is merged: a delay
 * chain's read with the same-cycle bypass (est_chain). */
static int est_read_reg(const est_walk *w, const ir_expr *e)
{
	if (!est_is_read(e))
		return 0;
	for (int i = 0; i < w->ubs->n_buffers; i++) {
		const ub_buffer *b = w->ubs->buffers[i];
		if (b->storage != UB_REGISTERS && b->storage != UB_DELAY_CHAIN)
			continue;
		for (int j = 1; j < b->n_ports; j++)
			if (b->ports[j].access && b->ports[j].access->expr == e)
				return b->ports[j].n_edges == 0 && !b->ports[j].shifting ? 0 : 1;
	}
	return 1;
}

/* A min or max against a constant: registered at once, its select is the
 * flip-flops' synchronous set and reset (Yosys's opt_dff: SB_DFFSS/SR,
 * FDSE/FDRE, the ECP5's LSR), no LUTs; the compare stays. */
static bool est_saturates(const sched_stmt *s, const ir_expr *e)
{
	int c = sched_node_cycle(s, e);
	while (e->kind == IR_CAST)	/* a cast keeps or drops bits: wires */
		e = e->args[0];
	return e->kind == IR_BINARY && ir_op_info[e->op].hw == IR_HW_CMP_MUX &&
		(e->args[0]->kind == IR_CONST || e->args[1]->kind == IR_CONST) &&
		sched_node_cycle(s, e) == c;	/* no register between */
}

/* The datapath's delay and read registers (scheduler/pipeline.c places
 * every node in a cycle): per operand of a node in a later cycle, its
 * significant bits (Yosys removes constant flip-flops) for the cycles
 * between, a buffer read's register included; a run of one operand is
 * one chain (every node has one user), a merged operand's shared.  The
 * value waits from its cycle to "vc"; the valid bit, and a reduction's
 * fire, first and last, as scheduler/pipeline.c counts them. */
static void est_delays(est_walk *w, const sched_stmt *s, const ir_expr *root, int vc)
{
	for (int i = 0; i < w->n_nodes; i++) {
		const ir_expr *e = w->nodes[i];
		if (w->node_merged[i] || e->n_args == 0)
			continue;
		if (e->kind == IR_ACCESS || ir_type_none(e->type))
			continue;	/* an address or an index: not delayed */
		int ce = sched_node_cycle(s, e);
		for (int k = 0; k < e->n_args; k++) {
			const ir_expr *a = e->args[k];
			bool merged;
			int ew = est_node_ew(w, a, &merged), ca = sched_node_cycle(s, a);
			if (ca < 0 || ew == 0 || (ir_type_none(a->type) && a->kind != IR_ACCESS))
				continue;
			est_run_regs(w, ew, ce - ca + est_read_reg(w, a));
			if (ce > ca && !merged && est_saturates(s, a))
				w->luts -= ew;	/* its select is the register's set/reset */
		}
	}
	if (root && est_is_read(root))	/* its read register */
		est_run_regs(w, root->type.bits, vc - 1 + est_read_reg(w, root));
	if (root && s->latency > vc && !ir_type_none(root->type) &&
	    sched_node_cycle(s, root) == vc && est_saturates(s, root)) {	/* into the pipe */
		bool merged;
		int ew = est_node_ew(w, root, &merged);
		if (!merged)
			w->luts -= ew;
	}
	if (s->is_reduction) {	/* the body into the accumulator */
		const ir_expr *body = s->decl->body->u.reduce.body;
		bool merged;
		int ew = est_node_ew(w, body, &merged), cb = sched_node_cycle(s, body);
		if (cb >= 0)
			est_run_regs(w, ew, sched_acc_cycle(s) - cb + est_read_reg(w, body));
		w->ffs += 3 * (int64_t) sched_acc_cycle(s);
	}
	w->ffs += vc;
}

/* A statement's schedule, datapath and pipe. */
static void est_stmt(est_walk *w, const sched_stmt *s, const rtl_plan *plan,
	const uint64_t *idx_read)
{
	if (est_dead(w->ubs, s))
		return;	/* nothing reads it: Yosys removes it all */
	const rtl_sched_plan *q = &plan->sched[s->index];
	if (q->controller == s)	/* else an earlier lane's (shared) */
		est_generator(w, q, plan->tw, idx_read[s->index]);
	est_val v;
	w->nodes = sl_xmalloc(sizeof(*w->nodes));	/* record the nodes */
	w->node_ew = sl_xmalloc(sizeof(*w->node_ew));
	w->node_merged = sl_xmalloc(sizeof(*w->node_merged));
	w->n_nodes = 0;
	if (s->is_input)
		v = est_make(s->decl->type.bits, s->decl->type.bits, false);
	else if (s->is_reduction)
		v = est_reduction(w, s);
	else
		v = est_conv(est_value(w, s, s->decl->body), s->decl->type.bits,
			s->decl->body->type.is_signed);
	int ew = v.is_const ? 0 : v.ew;
	w->val_ew = ew;
	int inbox = est_inbox(w, s);
	/* The pipe after the value's cycle; before it, the datapath's own
	 * read, delay and valid registers (scheduler/pipeline.c). */
	int vc = s->is_input ? 0 : sched_value_cycle(s);
	w->ffs += (int64_t) (s->latency - vc) * (ew + 1 + inbox) + (int64_t) vc * inbox;
	if (s->is_input || !s->pipe)
		w->ffs += sched_pipe_reg_bits(s);
	else
		est_delays(w, s, s->is_reduction ? NULL : s->decl->body, vc);
	free(w->nodes);
	free(w->node_ew);
	free(w->node_merged);
	w->nodes = NULL;
	w->node_ew = NULL;
	w->node_merged = NULL;
	w->n_nodes = 0;
}

/* ------------------------------------------------------------ buffers */

/* The 2:1 multiplexers of a border port's read from edge e0 on, as
 * rtlgen's rtl_border_mux nests them (per reader dimension, one a bent
 * index, over the tree of the dimensions after). */
static int est_border_muxes(const ub_port *p, int e0)
{
	if (e0 >= p->n_edges)
		return 0;
	int e1 = e0;
	while (e1 < p->n_edges && p->edges[e1].dim == p->edges[e0].dim)
		e1++;
	return (e1 - e0 + 1) * est_border_muxes(p, e1) + (e1 - e0);
}

/* Delay chain: the write pointer of each memory of its pack (an
 * sl_fifo_seg per SRAM group of the pack, ub_pack_memory), counted at the
 * pack's first member; a read with the same-cycle bypass costs nothing
 * (its read register, loaded with the bypass, is the tap's next position,
 * merged by Yosys, the bypass that position's enable); a border read its
 * multiplexer tree, a LUT a bit per 2:1 (LUT4) or 4:1 (LUT6) mux, on the
 * index tests (shared), and the chain's extra shifts after the last
 * write an sl_sched of their own (rtlgen's rtl_chain_vshifts). */
/* Whether a read of chain b with the same tap, the same edges and a
 * reader of the same schedule generator (lanes share their lane 0's)
 * was costed: its multiplexers are the same cells (box_clamp at 8 lanes:
 * lanes l - 1, l and l + 1 read lane l's row above through one). */
static bool est_border_seen(est_walk *w, const ub_buffer *b, const ub_port *pt,
	const rtl_plan *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "border %s %lld %s", b->name, (long long) ub_port_tap(b, pt),
		plan->sched[pt->stmt->index].controller->name);
	for (int e = 0; e < pt->n_edges; e++)
		fprintf(o, " %d:%lld:%lld", pt->edges[e].dim, (long long) pt->edges[e].at,
			(long long) pt->edges[e].shift);
	fclose(o);
	bool seen = est_seen(w, buf, NULL);
	free(buf);
	return seen;
}

static void est_chain(est_walk *w, const ub_buffer *b, est_walk *by_stmt, const rtl_plan *plan,
	const pub_set *pub)
{
	const est_fam *f = w->f;
	const ub_pack *p = b->pack >= 0 ? &w->ubs->packs[b->pack] : NULL;
	for (int grp = 0; p && p->members[0] == b && grp < b->n_groups; grp++) {
		int64_t len;
		int width;
		ub_pack_memory(p, grp, &len, &width);
		int aw = sl_addr_bits(len);
		w->ffs += aw;
		w->luts += est_add(f, aw) + est_lt(f, aw, true) + aw;
	}
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *pt = &b->ports[i];
		est_walk *r = &by_stmt[pt->stmt->index];
		int m = est_border_muxes(pt, 0);
		if (m && !est_border_seen(w, b, pt, plan))
			r->luts += (double) b->width_bits * est_cdiv(m, f->k >= 6 ? 3 : 1);
		for (int e = 0; e < pt->n_edges; e++) {
			char key[96];
			snprintf(key, sizeof key, "edge %s %d %lld", pt->stmt->name, pt->edges[e].dim,
				(long long) pt->edges[e].at);
			if (!est_seen(w, key, NULL))
				r->luts += (double) est_eq(f, est_counter_bits(pt->stmt,
					pt->edges[e].dim), true);
		}
	}
	if (b->vshift_n > 0 && (!b->vshift_of || pub_buf_of(pub, b->vshift_of))) {
		/* else shared with an earlier native chain's: ub_buffer.vshift_of */
		rtl_sched_plan q = { 0 };
		q.n = 1;
		q.ext[0] = b->vshift_n;
		q.delta[0] = (uint64_t) b->vshift_step;
		q.start = (uint64_t) b->vshift_start;
		est_generator(w, &q, plan->tw, 0);
	}
	if (b->vshift_n > 0)
		w->luts += 1;	/* the shift: the write enable or a vertical shift */
}

/* The read address of a circular-buffer port: the write index of the
 * element it reads (index arithmetic), modulo the capacity. */
/* Whether index e of statement s times "stride" (shift-and-add) was
 * costed already (the design walk's keys): the reads of one statement at
 * different constant offsets share it (Yosys merges equal products). */
static bool est_stride_seen(est_walk *w, const sched_stmt *s, const ir_expr *e, int64_t stride)
{
	char *k = est_key_str(w->ubs, s, e, "");
	size_t n = strlen(k) + 64;
	char *key = sl_xmalloc(n);
	snprintf(key, n, "stride %lld %s", (long long) stride, k);
	free(k);
	bool seen = est_seen(w, key, NULL);
	free(key);
	return seen;
}

static void est_circ_addr(est_walk *design, est_walk *w, const ub_buffer *b,
	const ub_port *p)
{
	const sched_stmt *ps = b->producer, *s = p->stmt;
	const ir_expr *e = p->access->expr;
	int aw = sl_addr_bits(b->capacity_words);
	int64_t cap = b->capacity_words;
	int wi = 1;
	while (wi < 63 && ((int64_t) 1 << wi) <= (b->n_elems > 0 ? b->n_elems - 1 : 0))
		wi++;
	bool mod = !(cap == ((int64_t) 1 << aw) || cap >= b->n_elems);
	int need = mod ? wi : aw;
	int64_t stride = 1;
	int terms = 0;
	uint64_t konst = 0;
	int zmin = 63;		/* the low zeros every variable term has */
	int vb = 0;		/* the variable bits the address depends on */
	w->addr = true;		/* address arithmetic: no lane-program multiply */
	for (int d = ps->n_vars - 1; d >= 0; d--) {
		est_val c = est_index(w, s, e->args[d], need);
		if (ps->lo[d])
			w->luts += est_add(w->f, need);
		if (c.is_const)
			konst += c.c * (uint64_t) stride;
		else if (stride > 1 && !est_stride_seen(design, s, e->args[d], stride))
			est_const_mul(w, c.ew, stride, need);
		if (!c.is_const && est_low_zeros((uint64_t) stride) < zmin)
			zmin = est_low_zeros((uint64_t) stride);
		terms += !c.is_const;
		vb += c.is_const ? 0 : c.ew;
		stride *= ps->ext[d];
	}
	/* An address of at most one LUT's inputs (matmul's 16 i + k % 143 at
	 * 2 lanes: i's 4 bits) is at most a LUT an address bit, whatever its
	 * sums and modulo: ABC maps each bit's function of those inputs
	 * (measured: 48 copies' % 143 fold into the design's 148 LUT4 outside
	 * the bypasses, ECP5). */
	double before = w->luts;
	/* rtlgen sums the terms outermost first: the constant part (a
	 * window's first word, as often as not) is an add of a constant,
	 * free where it fits in the low zeros of every variable term (an
	 * OR: matmul's k + 16 i) */
	if (konst && terms && konst >> zmin)
		w->luts += est_add_const(w->f, need, konst, false);
	if (terms > 1)
		w->luts += (terms - 1) * est_add(w->f, need);
	va_divplan dp;
	if (mod && va_divconst_plan_range(0, b->n_elems - 1, IR_OP_MOD, cap, &dp))
		est_divplan(w, &dp, wi, false);
	else if (mod)
		w->luts += est_divider(w->f, wi);
	if (terms && vb <= w->f->k && w->luts - before > aw)
		w->luts = before + aw;
	w->addr = false;
}

/* LUT sites of one LUT-RAM copy of depth x wd bits: whole cells of the
 * board's lutram_cell (ECP5: 16x4 TRELLIS_DPR16X4 of 6 LUT4 sites), else
 * lutram bits a LUT in any shape (Xilinx: 64 a LUT6). */
static int64_t est_lutram_copy(const est_fam *f, int64_t depth, int wd)
{
	if (f->ram_cell.depth)
		return f->ram_cell_luts * est_cdiv(depth, f->ram_cell.depth) *
			est_cdiv(wd, f->ram_cell.width);
	return est_cdiv(depth * wd, f->lutram_bits);
}

/* LUT sites of the LUT RAM of nr read ports of depth x wd bits on a
 * board with `lutram_cell ... reads R` (Xilinx): one port whole DxW
 * cells; several, a one-bit cell per R ports and bit (Yosys 0.23: a
 * RAM64M holds 64 x 3 bits or one bit for 3 read ports); at half the cell's
 * depth or less each LUT holds 2 bits (UG474/UG574: RAM32M 32 x 2 a LUT
 * where RAM64M is 64 x 1), and Yosys gives each port its own cells of
 * twice the width (measured: upsample at 8 lanes, 16 x 8 with 2 ports,
 * 4 RAM32M on the xc7, 2 RAM32M16 on the xcup). */
static int64_t est_lutram_ports(const est_fam *f, int64_t depth, int wd, int nr)
{
	const board_logic *g = &f->bd->logic;
	int64_t slices = est_cdiv(depth, f->ram_cell.depth);
	if (nr <= 1)
		return g->ram_cell_luts * slices * est_cdiv(wd, f->ram_cell.width);
	if (2 * depth <= f->ram_cell.depth)	/* a LUT holds 2 bits at half depth */
		return g->ram_cell_luts * nr * est_cdiv(wd, 2 * f->ram_cell.width);
	return g->ram_cell_luts * slices * wd * est_cdiv(nr, g->ram_cell_reads);
}

/* A circular buffer: the write counter, then per read port its address,
 * its bypass and its read: a register-file read mux (iCE40), LUT-RAM
 * copies for the ports past the first, or a block-RAM port (sl_sram_pf). */
/* A block-RAM read port p of buffer b (w the buffer's walk, r the
 * reading statement's): a window's write-enable range test and address
 * offsets, then sl_sram_pf's ra, hit1 and data1 registers, its two
 * address tests and the 3:1 read select (a LUT6 a bit).  Where the flow
 * flattens, Yosys merges what the copies of one buffer share (measured on
 * matmul's 32 copies, ECP5): data1 (every copy's is the buffer's wdata
 * under ce) is one register, and a reader's copies address their windows
 * from the same base (the read address less the window's first word,
 * which is the read's constant offset), so the read address's subtract
 * and ra are the reader's first copy's ("first"). */
static void est_sram_port(est_walk *w, est_walk *r, const ub_buffer *b, const ub_port *p,
	bool first_of_buffer, bool first_of_reader)
{
	const est_fam *f = w->f;
	int64_t depth = b->capacity_words;
	int aw = sl_addr_bits(depth), wd = b->width_bits;
	int ac = p->win_len < depth ? sl_addr_bits(p->win_len) : aw;
	if (p->win_len < depth && p->same_as < 0) {
		/* waddr >= lo and waddr <= lo + len - 1: compares against
		 * constants; both addresses less lo: adds of a constant */
		int64_t lo = p->win_lo, end = p->win_lo + p->win_len;
		if (lo > 0)
			w->luts += est_lt_const(f, aw, (uint64_t) lo, false)
				+ (first_of_reader ? 2 : 1) * est_add_const(f, ac, (uint64_t) lo, true);
		if (end < depth)
			w->luts += est_lt_const(f, aw, (uint64_t) end, false);
		w->luts += 1;
	}
	r->ffs += (first_of_reader ? ac : 0) + 1 + (first_of_buffer ? wd : 0);
	r->luts += 2.0 * est_eq(f, ac, false) + (f->k >= 6 ? 1.0 : 2.0) * wd;
}

static void est_circular(est_walk *w, const ub_buffer *b, est_walk *by_stmt)
{
	const est_fam *f = w->f;
	int aw = sl_addr_bits(b->capacity_words), wd = b->width_bits;
	int64_t depth = b->capacity_words;
	w->ffs += aw;
	w->luts += est_add(f, aw) + (double) est_eq(f, aw, true);
	bool sram = b->mem == UB_MEM_SRAM;
	if (!sram && !f->lut_ram)	/* write enables of the words */
		w->luts += (double) depth * est_eq(f, aw + 1, true);
	/* Where the flow flattens the design, a register-file read port at
	 * the address of an earlier one is that port (Yosys merges equal
	 * reads of a memory; sl_ram's boundary keeps them apart otherwise):
	 * the distinct addresses are the read ports of its LUT RAM. */
	char **mine = sl_xcalloc((size_t) b->n_ports + 1, sizeof(*mine));
	int nr = 0, first = -1;
	bool flat = f->bd->logic.flatten, any_sram = false;
	bool *seen_readers = sl_xcalloc((size_t) w->sp->n_stmts + 1, sizeof(bool));
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *p = &b->ports[i];
		est_walk *r = &by_stmt[p->stmt->index];
		if (sram && p->same_as > 0)
			continue;	/* the same read as an earlier port's: a wire */
		char *key = est_circ_key(w->sp, b, p);
		if (!est_seen(w, key, NULL))	/* w holds the design's keys */
			est_circ_addr(w, r, b, p);
		bool again = false;
		for (int j = 0; flat && j < nr && !again; j++)
			again = !strcmp(mine[j], key);
		if (again) {
			free(key);
			if (!sram)
				continue;
		} else {
			mine[nr++] = key;
		}
		if (sram) {
			bool first_r = !flat || !seen_readers[p->stmt->index];
			seen_readers[p->stmt->index] = true;
			est_sram_port(w, r, b, p, !flat || !any_sram, first_r);
			any_sram = true;
			continue;
		}
		r->luts += (double) est_eq(f, aw, false) + wd;	/* bypass */
		if (!f->lut_ram)
			r->luts += (double) wd * (depth / 2.0 + depth / 6.0) + (double) depth;
		else if (nr > 1 && !f->bd->logic.ram_cell_reads)
			r->luts += (double) est_lutram_copy(f, depth, wd);
		if (first < 0)
			first = p->stmt->index;
	}
	if (!sram && f->lut_ram && f->bd->logic.ram_cell_reads && first >= 0)
		/* the cells of every distinct port, less fpga/storage.c's first copy */
		by_stmt[first].luts += (double) (est_lutram_ports(f, depth, wd, nr) -
			est_cdiv(depth * wd, f->lutram_bits));
	for (int j = 0; j < nr; j++)
		free(mine[j]);
	free(mine);
	free(seen_readers);
}

/* ------------------------------------------------------------ the design */

/* The run control of the plan: 'remain' of run_bits counts down to its
 * sign bit; busy, done and go.  Measured alone (Yosys 0.23, iCE40) for
 * 6, 14 and 22 bits: flip-flops the width + 3, LUTs the width + 5 (the
 * decrement and its load, a LUT a bit beside the carry chain; go, busy,
 * done). */
static void est_run(est_walk *w, const rtl_plan *plan)
{
	int rw = plan->run_bits;
	w->ffs += rw + 3;
	w->luts += est_add(w->f, rw) + 5;
}

/* The multipliers between DSPs and logic: the lane program's as
 * tg_dsp_decide decided them for this board (for another board, as it
 * would), the address arithmetic's over the DSPs left; each charged to
 * its stage's walk.  r keeps the list. */
static void est_split(const board *bd, const sched_program *sp, est_muls *ml, est_walk *ws,
	tg_logic *r)
{
	bool decided = sp->lowered->dsp_board == bd;
	for (int i = 0; decided && i < ml->n; i++)
		if (ml->m[i].node) {
			ml->m[i].in_dsp = ml->m[i].node->dsps > 0;
			if (ml->m[i].in_dsp)
				ml->m[i].dsps = ml->m[i].node->dsps;
		}
	tg_mul_split(bd->dsps, ml->m, ml->n, decided);
	r->n_muls = ml->n;
	for (int i = 0; i < ml->n; i++) {
		const tg_mul *m = &ml->m[i];
		est_walk *w = &ws[m->stage];
		r->dsps_wanted += m->dsps;
		if (m->node && m->in_dsp)
			r->dsps_lanes += m->dsps;
		if (m->in_dsp) {
			w->dsps += m->dsps;
			w->luts += m->rest_luts;
		} else {
			w->luts += m->soft_luts;
			r->n_soft_muls++;
			r->soft_mul_luts += (int64_t) (m->soft_luts + 0.5);
		}
	}
	r->muls = ml->m;
}

/* A buffer on push-memory tiles: each tile's logic (fpga/pub.c); the
 * delay lines are storage (fpga/storage.c), the read ports wires. */
static void est_pub(est_walk *w, const pub_set *pub, const pub_buf *pb)
{
	for (int k = 0; k < pb->n_tiles; k++) {
		int64_t ffs, luts;
		/* the producer's stream has the value's significant bits; a
		 * tile in series takes the tile before's output, from its SRAM */
		int in_bits = k == 0 || pb->side ? w->val_ew : pb->buf->width_bits;
		tg_pub_tile_logic(w->f->bd, pub, &pb->tiles[k], pb->buf->width_bits, in_bits,
			&ffs, &luts);
		w->ffs += ffs;
		w->luts += (double) luts;
	}
}

/* Every buffer with readers, costed in its producer's walk (ws[index]),
 * the merged subexpressions *keys carried from walk to walk. */
static void est_buffers(est_walk *ws, const ub_set *ubs, const pub_set *pub,
	const rtl_plan *plan, est_seen_ent **keys, int *n_keys)
{
	for (int k = 0; k < ubs->n_buffers; k++) {
		const ub_buffer *b = ubs->buffers[k];
		if (b->storage == UB_NONE || b->n_ports <= 1)
			continue;
		est_walk *pw = &ws[b->producer->index];
		pw->keys = *keys;
		pw->n_keys = *n_keys;
		const pub_buf *pb = pub_buf_of(pub, b);
		if (pb)
			est_pub(pw, pub, pb);
		else if (b->storage == UB_CIRCULAR)
			est_circular(pw, b, ws);
		else
			est_chain(pw, b, ws, plan, pub);
		*keys = pw->keys;
		*n_keys = pw->n_keys;
	}
}

/* Per stage its walk's LUTs, flip-flops and DSPs, and their sums. */
static void est_stage_totals(const sched_program *sp, const est_walk *ws, tg_logic *r)
{
	int n = sp->n_stmts;
	r->n = n;
	r->stages = sl_xcalloc((size_t) n + 1, sizeof(*r->stages));
	for (int i = 0; i < n; i++) {
		tg_stage *st = &r->stages[i];
		st->s = sp->stmts[i];
		st->luts = (int64_t) (ws[i].luts + 0.5);
		st->ffs = ws[i].ffs;
		st->dsps = ws[i].dsps;
		r->luts += st->luts;
		r->ffs += st->ffs;
		r->dsps += st->dsps;
	}
}

void tg_logic_count(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_logic *r)
{
	est_fam f = est_family(bd);
	int n = sp->n_stmts;
	rtl_plan plan;
	rtl_plan_build(sp->ctx, sp, pub, 1, &plan);
	est_walk *ws = sl_xcalloc((size_t) n + 1, sizeof(*ws));
	est_seen_ent *keys = NULL;
	int n_keys = 0;
	est_muls muls = { 0, NULL };
	uint64_t *idx_read = sl_xcalloc((size_t) n + 1, sizeof(*idx_read));
	for (int i = 0; i < n; i++)	/* a lane reads its controller's counters */
		if (!est_dead(ubs, sp->stmts[i]))
			idx_read[plan.sched[i].controller->index] |= est_idx_reads(ubs, sp->stmts[i]);
	for (int i = 0; i < n; i++) {
		ws[i].f = &f;
		ws[i].sp = sp;
		ws[i].ubs = ubs;
		ws[i].stage = i;
		ws[i].muls = &muls;
	}
	for (int i = 0; i < n; i++) {
		ws[i].keys = keys;	/* merged subexpressions across stages */
		ws[i].n_keys = n_keys;
		est_stmt(&ws[i], sp->stmts[i], &plan, idx_read);
		keys = ws[i].keys;
		n_keys = ws[i].n_keys;
	}
	est_buffers(ws, ubs, pub, &plan, &keys, &n_keys);
	memset(r, 0, sizeof(*r));
	est_split(bd, sp, &muls, ws, r);
	est_stage_totals(sp, ws, r);
	est_walk c = { .f = &f };
	est_run(&c, &plan);
	r->luts += (int64_t) (c.luts + 0.5);
	r->ffs += c.ffs;
	for (int i = 0; i < n_keys; i++)
		free(keys[i].key);
	free(keys);
	free(ws);
	free(idx_read);
}

/* ------------------------------------------------------------ the decision */

/* The statement of func d before the schedule, as far as the walk reads
 * it: its box as scheduler/statements.c makes it (the domain, then a
 * reduction's variables). */
static void est_shell(const ir_decl *d, sched_stmt *s)
{
	memset(s, 0, sizeof(*s));
	s->name = d->name;
	s->decl = d;
	s->is_output = d->is_output;
	s->n_vars = s->n_dims = d->n_dims;
	for (int i = 0; i < d->n_dims && i < SCHED_MAX_DIMS; i++) {
		s->lo[i] = d->dom_lo[i];
		s->ext[i] = d->dom_ext[i];
	}
	if (d->body->kind != IR_REDUCE)
		return;
	s->is_reduction = true;
	for (int i = 0; i < d->body->u.reduce.n_rvars && s->n_dims < SCHED_MAX_DIMS; i++) {
		const ir_rvar *rv = &d->body->u.reduce.rvars[i];
		s->lo[s->n_dims] = rv->lo;
		s->ext[s->n_dims++] = rv->hi - rv->lo;
	}
}

/* A subexpression merged into an earlier one is the same hardware: the
 * earlier one's decision, node by node. */
static void est_copy_decision(ir_expr *e, const ir_expr *first)
{
	if (!e || !first)	/* a key that names no expression */
		return;
	e->mul_id = first->mul_id;
	e->dsps = first->dsps;
	for (int i = 0; i < e->n_args && i < first->n_args; i++)
		est_copy_decision(e->args[i], first->args[i]);
	if (e->kind == IR_REDUCE && first->kind == IR_REDUCE)
		est_copy_decision(e->u.reduce.body, first->u.reduce.body);
}

/* The walk of tg_logic_count over the lane program's datapaths, each
 * func's value as est_stmt walks it, collecting the multipliers into
 * *ml.  (Lowering has dropped the funcs nothing reads; a stage the
 * buffers leave dead, est_dead, still takes its DSPs here.) */
static void est_decide_walk(const board *bd, const ir_program *lanes, est_muls *ml,
	est_walk *w)
{
	est_fam f = est_family(bd);
	w->f = &f;
	w->muls = ml;
	w->dups = sl_xmalloc(sizeof(*w->dups));
	for (int i = 0; i < lanes->n_decls; i++) {
		const ir_decl *d = lanes->decls[i];
		if (d->kind != IR_DECL_FUNC || d->is_inline || d->dom_empty)
			continue;
		sched_stmt s;
		est_shell(d, &s);
		w->stage = i;
		est_value(w, &s, s.is_reduction ? d->body->u.reduce.body : d->body);
	}
	w->f = NULL;
}

void tg_dsp_decide(const board *bd, ir_program *lanes)
{
	est_muls ml = { 0, NULL };
	est_walk w = { 0 };
	est_decide_walk(bd, lanes, &ml, &w);
	int n = 0;	/* the lane program's: address products take what is left */
	for (int i = 0; i < ml.n; i++)
		if (ml.m[i].node)
			ml.m[n++] = ml.m[i];
	ml.n = n;
	tg_mul_split(bd->dsps, ml.m, ml.n, false);
	for (int i = 0; i < ml.n; i++) {
		/* the walk reads the program; its nodes are the lane program's */
		ir_expr *e = (ir_expr *) ml.m[i].node;
		e->mul_id = i + 1;
		e->dsps = ml.m[i].in_dsp ? (int) ml.m[i].dsps : 0;
	}
	for (int i = 0; i < w.n_dups; i++)
		est_copy_decision((ir_expr *) w.dups[i].e, w.dups[i].first);
	lanes->dsp_board = bd;
	for (int i = 0; i < w.n_keys; i++)
		free(w.keys[i].key);
	free(w.keys);
	free(w.dups);
	free(ml.m);
}

void tg_print_logic(const tg_report *rep, FILE *out)
{
	const tg_logic *r = &rep->logic;
	fprintf(out, "%-24s %8s %8s %6s\n", "stage", "LUTs", "FFs", "DSPs");
	for (int i = 0; i < r->n; i++)
		fprintf(out, "%-24s %8lld %8lld %6lld\n", r->stages[i].s->name,
			(long long) r->stages[i].luts, (long long) r->stages[i].ffs,
			(long long) r->stages[i].dsps);
	fprintf(out, "%-24s %8lld %8lld %6lld\n", "total (with control)",
		(long long) r->luts, (long long) r->ffs, (long long) r->dsps);
}
