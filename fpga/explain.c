/* fpga/explain.c: why a design does not fit its board.
 * Stage: fpga, after the prediction (fpga/storage.c, fpga/logic.c).
 * A design over the board is one located error: at the declaration of
 * the buffer that takes the most storage, or, when the storage fits and
 * the logic does not, of the stage that takes the most logic; then notes
 * with the largest buffers' or stages' numbers, and one note on what
 * would help (a smaller tile, another board that holds it, the
 * sequential schedule, the register threshold, the memory choice). */
#define _GNU_SOURCE	/* memmem */
#include <stdlib.h>
#include <string.h>

#include "fpga/fpga.h"

/* The block RAMs of a report in the board's first block primitive's
 * terms: "32 of 30 SB_RAM40_4K" (units over units per cell). */
static void explain_bram_str(const tg_report *r, int64_t units, char *buf, size_t n)
{
	const board_mem *m = board_block_mem(r->bd);
	int u = m->units > 0 ? m->units : 1;
	snprintf(buf, n, "%lld%s of %lld %s", (long long) ((units + u - 1) / u),
		units % u ? " (rounded up)" : "", (long long) (r->bd->block_units / u), m->cell);
}

void tg_reason(const tg_report *r, char *buf, size_t n)
{
	char ram[128];
	size_t len = 0;
	explain_bram_str(r, r->units, ram, sizeof ram);
	buf[0] = 0;
	if (r->units > r->bd->block_units)
		len += (size_t) snprintf(buf + len, n - len, "needs %s", ram);
	for (int m = 0; m < r->bd->n_mems && len < n; m++)
		if (!strcmp(r->bd->mems[m].kind, "huge") && r->cells[m] > r->bd->mems[m].count)
			len += (size_t) snprintf(buf + len, n - len, "%s%lld of %lld %s",
				len ? " and " : "needs ", (long long) r->cells[m],
				(long long) r->bd->mems[m].count, r->bd->mems[m].cell);
	const char *what = r->has_logic ? "" : " for storage";
	if (tg_ffs(r) > r->bd->ffs && len < n)
		len += (size_t) snprintf(buf + len, n - len, "%s%lld of %lld flip-flops%s",
			len ? " and " : "needs ", (long long) tg_ffs(r), (long long) r->bd->ffs,
			what);
	if (tg_luts(r) > r->bd->luts && len < n)
		len += (size_t) snprintf(buf + len, n - len, "%sabout %lld of %lld LUTs%s",
			len ? " and " : "needs ", (long long) tg_luts(r), (long long) r->bd->luts,
			r->has_logic ? "" : " as LUT RAM");
	if (tg_dsps(r) > r->bd->dsps && len < n)
		snprintf(buf + len, n - len, "%sabout %lld of %lld DSPs", len ? " and " : "needs ",
			(long long) tg_dsps(r), (long long) r->bd->dsps);
}

/* The huge cells (SPRAM) of a buffer's tiles; "bd" is explain_sort_bd. */
static const board *explain_sort_bd;

static int64_t explain_huge(const tg_buf *f)
{
	int64_t n = 0;
	for (int m = 0; explain_sort_bd && m < explain_sort_bd->n_mems; m++)
		if (!strcmp(explain_sort_bd->mems[m].kind, "huge"))
			n += f->cells[m];
	return n;
}

/* Order: most block-RAM units, then most huge cells, then most
 * flip-flops, then most words. */
static int explain_cmp(const void *pa, const void *pb)
{
	const tg_buf *a = pa, *b = pb;
	if (explain_huge(a) != explain_huge(b))
		return explain_huge(a) > explain_huge(b) ? -1 : 1;
	if (a->units != b->units)
		return a->units > b->units ? -1 : 1;
	if (a->ffs + a->lut_ram != b->ffs + b->lut_ram)
		return a->ffs + a->lut_ram > b->ffs + b->lut_ram ? -1 : 1;
	if (a->words != b->words)
		return a->words > b->words ? -1 : 1;
	return strcmp(a->b->name, b->b->name);
}

