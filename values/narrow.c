/* values/narrow.c: every func and every operation at the width its values
 * need (docs/hardware.md, "Value-range widths").
 * Stage: on the lowered program, before lanes, the DSP decision and the
 * schedule (flow/flow.c), so that every later stage reads one decision,
 * the types: buffer words, datapath wires, DSP splits, the delay model,
 * the estimate, the tiles and the cycle model.  The CPU reference runs
 * the program as written, so every simulation checks this pass.
 *
 * Two rewrites, both exact for every input:
 *   - a product with a constant of at most two signed-digit terms
 *     becomes shifts and one add or subtract (x * 2^k: x << k; x * 1: x);
 *   - with the interval of every value (values/range.c; a func's interval
 *     read wherever it is read, a const's from its data), a func that is
 *     not an output gets the narrowest type holding its interval, and an
 *     operation whose operands or result fit a narrower type is computed
 *     in it.  The type of every node seen from its parent is unchanged:
 *     a narrowed node is cast back.
 * Why each operation is exact:
 *   - + - * << (by a constant) ~ and unary -, & | ^ give their result's
 *     low N bits from their operands' low N bits alone, so computed in N
 *     bits they give the low N bits of the wide result; when the result's
 *     interval fits N bits, extending them back gives the value;
 *   - >> / % min max, comparisons, select and abs see their operands'
 *     values unchanged when one type holds every operand (and, for / and
 *     %, the result: MIN / -1 wraps in N bits only), and >> by k >= N of
 *     an N-bit value is 0 or -1 in N bits as in the wide type; / and %
 *     of values that are all non-negative truncate and floor alike;
 *   - a sum of N-bit wrapped terms is the wide sum's low N bits; maximum
 *     and minimum of values a type holds are those values.
 * Index variables are taken as unbounded (a run-time-configured design
 * meets larger frames than the one compiled); reduction variables have
 * their constant ranges.  Nodes are never changed in place: a rewritten
 * node is a new one, so shared subtrees stay valid. */
#include <stdlib.h>
#include <string.h>

#include "values/values.h"

typedef struct nw {
	sl_ctx *ctx;
	int64_t *lo, *hi;	/* slot intervals (lo > hi: unknown) */
	int n_slots;
} nw;

/* ---------------------------------------------------------------- types */

static int nw_bits_u(__int128 hi)
{
	int b = 1;
	while (b < 64 && ((__int128) 1 << b) <= hi)
		b++;
	return b;
}

/* The narrowest type holding every value of r (at most 64 bits). */
static ir_type nw_hold(ir_range r)
{
	if (r.lo >= 0)
		return ir_type_make(false, nw_bits_u(r.hi));
	__int128 m = -r.lo - 1 > r.hi ? -r.lo - 1 : r.hi;
	int b = nw_bits_u(m) + 1;
	return ir_type_make(true, b < 2 ? 2 : b > 64 ? 64 : b);
}

static bool nw_holds(ir_type t, ir_range r)
{
	ir_range f = va_type_range(t);
	return r.lo >= f.lo && r.hi <= f.hi;
}

/* Is "to" narrower than "from" and does it hold r? */
static bool nw_narrower(ir_type to, ir_type from, ir_range r)
{
	return !ir_type_none(from) && to.bits < from.bits && nw_holds(to, r);
}

static ir_range nw_union(ir_range a, ir_range b)
{
	ir_range r = { a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi };
	return r;
}

/* ---------------------------------------------------------------- nodes */

static ir_expr *nw_copy(nw *w, const ir_expr *e, ir_type t)
{
	ir_expr *n = ir_expr_alloc(w->ctx, e->kind, e->loc, e->n_args);
	ir_expr **args = n->args;
	*n = *e;
	n->args = args;
	n->type = t;
	for (int i = 0; i < e->n_args; i++)
		n->args[i] = e->args[i];
	return n;
}

/* e as a value of type t: e itself when it has it, a constant folded,
 * and the cast of an exact extension looked through (t(T(x)) = t(x) when
 * T holds every value of x's type). */
