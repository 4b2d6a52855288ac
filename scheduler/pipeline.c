/* scheduler/pipeline.c: pipelined datapaths from the board's delay model.
 * Stage: lower -> statements -> [pipeline] -> schedule.  With a board that
 * has a delay model (docs/timing.md) and a target clock, every value
 * node of a func's body gets the cycle, counted from the cycle its
 * iteration fires, in which it is computed: arrival times (ns after the
 * clock edge) add up along the tree, and when a node would end later
 * than the period minus the register overhead, its operands are
 * registered first.  Operands computed in earlier cycles wait in delay
 * registers; buffer reads are registered (they happen in the fire cycle,
 * the datapath starts one cycle later); constants belong to every cycle.
 * The statement's latency is the cycle of its value (or accumulator) plus
 * the register that presents it to its buffer, so the schedule sees the
 * datapath rtlgen builds (rtlgen/datapath.c follows sched_node_cycle).
 * Without a delay model the latency is 1 plus one register per
 * multiplier or divider level, all placed after the datapath.
 * A table (const) read whose reachable entries pass SCHED_ROM_BRAM_DEPTH
 * and fit one block-RAM cell is a block-RAM ROM: its address is
 * registered in the cycle it arrives and its data comes one cycle later
 * (sched_node_rom_sync; rtlgen's sl_rom_sync, fpga/storage.c counts
 * it). */
#include <string.h>

#include "scheduler/scheduler_private.h"
#include "values/values.h"

struct sched_pipe {
	int cap;			/* a power of two */
	const ir_expr **key;		/* open addressing by pointer */
	int *cycle;
	bool *sync;			/* a table read from a block-RAM ROM */
	int acc_cycle;			/* reductions: the accumulator's cycle */
	int value_cycle;		/* the cycle of the value entering the pipe */
	double path_ns;			/* the longest register-to-register path */
	int64_t reg_bits;		/* delay and read registers of the datapath */
};

typedef struct arrive {
	int c;				/* cycle; -1: a constant (any cycle) */
	double a;			/* ns after that cycle's clock edge */
} arrive;

typedef struct timing {
	const board *bd;
	const sched_stmt *s;
	sched_pipe *p;
	double budget;			/* period minus the register overhead */
} timing;

/* ------------------------------------------------------------ the map */

static unsigned pipe_hash(const sched_pipe *p, const ir_expr *e)
{
	uintptr_t x = (uintptr_t) e;
	x ^= x >> 17;
	x *= 0x9e3779b97f4a7c15ull;
	return (unsigned) (x >> 32) & (unsigned) (p->cap - 1);
}

static unsigned pipe_slot(const sched_pipe *p, const ir_expr *e)
{
	unsigned h = pipe_hash(p, e);
	while (p->key[h] && p->key[h] != e)
		h = (h + 1) & (unsigned) (p->cap - 1);
	return h;
}

static void pipe_put(sched_pipe *p, const ir_expr *e, int c)
{
	unsigned h = pipe_slot(p, e);
	if (!p->key[h])
		p->sync[h] = false;
	p->key[h] = e;
	p->cycle[h] = c;
}

int sched_node_cycle(const sched_stmt *s, const ir_expr *e)
{
	const sched_pipe *p = s->pipe;
	if (!p)
		return 0;
	unsigned h = pipe_slot(p, e);
	if (!p->key[h])
		sl_unreachable();	/* every node of the body was placed */
	return p->cycle[h];
}

bool sched_node_rom_sync(const sched_stmt *s, const ir_expr *e)
{
	const sched_pipe *p = s->pipe;
	if (!p || e->kind != IR_ACCESS || e->u.access.decl->kind != IR_DECL_CONST)
		return false;
	unsigned h = pipe_slot(p, e);
	return p->key[h] && p->sync[h];
}

int64_t sched_rom_depth(const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	int64_t depth = 1;
	for (int i = 0; i < d->n_dims; i++)
		if (e->args[i]->kind != IR_CONST)
			depth *= d->extents[i];
	return depth;
}

