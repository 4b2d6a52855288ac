/* scheduler/unroll.c: several points per cycle, as lanes.
 * Stage: lower -> [unroll] -> statements -> schedule.  Two steps on the
 * lowered program (docs/language.md, "Lanes"):
 *   1. lane counts and dimensions: every output gets its unroll factor,
 *      along its innermost dimension when that has k points, else the
 *      innermost that has; walking from the consumers to the producers,
 *      an access whose producer index moves at rate a with the consumer's
 *      lane variable asks for |a| * k lanes of the producer along that
 *      index's dimension (1 when that is below 1, nothing at rate 0; a
 *      consumer with lanes along its innermost looks at the producer's
 *      innermost index only, as before other lane dimensions); of two
 *      demands, one a multiple of the other, the larger (the other
 *      reader's lane then varies along x: a select), others a located
 *      error, and so are two lane dimensions;
 *   2. the lane rewrite: a declaration f with k > 1 lanes becomes k
 *      declarations "f.laneL" whose lane variable xo stands for
 *      x = k * xo + L.  Every index is substituted, and each access to a
 *      producer p with k_p lanes reads lane e mod k_p at word
 *      floor(e / k_p), where e is the substituted index, when isl proves
 *      the lane one constant over the consumer lane's domain; else (a
 *      clamp, a modulo, a reduction variable) a select over the lanes M
 *      that e mod k_p takes there, each word clamped into its lane.
 * The lane program is allocated in the context's arena; the lowered
 * program is not changed. */
#include <stdlib.h>
#include <string.h>

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "scheduler/scheduler_private.h"

/* ------------------------------------------------------------ rates */

/* How an index moves with one variable: index = (num / den) * v + ...;
 * known false when the expression is not of that form (a modulo of a
 * moving index, a clamp of two moving terms). */
typedef struct lane_rate {
	bool known;
	int64_t num, den;	/* den > 0 */
} lane_rate;

static lane_rate rate_make(int64_t num, int64_t den)
{
	int64_t g = sched_gcd(num, den);
	lane_rate r = { true, num / g, den / g };
	if (r.den < 0)
		r.num = -r.num, r.den = -r.den;
	if (r.num > (1 << 20) || r.num < -(1 << 20) || r.den > (1 << 20))
		r.known = false;
	return r;
}

static const lane_rate rate_unknown = { false, 0, 1 };

static lane_rate rate_of(const ir_expr *e, int slot)
{
	lane_rate a, b;
	switch (e->kind) {
	case IR_CONST:
		return rate_make(0, 1);
	case IR_VAR:
		return rate_make(e->u.var.slot == slot, 1);
	case IR_UNARY:
		a = rate_of(e->args[0], slot);
		a.num = -a.num;
		return a;
	case IR_BINARY:
		break;
	default:
		return rate_unknown;
	}
	a = rate_of(e->args[0], slot);
	b = rate_of(e->args[1], slot);
	if (!a.known || !b.known)
		return rate_unknown;
	switch (e->op) {
	case IR_OP_ADD:
		return rate_make(a.num * b.den + b.num * a.den, a.den * b.den);
	case IR_OP_SUB:
		return rate_make(a.num * b.den - b.num * a.den, a.den * b.den);
	case IR_OP_MUL:
		if (e->args[1]->kind == IR_CONST)
			return rate_make(a.num * (int64_t) e->args[1]->u.cval, a.den);
		if (e->args[0]->kind == IR_CONST)
			return rate_make(b.num * (int64_t) e->args[0]->u.cval, b.den);
		return rate_unknown;
	case IR_OP_DIV:
		return rate_make(a.num, a.den * (int64_t) e->args[1]->u.cval);
	case IR_OP_MOD:
		return a.num == 0 ? a : rate_unknown;
	case IR_OP_MIN: case IR_OP_MAX:	/* a clamp: the rate away from the border */
		if (a.num == 0)
			return b;
		if (b.num == 0 || (a.num == b.num && a.den == b.den))
			return a;
		return rate_unknown;
	default:
		return rate_unknown;
	}
}

/* ------------------------------------------------------ lane counts */

typedef struct demand {
	int lanes;		/* 0: none yet */
	int dim;		/* the lane dimension asked for */
	const ir_expr *at;	/* the access that asked (NULL: an output's own) */
	const ir_decl *by;	/* its reader */
	const ir_decl *refused;	/* the last reader refused (one error each) */
} demand;

typedef struct lane_counter {
	sl_ctx *ctx;
	const ir_program *lp;
	demand *dem;
	int errors;
} lane_counter;

static int64_t dim_extent(const ir_decl *d, int dim)
{
	return d->kind == IR_DECL_INPUT ? d->extents[dim] : d->dom_ext[dim];
}

int sched_output_lane_dim(const ir_decl *o, int k)
{
	for (int d = o->n_dims - 1; d >= 0; d--)
		if (o->out_extents[d] >= k)
			return d;
	return o->n_dims - 1;
}

/* "dimension N" (counting from 1, outermost first) or "the innermost
 * dimension" (static buffer; one use per message). */
static const char *dim_words(const ir_decl *d, int dim)
{
	static char s[40];
	if (dim == d->n_dims - 1)
		return "its innermost dimension";
	snprintf(s, sizeof s, "dimension %d", dim + 1);
	return s;
}

static void note_demand(lane_counter *lc, const ir_decl *p, const demand *dm)
{
	if (dm->at)
		sl_note(lc->ctx, dm->at->loc, "'%s' reads '%s' with %d lane%s here",
			dm->by->name, p->name, dm->lanes, dm->lanes == 1 ? "" : "s");
	else
		sl_note(lc->ctx, p->unroll_loc.line ? p->unroll_loc : p->loc,
			"'%s' is an output with %d lane%s", p->name, dm->lanes,
			dm->lanes == 1 ? "" : "s");
}

