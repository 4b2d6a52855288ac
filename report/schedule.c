/* report/schedule.c: the schedule as a Gantt chart, and each buffer's
 * live words over time against its capacity.
 * Stage: beside flow/.  A statement's bar covers the cycles it issues
 * iterations in (its first start, the offset, to the start of its last
 * iteration, sched_last_time), followed by its latency: the last value is
 * written latency cycles after the last start.  With frames, frame f is
 * the same bars f frame periods later (sched_frame_period).  The
 * occupancy is exact, not sampled: ub_live_profile walks every element
 * and read of the buffer (write time from the producer's schedule, last
 * read from every read port's), and each point of the curve is the most
 * values live in any cycle of its stretch of cycles. */
#include <inttypes.h>
#include <stdlib.h>

#include "report/report_private.h"

enum { RP_ROW = 22, RP_BAR = 14, RP_OCC_H = 110 };

static const char *rp_stmt_role(const sched_stmt *s)
{
	return s->is_input ? " (input)" : s->is_output ? " (output)" : "";
}

/* The iteration box of "s" as "62x62". */
static void rp_box(FILE *out, const sched_stmt *s)
{
	for (int d = 0; d < s->n_dims; d++)
		rp_printf(out, "%s%" PRId64, d ? "x" : "", s->ext[d]);
}

static void rp_gantt_bar(FILE *out, const sched_stmt *s, int row, int f, int64_t period,
	int64_t tmax)
{
	double x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT, y = 8 + RP_ROW * row;
	int64_t first = s->offset + f * period, last = sched_last_time(s) + f * period;
	double xa = rp_time_x(x0, w, tmax, first), xb = rp_time_x(x0, w, tmax, last + 1);
	double xc = rp_time_x(x0, w, tmax, last + 1 + s->latency);
	fputs("<g class=\"gantt\" data-stmt=\"", out);
	rp_html_str(out, s->name);
	rp_printf(out, "\" data-frame=\"%d\" data-start=\"%" PRId64 "\" data-last=\"%" PRId64
		"\" data-latency=\"%d\">\n<title>", f, first, last, s->latency);
	rp_html_str(out, s->name);
	rp_printf(out, ", frame %d: ", f);
	rp_box(out, s);
	rp_printf(out, " iterations issued in cycles %" PRId64 " to %" PRId64 ", latency %d: "
		"the last value written in cycle %" PRId64 "</title>\n", first, last, s->latency,
		last + s->latency);
	rp_printf(out, "<rect class=\"gantt-bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%d\"/>\n", xa, y, xb - xa < 1 ? 1 : xb - xa, RP_BAR);
	rp_printf(out, "<rect class=\"gantt-lat\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%d\"/>\n</g>\n", xb, y, xc - xb < 1 ? 1 : xc - xb, RP_BAR);
}

/* The bars' figures (frame 0). */
static void rp_gantt_table(FILE *out, const sched_program *sp)
{
	fputs("<table class=\"schedule\">\n<tr><th>statement</th><th>iterations</th>"
	      "<th>first start</th><th>last start</th><th>latency</th><th>last write</th>"
	      "</tr>\n", out);
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		fputs("<tr><td>", out);
		rp_html_str(out, s->name);
		rp_printf(out, "%s</td><td>", rp_stmt_role(s));
		rp_box(out, s);
		rp_printf(out, "</td><td>%" PRId64 "</td><td>%" PRId64 "</td><td>%d</td><td>%"
			PRId64 "</td></tr>\n", s->offset, sched_last_time(s), s->latency,
			sched_last_time(s) + s->latency);
	}
	fputs("</table>\n", out);
}

void rp_gantt(FILE *out, const rp_design *d, int shown, int64_t period, int64_t tmax)
{
	const sched_program *sp = d->sp;
	int h = 8 + RP_ROW * sp->n_stmts + 40;
	fputs("<h2 id=\"schedule\">Schedule</h2>\n<p class=\"note\">One row per statement "
	      "(schedule.txt): blue the cycles it issues iterations in, from its first "
	      "start to its last, orange its latency after the last start.", out);
	if (shown > 1)
		rp_printf(out, " Frame f runs f x %" PRId64 " cycles after frame 0.", period);
	if (d->frames > shown)
		rp_printf(out, " The first %d of %d frames are drawn.", shown, d->frames);
	fputs("</p>\n", out);
	rp_printf(out, "<svg class=\"gantt-chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d "
		"%d\">\n", RP_WIDTH, h, RP_WIDTH, h);
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		rp_printf(out, "<text class=\"gantt-label\" x=\"4\" y=\"%d\">", 8 + RP_ROW * i + 11);
		rp_html_str(out, s->name);
		rp_printf(out, "%s</text>\n", rp_stmt_role(s));
		for (int f = 0; f < shown; f++)
			rp_gantt_bar(out, s, i, f, period, tmax);
	}
	rp_time_axis(out, RP_LEFT, 8 + RP_ROW * sp->n_stmts + 2,
		RP_WIDTH - RP_LEFT - RP_RIGHT, tmax);
	fputs("</svg>\n", out);
	rp_gantt_table(out, sp);
}

