/* explore/search.c: the search of one board's space.
 * Stage: explore (rank 12).  A space within the synthesis budget is
 * synthesized whole.  Otherwise a Pareto-neighbour local search runs on
 * the corrected estimates: every point on the estimated front has its
 * neighbours (one knob one value away) estimated, plus the moves its
 * bottleneck asks for (throughput-bound, under half of every resource:
 * every larger lane count and clock; block-RAM-bound: every RAM kind,
 * memory, threshold; logic-bound: every smaller lane count), until the
 * front is closed; then the point nearest the corrected front that Yosys
 * has not seen (among the front's own, the one that holds the most
 * hypervolume) is synthesized, the correction refitted, and the search goes on, until no unsynthesized
 * point is within the model's error of the front ("converged") or the
 * budget is spent ("budget").  Everything is in a fixed order: the same
 * space gives the same points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "explore/explore.h"

/* The objectives of p at its best fidelity; with "truth" its Yosys
 * figures (p synthesized). */
static ex_obj ex_obj_of(const ex_point *p)
{
	return (ex_obj) { { p->time_us, p->area } };
}

static bool ex_candidate(const ex_point *p, int b)
{
	return p->board == b && p->evaluated && p->legal;
}

int ex_mark_front(ex_run *r, int b)
{
	int n = 0;
	ex_obj *o = sl_xcalloc((size_t) r->n + 1, sizeof *o);
	int *idx = sl_xcalloc((size_t) r->n + 1, sizeof *idx);
	bool *front = sl_xcalloc((size_t) r->n + 1, sizeof *front);
	for (int i = 0; i < r->n; i++) {
		if (r->points[i]->board == b)
			r->points[i]->on_front = false;
		if (ex_candidate(r->points[i], b)) {
			idx[n] = i;
			o[n++] = ex_obj_of(r->points[i]);
		}
	}
	int m = ex_pareto(o, n, front);
	for (int i = 0; i < n; i++)
		r->points[idx[i]]->on_front = front[i];
	free(o);
	free(idx);
	free(front);
	return m;
}

/* How far objectives po are from the front of board b: the least over
 * front points f of max_j (po_j - f_j) / f_j (0 on the front). */
static double ex_front_distance(const ex_run *r, int b, ex_obj po)
{
	double best = 1e18;
	for (int i = 0; i < r->n; i++) {
		const ex_point *f = r->points[i];
		if (f->board != b || !f->on_front)
			continue;
		ex_obj fo = ex_obj_of(f);
		double d = 0;
		for (int j = 0; j < 2; j++)
			if (fo.f[j] > 0 && (po.f[j] - fo.f[j]) / fo.f[j] > d)
				d = (po.f[j] - fo.f[j]) / fo.f[j];
		if (d < best)
			best = d;
	}
	return best;
}

/* Estimate the point at c on board b; true when it is new. */
static bool ex_visit(ex_run *r, int b, const ex_coord *c)
{
	ex_point *p = ex_point_get(r, b, c);
	if (p->evaluated)
		return false;
	ex_point_estimate(r, p);
	if (p->legal)
		ex_correct(r, p);
	return true;
}

/* c with knob k at value v, the tile knobs 0 when the memory is native;
 * its visit. */
static bool ex_move(ex_run *r, int b, ex_coord c, int k, int v)
{
	c.v[k] = v;
	if (!strcmp(r->space.knobs[EX_MEMORY].values[c.v[EX_MEMORY]], "native"))
		c.v[EX_FETCH] = c.v[EX_DEPTH] = c.v[EX_PORTS] = 0;
	return ex_visit(r, b, &c);
}

/* Every value of knob k whose number is above (dir > 0), below (dir <
 * 0) or other than (dir == 0) the point's. */
