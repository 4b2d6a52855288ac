/* sim/model_rows.c: the cycle-level model's reads, a row at a time.
 * Stage: sim (model.c runs it).  A statement's iterations go row by row
 * (its innermost dimension, merged with the dimensions before it that
 * continue its steps, or for short rows one row of the dimension before
 * them per point of theirs, a lane); a row goes segment by segment, a
 * segment as long as every port's element advances by a constant step
 * (indices evaluated as affine pieces: clamps, min, max and floor
 * divisions split them) and every border tap stays put; on a segment a
 * port's reads are checked a piece of its write cursor at a time (where
 * the writes done step by a constant too), two comparisons a piece, with
 * the same verdict, read by read, as sim_mdl_held.  Owns nothing past a
 * call. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

/* An index expression along the innermost dimension from the current
 * iteration: v there, v + s * j for the next j < m steps. */
typedef struct mdl_lin {
	int64_t v, s, m;
} mdl_lin;

#define MDL_BIG ((int64_t) 1 << 40)

/* One step: the value alone, exact (ref_index's own arithmetic). */
static mdl_lin mdl_lin_point(const ir_expr *e, const int64_t *env)
{
	return (mdl_lin) { ref_index(e, env), 0, 1 };
}

/* min or max: the operand it picks at the iteration, for as long as it
 * picks it (at a tie both give the same value). */
static mdl_lin mdl_lin_pick(mdl_lin a, mdl_lin b, bool is_min)
{
	bool first = is_min ? a.v < b.v : a.v > b.v;
	mdl_lin x = first ? a : b, y = first ? b : a;
	int64_t d = is_min ? x.v - y.v : y.v - x.v, ds = is_min ? x.s - y.s : y.s - x.s;
	int64_t m = x.m < y.m ? x.m : y.m;
	/* x stays picked while d + ds * j <= 0 (d <= 0) */
	if (ds > 0 && -d / ds + 1 < m)
		m = -d / ds + 1;
	return (mdl_lin) { x.v, x.s, m };
}

/* floor a / c or a mod c, c > 0: affine while the remainder's steps stay
 * in [0, c) (or c divides the slope). */
static mdl_lin mdl_lin_divmod(mdl_lin a, int64_t c, bool is_div)
{
	int64_t q = ir_floordiv(a.v, c), r = ir_floormod(a.v, c), m = a.m;
	if (a.s % c == 0)
		return is_div ? (mdl_lin) { q, a.s / c, m } : (mdl_lin) { r, 0, m };
	int64_t run = a.s > 0 ? (c - 1 - r) / a.s + 1 : r / -a.s + 1;
	if (run < m)
		m = run;
	return is_div ? (mdl_lin) { q, 0, m } : (mdl_lin) { r, a.s, m };
}

static mdl_lin mdl_lin_binary(const ir_expr *e, const int64_t *env, int slot);

/* Index expression e at the current iteration (env), the innermost
 * dimension's variable in slot "slot". */
static mdl_lin mdl_lin_eval(const ir_expr *e, const int64_t *env, int slot)
{
	mdl_lin r;
	switch (e->kind) {
	case IR_CONST:
		return (mdl_lin) { (int64_t) e->u.cval, 0, INT64_MAX };
	case IR_VAR:
		return (mdl_lin) { env[e->u.var.slot], e->u.var.slot == slot, INT64_MAX };
	case IR_UNARY:
		if (e->op != IR_OP_NEG)
			return mdl_lin_point(e, env);
		r = mdl_lin_eval(e->args[0], env, slot);
		r = (mdl_lin) { -r.v, -r.s, r.m };
		break;
	case IR_BINARY:
		r = mdl_lin_binary(e, env, slot);
		break;
	default:
		return mdl_lin_point(e, env);
	}
	if (r.v <= -MDL_BIG || r.v >= MDL_BIG || r.s <= -MDL_BIG || r.s >= MDL_BIG)
		return mdl_lin_point(e, env);
	/* the run keeps |v + s * j| below MDL_BIG: no step overflows */
	int64_t as = r.s < 0 ? -r.s : r.s, room = as ? (MDL_BIG - 1 - (r.s > 0 ? r.v : -r.v)) / as + 1
		: INT64_MAX;
	if (room < r.m)
		r.m = room;
	return r;
}

