/* report/page.c: the page of a design, its frame and its drawing helpers.
 * Stage: beside flow/.  The head (title, inline CSS), the summary, the
 * sections in order (schedule, occupancy, layout, resources) and the
 * escaping every outside string goes through.  No script: the page is
 * read, not run, so a browser has nothing to fail on but the markup. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "report/report_private.h"

static const char rp_css[] =
	"body{font:14px/1.4 sans-serif;margin:24px;color:#222;background:#fff;max-width:1000px}"
	"h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ccc}"
	"table{border-collapse:collapse;font-size:13px}"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
	"td:first-child,th:first-child{text-align:left}"
	"p.note{color:#555;font-size:13px}"
	"svg{display:block;margin:8px 0}"
	"svg text{font:11px sans-serif;fill:#222}"
	".axis{stroke:#444;stroke-width:1}"
	".tick{stroke:#bbb;stroke-width:1}"
	".gantt-bar{fill:#4a7bd0}.gantt-lat{fill:#f0a030}"
	".occ-live{fill:#9cc3e6;stroke:#2e6bb0;stroke-width:1}"
	".occ-cap{stroke:#c03030;stroke-width:1.5;stroke-dasharray:5 3}"
	".run-reg{fill:#f0a030}.run-sram{fill:#4a7bd0}.bank{fill:#6aa86a}"
	".res-pred{fill:#9cc3e6}.res-meas{fill:#2e6bb0}.res-over{fill:#d04040}"
	".res-avail{fill:none;stroke:#444}"
	".pt{fill:#9cc3e6;stroke:#2e6bb0}.pt.pareto{fill:#d04040;stroke:#801010}"
	".pt.nofit{fill:none;stroke:#999}"
	".pt.ex.est{fill:#fff}.pt.ex.front{stroke:#c03030}.pt.ex.syn.front{fill:#d04040}"
	".pt.ex.truth{stroke:#000;stroke-width:2.5}"
	"td.key{overflow-wrap:anywhere;text-align:left}";

void rp_html_str(FILE *out, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
}

void rp_printf(FILE *out, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

void rp_page_begin(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; img-src data:\">\n<title>", out);
	rp_html_str(out, title);
	fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", rp_css);
	rp_html_str(out, title);
	fputs("</h1>\n", out);
}

void rp_page_end(FILE *out)
{
	fputs("<p class=\"note\">Written by sluice (docs/report.md).</p>\n</body>\n</html>\n",
		out);
}

int64_t rp_tick_step(int64_t max, int n)
{
	int64_t step = 1;
	for (;;) {
		for (int k = 0; k < 3; k++) {
			int64_t s = step * (k == 0 ? 1 : k == 1 ? 2 : 5);
			if (max / s < n)
				return s;
		}
		if (step > INT64_MAX / 10)
			return step;
		step *= 10;
	}
}

double rp_time_x(double x0, double w, int64_t tmax, int64_t t)
{
	return x0 + w * (double) t / (double) (tmax > 0 ? tmax : 1);
}

void rp_time_axis(FILE *out, double x0, double y, double w, int64_t tmax)
{
	int64_t step = rp_tick_step(tmax, 8);
	rp_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		x0, y, x0 + w, y);
	for (int64_t t = 0; t <= tmax; t += step) {
		double x = rp_time_x(x0, w, tmax, t);
		rp_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%" PRId64
			"</text>\n", x, y, x, y + 4, x, y + 16, t);
	}
	rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">cycles</text>\n",
		x0 + w, y + 30);
}

/* ------------------------------------------------------------ summary */