static bool ex_line(ex_run *r, const ex_point *p, int k, int dir)
{
	const ex_knob *kn = &r->space.knobs[k];
	double here = atof(kn->values[p->c.v[k]]);
	bool any = false;
	for (int v = 0; v < kn->n; v++) {
		double x = atof(kn->values[v]);
		if (v != p->c.v[k] && (dir == 0 || (dir > 0 ? x > here : x < here)))
			any |= ex_move(r, p->board, p->c, k, v);
	}
	return any;
}

/* The neighbours of p and its bottleneck's moves; true when a point was
 * new. */
static bool ex_expand(ex_run *r, ex_point *p)
{
	bool any = false;
	p->expanded = true;
	for (int k = 0; k < EX_N_KNOBS; k++)
		for (int dv = -1; dv <= 1; dv += 2) {
			int v = p->c.v[k] + dv;
			if (v >= 0 && v < r->space.knobs[k].n)
				any |= ex_move(r, p->board, p->c, k, v);
		}
	if (!strcmp(p->bound, "block_ram") || !strcmp(p->bound, "huge")) {
		any |= ex_line(r, p, EX_RAM, 0);
		any |= ex_line(r, p, EX_MEMORY, 0);
		any |= ex_line(r, p, EX_THRESHOLD, 0);
	} else if (p->peak < 0.5) {
		any |= ex_line(r, p, EX_UNROLL, 1);	/* throughput-bound: spend area */
		any |= ex_line(r, p, EX_CLOCK, 1);
	} else {
		any |= ex_line(r, p, EX_UNROLL, -1);
	}
	return any;
}

/* Expand the front of board b until it is closed: every front point's
 * moves known. */
static void ex_close_front(ex_run *r, int b)
{
	for (bool changed = true; changed;) {
		changed = false;
		ex_mark_front(r, b);
		for (int i = 0; i < r->n && !changed; i++) {
			ex_point *p = r->points[i];
			if (p->board == b && p->on_front && !p->expanded)
				changed = ex_expand(r, p);
		}
	}
}

/* The model's error on board b: twice the larger RMS log residual, of
 * LUTs or of flip-flops, over its synthesized points, at least 2%; 10%
 * before any. */
static double ex_band(const ex_run *r, int b)
{
	double sum[2] = { 0, 0 };
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (p->board != b || !p->synthesized || p->luts_syn <= 0 || p->luts_cor <= 0 ||
		    p->ffs_syn <= 0 || p->ffs_cor <= 0)
			continue;
		double e = log((double) p->luts_syn / p->luts_cor), f = log((double) p->ffs_syn / p->ffs_cor);
		sum[0] += e * e;
		sum[1] += f * f;
		n++;
	}
	if (!n)
		return 0.10;
	double band = 2 * sqrt((sum[0] > sum[1] ? sum[0] : sum[1]) / n);
	return band < 0.02 ? 0.02 : band;
}

/* The hypervolume the front of board b (objs "f", n of them, under
 * "ref") loses without point p: 0 off the front or for a duplicate. */
static double ex_hv_gain(const ex_obj *f, int n, const ex_obj *ref, const ex_point *p)
{
	if (!p->on_front)
		return 0;
	ex_obj *rest = sl_xcalloc((size_t) n + 1, sizeof *rest), po = ex_obj_of(p);
	int m = 0;
	bool skipped = false;
	for (int i = 0; i < n; i++) {
		if (!skipped && f[i].f[0] == po.f[0] && f[i].f[1] == po.f[1]) {
			skipped = true;
			continue;
		}
		rest[m++] = f[i];
	}
	double gain = ex_hypervolume(f, n, ref) - ex_hypervolume(rest, m, ref);
	free(rest);
	return gain;
}

/* The unsynthesized legal point of board b to synthesize next: within the
 * band of the front, the nearest; among equals (the front's own points)
 * the one whose loss would cost the front the most hypervolume, then by
 * key; NULL when none is within the band. */
