/* ubuffer/sweep.c: a buffer's sizes by walking its elements and reads.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Two uses:
 *   - ub_sweep_max_live: the exact live count, for buffers where isl
 *     cannot show that the capacity is all live (reads out of write
 *     order, values that die early or are never read);
 *   - ub_enumerate: every figure analysis.c computes symbolically
 *     (capacity, live count, each port's delay and distance), by the same
 *     definitions, for buffers whose symbolic analysis runs out of its
 *     budget (floor divisions and strides in the accesses can make isl's
 *     sets exponentially many pieces).
 * It walks every element (write times from the schedule) and every read
 * (the access's index expressions evaluated at each iteration): one step
 * per element and per read, in plain C.  It owns only the temporary
 * arrays it frees. */
#include <stdint.h>
#include <stdlib.h>

#include "ubuffer/ubuffer_private.h"

/* An index expression (see ir.h) at iteration "it"; false if it is not
 * one. */
static bool eval_index(const ir_expr *e, const int64_t *it, int64_t *v)
{
	int64_t a, b;

	if (e->kind == IR_CONST) {
		*v = (int64_t) e->u.cval;
		return true;
	}
	if (e->kind == IR_VAR) {
		*v = it[e->u.var.slot];
		return true;
	}
	if (e->kind == IR_UNARY && e->op == IR_OP_NEG && eval_index(e->args[0], it, &a)) {
		*v = -a;
		return true;
	}
	if (e->kind != IR_BINARY || !eval_index(e->args[0], it, &a) ||
			!eval_index(e->args[1], it, &b))
		return false;
	switch (e->op) {
	case IR_OP_ADD: *v = a + b; return true;
	case IR_OP_SUB: *v = a - b; return true;
	case IR_OP_MUL: *v = a * b; return true;
	case IR_OP_DIV: *v = ir_floordiv(a, b); return b > 0;
	case IR_OP_MOD: *v = ir_floormod(a, b); return b > 0;
	case IR_OP_MIN: *v = a < b ? a : b; return true;
	case IR_OP_MAX: *v = a > b ? a : b; return true;
	default: return false;
	}
}

/* Next point of the box of "s" over its first "n" dims, row-major. */
static bool next_point(const sched_stmt *s, int n, int64_t *it)
{
	for (int d = n - 1; d >= 0; d--) {
		if (++it[d] < s->lo[d] + s->ext[d])
			return true;
		it[d] = s->lo[d];
	}
	return false;
}

static int64_t start_time(const sched_stmt *s, const int64_t *it)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		t += s->coef[d] * (it[d] - s->lo[d]);
	return t;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
	return (x > y) - (x < y);
}

/* What the walk knows of one buffer: per element (by write index) its
 * write time W and last read LR (INT64_MIN when unread); and N(t), the
 * writes by cycle t as analysis.c defines it (one more than the write
 * index of the last element written by t): a table over the cycles of the
 * first to the last write when they are few (every schedule but a sparse
 * one), else the write times in ascending order with, for each prefix,
 * one more than the largest write index in it. */
typedef struct walk {
	int64_t n;
	int64_t *w;
	int64_t *last;
	int64_t t0, span;	/* the cycles of the writes: t0 .. t0+span-1 */
	int64_t *n_by_t;	/* N(t0 + d), or NULL */
	int64_t *times;		/* without the table: write times, ascending */
	int64_t *n_at;		/* N(times[k]) */
} walk;

/* W(e) for every element, in write order. */
static void write_times(const ub_buffer *buf, int64_t *w)
{
	const sched_stmt *s = buf->producer;
	int64_t it[SCHED_MAX_DIMS], i = 0;

	for (int d = 0; d < s->n_dims; d++)
		it[d] = s->lo[d] + (d < s->n_vars ? 0 : s->ext[d] - 1);
	do
		w[i++] = start_time(s, it) + s->latency;
	while (next_point(s, s->n_vars, it));
}

static void n_table(walk *wk)
{
	wk->n_by_t = sl_xcalloc((size_t) wk->span, sizeof(int64_t));
	for (int64_t i = 0; i < wk->n; i++)
		wk->n_by_t[wk->w[i] - wk->t0] = i + 1;	/* ascending i: the largest */
	for (int64_t d = 1; d < wk->span; d++)
		if (wk->n_by_t[d] < wk->n_by_t[d - 1])
			wk->n_by_t[d] = wk->n_by_t[d - 1];
}

