/* scheduler/lower.c: from the checked program to the scheduled form.
 * Stage: frontend -> [lower] -> statements -> schedule.  Three rewrites,
 * none of which changes a bit of any output:
 *   1. every access to an inline func is replaced by the func's body with
 *      its variables replaced by the access's index expressions (a
 *      variable used as a value becomes a cast of the index to i32);
 *   2. a reduction directly inside a reduction of the same operator is
 *      merged into it (sum of sums is one sum over both ranges);
 *   3. every other reduction that is not the whole body of its func is
 *      lifted into a new func "f.sum0" whose variables are the enclosing
 *      func's variables and the reduction variables in scope, and replaced
 *      by an access to it.
 * Afterwards a stored func's body is reduction-free, or exactly one
 * reduction whose body is reduction-free.  Unused and inline funcs are
 * dropped and bounds are inferred again on the result.  Everything is
 * allocated in the context's arena; the input program is not changed. */
#include <stdlib.h>
#include <string.h>

#include "scheduler/scheduler_private.h"
#include "values/values.h"

typedef struct lowerer {
	sl_ctx *ctx;
	ir_program *out;
	int cap;
	ir_decl **map;		/* original decl index -> lowered decl */
	bool remap;		/* accesses still name original decls */
} lowerer;

/* Where a variable slot of the source body goes: an index expression of
 * the target (func variables) or a new slot (reduction variables). */
typedef struct subst {
	const ir_expr **index;	/* per source slot, or NULL */
	int *slot;		/* per source slot, when index is NULL */
} subst;

static void add_decl(lowerer *lw, ir_decl *d)
{
	ir_program *p = lw->out;
	if (p->n_decls == lw->cap) {
		lw->cap = lw->cap ? 2 * lw->cap : 16;
		ir_decl **n = sl_alloc(lw->ctx, lw->cap * sizeof(*n));
		if (p->n_decls)
			memcpy(n, p->decls, p->n_decls * sizeof(*n));
		p->decls = n;
	}
	d->index = p->n_decls;
	p->decls[p->n_decls++] = d;
}

static ir_expr *copy_node(sl_ctx *ctx, const ir_expr *e)
{
	ir_expr *c = sl_alloc(ctx, sizeof(*c));
	*c = *e;
	if (e->n_args)
		c->args = sl_alloc(ctx, e->n_args * sizeof(*c->args));
	return c;
}

static ir_expr *rewrite(lowerer *lw, const ir_expr *e, const subst *s, ir_decl *f);

/* The body of inline func "g" at the indices "args" (in f's slots). */
static ir_expr *instantiate(lowerer *lw, const ir_decl *g, ir_expr **args, ir_decl *f)
{
	subst s;
	s.index = sl_alloc(lw->ctx, g->n_slots * sizeof(*s.index));
	s.slot = sl_alloc(lw->ctx, g->n_slots * sizeof(*s.slot));
	for (int i = 0; i < g->n_dims; i++)
		s.index[i] = args[i];
	for (int i = g->n_dims; i < g->n_slots; i++)
		s.slot[i] = -1;		/* given when its reduction is met */
	bool remap = lw->remap;
	lw->remap = false;	/* g's body already names lowered decls */
	ir_expr *e = rewrite(lw, g->body, &s, f);
	lw->remap = remap;
	return e;
}

static ir_expr *rewrite_var(lowerer *lw, const ir_expr *e, const subst *s)
{
	int slot = e->u.var.slot;
	if (!s->index[slot]) {
		ir_expr *c = copy_node(lw->ctx, e);
		c->u.var.slot = s->slot[slot];
		return c;
	}
	ir_expr *idx = rewrite(lw, s->index[slot], NULL, NULL);
	if (ir_type_none(e->type))
		return idx;
	if (idx->kind == IR_CONST) {
		idx->type = e->type;
		idx->u.cval = ir_norm(e->type, idx->u.cval);
		return idx;
	}
	ir_expr *cast = ir_expr_alloc(lw->ctx, IR_CAST, e->loc, 1);
	cast->type = e->type;
	cast->args[0] = idx;
	return cast;
}

/* Copy "e" into func f's slot space, substituting through "s" (NULL:
 * a plain copy) and inlining accesses to inline funcs. */
