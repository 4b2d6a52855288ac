/* rtlgen/datapath.c: one stage's datapath from its expression tree.
 * Stage: rtlgen.  Every value node becomes a wire of exactly its type's
 * width (declared unsigned; signed operations use $signed explicitly);
 * index expressions (type none) are 64-bit signed wires with floor
 * division and non-negative remainder.  Semantics: docs/language.md and
 * ir_eval_* (arith/arith.c), which the CPU reference runs. */
#include <string.h>

#include "rtlgen/rtlgen_private.h"
#include "values/values.h"

/* ------------------------------------------------------------ slots */

void rtl_mark_slots(rtl_gen *g, rtl_stage *st)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	st->n_slots = d->n_slots > s->n_dims ? d->n_slots : s->n_dims;
	st->slot_used = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(bool));
	st->slot_nx = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(bool));
	st->slot_dim = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(int));
	st->slot_lo = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(int64_t));
	st->slot_hi = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(int64_t));
	for (int k = 0; k < st->n_slots; k++)
		st->slot_dim[k] = k < s->n_vars ? k : -1;
	if (s->is_reduction) {
		const ir_expr *r = d->body;
		for (int k = 0; k < r->u.reduce.n_rvars; k++)
			st->slot_dim[r->u.reduce.rvars[k].slot] = s->n_vars + k;
	}
	for (int k = 0; k < st->n_slots; k++) {
		int dim = st->slot_dim[k];
		st->slot_lo[k] = dim >= 0 ? s->lo[dim] : 1;
		st->slot_hi[k] = dim >= 0 ? s->lo[dim] + s->ext[dim] - 1 : 0;
	}
}

/* ------------------------------------------------------------ folding
 * A value whose interval (values/range.c, over the stage's variable ranges)
 * is one value is emitted as that literal, and a comparison its operands'
 * intervals decide as 1'b0 or 1'b1: Verilator rightly flags a constant
 * comparison (UNSIGNED, CMPCONST), and the result is the same bits. */

static bool rtl_folds(const rtl_stage *st, const ir_expr *e, uint64_t *v)
{
	return !ir_type_none(e->type)
		&& va_expr_const(e, st->slot_lo, st->slot_hi, st->n_slots, v);
}

static ir_range rtl_range(const rtl_stage *st, const ir_expr *e, ir_type t)
{
	return va_operand_range(e, t, st->slot_lo, st->slot_hi, st->n_slots);
}

/* The read wires of a subtree that is not emitted go to the lint sink. */
static void rtl_sink_reads(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	if (e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST)
		rtl_sink(g, rtl_fmt(g, "%s_rd%d", st->name, sched_read_slot(st->s, e)));
	for (int i = 0; i < e->n_args; i++)
		rtl_sink_reads(g, st, e->args[i]);
	if (e->kind == IR_REDUCE)
		rtl_sink_reads(g, st, e->u.reduce.body);
}

/* ------------------------------------------------------------ literals */

static uint64_t rtl_mask(int w)
{
	return w >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << w) - 1;
}

const char *rtl_const(rtl_gen *g, int w, uint64_t v)
{
	return rtl_fmt(g, "%d'h%llx", w, (unsigned long long) (v & rtl_mask(w)));
}

const char *rtl_index_const(rtl_gen *g, int64_t v)
{
	if (v == INT64_MIN)
		return "64'sh8000000000000000";
	if (v < 0)
		return rtl_fmt(g, "(-64'sd%lld)", (long long) -v);
	return rtl_fmt(g, "64'sd%lld", (long long) v);
}

static const char *rtl_wire(rtl_gen *g, rtl_stage *st, int w, bool is_signed,
	const char *expr)
{
	const char *name = rtl_fmt(g, "%s_n%d", st->name, st->n_nodes++);
	if (is_signed)
		fprintf(g->out, "    wire signed [%d:0] %s = %s;\n", w - 1, name, expr);
	else if (w == 1)
		fprintf(g->out, "    wire %s = %s;\n", name, expr);
	else
		fprintf(g->out, "    wire [%d:0] %s = %s;\n", w - 1, name, expr);
	return name;
}

/* ------------------------------------------------------------ index expressions */

