/* ubuffer/border.c: line buffers for reads bent at a border.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  A read such as
 * in(clamp(y + 1, 0, H - 1), clamp(x - 1, 0, W - 1)) is at a fixed
 * distance from the newest write everywhere but near the borders, where
 * the clamped index names an element a few positions nearer or further.
 * Such a buffer is one delay chain (the interior's taps) whose reads near
 * a border pick, by the reader's index, the tap the bent index names:
 * the edge multiplexers of a vendor line buffer.  The rule:
 *   - some read's index has a min or max (clamp and the mirror forms are
 *     min and max; a read at a varying distance without one, such as the
 *     sequential schedule's, keeps its circular buffer);
 *   - the producer is not a reduction and writes element w (its write
 *     index) in cycle T0 + q * w (row-major, one value every q cycles);
 *   - every index of every read depends on at most one dimension of its
 *     reader and equals an affine function of it (the interior form,
 *     fitted at the middle of the dimension) except at most UB_EDGE_MAX
 *     indices from either end of it (the edges);
 *   - with those interior forms every read is at one distance in shifts:
 *     each reader dimension steps the reader's time by q times the write
 *     index it steps;
 *   - the chain shifts on every write and, after the producer's last one,
 *     vshift_n more times every q cycles (no data), until the last read:
 *     the border reads of the last rows find their values at the shifts
 *     the interior counts on.
 * Every reader step is then a multiple of q cycles, so a port reads only
 * in cycles where the chain shifts (ub_port.shifting), or only in others:
 * no same-cycle bypass multiplexer.
 * Then a read at iteration j reads chain position
 *   tap + sum over producer dimensions d of stride_d * (interior_d(j) - e_d(j))
 * (stride_d: the write-index step of dimension d), which is the edges'
 * sum.  Every tap is a position of the chain, at least 0 (the schedule
 * reads a value no earlier than its write), and the chain is no longer
 * than the circular buffer the analysis sized (capacity_words).  What does not fit falls back
 * to a circular buffer with the reason in ub_buffer.why_circular. */
#include <stdlib.h>
#include <string.h>

#include "ubuffer/ubuffer_private.h"

/* Indices from either end of a dimension that may bend. */
enum { UB_EDGE_MAX = 8 };
/* The most values of a reader dimension the recognition evaluates. */
#define UB_BORDER_MAX_EXT ((int64_t) 1 << 22)

/* The reader dimension of variable slot "slot" of "s", or -1. */
static int slot_dim(const sched_stmt *s, int slot)
{
	const ir_expr *body = s->decl->body;
	if (slot < s->n_vars)
		return slot;
	if (!s->is_reduction || !body || body->kind != IR_REDUCE)
		return -1;
	for (int k = 0; k < body->u.reduce.n_rvars; k++)
		if (body->u.reduce.rvars[k].slot == slot)
			return s->n_vars + k;
	return -1;
}

/* The one reader dimension index "e" uses: -1 none, -2 several or an
 * unknown slot. */
static int index_dim(const sched_stmt *s, const ir_expr *e)
{
	if (e->kind == IR_VAR)
		return slot_dim(s, e->u.var.slot) >= 0 ? slot_dim(s, e->u.var.slot) : -2;
	int d = -1;
	for (int i = 0; i < e->n_args; i++) {
		int a = index_dim(s, e->args[i]);
		if (a == -2 || (a >= 0 && d >= 0 && a != d))
			return -2;
		if (a >= 0)
			d = a;
	}
	return d;
}

static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Index expression "e" with every variable at "v" (the language's index
 * arithmetic: floor division, non-negative remainder). */
static int64_t eval_index(const ir_expr *e, int64_t v)
{
	switch (e->kind) {
	case IR_CONST:
		return (int64_t) e->u.cval;
	case IR_VAR:
		return v;
	case IR_UNARY:
		return -eval_index(e->args[0], v);
	default:
		break;
	}
	int64_t a = eval_index(e->args[0], v), b = eval_index(e->args[1], v);
	switch (e->op) {
	case IR_OP_ADD: return a + b;
	case IR_OP_SUB: return a - b;
	case IR_OP_MUL: return a * b;
	case IR_OP_DIV: return floor_div(a, b);
	case IR_OP_MOD: return a - b * floor_div(a, b);
	case IR_OP_MIN: return a < b ? a : b;
	case IR_OP_MAX: return a > b ? a : b;
	default: sl_unreachable();	/* ir.h: the forms of index expressions */
	}
}

/* Does index "e" contain a min or max (a border form)? */
static bool has_minmax(const ir_expr *e)
{
	if (e->kind == IR_BINARY && (e->op == IR_OP_MIN || e->op == IR_OP_MAX))
		return true;
	for (int i = 0; i < e->n_args; i++)
		if (has_minmax(e->args[i]))
			return true;
	return false;
}

