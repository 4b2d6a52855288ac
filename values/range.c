/* values/range.c: the interval of values an expression can take.
 * Stage: basics shared by rtlgen (which emits an expression whose value
 * is one constant as that literal, and decides comparisons whose operands'
 * intervals decide them: a lint rightly flags a constant comparison) and
 * later analyses.  Owns no memory.
 *
 * Values are mathematical integers: a uN in [0, 2^N), an iN in
 * [-2^(N-1), 2^(N-1)), an index expression in int64.  The interval is
 * conservative (every value the expression takes at any point of the
 * variables' intervals lies in it) and exact on constants: when every
 * leaf is a constant, lo == hi is the value ir_eval_* gives (the same
 * functions the CPU reference runs).  A rule that cannot bound a result
 * gives the whole type. */
#include <stdlib.h>

#include "values/values.h"

typedef __int128 rg_int;

/* ---------------------------------------------------------------- helpers */

static ir_range rg_make(rg_int lo, rg_int hi)
{
	ir_range r = { lo, hi };
	return r;
}

/* The whole of type t (none: int64). */
static ir_range rg_full(ir_type t)
{
	if (ir_type_none(t))
		return rg_make(INT64_MIN, INT64_MAX);
	if (t.is_signed)
		return rg_make(-((rg_int) 1 << (t.bits - 1)), ((rg_int) 1 << (t.bits - 1)) - 1);
	return rg_make(0, ((rg_int) 1 << t.bits) - 1);
}

static bool rg_single(ir_range r)
{
	return r.lo == r.hi;
}

/* A normalised value of t as a mathematical integer, and back. */
static rg_int rg_value(ir_type t, uint64_t v)
{
	if (ir_type_none(t) || t.is_signed)
		return (int64_t) v;
	return v;
}

static uint64_t rg_norm(ir_type t, rg_int v)
{
	return ir_type_none(t) ? (uint64_t) v : ir_norm(t, (uint64_t) v);
}

/* [lo, hi] (mathematical) reduced modulo 2^N into t, as a cast or a
 * wrapping operation does: kept when both ends fall in one window, else
 * the whole type.  Index values: kept when in int64. */
static ir_range rg_wrap(ir_type t, rg_int lo, rg_int hi)
{
	ir_range f = rg_full(t);
	if (lo >= f.lo && hi <= f.hi)
		return rg_make(lo, hi);
	if (ir_type_none(t) || hi - lo > f.hi - f.lo)
		return f;
	rg_int span = f.hi - f.lo + 1, k = (lo - f.lo) / span;
	if (lo - f.lo < 0 && (lo - f.lo) % span)
		k--;
	lo -= k * span;
	hi -= k * span;
	return hi <= f.hi ? rg_make(lo, hi) : f;
}

static int rg_bits(rg_int v)
{
	unsigned __int128 m = v < 0 ? (unsigned __int128) -v : (unsigned __int128) v;
	int b = 0;
	while (m >> b)
		b++;
	return b;
}

/* The smallest interval holding the products of the corners; false when
 * one might not fit 125 bits. */
static bool rg_mul(ir_range a, ir_range b, ir_range *r)
{
	rg_int c[4];
	int ab = rg_bits(a.lo) > rg_bits(a.hi) ? rg_bits(a.lo) : rg_bits(a.hi);
	int bb = rg_bits(b.lo) > rg_bits(b.hi) ? rg_bits(b.lo) : rg_bits(b.hi);
	if (ab + bb > 125)
		return false;
	c[0] = a.lo * b.lo; c[1] = a.lo * b.hi; c[2] = a.hi * b.lo; c[3] = a.hi * b.hi;
	*r = rg_make(c[0], c[0]);
	for (int i = 1; i < 4; i++) {
		r->lo = c[i] < r->lo ? c[i] : r->lo;
		r->hi = c[i] > r->hi ? c[i] : r->hi;
	}
	return true;
}

static rg_int rg_floordiv(rg_int a, rg_int d)
{
	rg_int q = a / d;
	return (a % d != 0 && (a < 0) != (d < 0)) ? q - 1 : q;
}

/* ---------------------------------------------------------------- comparisons */

