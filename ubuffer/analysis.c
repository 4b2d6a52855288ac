/* ubuffer/analysis.c: exact sizes of one unified buffer, with isl.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Everything is computed
 * symbolically, so the cost does not grow with the array:
 *   widx(e)  rank of element e in write order (row-major in its box);
 *   N(t)     writes at cycles <= t: widx of the last element written by t
 *            (a parametric lexmax) plus one;
 *   LR(e)    the last read of e over every read port (a lexmax);
 *   capacity_words = max over read e of N(LR(e)) - widx(e): a circular
 *            buffer of C words addressed by widx mod C keeps e until the
 *            write of widx(e) + C, which must come after LR(e).
 * When the capacity is reached at a cycle where every value the circular
 * buffer holds is still live, max_live_words equals it (checked with isl);
 * otherwise sweep.c counts the live values.
 * Floor divisions, floor-mods and strides in the accesses make these sets
 * lattices whose pieces can multiply past any use (minutes, issue 15), so
 * the analysis runs within ub_options.isl_budget isl operations; past it,
 * and for buffers whose walk is short anyway (ub_options.walk_below), the
 * walk of sweep.c computes the same figures.  The ub_isl built here is
 * freed before ub_analyse returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "ubuffer/ubuffer_private.h"

static const char why_order[] =
	"last reads come out of write order (a transpose or a flip, or border "
	"values read by fewer ports than the rest), so the live values are "
	"not one run of writes: a circular buffer addressed by write order "
	"also keeps the words of values already dead between them, more "
	"words than there are live values";
static const char why_both[] =
	"some written values are never read and last reads come out of write "
	"order, yet a circular buffer addressed by write order keeps a word "
	"for every value written since the oldest one still to be read: more "
	"words than there are live values";
static const char why_unread[] =
	"some written values are never read, yet a circular buffer addressed "
	"by write order keeps a word for each of them";

const char *ub_why(const ub_buffer *buf, bool unread, bool out_of_order)
{
	if (buf->max_live_words >= buf->capacity_words)
		return NULL;
	return out_of_order && unread ? why_both : out_of_order ? why_order : why_unread;
}

__isl_null ub_isl *ub_isl_free(__isl_take ub_isl *ui)
{
	if (!ui)
		return NULL;
	isl_map_free(ui->write);
	isl_pw_aff_free(ui->widx);
	isl_pw_aff_free(ui->n_written);
	for (int k = 0; k < ui->n_reads; k++)
		isl_map_free(ui->reads[k]);
	free(ui->reads);
	isl_pw_aff_free(ui->last_read);
	free(ui);
	return NULL;
}

/* { P[e] -> [widx(e)] } over "box", the producer's element box. */
static __isl_give isl_pw_aff *write_index(isl_ctx *isl, const sched_stmt *p,
	__isl_take isl_set *box)
{
	isl_aff *aff;
	int64_t stride = 1, cst = 0;

	aff = isl_aff_zero_on_domain(isl_local_space_from_space(
		isl_set_get_space(box)));
	for (int d = p->n_vars - 1; d >= 0; d--) {
		aff = isl_aff_set_coefficient_val(aff, isl_dim_in, d,
			isl_val_int_from_si(isl, (long) stride));
		cst -= stride * p->lo[d];
		stride *= p->ext[d];
	}
	aff = isl_aff_set_constant_val(aff, isl_val_int_from_si(isl, (long) cst));
	return isl_pw_aff_intersect_domain(isl_pw_aff_from_aff(aff), box);
}

/* { [t] -> [N(t)] }: the last element written by cycle t is the lexmax of
 * { e : W(e) <= t } (writes go in lexicographic order). */
static __isl_give isl_pw_aff *n_written(__isl_keep isl_map *write,
	__isl_keep isl_pw_aff *widx)
{
	isl_map *by;
	isl_pw_multi_aff *last;
	isl_pw_aff *n;

	by = isl_map_reverse(isl_map_copy(write));
	by = isl_map_apply_domain(by,
		isl_map_lex_le(isl_space_range(isl_map_get_space(write))));
	last = isl_map_lexmax_pw_multi_aff(by);
	n = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(widx), last);
	return isl_pw_aff_add_constant_val(n,
		isl_val_one(isl_map_get_ctx(write)));
}