static ir_expr *rewrite(lowerer *lw, const ir_expr *e, const subst *s, ir_decl *f)
{
	if (e->kind == IR_VAR && s)
		return rewrite_var(lw, e, s);
	ir_expr *c = copy_node(lw->ctx, e);
	for (int i = 0; i < e->n_args; i++)
		c->args[i] = rewrite(lw, e->args[i], s, f);
	if (e->kind == IR_REDUCE) {
		int n = e->u.reduce.n_rvars;
		c->u.reduce.rvars = sl_alloc(lw->ctx, n * sizeof(ir_rvar));
		memcpy(c->u.reduce.rvars, e->u.reduce.rvars, n * sizeof(ir_rvar));
		for (int i = 0; s && i < n; i++) {
			s->slot[e->u.reduce.rvars[i].slot] = f->n_slots;
			c->u.reduce.rvars[i].slot = f->n_slots++;
		}
		c->u.reduce.body = rewrite(lw, e->u.reduce.body, s, f);
	}
	if (e->kind == IR_ACCESS && lw->remap) {
		const ir_decl *d = e->u.access.decl;
		if (d->kind == IR_DECL_FUNC && d->is_inline)
			return instantiate(lw, lw->map[d->index], c->args, f);
		c->u.access.decl = lw->map[d->index];
	}
	return c;
}

/* ------------------------------------------------------- reductions */

/* Reductions of at most this many iterations become a tree of operators
 * in the datapath (a 3x3 window sum, one pixel a cycle); larger ones stay
 * loops, pipelined at one iteration a cycle. */
enum { UNROLL_LIMIT = 32 };

static int64_t reduce_iters(const ir_expr *r)
{
	int64_t n = 1;
	for (int i = 0; i < r->u.reduce.n_rvars; i++)
		n *= r->u.reduce.rvars[i].hi - r->u.reduce.rvars[i].lo;
	return n;
}

/* A balanced tree of "op" over terms[lo, hi). */
static ir_expr *combine(sl_ctx *ctx, const ir_expr *r, ir_expr **terms, int lo, int hi)
{
	if (hi - lo == 1)
		return terms[lo];
	int mid = lo + (hi - lo) / 2;
	ir_expr *e = ir_expr_alloc(ctx, IR_BINARY, r->loc, 2);
	e->type = r->type;
	e->op = r->u.reduce.op == IR_RED_SUM ? IR_OP_ADD :
		r->u.reduce.op == IR_RED_MAXIMUM ? IR_OP_MAX : IR_OP_MIN;
	e->args[0] = combine(ctx, r, terms, lo, mid);
	e->args[1] = combine(ctx, r, terms, mid, hi);
	return e;
}

/* The reduction r of f, written out term by term. */
static ir_expr *unroll(lowerer *lw, ir_decl *f, const ir_expr *r)
{
	int n = (int) reduce_iters(r), nr = r->u.reduce.n_rvars;
	ir_expr **terms = sl_alloc(lw->ctx, n * sizeof(*terms));
	subst s;
	s.index = sl_alloc(lw->ctx, f->n_slots * sizeof(*s.index));
	s.slot = sl_alloc(lw->ctx, f->n_slots * sizeof(*s.slot));
	for (int i = 0; i < f->n_slots; i++)
		s.slot[i] = i;
	for (int k = 0; k < n; k++) {
		int rest = k;
		for (int i = nr - 1; i >= 0; i--) {
			const ir_rvar *rv = &r->u.reduce.rvars[i];
			int64_t ext = rv->hi - rv->lo;
			ir_expr *c = ir_expr_alloc(lw->ctx, IR_CONST, rv->loc, 0);
			c->u.cval = (uint64_t) (rv->lo + rest % ext);
			rest /= (int) ext;
			s.index[rv->slot] = c;
		}
		terms[k] = rewrite(lw, r->u.reduce.body, &s, f);
	}
	return combine(lw->ctx, r, terms, 0, n);
}

/* Unroll small reductions, innermost first. */
static void unroll_small(lowerer *lw, ir_decl *f, ir_expr **ep)
{
	ir_expr *e = *ep;
	if (e->kind == IR_REDUCE) {
		unroll_small(lw, f, &e->u.reduce.body);
		if (reduce_iters(e) <= UNROLL_LIMIT)
			*ep = unroll(lw, f, e);
		return;
	}
	for (int i = 0; i < e->n_args; i++)
		unroll_small(lw, f, &e->args[i]);
}

static bool has_reduce(const ir_expr *e)
{
	if (e->kind == IR_REDUCE)
		return true;
	for (int i = 0; i < e->n_args; i++)
		if (has_reduce(e->args[i]))
			return true;
	return false;
}