int va_range_compare(ir_op op, ir_range a, ir_range b)
{
	switch (op) {
	case IR_OP_EQ:
	case IR_OP_NE: {
		int eq = rg_single(a) && rg_single(b) && a.lo == b.lo ? 1
			: (a.hi < b.lo || b.hi < a.lo) ? 0 : -1;
		return eq < 0 ? -1 : op == IR_OP_EQ ? eq : !eq;
	}
	case IR_OP_LT: return a.hi < b.lo ? 1 : a.lo >= b.hi ? 0 : -1;
	case IR_OP_LE: return a.hi <= b.lo ? 1 : a.lo > b.hi ? 0 : -1;
	case IR_OP_GT: return va_range_compare(IR_OP_LT, b, a);
	case IR_OP_GE: return va_range_compare(IR_OP_LE, b, a);
	default: sl_unreachable();
	}
}

/* The truth of a value: 1 when never 0, 0 when always 0, else -1. */
static int rg_truth(ir_range a)
{
	if (a.lo == 0 && a.hi == 0)
		return 0;
	return (a.lo > 0 || a.hi < 0) ? 1 : -1;
}

static ir_range rg_bool(int k)
{
	return k < 0 ? rg_make(0, 1) : rg_make(k, k);
}

/* ---------------------------------------------------------------- operators */

/* x / d and x % d for a constant d (0 gives 0, as ir_eval_binop). */
static ir_range rg_divmod(ir_op op, ir_type t, ir_range a, rg_int d)
{
	if (d == 0)
		return rg_make(0, 0);
	if (op == IR_OP_DIV) {
		rg_int x = a.lo / d, y = a.hi / d;	/* truncation, monotone in x */
		return rg_wrap(t, x < y ? x : y, x < y ? y : x);
	}
	rg_int m = d < 0 ? -d : d;
	if (a.hi <= 0 && a.lo < 0) {	/* negative dividends: -((-x) % m) */
		ir_range p = rg_divmod(op, t, rg_make(-a.hi, -a.lo), m);
		return rg_make(-p.hi, -p.lo);
	}
	if (a.lo >= 0)
		return a.lo / m == a.hi / m ? rg_make(a.lo % m, a.hi % m) : rg_make(0, m - 1);
	return rg_make(a.lo > -(m - 1) ? a.lo : -(m - 1), a.hi < m - 1 ? a.hi : m - 1);
}

/* The amounts a shift reads from b (of type bt), capped at n. */
static ir_range rg_amount(ir_type bt, ir_range b, int n)
{
	if (b.lo < 0) {
		int w = ir_type_none(bt) ? 64 : bt.bits;
		b = rg_make(0, ((rg_int) 1 << w) - 1);
	}
	return rg_make(b.lo < n ? b.lo : n, b.hi < n ? b.hi : n);
}

/* x >> k is floor(x / 2^min(k, N)) for uN and iN alike; x << k is
 * x * 2^min(k, N) wrapped. */
static ir_range rg_shift(ir_op op, ir_type t, ir_range a, ir_range k)
{
	ir_range p = rg_make((rg_int) 1 << k.lo, (rg_int) 1 << k.hi), r;
	if (op == IR_OP_SHL)
		return rg_mul(a, p, &r) ? rg_wrap(t, r.lo, r.hi) : rg_full(t);
	rg_int c[4] = { rg_floordiv(a.lo, p.lo), rg_floordiv(a.lo, p.hi),
		rg_floordiv(a.hi, p.lo), rg_floordiv(a.hi, p.hi) };
	r = rg_make(c[0], c[0]);
	for (int i = 1; i < 4; i++) {
		r.lo = c[i] < r.lo ? c[i] : r.lo;
		r.hi = c[i] > r.hi ? c[i] : r.hi;
	}
	return r;
}

/* & | ^ on non-negative operands stay within the wider one's bits. */
static ir_range rg_bitwise(ir_op op, ir_type t, ir_range a, ir_range b)
{
	ir_range z = rg_make(0, 0), ones = rg_make(-1, -1);
	rg_int top = a.hi > b.hi ? a.hi : b.hi;
	rg_int fill = ((rg_int) 1 << rg_bits(top)) - 1;
	if (op == IR_OP_AND) {
		if ((a.lo == 0 && a.hi == 0) || (b.lo == 0 && b.hi == 0))
			return z;
		if (a.lo >= 0 || b.lo >= 0)
			return rg_make(0, a.lo >= 0 && (b.lo < 0 || a.hi < b.hi) ? a.hi : b.hi);
		return rg_full(t);
	}
	if (op == IR_OP_OR && t.is_signed && ((a.lo == -1 && a.hi == -1)
	    || (b.lo == -1 && b.hi == -1)))
		return ones;
	if (a.lo < 0 || b.lo < 0)
		return rg_full(t);
	if (op == IR_OP_OR)
		return rg_make(a.lo > b.lo ? a.lo : b.lo, fill);
	return rg_make(0, fill);
}

