/* report/study.c: the page of a study, its configurations as scatters.
 * Stage: beside flow/.  Two scatters share the cycle axis: predicted
 * cycles against LUTs and against block RAMs (the board's block
 * primitive), each measured where the configuration was synthesized and
 * predicted where it was not (hollow: it does not fit).  Red points are
 * on the Pareto front of their board (rp_pareto: LUTs of different
 * families are not one unit, so each board is weighed on its own).  The
 * table below repeats every configuration. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_private.h"

enum { RP_SC_H = 260, RP_SC_TOP = 10 };

/* Is a at most b in every measure and below it in one? */
static bool rp_dominates(const rp_config *a, const rp_config *b)
{
	bool le = a->cycles <= b->cycles && a->luts <= b->luts && a->brams <= b->brams;
	bool lt = a->cycles < b->cycles || a->luts < b->luts || a->brams < b->brams;
	return le && lt;
}

void rp_pareto(const rp_study *s, bool *pareto)
{
	for (int i = 0; i < s->n; i++) {
		const rp_config *c = &s->configs[i];
		pareto[i] = c->fits;
		for (int j = 0; pareto[i] && j < s->n; j++) {
			const rp_config *o = &s->configs[j];
			if (j != i && o->fits && !strcmp(o->board, c->board) && rp_dominates(o, c))
				pareto[i] = false;
		}
	}
}

static void rp_config_label(FILE *out, const rp_config *c)
{
	rp_html_str(out, c->board);
	fputc(' ', out);
	rp_html_str(out, c->schedule);
	rp_printf(out, " t%" PRId64 " ", c->threshold);
	rp_html_str(out, c->ram);
}

/* A value axis 0 .. vmax at x = x0, from ybase up "h", labelled. */
static void rp_value_axis(FILE *out, double x0, double ybase, double h, int64_t vmax,
	const char *label)
{
	int64_t step = rp_tick_step(vmax, 6);
	rp_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		x0, ybase, x0, ybase - h);
	for (int64_t v = 0; v <= vmax; v += step) {
		double y = ybase - h * (double) v / (double) vmax;
		rp_printf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%" PRId64 "</text>\n", x0, y,
			RP_WIDTH - RP_RIGHT, y, x0 - 6, y + 4, v);
	}
	rp_printf(out, "<text x=\"4\" y=\"%.1f\">%s</text>\n", ybase - h - 0, label);
}

static void rp_point(FILE *out, const rp_config *c, bool pareto, double x, double y)
{
	rp_printf(out, "<circle class=\"pt%s%s\" data-config=\"", pareto ? " pareto" : "",
		c->fits ? "" : " nofit");
	rp_config_label(out, c);
	fputs("\" data-board=\"", out);
	rp_html_str(out, c->board);
	rp_printf(out, "\" data-cycles=\"%" PRId64 "\" data-luts=\"%" PRId64 "\" data-brams=\"%"
		PRId64 "\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\"><title>", c->cycles, c->luts,
		c->brams, x, y, pareto ? 6 : 4);
	rp_config_label(out, c);
	rp_printf(out, ": %" PRId64 " cycles, %" PRId64 " LUTs, %" PRId64 " ", c->cycles, c->luts,
		c->brams);
	rp_html_str(out, c->bram_cell);
	fputs(c->measured ? " (measured)" : " (predicted)", out);
	if (pareto)
		fputs(", on the Pareto front of its board", out);
	fputs(" - ", out);
	rp_html_str(out, c->status);
	fputs("</title></circle>\n", out);
}