static ir_expr *nw_cast(nw *w, ir_expr *e, ir_type t)
{
	if (ir_type_eq(e->type, t))
		return e;
	if (e->kind == IR_CAST && !ir_type_none(e->args[0]->type) &&
	    nw_holds(e->type, va_type_range(e->args[0]->type)))
		return nw_cast(w, e->args[0], t);
	ir_expr *c;
	if (e->kind == IR_CONST && !ir_type_none(e->type)) {
		c = ir_expr_alloc(w->ctx, IR_CONST, e->loc, 0);
		c->u.cval = ir_eval_cast(t, e->type, e->u.cval);
	} else {
		c = ir_expr_alloc(w->ctx, IR_CAST, e->loc, 1);
		c->args[0] = e;
	}
	c->type = t;
	return c;
}

/* The constant v (in e's type) where e was. */
static ir_expr *nw_const(nw *w, const ir_expr *e, __int128 v)
{
	ir_expr *c = ir_expr_alloc(w->ctx, IR_CONST, e->loc, 0);
	c->type = e->type;
	c->u.cval = ir_norm(e->type, (uint64_t) v);
	return c;
}

static ir_range nw_range(const nw *w, const ir_expr *e)
{
	return va_expr_range(e, w->lo, w->hi, w->n_slots);
}

static ir_range nw_operand(const nw *w, const ir_expr *e, ir_type t)
{
	return va_operand_range(e, t, w->lo, w->hi, w->n_slots);
}

static ir_expr *nw_expr(nw *w, ir_expr *e);

/* e's arguments rewritten; e itself when none changed. */
static ir_expr *nw_args(nw *w, ir_expr *e)
{
	ir_expr *n = NULL;
	for (int i = 0; i < e->n_args; i++) {
		if (ir_type_none(e->args[i]->type) && e->kind != IR_CAST)
			continue;	/* an index: address arithmetic */
		ir_expr *a = nw_expr(w, e->args[i]);
		if (a == e->args[i])
			continue;
		if (!n)
			n = nw_copy(w, e, e->type);
		n->args[i] = a;
	}
	return n ? n : e;
}

/* Operators that give their result's low bits from their operands' low
 * bits: the shift only by a constant below the width. */
static bool nw_low_bits(const ir_expr *e, int bits)
{
	switch (e->op) {
	case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL:
	case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR:
		return e->kind == IR_BINARY;
	case IR_OP_NEG: case IR_OP_NOT:
		return e->kind == IR_UNARY;
	case IR_OP_SHL: {
		const ir_expr *k = e->args[1];
		return k->kind == IR_CONST && !ir_type_none(k->type) &&
			ir_shift_amount(k->type, k->u.cval) < (uint64_t) bits;
	}
	default:
		return false;
	}
}

/* e (an operation of type T closed on low bits) computed in t:
 * T(op_t(t(a), t(b))); a shift's amount is kept. */
static ir_expr *nw_in_low_bits(nw *w, ir_expr *e, ir_type t)
{
	ir_expr *n = nw_copy(w, e, t);
	n->mul_id = n->dsps = 0;
	int k = e->op == IR_OP_SHL ? 1 : e->n_args;
	for (int i = 0; i < e->n_args; i++) {
		ir_expr *a = nw_expr(w, e->args[i]);
		n->args[i] = i < k ? nw_cast(w, a, t) : a;
	}
	return nw_cast(w, n, e->type);
}

/* The operands' common type where it can be narrower: the union of the
 * operand intervals (and, for / and %, the result's). */
static ir_range nw_operands(const nw *w, const ir_expr *e, ir_type t, int from, int to)
{
	ir_range r = nw_operand(w, e->args[from], t);
	for (int i = from + 1; i < to; i++)
		r = nw_union(r, nw_operand(w, e->args[i], t));
	if (e->op == IR_OP_DIV || e->op == IR_OP_MOD)
		r = nw_union(r, nw_range(w, e));
	return r;
}

/* e (comparison, min, max, >>, /, %, select, abs) with its value
 * operands args[from, to) converted to t; the result type follows. */