/* sum(r) sum(s) b -> sum(r, s) b, for one operator. */
static void merge_nested(sl_ctx *ctx, ir_expr *e)
{
	while (e->kind == IR_REDUCE && e->u.reduce.body->kind == IR_REDUCE &&
	       e->u.reduce.body->u.reduce.op == e->u.reduce.op) {
		ir_expr *in = e->u.reduce.body;
		int n = e->u.reduce.n_rvars, m = in->u.reduce.n_rvars;
		ir_rvar *rv = sl_alloc(ctx, (n + m) * sizeof(*rv));
		memcpy(rv, e->u.reduce.rvars, n * sizeof(*rv));
		memcpy(rv + n, in->u.reduce.rvars, m * sizeof(*rv));
		e->u.reduce.rvars = rv;
		e->u.reduce.n_rvars = n + m;
		e->u.reduce.body = in->u.reduce.body;
	}
}

typedef struct scope {
	int n;
	int slots[SCHED_MAX_DIMS * 2];
	const char *names[SCHED_MAX_DIMS * 2];
} scope;

static void lift_in(lowerer *lw, ir_decl *f, ir_expr **ep, scope *sc, int *count);

/* Replace the reduction *ep of f by an access to a new func. */
static void lift(lowerer *lw, ir_decl *f, ir_expr **ep, scope *sc, int *count)
{
	ir_expr *r = *ep;
	sl_ctx *ctx = lw->ctx;
	if (sc->n + r->u.reduce.n_rvars > SCHED_MAX_DIMS) {
		sl_error(ctx, r->loc, "this reduction is nested too deeply: its func would have more than %d dimensions",
			SCHED_MAX_DIMS);
		return;
	}
	ir_decl *g = sl_alloc(ctx, sizeof(*g));
	static const char *op_names[] = { "sum", "maximum", "minimum" };
	char name[256];
	snprintf(name, sizeof(name), "%s.%s%d", f->name, op_names[r->u.reduce.op], (*count)++);
	g->kind = IR_DECL_FUNC;
	g->name = sl_strdup(ctx, name);
	g->loc = r->loc;
	g->type = r->type;
	g->n_dims = sc->n;
	g->var_names = sl_alloc(ctx, sc->n * sizeof(char *));
	g->var_locs = sl_alloc(ctx, sc->n * sizeof(sl_loc));
	/* g's slot i is f's slot sc->slots[i]; its reduction variables follow. */
	subst s;
	s.index = sl_alloc(ctx, f->n_slots * sizeof(*s.index));
	s.slot = sl_alloc(ctx, f->n_slots * sizeof(*s.slot));
	for (int i = 0; i < sc->n; i++) {
		g->var_names[i] = sc->names[i];
		g->var_locs[i] = r->loc;
		s.slot[sc->slots[i]] = i;
	}
	g->n_slots = sc->n;
	ir_expr *body = copy_node(ctx, r);
	int n = r->u.reduce.n_rvars;
	body->u.reduce.rvars = sl_alloc(ctx, n * sizeof(ir_rvar));
	memcpy(body->u.reduce.rvars, r->u.reduce.rvars, n * sizeof(ir_rvar));
	for (int i = 0; i < n; i++) {
		s.slot[r->u.reduce.rvars[i].slot] = g->n_slots;
		body->u.reduce.rvars[i].slot = g->n_slots++;
	}
	int top = g->n_slots;
	body->u.reduce.body = rewrite(lw, r->u.reduce.body, &s, g);
	g->body = body;
	int lifted = 0;
	scope inner = { 0 };
	for (int i = 0; i < top; i++) {
		inner.slots[inner.n] = i;
		inner.names[inner.n++] = i < sc->n ? sc->names[i] : body->u.reduce.rvars[i - sc->n].name;
	}
	lift_in(lw, g, &g->body, &inner, &lifted);
	add_decl(lw, g);

	ir_expr *acc = ir_expr_alloc(ctx, IR_ACCESS, r->loc, sc->n);
	acc->type = r->type;
	acc->u.access.decl = g;
	for (int i = 0; i < sc->n; i++) {
		ir_expr *v = ir_expr_alloc(ctx, IR_VAR, r->loc, 0);
		v->u.var.slot = sc->slots[i];
		v->u.var.name = sc->names[i];
		acc->args[i] = v;
	}
	*ep = acc;
}