static mdl_lin mdl_lin_binary(const ir_expr *e, const int64_t *env, int slot)
{
	mdl_lin a = mdl_lin_eval(e->args[0], env, slot), b = mdl_lin_eval(e->args[1], env, slot);
	int64_t m = a.m < b.m ? a.m : b.m;
	switch (e->op) {
	case IR_OP_ADD: return (mdl_lin) { a.v + b.v, a.s + b.s, m };
	case IR_OP_SUB: return (mdl_lin) { a.v - b.v, a.s - b.s, m };
	case IR_OP_MUL: {
		__int128 p = (__int128) a.v * b.v, q = (__int128) a.s * b.v + (__int128) b.s * a.v;
		if ((a.s != 0 && b.s != 0) || p <= -MDL_BIG || p >= MDL_BIG || q <= -MDL_BIG
		    || q >= MDL_BIG)
			return mdl_lin_point(e, env);
		return (mdl_lin) { (int64_t) p, (int64_t) q, m };
	}
	case IR_OP_MIN: case IR_OP_MAX:
		return mdl_lin_pick(a, b, e->op == IR_OP_MIN);
	case IR_OP_DIV: case IR_OP_MOD:
		if (b.s != 0 || b.v <= 0 || b.m != INT64_MAX)
			return mdl_lin_point(e, env);
		return mdl_lin_divmod(a, b.v, e->op == IR_OP_DIV);
	default:
		return mdl_lin_point(e, env);
	}
}

/* A port's reads over a segment of a row: at the segment's j-th
 * iteration the element e0 + es * j, found when (unsigned) (a - e - k) is
 * below span, a the writes done less one (sim_mdl_held's cases: a circular
 * buffer's k is the frame's base, span the capacity; a tap's k the base
 * plus its distance, span 1). */
typedef struct mdl_seg {
	int64_t e0, es, k;
	uint64_t span;
} mdl_seg;

/* The scratch of the row pass: by write cursor the writes done less one
 * at each iteration of the row (a[g * len + i]), the cursors at the
 * row's start, each port's segment and its evaluated indices. */
typedef struct mdl_rows {
	int dim;		/* the row's dimension (the first of merged ones) */
	int64_t len, dt;	/* iterations, and the cycles from one to the next */
	int64_t done0, dstep;	/* the row's iteration i is done0 + i * dstep */
	int64_t *a, *w, *cstep;
	mdl_seg *seg;
	mdl_lin *lin;		/* n_ports * SCHED_MAX_DIMS */
	/* By write cursor: a[g * len ..] as pieces where it steps by a
	 * constant, piece p from row iteration pj[p] (to the next's) with
	 * value pa[p] and step ps[p]; n_pieces[g] of them at g * (len + 1),
	 * the first at or before the current segment at cur[g]. */
	int64_t *pj, *pa, *ps;
	int64_t *n_pieces, *cur;
	int *order;		/* the ports, by buffer and first element */
} mdl_rows;

/* The vshifts of border chain b's frame f done by cycle t, and the cycles
 * for which that stays so (from t on, in iterations dt apart). */
static int64_t mdl_vshifts(const sim_mdl_run *r, const sim_mdl_buf *b, int64_t f, int64_t t,
	int64_t dt, int64_t *run)
{
	const ub_buffer *ub = b->ub;
	int64_t vn = ub->vshift_n, since = t - f * r->period - ub->vshift_start, v = 0, next;
	if (vn <= 0)
		return 0;
	if (since >= 0)
		v = since / ub->vshift_step + 1 < vn ? since / ub->vshift_step + 1 : vn;
	next = since < 0 ? -since : v < vn ? v * ub->vshift_step - since : -1;
	if (next > 0 && dt > 0 && (next + dt - 1) / dt < *run)
		*run = (next + dt - 1) / dt;
	return v;
}

