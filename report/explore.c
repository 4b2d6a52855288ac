/* report/explore.c: the page of `sluice explore` (docs/explore.md).
 * Stage: beside flow/.  Per board the scatter of time against area
 * (both on log scales) of every evaluated legal point, synthesized points
 * filled and estimated ones hollow, the explored front in red and the
 * exhaustive front (with --truth) ringed; the search's syntheses in
 * order; the cross-board transfer as its text report; with --shapes the
 * robust choice per board and its per-shape regret, cliffs marked.  The
 * data are explore/'s, copied into the structs of report.h. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "report/report_private.h"

enum { RP_EX_H = 300, RP_EX_TOP = 14 };

/* A log axis from lo to hi: the position of v in 0 .. 1. */
static double rp_log_pos(double v, double lo, double hi)
{
	return hi > lo ? (log(v) - log(lo)) / (log(hi) - log(lo)) : 0.5;
}

/* The bounds of the board's times and areas, widened by 10% on the log
 * scale; false when it has no point. */
static bool rp_ex_bounds(const rp_ex_board *b, double *t, double *a)
{
	t[0] = a[0] = 1e300;
	t[1] = a[1] = 0;
	for (int i = 0; i < b->n; i++) {
		const rp_ex_point *p = &b->pts[i];
		if (!(p->time_us > 0) || !(p->area > 0))
			continue;
		t[0] = fmin(t[0], p->time_us);
		t[1] = fmax(t[1], p->time_us);
		a[0] = fmin(a[0], p->area);
		a[1] = fmax(a[1], p->area);
	}
	if (t[1] <= 0)
		return false;
	t[0] /= 1.1, t[1] *= 1.1, a[0] /= 1.1, a[1] *= 1.1;
	return true;
}

static void rp_ex_axes(FILE *out, const double *t, const double *a, double x0, double w,
	double ybase)
{
	rp_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
		"<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		x0, ybase, x0 + w, ybase, x0, ybase, x0, ybase - RP_EX_H);
	for (int i = 0; i <= 4; i++) {
		double f = i / 4.0;
		double tv = exp(log(t[0]) + f * (log(t[1]) - log(t[0])));
		double av = exp(log(a[0]) + f * (log(a[1]) - log(a[0])));
		rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.3g</text>\n"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n",
			x0 + f * w, ybase + 16, tv, x0 - 6, ybase - f * RP_EX_H + 4, av);
	}
	rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">time (us, log)</text>\n"
		"<text x=\"4\" y=\"%d\">area (log)</text>\n", x0 + w, ybase + 32, RP_EX_TOP);
}

static void rp_ex_point_svg(FILE *out, const rp_ex_point *p, double x, double y)
{
	rp_printf(out, "<circle class=\"pt ex%s%s%s\" data-key=\"", p->synthesized ? " syn" : " est",
		p->on_front ? " front" : "", p->truth_front ? " truth" : "");
	rp_html_str(out, p->key);
	rp_printf(out, "\" data-time=\"%.6g\" data-area=\"%.6g\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\">"
		"<title>", p->time_us, p->area, x, y, p->on_front ? 6 : 4);
	rp_html_str(out, p->key);
	rp_printf(out, ": %.4g us, area %.4g (%s)%s%s</title></circle>\n", p->time_us, p->area,
		p->synthesized ? "Yosys" : "estimate", p->on_front ? ", on the explored front" : "",
		p->truth_front ? ", on the exhaustive front" : "");
}

/* Board b's scatter. */
static void rp_ex_scatter(FILE *out, const rp_ex_board *b)
{
	double t[2], a[2];
	if (!rp_ex_bounds(b, t, a)) {
		fputs("<p>No legal point.</p>\n", out);
		return;
	}
	double x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT, ybase = RP_EX_TOP + RP_EX_H;
	fputs("<svg class=\"front-chart\" data-board=\"", out);
	rp_html_str(out, b->name);
	rp_printf(out, "\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", RP_WIDTH,
		RP_EX_H + 56, RP_WIDTH, RP_EX_H + 56);
	rp_ex_axes(out, t, a, x0, w, ybase);
	for (int pass = 0; pass < 2; pass++)	/* the front on top */
		for (int i = 0; i < b->n; i++) {
			const rp_ex_point *p = &b->pts[i];
			if (p->on_front != (pass == 1) || !(p->time_us > 0) || !(p->area > 0))
				continue;
			rp_ex_point_svg(out, p, x0 + w * rp_log_pos(p->time_us, t[0], t[1]),
				ybase - RP_EX_H * rp_log_pos(p->area, a[0], a[1]));
		}
	fputs("</svg>\n", out);
}