static void n_sorted(walk *wk)
{
	int64_t n = wk->n;
	/* (time, index) pairs, two to an element. */
	int64_t *pairs = sl_xcalloc(2 * (size_t) n + 1, sizeof(int64_t));

	for (int64_t i = 0; i < n; i++) {
		pairs[2 * i] = wk->w[i];
		pairs[2 * i + 1] = i;
	}
	qsort(pairs, (size_t) n, 2 * sizeof(int64_t), cmp_i64);
	wk->times = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	wk->n_at = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	for (int64_t k = 0, top = -1; k < n; k++) {
		top = pairs[2 * k + 1] > top ? pairs[2 * k + 1] : top;
		wk->times[k] = pairs[2 * k];
		wk->n_at[k] = top + 1;
	}
	free(pairs);
}

static void walk_init(walk *wk, const ub_buffer *buf, bool with_n)
{
	int64_t n = buf->n_elems, hi = INT64_MIN;

	wk->n = n;
	wk->w = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	wk->last = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	wk->times = wk->n_at = wk->n_by_t = NULL;
	write_times(buf, wk->w);
	wk->t0 = INT64_MAX;
	for (int64_t i = 0; i < n; i++) {
		wk->last[i] = INT64_MIN;
		wk->t0 = wk->w[i] < wk->t0 ? wk->w[i] : wk->t0;
		hi = wk->w[i] > hi ? wk->w[i] : hi;
	}
	wk->span = hi - wk->t0 + 1;
	if (!with_n)
		return;
	if (wk->span <= 4 * n + 1024)
		n_table(wk);
	else
		n_sorted(wk);
}

static void walk_free(walk *wk)
{
	free(wk->w);
	free(wk->last);
	free(wk->n_by_t);
	free(wk->times);
	free(wk->n_at);
}