/* A border port's tap at the row's iteration x (its edges on the other
 * dimensions as st->it has them), limiting *run to the iterations before
 * the next edge of the row's dimension "in". */
static int64_t mdl_border_tap(const sim_mdl_stmt *st, const ub_port *up, int in, int64_t x,
	int64_t *run)
{
	int64_t tap = up->tap;
	for (int e = 0; e < up->n_edges; e++) {
		const ub_edge *g = &up->edges[e];
		int64_t c = g->dim == in ? x : st->it[g->dim];
		if (c == g->at)
			tap += g->shift;
		if (g->dim == in && g->at == x && *run > 1)
			*run = 1;
		if (g->dim == in && g->at > x && g->at - x < *run)
			*run = g->at - x;
	}
	return tap;
}

/* Port k's segment from the row's iteration i (cycle t); the iterations
 * it holds for, at most "run". */
static int64_t mdl_port_seg(const sim_mdl_run *r, const sim_mdl_stmt *st, int k, int64_t i,
	int64_t t, mdl_rows *rw, int64_t run)
{
	const sim_mdl_port *p = &st->ports[k];
	const sim_mdl_buf *b = p->buf;
	const sched_stmt *s = st->s, *ps = b->prod->s;
	mdl_seg *g = &rw->seg[k];
	int in = rw->dim;
	if (p->cursor >= 0) {
		g->es = rw->cstep[p->cursor];
		g->e0 = rw->w[p->cursor] + i * g->es + p->off;
	} else {
		mdl_lin *l = rw->lin + (size_t) k * SCHED_MAX_DIMS;
		g->e0 = g->es = 0;
		for (int j = 0; j < ps->n_vars; j++) {
			l[j] = mdl_lin_eval(p->a->expr->args[j], st->env, st->dim_slot[in]);
			g->e0 += (l[j].v - ps->lo[j]) * b->prod->estride[j];
			g->es += l[j].s * b->prod->estride[j];
			if (l[j].m < run)
				run = l[j].m;
		}
	}
	int64_t base = st->frame * b->n_elems, tap = p->tap ? p->dist : 0, v = 0;
	if (p->border) {
		/* mdl_border_held: held == want exactly when the shift it names
		 * is want's, frame f's element e at f * (n + vshift_n) + e */
		tap = mdl_border_tap(st, p->border, in, s->lo[in] + i, &run);
		v = mdl_vshifts(r, b, st->frame, t, rw->dt, &run);
	}
	g->k = base + tap - v;
	g->span = b->cap <= 0 || (p->border && tap >= b->cap) ? 0 : p->tap ? 1
		: (uint64_t) b->cap;
	return run;
}

/* An evaluated port's indices inside the producer's box at both ends of
 * the segment (affine between them). */
static void mdl_seg_bounds(const sim_mdl_stmt *st, int k, const mdl_rows *rw, int64_t run)
{
	const sim_mdl_port *p = &st->ports[k];
	const sched_stmt *ps = p->buf->prod->s;
	const mdl_lin *l = rw->lin + (size_t) k * SCHED_MAX_DIMS;
	if (p->cursor >= 0)
		return;
	for (int j = 0; j < ps->n_vars; j++) {
		int64_t c0 = l[j].v, c1 = l[j].v + l[j].s * (run - 1);
		if (c0 < ps->lo[j] || c0 >= ps->lo[j] + ps->ext[j] || c1 < ps->lo[j]
		    || c1 >= ps->lo[j] + ps->ext[j])
			sl_unreachable();	/* bounds inference */
	}
}

/* The first read of port k in the segment from row iteration i that
 * finds another element, as a fault (at its iteration and cycle). */
