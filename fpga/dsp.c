/* fpga/dsp.c: multipliers on a board's DSP blocks.
 * Stage: fpga; the prediction (fpga/logic.c) and synthesis
 * (fpga/synth.c) both use it, so both split a design's multipliers
 * between DSPs and logic the same way.
 * tg_mul_cost models what Yosys 0.23's `mul2dsp` techmap (run by
 * synth_ice40 -dsp, synth_ecp5, synth_xilinx) makes of one $mul whose
 * widths wreduce has settled, from the board's `dsp_mul` line
 * (boards/README.md "DSP blocks", where the measurements are):
 *   - operands under 2 bits (DSP_[AB]_MINWIDTH=2 in every flow) or a
 *     result under `min` bits stay in logic;
 *   - `signed`: a $mul with both operands unsigned gets a sign bit on
 *     each (DSP_SIGNEDONLY);
 *   - the wider operand goes first (only for the original $mul, not for
 *     the partial products), then an operand wider than the DSP is cut
 *     into chunks of `partial` bits (less the sign bit with `signed`), the
 *     last chunk what remains; each chunk product is mapped again; the
 *     partial products are summed with adders of the result width;
 *   - a partial product whose bits all fall past the result is removed.
 * tg_mul_split keeps the design within the board's DSP count: the
 * multipliers that save most LUTs first (widest product first, then the
 * most DSPs, then the earliest), each mapped when its DSPs still fit,
 * the others left in logic; the lane program's multipliers first (their
 * choice is made once, before the schedule: fpga/logic.c
 * tg_dsp_decide), then the address arithmetic's over the DSPs left.
 * rtlgen marks the lane program's left in logic (* sl_logic *), and
 * fpga/synth.c turns those and the address arithmetic's left over into
 * $__soft_mul, which every flow maps to logic after its DSP pass. */
#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"

/* Every flow's DSP_A_MINWIDTH and DSP_B_MINWIDTH (yosys -h synth_*). */
enum { DSP_MIN_OPERAND = 2 };

typedef struct dsp_acc {
	int64_t dsps;
	double soft;		/* partial-product bits left in logic */
	double adds;		/* bits of the adders that sum partial products */
} dsp_acc;

static int dsp_min(int a, int b)
{
	return a < b ? a : b;
}

double tg_soft_mul_bits(int a, int b, int w)
{
	double n = 0;
	for (int i = 0; i < a && i < w; i++)
		n += b < w - i ? b : w - i;
	return n;
}

static void dsp_map(const board_logic *g, int a, int b, bool sa, bool sb, int y,
	bool top, int off, int ytot, dsp_acc *r);

/* Cut the first operand (a) into chunks; "b" stays whole.  Chunks are
 * "part" bits wide, step = part less the sign headroom apart. */
static void dsp_cut(const board_logic *g, int a, int b, bool sa, bool sb, int y,
	int max, int part, int off, int ytot, bool swap, dsp_acc *r)
{
	int head = g->dsp_signed ? 1 : 0, step = part - head;
	int n = (a - max + step - 1) / step;
	int py = dsp_min(y, b + part), keep = dsp_min(y, ytot - off);
	for (int i = 0; i < n; i++) {
		if (swap)
			dsp_map(g, b, part, sb, head, py, false, off + i * step, ytot, r);
		else
			dsp_map(g, part, b, head, sb, py, false, off + i * step, ytot, r);
		if (i && keep > i * step)
			r->adds += keep - i * step;
	}
	int last = a - n * step;
	if (swap)
		dsp_map(g, b, last, sb, sa, b + last, false, off + n * step, ytot, r);
	else
		dsp_map(g, last, b, sa, sb, b + last, false, off + n * step, ytot, r);
	if (keep > n * step)
		r->adds += keep - n * step;
}

/* One $mul (top) or $__mul partial of a x b with a y-bit result at bit
 * "off" of a ytot-bit product. */
static void dsp_map(const board_logic *g, int a, int b, bool sa, bool sb, int y,
	bool top, int off, int ytot, dsp_acc *r)
{
	if (off >= ytot)
		return;		/* nothing reads it: removed */
	int keep = dsp_min(y, ytot - off);
	if (a < DSP_MIN_OPERAND || b < DSP_MIN_OPERAND || y < g->dsp_min) {
		r->soft += tg_soft_mul_bits(a, b, keep);
		return;
	}
	if (top && g->dsp_signed && !sa && !sb) {
		a++;
		b++;
		sa = sb = true;
	}
	if (top && a < b) {
		int t = a;
		a = b;
		b = t;
		bool u = sa;
		sa = sb;
		sb = u;
	}
	int part = g->dsp_partial ? g->dsp_partial : g->dsp_a;
	if (a > g->dsp_a)
		dsp_cut(g, a, b, sa, sb, y, g->dsp_a, part, off, ytot, false, r);
	else if (b > g->dsp_b)
		dsp_cut(g, b, a, sb, sa, y, g->dsp_b, g->dsp_b, off, ytot, true, r);
	else
		r->dsps++;
}

void tg_mul_cost(const board *bd, tg_mul *m)
{
	const board_logic *g = &bd->logic;
	int y = dsp_min(m->y, m->a + m->b);
	m->soft_luts = 2 * tg_soft_mul_bits(m->a, m->b, y);
	m->dsps = 0;
	m->rest_luts = m->soft_luts;
	if (!g->dsp_a || bd->dsps <= 0)
		return;
	dsp_acc r = { 0, 0, 0 };
	dsp_map(g, m->a, m->b, m->sa, m->sb, y, true, 0, y, &r);
	if (!r.dsps)
		return;
	m->dsps = r.dsps;
	/* with a post-adder (xc7) each partial product's add is the next
	 * DSP's, its P cascading into PCIN (xilinx_dsp, xilinx_dsp_cascade) */
	m->rest_luts = 2 * r.soft + (g->dsp_postadd > 0 ? 0 : g->carry * r.adds);
}