static ir_expr *nw_in_operands(nw *w, ir_expr *e, ir_type t, int from, int to)
{
	ir_type rt = e->type;
	if (ir_op_info[e->op].typing == IR_TY_UNSIGNED && e->kind == IR_UNARY)
		rt = ir_type_make(false, t.bits);	/* abs */
	else if (e->kind == IR_SELECT || ir_op_info[e->op].typing != IR_TY_COMPARE)
		rt = t;
	ir_expr *n = nw_copy(w, e, rt);
	n->mul_id = n->dsps = 0;
	for (int i = 0; i < e->n_args; i++) {
		if (ir_type_none(e->args[i]->type))
			continue;
		ir_expr *a = nw_expr(w, e->args[i]);
		n->args[i] = i >= from && i < to ? nw_cast(w, a, t) : a;
	}
	return nw_cast(w, n, e->type);
}

/* Which value operands share the operation's type: [from, to). */
static bool nw_operand_span(const ir_expr *e, int *from, int *to)
{
	if (e->kind == IR_SELECT) {
		*from = 1;
		*to = 3;
		return true;
	}
	if (e->kind == IR_UNARY) {
		*from = 0;
		*to = 1;
		return e->op == IR_OP_ABS;
	}
	*from = 0;
	*to = e->op == IR_OP_SHR ? 1 : 2;
	switch (e->op) {
	case IR_OP_SHR: case IR_OP_DIV: case IR_OP_MOD: case IR_OP_MIN: case IR_OP_MAX:
		return true;
	default:
		return ir_op_info[e->op].typing == IR_TY_COMPARE;
	}
}

/* The type an operation works at: its operands' (a comparison's, abs's),
 * else its own; none for index arithmetic. */
static ir_type nw_work_type(const ir_expr *e)
{
	if (e->kind == IR_SELECT)
		return e->type;
	for (int i = 0; i < e->n_args && i < 2; i++)
		if (!ir_type_none(e->args[i]->type))
			return e->args[i]->type;
	return e->type;
}

static ir_expr *nw_operation(nw *w, ir_expr *e)
{
	ir_type t = nw_work_type(e);
	int from, to;
	if (ir_type_none(t))
		return nw_args(w, e);
	if (nw_low_bits(e, t.bits)) {
		ir_range r = nw_range(w, e);
		ir_type n = nw_hold(r);
		if (nw_narrower(n, t, r))
			return nw_in_low_bits(w, e, n);
	} else if (nw_operand_span(e, &from, &to)) {
		ir_range r = nw_operands(w, e, t, from, to);
		ir_type n = nw_hold(r);
		if (e->kind == IR_UNARY && !n.is_signed)	/* abs of a signed value */
			n = ir_type_make(true, n.bits + 1);
		if (nw_narrower(n, t, r))
			return nw_in_operands(w, e, n, from, to);
	}
	return nw_args(w, e);
}

/* A read of a func whose type was narrowed: the read at the func's type,
 * extended back. */
static ir_expr *nw_access(nw *w, ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	ir_range r = nw_range(w, e);
	if (r.lo == r.hi)	/* one value: no read at all */
		return nw_const(w, e, r.lo);
	ir_expr *n = nw_args(w, e);
	if (d->kind != IR_DECL_FUNC || ir_type_eq(d->type, e->type))
		return n;
	if (n == e)
		n = nw_copy(w, e, d->type);
	n->type = d->type;
	return nw_cast(w, n, e->type);
}

/* A reduction, the whole body of its func, computed in t: its body with
 * the reduction variables' ranges. */
static ir_expr *nw_reduce(nw *w, ir_expr *e, ir_type t)
{
	int nr = e->u.reduce.n_rvars;
	int64_t *save = sl_xcalloc(2 * (size_t) nr + 1, sizeof(int64_t));
	for (int i = 0; i < nr; i++) {
		int s = e->u.reduce.rvars[i].slot;
		if (s < 0 || s >= w->n_slots)
			continue;
		save[2 * i] = w->lo[s];
		save[2 * i + 1] = w->hi[s];
		w->lo[s] = e->u.reduce.rvars[i].lo;
		w->hi[s] = e->u.reduce.rvars[i].hi - 1;
	}
	ir_expr *body = nw_cast(w, nw_expr(w, e->u.reduce.body), t);
	for (int i = 0; i < nr; i++) {
		int s = e->u.reduce.rvars[i].slot;
		if (s >= 0 && s < w->n_slots) {
			w->lo[s] = save[2 * i];
			w->hi[s] = save[2 * i + 1];
		}
	}
	free(save);
	if (body == e->u.reduce.body && ir_type_eq(t, e->type))
		return e;
	ir_expr *n = nw_copy(w, e, t);
	n->u.reduce.body = body;
	return n;
}