static void mdl_seg_fault(sim_mdl_run *r, sim_mdl_stmt *st, int k, const mdl_rows *rw, int64_t i,
	int64_t run)
{
	const mdl_seg *g = &rw->seg[k];
	const sim_mdl_port *p = &st->ports[k];
	const int64_t *a = rw->a + (size_t) p->wc * rw->len + i;
	int in = rw->dim;
	int64_t j = 0;
	while ((uint64_t) (a[j] - g->e0 - g->es * j - g->k) < g->span)
		j++;
	int64_t it_in = st->it[in], t = st->t, want = st->frame * p->buf->n_elems + g->e0 + g->es * j;
	st->it[in] = st->s->lo[in] + i + j;
	st->t = t + (i + j) * rw->dt;
	sim_mdl_read_fault(r, st, k, st->t, rw->done0 + (i + j) * rw->dstep, st->frame,
		sim_mdl_held(st, p, a[j] + 1, want), want);
	st->it[in] = it_in;
	st->t = t;
	(void) run;
}

/* Port k's reads in the segment of run iterations from row iteration
 * i, checked a piece of its write cursor at a time: on a piece both the
 * writes done and the element step by constants, so (a - e - k) is
 * affine there and within [0, span) everywhere once it is at both ends. */
static void mdl_seg_check(sim_mdl_run *r, sim_mdl_stmt *st, int k, const mdl_rows *rw, int64_t i,
	int64_t run)
{
	const mdl_seg *g = &rw->seg[k];
	int wc = st->ports[k].wc;
	size_t o = (size_t) wc * (size_t) (rw->len + 1);
	const int64_t *pj = rw->pj + o, *pa = rw->pa + o, *ps = rw->ps + o;
	int64_t np = rw->n_pieces[wc];
	mdl_seg_bounds(st, k, rw, run);
	for (int64_t p = rw->cur[wc]; p < np && pj[p] < i + run; p++) {
		int64_t lo = pj[p] > i ? pj[p] : i;
		int64_t hi = (p + 1 < np && pj[p + 1] < i + run ? pj[p + 1] : i + run) - 1;
		int64_t x0 = pa[p] + ps[p] * (lo - pj[p]) - g->e0 - g->es * (lo - i) - g->k;
		int64_t x1 = pa[p] + ps[p] * (hi - pj[p]) - g->e0 - g->es * (hi - i) - g->k;
		if ((uint64_t) x0 >= g->span || (uint64_t) x1 >= g->span) {
			mdl_seg_fault(r, st, k, rw, i, run);
			return;
		}
	}
}

/* Elements [e0 + from, e0 + run) of a segment read at cycles t + j dt,
 * j the place in the segment: each one's last read at least that. */
static void mdl_last_range(int64_t *last, int64_t e0, int64_t from, int64_t run, int64_t t,
	int64_t dt)
{
	for (int64_t j = from; j < run; j++) {
		int64_t tj = t + j * dt, l = last[e0 + j];
		last[e0 + j] = l > tj ? l : tj;
	}
}

/* In frame 0, the last reads of the segment's elements (from row
 * iteration i, cycle t, run iterations dt apart).  The ports that step
 * by one element, ordered by buffer and first element: of the ports that
 * read an element, the one with the least first element reads it last,
 * so each element is noted once, from the first port whose range holds
 * it; other ports note each of theirs. */
static void mdl_seg_last(sim_mdl_stmt *st, mdl_rows *rw, int64_t i, int64_t run)
{
	int64_t dt = rw->dt, t = st->t + i * dt;
	int n = 0;
	for (int k = 0; k < st->n_ports; k++) {
		const mdl_seg *g = &rw->seg[k];
		int64_t *last = st->ports[k].buf->last;
		if (g->es == 1 && run > 1) {
			int m = n++;
			while (m > 0 && (st->ports[rw->order[m - 1]].buf > st->ports[k].buf
			       || (st->ports[rw->order[m - 1]].buf == st->ports[k].buf
				   && rw->seg[rw->order[m - 1]].e0 > g->e0))) {
				rw->order[m] = rw->order[m - 1];
				m--;
			}
			rw->order[m] = k;
		} else if (g->es == 0 || run == 1) {
			int64_t tl = t + (run - 1) * dt;
			last[g->e0] = last[g->e0] > tl ? last[g->e0] : tl;
		} else {
			for (int64_t j = 0; j < run; j++) {
				int64_t l = last[g->e0 + g->es * j];
				last[g->e0 + g->es * j] = l > t + j * dt ? l : t + j * dt;
			}
		}
	}
	const sim_mdl_buf *b = NULL;
	int64_t end = 0;
	for (int m = 0; m < n; m++) {
		const sim_mdl_port *p = &st->ports[rw->order[m]];
		int64_t e0 = rw->seg[rw->order[m]].e0;
		if (p->buf != b)
			end = INT64_MIN;
		b = p->buf;
		int64_t from = end > e0 ? end - e0 : 0;
		mdl_last_range(p->buf->last, e0, from < run ? from : run, run, t, dt);
		end = e0 + run;
	}
}