/* Two readers asking for lanes of p along different dimensions. */
static void refuse_dims(lane_counter *lc, const ir_expr *a, const ir_decl *c, int k, int dim)
{
	const ir_decl *p = a->u.access.decl;
	demand *dm = &lc->dem[p->index];
	char here[40];
	snprintf(here, sizeof here, "%s", dim_words(p, dim));
	dm->refused = c;
	sl_error(lc->ctx, a->loc, "'%s' needs %d lanes of '%s' here, but '%s' needs them "
		"along %s, not %s", c->name, k, p->name, dm->at ? dm->by->name : p->name,
		dim_words(p, dm->dim), here);
	note_demand(lc, p, dm);
	lc->errors++;
}

static void ask(lane_counter *lc, const ir_expr *a, const ir_decl *c, int k, int dim)
{
	const ir_decl *p = a->u.access.decl;
	demand *dm = &lc->dem[p->index];
	if (dm->lanes == 0) {
		dm->lanes = k;
		dm->dim = dim;
		dm->at = a;
		dm->by = c;
		return;
	}
	if (dm->refused == c)
		return;
	if (k > 1 && dm->lanes > 1 && dim != dm->dim) {
		refuse_dims(lc, a, c, k, dim);
		return;
	}
	if (dm->lanes == k)
		return;
	/* One count a multiple of the other: the larger, and the reader that
	 * asked for fewer reads lanes that vary along x, through a select
	 * (lane_access).  Consumers come first, so the producer's own
	 * demands are made at the final count. */
	int lo = dm->lanes < k ? dm->lanes : k, hi = dm->lanes < k ? k : dm->lanes;
	if (hi % lo == 0) {
		if (k > dm->lanes) {
			dm->lanes = k;
			dm->dim = dim;
			dm->at = a;
			dm->by = c;
		}
		return;
	}
	dm->refused = c;
	sl_error(lc->ctx, a->loc, "'%s' needs %d lane%s of '%s' here, but '%s' needs %d",
		c->name, k, k == 1 ? "" : "s", p->name, dm->at ? dm->by->name : p->name,
		dm->lanes);
	note_demand(lc, p, dm);
	lc->errors++;
}

/* The dimension of producer p whose index in access a moves with the
 * lane variable (slot cd) of its reader c, and its rate: the innermost
 * when c's lanes run along c's innermost dimension (a transposed read
 * then asks nothing, as before lanes could run along another
 * dimension); else the innermost of p's dimensions whose index moves,
 * an index of unknown rate stopping the search (the lane check
 * decides).  -1 when nothing is asked. */
static int moving_dim(const ir_expr *a, const ir_decl *c, int cd, lane_rate *r)
{
	const ir_decl *p = a->u.access.decl;
	int last = p->n_dims - 1;
	if (cd == c->n_dims - 1) {
		*r = rate_of(a->args[last], cd);
		return r->known && r->num != 0 ? last : -1;
	}
	for (int j = last; j >= 0; j--) {
		*r = rate_of(a->args[j], cd);
		if (!r->known)
			return -1;
		if (r->num != 0)
			return j;
	}
	return -1;
}

/* The demand of one access of consumer c (k lanes) on its producer. */
static void demand_of_access(lane_counter *lc, const ir_expr *a, const ir_decl *c, int k)
{
	const ir_decl *p = a->u.access.decl;
	int cd = lc->dem[c->index].dim;
	if (p->kind == IR_DECL_CONST)
		return;
	lane_rate r;
	int dim = moving_dim(a, c, cd, &r);
	if (dim < 0)
		return;		/* the lane check decides */
	int64_t num = (r.num < 0 ? -r.num : r.num) * k;
	if (num < r.den) {
		ask(lc, a, c, 1, dim);
		return;
	}
	if (num % r.den) {
		sl_error(lc->ctx, a->loc, "'%s' with %d lanes reads '%s' here at %lld/%lld "
			"points per point of '%s': %lld/%lld lanes are not a whole number; "
			"choose an unroll factor that makes them one", c->name, k, p->name,
			(long long) r.num, (long long) r.den, c->var_names[cd],
			(long long) num, (long long) r.den);
		lc->errors++;
		return;
	}
	if (num / r.den > IR_MAX_LANES) {
		sl_error(lc->ctx, a->loc, "'%s' with %d lanes needs %lld lanes of '%s' here, "
			"more than the %d a declaration may have", c->name, k,
			(long long) (num / r.den), p->name, IR_MAX_LANES);
		lc->errors++;
		return;
	}
	ask(lc, a, c, (int) (num / r.den), dim);
}

static void demands_in(lane_counter *lc, const ir_expr *e, const ir_decl *c, int k)
{
	if (e->kind == IR_ACCESS)
		demand_of_access(lc, e, c, k);
	if (e->kind == IR_REDUCE)
		demands_in(lc, e->u.reduce.body, c, k);
	for (int i = 0; i < e->n_args; i++)
		demands_in(lc, e->args[i], c, k);
}

/* A declaration with more lanes than points in its lane dimension would
 * have an empty lane. */
static void check_extent(lane_counter *lc, const ir_decl *d)
{
	const demand *dm = &lc->dem[d->index];
	int64_t e = dim_extent(d, dm->dim);
	if (dm->lanes <= e)
		return;
	sl_loc loc = dm->at ? dm->at->loc : d->unroll_loc.line ? d->unroll_loc : d->loc;
	sl_error(lc->ctx, loc, "'%s' would have %d lanes but only %lld point%s in %s",
		d->name, dm->lanes, (long long) e, e == 1 ? "" : "s", dim_words(d, dm->dim));
	lc->errors++;
}

