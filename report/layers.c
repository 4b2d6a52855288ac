/* report/layers.c: the page's figures per layer.
 * Stage: beside flow/.  A layer is the statements whose names share the
 * part before the first "." (the lowering's lifted reductions "f.sum0",
 * the lanes "f.lane1") and the first "__" (the helper funcs an ONNX import
 * writes for a node, "y__acc", "y__part": docs/onnx.md), so an imported
 * network gets one row per ONNX node or fused group, and a hand-written
 * program one per stored func.  Per layer: its statements, the cycles
 * from its first start to its last write, its buffers' words and bits
 * (buffers.txt), and with a board its block RAM, LUTs, flip-flops and
 * DSPs as the prediction counts them (tg_report: each stage's logic and
 * each buffer's storage); what no stage holds (the run control, the
 * schedule generators' share the estimate keeps apart) is one last row,
 * so the columns add up to the totals of "Resources against the board".
 * Nothing here owns what it is given. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_private.h"

typedef struct rp_layer {
	const char *name;	/* a statement's name; the key is its first len bytes */
	size_t len;
	int n_stmts;
	int64_t first, last_write;
	int64_t words, bits;
	int64_t bram, luts, ffs, dsps;
} rp_layer;

/* The length of the layer key of statement name "s". */
static size_t rp_layer_len(const char *s)
{
	size_t n = strcspn(s, ".");
	const char *u = strstr(s, "__");
	return u && (size_t) (u - s) < n && u > s ? (size_t) (u - s) : n;
}

static rp_layer *rp_layer_of(rp_layer *ls, int *n, const char *name)
{
	size_t len = rp_layer_len(name);
	for (int i = 0; i < *n; i++)
		if (ls[i].len == len && !strncmp(ls[i].name, name, len))
			return &ls[i];
	rp_layer *l = &ls[(*n)++];
	memset(l, 0, sizeof *l);
	l->name = name, l->len = len;
	l->first = INT64_MAX, l->last_write = INT64_MIN;
	return l;
}

/* The layers of d, in the order of their first statement; their count. */
static int rp_layers_fill(const rp_design *d, rp_layer *ls)
{
	const sched_program *sp = d->sp;
	int n = 0;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		rp_layer *l = rp_layer_of(ls, &n, s->name);
		int64_t w = sched_last_time(s) + s->latency;
		l->n_stmts++;
		l->first = s->offset < l->first ? s->offset : l->first;
		l->last_write = w > l->last_write ? w : l->last_write;
	}
	for (int i = 0; i < d->ubs->n_buffers; i++) {
		const ub_buffer *b = d->ubs->buffers[i];
		rp_layer *l = rp_layer_of(ls, &n, b->producer->name);
		l->words += b->capacity_words;
		l->bits += b->capacity_words * b->width_bits;
	}
	const tg_report *p = d->pred;
	for (int i = 0; p && i < p->n; i++) {
		rp_layer *l = rp_layer_of(ls, &n, p->bufs[i].b->producer->name);
		l->bram += rp_block_cells(p->bd, p->bufs[i].cells);
		l->luts += p->bufs[i].lut_ram;
		l->ffs += p->bufs[i].ffs;
	}
	for (int i = 0; p && p->has_logic && i < p->logic.n; i++) {
		rp_layer *l = rp_layer_of(ls, &n, p->logic.stages[i].s->name);
		l->luts += p->logic.stages[i].luts;
		l->ffs += p->logic.stages[i].ffs;
		l->dsps += p->logic.stages[i].dsps;
	}
	return n;
}

/* The layer's key, escaped. */
static void rp_layer_key(FILE *out, const rp_layer *l)
{
	for (size_t k = 0; k < l->len; k++) {
		char c[2] = { l->name[k], 0 };
		rp_html_str(out, c);
	}
}

static void rp_layer_res(FILE *out, const rp_layer *l)
{
	rp_printf(out, "<td class=\"bram\">%" PRId64 "</td><td class=\"luts\">%" PRId64
		"</td><td class=\"ffs\">%" PRId64 "</td><td class=\"dsps\">%" PRId64 "</td>",
		l->bram, l->luts, l->ffs, l->dsps);
}

/* The row of the resources no layer holds: the totals less the layers'. */
static void rp_layer_rest(FILE *out, const tg_report *p, const rp_layer *ls, int n)
{
	rp_layer rest = { .bram = rp_block_cells(p->bd, p->cells), .luts = tg_luts(p),
		.ffs = tg_ffs(p), .dsps = tg_dsps(p) };
	for (int i = 0; i < n; i++) {
		rest.bram -= ls[i].bram;
		rest.luts -= ls[i].luts;
		rest.ffs -= ls[i].ffs;
		rest.dsps -= ls[i].dsps;
	}
	fputs("<tr class=\"layer-rest\"><td>(no layer: run control)</td><td></td><td></td>"
	      "<td></td><td></td><td></td><td></td>", out);
	rp_layer_res(out, &rest);
	fputs("</tr>\n", out);
}

void rp_layers(FILE *out, const rp_design *d)
{
	rp_layer *ls = sl_xcalloc((size_t) d->sp->n_stmts + 1, sizeof *ls);
	int n = rp_layers_fill(d, ls);
	const tg_report *p = d->pred;
	fputs("<h2 id=\"layers\">Layers</h2>\n<p class=\"note\">One row per layer: the "
	      "statements whose names agree before the first \".\" or \"__\" (an ONNX node "
	      "and the helper funcs its import writes). Cycles from the layer's first start "
	      "to its last write; its buffers' words and bits as buffers.txt sizes them", out);
	fputs(p ? "; block RAM, LUTs, flip-flops and DSPs as predicted for the board (the "
	      "last row is what no layer holds).</p>\n" : "; with --board B its resources "
	      "too.</p>\n", out);
	fputs("<table class=\"layers\">\n<tr><th>layer</th><th>statements</th><th>first start"
	      "</th><th>last write</th><th>cycles</th><th>buffer words</th><th>buffer bits</th>",
	      out);
	fputs(p ? "<th>block RAM</th><th>LUTs</th><th>flip-flops</th><th>DSPs</th></tr>\n"
	      : "</tr>\n", out);
	for (int i = 0; i < n; i++) {
		const rp_layer *l = &ls[i];
		fputs("<tr class=\"layer\" data-layer=\"", out);
		rp_layer_key(out, l);
		fputs("\"><td>", out);
		rp_layer_key(out, l);
		rp_printf(out, "</td><td class=\"stmts\">%d</td><td class=\"first\">%" PRId64
			"</td><td class=\"last\">%" PRId64 "</td><td class=\"cycles\">%" PRId64
			"</td><td class=\"words\">%" PRId64 "</td><td class=\"bits\">%" PRId64 "</td>",
			l->n_stmts, l->first, l->last_write, l->last_write - l->first + 1, l->words,
			l->bits);
		if (p)
			rp_layer_res(out, l);
		fputs("</tr>\n", out);
	}
	if (p)
		rp_layer_rest(out, p, ls, n);
	fputs("</table>\n", out);
	free(ls);
}