/* { P[e] -> [t] }: when read port "port" reads e. */
static __isl_give isl_map *port_reads(isl_ctx *isl, const ub_port *port)
{
	isl_map *acc = sched_access_map(isl, port->stmt, port->access);
	isl_map *sched = sched_stmt_schedule(isl, port->stmt);
	return isl_map_apply_range(isl_map_reverse(acc), sched);
}

/* The last read of each element, over every read port. */
static __isl_give isl_pw_aff *last_read(__isl_keep ub_isl *ui)
{
	isl_map *all = isl_map_copy(ui->reads[0]);
	isl_pw_multi_aff *last;
	isl_pw_aff *pa;

	for (int k = 1; k < ui->n_reads; k++)
		all = isl_map_union(all, isl_map_copy(ui->reads[k]));
	last = isl_map_lexmax_pw_multi_aff(all);
	pa = isl_pw_multi_aff_get_pw_aff(last, 0);
	isl_pw_multi_aff_free(last);
	return pa;
}

static __isl_give ub_isl *ub_isl_build(isl_ctx *isl, const ub_buffer *buf)
{
	ub_isl *ui = sl_xcalloc(1, sizeof(*ui));
	bool ok;

	ui->isl = isl;
	ui->write = sched_write_time(isl, buf->producer);
	ui->widx = write_index(isl, buf->producer,
		isl_map_domain(isl_map_copy(ui->write)));
	ui->n_written = n_written(ui->write, ui->widx);
	ui->n_reads = buf->n_ports - 1;
	ui->reads = sl_xcalloc((size_t) ui->n_reads + 1, sizeof(isl_map *));
	ok = ui->write && ui->widx && ui->n_written;
	for (int k = 0; k < ui->n_reads; k++) {
		ui->reads[k] = port_reads(isl, &buf->ports[1 + k]);
		ok = ok && ui->reads[k];
	}
	if (ok && ui->n_reads > 0) {
		ui->last_read = last_read(ui);
		ok = ui->last_read != NULL;
	}
	return ok ? ui : ub_isl_free(ui);
}

/* The extreme values of "pa" over its domain.  Taken on the graph
 * { x -> [v] } rather than with isl_pw_aff_min/max_val, which reject the
 * rational coefficients a parametric lexmax may produce on a lattice. */
static __isl_give isl_val *pw_aff_extreme(__isl_take isl_pw_aff *pa, bool max)
{
	isl_set *vals = isl_map_range(isl_map_from_pw_aff(pa));
	return max ? isl_set_dim_max_val(vals, 0) : isl_set_dim_min_val(vals, 0);
}

/* Is "pa" one value over its (non-empty) domain?  Sets *lo and *hi. */
static isl_bool const_range(__isl_take isl_pw_aff *pa, int64_t *lo, int64_t *hi)
{
	bool ok = sched_val_to_int(pw_aff_extreme(isl_pw_aff_copy(pa), false), lo);
	ok = sched_val_to_int(pw_aff_extreme(pa, true), hi) && ok;
	if (!ok)
		return isl_bool_error;
	return *lo == *hi ? isl_bool_true : isl_bool_false;
}

int ub_report_early_read(sl_ctx *ctx, const ub_port *port, int64_t cycles)
{
	sl_error(ctx, port->access->expr->loc, "'%s' reads '%s' %lld cycles before "
		"it is written (the schedule is illegal)", port->stmt->name,
		port->access->producer->name, (long long) cycles);
	return -1;
}

/* Is the distance "dist" one value over the reads at times "t" (takes
 * t) before the producer's last write, and is there such a read? */
