/* scheduler/schedule.c: cycle schedules.
 * Stage: statements -> [schedule] -> check.  Two policies:
 *   stream      Rates are matched per dimension: when a consumer's
 *               variable v indexes a producer's dimension at the same
 *               depth as a*v/k + c, one step of v takes a/k steps of the
 *               producer's time there (a 2x downsample runs its rows at
 *               twice the producer's row time, an upsample makes the
 *               producer wait).  Linked dimensions share one rate; each
 *               rate is the smallest that lets every statement issue one
 *               iteration per cycle.  Offsets are then the smallest legal
 *               ones, from isl maxima over the read relations.
 *   sequential  Each statement starts when the previous one has finished.
 * Reduction variables are the innermost loops, at one iteration a cycle. */
#include <string.h>

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "scheduler/scheduler_private.h"

/* ------------------------------------------------------------ rationals */

typedef struct ratio {
	int64_t num, den;	/* den > 0 */
} ratio;

int64_t sched_gcd(int64_t a, int64_t b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a ? a : 1;
}

static ratio make_ratio(int64_t num, int64_t den)
{
	int64_t g = sched_gcd(num, den);
	ratio r = { num / g, den / g };
	if (r.den < 0)
		r.num = -r.num, r.den = -r.den;
	return r;
}

static ratio mul_ratio(ratio a, ratio b)
{
	return make_ratio(a.num * b.num, a.den * b.den);
}

static bool ratio_small(ratio r)
{
	return r.num > -(1 << 20) && r.num < (1 << 20) && r.den < (1 << 20);
}

/* ------------------------------------------------ index rate analysis */

/* How an index expression moves with one variable: index = rate * v + ...
 * slot -1: constant; slot -2: not of that form. */
typedef struct rate {
	int slot;
	ratio r;
} rate;

static rate index_rate(const ir_expr *e, int n_vars)
{
	rate bad = { -2, { 0, 1 } }, a, b;
	switch (e->kind) {
	case IR_CONST:
		return (rate) { -1, { 0, 1 } };
	case IR_VAR:	/* a reduction variable moves within one step */
		if (e->u.var.slot >= n_vars)
			return (rate) { -1, { 0, 1 } };
		return (rate) { e->u.var.slot, { 1, 1 } };
	case IR_UNARY:
		a = index_rate(e->args[0], n_vars);
		a.r.num = -a.r.num;
		return a;
	case IR_BINARY:
		break;
	default:
		return bad;
	}
	a = index_rate(e->args[0], n_vars);
	if (e->op == IR_OP_DIV) {
		a.r = make_ratio(a.r.num, a.r.den * (int64_t) e->args[1]->u.cval);
		return a;
	}
	if (e->op == IR_OP_MOD)
		return bad;
	b = index_rate(e->args[1], n_vars);
	if (a.slot == -2 || b.slot == -2)
		return bad;
	switch (e->op) {
	case IR_OP_MUL:
		if (a.slot == -1)
			return (rate) { b.slot, make_ratio(b.r.num * (int64_t) e->args[0]->u.cval, b.r.den) };
		if (b.slot == -1)
			return (rate) { a.slot, make_ratio(a.r.num * (int64_t) e->args[1]->u.cval, a.r.den) };
		return bad;
	case IR_OP_ADD: case IR_OP_SUB:
		if (b.slot == -1)
			return a;
		if (e->op == IR_OP_SUB)
			b.r.num = -b.r.num;
		if (a.slot == -1)
			return b;
		if (a.slot != b.slot)
			return bad;
		return (rate) { a.slot, make_ratio(a.r.num * b.r.den + b.r.num * a.r.den, a.r.den * b.r.den) };
	case IR_OP_MIN: case IR_OP_MAX:	/* a clamp: the rate away from the border */
		if (a.slot == -1)
			return b;
		if (b.slot == -1 || (a.slot == b.slot && a.r.num * b.r.den == b.r.num * a.r.den))
			return a;
		return bad;
	default:
		return bad;
	}
}

/* ---------------------------------------------- linked dimensions */

/* Union-find over (statement, dimension); coef[x] = w[x] * coef[parent[x]]. */
typedef struct links {
	int n;
	int *parent;
	ratio *w;
} links;