uint64_t sched_rom_entry(const ir_expr *e, int64_t i)
{
	const ir_decl *d = e->u.access.decl;
	int64_t off = 0, stride = 1;
	for (int k = d->n_dims - 1; k >= 0; k--) {
		int64_t x = e->args[k]->kind == IR_CONST ? (int64_t) e->args[k]->u.cval
			: i % d->extents[k];
		if (e->args[k]->kind != IR_CONST)
			i /= d->extents[k];
		off += x * stride;
		stride *= d->extents[k];
	}
	return d->data[off];
}

int sched_value_cycle(const sched_stmt *s)
{
	return s->pipe ? s->pipe->value_cycle : 0;
}

int sched_acc_cycle(const sched_stmt *s)
{
	return s->pipe ? s->pipe->acc_cycle : 0;
}

double sched_path_ns(const sched_stmt *s)
{
	return s->pipe ? s->pipe->path_ns : 0;
}

int64_t sched_pipe_reg_bits(const sched_stmt *s)
{
	return s->pipe ? s->pipe->reg_bits : 0;
}

static int count_nodes(const ir_expr *e)
{
	int n = 1;
	for (int i = 0; i < e->n_args; i++)
		n += count_nodes(e->args[i]);
	if (e->kind == IR_REDUCE)
		n += count_nodes(e->u.reduce.body);
	return n;
}

/* ------------------------------------------------------------ delays */

static int node_width(const ir_expr *e)
{
	return ir_type_none(e->type) ? 32 : e->type.bits;
}

/* The width an operator works at: its first typed operand's. */
static int op_width(const ir_expr *e)
{
	for (int i = 0; i < e->n_args; i++)
		if (!ir_type_none(e->args[i]->type))
			return e->args[i]->type.bits;
	return node_width(e);
}

/* The value of a constant operand: a literal, a table entry at constant
 * indices (Yosys folds the ROM), or a cast of one. */
static bool const_value(const ir_expr *e, uint64_t *v)
{
	if (e->kind == IR_CONST) {
		*v = ir_type_none(e->type) ? e->u.cval : ir_norm(e->type, e->u.cval);
		return true;
	}
	if (e->kind == IR_CAST && const_value(e->args[0], v)) {
		if (!ir_type_none(e->type) && !ir_type_none(e->args[0]->type))
			*v = ir_eval_cast(e->type, e->args[0]->type, *v);
		return true;
	}
	if (e->kind != IR_ACCESS || e->u.access.decl->kind != IR_DECL_CONST)
		return false;
	const ir_decl *t = e->u.access.decl;
	int64_t off = 0;
	for (int i = 0; i < t->n_dims; i++) {
		uint64_t k;
		if (!const_value(e->args[i], &k) || (int64_t) k < 0 ||
		    (int64_t) k >= t->extents[i])
			return false;
		off = off * t->extents[i] + (int64_t) k;
	}
	*v = t->data[off];
	return true;
}

static bool const_pow2(const ir_expr *e)
{
	uint64_t v;
	return const_value(e, &v) && !(v & (v - 1));
}

static double d(const timing *t, board_delay_kind k, int w)
{
	return board_delay(t->bd, k, w);
}

bool sched_mul_on_dsp(const ir_expr *e)
{
	return e->dsps > 0;
}

/* A multiply in DSPs (the DSP decision, sched_mul_on_dsp): one DSP, and
 * past one the adders of mul2dsp's chain that sums the partial
 * products, one per DSP after the first. */
static double dsp_delay(const timing *t, const ir_expr *e, int w)
{
	return d(t, BOARD_DELAY_DSP, w) + (e->dsps - 1) * d(t, BOARD_DELAY_ADD, w);
}

/* A product of a x b bits: in DSPs as the DSP decision put it, else a
 * shift, an adder tree of a constant's shifted copies or an array
 * multiplier in logic. */
static double mul_delay(const timing *t, const ir_expr *e)
{
	int w = op_width(e);
	if (sched_mul_on_dsp(e))
		return dsp_delay(t, e, w);
	if (const_pow2(e->args[0]) || const_pow2(e->args[1]))
		return 0;	/* a shift (or 0) */
	uint64_t v;
	if (const_value(e->args[0], &v) || const_value(e->args[1], &v)) {
		int bits = __builtin_popcountll(v & (w >= 64 ? ~0ull : (1ull << w) - 1));
		return sl_clog2(bits) * d(t, BOARD_DELAY_ADD, w);	/* a tree of shifted copies */
	}
	return d(t, BOARD_DELAY_MUL, w);
}