static bool cs_while_written(__isl_keep ub_isl *ui, __isl_take isl_pw_aff *t,
	__isl_keep isl_pw_aff *dist)
{
	isl_val *last = isl_set_dim_max_val(isl_map_range(isl_map_copy(ui->write)), 0);
	if (!last || !isl_val_is_int(last)) {
		isl_val_free(last);
		isl_pw_aff_free(t);
		return false;
	}
	isl_pw_aff *tl = isl_pw_aff_val_on_domain(isl_pw_aff_domain(isl_pw_aff_copy(t)), last);
	isl_set *before = isl_pw_aff_lt_set(t, tl);
	isl_pw_aff *d = isl_pw_aff_intersect_domain(isl_pw_aff_copy(dist), before);
	isl_set *dd = isl_pw_aff_domain(isl_pw_aff_copy(d));
	isl_bool empty = isl_set_is_empty(dd);
	isl_set_free(dd);
	int64_t lo, hi;
	if (empty != isl_bool_false) {
		isl_pw_aff_free(d);
		return false;
	}
	return const_range(d, &lo, &hi) == isl_bool_true;
}

/* The port's reuse delay t_C(j) - W(A(j)) and distance in writes
 * N(t_C(j)) - 1 - widx(A(j)).  -1 on error or a read before its write. */
static int port_figures(sl_ctx *ctx, __isl_keep ub_isl *ui, ub_port *port)
{
	isl_ctx *isl = ui->isl;
	isl_pw_multi_aff *acc, *sched, *wr;
	isl_pw_aff *t, *delay, *dist;
	isl_bool cd, cs;
	int64_t lo, hi, dlo, dhi;

	acc = isl_pw_multi_aff_from_map(sched_access_map(isl, port->stmt,
		port->access));
	sched = isl_pw_multi_aff_from_map(sched_stmt_schedule(isl, port->stmt));
	wr = isl_pw_multi_aff_from_map(isl_map_copy(ui->write));
	t = isl_pw_multi_aff_get_pw_aff(sched, 0);
	delay = isl_pw_aff_sub(isl_pw_aff_copy(t),
		isl_pw_aff_pullback_pw_multi_aff(isl_pw_multi_aff_get_pw_aff(wr, 0),
			isl_pw_multi_aff_copy(acc)));
	dist = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(ui->n_written),
		sched);
	dist = isl_pw_aff_sub(dist, isl_pw_aff_pullback_pw_multi_aff(
		isl_pw_aff_copy(ui->widx), acc));
	dist = isl_pw_aff_add_constant_val(dist, isl_val_negone(isl));
	isl_pw_multi_aff_free(wr);
	bool written = cs_while_written(ui, t, dist);
	cd = const_range(delay, &lo, &hi);
	cs = const_range(dist, &dlo, &dhi);
	if (cd < 0 || cs < 0)
		return -1;
	if (lo < 0)
		return ub_report_early_read(ctx, port, -lo);
	port->delay_const = cd;
	port->delay = cd ? lo : 0;
	port->dist_const = cs;
	port->dist = cs ? dlo : 0;
	port->dist_const_written = cs || written;
	return 0;
}

/* { P[e] -> [N(LR(e))] } over the elements read. */
static __isl_give isl_pw_aff *n_at_last_read(__isl_keep ub_isl *ui)
{
	return isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(ui->n_written),
		isl_pw_multi_aff_from_pw_aff(isl_pw_aff_copy(ui->last_read)));
}

/* capacity = max over read e of N(LR(e)) - widx(e). */
static int capacity(__isl_keep ub_isl *ui, int64_t *out)
{
	isl_pw_aff *occ = isl_pw_aff_sub(n_at_last_read(ui),
		isl_pw_aff_copy(ui->widx));
	return sched_val_to_int(pw_aff_extreme(occ, true), out) ? 0 : -1;
}

/* The value of "pa" at "pt" as an integer; false if undefined. */
static bool eval_at(__isl_keep isl_pw_aff *pa, __isl_keep isl_point *pt, int64_t *v)
{
	return sched_val_to_int(isl_pw_aff_eval(isl_pw_aff_copy(pa), isl_point_copy(pt)), v);
}