static ir_range rg_logic(ir_op op, ir_range a, ir_range b)
{
	int x = rg_truth(a), y = rg_truth(b);
	if (op == IR_OP_LAND)
		return rg_bool(x == 0 || y == 0 ? 0 : x == 1 && y == 1 ? 1 : -1);
	return rg_bool(x == 1 || y == 1 ? 1 : x == 0 && y == 0 ? 0 : -1);
}

/* ---------------------------------------------------------------- nodes */

typedef struct rg_env {
	const int64_t *lo, *hi;
	int n;
} rg_env;

static ir_range rg_expr(const ir_expr *e, const rg_env *env);

/* e's interval as an operand of type t (an index operand keeps t's low
 * bits, as rtlgen's conversion does). */
static ir_range rg_operand(const ir_expr *e, ir_type t, const rg_env *env)
{
	ir_range r = rg_expr(e, env);
	return ir_type_eq(e->type, t) ? r : rg_wrap(t, r.lo, r.hi);
}

/* Index arithmetic: mathematical, floor / and % by a positive constant. */
static ir_range rg_index_binary(ir_op op, ir_range a, ir_range b)
{
	ir_type none = ir_type_make(false, 0);
	ir_range r;
	switch (op) {
	case IR_OP_ADD: return rg_wrap(none, a.lo + b.lo, a.hi + b.hi);
	case IR_OP_SUB: return rg_wrap(none, a.lo - b.hi, a.hi - b.lo);
	case IR_OP_MUL: return rg_mul(a, b, &r) ? rg_wrap(none, r.lo, r.hi) : rg_full(none);
	case IR_OP_MIN: return rg_make(a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi);
	case IR_OP_MAX: return rg_make(a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
	case IR_OP_DIV:
	case IR_OP_MOD:
		if (!rg_single(b) || b.lo <= 0)
			return rg_full(none);
		if (op == IR_OP_DIV)
			return rg_make(rg_floordiv(a.lo, b.lo), rg_floordiv(a.hi, b.lo));
		if (rg_floordiv(a.lo, b.lo) == rg_floordiv(a.hi, b.lo))
			return rg_make(a.lo - rg_floordiv(a.lo, b.lo) * b.lo,
				a.hi - rg_floordiv(a.hi, b.lo) * b.lo);
		return rg_make(0, b.lo - 1);
	default: return rg_full(none);
	}
}

/* Are a and b the same expression (so one value at every point)?  Reads
 * of a func or an input at the same indices are. */
static bool rg_same(const ir_expr *a, const ir_expr *b)
{
	if (a == b)
		return true;
	if (a->kind != b->kind || !ir_type_eq(a->type, b->type) || a->n_args != b->n_args ||
	    a->op != b->op)
		return false;
	switch (a->kind) {
	case IR_CONST: return a->u.cval == b->u.cval;
	case IR_VAR: return a->u.var.slot == b->u.var.slot;
	case IR_ACCESS: if (a->u.access.decl != b->u.access.decl) return false; break;
	case IR_REDUCE: return false;
	default: break;
	}
	for (int i = 0; i < a->n_args; i++)
		if (!rg_same(a->args[i], b->args[i]))
			return false;
	return true;
}

/* x * x over x in a: a square is never negative. */
static ir_range rg_square(ir_type t, ir_range a)
{
	ir_range r;
	if (!rg_mul(a, a, &r))
		return rg_full(t);
	if (a.lo < 0 && a.hi > 0)
		r.lo = 0;
	return rg_wrap(t, r.lo, r.hi);
}

/* A typed binary operator over operand intervals a and b (for shifts, b
 * is the amount operand's own interval). */
static ir_range rg_typed_binary(const ir_expr *e, ir_type t, ir_range a, ir_range b)
{
	ir_type bt = e->args[1]->type;
	ir_range r;
	bool shift = ir_op_info[e->op].typing == IR_TY_SHIFT;
	if (rg_single(a) && rg_single(b)) {
		uint64_t x = rg_norm(t, a.lo), y = rg_norm(shift ? bt : t, b.lo);
		if (shift)
			y = ir_shift_amount(ir_type_none(bt) ? ir_type_make(false, 64) : bt, y);
		uint64_t v = ir_eval_binop(e->op, t, x, y);
		return rg_make(rg_value(e->type, v), rg_value(e->type, v));
	}
	switch (e->op) {
	case IR_OP_ADD: return rg_wrap(t, a.lo + b.lo, a.hi + b.hi);
	case IR_OP_SUB: return rg_wrap(t, a.lo - b.hi, a.hi - b.lo);
	case IR_OP_MUL:
		if (rg_same(e->args[0], e->args[1]))
			return rg_square(t, a);
		return rg_mul(a, b, &r) ? rg_wrap(t, r.lo, r.hi) : rg_full(t);
	case IR_OP_DIV: case IR_OP_MOD:
		return rg_single(b) ? rg_divmod(e->op, t, a, b.lo) : rg_full(t);
	case IR_OP_SHL: case IR_OP_SHR:
		return rg_shift(e->op, t, a, rg_amount(bt, b, t.bits));
	case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR:
		return rg_bitwise(e->op, t, a, b);
	case IR_OP_LAND: case IR_OP_LOR:
		return rg_logic(e->op, a, b);
	case IR_OP_MIN: case IR_OP_MAX:
		return rg_index_binary(e->op, a, b);
	default:	/* any other: a comparison, else the whole result type */
		if (ir_op_info[e->op].typing == IR_TY_COMPARE)
			return rg_bool(va_range_compare(e->op, a, b));
		return rg_full(e->type);
	}
}

static ir_range rg_binary(const ir_expr *e, const rg_env *env)
{
	ir_type t = e->args[0]->type;
	ir_op_typing ty = ir_op_info[e->op].typing;
	if (ty == IR_TY_SHIFT)
		return rg_typed_binary(e, t, rg_expr(e->args[0], env),
			rg_expr(e->args[1], env));
	if (ty == IR_TY_LOGIC)
		return rg_logic(e->op, rg_expr(e->args[0], env), rg_expr(e->args[1], env));
	if (ir_type_none(t))
		t = e->args[1]->type;
	if (ir_type_none(t))
		return rg_index_binary(e->op, rg_expr(e->args[0], env),
			rg_expr(e->args[1], env));
	return rg_typed_binary(e, t, rg_operand(e->args[0], t, env),
		rg_operand(e->args[1], t, env));
}

static ir_range rg_unary(const ir_expr *e, const rg_env *env)
{
	ir_type t = e->args[0]->type;
	ir_range a = rg_expr(e->args[0], env);
	if (ir_op_info[e->op].typing == IR_TY_LOGIC) {	/* ! */
		int k = rg_truth(a);
		return rg_bool(k < 0 ? -1 : !k);
	}
	if (ir_type_none(t))	/* index: only NEG */
		return rg_wrap(t, -a.hi, -a.lo);
	if (rg_single(a)) {
		uint64_t v = ir_eval_unop(e->op, t, rg_norm(t, a.lo));
		return rg_make(rg_value(e->type, v), rg_value(e->type, v));
	}
	ir_range f = rg_full(t);
	switch (e->op) {
	case IR_OP_NEG: return rg_wrap(t, -a.hi, -a.lo);
	case IR_OP_NOT:		/* ~x is -1 - x on iN, MAX - x on uN */
		return t.is_signed ? rg_make(-1 - a.hi, -1 - a.lo)
			: rg_make(f.hi - a.hi, f.hi - a.lo);
	case IR_OP_ABS:
		if (a.lo >= 0)
			return a;
		if (a.hi <= 0)
			return rg_make(-a.hi, -a.lo);
		return rg_make(0, -a.lo > a.hi ? -a.lo : a.hi);
	default: return rg_full(e->type);	/* an operator without a rule here */
	}
}

static ir_range rg_select(const ir_expr *e, const rg_env *env)
{
	int k = rg_truth(rg_expr(e->args[0], env));
	ir_range a = k == 0 ? rg_make(0, 0) : rg_operand(e->args[1], e->type, env);
	ir_range b = k == 1 ? rg_make(0, 0) : rg_operand(e->args[2], e->type, env);
	if (k >= 0)
		return k ? a : b;
	return rg_make(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
}

/* A const's values bound its reads (scanned when not too many). */
static ir_range rg_access(const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	ir_type t = e->type;
	int64_t n = 1;
	if (d->has_vrange && (d->kind == IR_DECL_FUNC || ir_type_eq(d->type, t)))
		/* a lowered program's (values/narrow.c) */
		return rg_wrap(t, d->vrange.lo, d->vrange.hi);
	if (d->kind != IR_DECL_CONST || !d->data || !ir_type_eq(d->type, t))
		return rg_full(t);
	for (int i = 0; i < d->n_dims && n <= (1 << 20); i++)
		n *= d->extents[i];
	if (n < 1 || n > (1 << 20))
		return rg_full(t);
	ir_range r = rg_make(rg_value(t, d->data[0]), rg_value(t, d->data[0]));
	for (int64_t i = 1; i < n; i++) {
		rg_int v = rg_value(t, d->data[i]);
		r.lo = v < r.lo ? v : r.lo;
		r.hi = v > r.hi ? v : r.hi;
	}
	return r;
}

static ir_range rg_var(const ir_expr *e, const rg_env *env)
{
	int s = e->u.var.slot;
	ir_range r = rg_full(ir_type_make(false, 0));
	if (s >= 0 && s < env->n && env->lo[s] <= env->hi[s])
		r = rg_make(env->lo[s], env->hi[s]);
	return ir_type_none(e->type) ? r : rg_wrap(e->type, r.lo, r.hi);
}

/* sum wraps n values of the body's interval; maximum and minimum of n >= 1
 * values lie in it; no iteration at all leaves the start value. */
static ir_range rg_reduce(const ir_expr *e, const rg_env *env)
{
	ir_type t = e->type;
	int n_slots = env->n;
	rg_int n = 1;
	for (int i = 0; i < e->u.reduce.n_rvars; i++) {
		const ir_rvar *v = &e->u.reduce.rvars[i];
		n_slots = v->slot >= n_slots ? v->slot + 1 : n_slots;
		n *= v->hi > v->lo ? (rg_int) v->hi - v->lo : 0;
		n = n > ((rg_int) 1 << 64) ? ((rg_int) 1 << 64) : n;
	}
	int64_t *lo = sl_xcalloc((size_t) n_slots + 1, sizeof(int64_t));
	int64_t *hi = sl_xcalloc((size_t) n_slots + 1, sizeof(int64_t));
	for (int s = 0; s < n_slots; s++) {
		lo[s] = s < env->n ? env->lo[s] : 1;
		hi[s] = s < env->n ? env->hi[s] : 0;
	}
	for (int i = 0; i < e->u.reduce.n_rvars; i++) {
		const ir_rvar *v = &e->u.reduce.rvars[i];
		lo[v->slot] = v->lo;
		hi[v->slot] = v->hi - 1;
	}
	rg_env inner = { lo, hi, n_slots };
	ir_range b = rg_operand(e->u.reduce.body, t, &inner), r;
	free(lo);
	free(hi);
	ir_range f = rg_full(t);
	if (n == 0)
		return e->u.reduce.op == IR_RED_SUM ? rg_make(0, 0)
			: e->u.reduce.op == IR_RED_MAXIMUM ? rg_make(f.lo, f.lo) : rg_make(f.hi, f.hi);
	if (e->u.reduce.op != IR_RED_SUM)
		return b;
	return rg_mul(b, rg_make(n, n), &r) ? rg_wrap(t, r.lo, r.hi) : f;
}

static ir_range rg_expr(const ir_expr *e, const rg_env *env)
{
	switch (e->kind) {
	case IR_CONST: {
		rg_int v = rg_value(e->type, e->u.cval);
		return rg_make(v, v);
	}
	case IR_VAR: return rg_var(e, env);
	case IR_ACCESS: return rg_access(e);
	case IR_UNARY: return rg_unary(e, env);
	case IR_BINARY: return rg_binary(e, env);
	case IR_SELECT: return rg_select(e, env);
	case IR_CAST: return rg_operand(e->args[0], e->type, env);
	case IR_REDUCE: return rg_reduce(e, env);
	}
	sl_unreachable();
}

/* ---------------------------------------------------------------- entry points */

ir_range va_expr_range(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots)
{
	rg_env env = { slot_lo, slot_hi, slot_lo && slot_hi ? n_slots : 0 };
	return rg_expr(e, &env);
}

bool va_expr_const(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots, uint64_t *v)
{
	ir_range r = va_expr_range(e, slot_lo, slot_hi, n_slots);
	if (r.lo != r.hi)
		return false;
	*v = rg_norm(e->type, r.lo);
	return true;
}

ir_range va_type_range(ir_type t)
{
	return rg_full(t);
}

ir_range va_operand_range(const ir_expr *e, ir_type t, const int64_t *slot_lo,
	const int64_t *slot_hi, int n_slots)
{
	rg_env env = { slot_lo, slot_hi, slot_lo && slot_hi ? n_slots : 0 };
	return rg_operand(e, t, &env);
}