static void rp_ex_steps(FILE *out, const rp_ex_board *b)
{
	if (!b->n_steps) {
		fputs(!strcmp(b->stop, "exhaustive") ? "<p class=\"note\">The space is within the "
		      "synthesis budget: every point synthesized, in space order.</p>\n"
		      : "<p class=\"note\">No synthesis in the search.</p>\n", out);
		return;
	}
	fputs("<table class=\"progress\" data-board=\"", out);
	rp_html_str(out, b->name);
	fputs("\">\n<tr><th>synthesis</th><th>point</th><th>band</th><th>front after</th>"
	      "<th>Yosys runs</th></tr>\n",
		out);
	for (int i = 0; i < b->n_steps; i++) {
		rp_printf(out, "<tr><td>%d</td><td class=\"key\">", i + 1);
		rp_html_str(out, b->steps[i].key);
		rp_printf(out, "</td><td>%.1f%%</td><td>%d</td><td>%" PRId64 "</td></tr>\n",
			100 * b->steps[i].band, b->steps[i].front, b->steps[i].runs);
	}
	fputs("</table>\n", out);
}

static void rp_ex_board_section(FILE *out, const rp_ex_board *b)
{
	fputs("<h2>", out);
	rp_html_str(out, b->name);
	rp_printf(out, "</h2>\n<p>%" PRId64 " points, %d legal evaluated, %" PRId64 " Yosys runs; "
		"stop: ", b->space, b->n, b->yosys_runs);
	rp_html_str(out, b->stop);
	if (b->have_truth)
		rp_printf(out, "; against the exhaustive front: ADRS %.2f%%, hypervolume ratio %.4f",
			b->adrs, b->hv_ratio);
	fputs(".</p>\n", out);
	rp_ex_scatter(out, b);
	rp_ex_steps(out, b);
}

/* The ratio of the robust choice's cost to each shape's own best, a bar
 * a shape, with the cliff line at 2. */
static void rp_ex_ratio_chart(FILE *out, const rp_ex_robust *r)
{
	double top = 2.5, x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT;
	for (int i = 0; i < r->n; i++)
		top = fmax(top, 1.1 * r->shapes[i].ratio);
	int h = 22 * r->n + 40;
	fputs("<svg class=\"ratio-chart\" data-board=\"", out);
	rp_html_str(out, r->board);
	rp_printf(out, "\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", RP_WIDTH, h,
		RP_WIDTH, h);
	for (int i = 0; i < r->n; i++) {
		const rp_ex_shape *s = &r->shapes[i];
		double y = 10 + 22 * i;
		rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", x0 - 6, y + 13);
		rp_html_str(out, s->shape);
		rp_printf(out, "</text><rect class=\"%s\" data-shape=\"", s->cliff ? "res-over"
			: "res-meas");
		rp_html_str(out, s->shape);
		rp_printf(out, "\" data-ratio=\"%.6g\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"16\"><title>%.3fx its own best</title></rect>\n", s->ratio, x0, y,
			w * fmax(s->ratio, 0) / top, s->ratio);
	}
	double yb = 10 + 22 * r->n;
	rp_printf(out, "<line class=\"occ-cap\" x1=\"%.1f\" y1=\"4\" x2=\"%.1f\" y2=\"%.1f\"/>"
		"<text x=\"%.1f\" y=\"%.1f\">2x: cliff</text>\n<line class=\"axis\" x1=\"%.1f\" "
		"y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/><text x=\"%.1f\" y=\"%.1f\" "
		"text-anchor=\"end\">cost / own best (0 to %.3g)</text>\n", x0 + w * 2 / top,
		x0 + w * 2 / top, yb, x0 + w * 2 / top + 4, yb + 14, x0, yb, x0 + w, yb, x0 + w,
		yb + 28, top);
	fputs("</svg>\n", out);
}