int sched_lane_counts(sl_ctx *ctx, const ir_program *lp, int k, int *lanes, int *dims)
{
	lane_counter lc = { ctx, lp, sl_xcalloc((size_t) lp->n_decls + 1, sizeof(demand)), 0 };
	for (int i = 0; i < lp->n_outputs; i++) {
		const ir_decl *o = lp->outputs[i];
		demand *dm = &lc.dem[o->index];
		dm->lanes = k > 0 ? k : o->unroll > 0 ? o->unroll : 1;
		dm->dim = sched_output_lane_dim(o, dm->lanes);
	}
	for (int i = lp->n_decls - 1; i >= 0; i--) {
		const ir_decl *d = lp->decls[i];
		demand *dm = &lc.dem[i];
		if (dm->lanes <= 1)
			dm->dim = d->n_dims - 1;
		if (d->kind == IR_DECL_CONST) {
			dm->lanes = 1;
			continue;
		}
		if (dm->lanes == 0)
			dm->lanes = 1;
		if (d->kind == IR_DECL_FUNC)
			demands_in(&lc, d->body, d, dm->lanes);
	}
	for (int i = 0; i < lp->n_decls; i++) {
		if (lp->decls[i]->kind != IR_DECL_CONST)
			check_extent(&lc, lp->decls[i]);
		lanes[i] = lc.dem[i].lanes;
		if (dims)
			dims[i] = lc.dem[i].dim;
	}
	free(lc.dem);
	return lc.errors ? -1 : 0;
}

/* ---------------------------------------------------- lane rewrite */

typedef struct lane_writer {
	sl_ctx *ctx;
	isl_ctx *isl;
	const ir_program *lp;
	const int *lanes;	/* per lowered decl */
	const int *dims;	/* per lowered decl: its lane dimension */
	ir_decl ***lane;	/* per lowered decl: its lane decls */
	ir_program *out;
	const int64_t *pad;	/* per lowered decl: the words of each of its
				 * lanes when they are padded, else 0 */
	bool padded;		/* the lane being copied holds pad points */
	int errors;
} lane_writer;

static int64_t floor_div(int64_t a, int64_t d) { return ir_floordiv(a, d); }
static int64_t ceil_div(int64_t a, int64_t d) { return -ir_floordiv(-a, d); }

static ir_expr *idx_const(sl_ctx *ctx, sl_loc loc, int64_t v)
{
	ir_expr *c = ir_expr_alloc(ctx, IR_CONST, loc, 0);
	c->u.cval = (uint64_t) v;
	return c;
}

static ir_expr *idx_binary(sl_ctx *ctx, sl_loc loc, ir_op op, ir_expr *a, ir_expr *b)
{
	ir_expr *e = ir_expr_alloc(ctx, IR_BINARY, loc, 2);
	e->op = op;
	e->args[0] = a;
	e->args[1] = b;
	return e;
}

/* k * x + l for the variable node v (an index). */
static ir_expr *lane_point(sl_ctx *ctx, const ir_expr *v, int k, int l)
{
	ir_expr *x = ir_expr_alloc(ctx, IR_VAR, v->loc, 0);
	x->u.var = v->u.var;
	ir_expr *e = idx_binary(ctx, v->loc, IR_OP_MUL, x, idx_const(ctx, v->loc, k));
	return l ? idx_binary(ctx, v->loc, IR_OP_ADD, e, idx_const(ctx, v->loc, l)) : e;
}

/* An affine index sum_s coef[s] * v_s + c0, or false. */
typedef struct lane_lin {
	int n;
	int64_t *coef;
	const ir_expr **var;	/* a node of each slot met */
	int64_t c0;
} lane_lin;

/* a += b * c, false on overflow (the caller then keeps the division). */
static bool mul_add(int64_t *a, int64_t b, int64_t c)
{
	int64_t p;
	return !__builtin_mul_overflow(b, c, &p) && !__builtin_add_overflow(*a, p, a);
}

static bool linear(const ir_expr *e, int64_t scale, lane_lin *l)
{
	int64_t s = 0;
	switch (e->kind) {
	case IR_CONST:
		return mul_add(&l->c0, scale, (int64_t) e->u.cval);
	case IR_VAR:
		if (e->u.var.slot >= l->n || !ir_type_none(e->type))
			return false;
		l->var[e->u.var.slot] = e;
		return mul_add(&l->coef[e->u.var.slot], scale, 1);
	case IR_UNARY:
		return e->op == IR_OP_NEG && mul_add(&s, scale, -1) && linear(e->args[0], s, l);
	case IR_BINARY:
		switch (e->op) {
		case IR_OP_ADD:
			return linear(e->args[0], scale, l) && linear(e->args[1], scale, l);
		case IR_OP_SUB:
			return linear(e->args[0], scale, l) && mul_add(&s, scale, -1) &&
				linear(e->args[1], s, l);
		case IR_OP_MUL:
			if (e->args[1]->kind == IR_CONST)
				return mul_add(&s, scale, (int64_t) e->args[1]->u.cval) &&
					linear(e->args[0], s, l);
			if (e->args[0]->kind == IR_CONST)
				return mul_add(&s, scale, (int64_t) e->args[0]->u.cval) &&
					linear(e->args[1], s, l);
			return false;
		default:
			return false;
		}
	default:
		return false;
	}
}

/* sum_s (coef[s] / q) * v_s + c (every coef[s] a multiple of q). */
static ir_expr *emit_linear(sl_ctx *ctx, sl_loc loc, const lane_lin *l, int64_t q, int64_t c)
{
	ir_expr *e = NULL;
	for (int s = 0; s < l->n; s++) {
		int64_t a = l->coef[s] / q;
		if (!a)
			continue;
		ir_expr *v = ir_expr_alloc(ctx, IR_VAR, loc, 0);
		v->u.var = l->var[s]->u.var;
		ir_expr *t = a == 1 ? v : idx_binary(ctx, loc, IR_OP_MUL, v, idx_const(ctx, loc, a));
		e = e ? idx_binary(ctx, loc, IR_OP_ADD, e, t) : t;
	}
	if (!e)
		return idx_const(ctx, loc, c);
	return c ? idx_binary(ctx, loc, IR_OP_ADD, e, idx_const(ctx, loc, c)) : e;
}