static int node(int stmt, int dim) { return stmt * SCHED_MAX_DIMS + dim; }

static int find(const links *l, int x, ratio *w)
{
	ratio acc = { 1, 1 };
	while (l->parent[x] != x) {
		acc = mul_ratio(acc, l->w[x]);
		x = l->parent[x];
	}
	*w = acc;
	return x;
}

/* Do the groups of roots ra and rb hold dimensions of one statement?
 * Their union would give two of its loops one coefficient. */
static bool share_stmt(const links *l, int ra, int rb)
{
	int n_stmts = l->n / SCHED_MAX_DIMS;
	for (int i = 0; i < n_stmts; i++) {
		bool in_a = false, in_b = false;
		for (int d = 0; d < SCHED_MAX_DIMS; d++) {
			ratio w;
			int r = find(l, node(i, d), &w);
			in_a = in_a || r == ra;
			in_b = in_b || r == rb;
		}
		if (in_a && in_b)
			return true;
	}
	return false;
}

/* Ask coef[a] = q * coef[b]; ignored (false) when it contradicts earlier
 * links or would put two dimensions of one statement in one group. */
static bool link_dims(links *l, int a, int b, ratio q)
{
	ratio wa, wb;
	int ra = find(l, a, &wa), rb = find(l, b, &wb);
	if (ra == rb)
		return false;
	ratio w = mul_ratio(mul_ratio(q, wb), make_ratio(wa.den, wa.num));
	if (!ratio_small(w) || w.num <= 0 || share_stmt(l, ra, rb))
		return false;
	l->parent[ra] = rb;
	l->w[ra] = w;
	return true;
}

static int level(const sched_stmt *s, int d) { return s->n_vars - 1 - d; }

/* Does consumer c read, per iteration, a block of the producer's inner
 * dimensions at the point its own outer loops name: the producer's
 * dimensions 0 .. k-1 indexed by c's variables 0 .. k-1 at rate 1 (plus
 * constants), every other one by constants, reduction variables (a
 * channel reduction unrolled, a fully connected layer's partial sums) or
 * c's inner variables?
 * Then the two share those outer loops: k, else 0 (also when the
 * shared loops have one point: nothing to link).  Fills r. */
static int outer_block(const sched_stmt *c, const sched_access *a, rate *r)
{
	const sched_stmt *p = a->producer;
	int k = 0;
	bool wide = false;
	while (k < p->n_vars && k < c->n_vars) {
		r[k] = index_rate(a->expr->args[k], c->n_vars);
		if (r[k].slot != k || r[k].r.num != 1 || r[k].r.den != 1)
			break;
		wide = wide || p->ext[k] > 1;
		k++;
	}
	for (int d = k; d < p->n_vars; d++) {
		r[d] = index_rate(a->expr->args[d], c->n_vars);
		if (r[d].slot == -2 || (r[d].slot >= 0 && r[d].slot < k))
			return 0;
	}
	return k > 0 && k < p->n_vars && wide ? k : 0;
}

/* Link dimensions 0 .. k-1 of p with c's variables r[d].slot, all of
 * them or none (the links before restored); 1 when linked. */
static int link_whole(links *l, const sched_stmt *c, const sched_stmt *p, const rate *r,
	int k, int *parent, ratio *w)
{
	memcpy(parent, l->parent, l->n * sizeof(*parent));
	memcpy(w, l->w, l->n * sizeof(*w));
	bool whole = true;
	for (int d = 0; d < k && whole; d++) {
		ratio wc, wp;
		int rc = find(l, node(c->index, r[d].slot), &wc);
		whole = rc == find(l, node(p->index, d), &wp)
			? wc.num * wp.den * r[d].r.den == r[d].r.num * wp.num * wc.den
			: link_dims(l, node(c->index, r[d].slot), node(p->index, d), r[d].r);
	}
	if (!whole) {
		memcpy(l->parent, parent, l->n * sizeof(*parent));
		memcpy(l->w, w, l->n * sizeof(*w));
	}
	return whole;
}