static void rp_scatter(FILE *out, const rp_study *s, const bool *pareto, bool luts)
{
	/* The value axis spans the configurations that fit (all when none
	 * does); one that does not fit and lies above is drawn on the top
	 * edge, its value in its title. */
	int64_t cmax = 1, vmax = 1;
	bool any_fits = false;
	for (int i = 0; i < s->n; i++)
		any_fits |= s->configs[i].fits;
	for (int i = 0; i < s->n; i++) {
		const rp_config *c = &s->configs[i];
		int64_t v = luts ? c->luts : c->brams;
		cmax = c->cycles > cmax ? c->cycles : cmax;
		if (c->fits || !any_fits)
			vmax = v > vmax ? v : vmax;
	}
	cmax += cmax / 20 + 1;
	vmax += vmax / 10 + 1;
	double x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT, ybase = RP_SC_TOP + RP_SC_H;
	rp_printf(out, "<svg class=\"scatter\" data-measure=\"%s\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n", luts ? "luts" : "brams", RP_WIDTH, RP_SC_H + 50,
		RP_WIDTH, RP_SC_H + 50);
	rp_value_axis(out, x0, ybase, RP_SC_H, vmax, luts ? "LUTs" : "block RAMs");
	rp_time_axis(out, x0, ybase, w, cmax);
	for (int pass = 0; pass < 2; pass++)	/* the Pareto points on top */
		for (int i = 0; i < s->n; i++) {
			const rp_config *c = &s->configs[i];
			if (pareto[i] != (pass == 1))
				continue;
			int64_t v = luts ? c->luts : c->brams;
			double x = rp_time_x(x0, w, cmax, c->cycles);
			double y = ybase - RP_SC_H * (double) (v < vmax ? v : vmax) / (double) vmax;
			rp_point(out, c, pareto[i], x, y);
			if (!pareto[i])
				continue;
			rp_printf(out, "<text class=\"pt-label\" x=\"%.1f\" y=\"%.1f\">", x + 9,
				y - 6);
			rp_config_label(out, c);
			fputs("</text>\n", out);
		}
	fputs("</svg>\n", out);
}

static void rp_html_study_table(FILE *out, const rp_study *s, const bool *pareto)
{
	fputs("<table class=\"configs\">\n<tr><th>board</th><th>schedule</th><th>threshold</th>"
	      "<th>ram</th><th>cycles</th><th>LUTs</th><th>block RAMs</th><th>of</th>"
	      "<th>Pareto</th><th>status</th></tr>\n", out);
	for (int i = 0; i < s->n; i++) {
		const rp_config *c = &s->configs[i];
		fputs("<tr><td>", out);
		rp_html_str(out, c->board);
		fputs("</td><td>", out);
		rp_html_str(out, c->schedule);
		rp_printf(out, "</td><td>%" PRId64 "</td><td>", c->threshold);
		rp_html_str(out, c->ram);
		rp_printf(out, "</td><td>%" PRId64 "</td><td>%" PRId64 "%s</td><td>%" PRId64
			"</td><td>", c->cycles, c->luts, c->measured ? "" : " (est.)", c->brams);
		rp_html_str(out, c->bram_cell);
		rp_printf(out, "</td><td>%s</td><td style=\"text-align:left\">",
			pareto[i] ? "yes" : "");
		rp_html_str(out, c->status);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

void rp_study_html(const rp_study *s, FILE *out)
{
	bool *pareto = sl_xcalloc((size_t) s->n + 1, sizeof(bool));
	rp_pareto(s, pareto);
	char title[300];
	snprintf(title, sizeof title, "sluice study: %s", s->name);
	rp_page_begin(out, title);
	rp_printf(out, "<p>%d configuration%s (study.csv, study.json).</p>\n", s->n,
		s->n == 1 ? "" : "s");
	fputs("<h2 id=\"scatter\">Cycles against LUTs and block RAMs</h2>\n<p class=\"note\">"
	      "Predicted cycles; LUTs and block RAMs (the board's block primitive) measured "
	      "by Yosys where synthesized, else predicted. Hollow: does not fit. Red: on the "
	      "Pareto front of its board (no fitting configuration of the same board is at "
	      "most as large in cycles, LUTs and block RAMs and smaller in one).</p>\n", out);
	rp_scatter(out, s, pareto, true);
	rp_scatter(out, s, pareto, false);
	fputs("<h2 id=\"configs\">Configurations</h2>\n", out);
	rp_html_study_table(out, s, pareto);
	rp_page_end(out);
	free(pareto);
}