/* Division by a constant: the plan rtlgen emits (values/divconst.c): a
 * shift (and a rounding add for iN), a compare, or a multiply of the
 * plan's widths (a DSP where the board maps it) with the sign correction
 * and the remainder's adds; by a variable, a divider array of w
 * subtractions. */
static double div_delay(const timing *t, const ir_expr *e)
{
	int w = op_width(e);
	uint64_t c;
	if (!const_value(e->args[1], &c))
		return w * d(t, BOARD_DELAY_ADD, w);
	ir_type ty = e->args[0]->type;
	if (ir_type_none(ty))
		ty = e->type;
	va_divplan p = va_divconst_plan(ty, e->op, ir_norm(ty, c));
	double x = 0;
	switch (p.form) {
	case VA_DIVF_NEGATE: return d(t, BOARD_DELAY_ADD, w);
	case VA_DIVF_SHIFT:
		return p.is_signed ? d(t, BOARD_DELAY_ADD, w) + d(t, BOARD_DELAY_MUX, w) : 0;
	case VA_DIVF_COMPARE:
		return d(t, BOARD_DELAY_CMP, w) + (p.is_mod ? d(t, BOARD_DELAY_ADD, w) : 0);
	case VA_DIVF_MULHI: {
		int a = p.xbits + p.is_signed, b = p.mbits + p.is_signed;
		x = sched_mul_on_dsp(e) ? dsp_delay(t, e, a > b ? a : b)
			: d(t, BOARD_DELAY_MUL, a > b ? a : b);
		if (p.is_signed)
			x += d(t, BOARD_DELAY_ADD, w);
		if (p.is_mod)
			x += d(t, BOARD_DELAY_ADD, p.rbits);
		return x;
	}
	default: return 0;
	}
}

/* The delay of an operator by its hardware class (ir_op_info[op].hw):
 * binary operators at their operand width, unary ones at their own. */
static double op_delay(const timing *t, const ir_expr *e)
{
	int w = e->kind == IR_BINARY ? op_width(e) : node_width(e);
	switch (ir_op_info[e->op].hw) {
	case IR_HW_ADD: case IR_HW_NEG: return d(t, BOARD_DELAY_ADD, w);
	case IR_HW_MUL: return mul_delay(t, e);
	case IR_HW_DIV: return div_delay(t, e);
	case IR_HW_SHIFT:
		return e->args[1]->kind == IR_CONST ? 0 : d(t, BOARD_DELAY_SHIFT, w);
	case IR_HW_BITWISE: case IR_HW_BOOL: case IR_HW_NOT: case IR_HW_OR_TREE:
		return d(t, BOARD_DELAY_LUT, 1);
	case IR_HW_EQ: return d(t, BOARD_DELAY_EQ, w);
	case IR_HW_CMP: return d(t, BOARD_DELAY_CMP, w);
	case IR_HW_CMP_MUX: return d(t, BOARD_DELAY_CMP, w) + d(t, BOARD_DELAY_MUX, w);
	case IR_HW_ABS: return d(t, BOARD_DELAY_ADD, w) + d(t, BOARD_DELAY_MUX, w);
	}
	sl_unreachable();
}

/* The delay of node e itself, its operands ready. */
static double node_delay(const timing *t, const ir_expr *e)
{
	switch (e->kind) {
	case IR_UNARY: case IR_BINARY: return op_delay(t, e);
	case IR_SELECT: return d(t, BOARD_DELAY_MUX, node_width(e));
	default: return 0;	/* casts are wiring */
	}
}

/* ------------------------------------------------------------ placement */

/* The later of two operands: an earlier one waits in registers. */
static arrive merge(arrive x, arrive y)
{
	if (x.c != y.c)
		return x.c > y.c ? x : y;
	return x.a > y.a ? x : y;
}

/* A node of delay dl on operands arriving at "in": registered first when
 * it would end past the budget (unless nothing combinational precedes
 * it: then it is a path of its own, however long). */