/* floor(e / k) in its simplest form when e, or e's dividend, is affine
 * with coefficients that k (times the divisor) divides. */
static ir_expr *word_of(sl_ctx *ctx, ir_expr *e, int n_slots, int64_t k)
{
	lane_lin l = { n_slots, sl_alloc(ctx, (size_t) (n_slots + 1) * sizeof(int64_t)),
		sl_alloc(ctx, (size_t) (n_slots + 1) * sizeof(ir_expr *)), 0 };
	int64_t den = 1;
	bool ok = linear(e, 1, &l);
	if (!ok && e->kind == IR_BINARY && e->op == IR_OP_DIV) {
		memset(l.coef, 0, (size_t) n_slots * sizeof(int64_t));
		l.c0 = 0;
		den = (int64_t) e->args[1]->u.cval;
		ok = linear(e->args[0], 1, &l);
	}
	int64_t q = 0;
	ok = ok && mul_add(&q, den, k);
	for (int s = 0; ok && s < n_slots; s++)
		ok = l.coef[s] % q == 0;
	if (ok)
		return emit_linear(ctx, e->loc, &l, q, floor_div(floor_div(l.c0, den), k));
	return idx_binary(ctx, e->loc, IR_OP_DIV, e, idx_const(ctx, e->loc, k));
}

/* The domain of lane decl f's slots: its variables' box and its
 * reduction's ranges. */
static __isl_give isl_set *lane_domain(isl_ctx *isl, const ir_decl *f)
{
	isl_set *set = isl_set_universe(isl_space_set_alloc(isl, 0, f->n_slots));
	for (int d = 0; d < f->n_dims; d++) {
		set = isl_set_lower_bound_val(set, isl_dim_set, d, isl_val_int_from_si(isl, f->dom_lo[d]));
		set = isl_set_upper_bound_val(set, isl_dim_set, d,
			isl_val_int_from_si(isl, f->dom_lo[d] + f->dom_ext[d] - 1));
	}
	if (f->body->kind == IR_REDUCE)
		for (int i = 0; i < f->body->u.reduce.n_rvars; i++) {
			const ir_rvar *r = &f->body->u.reduce.rvars[i];
			set = isl_set_lower_bound_val(set, isl_dim_set, r->slot,
				isl_val_int_from_si(isl, r->lo));
			set = isl_set_upper_bound_val(set, isl_dim_set, r->slot,
				isl_val_int_from_si(isl, r->hi - 1));
		}
	return set;
}

static ir_expr *lane_copy(lane_writer *w, const ir_expr *e, ir_decl *f);

/* The smallest and largest values of index e (substituted; mod k when
 * k > 0) over lane f's domain, and in *vals (when not NULL) the set of
 * them.  false when isl cannot bound them. */
static bool idx_range(isl_ctx *isl, const ir_decl *f, const ir_expr *e, int k,
	int64_t *lo, int64_t *hi, isl_set **vals)
{
	isl_set *dom = lane_domain(isl, f);
	isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(dom));
	isl_pw_aff *m = fe_index_pw_aff(isl, e, ls);
	if (k > 0)
		m = isl_pw_aff_mod_val(m, isl_val_int_from_si(isl, k));
	m = isl_pw_aff_intersect_domain(m, dom);
	isl_set *v = isl_map_range(isl_map_from_pw_aff(m));
	isl_val *a = isl_set_dim_min_val(isl_set_copy(v), 0);
	isl_val *b = isl_set_dim_max_val(isl_set_copy(v), 0);
	bool ok = a && b && isl_val_is_int(a) && isl_val_is_int(b);
	if (ok) {
		*lo = isl_val_get_num_si(a);
		*hi = isl_val_get_num_si(b);
	}
	isl_val_free(a);
	isl_val_free(b);
	isl_local_space_free(ls);
	if (vals && ok)
		*vals = v;
	else
		isl_set_free(v);
	return ok;
}

/* Does the set of values vals (one dimension) hold m? */
static bool holds(isl_set *vals, int64_t m)
{
	isl_set *one = isl_set_fix_si(isl_set_copy(vals), isl_dim_set, 0, (int) m);
	bool empty = isl_set_is_empty(one) != isl_bool_false;
	isl_set_free(one);
	return !empty;
}

/* The word range of lane decl q in its lane dimension. */
static void word_range(const ir_decl *q, int64_t *lo, int64_t *hi)
{
	int dim = q->lane_dim;
	if (q->kind == IR_DECL_INPUT) {
		*lo = 0;
		*hi = q->extents[dim] - 1;
	} else {
		*lo = q->dom_lo[dim];
		*hi = q->dom_lo[dim] + q->dom_ext[dim] - 1;
	}
}

/* Index e clamped into [lo, hi] (the bounds isl found for it first:
 * no clamp where it stays inside). */
static ir_expr *clamp_word(sl_ctx *ctx, ir_expr *e, int64_t elo, int64_t ehi,
	int64_t lo, int64_t hi)
{
	if (elo < lo)
		e = idx_binary(ctx, e->loc, IR_OP_MAX, e, idx_const(ctx, e->loc, lo));
	if (ehi > hi)
		e = idx_binary(ctx, e->loc, IR_OP_MIN, e, idx_const(ctx, e->loc, hi));
	return e;
}

/* A copy of access c (its arguments substituted) reading lane decl q at
 * word w in the index of q's lane dimension. */
