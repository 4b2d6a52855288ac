/* rtlgen/rtlgen_private.h: shared by the files of rtlgen/.
 * rtlgen.c writes the module (ports, control, schedules, pipes),
 * datapath.c the expression trees, buffers.c the storage.  Names of
 * wires live in the context's arena. */
#ifndef SLUICE_RTLGEN_PRIVATE_H
#define SLUICE_RTLGEN_PRIVATE_H

#include "rtlgen/rtlgen.h"

/* One statement as generated. */
typedef struct rtl_stage {
	const sched_stmt *s;
	const char *name;		/* identifier form of s->name */
	const ub_buffer *buf;		/* its buffer, or NULL */
	int n_slots;
	bool *slot_used;		/* index wires <name>_v<k> declared */
	int *slot_dim;			/* iteration dimension of each slot, or -1 */
	bool *slot_nx;			/* next-cycle wires <name>_x<k> declared */
	int64_t *slot_lo, *slot_hi;	/* each slot's interval (lo > hi: none) */
	int n_nodes;			/* node wires <name>_n<k> made so far */
	int n_roms;
	int n_fire_regs;		/* <name>_fire_d1 .. _d<n> declared */
} rtl_stage;

typedef struct rtl_gen {
	sl_ctx *ctx;
	const sched_program *sp;
	const ub_set *ubs;
	const pub_set *pub;		/* --memory pub: the tiles, or NULL */
	FILE *out;
	rtl_plan plan;			/* what is built (rtlgen/plan.c) */
	int tw;				/* plan.tw */
	int frames;			/* frames per start (docs/hardware.md "Frames") */
	bool axis;			/* the core of an AXI4-Stream wrapper: ce is a port */
	bool axilite;			/* --control axilite (rtlgen/control.c) */
	bool runtime;			/* --runtime-config (rtlgen/runtime.c) */
	const ub_set *max_ubs;		/* the build's largest buffers (rtl_options) */
	int runtime_cw;			/* native memory: CW (rtl_options) */
	int64_t period;			/* cycles from a frame's start to the next's */
	rtl_stage *stages;		/* by statement index */
	bool nx;			/* index expressions of the next cycle */
	int need;			/* the cycle the value being emitted is needed in */
	const char *mul_attr;		/* of the multiply being emitted (rtl_mul_attr) */
	int n_sink, cap_sink;
	const char **sink;		/* signals that may have unused bits */
	const char **sink_set;		/* the same by hash, sink_set_cap slots */
	int sink_set_cap;
} rtl_gen;