static bool rtl_pow2(int64_t c, int *k)
{
	if (c <= 0 || (c & (c - 1)))
		return false;
	*k = sl_clog2(c);
	return true;
}

static const char *rtl_index_floor(rtl_gen *g, rtl_stage *st, const ir_expr *e,
	const char *a, ir_op op, int64_t c)
{
	int k;
	const char *cs = rtl_index_const(g, c);
	if (rtl_pow2(c, &k))
		return op == IR_OP_DIV ? rtl_fmt(g, "%s >>> %d", a, k)
			: rtl_fmt(g, "%s & %s", a, rtl_index_const(g, c - 1));
	const char *x = rtl_divconst_index(g, st, e, a, op, c);
	if (x)
		return x;
	if (op == IR_OP_DIV)
		return rtl_fmt(g, "(%s / %s) - (((%s %% %s) < 64'sd0) ? 64'sd1 : 64'sd0)",
			a, cs, a, cs);
	return rtl_fmt(g, "((%s %% %s) < 64'sd0) ? (%s %% %s) + %s : (%s %% %s)",
		a, cs, a, cs, cs, a, cs);
}

const char *rtl_index_expr(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	switch (e->kind) {
	case IR_CONST:
		return rtl_index_const(g, (int64_t) e->u.cval);
	case IR_VAR:
		return rtl_var_wire(g, st, e->u.var.slot);
	case IR_UNARY:
		if (e->op != IR_OP_NEG)
			sl_unreachable();
		return rtl_wire(g, st, 64, true, rtl_fmt(g, "-%s",
			rtl_index_expr(g, st, e->args[0])));
	case IR_BINARY:
		break;
	default:
		sl_unreachable();	/* ir.h: the forms of index expressions */
	}
	const char *a = rtl_index_expr(g, st, e->args[0]);
	if (e->op == IR_OP_DIV || e->op == IR_OP_MOD) {
		if (e->args[1]->kind != IR_CONST || (int64_t) e->args[1]->u.cval <= 0)
			sl_unreachable();	/* the front end checks the divisor */
		g->mul_attr = rtl_mul_attr(g, e);
		const char *q = rtl_index_floor(g, st, e->args[0], a, e->op,
			(int64_t) e->args[1]->u.cval);
		g->mul_attr = "";
		return rtl_wire(g, st, 64, true, q);
	}
	const char *b = rtl_index_expr(g, st, e->args[1]);
	const char *x;
	switch (e->op) {
	case IR_OP_ADD: x = rtl_fmt(g, "%s + %s", a, b); break;
	case IR_OP_SUB: x = rtl_fmt(g, "%s - %s", a, b); break;
	case IR_OP_MUL: x = rtl_fmt(g, "%s * %s%s", a, rtl_mul_attr(g, e), b); break;
	case IR_OP_MIN: x = rtl_fmt(g, "(%s < %s) ? %s : %s", a, b, a, b); break;
	case IR_OP_MAX: x = rtl_fmt(g, "(%s > %s) ? %s : %s", a, b, a, b); break;
	default: sl_unreachable();
	}
	return rtl_wire(g, st, 64, true, x);
}

/* ------------------------------------------------------------ conversions */

/* Expression "x" of type "from" (none: a 64-bit signed index value) as
 * type "to": low bits kept, widened by the source's signedness. */
static const char *rtl_convert(rtl_gen *g, const char *x, ir_type from, ir_type to)
{
	int fw = ir_type_none(from) ? 64 : from.bits, tw = to.bits;
	bool fs = ir_type_none(from) || from.is_signed;
	if (fw == tw)
		return x;
	if (tw < fw)
		return rtl_trunc(g, x, tw);
	if (fs)
		return rtl_fmt(g, "{{%d{%s[%d]}}, %s}", tw - fw, x, fw - 1, x);
	return rtl_fmt(g, "{%d'd0, %s}", tw - fw, x);
}

/* A typed or index value as a signed 64-bit index (ROM addresses). */
static const char *rtl_to_index(rtl_gen *g, const char *x, ir_type t)
{
	if (ir_type_none(t))
		return x;
	if (t.bits == 64)
		return rtl_fmt(g, "$signed(%s)", x);
	return rtl_fmt(g, "$signed({%d'd0, %s})", 64 - t.bits, x);
}