/* Lift every reduction below *ep; "sc" is the variables in scope. */
static void lift_in(lowerer *lw, ir_decl *f, ir_expr **ep, scope *sc, int *count)
{
	ir_expr *e = *ep;
	if (e->kind == IR_REDUCE) {
		merge_nested(lw->ctx, e);
		if (ep != &f->body) {
			lift(lw, f, ep, sc, count);
			return;
		}
		scope inner = *sc;
		for (int i = 0; i < e->u.reduce.n_rvars && inner.n < SCHED_MAX_DIMS * 2; i++) {
			inner.slots[inner.n] = e->u.reduce.rvars[i].slot;
			inner.names[inner.n++] = e->u.reduce.rvars[i].name;
		}
		if (has_reduce(e->u.reduce.body))
			lift_in(lw, f, &e->u.reduce.body, &inner, count);
		return;
	}
	for (int i = 0; i < e->n_args; i++)
		if (has_reduce(e->args[i]))
			lift_in(lw, f, &e->args[i], sc, count);
}

/* ---------------------------------------------------- constant folding */

static bool is_value_const(const ir_expr *e)
{
	return e->kind == IR_CONST && !ir_type_none(e->type);
}

/* Operations whose result is 0 whatever the non-constant operand: a
 * shift past the width (but >> of a signed value), * 0 and & 0. */
static bool always_zero(const ir_expr *e)
{
	const ir_expr *a = e->args[0], *b = e->args[1];
	if ((e->op == IR_OP_SHL || (e->op == IR_OP_SHR && !a->type.is_signed)) &&
	    is_value_const(b))
		return ir_shift_amount(b->type, b->u.cval) >= a->type.bits;
	if (e->op == IR_OP_MUL || e->op == IR_OP_AND)
		return (is_value_const(a) && a->u.cval == 0) || (is_value_const(b) && b->u.cval == 0);
	return false;
}

/* A read of a const table at constant indices inside its box: *v its
 * value (so a small kernel's coefficients become literals, never a ROM
 * and multipliers). */
static bool const_read(const ir_expr *e, uint64_t *v)
{
	const ir_decl *d = e->u.access.decl;
	if (d->kind != IR_DECL_CONST || !d->data || !ir_type_eq(d->type, e->type))
		return false;
	int64_t off = 0;
	for (int i = 0; i < d->n_dims; i++) {
		const ir_expr *a = e->args[i];
		if (a->kind != IR_CONST)
			return false;
		int64_t k = ir_type_none(a->type) || a->type.is_signed ? (int64_t) a->u.cval
			: (a->u.cval > INT64_MAX ? -1 : (int64_t) a->u.cval);
		if (k < 0 || k >= d->extents[i])
			return false;
		off = off * d->extents[i] + k;
	}
	*v = d->data[off];
	return true;
}

/* Replace every value subtree whose operands are all constants by its
 * value, computed with the language's own arithmetic (arith/arith.c): the
 * datapath then holds no logic whose result is known, and the hardware
 * has no comparisons that a lint can prove constant.  Bottom-up. */
static void fold_constants(ir_expr *e)
{
	if (e->kind == IR_REDUCE) {
		fold_constants(e->u.reduce.body);
		return;
	}
	if (ir_type_none(e->type) && e->kind != IR_CAST)
		return;		/* an index: address arithmetic */
	for (int i = 0; i < e->n_args; i++)
		fold_constants(e->args[i]);
	uint64_t v;
	switch (e->kind) {
	case IR_UNARY:
		if (!is_value_const(e->args[0]))
			return;
		v = ir_eval_unop(e->op, e->args[0]->type, e->args[0]->u.cval);
		break;
	case IR_CAST:
		if (e->args[0]->kind != IR_CONST)
			return;
		v = ir_type_none(e->args[0]->type) ? ir_norm(e->type, e->args[0]->u.cval)
			: ir_eval_cast(e->type, e->args[0]->type, e->args[0]->u.cval);
		break;
	case IR_BINARY:
		if (!is_value_const(e->args[0]) || !is_value_const(e->args[1])) {
			if (!always_zero(e))
				return;
			v = 0;
			break;
		}
		if (e->op == IR_OP_SHL || e->op == IR_OP_SHR)
			v = ir_eval_binop(e->op, e->args[0]->type, e->args[0]->u.cval,
				ir_shift_amount(e->args[1]->type, e->args[1]->u.cval));
		else
			v = ir_eval_binop(e->op, e->args[0]->type, e->args[0]->u.cval,
				e->args[1]->u.cval);
		break;
	case IR_ACCESS:
		if (!const_read(e, &v))
			return;
		break;
	case IR_SELECT:
		if (!is_value_const(e->args[0]))
			return;
		{
			ir_expr *pick = e->args[0]->u.cval ? e->args[1] : e->args[2];
			ir_type t = e->type;
			sl_loc loc = e->loc;
			*e = *pick;
			e->type = t;
			e->loc = loc;
		}
		return;
	default:
		return;
	}
	e->kind = IR_CONST;
	e->n_args = 0;
	e->args = NULL;
	e->u.cval = ir_norm(e->type, v);
}