static void explain_note_buffer(sl_ctx *ctx, const tg_report *r, const tg_buf *f)
{
	const board *bd = r->bd;
	char cells[256] = "";
	size_t len = 0;
	for (int m = 0; m < bd->n_mems; m++)
		if (f->cells[m] && len < sizeof cells)
			len += (size_t) snprintf(cells + len, sizeof cells - len, "%s%lld %s",
				len ? ", " : "", (long long) f->cells[m], bd->mems[m].cell);
	char lr[96] = "";
	int copies = f->b->n_banks;
	if (f->b->storage == UB_CIRCULAR && f->b->mem == UB_MEM_SRAM && copies > 1 &&
	    len < sizeof cells)
		snprintf(cells + len, sizeof cells - len, " (%d copies, one per distinct read)",
			copies);
	if (f->lut_ram)
		snprintf(lr, sizeof lr, ", at least %lld LUTs of LUT RAM", (long long) f->lut_ram);
	if (f->tiles && len < sizeof cells)
		snprintf(cells + len, sizeof cells - len, " (on %d push-memory tile%s)", f->tiles,
			f->tiles > 1 ? "s" : "");
	sl_note(ctx, f->b->producer->decl->loc,
		"buffer '%s' (%s): %lld words of %d bits = %lld bits: %s, %lld flip-flops%s",
		f->b->name, ub_storage_str(f->b->storage), (long long) f->words,
		f->b->width_bits, (long long) (f->words * f->b->width_bits),
		len ? cells : "no block RAM", (long long) f->ffs, lr);
}

/* What would help, as one note. */
static void explain_help(sl_ctx *ctx, sl_loc at, const tg_report *r, bool sequential,
	const tg_report *others, int n_others, const tg_report *seq)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fputs("what would help: a smaller image tile (line buffers grow with the "
	      "row width, full-frame buffers with the image)", o);
	int fits = 0;
	for (int i = 0; i < n_others; i++)
		if (others[i].bd != r->bd && tg_fits(&others[i]))
			fprintf(o, "%s%s", fits++ ? ", " : "; another board: ", others[i].bd->name);
	if (n_others && !fits)
		fputs("; no other board holds this storage", o);
	if (!sequential && seq) {
		char why[256];
		tg_reason(seq, why, sizeof why);
		if (tg_fits(seq))
			fprintf(o, "; --schedule sequential (it fits with %lld block-RAM units "
				"and %lld storage flip-flops)", (long long) seq->units,
				(long long) seq->ffs);
		else if (seq->words < r->words)
			fprintf(o, "; --schedule sequential reduces the storage but still %s", why);
		else
			fprintf(o, "; --schedule sequential does not reduce the storage (%s)", why);
	}
	if (!tg_huge_fits(r))
		fputs("; a smaller --fetch or --depth (a tile of FW x W bits by DEPTH words "
		      "takes its SRAM in huge primitives of their shapes, docs/pub.md "
		      "\"Synthesis\")", o);
	int64_t chain_units = 0, chain_ffs = 0;
	for (int i = 0; i < r->n; i++)
		if (r->bufs[i].b->storage != UB_CIRCULAR) {
			chain_units += r->bufs[i].units;
			chain_ffs += r->bufs[i].ffs;
		}
	if (r->units > r->bd->block_units && r->ffs < r->bd->ffs && chain_units)
		fputs("; a larger --register-threshold moves short SRAM runs to "
		      "flip-flops", o);
	if (r->ffs > r->bd->ffs && r->units < r->bd->block_units && 2 * chain_ffs >= r->ffs)
		fputs("; a smaller --register-threshold moves delay-chain registers "
		      "to block RAM", o);
	else if (r->ffs > r->bd->ffs)
		fputs("; circular buffers (full-frame or reordering storage) are register "
		      "files here: --ram block, a board with LUT RAM or a schedule that "
		      "streams them", o);
	fclose(o);
	sl_note(ctx, (sl_loc) { at.file, 0, 0 }, "%s", buf);
	free(buf);
}