static arrive place(timing *t, arrive in, double dl)
{
	arrive out = in;
	if (in.c < 0)
		return in;
	if (in.a > 0 && in.a + dl > t->budget) {
		out.c = in.c + 1;
		out.a = dl;
	} else {
		out.a = in.a + dl;
	}
	if (out.a > t->p->path_ns)
		t->p->path_ns = out.a;
	return out;
}

static arrive pipe_node(timing *t, const ir_expr *e);

/* An index expression in a value position or a table address: computed
 * from the iteration counters in the fire cycle, combinationally (rtlgen
 * does not pipeline index arithmetic). */
static double index_delay(timing *t, const ir_expr *e)
{
	if (e->kind == IR_CONST || e->kind == IR_VAR)
		return 0;
	double a = 0;
	for (int i = 0; i < e->n_args; i++) {
		double x = index_delay(t, e->args[i]);
		a = x > a ? x : a;
	}
	return a + (e->op == IR_OP_MUL ? d(t, BOARD_DELAY_MUL, 16) : d(t, BOARD_DELAY_ADD, 32));
}

static arrive index_arrival(timing *t, const ir_expr *e)
{
	if (e->kind == IR_CONST)
		return (arrive) { -1, 0 };
	arrive r = { 0, index_delay(t, e) };
	if (r.a > t->p->path_ns)
		t->p->path_ns = r.a;
	return r;
}

/* Add the delay registers of operand x to node e's cycle c. */
static void count_regs(timing *t, const ir_expr *x, arrive ax, int c)
{
	if (ax.c >= 0 && c > ax.c)
		t->p->reg_bits += (int64_t) node_width(x) * (c - ax.c);
}

/* Does table read e go to block RAM: a slice of more than
 * SCHED_ROM_BRAM_DEPTH entries that fits one block-RAM cell of the board
 * (board_bram_cells: Yosys splits a deeper ROM in ways that model does
 * not follow; 20,480 x 8 on the zu9eg took 9 RAMB18E2 and LUTs where it
 * predicts 5 RAMB36E2)? */
static bool rom_in_bram(const board *bd, const ir_expr *e)
{
	const board_mem *m;
	int64_t depth = sched_rom_depth(e);
	return depth > SCHED_ROM_BRAM_DEPTH
		&& board_bram_cells(bd, e->u.access.decl->type.bits, depth, &m) == 1;
}

static arrive pipe_leaf(timing *t, const ir_expr *e)
{
	uint64_t v;
	arrive in = { -1, 0 };	/* a table's address, placed even when it folds */
	bool table = e->kind == IR_ACCESS && e->u.access.decl->kind == IR_DECL_CONST;
	for (int i = 0; table && i < e->n_args; i++)
		in = merge(in, pipe_node(t, e->args[i]));
	if (const_value(e, &v))
		return (arrive) { -1, 0 };
	if (e->kind == IR_VAR) {	/* lo + counter: an adder unless lo is 0 */
		int slot = e->u.var.slot;
		arrive r = { 0, 0 };
		if (slot < t->s->n_vars && t->s->lo[slot] == 0)
			return r;
		return place(t, r, d(t, BOARD_DELAY_ADD, node_width(e)));
	}
	if (!table) {	/* a registered read */
		t->p->reg_bits += node_width(e);
		return (arrive) { 1, 0 };
	}
	if (rom_in_bram(t->bd, e)) {
		/* the address registered where it arrives, the data a cycle on */
		arrive r = { (in.c < 0 ? 0 : in.c) + 1, d(t, BOARD_DELAY_BRAM, 1) };
		pipe_put(t->p, e, r.c);
		t->p->sync[pipe_slot(t->p, e)] = true;
		if (r.a > t->p->path_ns)
			t->p->path_ns = r.a;
		return r;
	}
	int64_t depth = 1;
	for (int i = 0; i < e->u.access.decl->n_dims; i++)
		depth *= e->u.access.decl->extents[i];
	int levels = 1;
	while ((int64_t) 1 << (2 * levels + 2) < depth)
		levels++;
	return place(t, in, levels * d(t, BOARD_DELAY_LUT, 1));
}