static ir_expr *nw_expr(nw *w, ir_expr *e)
{
	switch (e->kind) {
	case IR_CONST: case IR_VAR:
		return e;
	case IR_ACCESS:
		return nw_access(w, e);
	case IR_CAST: {
		ir_expr *a = ir_type_none(e->args[0]->type) ? e->args[0] : nw_expr(w, e->args[0]);
		if (a == e->args[0])
			return e;
		return nw_cast(w, a, e->type);
	}
	case IR_REDUCE:
		return nw_reduce(w, e, e->type);
	case IR_UNARY: case IR_BINARY: case IR_SELECT:
		return ir_type_none(e->type) ? e : nw_operation(w, e);
	}
	sl_unreachable();
}

/* ------------------------------------------------ products with constants */

/* c (of width n) as signed digits: c = sum d_i 2^i, d_i in {-1, 0, 1}, no
 * two adjacent non-zero (modulo 2^n); the number of non-zero digits, at
 * most "max" of them in pos[] and neg[]. */
static int nw_csd(uint64_t c, int n, int max, int *pos, bool *neg)
{
	int k = 0;
	unsigned __int128 v = n >= 64 ? c : c & ((1ull << n) - 1);
	for (int i = 0; v && i < n; i++, v >>= 1) {
		if (!(v & 1))
			continue;
		bool minus = (v & 3) == 3 && i + 1 < n;
		if (k < max) {
			pos[k] = i;
			neg[k] = minus;
		}
		k++;
		if (minus)
			v += 2;		/* ...0111 = ...1000 - 1 */
	}
	return k;
}

/* A deep copy of e: later stages give every node of a tree its own
 * wires (a read is one port), so no node is used twice. */
static ir_expr *nw_clone(nw *w, const ir_expr *e)
{
	ir_expr *n = nw_copy(w, e, e->type);
	if (e->kind == IR_REDUCE)
		n->u.reduce.body = nw_clone(w, e->u.reduce.body);
	for (int i = 0; i < e->n_args; i++)
		n->args[i] = nw_clone(w, e->args[i]);
	return n;
}

static ir_expr *nw_shl(nw *w, ir_expr *x, int k, sl_loc loc)
{
	if (k == 0)
		return x;
	ir_expr *s = ir_expr_alloc(w->ctx, IR_BINARY, loc, 2);
	s->op = IR_OP_SHL;
	s->type = x->type;
	s->args[0] = x;
	s->args[1] = ir_expr_alloc(w->ctx, IR_CONST, loc, 0);
	s->args[1]->type = x->type;
	s->args[1]->u.cval = (uint64_t) k;
	return s;
}

/* x * c in x's type as shifts and at most one add or subtract; NULL when
 * c needs more terms (a multiplier, DSP or logic, by the DSP decision). */
static ir_expr *nw_by_const(nw *w, ir_expr *x, uint64_t c, sl_loc loc)
{
	int pos[2];
	bool neg[2];
	int n = x->type.bits;
	int k = nw_csd(c, n, 2, pos, neg);
	if (k == 0 || k > 2 || n < 2 || (k == 2 && neg[1]))
		return NULL;	/* two digits: the higher must be +1 */
	ir_expr *a = nw_shl(w, x, pos[0], loc);
	if (k == 1) {
		if (!neg[0])
			return a;
		ir_expr *m = ir_expr_alloc(w->ctx, IR_UNARY, loc, 1);
		m->op = IR_OP_NEG;
		m->type = x->type;
		m->args[0] = a;
		return m;
	}
	ir_expr *s = ir_expr_alloc(w->ctx, IR_BINARY, loc, 2);
	s->op = neg[0] ? IR_OP_SUB : IR_OP_ADD;
	s->type = x->type;
	s->args[0] = nw_shl(w, nw_clone(w, x), pos[1], loc);
	s->args[1] = a;
	return s;
}