/* Write cursor g's value v (n == 1) or run of n values from v by sl,
 * from row iteration j on: into its pieces. */
static void mdl_piece_add(mdl_rows *rw, int g, int64_t j, int64_t v, int64_t n, int64_t sl)
{
	size_t o = (size_t) g * (size_t) (rw->len + 1);
	int64_t *pj = rw->pj + o, *pa = rw->pa + o, *ps = rw->ps + o, np = rw->n_pieces[g];
	if (np > 0) {
		int64_t q = np - 1, qlen = j - pj[q], d = v - (pa[q] + ps[q] * (qlen - 1));
		if (qlen == 1 && (n == 1 || d == sl)) {
			ps[q] = d;
			return;
		}
		if (d == ps[q] && (n == 1 || sl == ps[q]))
			return;
	}
	pj[np] = j;
	pa[np] = v;
	ps[np] = n == 1 ? 0 : sl;
	rw->n_pieces[g] = np + 1;
}

/* a[i]: the writes done less one at the row's iteration i (cycle t +
 * i * dt), and as pieces.  While the producer writes a row of its
 * innermost variable dt cycles apart and one write is due at each
 * iteration, each iteration sees exactly one more write: those are
 * filled at once. */
static void mdl_row_writes(const sim_mdl_run *r, sim_mdl_wcur *w, mdl_rows *rw, int g, int64_t t,
	int64_t dt)
{
	int64_t len = rw->len, *a = rw->a + (size_t) g * len;
	rw->n_pieces[g] = 0;
	rw->cur[g] = 0;
	for (int64_t i = 0; i < len;) {
		a[i] = sim_mdl_wcur_at(w, r, t + i * dt) - 1;
		mdl_piece_add(rw, g, i, a[i], 1, 0);
		i++;
		if (w->dt != dt || dt <= 0 || i == len || w->t > t + i * dt)
			continue;
		/* w->t in (t + (i - 1) dt, t + i dt]: due at iteration i, and
		 * each step keeps it so */
		int64_t q = w->row_left < len - i ? w->row_left : len - i, n = w->n;
		for (int64_t j = 0; j < q; j++)
			a[i + j] = n + j;
		if (q > 0)
			mdl_piece_add(rw, g, i, n, q, 1);
		w->n += q;
		w->row_left -= q;
		w->t += q * dt;
		i += q;
	}
}

/* The reads of the statement's current row (its innermost dimension),
 * segment by segment: each segment as long as every port's element and
 * slot advance by constant steps. */
static void mdl_row(sim_mdl_run *r, sim_mdl_stmt *st, mdl_rows *rw)
{
	const sched_stmt *s = st->s;
	int in = rw->dim;
	int64_t len = rw->len, dt = rw->dt;
	for (int c = 0; c < st->n_cursors; c++)
		rw->w[c] = st->cursors[c].want;
	for (int g = 0; g < st->n_wcurs; g++)
		mdl_row_writes(r, &st->wcurs[g], rw, g, st->t, dt);
	for (int64_t i = 0, run; i < len; i += run) {
		run = len - i;
		if (st->need_env)
			st->env[st->dim_slot[in]] = s->lo[in] + i;
		for (int k = 0; k < st->n_ports; k++)
			run = mdl_port_seg(r, st, k, i, st->t + i * dt, rw, run);
		for (int g = 0; g < st->n_wcurs; g++)
			while (rw->cur[g] + 1 < rw->n_pieces[g]
			       && rw->pj[(size_t) g * (size_t) (len + 1) + rw->cur[g] + 1] <= i)
				rw->cur[g]++;
		for (int k = 0; k < st->n_ports; k++)
			mdl_seg_check(r, st, k, rw, i, run);
		if (st->frame == 0)
			mdl_seg_last(st, rw, i, run);
	}
}

