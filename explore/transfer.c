/* explore/transfer.c: does what holds on one board hold on another?
 * Stage: explore (rank 12).  On points synthesized on several boards
 * (--truth over two boards or more, or a sweep's --collect), two
 * studies (issue 28, "Cross-board transfer"):
 *   - leave-one-board-out: the LUT and flip-flop correction of the
 *     estimate fitted on the other boards' points predicts the held-out
 *     board's; its MAPE, Kendall tau and the recall of the board's true
 *     front by the front the corrected figures give, beside two
 *     baselines, the uncorrected estimate and the fit on the board itself;
 *   - sign agreement: for every pair of boards, every one-step change of
 *     one knob whose four points (before and after, on both boards) are
 *     synthesized: does it make the area larger on both, or smaller on
 *     both?  Each reversal is listed with the resource bound on each side.
 * Points are taken in key order: the report does not depend on the order
 * they were found or collected in. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

enum { EX_TX_MAX_REVERSALS = 12 };

static int ex_key_cmp(const void *a, const void *b)
{
	return strcmp((*(ex_point *const *) a)->key, (*(ex_point *const *) b)->key);
}

/* The legal synthesized points of board b, by key. */
static int ex_tx_points(const ex_run *r, int b, ex_point **out)
{
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		ex_point *p = r->points[i];
		if (p->board == b && p->evaluated && p->legal && p->synthesized)
			out[n++] = p;
	}
	qsort(out, (size_t) n, sizeof *out, ex_key_cmp);
	return n;
}

/* The corrections fitted on the boards other than h ("self": on h). */
static void ex_tx_fit(const ex_run *r, int h, bool self, ex_fit *fl, ex_fit2 *ff)
{
	ex_point **all = sl_xcalloc((size_t) r->n + 1, sizeof *all);
	int n = 0;
	for (int b = 0; b < r->nb; b++)
		if ((b == h) == self)
			n += ex_tx_points(r, b, all + n);
	ex_fit_points(all, n, fl, ff);
	free(all);
}

typedef struct ex_tx_score {
	double mape, tau, recall;
} ex_tx_score;

/* The n points of board h under corrections fl, ff (NULL: none). */
static ex_tx_score ex_tx_eval(const ex_run *r, int h, ex_point **p, int n, const ex_fit *fl,
	const ex_fit2 *ff)
{
	double *pred = sl_xcalloc((size_t) n + 1, sizeof *pred), *meas = sl_xcalloc((size_t) n + 1, sizeof *meas);
	ex_obj *po = sl_xcalloc((size_t) n + 1, sizeof *po), *to = sl_xcalloc((size_t) n + 1, sizeof *to);
	bool *pf = sl_xcalloc((size_t) n + 1, sizeof *pf), *tf = sl_xcalloc((size_t) n + 1, sizeof *tf);
	for (int i = 0; i < n; i++) {
		double l = fl ? ex_fit_apply(fl, (double) p[i]->luts_est) : (double) p[i]->luts_est;
		double f = ff ? ex_ffs_corrected(ff, p[i]) : (double) p[i]->ffs_est;
		double peak;
		const char *bound;
		pred[i] = l;
		meas[i] = (double) p[i]->luts_syn;
		po[i] = (ex_obj) { { p[i]->time_us, ex_area_of(r->boards[h], l, f, p[i]->units,
			p[i]->dsps_est, p[i]->huge, &peak, &bound) } };
		to[i] = (ex_obj) { { p[i]->time_us, p[i]->area } };
	}
	ex_tx_score s = { ex_mape(pred, meas, n), ex_kendall_tau(pred, meas, n), 0 };
	int nt = ex_pareto(to, n, tf), hit = 0;
	ex_pareto(po, n, pf);
	for (int i = 0; i < n; i++)
		hit += pf[i] && tf[i];
	s.recall = nt ? (double) hit / nt : 0;
	free(pred);
	free(meas);
	free(po);
	free(to);
	free(pf);
	free(tf);
	return s;
}

static int ex_sign_of(double d, double scale)
{
	double eps = 1e-9 * (scale > 0 ? scale : 1);
	return (d > eps) - (d < -eps);
}