/* N(t): 0 before the first write. */
static int64_t n_written(const walk *wk, int64_t t)
{
	int64_t lo = 0, hi = wk->n;	/* the first k with times[k] > t */

	if (t < wk->t0)
		return 0;
	if (wk->n_by_t)
		return wk->n_by_t[t - wk->t0 < wk->span ? t - wk->t0 : wk->span - 1];
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (wk->times[mid] <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return wk->n_at[lo - 1];
}

/* The extremes of a port's delay, distance and write index over its
 * reads. */
typedef struct port_range {
	int64_t delay_lo, delay_hi, dist_lo, dist_hi, widx_lo, widx_hi;
	/* the distance over the reads before the last write */
	int64_t wdist_lo, wdist_hi;
} port_range;

/* last[i] = max(last[i], t) over the reads of port "p", and with "pr"
 * the extremes of its delay t - W(e) and distance N(t) - 1 - widx(e).
 * -1 if an index is not an index expression or leaves the producer's
 * box. */
static int port_walk(const ub_buffer *buf, const ub_port *p, walk *wk, port_range *pr)
{
	const sched_stmt *c = p->stmt, *prod = buf->producer;
	const ir_expr *acc = p->access->expr;
	int64_t it[SCHED_MAX_DIMS], e[SCHED_MAX_DIMS];

	if (pr)
		*pr = (port_range) { INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX,
			INT64_MIN, INT64_MAX, INT64_MIN };
	for (int d = 0; d < c->n_dims; d++)
		it[d] = c->lo[d];
	do {
		int64_t t = start_time(c, it), i;
		for (int d = 0; d < prod->n_vars; d++)
			if (!eval_index(acc->args[d], it, &e[d]) || e[d] < prod->lo[d] ||
					e[d] >= prod->lo[d] + prod->ext[d])
				return -1;
		i = ub_write_index(buf, e);
		if (t > wk->last[i])
			wk->last[i] = t;
		if (!pr)
			continue;
		int64_t delay = t - wk->w[i], dist = n_written(wk, t) - 1 - i;
		pr->delay_lo = delay < pr->delay_lo ? delay : pr->delay_lo;
		pr->delay_hi = delay > pr->delay_hi ? delay : pr->delay_hi;
		pr->dist_lo = dist < pr->dist_lo ? dist : pr->dist_lo;
		pr->dist_hi = dist > pr->dist_hi ? dist : pr->dist_hi;
		if (wk->n > 0 && t < wk->w[wk->n - 1]) {	/* writes are in index order */
			pr->wdist_lo = dist < pr->wdist_lo ? dist : pr->wdist_lo;
			pr->wdist_hi = dist > pr->wdist_hi ? dist : pr->wdist_hi;
		}
		pr->widx_lo = i < pr->widx_lo ? i : pr->widx_lo;
		pr->widx_hi = i > pr->widx_hi ? i : pr->widx_hi;
	} while (next_point(c, c->n_dims, it));
	return 0;
}

/* Most values live at once: +1 at W(e), -1 after LR(e).  The count only
 * rises at write cycles, so its maximum is at one of them. */
static int64_t max_live(const walk *wk)
{
	int64_t n = wk->n, m = 0, best = 0, j = 0;
	int64_t *starts = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *ends = sl_xcalloc((size_t) n + 1, sizeof(int64_t));

	for (int64_t i = 0; i < n; i++) {
		if (wk->last[i] == INT64_MIN)
			continue;
		starts[m] = wk->w[i];
		ends[m++] = wk->last[i] + 1;
	}
	qsort(starts, (size_t) m, sizeof(int64_t), cmp_i64);
	qsort(ends, (size_t) m, sizeof(int64_t), cmp_i64);
	for (int64_t i = 0; i < m; i++) {
		int64_t c = starts[i];
		if (i + 1 < m && starts[i + 1] == c)
			continue;
		while (j < m && ends[j] <= c)
			j++;
		if (i + 1 - j > best)
			best = i + 1 - j;
	}
	free(starts);
	free(ends);
	return best;
}

/* Unread elements, and last reads out of write order. */
static void read_order(const walk *wk, bool *unread, bool *out_of_order)
{
	int64_t latest = INT64_MIN;
	*unread = *out_of_order = false;
	for (int64_t i = 0; i < wk->n; i++) {
		if (wk->last[i] == INT64_MIN) {
			*unread = true;
			continue;
		}
		if (wk->last[i] < latest)
			*out_of_order = true;
		latest = wk->last[i] > latest ? wk->last[i] : latest;
	}
}

int64_t ub_sweep_max_live(const ub_buffer *buf, bool *unread, bool *out_of_order)
{
	walk wk;
	int64_t r = -1;
	int ok = 0;

	walk_init(&wk, buf, false);
	for (int k = 1; ok == 0 && k < buf->n_ports; k++)
		ok = port_walk(buf, &buf->ports[k], &wk, NULL);
	if (ok == 0) {
		r = max_live(&wk);
		read_order(&wk, unread, out_of_order);
	}
	walk_free(&wk);
	return r;
}

int64_t ub_enumerate_steps(const ub_buffer *buf)
{
	int64_t steps = buf->n_elems;

	for (int k = 1; k < buf->n_ports; k++) {
		int64_t n = sched_n_iters(buf->ports[k].stmt);
		steps = n < INT64_MAX / 2 - steps ? steps + n : INT64_MAX / 2;
	}
	return steps;
}

/* Fill the port's figures from its extremes.  -1 (reported) on a read
 * before its write. */
static int port_set(sl_ctx *ctx, ub_port *p, const port_range *pr)
{
	if (pr->delay_lo < 0)
		return ub_report_early_read(ctx, p, -pr->delay_lo);
	p->delay_const = pr->delay_lo == pr->delay_hi;
	p->delay = p->delay_const ? pr->delay_lo : 0;
	p->dist_const = pr->dist_lo == pr->dist_hi;
	p->dist = p->dist_const ? pr->dist_lo : 0;
	p->dist_const_written = p->dist_const ||
		(pr->wdist_lo <= pr->wdist_hi && pr->wdist_lo == pr->wdist_hi);
	return 0;
}

/* capacity = max over read e of N(LR(e)) - widx(e). */
static int64_t walk_capacity(const walk *wk)
{
	int64_t cap = INT64_MIN;

	for (int64_t i = 0; i < wk->n; i++)
		if (wk->last[i] != INT64_MIN) {
			int64_t occ = n_written(wk, wk->last[i]) - i;
			cap = occ > cap ? occ : cap;
		}
	return cap;
}

int ub_enumerate(sl_ctx *ctx, ub_buffer *buf)
{
	walk wk;
	port_range *pr = sl_xcalloc((size_t) buf->n_ports, sizeof(*pr));
	int ok = 0;

	walk_init(&wk, buf, true);
	for (int k = 1; ok == 0 && k < buf->n_ports; k++) {
		ok = port_walk(buf, &buf->ports[k], &wk, &pr[k]);
		if (ok == 0)
			ok = port_set(ctx, &buf->ports[k], &pr[k]);
	}
	if (ok == 0) {
		bool unread, order;
		buf->capacity_words = walk_capacity(&wk);
		for (int k = 1; k < buf->n_ports; k++)
			ub_port_set_window(&buf->ports[k], true, pr[k].widx_lo, pr[k].widx_hi,
				buf->capacity_words);
		buf->max_live_words = max_live(&wk);
		read_order(&wk, &unread, &order);
		buf->why = ub_why(buf, unread, order);
	}
	free(pr);
	walk_free(&wk);
	return ok;
}

/* One frame's live intervals of the read elements: starts W(e) and ends
 * LR(e) + 1, both sorted; their number. */
static int64_t live_events(const walk *wk, int64_t *starts, int64_t *ends)
{
	int64_t m = 0;
	for (int64_t i = 0; i < wk->n; i++) {
		if (wk->last[i] == INT64_MIN)
			continue;
		starts[m] = wk->w[i];
		ends[m++] = wk->last[i] + 1;
	}
	qsort(starts, (size_t) m, sizeof(int64_t), cmp_i64);
	qsort(ends, (size_t) m, sizeof(int64_t), cmp_i64);
	return m;
}

/* peak[b] = max(peak[b], v) for every bin b that cycles a .. b-1 touch. */
static void bins_raise(int64_t *peak, int n_bins, int64_t bin, int64_t a, int64_t b,
	int64_t v)
{
	if (b <= 0 || a >= (int64_t) n_bins * bin || b <= a)
		return;
	int64_t lo = a < 0 ? 0 : a / bin, hi = (b - 1) / bin;
	for (int64_t k = lo; k <= hi && k < n_bins; k++)
		peak[k] = v > peak[k] ? v : peak[k];
}

int ub_live_profile(const ub_buffer *buf, int frames, int64_t period, int64_t bin,
	int n_bins, int64_t *peak)
{
	walk wk;
	int ok = 0;

	for (int k = 0; k < n_bins; k++)
		peak[k] = 0;
	if (buf->n_ports < 2)
		return 0;
	walk_init(&wk, buf, false);
	for (int k = 1; ok == 0 && k < buf->n_ports; k++)
		ok = port_walk(buf, &buf->ports[k], &wk, NULL);
	int64_t *starts = sl_xcalloc((size_t) wk.n + 1, sizeof(int64_t));
	int64_t *ends = sl_xcalloc((size_t) wk.n + 1, sizeof(int64_t));
	int64_t m = ok == 0 ? live_events(&wk, starts, ends) : 0;
	/* Frame f's events are frame 0's, f periods later; frames may
	 * overlap, so the count merges every frame's events in time order. */
	int64_t *si = sl_xcalloc((size_t) frames + 1, sizeof(int64_t));
	int64_t *ei = sl_xcalloc((size_t) frames + 1, sizeof(int64_t));
	int64_t live = 0, t = INT64_MIN;
	for (;;) {
		int64_t next = INT64_MAX;
		for (int f = 0; f < frames; f++) {
			int64_t off = (int64_t) f * period;
			if (si[f] < m && starts[si[f]] + off < next)
				next = starts[si[f]] + off;
			if (ei[f] < m && ends[ei[f]] + off < next)
				next = ends[ei[f]] + off;
		}
		if (next == INT64_MAX)
			break;
		if (t != INT64_MIN)
			bins_raise(peak, n_bins, bin, t, next, live);
		for (int f = 0; f < frames; f++) {
			int64_t off = (int64_t) f * period;
			while (si[f] < m && starts[si[f]] + off == next) {
				live++;
				si[f]++;
			}
			while (ei[f] < m && ends[ei[f]] + off == next) {
				live--;
				ei[f]++;
			}
		}
		t = next;
	}
	free(si);
	free(ei);
	free(starts);
	free(ends);
	walk_free(&wk);
	return ok;
}