static ex_point *ex_next_synth(ex_run *r, int b)
{
	double band = ex_band(r, b), best = 1e18, best_gain = -1;
	ex_obj *f = sl_xcalloc((size_t) r->n + 1, sizeof *f), ref = { { 0, 0 } };
	int nf = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (!ex_candidate(p, b))
			continue;
		ex_obj o = ex_obj_of(p);
		for (int j = 0; j < 2; j++)
			if (1.1 * o.f[j] > ref.f[j])
				ref.f[j] = 1.1 * o.f[j];
		if (p->on_front)
			f[nf++] = o;
	}
	ex_point *pick = NULL;
	for (int i = 0; i < r->n; i++) {
		ex_point *p = r->points[i];
		if (!ex_candidate(p, b) || p->synthesized || p->synth_why[0])
			continue;
		/* judged at its most favourable figures where a knob value of it
		 * was never synthesized (ex_area_optimistic) */
		ex_obj po = { { p->time_us, ex_area_optimistic(r, p) } };
		double d = ex_front_distance(r, b, po);
		if (d < 0)
			d = 0;
		if (d > band || d > best)
			continue;
		double gain = ex_hv_gain(f, nf, &ref, p);
		if (d < best || gain > best_gain || (gain == best_gain && strcmp(p->key, pick->key) < 0)) {
			best = d;
			best_gain = gain;
			pick = p;
		}
	}
	free(f);
	return pick;
}

static void ex_count(const ex_run *r, int b, ex_board_result *res)
{
	res->estimated = res->synthesized = res->illegal = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (p->board != b || !p->evaluated)
			continue;
		res->estimated++;
		res->illegal += !p->legal;
		res->synthesized += p->synthesized || p->synth_why[0];
	}
}

/* Every point of the space on board b, estimated, and with "synth"
 * synthesized. */
static void ex_exhaustive(ex_run *r, int b, bool synth)
{
	ex_coord c;
	memset(&c, 0, sizeof c);
	int64_t done = 0, total = ex_space_points(&r->space);
	do {
		sl_progress_count(done++, total);
		ex_point *p = ex_point_get(r, b, &c);
		ex_point_estimate(r, p);
		if (synth && p->legal)
			ex_point_synth(r, p);
	} while (ex_coord_next(&r->space, &c));
	ex_refit(r, b);
}

/* The synthesis of p, picked at "band", in board b's record. */
static void ex_record_step(ex_run *r, int b, const ex_point *p, double band, int64_t runs)
{
	int i = 0;
	while (r->points[i] != p)
		i++;
	r->steps[b] = sl_xrealloc(r->steps[b], (size_t) (r->n_steps[b] + 1) * sizeof *r->steps[b]);
	r->steps[b][r->n_steps[b]++] = (struct ex_step) { i, band, ex_mark_front(r, b), runs };
}

/* Seconds on the monotonic clock. */
static double ex_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

void ex_search_board(ex_run *r, int b, int64_t budget, bool synth, ex_board_result *res)
{
	double t0 = ex_seconds();
	memset(res, 0, sizeof *res);
	res->space = ex_space_points(&r->space);
	int64_t runs = r->syntheses;
	sl_progress_push("explore %s", r->boards[b]->name);
	if (synth && res->space <= budget) {
		ex_exhaustive(r, b, true);
		res->stop = "exhaustive";
	} else {
		ex_coord c;
		memset(&c, 0, sizeof c);
		ex_visit(r, b, &c);
		int64_t start = r->syntheses, spent = 0;
		for (;;) {
			ex_close_front(r, b);
			if (!synth) {
				res->stop = "converged";
				break;
			}
			ex_point *p = ex_next_synth(r, b);
			bool late = r->minutes > 0 && ex_seconds() - t0 > 60 * r->minutes;
			if (!p || spent >= budget || late) {
				res->stop = !p ? "converged" : spent >= budget ? "budget" : "minutes";
				break;
			}
			sl_progress_count(spent, budget);
			double band = ex_band(r, b);
			ex_point_synth(r, p);
			spent = r->syntheses - start;	/* Yosys runs: a design seen before is free */
			ex_refit(r, b);
			ex_record_step(r, b, p, band, spent);
		}
	}
	ex_mark_front(r, b);
	ex_count(r, b, res);
	res->yosys_runs = r->syntheses - runs;
	sl_progress_pop();
}

