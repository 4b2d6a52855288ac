/* ubuffer/sweep.c: exact live count by an event sweep over elements.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Only for buffers whose reads
 * come out of write order or skip elements, where the live values at a
 * cycle are not one run of writes and the symbolic size in analysis.c is
 * only the circular buffer's.  Cost: one step per element and per read;
 * it owns only the temporary arrays it frees. */
#include <stdint.h>
#include <stdlib.h>

#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include "ubuffer/ubuffer_private.h"

typedef struct sweep {
	const ub_buffer *buf;
	int64_t *write;		/* per write index: W(e) */
	int64_t *last;		/* per write index: LR(e), or INT64_MIN if unread */
	bool failed;
} sweep;

/* Element e and time t of a point of a wrapped { P[e] -> [t] }. */
static int64_t point_elem(__isl_keep isl_point *pnt, sweep *sw, int64_t *t)
{
	int n = sw->buf->producer->n_vars;
	int64_t e[SCHED_MAX_DIMS];

	for (int d = 0; d <= n; d++) {
		int64_t v = 0;
		if (!ub_val_to_int(isl_point_get_coordinate_val(pnt,
				isl_dim_set, d), &v))
			sw->failed = true;
		if (d < n)
			e[d] = v;
		else
			*t = v;
	}
	return ub_write_index(sw->buf, e);
}

static isl_stat record_write(__isl_take isl_point *pnt, void *user)
{
	sweep *sw = user;
	int64_t t, i = point_elem(pnt, sw, &t);

	isl_point_free(pnt);
	if (sw->failed || i < 0 || i >= sw->buf->n_elems)
		return isl_stat_error;
	sw->write[i] = t;
	return isl_stat_ok;
}

static isl_stat record_read(__isl_take isl_point *pnt, void *user)
{
	sweep *sw = user;
	int64_t t, i = point_elem(pnt, sw, &t);

	isl_point_free(pnt);
	if (sw->failed || i < 0 || i >= sw->buf->n_elems)
		return isl_stat_error;
	if (t > sw->last[i])
		sw->last[i] = t;
	return isl_stat_ok;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
	return (x > y) - (x < y);
}

/* Most values live at once: +1 at W(e), -1 after LR(e).  The count only
 * rises at write cycles, so its maximum is at one of them. */
static int64_t max_live(sweep *sw)
{
	int64_t n = sw->buf->n_elems, m = 0, best = 0, j = 0;
	int64_t *starts = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *ends = sl_xcalloc((size_t) n + 1, sizeof(int64_t));

	for (int64_t i = 0; i < n; i++) {
		if (sw->last[i] == INT64_MIN)
			continue;
		starts[m] = sw->write[i];
		ends[m++] = sw->last[i] + 1;
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

static isl_stat foreach_point(__isl_keep isl_map *map,
	isl_stat (*fn)(__isl_take isl_point *pnt, void *user), sweep *sw)
{
	isl_set *set = isl_map_wrap(isl_map_copy(map));
	isl_stat st = isl_set_foreach_point(set, fn, sw);
	isl_set_free(set);
	return st;
}

int64_t ub_sweep_max_live(__isl_keep ub_isl *ui, const ub_buffer *buf)
{
	sweep sw = { buf, NULL, NULL, false };
	isl_stat st;
	int64_t r = -1;

	sw.write = sl_xcalloc((size_t) buf->n_elems + 1, sizeof(int64_t));
	sw.last = sl_xcalloc((size_t) buf->n_elems + 1, sizeof(int64_t));
	for (int64_t i = 0; i < buf->n_elems; i++)
		sw.last[i] = INT64_MIN;
	st = foreach_point(ui->write, record_write, &sw);
	for (int k = 0; st == isl_stat_ok && k < ui->n_reads; k++)
		st = foreach_point(ui->reads[k], record_read, &sw);
	if (st == isl_stat_ok)
		r = max_live(&sw);
	free(sw.write);
	free(sw.last);
	return r;
}
