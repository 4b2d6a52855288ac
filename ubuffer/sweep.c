/* ubuffer/sweep.c: exact live count by an event sweep over elements.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Only for buffers where isl
 * cannot show that the capacity is all live (reads out of write order,
 * values that die early or are never read).  It walks every element
 * (write times from the schedule) and every read (the access's index
 * expressions evaluated at each iteration): one step per element and per
 * read, in plain C.  It owns only the temporary arrays it frees. */
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

/* last[i] = max(last[i], t) over the reads of port "p".  -1 if an index
 * is not an index expression or leaves the producer's box. */
static int port_last_reads(const ub_buffer *buf, const ub_port *p, int64_t *last)
{
	const sched_stmt *c = p->stmt, *pr = buf->producer;
	const ir_expr *acc = p->access->expr;
	int64_t it[SCHED_MAX_DIMS], e[SCHED_MAX_DIMS];

	for (int d = 0; d < c->n_dims; d++)
		it[d] = c->lo[d];
	do {
		int64_t t = start_time(c, it), i;
		for (int d = 0; d < pr->n_vars; d++)
			if (!eval_index(acc->args[d], it, &e[d]) || e[d] < pr->lo[d] ||
					e[d] >= pr->lo[d] + pr->ext[d])
				return -1;
		i = ub_write_index(buf, e);
		if (t > last[i])
			last[i] = t;
	} while (next_point(c, c->n_dims, it));
	return 0;
}

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

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
	return (x > y) - (x < y);
}

/* Most values live at once: +1 at W(e), -1 after LR(e).  The count only
 * rises at write cycles, so its maximum is at one of them. */
static int64_t max_live(int64_t n, const int64_t *w, const int64_t *last)
{
	int64_t m = 0, best = 0, j = 0;
	int64_t *starts = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *ends = sl_xcalloc((size_t) n + 1, sizeof(int64_t));

	for (int64_t i = 0; i < n; i++) {
		if (last[i] == INT64_MIN)
			continue;
		starts[m] = w[i];
		ends[m++] = last[i] + 1;
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
static void read_order(int64_t n, const int64_t *last, bool *unread, bool *out_of_order)
{
	int64_t latest = INT64_MIN;
	*unread = *out_of_order = false;
	for (int64_t i = 0; i < n; i++) {
		if (last[i] == INT64_MIN) {
			*unread = true;
			continue;
		}
		if (last[i] < latest)
			*out_of_order = true;
		latest = last[i] > latest ? last[i] : latest;
	}
}

int64_t ub_sweep_max_live(const ub_buffer *buf, bool *unread, bool *out_of_order)
{
	int64_t n = buf->n_elems, r = -1;
	int64_t *w = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *last = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int ok = 0;

	for (int64_t i = 0; i < n; i++)
		last[i] = INT64_MIN;
	write_times(buf, w);
	for (int k = 1; ok == 0 && k < buf->n_ports; k++)
		ok = port_last_reads(buf, &buf->ports[k], last);
	if (ok == 0) {
		r = max_live(n, w, last);
		read_order(n, last, unread, out_of_order);
	}
	free(w);
	free(last);
	return r;
}