/* ------------------------------------------------------------ driver */

static ir_decl *lower_func(lowerer *lw, const ir_decl *d)
{
	ir_decl *f = sl_alloc(lw->ctx, sizeof(*f));
	*f = *d;
	f->users = NULL;
	f->n_users = 0;
	f->dom_lo = f->dom_ext = NULL;
	f->dom_empty = false;
	f->n_slots = d->n_dims;
	subst s;
	s.index = sl_alloc(lw->ctx, d->n_slots * sizeof(*s.index));
	s.slot = sl_alloc(lw->ctx, d->n_slots * sizeof(*s.slot));
	for (int i = 0; i < d->n_slots; i++)
		s.slot[i] = i < d->n_dims ? i : -1;
	f->body = rewrite(lw, d->body, &s, f);
	return f;
}

/* Mark (read[decl index]) every declaration e reads. */
static void mark_reads(const ir_expr *e, bool *read)
{
	if (e->kind == IR_ACCESS)
		read[e->u.access.decl->index] = true;
	if (e->kind == IR_REDUCE)
		mark_reads(e->u.reduce.body, read);
	for (int i = 0; i < e->n_args; i++)
		mark_reads(e->args[i], read);
}

/* Funcs that folding left without readers (a product with 0, a shift
 * past the width) are not computed at all, and a const whose every read
 * became a literal is no ROM. */
static void drop_unused(ir_program *p)
{
	int n = 0;
	bool *read = sl_xcalloc((size_t) p->n_decls + 1, sizeof(bool));
	for (int i = 0; i < p->n_decls; i++)
		if (p->decls[i]->kind == IR_DECL_FUNC && !p->decls[i]->dom_empty)
			mark_reads(p->decls[i]->body, read);
	for (int i = 0; i < p->n_decls; i++) {
		ir_decl *d = p->decls[i];
		if ((d->kind == IR_DECL_FUNC && d->dom_empty) ||
		    (d->kind == IR_DECL_CONST && !read[i]))
			continue;
		d->index = n;
		p->decls[n++] = d;
	}
	free(read);
	p->n_decls = n;
}

ir_program *sched_lower(sl_ctx *ctx, isl_ctx *isl, const ir_program *prog, bool narrow)
{
	lowerer lw = { ctx, sl_alloc(ctx, sizeof(ir_program)), 0, NULL, false };
	lw.map = sl_alloc(ctx, prog->n_decls * sizeof(*lw.map));
	lw.out->path = prog->path;
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_FUNC) {
			lw.map[i] = sl_alloc(ctx, sizeof(ir_decl));
			*lw.map[i] = *d;
			lw.map[i]->users = NULL;
			lw.map[i]->n_users = 0;
			add_decl(&lw, lw.map[i]);
			continue;
		}
		lw.remap = true;
		ir_decl *f = lower_func(&lw, d);
		lw.remap = false;
		lw.map[i] = f;
		if (d->is_inline || d->dom_empty)
			continue;	/* substituted where used, or unused */
		scope sc = { 0 };
		for (int k = 0; k < f->n_dims; k++) {
			sc.slots[sc.n] = k;
			sc.names[sc.n++] = f->var_names[k];
		}
		int count = 0, errors = sl_n_errors(ctx);
		unroll_small(&lw, f, &f->body);
		fold_constants(f->body);
		lift_in(&lw, f, &f->body, &sc, &count);
		if (sl_n_errors(ctx) > errors)
			return NULL;
		add_decl(&lw, f);
	}
	lw.out->n_outputs = prog->n_outputs;
	lw.out->outputs = sl_alloc(ctx, prog->n_outputs * sizeof(ir_decl *));
	for (int i = 0; i < prog->n_outputs; i++)
		lw.out->outputs[i] = lw.map[prog->outputs[i]->index];
	if (narrow)	/* before the bounds: a read it folds is no read */
		va_narrow(ctx, lw.out);
	if (fe_infer_bounds(ctx, isl, lw.out, false) < 0)
		return NULL;
	drop_unused(lw.out);
	return lw.out;
}