static bool explain_storage_ok(const tg_report *r)
{
	return r->units <= r->bd->block_units && tg_huge_fits(r) && r->ffs <= r->bd->ffs &&
		r->lut_ram <= r->bd->luts;
}

/* Order of stages: most LUTs, then flip-flops, then DSPs. */
static int explain_stage_cmp(const void *pa, const void *pb)
{
	const tg_stage *a = pa, *b = pb;
	if (a->luts != b->luts)
		return a->luts > b->luts ? -1 : 1;
	if (a->ffs != b->ffs)
		return a->ffs > b->ffs ? -1 : 1;
	if (a->dsps != b->dsps)
		return a->dsps > b->dsps ? -1 : 1;
	return strcmp(a->s->name, b->s->name);
}

/* The DSP blocks, when multipliers are part of the reason: how many DSPs
 * the multipliers would take, how many the board has, and what the
 * count left in logic (fpga/dsp.c: the widest take DSPs first). */
static void explain_dsps(sl_ctx *ctx, const tg_report *r, sl_loc loc)
{
	const tg_logic *e = &r->logic;
	if (!e->n_muls)
		return;
	if (!e->n_soft_muls) {
		sl_note(ctx, (sl_loc) { loc.file, 0, 0 }, "DSPs: the %d multipliers use %lld of "
			"the %lld DSPs; none is in logic", e->n_muls, (long long) e->dsps,
			(long long) r->bd->dsps);
		return;
	}
	sl_note(ctx, (sl_loc) { loc.file, 0, 0 }, "DSPs: the %d multipliers would take %lld "
		"DSPs, the %s has %lld: %d use %lld DSPs (the widest first), %d stay in logic, "
		"about %lld of the %lld LUTs", e->n_muls, (long long) e->dsps_wanted, r->bd->name,
		(long long) r->bd->dsps, e->n_muls - e->n_soft_muls, (long long) e->dsps,
		e->n_soft_muls, (long long) e->soft_mul_luts, (long long) tg_luts(r));
}

/* The logic does not fit: the stages that use most, and what would help. */
static void explain_logic_error(sl_ctx *ctx, const tg_report *r, const char *why,
	const tg_report *others, int n_others)
{
	const tg_logic *e = &r->logic;
	tg_stage *st = sl_xmalloc(((size_t) e->n + 1) * sizeof(*st));
	memcpy(st, e->stages, (size_t) e->n * sizeof(*st));
	qsort(st, (size_t) e->n, sizeof(*st), explain_stage_cmp);
	sl_loc loc = e->n ? st[0].s->decl->loc : (sl_loc) { -1, 0, 0 };
	sl_error(ctx, loc, "the design does not fit the %s (%s): it %s (estimated); the "
		"stage that uses most is '%s'", r->bd->name, r->bd->part, why,
		e->n ? st[0].s->name : "?");
	for (int i = 0; i < e->n && i < 3; i++)
		if (st[i].luts || st[i].ffs || st[i].dsps)
			sl_note(ctx, st[i].s->decl->loc, "stage '%s': about %lld LUTs, %lld "
				"flip-flops, %lld DSPs", st[i].s->name, (long long) st[i].luts,
				(long long) st[i].ffs, (long long) st[i].dsps);
	explain_dsps(ctx, r, loc);
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "what would help: narrower types or fewer operations in the stages "
		"above (the logic does not grow with the image)");
	if (r->bd->dsps == 0 || r->bd->logic.dsp_a == 0)
		fputs("; multipliers are LUTs here (about 2 LUTs per product bit)", o);
	int fits = 0;
	for (int i = 0; i < n_others; i++)
		if (strcmp(others[i].bd->name, r->bd->name) && tg_fits(&others[i]))
			fprintf(o, "%s%s", fits++ ? ", " : "; another board: ", others[i].bd->name);
	fputs("; the logic is an estimate (tests/bench/estimate_bench.sh compares "
	      "it with Yosys)", o);
	fclose(o);
	sl_note(ctx, (sl_loc) { loc.file, 0, 0 }, "%s", buf);
	free(buf);
	free(st);
}