/* Link the dimensions of each producer with the consumer's, when every
 * dimension of the producer moves with a consumer variable m levels
 * deeper than its own (m the same for all of them), and so the m
 * innermost variables of the consumer index nothing of the producer: a
 * stencil, a resampling (m = 0), or, with "deeper", a consumer that reads
 * each value once per step of inner dimensions of its own
 * (camera_pipeline's corrected(y, x, c) reading red(y, x), m = 1: red's x
 * then takes the 3 cycles of corrected's x, so red waits for its reader
 * instead of running ahead of it by most of a plane), when the producer
 * has two dimensions or more.  Such an access is linked whole or not at
 * all.  With "deeper" and "blocks" too, a consumer that reads per step a
 * block of the producer's inner dimensions at the point of their shared
 * outer loops links those loops (outer_block; counted in *n_blocks).
 * Otherwise the producer keeps its own pace:
 * slowing some of its dimensions to a consumer's rate while others stay
 * unmatched would stretch it (a reduction over input channels; a block
 * link may too, which is why flow/ keeps one only when it costs
 * nothing). */
static int link_reads(links *l, const sched_stmt *c, bool deeper, bool blocks, int *n_blocks,
	int *parent, ratio *w)
{
	int deep = 0;
	for (int k = 0; k < c->n_reads; k++) {
		const sched_access *a = &c->reads[k];
		const sched_stmt *p = a->producer;
		rate r[SCHED_MAX_DIMS];
		bool all = p->n_vars > 0;
		int m = -1;
		for (int d = 0; d < p->n_vars && all; d++) {
			r[d] = index_rate(a->expr->args[d], c->n_vars);
			all = r[d].slot >= 0 && r[d].r.num > 0 && ratio_small(r[d].r);
			if (all && m < 0)
				m = level(c, r[d].slot) - level(p, d);
			all = all && m >= 0 && level(c, r[d].slot) == level(p, d) + m;
		}
		/* across levels only for a producer of two dimensions or more:
		 * one running ahead holds up to a plane, a row at most otherwise,
		 * and slowing it down may delay its other readers */
		if (!all && deeper && blocks && outer_block(c, a, r)) {
			int linked = link_whole(l, c, p, r, outer_block(c, a, r), parent, w);
			deep += linked;
			*n_blocks += linked;
			continue;
		}
		if (!all || (m > 0 && (!deeper || p->n_vars < 2)))
			continue;
		if (m == 0) {
			for (int d = 0; d < p->n_vars; d++)
				link_dims(l, node(c->index, r[d].slot), node(p->index, d), r[d].r);
			continue;
		}
		deep += link_whole(l, c, p, r, p->n_vars, parent, w);
	}
	return deep;
}

/* What dimension d of s needs for one iteration per cycle. */
static int64_t required(const sched_stmt *s, int d)
{
	return d == s->n_dims - 1 ? 1 : s->coef[d + 1] * s->ext[d + 1];
}

static void compact(sched_stmt *s, int from)
{
	for (int d = s->n_dims - 1; d >= from; d--)
		s->coef[d] = required(s, d);
}

/* Give every member of one linked group its coefficient (the members
 * may sit at different levels, see link_reads). */
static void solve_group(sched_program *sp, const links *l, int root)
{
	int64_t lcm = 1, g = 0, b = 1;
	for (int pass = 0; pass < 3; pass++) {
		for (int i = 0; i < sp->n_stmts; i++) {
			sched_stmt *s = sp->stmts[i];
			for (int d = 0; d < s->n_vars; d++) {
				ratio w;
				if (find(l, node(i, d), &w) != root)
					continue;
				if (pass == 0) {
					lcm = lcm / sched_gcd(lcm, w.den) * w.den;
					continue;
				}
				int64_t wi = w.num * (lcm / w.den);
				if (pass == 1) {
					g = g ? sched_gcd(g, wi) : wi;
					continue;
				}
				wi /= g;
				int64_t need = (required(s, d) + wi - 1) / wi;
				b = need > b ? need : b;
			}
		}
	}
	for (int i = 0; i < sp->n_stmts; i++) {
		sched_stmt *s = sp->stmts[i];
		for (int d = 0; d < s->n_vars; d++) {
			ratio w;
			if (find(l, node(i, d), &w) == root)
				s->coef[d] = w.num * (lcm / w.den) / g * b;
		}
	}
}