static ir_expr *access_at(sl_ctx *ctx, const ir_expr *c, ir_decl *q, ir_expr *w)
{
	ir_expr *a = sl_alloc(ctx, sizeof(*a));
	*a = *c;
	a->args = sl_alloc(ctx, (size_t) c->n_args * sizeof(*a->args));
	memcpy(a->args, c->args, (size_t) c->n_args * sizeof(*a->args));
	a->args[q->lane_dim] = w;
	a->u.access.decl = q;
	return a;
}

/* "u OP c" as a value (u1): u cast to type t, c a constant of t. */
static ir_expr *typed_cmp(sl_ctx *ctx, sl_loc loc, ir_op op, ir_expr *u, ir_type t, int64_t c)
{
	ir_expr *cast = ir_expr_alloc(ctx, IR_CAST, loc, 1);
	cast->type = t;
	cast->args[0] = u;
	ir_expr *k = ir_expr_alloc(ctx, IR_CONST, loc, 0);
	k->type = t;
	k->u.cval = (uint64_t) c;
	ir_expr *r = idx_binary(ctx, loc, op, cast, k);
	r->type = ir_type_make(false, 1);
	return r;
}

/* e mod k == m as a value (u1): the index cast to a type that holds
 * every lane number. */
static ir_expr *lane_is(sl_ctx *ctx, ir_expr *e, int k, int64_t m)
{
	return typed_cmp(ctx, e->loc, IR_OP_EQ,
		idx_binary(ctx, e->loc, IR_OP_MOD, e, idx_const(ctx, e->loc, k)),
		ir_type_make(false, 16), m);
}

static bool index_form(const ir_expr *e);

static int64_t iabs(int64_t v) { return v < 0 ? -v : v; }

/* A comparison "x OP c" of lane f's lane variable (node v) as a u1
 * value, x cast to the narrowest signed type holding f's words and c. */
static ir_expr *x_cmp(sl_ctx *ctx, const ir_decl *f, const ir_expr *v, ir_op op, int64_t c)
{
	int xd = f->lane_dim;
	int64_t lo = f->dom_lo[xd], hi = lo + f->dom_ext[xd] - 1;
	int64_t m = iabs(lo) > iabs(hi) ? iabs(lo) : iabs(hi);
	m = m > iabs(c) ? m : iabs(c);
	int bits = 2;
	while (bits < 63 && ((int64_t) 1 << (bits - 1)) <= m)
		bits++;
	ir_expr *x = ir_expr_alloc(ctx, IR_VAR, v->loc, 0);
	x->u.var = v->u.var;
	return typed_cmp(ctx, v->loc, op, x, ir_type_make(true, bits), c);
}

/* The condition "e mod k == m" over lane f's domain as a range test of
 * its lane variable, lo_m <= x <= hi_m, when isl finds the lane
 * depends on x alone and is m on one interval of it (a clamp at a row's
 * ends: x == 0, or x >= 239); NULL otherwise.  A comparison of a counter
 * with a constant, where e mod k is the clamp's arithmetic and a modulo. */
static ir_expr *lane_range(lane_writer *w, const ir_decl *f, const ir_expr *e, int k,
	int64_t m, const ir_expr *xvar)
{
	int xd = f->lane_dim;
	if (!xvar || !index_form(e))
		return NULL;
	isl_set *dom = lane_domain(w->isl, f);
	isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(dom));
	isl_pw_aff *pa = isl_pw_aff_mod_val(fe_index_pw_aff(w->isl, e, ls),
		isl_val_int_from_si(w->isl, k));
	isl_local_space_free(ls);
	isl_pw_aff *mv = isl_pw_aff_val_on_domain(isl_set_copy(dom), isl_val_int_from_si(w->isl, m));
	isl_set *t = isl_set_intersect(isl_pw_aff_eq_set(pa, mv), isl_set_copy(dom));
	/* x's values where lane m is read, and the test lo <= x <= hi */
	isl_set *xs = isl_set_project_out(isl_set_copy(t), isl_dim_set, xd + 1,
		isl_set_dim(t, isl_dim_set) - xd - 1);
	xs = isl_set_project_out(xs, isl_dim_set, 0, xd);
	isl_val *a = isl_set_dim_min_val(isl_set_copy(xs), 0);
	isl_val *b = isl_set_dim_max_val(isl_set_copy(xs), 0);
	ir_expr *r = NULL;
	if (a && b && isl_val_is_int(a) && isl_val_is_int(b)) {
		int64_t lo = isl_val_get_num_si(a), hi = isl_val_get_num_si(b);
		isl_set *box = isl_set_lower_bound_si(isl_set_copy(dom), isl_dim_set, xd, (int) lo);
		box = isl_set_upper_bound_si(box, isl_dim_set, xd, (int) hi);
		/* lane m exactly on the slab lo <= x <= hi of the domain */
		if (isl_set_is_equal(box, t) == isl_bool_true) {
			int64_t dlo = f->dom_lo[xd], dhi = dlo + f->dom_ext[xd] - 1;
			ir_expr *c1 = lo > dlo ? x_cmp(w->ctx, f, xvar, lo == hi ? IR_OP_EQ : IR_OP_GE, lo) : NULL;
			ir_expr *c2 = hi < dhi && lo != hi ? x_cmp(w->ctx, f, xvar, IR_OP_LE, hi) : NULL;
			if (lo == hi && lo == dlo && hi < dhi)
				c1 = x_cmp(w->ctx, f, xvar, IR_OP_EQ, lo), c2 = NULL;
			if (c1 && c2) {
				r = idx_binary(w->ctx, e->loc, IR_OP_LAND, c1, c2);
				r->type = ir_type_make(false, 1);
			} else {
				r = c1 ? c1 : c2;
			}
		}
		isl_set_free(box);
	}
	isl_val_free(a);
	isl_val_free(b);
	isl_set_free(xs);
	isl_set_free(t);
	isl_set_free(dom);
	return r;
}