/* Widest product first, then most DSPs, then the earliest. */
static int dsp_cmp(const void *pa, const void *pb)
{
	const tg_mul *a = *(const tg_mul *const *) pa, *b = *(const tg_mul *const *) pb;
	int64_t wa = (int64_t) a->a * a->b, wb = (int64_t) b->a * b->b;
	if (wa != wb)
		return wa > wb ? -1 : 1;
	if (a->dsps != b->dsps)
		return a->dsps > b->dsps ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* The multipliers of ms with (lanes) or without a node, widest first,
 * into DSPs while *left allows ("keep": their in_dsp stays); the DSPs
 * they take. */
static int64_t dsp_split_part(tg_mul *ms, int n, bool lanes, bool keep, int64_t *left)
{
	tg_mul **order = sl_xmalloc(((size_t) n + 1) * sizeof(*order));
	int k = 0;
	for (int i = 0; i < n; i++)
		if ((ms[i].node != NULL || ms[i].mul_id > 0) == lanes)
			order[k++] = &ms[i];
	qsort(order, (size_t) k, sizeof(*order), dsp_cmp);
	int64_t used = 0;
	for (int i = 0; i < k; i++) {
		tg_mul *m = order[i];
		if (!keep)
			m->in_dsp = m->dsps > 0 && m->dsps <= *left;
		if (m->in_dsp) {
			*left -= m->dsps;
			used += m->dsps;
		}
	}
	free(order);
	return used;
}

int64_t tg_mul_split(int64_t budget, tg_mul *ms, int n, bool decided)
{
	int64_t left = budget;
	int64_t used = dsp_split_part(ms, n, true, decided, &left);
	return used + dsp_split_part(ms, n, false, false, &left);
}

/* The value of "\NAME V" on the line at p (a `parameter` line of dump). */
static bool dsp_param(const char *line, const char *name, int *v)
{
	const char *p = strstr(line, name);
	if (!p || p[strlen(name)] != ' ')
		return false;
	*v = atoi(p + strlen(name) + 1);
	return true;
}

/* The value of attribute "\NAME" (an integer, or a string of one) on
 * the `attribute` line at line, else -1. */
int tg_dump_attr(const char *line, const char *name)
{
	const char *p = strstr(line, "attribute \\");
	size_t n = strlen(name);
	if (!p || strncmp(p + 11, name, n) || p[11 + n] != ' ')
		return -1;
	p += 12 + n;
	return atoi(*p == '"' ? p + 1 : p);
}

char *tg_dump_src(const char *line)
{
	const char *p = strstr(line, "attribute \\src \"");
	if (!p)
		return NULL;
	p += strlen("attribute \\src \"");
	return strndup(p, strcspn(p, "|\""));
}

int tg_parse_muls(const char *text, tg_mul **out)
{
	tg_mul *ms = NULL;
	char *src = NULL;
	int n = 0, id = 0, logic = 0;
	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *e = strchr(l, '\n');
		size_t len = e ? (size_t) (e - l) : strlen(l);
		char *line = strndup(l, len), *c = strstr(line, "cell $mul ");
		int v;
		char *sv = tg_dump_src(line);
		if (sv) {
			free(src);
			src = sv;
		}
		if ((v = tg_dump_attr(line, "sl_mul")) >= 0)
			id = v;
		else if ((v = tg_dump_attr(line, "sl_logic")) >= 0)
			logic = v;
		if (c) {
			ms = sl_xrealloc(ms, (size_t) (n + 1) * sizeof(*ms));
			memset(&ms[n], 0, sizeof(ms[n]));
			ms[n].cell = sl_xstrdup(c + strlen("cell $mul "));
			ms[n].stage = -1;
			ms[n].order = n;
			ms[n].mul_id = id;
			ms[n].logic = logic > 0;
			ms[n].src = src;
			src = NULL;
			id = logic = 0;
			n++;
		} else if (n && strstr(line, "parameter ")) {
			tg_mul *m = &ms[n - 1];
			int v;
			if (dsp_param(line, "\\A_WIDTH", &v))
				m->a = v;
			else if (dsp_param(line, "\\B_WIDTH", &v))
				m->b = v;
			else if (dsp_param(line, "\\Y_WIDTH", &v))
				m->y = v;
			else if (dsp_param(line, "\\A_SIGNED", &v))
				m->sa = v;
			else if (dsp_param(line, "\\B_SIGNED", &v))
				m->sb = v;
		}
		free(line);
	}
	free(src);
	*out = ms;
	return n;
}

/* Whether "live" has a line ending in "/cell". */
static bool dsp_listed(const char *live, const char *cell)
{
	size_t n = strlen(cell);
	for (const char *l = live; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *e = strchr(l, '\n');
		size_t len = e ? (size_t) (e - l) : strlen(l);
		if (len && l[len - 1] == '\r')
			len--;
		if (len > n && l[len - n - 1] == '/' && !strncmp(l + len - n, cell, n))
			return true;
	}
	return false;
}

void tg_mul_drop_dead(tg_mul *ms, int n, const char *live)
{
	for (int i = 0; i < n; i++)
		if (ms[i].cell && !dsp_listed(live, ms[i].cell)) {
			ms[i].dsps = 0;
			ms[i].soft_luts = 0;
			ms[i].rest_luts = 0;
		}
}