/* ------------------------------------------------------------ lanes */

/* The statement of lane 0 of s's declaration (s itself without lanes):
 * lanes are consecutive statements (scheduler/unroll.c). */
static sched_stmt *lane_zero(const sched_program *sp, const sched_stmt *s)
{
	int i = s->index - (s->decl->lanes > 1 ? s->decl->lane : 0);
	if (i < 0 || sp->stmts[i]->decl->lane_of != s->decl->lane_of)
		sl_unreachable();
	return sp->stmts[i];
}

/* Is s the last lane of its declaration (or without lanes)? */
static bool lane_last(const sched_stmt *s)
{
	return s->decl->lanes <= 1 || s->decl->lane == s->decl->lanes - 1;
}

/* The lanes of one declaration run in lockstep: one rate per dimension. */
static void link_lanes(links *l, const sched_program *sp, const sched_stmt *s)
{
	if (s->decl->lanes <= 1 || s->decl->lane == 0)
		return;
	const sched_stmt *z = lane_zero(sp, s);
	for (int d = 0; d < s->n_vars; d++)
		link_dims(l, node(s->index, d), node(z->index, d), (ratio) { 1, 1 });
}

/* sum_d coef[d] * lo[d]: with lockstep lanes, offset - this is the same
 * for every lane (word xo of every lane fires in the same cycle). */
static int64_t lane_base(const sched_stmt *s)
{
	int64_t b = 0;
	for (int d = 0; d < s->n_vars; d++)
		b += s->coef[d] * s->lo[d];
	return b;
}

/* Give the lanes ending at "last" one time base: the latest any needs. */
static void lockstep_offsets(sched_program *sp, const sched_stmt *last)
{
	const sched_stmt *z = lane_zero(sp, last);
	int64_t base = INT64_MIN;
	for (int i = z->index; i <= last->index; i++) {
		const sched_stmt *s = sp->stmts[i];
		int64_t b = s->offset - lane_base(s);
		base = b > base ? b : base;
	}
	for (int i = z->index; i <= last->index; i++)
		sp->stmts[i]->offset = base + lane_base(sp->stmts[i]);
}

/* Can the group of root r be solved: are the inner dimensions of each of
 * its members in solved groups? */
static bool group_ready(const sched_program *sp, const links *l, int r, const bool *solved)
{
	for (int i = 0; i < sp->n_stmts; i++)
		for (int d = 0; d < sp->stmts[i]->n_vars; d++) {
			ratio w;
			if (find(l, node(i, d), &w) != r)
				continue;
			for (int e = d + 1; e < sp->stmts[i]->n_vars; e++)
				if (!solved[find(l, node(i, e), &w)])
					return false;
		}
	return true;
}

/* The rates, with links across levels when "deeper" (link_reads); false
 * when the groups cannot be solved inner dimensions first. */
static bool stream_rates_links(sched_program *sp, bool deeper)
{
	links l;
	l.n = sp->n_stmts * SCHED_MAX_DIMS;
	l.parent = sl_xmalloc(l.n * sizeof(*l.parent));
	l.w = sl_xmalloc(l.n * sizeof(*l.w));
	int *parent = sl_xmalloc(l.n * sizeof(*parent));
	ratio *w = sl_xmalloc(l.n * sizeof(*w));
	bool *solved = sl_xcalloc(l.n, sizeof(*solved));
	for (int i = 0; i < l.n; i++) {
		l.parent[i] = i;
		l.w[i] = (ratio) { 1, 1 };
	}
	sp->deep_links = sp->block_links = 0;
	for (int i = 0; i < sp->n_stmts; i++)
		link_lanes(&l, sp, sp->stmts[i]);
	for (int i = 0; i < sp->n_stmts; i++) {
		sp->deep_links += link_reads(&l, sp->stmts[i], deeper, !sp->opts.no_block_links,
			&sp->block_links, parent, w);
		compact(sp->stmts[i], sp->stmts[i]->n_vars);	/* reduction loops */
	}
	/* Each group once the inner dimensions of all its members are
	 * solved (level by level from the innermost when every group is of
	 * one level, as without "deeper"). */
	bool progress = true, all = false;
	while (progress && !all) {
		progress = false;
		all = true;
		for (int i = 0; i < sp->n_stmts; i++)
			for (int d = sp->stmts[i]->n_vars - 1; d >= 0; d--) {
				ratio wr;
				int r = node(i, d);
				if (find(&l, r, &wr) != r || solved[r])
					continue;
				if (!group_ready(sp, &l, r, solved)) {
					all = false;
					continue;
				}
				solve_group(sp, &l, r);
				solved[r] = progress = true;
			}
	}
	free(solved);
	free(w);
	free(parent);
	free(l.parent);
	free(l.w);
	return all;
}

