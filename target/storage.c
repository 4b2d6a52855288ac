/* target/storage.c: does a mapped design fit a board.
 * Stage: target, after storage mapping and before any RTL or synthesis.
 * The storage follows rtlgen/buffers.c exactly: a delay chain is positions
 * 0..(largest tap); a tap at d makes d-1 and d registers; runs of other
 * positions at least max(threshold, 2) long are SRAM, the runs of equal
 * length side by side in one sl_sram, which the board's force_bram puts in
 * block RAM (board_bram_cells); the rest are registers of the word width.
 * A circular buffer in block RAM (UB_MEM_SRAM) is one sl_sram copy per
 * distinct read (n_banks), each of capacity x width.  A register file
 * (UB_MEM_REGFILE, an sl_ram with combinational reads) is width x
 * capacity flip-flops on a board without LUT RAM
 * (iCE40); elsewhere Yosys makes it LUT RAM (measured on the Artix-7:
 * gaussian's sequential 94,272-bit frame took 342 flip-flops), counted as
 * the lower bound ceil(bits / lutram_bits) LUTs.
 * Logic is predicted by driver/estimate.c. */
#include <stdlib.h>
#include <string.h>

#include "target/target.h"
#include "rtlgen/rtlgen.h"

/* Delay chain: block-RAM cells of its SRAM runs (each group of runs of
 * equal length one memory of their widths side by side) and flip-flops of
 * the rest, as rtl_chain_layout and rtl_chain_runs lay it out. */
static void fit_chain(const board *bd, const ub_buffer *b, int64_t threshold,
	fit_buf *f)
{
	int64_t n, regs = 0;
	int nr, ng;
	char *kind = rtl_chain_layout(b, threshold, &n);
	for (int64_t p = 0; p < n; p++)
		regs += kind[p] == 1;
	rtl_run *r = rtl_chain_runs(kind, n, &nr, &ng);
	for (int i = 0, grp = 0; i < nr; i++) {
		if (r[i].group != grp)
			continue;	/* not the first run of its group */
		grp++;
		const board_mem *m;
		int64_t c = board_bram_cells(bd, r[i].group_size * b->width_bits, r[i].len, &m);
		f->cells[m - bd->mems] += c;
		f->units += c * m->units;
	}
	f->ffs = regs * b->width_bits;
	free(r);
	free(kind);
}

void fit_predict(const board *bd, const ub_set *ubs, int64_t threshold,
	fit_report *r)
{
	memset(r, 0, sizeof(*r));
	r->bd = bd;
	r->bufs = sl_xcalloc((size_t) ubs->n_buffers + 1, sizeof(*r->bufs));
	for (int i = 0; i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		fit_buf *f = &r->bufs[r->n++];
		f->b = b;
		if (b->n_ports <= 1 || b->storage == UB_NONE)
			continue;
		f->words = b->capacity_words;
		int64_t bits = b->capacity_words * b->width_bits;
		if (b->storage == UB_CIRCULAR && b->mem == UB_MEM_SRAM) {
			const board_mem *m;
			int64_t c = b->n_banks * board_bram_cells(bd, b->width_bits,
				b->capacity_words, &m);
			f->cells[m - bd->mems] += c;
			f->units += c * m->units;
		} else if (b->storage == UB_CIRCULAR && bd->lutram_bits == 0)
			f->ffs = bits;
		else if (b->storage == UB_CIRCULAR)
			f->lut_ram = (bits + bd->lutram_bits - 1) / bd->lutram_bits;
		else
			fit_chain(bd, b, threshold, f);
		for (int m = 0; m < bd->n_mems; m++)
			r->cells[m] += f->cells[m];
		r->units += f->units;
		r->ffs += f->ffs;
		r->lut_ram += f->lut_ram;
		r->words += f->words;
	}
}

void fit_add_logic(fit_report *r, const sched_program *sp, const ub_set *ubs,
	int64_t threshold)
{
	est_design(r->bd, sp, ubs, threshold, &r->logic);
	r->has_logic = true;
}

void fit_release(fit_report *r)
{
	free(r->bufs);
	r->bufs = NULL;
	r->n = 0;
	if (r->has_logic)
		est_release(&r->logic);
	r->has_logic = false;
}

int64_t fit_luts(const fit_report *r)
{
	return r->lut_ram + (r->has_logic ? r->logic.luts : 0);
}