/* A node of variable "slot" (lane f's lane variable) in e (the
 * substituted index), or NULL. */
static const ir_expr *find_x(const ir_expr *e, int slot)
{
	if (e->kind == IR_VAR && e->u.var.slot == slot && ir_type_none(e->type))
		return e;
	for (int i = 0; i < e->n_args; i++) {
		const ir_expr *v = find_x(e->args[i], slot);
		if (v)
			return v;
	}
	return NULL;
}

/* Access c of lane f whose lane varies: a choice over the lanes M it
 * reads, select(e mod k == m1, p_m1(..., w1), select(..., p_mn(..., wn))),
 * each word floor(e / k) clamped into lane m's word range so that every
 * read stays inside its lane (the choice picks the real one). */
static ir_expr *lane_select(lane_writer *w, ir_expr *c, ir_decl *f, const ir_expr *orig,
	isl_set *vals, int64_t lo, int64_t hi)
{
	const ir_decl *p = orig->u.access.decl;
	int kp = w->lanes[p->index];
	ir_expr *e = c->args[w->dims[p->index]];
	ir_expr *word = word_of(w->ctx, e, f->n_slots, kp);
	int64_t wlo, whi;
	if (!idx_range(w->isl, f, word, 0, &wlo, &whi, NULL)) {
		sl_error(w->ctx, orig->loc, "isl could not bound the word of '%s' this access reads",
			p->name);
		w->errors++;
		return c;
	}
	ir_expr *sel = NULL;
	for (int64_t m = hi; m >= lo; m--) {
		if (!holds(vals, m))
			continue;
		ir_decl *q = w->lane[p->index][m];
		int64_t qlo, qhi;
		word_range(q, &qlo, &qhi);
		ir_expr *a = access_at(w->ctx, c, q, clamp_word(w->ctx, word, wlo, whi, qlo, qhi));
		q->users = (ir_decl **) sl_ptr_set_add(w->ctx, (void **) q->users, &q->n_users, f);
		if (!sel) {
			sel = a;
			continue;
		}
		ir_expr *s = ir_expr_alloc(w->ctx, IR_SELECT, orig->loc, 3);
		s->type = c->type;
		s->args[0] = lane_range(w, f, e, kp, m, find_x(e, f->lane_dim));
		if (!s->args[0])
			s->args[0] = lane_is(w->ctx, e, kp, m);
		s->args[1] = a;
		s->args[2] = sel;
		sel = s;
	}
	return sel;
}

/* The box of decl q in dimension d: its declared extent (input, const)
 * or its domain (func). */
static void dim_range(const ir_decl *q, int d, int64_t *lo, int64_t *hi)
{
	if (q->kind == IR_DECL_FUNC) {
		*lo = q->dom_lo[d];
		*hi = q->dom_lo[d] + q->dom_ext[d] - 1;
	} else {
		*lo = 0;
		*hi = q->extents[d] - 1;
	}
}

/* Is e an index isl can read (fe_index_pw_aff's forms), not a value
 * such as a table lookup's u8(...)? */
static bool index_form(const ir_expr *e)
{
	switch (e->kind) {
	case IR_CONST:
		return true;
	case IR_VAR:
		return ir_type_none(e->type);
	case IR_UNARY:
		return e->op == IR_OP_NEG && index_form(e->args[0]);
	case IR_BINARY:
		switch (e->op) {
		case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL: case IR_OP_MIN: case IR_OP_MAX:
			return index_form(e->args[0]) && index_form(e->args[1]);
		case IR_OP_DIV: case IR_OP_MOD:
			return index_form(e->args[0]) && e->args[1]->kind == IR_CONST;
		default:
			return false;
		}
	default:
		return false;
	}
}

/* Access a of pad-holding lane f (its arguments final) with every index
 * clamped into its producer's box where f's pad points would read past
 * it; a real point never does, so the clamps change no real value. */
static void clamp_pad_reads(lane_writer *w, const ir_decl *f, ir_expr *a)
{
	const ir_decl *q = a->u.access.decl;
	for (int d = 0; d < a->n_args; d++) {
		int64_t elo, ehi, qlo, qhi;
		if (!index_form(a->args[d]))
			continue;	/* a value: its type bounds it (the typing rule) */
		if (!idx_range(w->isl, f, a->args[d], 0, &elo, &ehi, NULL)) {
			sl_error(w->ctx, a->loc, "isl could not bound the index of '%s' this access reads",
				q->name);
			w->errors++;
			return;
		}
		dim_range(q, d, &qlo, &qhi);
		a->args[d] = clamp_word(w->ctx, a->args[d], elo, ehi, qlo, qhi);
	}
}

/* Every access in e (a lane_access result: an access or a select of
 * them) with its indices clamped for f's pad points. */
static void clamp_pads_in(lane_writer *w, const ir_decl *f, ir_expr *e)
{
	if (e->kind == IR_ACCESS) {
		clamp_pad_reads(w, f, e);
		return;
	}
	if (e->kind == IR_SELECT) {
		clamp_pads_in(w, f, e->args[1]);
		clamp_pads_in(w, f, e->args[2]);
	}
}

/* Access "c" (its arguments substituted) of lane f to producer p with
 * k_p lanes: the lane it reads and the word, or a choice over the lanes
 * when that varies (lane_select).  Records f as a user of each lane
 * read. */