static const char *rtl_value(rtl_gen *g, rtl_stage *st, const ir_expr *e);

static const char *rtl_operand(rtl_gen *g, rtl_stage *st, const ir_expr *e,
	ir_type t)
{
	return rtl_convert(g, rtl_value(g, st, e), e->type, t);
}

static const char *rtl_sgn(rtl_gen *g, const char *x, bool is_signed)
{
	return is_signed ? rtl_fmt(g, "$signed(%s)", x) : x;
}

static const char *rtl_truth(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	const char *x = rtl_value(g, st, e);
	if (ir_type_none(e->type))
		return rtl_fmt(g, "(%s != 64'sd0)", x);
	return e->type.bits == 1 ? x : rtl_fmt(g, "(|%s)", x);
}

/* ------------------------------------------------------------ operators */

/* A constant divisor folded to type t, if it is one. */
static bool rtl_fold(const ir_expr *e, ir_type t, uint64_t *v)
{
	if (e->kind == IR_CONST) {
		*v = ir_norm(t, e->u.cval);
		return true;
	}
	if (e->kind == IR_CAST && rtl_fold(e->args[0], e->args[0]->type, v)) {
		*v = ir_eval_cast(t, e->args[0]->type, *v);
		return true;
	}
	return false;
}

/* A constant divisor (or a cast of one) makes no divider: divconst.c. */
static const char *rtl_divmod(rtl_gen *g, rtl_stage *st, const ir_expr *e, ir_type t,
	const char *a, const char *b)
{
	uint64_t c;
	const char *op = e->op == IR_OP_DIV ? "/" : "%";
	if (rtl_fold(e->args[1], t, &c)) {
		rtl_sink_ident(g, b);	/* a cast of a constant: a wire unused */
		g->mul_attr = rtl_mul_attr(g, e);
		const char *q = rtl_divconst(g, st, a, t, e->op, c);
		g->mul_attr = "";
		return q;
	}
	if (!t.is_signed)
		return rtl_fmt(g, "%s %s %s", a, op, b);
	return rtl_fmt(g, "$signed(%s) %s $signed(%s)", a, op, b);
}

static const char *rtl_shift(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	ir_type t = e->args[0]->type;
	const char *a = rtl_operand(g, st, e->args[0], t);
	const char *b = rtl_value(g, st, e->args[1]);
	if (ir_type_none(e->args[1]->type))
		b = rtl_fmt(g, "$unsigned(%s)", b);
	if (e->op == IR_OP_SHL)
		return rtl_fmt(g, "%s << %s", a, b);
	if (t.is_signed)
		return rtl_fmt(g, "$signed(%s) >>> %s", a, b);
	return rtl_fmt(g, "%s >> %s", a, b);
}

/* Operator op's Verilog template (ir_op_info[op].verilog) over operands
 * a and b (b NULL for a unary one): $a and $b are the operands, $A and $B
 * the operands read as signed when "s". */
static const char *rtl_template(rtl_gen *g, ir_op op, bool s, const char *a,
	const char *b)
{
	const char *v = ir_op_info[op].verilog, *seg, *x = "";
	if (!v)
		sl_unreachable();	/* an operator datapath.c builds by its own rule */
	for (seg = v; *v; v++) {
		if (v[0] != '$' || !v[1] || !strchr("aAbB", v[1]))
			continue;
		const char *arg = v[1] == 'a' || v[1] == 'A' ? a : b;
		if (!arg)
			sl_unreachable();
		x = rtl_fmt(g, "%s%.*s%s", x, (int) (v - seg), seg,
			v[1] == 'A' || v[1] == 'B' ? rtl_sgn(g, arg, s) : arg);
		seg = ++v + 1;
	}
	return rtl_fmt(g, "%s%s", x, seg);
}

static const char *rtl_compare(rtl_gen *g, ir_op op, bool s, const char *a,
	const char *b)
{
	return rtl_template(g, op, s, a, b);
}

/* min(a, b) is b < a ? b : a, max(a, b) is a < b ? b : a: both pick b
 * when their comparison holds; when the operands' intervals decide it,
 * only the operand picked is emitted. */