/* { e : lo <= pa(e) < hi } for integer constants lo and hi. */
static __isl_give isl_set *pa_between(__isl_keep isl_pw_aff *pa, int64_t lo, int64_t hi)
{
	isl_set *dom = isl_pw_aff_domain(isl_pw_aff_copy(pa));
	isl_pw_aff *l = isl_pw_aff_val_on_domain(isl_set_copy(dom), isl_val_int_from_si(
		isl_pw_aff_get_ctx(pa), (long) lo));
	isl_pw_aff *h = isl_pw_aff_val_on_domain(dom, isl_val_int_from_si(
		isl_pw_aff_get_ctx(pa), (long) hi));
	return isl_set_intersect(isl_pw_aff_ge_set(isl_pw_aff_copy(pa), l),
		isl_pw_aff_lt_set(isl_pw_aff_copy(pa), h));
}

/* Is the capacity all live at the last read of a witness e* where it is
 * reached?  The values a write-order buffer holds then are those written
 * in [widx(e*), N(LR(e*))); if each of them is read at LR(e*) or later,
 * that many values are live at that cycle, and max_live_words (never
 * above the capacity) equals it.  One point, no pairs of elements: cheap
 * for isl.  isl_bool_false means "not shown": the caller counts. */
static isl_bool capacity_is_live(__isl_keep ub_isl *ui, int64_t cap)
{
	isl_pw_aff *n_lr = n_at_last_read(ui);
	isl_pw_aff *occ = isl_pw_aff_sub(isl_pw_aff_copy(n_lr), isl_pw_aff_copy(ui->widx));
	occ = isl_pw_aff_add_constant_val(occ, isl_val_int_from_si(ui->isl, (long) -cap));
	isl_point *pt = isl_set_sample_point(isl_set_lexmin(isl_pw_aff_zero_set(occ)));
	int64_t w, n, lr;
	isl_bool live = isl_bool_error;
	if (pt && !isl_point_is_void(pt) && eval_at(ui->widx, pt, &w) && eval_at(n_lr, pt, &n) &&
	    eval_at(ui->last_read, pt, &lr)) {
		isl_set *run = pa_between(ui->widx, w, n);
		isl_set *read = isl_pw_aff_domain(isl_pw_aff_copy(ui->last_read));
		isl_set *unread = isl_set_subtract(isl_set_copy(run), isl_set_copy(read));
		isl_set *early = isl_set_intersect(run, pa_between(ui->last_read, INT64_MIN / 4, lr));
		isl_set_free(read);
		isl_set *dead = isl_set_union(unread, early);
		live = isl_set_is_empty(dead);
		isl_set_free(dead);
	}
	isl_point_free(pt);
	isl_pw_aff_free(n_lr);
	return live;
}

/* Both sizes.  Symbolic when the capacity is all live at some cycle
 * (every stencil); otherwise an exact sweep over the elements. */
static int sizes(__isl_keep ub_isl *ui, ub_buffer *buf)
{
	isl_bool live;

	if (capacity(ui, &buf->capacity_words) < 0)
		return -1;
	live = capacity_is_live(ui, buf->capacity_words);
	if (live < 0)
		return -1;
	buf->max_live_words = buf->capacity_words;
	if (live)
		return 0;
	bool unread = false, order = false;
	buf->max_live_words = ub_sweep_max_live(buf, &unread, &order);
	if (buf->max_live_words < 0)
		return -1;
	buf->why = ub_why(buf, unread, order);
	return 0;
}

/* The window of read port "port" (ui->reads[k]): the least and greatest
 * write index it reads, as addresses modulo the capacity when both lie in
 * one lap, else the whole buffer.  Taken on the elements read, so it
 * costs one lexmin and one lexmax, however large the array. */
static void port_window(__isl_keep ub_isl *ui, int k, int64_t cap, ub_port *port)
{
	isl_pw_aff *w = isl_pw_aff_intersect_domain(isl_pw_aff_copy(ui->widx),
		isl_map_domain(isl_map_copy(ui->reads[k])));
	int64_t lo, hi;
	bool ok = sched_val_to_int(pw_aff_extreme(isl_pw_aff_copy(w), false), &lo);
	ok = sched_val_to_int(pw_aff_extreme(w, true), &hi) && ok;
	ub_port_set_window(port, ok, lo, hi, cap);
}