static void stream_rates(sched_program *sp)
{
	if ((sp->opts.level_links_only || !stream_rates_links(sp, true)) &&
	    !stream_rates_links(sp, false))
		sl_unreachable();	/* groups of one level are solved innermost first */
}

/* ------------------------------------------------------------ offsets */

/* Time of the last reduction iteration relative to the first. */
static int64_t reduction_tail(const sched_stmt *s)
{
	int64_t t = 0;
	for (int d = s->n_vars; d < s->n_dims; d++)
		t += s->coef[d] * (s->ext[d] - 1);
	return t;
}

static __isl_give isl_aff *affine_time(__isl_keep isl_local_space *ls,
	const sched_stmt *s, int64_t offset)
{
	isl_ctx *isl = isl_local_space_get_ctx(ls);
	isl_aff *t = isl_aff_val_on_domain(isl_local_space_copy(ls), isl_val_int_from_si(isl, offset));
	for (int d = 0; d < s->n_dims; d++) {
		t = isl_aff_set_coefficient_val(t, isl_dim_in, d, isl_val_int_from_si(isl, s->coef[d]));
		t = isl_aff_add_constant_val(t, isl_val_int_from_si(isl, -s->coef[d] * s->lo[d]));
	}
	return t;
}

/* W_P(A(j)) over the consumer's iteration space "ls". */
__isl_give isl_pw_aff *sched_write_time_of_access(isl_ctx *isl,
	const sched_stmt *consumer, const sched_access *a, __isl_keep isl_local_space *ls)
{
	const sched_stmt *p = a->producer;
	int64_t base = p->offset + p->latency + reduction_tail(p);
	isl_pw_aff *w = isl_pw_aff_from_aff(isl_aff_val_on_domain(isl_local_space_copy(ls),
		isl_val_int_from_si(isl, base)));
	for (int d = 0; d < p->n_vars; d++) {
		isl_pw_aff *x = fe_index_pw_aff(isl, a->expr->args[d], ls);
		x = isl_pw_aff_add(x, isl_pw_aff_from_aff(isl_aff_val_on_domain(
			isl_local_space_copy(ls), isl_val_int_from_si(isl, -p->lo[d]))));
		x = isl_pw_aff_scale_val(x, isl_val_int_from_si(isl, p->coef[d]));
		w = isl_pw_aff_add(w, x);
	}
	return w;
}

static __isl_give isl_set *box_set(isl_ctx *isl, const sched_stmt *s)
{
	isl_set *set = isl_set_universe(isl_space_set_alloc(isl, 0, s->n_dims));
	for (int d = 0; d < s->n_dims; d++) {
		set = isl_set_lower_bound_val(set, isl_dim_set, d, isl_val_int_from_si(isl, s->lo[d]));
		set = isl_set_upper_bound_val(set, isl_dim_set, d,
			isl_val_int_from_si(isl, s->lo[d] + s->ext[d] - 1));
	}
	return set;
}