/* The slope of the interior form of index "e" (dimension d of access
 * "acc", on reader dimension v): the one the rate rule asks for when no
 * other index uses v (the reader steps coef[v] cycles, q per write, so
 * coef[v] / (q * stride_d) elements of dimension d), else the slope at
 * the middle, i0. */
static int64_t interior_slope(const sched_stmt *c, const ir_expr *acc, int d, int v,
	const int64_t *stride, int64_t q, const ir_expr *e, int64_t i0)
{
	bool alone = true;
	for (int k = 0; k < acc->n_args; k++)
		alone = alone && (k == d || index_dim(c, acc->args[k]) != v);
	int64_t per = q * stride[d];
	if (alone && c->coef[v] % per == 0)
		return c->coef[v] / per;
	return c->ext[v] >= 2 ? eval_index(e, i0 + 1) - eval_index(e, i0) : 0;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
	return (x > y) - (x < y);
}

/* The offset of the interior form: the most frequent e(i) - alpha * i over
 * the n values of the reader dimension from lo (the fewest edges). */
static int64_t interior_offset(const ir_expr *e, int64_t lo, int64_t n, int64_t alpha)
{
	int64_t *r = sl_xcalloc((size_t) n, sizeof(int64_t)), best = 0, run = 0, top = 0;
	for (int64_t i = 0; i < n; i++)
		r[i] = eval_index(e, lo + i) - alpha * (lo + i);
	qsort(r, (size_t) n, sizeof(int64_t), cmp_i64);
	for (int64_t i = 0; i < n; i++) {
		run = i > 0 && r[i] == r[i - 1] ? run + 1 : 1;
		if (run > top) {
			top = run;
			best = r[i];
		}
	}
	free(r);
	return best;
}

/* The edges of one read, as they are found. */
typedef struct edge_list {
	int n, cap;
	ub_edge *e;
} edge_list;

static void edge_add(edge_list *l, int dim, int64_t at, int64_t shift)
{
	for (int i = 0; i < l->n; i++)
		if (l->e[i].dim == dim && l->e[i].at == at) {
			l->e[i].shift += shift;
			return;
		}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->e = sl_xrealloc(l->e, (size_t) l->cap * sizeof(ub_edge));
	}
	l->e[l->n++] = (ub_edge) { dim, at, shift };
}

static int cmp_edge(const void *a, const void *b)
{
	const ub_edge *x = a, *y = b;
	if (x->dim != y->dim)
		return x->dim - y->dim;
	return (x->at > y->at) - (x->at < y->at);
}

/* The least and greatest tap of a read whose interior tap is "tap": per
 * dimension the least and greatest shift of its edges (or none). */
static void edge_extremes(const edge_list *l, int64_t tap, int64_t *tmin, int64_t *tmax)
{
	int64_t lo_s = 0, hi_s = 0;
	for (int i = 0; i < l->n;) {
		int64_t mn = 0, mx = 0;
		int j = i;
		for (; j < l->n && l->e[j].dim == l->e[i].dim; j++) {
			mn = l->e[j].shift < mn ? l->e[j].shift : mn;
			mx = l->e[j].shift > mx ? l->e[j].shift : mx;
		}
		lo_s += mn;
		hi_s += mx;
		i = j;
	}
	*tmin = tap + lo_s;
	*tmax = tap + hi_s;
}

/* One read port: its interior tap, its edges (ub_port) and the extreme
 * taps; NULL, or why it does not fit. */
static const char *border_port(ub_buffer *buf, ub_port *p, const int64_t *stride,
	int64_t t0, int64_t q, int64_t *tmin, int64_t *tmax)
{
	const sched_stmt *c = p->stmt, *ps = buf->producer;
	const ir_expr *acc = p->access->expr;
	int64_t alpha_w[SCHED_MAX_DIMS] = { 0 }, widx0 = 0, t = c->offset;
	edge_list l = { 0, 0, NULL };
	if (acc->n_args != ps->n_vars)
		return "an access of another rank";
	for (int d = 0; d < ps->n_vars; d++) {
		const ir_expr *e = acc->args[d];
		int v = index_dim(c, e);
		if (v == -2) {
			free(l.e);
			return "an index combines several variables of its reader";
		}
		if (v < 0) {
			widx0 += stride[d] * (eval_index(e, 0) - ps->lo[d]);
			continue;
		}
		int64_t lo = c->lo[v], n = c->ext[v], i0 = lo + (n - 1) / 2;
		if (n > UB_BORDER_MAX_EXT) {
			free(l.e);
			return "a reader dimension too long to look at";
		}
		int64_t alpha = interior_slope(c, acc, d, v, stride, q, e, i0);
		int64_t beta = interior_offset(e, lo, n, alpha);
		for (int64_t i = lo; i < lo + n; i++) {
			int64_t corr = alpha * i + beta - eval_index(e, i);
			if (corr == 0)
				continue;
			if (i - lo >= UB_EDGE_MAX && lo + n - 1 - i >= UB_EDGE_MAX) {
				free(l.e);
				return "an index leaves its fixed-distance form away from a border";
			}
			edge_add(&l, v, i, stride[d] * corr);
		}
		alpha_w[v] += stride[d] * alpha;
		widx0 += stride[d] * (alpha * lo + beta - ps->lo[d]);
	}
	for (int i = 0; i < c->n_dims; i++) {
		if (c->ext[i] > 1 && c->coef[i] != q * alpha_w[i]) {
			free(l.e);
			return "a reader steps through the elements at another rate than "
				"they are written, so even its interior reads are not at one distance";
		}
	}
	/* t: the reader's first fire; the interior tap is the same at every
	 * iteration (the rate rule). */
	int64_t tap = floor_div(t - t0, q) - widx0;
	if (l.n > 1)
		qsort(l.e, (size_t) l.n, sizeof(ub_edge), cmp_edge);
	edge_extremes(&l, tap, tmin, tmax);
	free(p->edges);
	/* the rate rule makes every step a multiple of q: the reads fall on
	 * shift cycles (T0 + q w, every one up to the last read) or on none */
	p->shifting = (t - t0) % q == 0;
	p->tap = tap;
	p->n_edges = l.n;
	p->edges = l.e;
	return NULL;
}