/* Bottom-up over values: every product with a constant of few terms. */
static ir_expr *nw_products(nw *w, ir_expr *e)
{
	if (e->kind == IR_CONST || e->kind == IR_VAR)
		return e;
	if (e->kind == IR_REDUCE) {
		ir_expr *b = nw_products(w, e->u.reduce.body);
		if (b == e->u.reduce.body)
			return e;
		ir_expr *n = nw_copy(w, e, e->type);
		n->u.reduce.body = b;
		return n;
	}
	ir_expr *n = NULL;
	for (int i = 0; i < e->n_args; i++) {
		if (ir_type_none(e->args[i]->type))
			continue;
		ir_expr *a = nw_products(w, e->args[i]);
		if (a == e->args[i])
			continue;
		if (!n)
			n = nw_copy(w, e, e->type);
		n->args[i] = a;
	}
	e = n ? n : e;
	if (e->kind != IR_BINARY || e->op != IR_OP_MUL || ir_type_none(e->type))
		return e;
	for (int i = 0; i < 2; i++)
		if (e->args[i]->kind == IR_CONST) {
			ir_expr *r = nw_by_const(w, e->args[1 - i], e->args[i]->u.cval, e->loc);
			if (r)
				return r;
		}
	return e;
}

/* ---------------------------------------------------------------- driver */

/* A const's interval, scanned once. */
static void nw_const_range(ir_decl *d)
{
	int64_t n = 1;
	for (int i = 0; i < d->n_dims; i++)
		n *= d->extents[i];
	if (!d->data || n < 1)
		return;
	ir_range r = { 0, 0 };
	for (int64_t i = 0; i < n; i++) {
		__int128 v = d->type.is_signed ? (__int128) (int64_t) d->data[i]
			: (__int128) d->data[i];
		r.lo = i == 0 || v < r.lo ? v : r.lo;
		r.hi = i == 0 || v > r.hi ? v : r.hi;
	}
	d->has_vrange = true;
	d->vrange = r;
}

static void nw_func(nw *w, ir_decl *f)
{
	w->n_slots = f->n_slots;
	w->lo = sl_xcalloc((size_t) f->n_slots + 1, sizeof(int64_t));
	w->hi = sl_xcalloc((size_t) f->n_slots + 1, sizeof(int64_t));
	for (int s = 0; s < f->n_slots; s++)
		w->lo[s] = 1;	/* unknown: lo > hi */
	f->body = nw_products(w, f->body);
	ir_range r = nw_range(w, f->body);
	ir_type t = nw_hold(r);
	if (f->is_output || !nw_narrower(t, f->type, r))
		t = f->type;
	f->declared_type = f->type;
	if (r.lo == r.hi)
		f->body = nw_cast(w, nw_const(w, f->body, r.lo), t);
	else if (f->body->kind == IR_REDUCE)
		f->body = nw_reduce(w, f->body, t);
	else
		f->body = nw_cast(w, nw_expr(w, f->body), t);
	f->type = t;
	f->has_vrange = true;
	f->vrange = r;
	free(w->lo);
	free(w->hi);
}

ir_expr *va_narrow_expr(sl_ctx *ctx, ir_expr *e, const int64_t *slot_lo,
	const int64_t *slot_hi, int n_slots)
{
	nw w = { ctx, sl_xcalloc((size_t) n_slots + 1, sizeof(int64_t)),
		sl_xcalloc((size_t) n_slots + 1, sizeof(int64_t)), n_slots };
	for (int s = 0; s < n_slots; s++) {
		w.lo[s] = slot_lo ? slot_lo[s] : 1;
		w.hi[s] = slot_hi ? slot_hi[s] : 0;
	}
	ir_expr *r = nw_expr(&w, nw_products(&w, e));
	free(w.lo);
	free(w.hi);
	return r;
}

void va_narrow(sl_ctx *ctx, ir_program *prog)
{
	nw w = { ctx, NULL, NULL, 0 };
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind == IR_DECL_CONST)
			nw_const_range(d);
		else if (d->kind == IR_DECL_FUNC && !d->dom_empty)
			nw_func(&w, d);
	}
}