bool tg_explain(sl_ctx *ctx, const tg_report *r, bool sequential,
	const tg_report *others, int n_others, const tg_report *seq)
{
	if (tg_fits(r))
		return true;
	char why[256];
	tg_reason(r, why, sizeof why);
	if (explain_storage_ok(r)) {
		explain_logic_error(ctx, r, why, others, n_others);
		return false;
	}
	tg_buf *s = sl_xmalloc(((size_t) r->n + 1) * sizeof(*s));
	memcpy(s, r->bufs, (size_t) r->n * sizeof(*s));
	explain_sort_bd = r->bd;
	qsort(s, (size_t) r->n, sizeof(*s), explain_cmp);
	explain_sort_bd = NULL;
	sl_loc loc = r->n ? s[0].b->producer->decl->loc : (sl_loc) { -1, 0, 0 };
	sl_error(ctx, loc, "the design does not fit the %s (%s): it %s; the largest "
		"buffer is '%s'", r->bd->name, r->bd->part, why, r->n ? s[0].b->name : "?");
	for (int i = 0; i < r->n && i < 3; i++)
		if (s[i].units || s[i].tiles || s[i].ffs || s[i].lut_ram)
			explain_note_buffer(ctx, r, &s[i]);
	explain_help(ctx, loc, r, sequential, others, n_others, seq);
	free(s);
	return false;
}

/* ------------------------------------------------------------ I/O pins */

/* The bits of one port declaration "input  wire [H:L] name ..." (1
 * without a range), -1 for another line; its direction in *is_in,
 * whether it carries data (NAME_data, NAME_tdata) in *data. */
static int64_t port_bits(const char *p, bool *is_in, bool *data)
{
	int hi = 0, lo = 0, n = 0;
	while (*p == ' ')
		p++;
	*is_in = !strncmp(p, "input", 5);
	if (!*is_in && strncmp(p, "output", 6))
		return -1;
	p += strcspn(p, " ");
	p += strspn(p, " ");
	if (!strncmp(p, "wire", 4) || !strncmp(p, "reg", 3)) {
		p += strcspn(p, " ");
		p += strspn(p, " ");
	}
	int64_t bits = 1;
	if (*p == '[' && sscanf(p, "[%d:%d]%n", &hi, &lo, &n) == 2) {
		bits = (int64_t) (hi - lo) + 1;
		p += n;
		p += strspn(p, " ");
	}
	size_t id = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$");
	*data = (id >= 5 && !strncmp(p + id - 5, "_data", 5));
	return bits;
}

int64_t tg_top_pins(const char *verilog, size_t len, const char *top, int64_t *in,
	int64_t *out)
{
	char head[256];
	snprintf(head, sizeof head, "module %s (\n", top);
	const char *p = memmem(verilog, len, head, strlen(head));
	*in = *out = 0;
	if (!p)
		return -1;
	int64_t pins = 0;
	for (p += strlen(head); p < verilog + len && strncmp(p, ");", 2); ) {
		bool is_in, data;
		int64_t b = port_bits(p, &is_in, &data);
		if (b > 0) {
			pins += b;
			if (data)
				*(is_in ? in : out) += b;
		}
		const char *nl = memchr(p, '\n', (size_t) (verilog + len - p));
		if (!nl)
			break;
		p = nl + 1;
		while (*p == ' ')
			p++;
	}
	return pins;
}