/* Elements plus reads: the steps of one frame's walk. */
static int64_t rp_walk_steps(const ub_buffer *b)
{
	int64_t n = b->n_elems;
	for (int k = 1; k < b->n_ports && n <= RP_MAX_WALK; k++)
		n += sched_n_iters(b->ports[k].stmt);
	return n;
}

/* The curve: a step over the bins, filled down to the axis. */
static void rp_occ_curve(FILE *out, const int64_t *peak, int n_bins, int64_t bin,
	int64_t tmax, double ybase, double yscale)
{
	double x0 = RP_LEFT, w = RP_WIDTH - RP_LEFT - RP_RIGHT;
	rp_printf(out, "<path class=\"occ-live\" d=\"M%.1f %.1f", x0, ybase);
	for (int k = 0; k < n_bins; k++) {
		int64_t b = (k + 1) * bin < tmax ? (k + 1) * bin : tmax;
		double y = ybase - yscale * (double) peak[k];
		rp_printf(out, "L%.1f %.1fL%.1f %.1f", rp_time_x(x0, w, tmax, k * bin), y,
			rp_time_x(x0, w, tmax, b), y);
	}
	rp_printf(out, "L%.1f %.1fZ\"/>\n", rp_time_x(x0, w, tmax, tmax), ybase);
}

static void rp_occ_buffer(FILE *out, const ub_buffer *b, int shown, int64_t period,
	int64_t tmax)
{
	int64_t bin = (tmax + RP_BINS - 1) / RP_BINS;
	bin = bin > 0 ? bin : 1;
	int n_bins = (int) ((tmax + bin - 1) / bin);
	int64_t *peak = sl_xcalloc((size_t) n_bins + 1, sizeof(int64_t));
	if (ub_live_profile(b, shown, period, bin, n_bins, peak) < 0) {
		free(peak);
		return;
	}
	int64_t top = b->capacity_words, most = 0;
	for (int k = 0; k < n_bins; k++)
		most = peak[k] > most ? peak[k] : most;
	top = most > top ? most : top;
	double ybase = 8 + RP_OCC_H, yscale = (double) RP_OCC_H / (double) (top > 0 ? top : 1);
	int h = RP_OCC_H + 50;
	fputs("<svg class=\"occupancy\" data-buffer=\"", out);
	rp_html_str(out, b->name);
	rp_printf(out, "\" data-peak=\"%" PRId64 "\" data-capacity=\"%" PRId64 "\" data-bin=\"%"
		PRId64 "\" data-live=\"", most, b->capacity_words, bin);
	for (int k = 0; k < n_bins; k++)
		rp_printf(out, "%s%" PRId64, k ? " " : "", peak[k]);
	rp_printf(out, "\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<text x=\"4\" y=\"20\">", RP_WIDTH, h, RP_WIDTH, h);
	rp_html_str(out, b->name);
	rp_printf(out, "</text>\n<text x=\"4\" y=\"36\">peak %" PRId64 " live</text>\n"
		"<text x=\"4\" y=\"52\">capacity %" PRId64 "</text>\n", most, b->capacity_words);
	rp_occ_curve(out, peak, n_bins, bin, tmax, ybase, yscale);
	double yc = ybase - yscale * (double) b->capacity_words;
	rp_printf(out, "<line class=\"occ-cap\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n",
		RP_LEFT, yc, RP_WIDTH - RP_RIGHT, yc);
	rp_time_axis(out, RP_LEFT, ybase, RP_WIDTH - RP_LEFT - RP_RIGHT, tmax);
	fputs("</svg>\n", out);
	free(peak);
}

void rp_occupancy(FILE *out, const rp_design *d, int shown, int64_t period, int64_t tmax)
{
	int64_t bin = (tmax + RP_BINS - 1) / RP_BINS;
	fputs("<h2 id=\"occupancy\">Buffer occupancy</h2>\n", out);
	rp_printf(out, "<p class=\"note\">Blue: the values written and still to be read, "
		"counted exactly by walking every element and read of the buffer (its write "
		"cycle from the producer's schedule, its last read from the readers'); each "
		"step is the most live in any cycle of its %" PRId64 " cycle%s. Its peak is "
		"max_live_words. Dashed red: capacity_words, what the storage holds "
		"(buffers.txt).</p>\n", bin > 0 ? bin : 1, bin > 1 ? "s" : "");
	for (int i = 0; i < d->ubs->n_buffers; i++) {
		const ub_buffer *b = d->ubs->buffers[i];
		if (b->n_ports < 2 || b->capacity_words == 0)
			continue;
		int64_t steps = rp_walk_steps(b);
		if (steps > RP_MAX_WALK / shown) {
			fputs("<p class=\"note occupancy-skipped\">", out);
			rp_html_str(out, b->name);
			rp_printf(out, ": not drawn, a walk of %" PRId64 " steps per frame (the page "
				"walks at most %" PRId64 "); max_live_words %" PRId64 ", capacity_words %"
				PRId64 ".</p>\n", steps, RP_MAX_WALK / shown, b->max_live_words,
				b->capacity_words);
			continue;
		}
		rp_occ_buffer(out, b, shown, period, tmax);
	}
}