static const char *rtl_min_max(rtl_gen *g, rtl_stage *st, const ir_expr *e, ir_type t)
{
	bool max = e->op == IR_OP_MAX;
	const ir_expr *x = e->args[max ? 0 : 1], *y = e->args[max ? 1 : 0];
	int k = va_range_compare(IR_OP_LT, rtl_range(st, x, t), rtl_range(st, y, t));
	if (k >= 0) {
		rtl_sink_reads(g, st, e->args[k ? 0 : 1]);
		return rtl_operand(g, st, e->args[k ? 1 : 0], t);
	}
	const char *a = rtl_operand(g, st, e->args[0], t);
	const char *b = rtl_operand(g, st, e->args[1], t);
	return rtl_fmt(g, "(%s) ? %s : %s", rtl_compare(g, IR_OP_LT, t.is_signed,
		max ? a : b, max ? b : a), b, a);
}

static const char *rtl_binary(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	if (e->op == IR_OP_SHL || e->op == IR_OP_SHR)
		return rtl_shift(g, st, e);
	if (e->op == IR_OP_LAND || e->op == IR_OP_LOR) {
		const char *a = rtl_truth(g, st, e->args[0]);
		const char *b = rtl_truth(g, st, e->args[1]);
		return rtl_fmt(g, "%s %s %s", a, e->op == IR_OP_LAND ? "&&" : "||", b);
	}
	ir_type t = e->args[0]->type;
	if (ir_type_none(t))
		t = e->args[1]->type;
	if (e->op == IR_OP_MIN || e->op == IR_OP_MAX)
		return rtl_min_max(g, st, e, t);
	const char *a = rtl_operand(g, st, e->args[0], t);
	const char *b = rtl_operand(g, st, e->args[1], t);
	switch (e->op) {
	case IR_OP_MUL:	/* signed as the type: the same low bits, and Yosys's wreduce
			 * then drops sign-extension bits, so i32(i16) * i32(i16)
			 * is one 16x16 DSP, not 32x32 (fpga/dsp.c) */
		return rtl_fmt(g, "%s * %s%s", rtl_sgn(g, a, t.is_signed), rtl_mul_attr(g, e),
			rtl_sgn(g, b, t.is_signed));
	case IR_OP_DIV: case IR_OP_MOD: return rtl_divmod(g, st, e, t, a, b);
	default:	/* a comparison rtl_value did not decide, or a plain template */
		return rtl_template(g, e->op, t.is_signed, a, b);
	}
}

static const char *rtl_unary(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	ir_type t = e->args[0]->type;
	if (e->op == IR_OP_LNOT)
		return rtl_fmt(g, "!%s", rtl_truth(g, st, e->args[0]));
	const char *a = rtl_value(g, st, e->args[0]);
	if (e->op != IR_OP_ABS)
		return rtl_template(g, e->op, t.is_signed, a, NULL);
	if (!t.is_signed)
		return a;
	return rtl_fmt(g, "%s[%d] ? -%s : %s", a, t.bits - 1, a, a);
}

/* ------------------------------------------------------------ table look-ups */

/* The ROM offset when every index is a constant. */
static bool rtl_index_fold(const ir_decl *d, const ir_expr *e, int64_t *off)
{
	*off = 0;
	for (int i = 0; i < d->n_dims; i++) {
		if (e->args[i]->kind != IR_CONST)
			return false;
		*off = *off * d->extents[i] + (int64_t) e->args[i]->u.cval;
	}
	return true;
}

/* The address of table read e in the slice it reaches: the indices that
 * are not literals, in the mixed radix of their extents, as of cycle c. */
static const char *rtl_slice_addr(rtl_gen *g, rtl_stage *st, const ir_expr *e, int c)
{
	const ir_decl *d = e->u.access.decl;
	int need = g->need;
	int64_t stride = 1;
	const char *off = NULL;
	g->need = c;
	for (int i = d->n_dims - 1; i >= 0; i--) {
		if (e->args[i]->kind == IR_CONST)
			continue;
		const char *x = rtl_to_index(g, rtl_value(g, st, e->args[i]), e->args[i]->type);
		const char *term = stride == 1 ? x : rtl_fmt(g, "%s * 64'sd%lld", x,
			(long long) stride);
		off = off ? rtl_fmt(g, "%s + %s", term, off) : term;
		stride *= d->extents[i];
	}
	g->need = need;
	return off;
}