/* One board pair's agreement; its reversals printed (up to the limit). */
static void ex_tx_pair(const ex_run *r, int a, int b, FILE *out, bool json, bool *first_rev,
	int *pairs, int *agree, int *shown)
{
	ex_point **p = sl_xcalloc((size_t) r->n + 1, sizeof *p);
	int n = ex_tx_points(r, a, p);
	*pairs = *agree = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < EX_N_KNOBS; k++) {
			if (p[i]->c.v[k] + 1 >= r->space.knobs[k].n)
				continue;
			ex_coord c = p[i]->c;
			c.v[k]++;
			if (!strcmp(r->space.knobs[EX_MEMORY].values[c.v[EX_MEMORY]], "native") &&
			    (c.v[EX_FETCH] || c.v[EX_DEPTH] || c.v[EX_PORTS]))
				continue;	/* a tile knob of a native point: no change */
			char key[400];
			ex_coord_key(&r->space, &c, key, sizeof key);
			const ex_point *qa = ex_point_find(r, a, key), *pb = ex_point_find(r, b, p[i]->key),
				*qb = ex_point_find(r, b, key);
			if (!qa || !pb || !qb || !qa->synthesized || !pb->synthesized || !qb->synthesized)
				continue;
			int sa = ex_sign_of(qa->area - p[i]->area, p[i]->area);
			int sb = ex_sign_of(qb->area - pb->area, pb->area);
			if (!sa || !sb)
				continue;
			++*pairs;
			*agree += sa == sb;
			if (sa == sb || *shown >= EX_TX_MAX_REVERSALS)
				continue;
			++*shown;
			const char *from = r->space.knobs[k].values[p[i]->c.v[k]], *to = r->space.knobs[k].values[c.v[k]];
			if (json) {
				fprintf(out, "%s      { \"a\": \"%s\", \"b\": \"%s\", \"key\": ", *first_rev ? "" : ",\n",
					r->boards[a]->name, r->boards[b]->name);
				sl_json_str(out, p[i]->key);
				fprintf(out, ", \"knob\": \"%s\", \"from\": \"%s\", \"to\": \"%s\", \"area_a\": %.6g, "
					"\"area_b\": %.6g, \"bound_a\": \"%s\", \"bound_b\": \"%s\" }", ex_knob_name(k),
					from, to, qa->area - p[i]->area, qb->area - pb->area, qa->bound, qb->bound);
			} else {
				fprintf(out, "  reversal %s / %s: %s %s -> %s at %s: area %+.4f on %s (%s-bound), "
					"%+.4f on %s (%s-bound)\n", r->boards[a]->name, r->boards[b]->name,
					ex_knob_name(k), from, to, p[i]->key, qa->area - p[i]->area, r->boards[a]->name,
					qa->bound, qb->area - pb->area, r->boards[b]->name, qb->bound);
			}
			*first_rev = false;
		}
	free(p);
}

static void ex_tx_held_out(const ex_run *r, FILE *out, bool json)
{
	if (!json)
		fputs("transfer: the LUT and flip-flop correction fitted on the other boards, on the "
			"held-out board\n  board          points  LUT MAPE none / others / self   "
			"tau    front recall none / others / self\n", out);
	for (int h = 0; h < r->nb; h++) {
		ex_point **p = sl_xcalloc((size_t) r->n + 1, sizeof *p);
		int n = ex_tx_points(r, h, p);
		ex_fit fo, fs;
		ex_fit2 ffo, ffs;
		ex_tx_fit(r, h, false, &fo, &ffo);
		ex_tx_fit(r, h, true, &fs, &ffs);
		ex_tx_score none = ex_tx_eval(r, h, p, n, NULL, NULL);
		ex_tx_score other = ex_tx_eval(r, h, p, n, &fo, &ffo);
		ex_tx_score self = ex_tx_eval(r, h, p, n, &fs, &ffs);
		if (json)
			fprintf(out, "%s      { \"board\": \"%s\", \"points\": %d, \"mape_none\": %.2f, "
				"\"mape_others\": %.2f, \"mape_self\": %.2f, \"kendall_tau_others\": %.4f, "
				"\"recall_none\": %.4f, \"recall_others\": %.4f, \"recall_self\": %.4f }",
				h ? ",\n" : "", r->boards[h]->name, n, none.mape, other.mape, self.mape,
				other.tau, none.recall, other.recall, self.recall);
		else
			fprintf(out, "  %-14s %6d  %6.1f%% / %6.1f%% / %6.1f%%     %6.3f   %.2f / %.2f / %.2f\n",
				r->boards[h]->name, n, none.mape, other.mape, self.mape, other.tau, none.recall,
				other.recall, self.recall);
		free(p);
	}
}

void ex_transfer_agreement(const ex_run *r, int a, int b, int *pairs, int *agree)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	bool first_rev = true;
	int shown = 0;
	ex_tx_pair(r, a, b, f, false, &first_rev, pairs, agree, &shown);
	fclose(f);
	free(text);
}

void ex_transfer_report(const ex_run *r, FILE *out, bool json)
{
	if (json)
		fputs("  \"transfer\": {\n    \"held_out\": [\n", out);
	ex_tx_held_out(r, out, json);
	fputs(json ? "\n    ],\n    \"agreement\": [\n" : "sign agreement of one-step knob changes' "
		"effect on area (pairs agreeing / pairs changing on both boards)\n", out);
	bool first = true, first_rev = true;
	int shown = 0;
	char *revs = NULL;
	size_t revs_len = 0;
	FILE *rf = open_memstream(&revs, &revs_len);
	for (int a = 0; a < r->nb; a++)
		for (int b = a + 1; b < r->nb; b++) {
			int pairs, agree;
			ex_tx_pair(r, a, b, rf, json, &first_rev, &pairs, &agree, &shown);
			if (json)
				fprintf(out, "%s      { \"a\": \"%s\", \"b\": \"%s\", \"pairs\": %d, \"agree\": %d }",
					first ? "" : ",\n", r->boards[a]->name, r->boards[b]->name, pairs, agree);
			else
				fprintf(out, "  %-14s %-14s %d / %d\n", r->boards[a]->name, r->boards[b]->name,
					agree, pairs);
			first = false;
		}
	fclose(rf);
	if (json)
		fprintf(out, "\n    ],\n    \"reversals\": [\n%s%s    ]\n  },\n", revs, first_rev ? "" : "\n");
	else
		fputs(revs, out);
	free(revs);
}