/* The smallest offset of "c" after which every read is legal. */
static int stream_offset(sched_program *sp, isl_ctx *isl, sched_stmt *c)
{
	int64_t off = 0;
	isl_set *dom = box_set(isl, c);
	isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(dom));
	for (int k = 0; k < c->n_reads; k++) {
		isl_pw_aff *w = sched_write_time_of_access(isl, c, &c->reads[k], ls);
		isl_pw_aff *t = isl_pw_aff_from_aff(affine_time(ls, c, 0));
		w = isl_pw_aff_intersect_domain(isl_pw_aff_sub(w, t), isl_set_copy(dom));
		/* On the graph: isl_pw_aff_max_val rejects rational pieces. */
		isl_val *v = isl_set_dim_max_val(isl_map_range(isl_map_from_pw_aff(w)), 0);
		if (!v || !isl_val_is_int(v)) {
			isl_val_free(v);
			sl_error(sp->ctx, c->reads[k].expr->loc, "isl could not bound this read");
			isl_local_space_free(ls);
			isl_set_free(dom);
			return -1;
		}
		int64_t need = isl_val_get_num_si(v);
		isl_val_free(v);
		off = need > off ? need : off;
	}
	isl_local_space_free(ls);
	isl_set_free(dom);
	c->offset = off;
	return 0;
}

/* Lanes z .. last, compacted together: the coefficients of the largest
 * lane, every lane starting at "start" or later in lockstep. */
static int64_t sequential_group(sched_program *sp, int z, int last, int64_t start)
{
	sched_stmt *s0 = sp->stmts[z];
	for (int d = s0->n_dims - 1; d >= 0; d--) {
		int64_t c = 1;
		for (int i = z; d < s0->n_dims - 1 && i <= last; i++) {
			int64_t r = sp->stmts[i]->coef[d + 1] * sp->stmts[i]->ext[d + 1];
			c = r > c ? r : c;
		}
		for (int i = z; i <= last; i++)
			sp->stmts[i]->coef[d] = c;
	}
	int64_t least = INT64_MAX, next = start;
	for (int i = z; i <= last; i++)
		least = lane_base(sp->stmts[i]) < least ? lane_base(sp->stmts[i]) : least;
	for (int i = z; i <= last; i++) {
		sched_stmt *s = sp->stmts[i];
		s->offset = start + lane_base(s) - least;
		if (sched_last_time(s) + s->latency > next)
			next = sched_last_time(s) + s->latency;
	}
	return next;
}

static void sequential(sched_program *sp)
{
	int64_t next = 0;
	for (int i = 0; i < sp->n_stmts; i++)
		if (lane_last(sp->stmts[i]))
			next = sequential_group(sp, lane_zero(sp, sp->stmts[i])->index, i, next);
}

/* When the last element of an output's box is written, plus one. */
static int64_t output_end(const sched_stmt *s)
{
	int64_t t = s->offset + s->latency + reduction_tail(s);
	for (int d = 0; d < s->n_vars; d++)
		t += s->coef[d] * (s->decl->out_extents[d] - 1 - s->lo[d]);
	return t + 1;
}

int sched_compute(sched_program *sp, isl_ctx *isl)
{
	if (sp->opts.policy == SCHED_SEQUENTIAL) {
		sequential(sp);
	} else {
		stream_rates(sp);
		for (int i = 0; i < sp->n_stmts; i++) {
			if (!sp->stmts[i]->is_input && stream_offset(sp, isl, sp->stmts[i]) < 0)
				return -1;
			if (sp->stmts[i]->decl->lanes > 1 && lane_last(sp->stmts[i]))
				lockstep_offsets(sp, sp->stmts[i]);
		}
	}
	sp->predicted_cycles = 0;
	sp->ideal_cycles = 0;
	for (int i = 0; i < sp->n_stmts; i++) {
		sched_stmt *s = sp->stmts[i];
		if (s->is_output && output_end(s) > sp->predicted_cycles)
			sp->predicted_cycles = output_end(s);
		if (s->is_input && sched_last_time(s) + 1 > sp->predicted_cycles)
			sp->predicted_cycles = sched_last_time(s) + 1;	/* the last element taken */
		if (sched_n_iters(s) > sp->ideal_cycles)
			sp->ideal_cycles = sched_n_iters(s);
		if (sched_last_time(s) + s->latency >= ((int64_t) 1 << 48)) {
			sl_error(sp->ctx, s->decl->loc, "the schedule of '%s' runs past 2^48 cycles", s->name);
			return -1;
		}
	}
	return 0;
}