static void rp_ex_robust_section(FILE *out, const rp_ex_robust *r, const char *objective)
{
	fputs("<h2>Robust across shapes: ", out);
	rp_html_str(out, r->board);
	fputs("</h2>\n<p>Hardware sized for ", out);
	rp_html_str(out, r->sized_for);
	fputs("; robust (", out);
	rp_html_str(out, objective);
	fputs("): ", out);
	rp_html_str(out, r->robust ? r->robust : "none");
	rp_printf(out, ". Mean ratio %.4f, mean + k stddev %.4f, worst regret %.1f%%, CVaR %.4f, "
		"price of robustness %.4f.</p>\n", r->mean, r->mean_k_std, 100 * r->worst_regret,
		r->cvar, r->price);
	rp_ex_ratio_chart(out, r);
	fputs("<table class=\"shapes\" data-board=\"", out);
	rp_html_str(out, r->board);
	fputs("\">\n<tr><th>shape</th><th>weight</th><th>cycles</th><th>cost</th><th>own cost</th>"
	      "<th>regret</th><th>own best</th><th>cliff</th></tr>\n", out);
	for (int i = 0; i < r->n; i++) {
		const rp_ex_shape *s = &r->shapes[i];
		fputs("<tr><td>", out);
		rp_html_str(out, s->shape);
		rp_printf(out, "</td><td>%.6g</td><td>%" PRId64 "</td><td>%.6g</td><td>%.6g</td>"
			"<td>%.1f%%</td><td class=\"key\">", s->weight, s->cycles, s->cost, s->own_cost,
			100 * (s->ratio - 1));
		rp_html_str(out, s->own_key);
		rp_printf(out, "</td><td>%s</td></tr>\n", s->cliff ? "CLIFF" : "");
	}
	fputs("</table>\n", out);
}

/* The sign-agreement matrix: a cell per board pair, agreeing / changing. */
static void rp_ex_matrix(FILE *out, const rp_explore *e)
{
	fputs("<table class=\"tx-matrix\">\n<tr><th></th>", out);
	for (int b = 0; b < e->nb; b++) {
		fputs("<th>", out);
		rp_html_str(out, e->boards[b].name);
		fputs("</th>", out);
	}
	fputs("</tr>\n", out);
	for (int a = 0; a < e->nb; a++) {
		fputs("<tr><th>", out);
		rp_html_str(out, e->boards[a].name);
		fputs("</th>", out);
		for (int b = 0; b < e->nb; b++) {
			int lo = a < b ? a : b, hi = a < b ? b : a;
			int pairs = e->tx_pairs[lo * e->nb + hi], agree = e->tx_agree[lo * e->nb + hi];
			if (a == b)
				fputs("<td></td>", out);
			else
				rp_printf(out, "<td data-pairs=\"%d\" data-agree=\"%d\">%d / %d</td>", pairs,
					agree, agree, pairs);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

void rp_explore_html(const rp_explore *e, FILE *out)
{
	char title[300];
	snprintf(title, sizeof title, "sluice explore: %s", e->name);
	rp_page_begin(out, title);
	if (e->nb)
		fputs("<p class=\"note\">Per board, every evaluated legal point: time against area "
		      "(the mean share of the board), both on log scales. Filled: area from Yosys; "
		      "hollow: the corrected estimate. Red: the explored front. Ringed: the "
		      "exhaustive front (--truth). Then the search's syntheses in order, with the "
		      "model's band when each was picked (explore.json, explore.csv).</p>\n", out);
	for (int b = 0; b < e->nb; b++)
		rp_ex_board_section(out, &e->boards[b]);
	if (e->transfer) {
		fputs("<h2>Cross-board transfer</h2>\n<p class=\"note\">Sign agreement of one-step "
		      "knob changes' effect on area: changes that make the area larger on both boards "
		      "or smaller on both / changes that change it on both. Below, the held-out "
		      "boards and the reversals (the transfer report).</p>\n", out);
		rp_ex_matrix(out, e);
		fputs("<table class=\"transfer\"><tr><td><pre>", out);
		rp_html_str(out, e->transfer);
		fputs("</pre></td></tr></table>\n", out);
	}
	for (int i = 0; i < e->n_robust; i++)
		rp_ex_robust_section(out, &e->robust[i], e->objective);
	rp_page_end(out);
}