/* A table read: an sl_rom (combinational) or, in block RAM
 * (sched_node_rom_sync), an sl_rom_sync addressed one cycle before its
 * data (the node's cycle).  Either holds the slice the read reaches
 * (its literal indices fixed, sched_rom_depth entries); a read at
 * literal indices only is the whole table at a constant address, which
 * Yosys folds. */
static const char *rtl_rom(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	FILE *o = g->out;
	const ir_decl *d = e->u.access.decl;
	bool sync = sched_node_rom_sync(st->s, e);
	int w = d->type.bits;
	int64_t depth = sched_rom_depth(e), c;
	const char *addr;
	bool folded = !sync && rtl_index_fold(d, e, &c);
	if (folded) {
		for (int i = 0; i < d->n_dims; i++)
			depth *= d->extents[i];
		addr = rtl_fmt(g, "%d'd%lld", sl_addr_bits(depth), (long long) c);
	} else {
		const char *off = rtl_slice_addr(g, st, e, sync ? sched_node_cycle(st->s, e) - 1
			: g->need);
		addr = rtl_trunc(g, off, sl_addr_bits(depth));
	}
	int k = st->n_roms++;
	const char *rom = rtl_fmt(g, "%s_rom%d", st->name, k);
	fprintf(o, "    // const '%s': %lld entries, read at line %d%s\n", d->name,
		(long long) depth, e->loc.line, sync ? ", in block RAM (address a cycle ahead)" : "");
	fprintf(o, "    wire [%d:0] %s_addr = %s;\n", sl_addr_bits(depth) - 1, rom, addr);
	const char *data = rtl_fmt(g, "%s_n%d", st->name, st->n_nodes++);
	fprintf(o, "    wire [%d:0] %s;\n", w - 1, data);
	fprintf(o, "    %s #(.W(%d), .DEPTH(%lld), .DATA({", sync ? "sl_rom_sync" : "sl_rom", w,
		(long long) depth);
	for (int64_t i = depth - 1; i >= 0; i--)
		fprintf(o, "%s%s", i % 8 == 7 || i == depth - 1 ? "\n        " : " ",
			rtl_fmt(g, "%s%s", rtl_const(g, w, folded ? d->data[i]
				: sched_rom_entry(e, i)), i ? "," : ""));
	fprintf(o, "}))\n        %s (%s.addr(%s_addr), .data(%s));\n", rom,
		sync ? ".clk(clk), .ce(ce), " : "", rom, data);
	return data;
}

/* ------------------------------------------------------------ pipeline registers */

/* x (a wire of w bits computed in cycle "from") as of cycle "to": a
 * chain of to - from registers (docs/hardware.md "Pipelined datapaths";
 * they hold data only, the valid bit travels beside). */
const char *rtl_delay(rtl_gen *g, rtl_stage *st, const char *x, int w, int from, int to)
{
	if (from < 0 || to <= from)
		return x;
	const char *prev = x;
	for (int c = from + 1; c <= to; c++) {
		const char *r = rtl_fmt(g, "%s_p%d", st->name, st->n_nodes++);
		fprintf(g->out, "    reg [%d:0] %s;\n    always @(posedge clk) if (ce) %s <= %s;"
			"  // cycle %d\n", w - 1, r, r, prev, c);
		prev = r;
	}
	return prev;
}

/* A buffer read: in the fire cycle, registered when the datapath is
 * pipelined (its node is then in cycle 1). */
static const char *rtl_read(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	const char *rd = rtl_fmt(g, "%s_rd%d", st->name, sched_read_slot(st->s, e));
	if (!st->s->pipe)
		return rd;
	return rtl_delay(g, st, rd, e->type.bits, 0, 1);
}