/* Can the statement take the row pass: a dimension, and no tap past its
 * chain's capacity (sim_mdl_held's one case that is no single comparison)? */
bool sim_mdl_rows_ok(const sim_mdl_stmt *st)
{
	if (st->s->n_dims == 0)
		return false;
	for (int k = 0; k < st->n_ports; k++)
		if (!st->ports[k].fast)
			return false;
	return true;
}

/* The first dimension of the statement's rows: the innermost, and the
 * ones before it whose steps in time and in every cursor are the whole
 * of the dimensions after them (one row in time and in every buffer;
 * not with evaluated indices or border taps), up to 2^16 iterations. */
static int mdl_row_dims(const sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	int n = s->n_dims, m = n - 1;
	int64_t len = s->ext[n - 1];
	for (int k = 0; k < st->n_ports; k++)
		if (st->ports[k].border)
			return m;
	while (!st->need_env && m > 0 && len * s->ext[m - 1] <= ((int64_t) 1 << 16)
	       && s->coef[m - 1] == s->coef[n - 1] * len) {
		bool same = true;
		for (int c = 0; c < st->n_cursors; c++)
			same = same && st->cursors[c].step[m - 1] == st->cursors[c].step[n - 1] * len;
		if (!same)
			break;
		len *= s->ext[--m];
	}
	return m;
}

/* From the first iteration of dimensions m on (the others as they are)
 * to their last, then one step: the next row's or plane's first. */
static void mdl_row_next(sim_mdl_stmt *st, int m)
{
	const sched_stmt *s = st->s;
	int64_t n = 1;
	for (int d = m; d < s->n_dims; d++) {
		st->it[d] = s->lo[d] + s->ext[d] - 1;
		st->env[st->dim_slot[d]] = st->it[d];
		st->t += (s->ext[d] - 1) * s->coef[d];
		for (int c = 0; c < st->n_cursors; c++)
			st->cursors[c].want += (s->ext[d] - 1) * st->cursors[c].step[d];
		n *= s->ext[d];
	}
	st->done += n - 1;
	sim_mdl_iter_next(st);
}

/* Lane l of a plane whose first iteration st has: dimensions rd + 1 on
 * at their l-th iteration in lexicographic order (rd at its first). */
static void mdl_lane(sim_mdl_stmt *st, int rd, int64_t l, int64_t t0, const int64_t *want0)
{
	const sched_stmt *s = st->s;
	st->t = t0;
	for (int c = 0; c < st->n_cursors; c++)
		st->cursors[c].want = want0[c];
	for (int d = s->n_dims - 1; d > rd; d--) {
		int64_t x = l % s->ext[d];
		l /= s->ext[d];
		st->it[d] = s->lo[d] + x;
		st->env[st->dim_slot[d]] = st->it[d];
		st->t += x * s->coef[d];
		for (int c = 0; c < st->n_cursors; c++)
			st->cursors[c].want += x * st->cursors[c].step[d];
	}
}

/* A plane: dimension rd a row for each lane (each point of the
 * dimensions after it), every lane's write cursors from the plane's
 * first cycle (a lane's cycles increase along its row); after the last
 * lane the cursors are at the plane's last cycle. */