int64_t fit_ffs(const fit_report *r)
{
	return r->ffs + (r->has_logic ? r->logic.ffs : 0);
}

int64_t fit_dsps(const fit_report *r)
{
	return r->has_logic ? r->logic.dsps : 0;
}

bool fit_ok(const fit_report *r)
{
	return r->units <= r->bd->block_units && fit_ffs(r) <= r->bd->ffs &&
		fit_luts(r) <= r->bd->luts && fit_dsps(r) <= r->bd->dsps;
}

/* The block RAMs of a report in the board's first block primitive's
 * terms: "32 of 30 SB_RAM40_4K" (units over units per cell). */
static void fit_bram_str(const fit_report *r, int64_t units, char *buf, size_t n)
{
	const board_mem *m = board_block_mem(r->bd);
	int u = m->units > 0 ? m->units : 1;
	snprintf(buf, n, "%lld%s of %lld %s", (long long) ((units + u - 1) / u),
		units % u ? " (rounded up)" : "", (long long) (r->bd->block_units / u), m->cell);
}

void fit_reason(const fit_report *r, char *buf, size_t n)
{
	char ram[128];
	size_t len = 0;
	fit_bram_str(r, r->units, ram, sizeof ram);
	buf[0] = 0;
	if (r->units > r->bd->block_units)
		len += (size_t) snprintf(buf + len, n - len, "needs %s", ram);
	const char *what = r->has_logic ? "" : " for storage";
	if (fit_ffs(r) > r->bd->ffs && len < n)
		len += (size_t) snprintf(buf + len, n - len, "%s%lld of %lld flip-flops%s",
			len ? " and " : "needs ", (long long) fit_ffs(r), (long long) r->bd->ffs,
			what);
	if (fit_luts(r) > r->bd->luts && len < n)
		len += (size_t) snprintf(buf + len, n - len, "%sabout %lld of %lld LUTs%s",
			len ? " and " : "needs ", (long long) fit_luts(r), (long long) r->bd->luts,
			r->has_logic ? "" : " as LUT RAM");
	if (fit_dsps(r) > r->bd->dsps && len < n)
		snprintf(buf + len, n - len, "%sabout %lld of %lld DSPs", len ? " and " : "needs ",
			(long long) fit_dsps(r), (long long) r->bd->dsps);
}

/* Order: most block-RAM units, then most flip-flops, then most words. */
static int fit_cmp(const void *pa, const void *pb)
{
	const fit_buf *a = pa, *b = pb;
	if (a->units != b->units)
		return a->units > b->units ? -1 : 1;
	if (a->ffs + a->lut_ram != b->ffs + b->lut_ram)
		return a->ffs + a->lut_ram > b->ffs + b->lut_ram ? -1 : 1;
	if (a->words != b->words)
		return a->words > b->words ? -1 : 1;
	return strcmp(a->b->name, b->b->name);
}

static void fit_note_buffer(sl_ctx *ctx, const fit_report *r, const fit_buf *f)
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
	sl_note(ctx, f->b->producer->decl->loc,
		"buffer '%s' (%s): %lld words of %d bits = %lld bits: %s, %lld flip-flops%s",
		f->b->name, ub_storage_str(f->b->storage), (long long) f->words,
		f->b->width_bits, (long long) (f->words * f->b->width_bits),
		len ? cells : "no block RAM", (long long) f->ffs, lr);
}

/* What would help, as one note. */
static void fit_help(sl_ctx *ctx, sl_loc at, const fit_report *r, bool sequential,
	const fit_report *others, int n_others, const fit_report *seq)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fputs("what would help: a smaller image tile (line buffers grow with the "
	      "row width, full-frame buffers with the image)", o);
	int fits = 0;
	for (int i = 0; i < n_others; i++)
		if (others[i].bd != r->bd && fit_ok(&others[i]))
			fprintf(o, "%s%s", fits++ ? ", " : "; another board: ", others[i].bd->name);
	if (n_others && !fits)
		fputs("; no other board holds this storage", o);
	if (!sequential && seq) {
		char why[256];
		fit_reason(seq, why, sizeof why);
		if (fit_ok(seq))
			fprintf(o, "; --schedule sequential (it fits with %lld block-RAM units "
				"and %lld storage flip-flops)", (long long) seq->units,
				(long long) seq->ffs);
		else if (seq->words < r->words)
			fprintf(o, "; --schedule sequential reduces the storage but still %s", why);
		else
			fprintf(o, "; --schedule sequential does not reduce the storage (%s)", why);
	}
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