/* The stage's fire (0 after reset or a new run's go) as of cycle c. */
static const char *rtl_fire_at(rtl_gen *g, rtl_stage *st, int c)
{
	const char *nm = st->name;
	for (int k = 1; k <= c; k++) {
		if (k > st->n_fire_regs) {
			fprintf(g->out, "    reg %s_fire_d%d;\n    always @(posedge clk) if (rst || ce) %s_fire_d%d <= "
				"!flush && %s_fire%s;\n", nm, k, nm, k, nm,
				k == 1 ? "" : rtl_fmt(g, "_d%d", k - 1));
			st->n_fire_regs = k;
		}
	}
	return c <= 0 ? rtl_fmt(g, "%s_fire", nm) : rtl_fmt(g, "%s_fire_d%d", nm, c);
}

/* ------------------------------------------------------------ values */

/* A variable in a value position: lo + its counter, in t's width. */
static const char *rtl_var_value(rtl_gen *g, rtl_stage *st, const ir_expr *e,
	ir_type t)
{
	int d = st->slot_dim[e->u.var.slot];
	const char *v = rtl_fmt(g, "%s + $signed({32'd0, %s_idx[%d:%d]})",
		rtl_index_const(g, st->s->lo[d]), st->name, d * 32 + 31, d * 32);
	return t.bits == 64 ? v : rtl_fmt(g, "%d'(%s)", t.bits, v);
}

/* The wire (or literal) of value node e, computed in its own cycle. */
static const char *rtl_node(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	ir_type t = e->type;
	const char *x;
	if (ir_type_none(t) && e->kind != IR_ACCESS)
		return rtl_index_expr(g, st, e);
	switch (e->kind) {
	case IR_CONST:
		return rtl_const(g, t.bits, e->u.cval);
	case IR_VAR:
		x = rtl_var_value(g, st, e, t);
		break;
	case IR_ACCESS:
		if (e->u.access.decl->kind == IR_DECL_CONST)
			return rtl_rom(g, st, e);
		return rtl_read(g, st, e);
	case IR_UNARY: x = rtl_unary(g, st, e); break;
	case IR_BINARY: x = rtl_binary(g, st, e); break;
	case IR_SELECT: {
		uint64_t k;
		if (rtl_folds(st, e->args[0], &k)) {	/* only the arm taken */
			rtl_sink_reads(g, st, e->args[0]);
			rtl_sink_reads(g, st, e->args[k ? 2 : 1]);
			return rtl_operand(g, st, e->args[k ? 1 : 2], t);
		}
		const char *c = rtl_truth(g, st, e->args[0]);
		const char *a = rtl_operand(g, st, e->args[1], t);
		const char *b = rtl_operand(g, st, e->args[2], t);
		x = rtl_fmt(g, "%s ? %s : %s", c, a, b);
		break;
	}
	case IR_CAST:
		x = rtl_operand(g, st, e->args[0], t);
		break;
	default:
		sl_unreachable();	/* a reduction below the top of a body */
	}
	return rtl_wire(g, st, t.bits, false, x);
}

/* The wire of value node e as of the cycle its consumer needs it
 * (g->need), delayed from the node's own cycle. */
static const char *rtl_value(rtl_gen *g, rtl_stage *st, const ir_expr *e)
{
	uint64_t v;
	if (rtl_folds(st, e, &v)) {
		rtl_sink_reads(g, st, e);
		return rtl_const(g, e->type.bits, v);
	}
	int need = g->need;
	int c = ir_type_none(e->type) && e->kind != IR_ACCESS ? 0 : sched_node_cycle(st->s, e);
	g->need = c;
	const char *x = rtl_node(g, st, e);
	g->need = need;
	if (c < 0 || need <= c)
		return x;
	return rtl_delay(g, st, x, ir_type_none(e->type) ? 64 : e->type.bits, c, need);
}

/* ------------------------------------------------------------ stages */

static const char *rtl_reduce_test(rtl_gen *g, const rtl_stage *st, bool last)
{
	const sched_stmt *s = st->s;
	const char *r = NULL;
	for (int d = s->n_vars; d < s->n_dims; d++) {
		const char *c = rtl_fmt(g, "(%s_idx[%d:%d] == 32'd%lld)", st->name,
			d * 32 + 31, d * 32, (long long) (last ? s->ext[d] - 1 : 0));
		r = r ? rtl_fmt(g, "%s && %s", r, c) : c;
	}
	return r ? r : "1'b1";
}