static void mdl_plane(sim_mdl_run *r, sim_mdl_stmt *st, mdl_rows *rw, int64_t lanes,
	sim_mdl_wcur *save, int64_t *want0)
{
	const sched_stmt *s = st->s;
	int rd = rw->dim;
	int64_t t0 = st->t, done0 = st->done;
	for (int c = 0; c < st->n_cursors; c++)
		want0[c] = st->cursors[c].want;
	memcpy(save, st->wcurs, (size_t) st->n_wcurs * sizeof(*save));
	for (int64_t l = 0; l < lanes; l++) {
		if (l > 0)
			memcpy(st->wcurs, save, (size_t) st->n_wcurs * sizeof(*save));
		mdl_lane(st, rd, l, t0, want0);
		rw->done0 = done0 + l;
		mdl_row(r, st, rw);
	}
	mdl_lane(st, rd, 0, t0, want0);
	st->done = done0;
	for (int d = rd + 1; d < s->n_dims; d++)
		st->it[d] = s->lo[d];
}

/* A statement a row at a time (sim_mdl_rows_ok): the same reads, with the
 * same verdicts, as mdl_pass_general. */
void sim_mdl_pass_rows(sim_mdl_run *r, sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	int in = s->n_dims - 1, m = mdl_row_dims(st);
	int64_t lanes = 1;
	mdl_rows rw = { .dim = m, .len = 1, .dt = s->coef[in], .dstep = 1 };
	for (int d = m; d < s->n_dims; d++)
		rw.len *= s->ext[d];
	if (m > 0 && rw.len <= 64 && s->ext[m - 1] > rw.len) {
		/* short rows: rows of dimension m - 1 instead, one a lane */
		lanes = rw.dstep = rw.len;
		in = rw.dim = m - 1;
		rw.len = s->ext[in];
		rw.dt = s->coef[in];
	}
	rw.a = sl_xcalloc((size_t) (st->n_wcurs * rw.len + 1), sizeof(*rw.a));
	rw.w = sl_xcalloc((size_t) st->n_cursors + 1, sizeof(*rw.w));
	rw.cstep = sl_xcalloc((size_t) st->n_cursors + 1, sizeof(*rw.cstep));
	rw.seg = sl_xcalloc((size_t) st->n_ports + 1, sizeof(*rw.seg));
	rw.lin = sl_xcalloc((size_t) (st->n_ports + 1) * SCHED_MAX_DIMS, sizeof(*rw.lin));
	size_t np = (size_t) st->n_wcurs * (size_t) (rw.len + 1) + 1;
	rw.pj = sl_xcalloc(np, sizeof(*rw.pj));
	rw.pa = sl_xcalloc(np, sizeof(*rw.pa));
	rw.ps = sl_xcalloc(np, sizeof(*rw.ps));
	rw.n_pieces = sl_xcalloc((size_t) st->n_wcurs + 1, sizeof(*rw.n_pieces));
	rw.cur = sl_xcalloc((size_t) st->n_wcurs + 1, sizeof(*rw.cur));
	rw.order = sl_xcalloc((size_t) st->n_ports + 1, sizeof(*rw.order));
	sim_mdl_wcur *save = sl_xcalloc((size_t) st->n_wcurs + 1, sizeof(*save));
	int64_t *want0 = sl_xcalloc((size_t) st->n_cursors + 1, sizeof(*want0));
	for (int c = 0; c < st->n_cursors; c++)
		rw.cstep[c] = st->cursors[c].step[in];
	for (int g = 0; g < st->n_wcurs; g++)
		sim_mdl_wcur_start(&st->wcurs[g], st->wcurs[g].buf);
	sim_mdl_iter_start(st);
	for (int64_t n = 0; n < st->n_iters; n += rw.len * lanes) {
		rw.done0 = st->done;
		if (lanes > 1)
			mdl_plane(r, st, &rw, lanes, save, want0);
		else
			mdl_row(r, st, &rw);
		mdl_row_next(st, rw.dim);
		sim_mdl_progress(r, rw.len * lanes);
	}
	free(save);
	free(want0);
	free(rw.a);
	free(rw.w);
	free(rw.cstep);
	free(rw.seg);
	free(rw.lin);
	free(rw.pj);
	free(rw.pa);
	free(rw.ps);
	free(rw.n_pieces);
	free(rw.cur);
	free(rw.order);
}