static void rp_summary(FILE *out, const rp_design *d, int shown, int64_t period)
{
	const sched_program *sp = d->sp;
	fputs("<table class=\"summary\">\n<tr><td>program</td><td>", out);
	rp_html_str(out, d->name);
	fputs("</td></tr>\n", out);
	rp_printf(out, "<tr><td>schedule</td><td>%s</td></tr>\n",
		sched_policy_str(sp->opts.policy));
	rp_printf(out, "<tr><td>predicted cycles</td><td id=\"predicted-cycles\">%" PRId64
		"</td></tr>\n", sp->predicted_cycles);
	rp_printf(out, "<tr><td>ideal cycles</td><td>%" PRId64 "</td></tr>\n",
		sp->ideal_cycles);
	if (d->frames > 1)
		rp_printf(out, "<tr><td>frames</td><td id=\"frames\">%d (drawn: %d), one every "
			"%" PRId64 " cycles</td></tr>\n", d->frames, shown, period);
	if (d->pred) {
		fputs("<tr><td>board</td><td>", out);
		rp_html_str(out, d->pred->bd->name);
		fputs(" (", out);
		rp_html_str(out, d->pred->bd->part);
		fputs(")</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* ---------------------------------------------------------- resources */

typedef struct rp_res {
	const char *what;		/* fixed word or a board's cell name */
	int64_t pred, meas, avail;
	bool has_meas;
} rp_res;

static void rp_res_row(FILE *out, const rp_res *r, int i, int64_t scale)
{
	double x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT - 160, y = 10 + 34.0 * i;
	double wp = w * (double) r->pred / (double) scale;
	fputs("<g class=\"res\" data-what=\"", out);
	rp_html_str(out, r->what);
	rp_printf(out, "\" data-predicted=\"%" PRId64 "\" data-available=\"%" PRId64 "\"",
		r->pred, r->avail);
	if (r->has_meas)
		rp_printf(out, " data-measured=\"%" PRId64 "\"", r->meas);
	fputs(">\n<text x=\"4\" y=\"", out);
	rp_printf(out, "%.1f\">", y + 12);
	rp_html_str(out, r->what);
	rp_printf(out, "</text>\n<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"12\"/>\n", r->pred > r->avail ? "res-over" : "res-pred", x0, y,
		wp > w ? w : wp);
	if (r->has_meas) {
		double wm = w * (double) r->meas / (double) scale;
		rp_printf(out, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"12\"/>\n", r->meas > r->avail ? "res-over" : "res-meas", x0,
			y + 13, wm > w ? w : wm);
	}
	double wa = w * (double) r->avail / (double) scale;
	rp_printf(out, "<rect class=\"res-avail\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"26\"/>\n", x0, y - 0.5, wa);
	rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\">predicted %" PRId64 " of %" PRId64
		" (%.1f%%)</text>\n", x0 + w + 8, y + 10, r->pred, r->avail,
		r->avail ? 100.0 * (double) r->pred / (double) r->avail : 0.0);
	if (r->has_meas)
		rp_printf(out, "<text x=\"%.1f\" y=\"%.1f\">measured %" PRId64 "</text>\n",
			x0 + w + 8, y + 23, r->meas);
	fputs("</g>\n", out);
}

static void rp_resources(FILE *out, const rp_design *d)
{
	fputs("<h2 id=\"resources\">Resources against the board</h2>\n", out);
	if (!d->pred) {
		fputs("<p class=\"note\">No board given (--board B): nothing to weigh.</p>\n",
			out);
		return;
	}
	const tg_report *p = d->pred;
	const board *bd = p->bd;
	const tg_measured *m = d->meas;
	rp_res rows[4 + BOARD_MAX_MEMS];
	int n = 0;
	rows[n++] = (rp_res) { "LUTs", tg_luts(p), m ? m->luts : 0, bd->luts, m != NULL };
	rows[n++] = (rp_res) { "flip-flops", tg_ffs(p), m ? m->ffs : 0, bd->ffs, m != NULL };
	for (int k = 0; k < bd->n_mems; k++)
		rows[n++] = (rp_res) { bd->mems[k].cell, p->cells[k], m ? m->cells[k] : 0,
			bd->mems[k].count, m != NULL };
	rows[n++] = (rp_res) { "DSPs", tg_dsps(p), m ? m->dsps : 0, bd->dsps, m != NULL };
	fprintf(out, "<p class=\"note\">Each bar is a share of the part: light the prediction "
		"(block RAMs exactly, logic by the structural estimate of fpga/logic.c)%s; "
		"the frame is what the part has, red what does not fit.</p>\n",
		m ? ", dark what Yosys measured" : "; run sluice synth for the measurement");
	rp_printf(out, "<svg class=\"resources\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n", RP_WIDTH, 20 + 34 * n, RP_WIDTH, 20 + 34 * n);
	for (int i = 0; i < n; i++) {
		int64_t scale = rows[i].avail;
		if (rows[i].pred > scale)
			scale = rows[i].pred;
		if (rows[i].has_meas && rows[i].meas > scale)
			scale = rows[i].meas;
		rp_res_row(out, &rows[i], i, scale > 0 ? scale : 1);
	}
	fputs("</svg>\n", out);
	double target = p->clock_mhz > 0 ? p->clock_mhz : bd->clock_mhz;
	if (m && m->fmax > 0)
		rp_printf(out, "<p>Fmax %.2f MHz (nextpnr; target %g MHz).</p>\n", m->fmax, target);
	if (m && m->fmax_estimate > 0) {
		rp_printf(out, "<p>Fmax %.2f MHz estimated by the board's delay model (target %g "
			"MHz), longest path ", m->fmax_estimate, target);
		rp_html_str(out, m->fmax_path);
		fputs(".</p>\n", out);
	}
}

/* -------------------------------------------------------------- page */

void rp_design_html(const rp_design *d, FILE *out)
{
	int frames = d->frames > 0 ? d->frames : 1;
	int shown = frames < RP_MAX_FRAMES ? frames : RP_MAX_FRAMES;
	int64_t period = frames > 1 ? sched_frame_period(d->sp) : 0;
	int64_t tmax = d->sp->predicted_cycles + (int64_t) (shown - 1) * period;
	char title[300];
	snprintf(title, sizeof title, "sluice: %s", d->name);
	rp_page_begin(out, title);
	rp_summary(out, d, shown, period);
	rp_gantt(out, d, shown, period, tmax);
	rp_occupancy(out, d, shown, period, tmax);
	rp_layouts(out, d);
	rp_layers(out, d);
	rp_resources(out, d);
	rp_page_end(out);
}