/* rtlgen.c */
const char *rtl_fmt(rtl_gen *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The attribute that names the multiply of node e for fpga/synth.c as
 * the DSP decision numbered it (ir_expr.mul_id): "(* sl_mul = "N" *) ",
 * with sl_logic when it stays in logic; "" when it has no number. */
const char *rtl_mul_attr(rtl_gen *g, const ir_expr *e);
void rtl_sink(rtl_gen *g, const char *signal);
/* "w'(x)": the low w bits; a whole signal x goes to the lint sink. */
const char *rtl_trunc(rtl_gen *g, const char *x, int w);
/* Send x to the lint sink when it is a signal name (not an expression). */
void rtl_sink_ident(rtl_gen *g, const char *x);
/* plan.c: the last cycle anything happens (the run's end, a later
 * write). */
int64_t rtl_end_cycle(const sched_program *sp);
/* rtlgen.c: a name as a Verilog identifier (non-identifier characters
 * '_'). */
char *rtl_ident(sl_ctx *ctx, const char *name);
/* "// file:line: text of the line" for a source location. */
void rtl_comment_loc(rtl_gen *g, sl_loc loc, const char *indent);
/* The 64-bit wire of variable slot k of "st": <name>_v<k> (declared with
 * the stage's idx), or with g->nx its value in the next cycle, <name>_x<k>
 * (from the schedule's nidx); declared here on first use.  Slot numbers
 * rather than the program's names keep wire names unique. */
const char *rtl_var_wire(rtl_gen *g, rtl_stage *st, int k);

/* datapath.c */
/* Set up the stage's variable slots (their dimensions; none declared). */
void rtl_mark_slots(rtl_gen *g, rtl_stage *st);
/* Emit the wires of index expression e (64-bit signed); its wire name. */
const char *rtl_index_expr(rtl_gen *g, rtl_stage *st, const ir_expr *e);
/* Emit the stage's datapath; the name of the wire holding the value that
 * enters its pipe in cycle sched_value_cycle, and whether that pipe input
 * is valid (the fire, or the last reduction iteration, of that cycle). */
void rtl_datapath(rtl_gen *g, rtl_stage *st, const char **value,
	const char **valid);
/* x (a wire of w bits computed in cycle "from") as of cycle "to": the
 * last of to - from registers <name>_p<k> (x itself when to <= from). */
const char *rtl_delay(rtl_gen *g, rtl_stage *st, const char *x, int w, int from, int to);
/* Hex literal "W'h..." of the low w bits of v. */
const char *rtl_const(rtl_gen *g, int w, uint64_t v);
/* A 64-bit signed literal of an index value. */
const char *rtl_index_const(rtl_gen *g, int64_t v);

/* axis.c */
/* The AXI4-Stream wrapper "module" around the core module "core" (written
 * before it by the same generator, with a ce port). */
void rtl_axis_wrapper(rtl_gen *g, const char *module, const char *core);

/* control.c: the AXI4-Lite control slave (--control axilite). */
/* Its ports, after clk and rst, in the port list of the top level. */
void rtl_axil_ports(rtl_gen *g);
/* The wires that stand for the top's ports start, done, ready and the
 * configuration bus (before the run control reads them). */
void rtl_axil_decls(rtl_gen *g);
/* The slave that drives them: "running" is high from go to the run's
 * end, "done" the run control's done. */
void rtl_axil_slave(rtl_gen *g, const char *running, const char *done);

/* buffers.c */
/* Emit the storage of buffer "b" and assign its read wires. */
void rtl_buffer(rtl_gen *g, const ub_buffer *b);

/* pub.c: buffers on push-memory tiles (--memory pub). */
/* Is some buffer on tiles? */
bool rtl_pub_any(const rtl_gen *g);
/* The configuration ROMs and their loader ('ready'). */
void rtl_pub_loader(rtl_gen *g);
/* Emit the tiles of "b" and assign its read wires; false when it is not
 * on tiles. */
bool rtl_pub_buffer(rtl_gen *g, const ub_buffer *b, const char *nm);

/* runtime.c: the run-time configured design (--runtime-config). */
bool rtl_runtime(const rtl_gen *g);
/* The configuration bus ports, after 'ready'. */
void rtl_rt_ports(rtl_gen *g);
/* Bits of the run-length register (remain). */
int rtl_rt_run_bits(const sched_program *sp, const pub_set *pub);
/* The configuration registers, 'ready', and the tiles' bus wires. */
void rtl_rt_config(rtl_gen *g);
/* The LEN register of SRAM group "grp" of the delay chain of "b" (native
 * memory). */
const char *rtl_rt_len_reg(rtl_gen *g, const ub_buffer *b, int grp);
/* The address literal of AXI4-Stream port k's ROW_LAST (which 0) or
 * ROWS_LAST (which 1), ports in statement order. */
const char *rtl_rt_stream_addr(rtl_gen *g, int k, int which);
/* The bits of an extent register (XW). */
int rtl_rt_ext_bits(const rtl_gen *g);
/* The widths of the configuration bus: cfg_addr, cfg_data. */
void rtl_rt_bus_bits(const rtl_gen *g, int *ta, int *cw);
/* Statement st's sl_sched_rt, its idx and nidx on the wires named. */
void rtl_rt_sched(rtl_gen *g, rtl_stage *st, const char *idx, const char *nidx);
/* Does chain "b" (off the tiles of "ps") shift after its last write on a
 * schedule of its own (not an earlier native chain's: ub_buffer.
 * vshift_of)?  Then its VS_START, VS_EXT and VS_DELTA are registers. */
bool rtl_rt_own_vshifts(const ub_buffer *b, const pub_set *ps);
/* The sl_sched_rt of those shifts of the chain of stage "nm": fire
 * NAME_vshift, active NAME_vs_active, idx and nidx on the wires named. */
void rtl_rt_vsched(rtl_gen *g, const char *nm, const char *idx, const char *nidx);
/* The index k before the last of dimension d of statement s, from its
 * schedule's extent register: a 32-bit expression (a border tap's
 * comparison near the far end of a dimension). */
const char *rtl_rt_last_index(rtl_gen *g, const sched_stmt *s, int d, int64_t k);
/* Circular buffer b's stride of producer dimension d (every dimension but
 * the innermost), and with frames its last element (n_elems - 1), from
 * their registers, as "w"-bit expressions. */
const char *rtl_rt_circ_stride(rtl_gen *g, const ub_buffer *b, int d, int w);
const char *rtl_rt_circ_elast(rtl_gen *g, const ub_buffer *b, int w);

/* divconst.c: division and modulo by a constant without a divider
 * (values/divconst.c's plans).  "a OP c" for a of type t (the N-bit result's
 * expression); an index expression's floor "a OP d" over e's range in st
 * (a 64-bit signed expression, NULL when the range is unknown); and a
 * circular-buffer address, a (in [0, hi]) % cap in aw bits (NULL: too
 * wide).  Wires are declared before the expression is returned. */
const char *rtl_divconst(rtl_gen *g, rtl_stage *st, const char *a, ir_type t,
	ir_op op, uint64_t c);
const char *rtl_divconst_index(rtl_gen *g, rtl_stage *st, const ir_expr *e,
	const char *a, ir_op op, int64_t d);
const char *rtl_divconst_addr(rtl_gen *g, rtl_stage *st, const char *a, int64_t hi,
	int64_t cap, int aw);

/* Lanes (rtlgen.c): a statement's lane count (1 without lanes), and a
 * stage's port name (its lane group's for a lane, else its own). */
int rtl_lanes(const sched_stmt *s);
const char *rtl_port(rtl_gen *g, const rtl_stage *st);

#endif