static ir_expr *lane_access(lane_writer *w, ir_expr *c, ir_decl *f, const ir_expr *orig)
{
	const ir_decl *p = orig->u.access.decl;
	int kp = w->lanes[p->index];
	ir_decl **lanes = w->lane[p->index];
	c->u.access.decl = lanes[0];
	if (p->kind == IR_DECL_CONST || kp == 1)
		goto one;
	int dim = w->dims[p->index];	/* p's lane dimension */
	int64_t lo, hi;
	isl_set *vals = NULL;
	if (!idx_range(w->isl, f, c->args[dim], kp, &lo, &hi, &vals)) {
		sl_error(w->ctx, orig->loc, "isl could not find the lane of '%s' this access reads",
			p->name);
		w->errors++;
		return c;
	}
	if (lo != hi) {
		ir_expr *s = lane_select(w, c, f, orig, vals, lo, hi);
		isl_set_free(vals);
		return s;
	}
	isl_set_free(vals);
	c->u.access.decl = lanes[lo];
	c->args[dim] = word_of(w->ctx, c->args[dim], f->n_slots, kp);
one:
	c->u.access.decl->users = (ir_decl **) sl_ptr_set_add(w->ctx,
		(void **) c->u.access.decl->users, &c->u.access.decl->n_users, f);
	return c;
}

/* Copy "e" into lane decl f: its lane variable substituted, every
 * access to a producer with lanes sent to its lane. */
static ir_expr *lane_copy(lane_writer *w, const ir_expr *e, ir_decl *f)
{
	if (e->kind == IR_VAR && e->u.var.slot == f->lane_dim && f->lanes > 1) {
		ir_expr *x = lane_point(w->ctx, e, f->lanes, f->lane);
		if (ir_type_none(e->type))
			return x;
		ir_expr *cast = ir_expr_alloc(w->ctx, IR_CAST, e->loc, 1);
		cast->type = e->type;
		cast->args[0] = x;
		return cast;
	}
	ir_expr *c = sl_alloc(w->ctx, sizeof(*c));
	*c = *e;
	if (e->n_args)
		c->args = sl_alloc(w->ctx, (size_t) e->n_args * sizeof(*c->args));
	for (int i = 0; i < e->n_args; i++)
		c->args[i] = lane_copy(w, e->args[i], f);
	if (e->kind == IR_REDUCE)
		c->u.reduce.body = lane_copy(w, e->u.reduce.body, f);
	if (e->kind == IR_ACCESS) {
		c = lane_access(w, c, f, e);
		if (w->padded)
			clamp_pads_in(w, f, c);
	}
	return c;
}

static int64_t *copy_ext(sl_ctx *ctx, const int64_t *a, int n)
{
	int64_t *c = sl_alloc(ctx, (size_t) n * sizeof(*c));
	memcpy(c, a, (size_t) n * sizeof(*c));
	return c;
}

/* Lane l of the k lanes of d (body not yet copied). */
static ir_decl *lane_decl(lane_writer *w, const ir_decl *d, int l, int k)
{
	ir_decl *f = sl_alloc(w->ctx, sizeof(*f));
	*f = *d;
	f->users = NULL;
	f->n_users = 0;
	f->lane_of = d;
	f->lane = l;
	f->lanes = k;
	f->lane_dim = w->dims[d->index];
	if (k == 1)
		return f;
	char name[300];
	snprintf(name, sizeof name, "%s.lane%d", d->name, l);
	f->name = sl_strdup(w->ctx, name);
	int last = f->lane_dim;
	if (d->kind == IR_DECL_INPUT) {
		f->extents = copy_ext(w->ctx, d->extents, d->n_dims);
		/* padded: ceil(E / k) words in every lane, the stream's last
		 * word carrying pad in lanes l >= E mod k */
		f->extents[last] = ceil_div(d->extents[last] - (w->pad[d->index] ? 0 : l), k);
		return f;
	}
	f->dom_lo = copy_ext(w->ctx, d->dom_lo, d->n_dims);
	f->dom_ext = copy_ext(w->ctx, d->dom_ext, d->n_dims);
	/* Padded (needs_pad): every lane holds the words floor(lo / k) ..
	 * floor(hi / k), the points k * xo + l outside [lo, hi] being pad,
	 * computed from clamped reads and never read by a real point, so the
	 * lanes of a row write the same number of words and the reads of
	 * every lane keep one distance; else lane l holds exactly the xo
	 * whose point lies in [lo, hi] (docs/language.md, "Extents that are
	 * not a multiple of k"). */
	int64_t lo = d->dom_lo[last], hi = lo + d->dom_ext[last] - 1;
	if (w->pad[d->index]) {
		f->dom_lo[last] = floor_div(lo, k);
		f->dom_ext[last] = w->pad[d->index];
	} else {
		f->dom_lo[last] = ceil_div(lo - l, k);
		f->dom_ext[last] = floor_div(hi - l, k) - f->dom_lo[last] + 1;
	}
	if (d->is_output) {
		f->out_extents = copy_ext(w->ctx, d->out_extents, d->n_dims);
		f->out_extents[last] = ceil_div(d->out_extents[last] - l, k);
	}
	return f;
}

/* Is access a the point of its reader: every index the reader's
 * variable of that dimension? */
static bool identity_read(const ir_expr *a, const ir_decl *reader)
{
	if (a->n_args != reader->n_dims)
		return false;
	for (int d = 0; d < a->n_args; d++)
		if (a->args[d]->kind != IR_VAR || a->args[d]->u.var.slot != d)
			return false;
	return true;
}

static void mark_buffered(const ir_expr *e, const ir_decl *reader, bool *buffered)
{
	if (e->kind == IR_ACCESS && !identity_read(e, reader))
		buffered[e->u.access.decl->index] = true;
	if (e->kind == IR_REDUCE)
		mark_buffered(e->u.reduce.body, reader, buffered);
	for (int i = 0; i < e->n_args; i++)
		mark_buffered(e->args[i], reader, buffered);
}

/* The inputs and funcs whose lanes are padded: those with more than one
 * lane, not outputs (their lanes leave with lane 0's valid), whose lanes
 * would hold different word counts, and which some reader reads at
 * other than its own point (so a buffer between them sees the writes'
 * gaps). */