static bool fit_storage_ok(const fit_report *r)
{
	return r->units <= r->bd->block_units && r->ffs <= r->bd->ffs &&
		r->lut_ram <= r->bd->luts;
}

/* Order of stages: most LUTs, then flip-flops, then DSPs. */
static int fit_stage_cmp(const void *pa, const void *pb)
{
	const est_stage *a = pa, *b = pb;
	if (a->luts != b->luts)
		return a->luts > b->luts ? -1 : 1;
	if (a->ffs != b->ffs)
		return a->ffs > b->ffs ? -1 : 1;
	if (a->dsps != b->dsps)
		return a->dsps > b->dsps ? -1 : 1;
	return strcmp(a->s->name, b->s->name);
}

/* The logic does not fit: the stages that use most, and what would help. */
static void fit_logic_error(sl_ctx *ctx, const fit_report *r, const char *why,
	const fit_report *others, int n_others)
{
	const est_report *e = &r->logic;
	est_stage *st = sl_xmalloc(((size_t) e->n + 1) * sizeof(*st));
	memcpy(st, e->stages, (size_t) e->n * sizeof(*st));
	qsort(st, (size_t) e->n, sizeof(*st), fit_stage_cmp);
	sl_loc loc = e->n ? st[0].s->decl->loc : (sl_loc) { -1, 0, 0 };
	sl_error(ctx, loc, "the design does not fit the %s (%s): it %s (estimated); the "
		"stage that uses most is '%s'", r->bd->name, r->bd->part, why,
		e->n ? st[0].s->name : "?");
	for (int i = 0; i < e->n && i < 3; i++)
		if (st[i].luts || st[i].ffs || st[i].dsps)
			sl_note(ctx, st[i].s->decl->loc, "stage '%s': about %lld LUTs, %lld "
				"flip-flops, %lld DSPs", st[i].s->name, (long long) st[i].luts,
				(long long) st[i].ffs, (long long) st[i].dsps);
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "what would help: narrower types or fewer operations in the stages "
		"above (the logic does not grow with the image)");
	if (r->bd->dsps == 0 || !strcmp(r->bd->family, "ice40"))
		fputs("; multipliers are LUTs here (about 2 LUTs per product bit)", o);
	int fits = 0;
	for (int i = 0; i < n_others; i++)
		if (strcmp(others[i].bd->name, r->bd->name) && fit_ok(&others[i]))
			fprintf(o, "%s%s", fits++ ? ", " : "; another board: ", others[i].bd->name);
	fputs("; the logic is an estimate (tests/bench/estimate_bench.sh compares "
	      "it with Yosys)", o);
	fclose(o);
	sl_note(ctx, (sl_loc) { loc.file, 0, 0 }, "%s", buf);
	free(buf);
	free(st);
}

bool fit_check(sl_ctx *ctx, const fit_report *r, bool sequential,
	const fit_report *others, int n_others, const fit_report *seq)
{
	if (fit_ok(r))
		return true;
	char why[256];
	fit_reason(r, why, sizeof why);
	if (fit_storage_ok(r)) {
		fit_logic_error(ctx, r, why, others, n_others);
		return false;
	}
	fit_buf *s = sl_xmalloc(((size_t) r->n + 1) * sizeof(*s));
	memcpy(s, r->bufs, (size_t) r->n * sizeof(*s));
	qsort(s, (size_t) r->n, sizeof(*s), fit_cmp);
	sl_loc loc = r->n ? s[0].b->producer->decl->loc : (sl_loc) { -1, 0, 0 };
	sl_error(ctx, loc, "the design does not fit the %s (%s): it %s; the largest "
		"buffer is '%s'", r->bd->name, r->bd->part, why, r->n ? s[0].b->name : "?");
	for (int i = 0; i < r->n && i < 3; i++)
		if (s[i].units || s[i].ffs || s[i].lut_ram)
			fit_note_buffer(ctx, r, &s[i]);
	fit_help(ctx, loc, r, sequential, others, n_others, seq);
	free(s);
	return false;
}