/* The last fire of "s" in a frame. */
static int64_t last_fire(const sched_stmt *s)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		if (s->coef[d] > 0)
			t += s->coef[d] * (s->ext[d] - 1);
	return t;
}

/* The producer's write rule: element w in cycle t0 + q * w. */
static const char *border_writes(const sched_stmt *ps, int64_t *stride, int64_t *t0,
	int64_t *q)
{
	int n = ps->n_vars;
	if (ps->is_reduction || ps->n_dims != n || n == 0)
		return "its producer is a reduction or has no dimensions";
	int64_t s = 1;
	for (int d = n - 1; d >= 0; d--) {
		stride[d] = s;
		s *= ps->ext[d];
	}
	*q = ps->coef[n - 1] > 0 ? ps->coef[n - 1] : 1;
	for (int d = 0; d < n; d++)
		if (ps->ext[d] > 1 && ps->coef[d] != *q * stride[d])
			return "its producer does not write one value every few cycles in "
				"row-major order (rows with gaps)";
	*t0 = ps->offset + ps->latency;
	return NULL;
}

static const char *border_try(ub_buffer *buf)
{
	int64_t stride[SCHED_MAX_DIMS], t0, q, tmin = INT64_MAX, tmax = INT64_MIN, last = 0;
	const char *why = border_writes(buf->producer, stride, &t0, &q);
	if (why)
		return why;
	for (int k = 1; k < buf->n_ports; k++) {
		ub_port *p = &buf->ports[k];
		int64_t lo, hi;
		why = border_port(buf, p, stride, t0, q, &lo, &hi);
		if (why)
			return why;
		tmin = lo < tmin ? lo : tmin;
		tmax = hi > tmax ? hi : tmax;
		int64_t lf = last_fire(p->stmt);
		last = lf > last ? lf : last;
	}
	if (tmin < 0)
		return "a border read would come before its value enters the chain";
	if (tmax + 1 > buf->capacity_words)
		return "its taps spread over more positions than a circular buffer "
			"addressed by write order needs words";
	buf->capacity_words = tmax + 1;
	if (buf->capacity_words <= buf->max_live_words)
		buf->why = NULL;
	int64_t shifts = last >= t0 ? floor_div(last - t0, q) + 1 : 0;
	buf->vshift_n = shifts > buf->n_elems ? shifts - buf->n_elems : 0;
	buf->vshift_step = q;
	buf->vshift_start = t0 + q * buf->n_elems;
	return NULL;
}

static void border_clear(ub_buffer *buf)
{
	for (int k = 1; k < buf->n_ports; k++) {
		free(buf->ports[k].edges);
		buf->ports[k].edges = NULL;
		buf->ports[k].n_edges = 0;
	}
	buf->border = false;
	buf->vshift_n = 0;
}

void ub_border_map(ub_buffer *buf)
{
	bool bent = false, all_const = true, tail_only = true;
	for (int k = 1; k < buf->n_ports; k++) {
		const ir_expr *acc = buf->ports[k].access->expr;
		all_const = all_const && buf->ports[k].dist_const;
		tail_only = tail_only && buf->ports[k].dist_const_written;
		for (int d = 0; d < acc->n_args; d++)
			bent = bent || has_minmax(acc->args[d]);
	}
	buf->why_circular = NULL;
	border_clear(buf);
	/* Bent reads, or reads whose distance varies only after the last
	 * write (lanes that run behind the stream): not the sequential
	 * schedule's whole arrays, read after their last write. */
	if (all_const || (!bent && !tail_only) || buf->n_ports < 2)
		return;
	int64_t cap = buf->capacity_words;
	const char *why = border_try(buf);
	if (!why) {
		buf->border = true;
		return;
	}
	border_clear(buf);
	buf->capacity_words = cap;
	buf->why_circular = bent ? why : NULL;
}
