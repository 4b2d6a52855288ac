/* report/layout.c: the storage layout of every buffer, as buffers.txt
 * states it.
 * Stage: beside flow/.  A delay chain is a strip of its positions 0 ..
 * capacity_words - 1 (position 0 the newest value), one rectangle per run:
 * registers, or an SRAM FIFO segment of a group (runs of one group share
 * one memory, side by side); its taps are marked.  A circular buffer is
 * one row per copy (a distinct read): the window of addresses it holds
 * within 0 .. capacity_words - 1, in block RAM or a register file. */
#include <inttypes.h>

#include "report/report_private.h"

enum { RP_STRIP = 18 };

static double rp_pos_x(const ub_buffer *b, int64_t pos)
{
	double w = RP_WIDTH - RP_LEFT - RP_RIGHT;
	return RP_LEFT + w * (double) pos / (double) b->capacity_words;
}

static void rp_buffer_head(FILE *out, const ub_buffer *b, const char *kind, int h)
{
	fputs("<svg class=\"layout\" data-buffer=\"", out);
	rp_html_str(out, b->name);
	rp_printf(out, "\" data-storage=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<text x=\"4\" y=\"14\">", kind, RP_WIDTH, h, RP_WIDTH, h);
	rp_html_str(out, b->name);
	rp_printf(out, "</text>\n<text x=\"4\" y=\"30\">%" PRId64 " x %d bits</text>\n",
		b->capacity_words, b->width_bits);
}

static void rp_chain(FILE *out, const ub_buffer *b)
{
	rp_buffer_head(out, b, ub_storage_str(b->storage), 60);
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		double xa = rp_pos_x(b, r->start), xb = rp_pos_x(b, r->start + r->len);
		rp_printf(out, "<rect class=\"%s\" data-start=\"%" PRId64 "\" data-len=\"%" PRId64
			"\" data-group=\"%d\" x=\"%.1f\" y=\"4\" width=\"%.1f\" height=\"%d\">"
			"<title>positions %" PRId64 "-%" PRId64 ": ", r->sram ? "run-sram" : "run-reg",
			r->start, r->len, r->group, xa, xb - xa < 0.5 ? 0.5 : xb - xa, RP_STRIP,
			r->start, r->start + r->len - 1);
		if (r->sram)
			rp_printf(out, "SRAM FIFO, group %d (%d run%s side by side, %" PRId64 "x%d)",
				r->group, r->group_size, r->group_size == 1 ? "" : "s", r->len,
				r->group_size * b->width_bits);
		else
			fputs("registers", out);
		fputs("</title></rect>\n", out);
	}
	for (int k = 1; k < b->n_ports; k++) {
		const ub_port *p = &b->ports[k];
		if (!p->dist_const)
			continue;
		double x = rp_pos_x(b, p->dist) + 0.5 * (rp_pos_x(b, 1) - rp_pos_x(b, 0));
		rp_printf(out, "<line class=\"axis tap\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
			"y2=\"%d\"><title>port %d: tap at position %" PRId64 "</title></line>\n", x,
			4 + RP_STRIP, x, 8 + RP_STRIP, k, p->dist);
	}
	rp_printf(out, "<text x=\"%d\" y=\"%d\">0 (newest)</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">%" PRId64 "</text>\n</svg>\n", RP_LEFT, 20 + RP_STRIP + 14,
		RP_WIDTH - RP_RIGHT, 20 + RP_STRIP + 14, b->capacity_words - 1);
}

static void rp_circular(FILE *out, const ub_buffer *b)
{
	int rows = 0;
	for (int k = 1; k < b->n_ports; k++)
		rows += b->ports[k].same_as < 0;
	rp_buffer_head(out, b, "circular", 40 + (RP_STRIP + 4) * (rows > 2 ? rows : 2));
	for (int k = 1, row = 0; k < b->n_ports; k++) {
		const ub_port *p = &b->ports[k];
		if (p->same_as >= 0)
			continue;
		double y = 4 + (RP_STRIP + 4) * row++;
		double xa = rp_pos_x(b, p->win_lo), xb = rp_pos_x(b, p->win_lo + p->win_len);
		rp_printf(out, "<rect class=\"bank\" data-port=\"%d\" data-lo=\"%" PRId64 "\" "
			"data-len=\"%" PRId64 "\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\">"
			"<title>copy for port %d (read by ", k, p->win_lo, p->win_len, xa, y,
			xb - xa < 0.5 ? 0.5 : xb - xa, RP_STRIP, k);
		rp_html_str(out, p->stmt->name);
		rp_printf(out, "): addresses %" PRId64 "-%" PRId64 " in %s</title></rect>\n",
			p->win_lo, p->win_lo + p->win_len - 1,
			b->mem == UB_MEM_SRAM ? "block RAM" : "a register file");
	}
	rp_printf(out, "<text x=\"4\" y=\"46\">%d cop%s, %s</text>\n</svg>\n", b->n_banks,
		b->n_banks == 1 ? "y" : "ies", ub_mem_str(b->mem));
}

void rp_layouts(FILE *out, const rp_design *d)
{
	fputs("<h2 id=\"layout\">Storage layout</h2>\n<p class=\"note\">As buffers.txt states "
	      "it. Delay chains: positions from the newest value (0), orange registers, blue "
	      "SRAM FIFO segments (runs of one group share a memory), ticks the taps. "
	      "Circular buffers: green, the addresses each copy (one per distinct read) "
	      "holds.</p>\n", out);
	for (int i = 0; i < d->ubs->n_buffers; i++) {
		const ub_buffer *b = d->ubs->buffers[i];
		if (b->storage == UB_NONE || b->capacity_words == 0) {
			fputs("<p class=\"layout-none\">", out);
			rp_html_str(out, b->name);
			fputs(": no storage (streamed out).</p>\n", out);
		} else if (b->storage == UB_CIRCULAR) {
			rp_circular(out, b);
		} else {
			rp_chain(out, b);
		}
	}
}