static int64_t *needs_pad(sl_ctx *ctx, const ir_program *lp, const int *lanes,
	const int *dims, bool pad_any)
{
	bool *buffered = sl_alloc(ctx, (size_t) (lp->n_decls + 1) * sizeof(bool));
	int64_t *pad = sl_alloc(ctx, (size_t) (lp->n_decls + 1) * sizeof(int64_t));
	memset(buffered, 0, (size_t) (lp->n_decls + 1) * sizeof(bool));
	memset(pad, 0, (size_t) (lp->n_decls + 1) * sizeof(int64_t));
	for (int i = 0; i < lp->n_decls; i++)
		if (lp->decls[i]->kind == IR_DECL_FUNC)
			mark_buffered(lp->decls[i]->body, lp->decls[i], buffered);
	for (int i = 0; i < lp->n_decls; i++) {
		const ir_decl *d = lp->decls[i];
		int k = lanes[i], last = dims[i];
		if (!pad_any || d->kind == IR_DECL_CONST || d->is_output || k == 1 || !buffered[i])
			continue;
		if (d->kind == IR_DECL_INPUT) {
			pad[i] = d->extents[last] % k != 0 ? ceil_div(d->extents[last], k) : 0;
			continue;
		}
		/* The words of the row: floor(lo / k) .. floor(hi / k), and at
		 * least the words of the widest input of as many lanes and
		 * dimensions (the stream's row period, over which a shorter row
		 * would leave gaps in the writes). */
		int64_t lo = d->dom_lo[last], hi = lo + d->dom_ext[last] - 1;
		int64_t words = ir_floordiv(hi, k) - ir_floordiv(lo, k) + 1;
		for (int j = 0; j < lp->n_decls; j++) {
			const ir_decl *in = lp->decls[j];
			if (in->kind == IR_DECL_INPUT && lanes[j] == k && in->n_dims == d->n_dims &&
			    dims[j] == last && lo >= 0 && ceil_div(in->extents[last], k) > words)
				words = ceil_div(in->extents[last], k);
		}
		bool exact = d->dom_ext[last] % k == 0 && ir_floordiv(lo, k) * k == lo &&
			words == d->dom_ext[last] / k;
		pad[i] = exact ? 0 : words;
	}
	return pad;
}

/* Does lane f of func d hold points outside d's domain? */
static bool has_pad(const ir_decl *d, const ir_decl *f)
{
	int last = f->lane_dim;
	if (f->lanes == 1)
		return false;
	int64_t x0 = f->lanes * f->dom_lo[last] + f->lane;
	int64_t x1 = f->lanes * (f->dom_lo[last] + f->dom_ext[last] - 1) + f->lane;
	return x0 < d->dom_lo[last] || x1 > d->dom_lo[last] + d->dom_ext[last] - 1;
}

static void add_lane_decl(lane_writer *w, ir_decl *f)
{
	ir_program *p = w->out;
	f->index = p->n_decls;
	p->decls[p->n_decls++] = f;
}

static bool any_lanes(const ir_program *lp, const int *lanes)
{
	for (int i = 0; i < lp->n_decls; i++)
		if (lanes[i] > 1)
			return true;
	return false;
}

/* Does any output of lp get more than one lane? */
static bool any_unrolled(const ir_program *lp, int k)
{
	for (int i = 0; i < lp->n_outputs; i++)
		if ((k > 0 ? k : lp->outputs[i]->unroll) > 1)
			return true;
	return false;
}

ir_program *sched_unroll(sl_ctx *ctx, isl_ctx *isl, ir_program *lp, int k, bool pad)
{
	if (!any_unrolled(lp, k))
		return lp;	/* lanes come from unrolled outputs only */
	int *lanes = sl_alloc(ctx, (size_t) (lp->n_decls + 1) * sizeof(int));
	int *dims = sl_alloc(ctx, (size_t) (lp->n_decls + 1) * sizeof(int));
	if (sched_lane_counts(ctx, lp, k, lanes, dims) < 0)
		return NULL;
	if (!any_lanes(lp, lanes))
		return lp;
	lane_writer w = { ctx, isl, lp, lanes, dims, NULL, sl_alloc(ctx, sizeof(ir_program)),
		needs_pad(ctx, lp, lanes, dims, pad), false, 0 };
	int total = 0;
	for (int i = 0; i < lp->n_decls; i++)
		total += lanes[i];
	w.lane = sl_alloc(ctx, (size_t) lp->n_decls * sizeof(*w.lane));
	w.out->path = lp->path;
	w.out->lanes_of = lp;
	w.out->decls = sl_alloc(ctx, (size_t) total * sizeof(ir_decl *));
	for (int i = 0; i < lp->n_decls; i++) {
		const ir_decl *d = lp->decls[i];
		w.lane[i] = sl_alloc(ctx, (size_t) lanes[i] * sizeof(ir_decl *));
		for (int l = 0; l < lanes[i]; l++) {
			ir_decl *f = lane_decl(&w, d, l, lanes[i]);
			w.lane[i][l] = f;
			if (d->kind == IR_DECL_FUNC) {
				w.padded = has_pad(d, f);
				f->body = lane_copy(&w, d->body, f);
			}
			add_lane_decl(&w, f);
		}
	}
	for (int i = 0; i < lp->n_outputs; i++)
		w.out->n_outputs += lanes[lp->outputs[i]->index];
	w.out->outputs = sl_alloc(ctx, (size_t) w.out->n_outputs * sizeof(ir_decl *));
	int n = 0;
	for (int i = 0; i < lp->n_outputs; i++) {
		int o = lp->outputs[i]->index;
		for (int l = 0; l < lanes[o]; l++)
			w.out->outputs[n++] = w.lane[o][l];
	}
	return w.errors ? NULL : w.out;
}