void ub_port_set_window(ub_port *port, bool known, int64_t lo, int64_t hi, int64_t cap)
{
	port->win_lo = 0;
	port->win_len = cap;
	if (known && cap > 0 && lo >= 0 && lo <= hi && hi - lo + 1 < cap && lo / cap == hi / cap) {
		port->win_lo = lo % cap;
		port->win_len = hi - lo + 1;
	}
}

/* The symbolic analysis of "buf" (figures of every port, both sizes)
 * within "budget" isl operations.  0 done, -1 error (reported unless
 * isl's), 1 out of budget (nothing reported, isl's error cleared). */
static int symbolic(sl_ctx *ctx, isl_ctx *isl, ub_buffer *buf, unsigned long budget)
{
	unsigned long max_ops = isl_ctx_get_max_operations(isl);
	int on_error = isl_options_get_on_error(isl), r = 0;
	ub_isl *ui;

	isl_options_set_on_error(isl, ISL_ON_ERROR_CONTINUE);
	isl_ctx_reset_error(isl);
	isl_ctx_set_max_operations(isl, budget);
	isl_ctx_reset_operations(isl);
	ui = ub_isl_build(isl, buf);
	if (!ui)
		r = -1;
	for (int k = 1; r == 0 && k < buf->n_ports; k++)
		r = port_figures(ctx, ui, &buf->ports[k]);
	if (r == 0)
		r = sizes(ui, buf);
	for (int k = 1; r == 0 && k < buf->n_ports; k++)
		port_window(ui, k - 1, buf->capacity_words, &buf->ports[k]);
	ub_isl_free(ui);
	if (r < 0 && isl_ctx_last_error(isl) == isl_error_quota) {
		isl_ctx_reset_error(isl);
		r = 1;
	}
	isl_ctx_set_max_operations(isl, max_ops);
	isl_options_set_on_error(isl, on_error);
	return r;
}

/* Every figure by walking the elements and reads, when it takes at most
 * opts->max_walk_steps steps; "fallback": the symbolic analysis ran out
 * of its budget (else it is off: isl_budget 0). */
static int walk(sl_ctx *ctx, ub_buffer *buf, const ub_options *opts, bool fallback)
{
	int64_t steps = ub_enumerate_steps(buf);

	if (steps > opts->max_walk_steps && fallback) {
		sl_error(ctx, buf->producer->decl->loc, "cannot size the buffer of "
			"'%s': its symbolic analysis exceeds its budget of %lu isl "
			"operations, and walking its elements and reads would take "
			"%lld steps (the limit is %lld)", buf->name, opts->isl_budget,
			(long long) steps, (long long) opts->max_walk_steps);
		return -1;
	}
	if (steps > opts->max_walk_steps) {
		sl_error(ctx, buf->producer->decl->loc, "cannot size the buffer of "
			"'%s': walking its elements and reads would take %lld steps "
			"(the limit is %lld), and its symbolic analysis is off",
			buf->name, (long long) steps, (long long) opts->max_walk_steps);
		return -1;
	}
	buf->why = NULL;
	buf->walk_steps = fallback ? steps : 0;
	return ub_enumerate(ctx, buf);
}

int ub_analyse(sl_ctx *ctx, isl_ctx *isl, ub_buffer *buf, const ub_options *opts)
{
	int64_t steps = ub_enumerate_steps(buf);
	int r, errors = sl_n_errors(ctx);
	bool by_isl = false;

	if (buf->n_ports == 1)
		return 0;
	if (opts->isl_budget == 0 || (steps < opts->walk_below && steps <= opts->max_walk_steps))
		r = walk(ctx, buf, opts, false);
	else {
		r = symbolic(ctx, isl, buf, opts->isl_budget);
		by_isl = r < 0;
		if (r == 1)
			r = walk(ctx, buf, opts, true);
	}
	if (r < 0 && sl_n_errors(ctx) == errors)
		sl_error(ctx, buf->producer->decl->loc,
			"cannot size the buffer of '%s': %s", buf->name,
			by_isl && isl_ctx_last_error_msg(isl) ? isl_ctx_last_error_msg(isl)
				: "a size out of range");
	return r;
}