/* The reduction's first and last tests (on the counters, in the fire
 * cycle) as of cycle c. */
static const char *rtl_reduce_flag(rtl_gen *g, rtl_stage *st, bool last, int c)
{
	const char *nm = st->name, *f = last ? "last" : "first";
	fprintf(g->out, "    wire %s_%s = %s;\n", nm, f, rtl_reduce_test(g, st, last));
	return rtl_delay(g, st, rtl_fmt(g, "%s_%s", nm, f), 1, 0, c);
}

/* The accumulator's next value from a (acc_in) and the body's value v:
 * sum a + v; maximum picks v when a < v, minimum when v < a, decided when
 * the body's interval decides it against the whole type's (a body that is
 * the start value itself). */
static const char *rtl_reduce_next(rtl_gen *g, rtl_stage *st, ir_type t,
	const char *a, const char *v)
{
	const ir_expr *r = st->s->decl->body;
	ir_reduce_op op = r->u.reduce.op;
	if (op == IR_RED_SUM)
		return rtl_fmt(g, "%s + %s", a, v);
	bool max = op == IR_RED_MAXIMUM;
	ir_range ra = va_type_range(t), rv = rtl_range(st, r->u.reduce.body, t);
	int k = va_range_compare(IR_OP_LT, max ? ra : rv, max ? rv : ra);
	if (k >= 0)
		return k ? v : a;
	return rtl_fmt(g, "(%s) ? %s : %s", rtl_compare(g, IR_OP_LT, t.is_signed,
		max ? a : v, max ? v : a), v, a);
}

static void rtl_reduction(rtl_gen *g, rtl_stage *st, const char **value,
	const char **valid)
{
	FILE *o = g->out;
	const sched_stmt *s = st->s;
	const ir_expr *r = s->decl->body;
	ir_type t = s->decl->type;
	const char *nm = st->name;
	int c = sched_acc_cycle(s);
	g->need = c;
	const char *v = rtl_operand(g, st, r->u.reduce.body, t);
	ir_reduce_op op = r->u.reduce.op;
	uint64_t ident = op == IR_RED_SUM ? 0 : op == IR_RED_MAXIMUM
		? ir_type_min(t) : ir_type_max(t);
	const char *sum = op == IR_RED_SUM ? "sum" : op == IR_RED_MAXIMUM ? "maximum"
		: "minimum";
	fprintf(o, "    // %s: the accumulator starts from %s at the first reduction iteration%s\n",
		sum, rtl_const(g, t.bits, ident), c ? rtl_fmt(g, " (in cycle %d)", c) : "");
	const char *first = rtl_reduce_flag(g, st, false, c);
	const char *last = rtl_reduce_flag(g, st, true, c);
	const char *fire = rtl_fire_at(g, st, c);
	fprintf(o, "    reg [%d:0] %s_acc;\n", t.bits - 1, nm);
	fprintf(o, "    wire [%d:0] %s_acc_in = %s ? %s : %s_acc;\n", t.bits - 1, nm,
		first, rtl_const(g, t.bits, ident), nm);
	const char *a = rtl_fmt(g, "%s_acc_in", nm);
	const char *next = rtl_reduce_next(g, st, t, a, v);
	fprintf(o, "    wire [%d:0] %s_acc_next = %s;\n", t.bits - 1, nm, next);
	fprintf(o, "    always @(posedge clk)\n        if (ce && %s)\n"
		"            %s_acc <= %s_acc_next;\n", fire, nm, nm);
	fprintf(o, "    wire %s_done = %s && %s;\n", nm, fire, last);
	*value = rtl_fmt(g, "%s_acc_next", nm);
	*valid = rtl_fmt(g, "%s_done", nm);
}

void rtl_datapath(rtl_gen *g, rtl_stage *st, const char **value,
	const char **valid)
{
	const sched_stmt *s = st->s;
	if (s->is_reduction) {
		rtl_reduction(g, st, value, valid);
		return;
	}
	int c = sched_value_cycle(s);
	g->need = c;
	*value = rtl_operand(g, st, s->decl->body, s->decl->type);
	*valid = rtl_fire_at(g, st, c);
}