/* The objectives of the points of board b at their Yosys figures (the
 * synthesized legal ones); "sel" picks which (NULL: all). */
static int ex_truth_objs(const ex_run *r, int b, const bool *sel, ex_obj *o)
{
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (ex_candidate(p, b) && p->synthesized && (!sel || sel[i]))
			o[n++] = ex_obj_of(p);
	}
	return n;
}

/* MAPE and Kendall tau of the uncorrected LUT and flip-flop estimates
 * against Yosys over the synthesized points of board b. */
static void ex_estimate_quality(const ex_run *r, int b, ex_board_result *res)
{
	double *e = sl_xcalloc((size_t) r->n + 1, sizeof *e), *m = sl_xcalloc((size_t) r->n + 1, sizeof *m);
	double *e2 = sl_xcalloc((size_t) r->n + 1, sizeof *e2), *m2 = sl_xcalloc((size_t) r->n + 1, sizeof *m2);
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (!ex_candidate(p, b) || !p->synthesized)
			continue;
		e[n] = (double) p->luts_est;
		m[n] = (double) p->luts_syn;
		e2[n] = (double) p->ffs_est;
		m2[n++] = (double) p->ffs_syn;
	}
	res->mape_luts = ex_mape(e, m, n);
	res->mape_ffs = ex_mape(e2, m2, n);
	res->tau_luts = ex_kendall_tau(e, m, n);
	res->tau_ffs = ex_kendall_tau(e2, m2, n);
	free(e);
	free(m);
	free(e2);
	free(m2);
}

void ex_truth_board(ex_run *r, int b, ex_board_result *res)
{
	bool *explored = sl_xcalloc((size_t) r->n + 1, sizeof *explored);
	int n_before = r->n;
	for (int i = 0; i < r->n; i++)
		explored[i] = r->points[i]->board == b && r->points[i]->on_front;
	sl_progress_push("ground truth on %s", r->boards[b]->name);
	ex_exhaustive(r, b, true);
	sl_progress_pop();
	explored = sl_xrealloc(explored, (size_t) r->n + 1);
	for (int i = n_before; i < r->n; i++)
		explored[i] = false;
	ex_obj *all = sl_xcalloc((size_t) r->n + 1, sizeof *all);
	ex_obj *mine = sl_xcalloc((size_t) r->n + 1, sizeof *mine);
	bool *front = sl_xcalloc((size_t) r->n + 1, sizeof *front);
	int n_all = ex_truth_objs(r, b, NULL, all);
	int n_mine = ex_truth_objs(r, b, explored, mine);
	int n_front = ex_pareto(all, n_all, front), k = 0;
	ex_obj ref = { { 0, 0 } };
	for (int i = 0; i < n_all; i++) {
		for (int j = 0; j < 2; j++)
			if (all[i].f[j] * 1.1 > ref.f[j])
				ref.f[j] = all[i].f[j] * 1.1;
		if (front[i])
			all[k++] = all[i];
	}
	res->have_truth = true;
	res->truth_front = n_front;
	res->explored_front = n_mine;
	for (int i = 0, j = 0; i < r->n; i++) {
		ex_point *p = r->points[i];
		if (ex_candidate(p, b) && p->synthesized)
			p->truth_front = front[j++];
	}
	res->adrs = 100 * ex_adrs(all, k, mine, n_mine);
	double hv = ex_hypervolume(all, k, &ref);
	res->hv_ratio = hv > 0 ? ex_hypervolume(mine, n_mine, &ref) / hv : 0;
	ex_estimate_quality(r, b, res);
	/* the explored front stays the one marked */
	for (int i = 0; i < r->n; i++)
		if (r->points[i]->board == b)
			r->points[i]->on_front = explored[i];
	free(all);
	free(mine);
	free(front);
	free(explored);
}