/* ------------------------------------------------------------ output order */

/* Values in one plane of the producer: its two innermost extents. */
static int64_t plane_elems(const sched_stmt *p)
{
	int n = p->n_vars;
	return n >= 2 ? p->ext[n - 1] * p->ext[n - 2] : 0;
}

/* The read port of "buf" that makes it hold a plane: it reads each value
 * in several passes along a dimension of its reader, a pass at least half
 * a plane of cycles after the one before (so the passes, not the reuse
 * within one, keep the plane: matmul's rows read again at once are not
 * this); NULL when none. */
static const ub_port *order_port(isl_ctx *isl, const ub_buffer *buf, int64_t plane,
	sched_passes *ps)
{
	for (int k = 1; k < buf->n_ports; k++)
		if (sched_read_passes(isl, buf->ports[k].stmt, buf->ports[k].access, ps) == 1
		    && ps->dim >= 0
		    && ps->n > 1 && 2 * ps->period >= plane)
			return &buf->ports[k];
	return NULL;
}

/* The first output that statement s feeds (s itself when it is one),
 * or NULL: through the readers of its readers, depth first. */
static const sched_stmt *output_fed(const sched_stmt *s, int depth)
{
	if (s->is_output)
		return s;
	for (int i = 0; depth < 64 && i < s->n_users; i++) {
		const sched_stmt *o = output_fed(s->users[i], depth + 1);
		if (o)
			return o;
	}
	return NULL;
}

/* "f(y, x, c)": statement r's variables with variable d moved innermost. */
static void order_text(const sched_stmt *r, int d, char *buf, size_t size)
{
	size_t n = (size_t) snprintf(buf, size, "%s(", r->decl->name);
	for (int k = 0; k <= r->n_vars && n < size; k++) {
		int v = k == r->n_vars ? d : k;
		if (k == d && k < r->n_vars)
			continue;
		n += (size_t) snprintf(buf + n, size - n, "%s%s", n > strlen(r->decl->name) + 1
			? ", " : "", r->decl->var_names ? r->decl->var_names[v] : "?");
	}
	if (n < size)
		snprintf(buf + n, size - n, ")");
}

void ub_set_warn_order(sl_ctx *ctx, isl_ctx *isl, const ub_set *set)
{
	for (int i = 0; i < set->n_buffers; i++) {
		const ub_buffer *b = set->buffers[i];
		int64_t plane = plane_elems(b->producer);
		sched_passes ps;
		if (b->storage == UB_NONE || b->storage == UB_REGISTERS || plane < 16
		    || b->max_live_words < plane)
			continue;
		const ub_port *port = order_port(isl, b, plane, &ps);
		if (!port)
			continue;
		const sched_stmt *r = port->stmt;
		const char *var = ps.dim < r->decl->n_dims && r->decl->var_names
			? r->decl->var_names[ps.dim] : "?";
		const sched_stmt *o = output_fed(r, 0);
		char order[256], also[160] = "";
		order_text(r, ps.dim, order, sizeof(order));
		if (o && o != r)
			snprintf(also, sizeof(also), ", and the output '%s' that it feeds in the "
				"same order", o->decl->name);
		sl_warning(ctx, b->producer->decl->loc, "buffer '%s' holds %lld values of %d bits "
			"(%lld bits) at once: '%s' reads each of them %lld times, once per '%s', "
			"%lld cycles apart; with '%s' innermost (write %s%s%s) line buffers "
			"would do", b->name, (long long) b->max_live_words, b->width_bits,
			(long long) (b->max_live_words * b->width_bits), r->name, (long long) ps.n, var,
			(long long) ps.period, var, o == r ? "the output " : "", order, also);
	}
}