static arrive pipe_node(timing *t, const ir_expr *e)
{
	arrive out;
	if (ir_type_none(e->type) && e->kind != IR_ACCESS) {
		out = index_arrival(t, e);
	} else if (e->kind == IR_CONST || e->kind == IR_VAR || e->kind == IR_ACCESS) {
		out = pipe_leaf(t, e);
	} else {
		arrive in = { -1, 0 };
		arrive ops[3];
		for (int i = 0; i < e->n_args; i++) {
			ops[i] = pipe_node(t, e->args[i]);
			in = merge(in, ops[i]);
		}
		/* Operands from earlier cycles wait in registers: at in.c they
		 * arrive with the clock edge. */
		out = place(t, in, node_delay(t, e));
		for (int i = 0; i < e->n_args; i++)
			count_regs(t, e->args[i], ops[i], out.c);
	}
	pipe_put(t->p, e, out.c);
	return out;
}

/* The accumulator of a reduction: it combines the body's value with its
 * register (or the identity at the first iteration) in one cycle. */
static arrive pipe_reduction(timing *t, const ir_expr *r)
{
	const ir_expr *body = r->u.reduce.body;
	arrive b = pipe_node(t, body);
	int w = t->s->decl->type.bits;
	/* first/last flags: the reduction counters against constants. */
	arrive flags = place(t, (arrive) { 0, 0 }, d(t, BOARD_DELAY_EQ, 32));
	arrive in = merge(b, flags);
	double acc = r->u.reduce.op == IR_RED_SUM ? d(t, BOARD_DELAY_ADD, w)
		: d(t, BOARD_DELAY_CMP, w) + d(t, BOARD_DELAY_MUX, w);
	arrive out = place(t, in, acc + d(t, BOARD_DELAY_MUX, w));
	count_regs(t, body, b, out.c);
	t->p->reg_bits += 3 * (int64_t) (out.c > 0 ? out.c : 0);	/* fire, first, last */
	t->p->acc_cycle = out.c;
	pipe_put(t->p, r, out.c);
	return out;
}

/* Pipeline statement s for the board's delays at clock_mhz; sets its
 * latency. */
static void pipeline_stmt(sl_ctx *ctx, sched_stmt *s, const board *bd, double mhz)
{
	const ir_expr *body = s->decl->body;
	sched_pipe *p = sl_alloc(ctx, sizeof(*p));
	int n = count_nodes(body);
	p->cap = 16;
	while (p->cap < 2 * n)
		p->cap *= 2;
	p->key = sl_alloc(ctx, (size_t) p->cap * sizeof(*p->key));
	p->cycle = sl_alloc(ctx, (size_t) p->cap * sizeof(*p->cycle));
	p->sync = sl_alloc(ctx, (size_t) p->cap * sizeof(*p->sync));
	memset(p->sync, 0, (size_t) p->cap * sizeof(*p->sync));
	memset(p->key, 0, (size_t) p->cap * sizeof(*p->key));
	s->pipe = p;
	timing t = { bd, s, p, 1000.0 / mhz - board_delay(bd, BOARD_DELAY_FF, 1) };
	arrive v = s->is_reduction ? pipe_reduction(&t, body) : pipe_node(&t, body);
	p->value_cycle = v.c < 0 ? 0 : v.c;
	p->path_ns += board_delay(bd, BOARD_DELAY_FF, 1);
	p->reg_bits += p->value_cycle;	/* the valid bit's delay */
	s->latency = p->value_cycle + 1;
}

double sched_clock_mhz(const sched_program *sp)
{
	const board *bd = sp->opts.timing;
	if (!bd || !bd->has_delays)
		return 0;
	return sp->opts.clock_mhz > 0 ? sp->opts.clock_mhz : bd->clock_mhz;
}

void sched_pipeline(sched_program *sp)
{
	const board *bd = sp->opts.timing;
	double mhz = sched_clock_mhz(sp);
	if (mhz <= 0)
		return;
	for (int i = 0; i < sp->n_stmts; i++) {
		sched_stmt *s = sp->stmts[i];
		if (s->is_input)
			continue;
		pipeline_stmt(sp->ctx, s, bd, mhz);
		if (s->pipe->path_ns > sp->path_ns)
			sp->path_ns = s->pipe->path_ns;
	}
}
