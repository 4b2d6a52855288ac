/* fpga/storage.c: the storage of a mapped design on a board, and the
 * totals the fit check weighs.
 * Stage: fpga, after storage mapping and before any RTL or synthesis.
 * A delay chain is costed from its layout (ub_buffer.runs and its pack,
 * the rules in storage/storage.c and ubuffer/ubuffer.c), as rtlgen emits
 * it: each group of SRAM runs of a pack one sl_sram of the pack's runs
 * side by side (counted at the pack's first member), which the board's
 * force_bram puts in block RAM (board_bram_cells); the register positions
 * flip-flops of the word width.
 * A circular buffer in block RAM (UB_MEM_SRAM) is one sl_sram copy per
 * distinct read (n_banks), each of its read's window (ub_port.win_len,
 * at most capacity_words) x width.  A register file
 * (UB_MEM_REGFILE, an sl_ram with combinational reads) is width x
 * capacity flip-flops on a board without LUT RAM
 * (iCE40); elsewhere Yosys makes it LUT RAM (measured on the Artix-7:
 * gaussian's sequential 94,272-bit frame took 342 flip-flops), counted as
 * the lower bound ceil(bits / lutram_bits) LUTs.
 * With --memory pub a buffer on push-memory tiles (pub_set) is only its
 * tiles and their delay lines (fit_pub): each tile one sl_pub_sram of
 * FW x W bits by DEPTH words, in the board's huge primitive when it has
 * one (iCE40 UP5K: SPRAM, board_huge_cells), else in block RAM in
 * single-port use (board_bram_cells); the design's one configuration ROM
 * (every tile's writes) is block RAM, counted with the first buffer on
 * tiles; docs/pub.md "Synthesis".
 * A table read the scheduler puts in block RAM (sched_node_rom_sync:
 * rtlgen's sl_rom_sync of the slice it reaches, sched_rom_depth entries
 * of the const's width) is one memory of its own (fit_roms).
 * Logic is counted by fpga/logic.c; fpga/explain.c says why a
 * design does not fit. */
#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"

/* Mark in "rd" (chain positions 0 .. n-1) the positions something other
 * than the next register reads: each tap t and its bypass t - 1
 * (rtlgen's "wen ? pos(t-1) : pos(t)"), and the register before each
 * SRAM run (its FIFO's input). */
static void fit_chain_reads(const ub_buffer *b, bool *rd, int64_t n)
{
	for (int i = 1; i < b->n_ports; i++) {
		int m;
		int64_t *t = ub_port_taps(b, &b->ports[i], &m);
		for (int k = 0; k < m; k++)
			for (int64_t q = t[k] - 1; q <= t[k]; q++)
				if (q >= 0 && q < n)
					rd[q] = true;
		free(t);
	}
	for (int i = 0; i < b->n_runs; i++)
		if (b->runs[i].sram && b->runs[i].start > 0 && b->runs[i].start <= n)
			rd[b->runs[i].start - 1] = true;
}

/* The chain's registers on a board with shift-register LUTs (`srl MIN
 * DEPTH`, Xilinx): Yosys's shregmap makes a run of MIN or more registers
 * whose outputs only feed the next (no tap between them; the last may be
 * one) a LUT a bit per DEPTH stages.  The registers left; *srl the LUTs
 * (downsample at 8 lanes on the xc7: 128 SRL16E, 16 lanes of 8 bits, a
 * 3-register run each between the taps 0 and 4). */
static int64_t fit_chain_srl(const board *bd, const ub_buffer *b, int64_t *srl)
{
	int64_t n = 0, regs = 0;
	*srl = 0;
	for (int i = 0; i < b->n_runs; i++)
		n = b->runs[i].start + b->runs[i].len > n ? b->runs[i].start + b->runs[i].len : n;
	bool *rd = sl_xcalloc((size_t) n + 1, sizeof(bool));
	fit_chain_reads(b, rd, n);
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		for (int64_t j = r->start; !r->sram && j < r->start + r->len;) {
			int64_t k = j;	/* the segment j..k: j..k-1 unread */
			while (k + 1 < r->start + r->len && !rd[k])
				k++;
			int64_t len = k - j + 1;
			if (len >= bd->logic.srl_min)
				*srl += (len + bd->logic.srl_depth - 1) / bd->logic.srl_depth;
			else
				regs += len;
			j = k + 1;
		}
	}
	free(rd);
	return regs;
}

/* Delay chain: block-RAM cells of its pack's SRAM groups (each one
 * memory of the members' runs side by side, ub_pack_memory), counted at
 * the pack's first member, and flip-flops of its registers (or, on a
 * board with shift-register LUTs, the LUTs of its long runs: counted as
 * LUT RAM, a SLICEM LUT as memory, fit_chain_srl). */
static void fit_chain(const board *bd, const ub_set *ubs, const ub_buffer *b, tg_buf *f)
{
	const ub_pack *p = b->pack >= 0 ? &ubs->packs[b->pack] : NULL;
	for (int grp = 0; p && p->members[0] == b && grp < b->n_groups; grp++) {
		const board_mem *m;
		int64_t depth;
		int width;
		ub_pack_memory(p, grp, &depth, &width);
		int64_t c = board_bram_cells(bd, width, depth, &m);
		f->cells[m - bd->mems] += c;
		f->units += c * m->units;
	}
	if (bd->logic.srl_min > 0) {
		int64_t srl;
		f->ffs = fit_chain_srl(bd, b, &srl) * b->width_bits;
		f->lut_ram = srl * b->width_bits;
	} else {
		f->ffs = ub_chain_registers(b) * b->width_bits;
	}
}

/* Circular buffer in block RAM: one memory per distinct read, as deep as
 * the read's window (ub_port.win_len). */
static void fit_copies(const board *bd, const ub_buffer *b, tg_buf *f)
{
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *p = &b->ports[i];
		if (p->same_as >= 0)
			continue;
		const board_mem *m;
		int64_t c = board_bram_cells(bd, b->width_bits, p->win_len, &m);
		f->cells[m - bd->mems] += c;
		f->units += c * m->units;
	}
}

int64_t tg_tile_cells(const board *bd, bool spram, const pub_params *p, int width_bits,
	const board_mem **mem)
{
	int wide = p->fw * width_bits;
	const board_mem *h = spram ? board_huge_mem(bd) : NULL;
	if (h) {
		*mem = h;
		return board_huge_cells(h, wide, p->depth);
	}
	return board_bram_cells(bd, wide, p->depth, mem);
}

int64_t tg_pub_rom_cells(const board *bd, const pub_set *pub, const board_mem **mem)
{
	const pub_params *p = &pub->params;
	int n = pub_rom(pub, NULL);
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	pub_rom(pub, w);
	uint64_t data = 0, addr = 0, tile = 0;
	for (int i = 0; i < n; i++) {
		data |= w[i].data;
		addr |= (uint64_t) w[i].addr;
		tile |= (uint64_t) w[i].tile;
	}
	free(w);
	int64_t depth = 2;
	while (depth < n)
		depth *= 2;
	/* a lane 0 in every word goes, unless the all-ones default fills it */
	int lanes = 0, widths[3] = { p->cw, pub_addr_bits(p), pub_rom_tile_bits(pub) };
	uint64_t any[3] = { data, addr, tile };
	for (int f = 0; f < 3; f++)
		for (int b = 0; b < widths[f]; b++)
			lanes += depth > n || (b < 64 && (any[f] >> b & 1));
	return board_bram_cells(bd, lanes, depth, mem);
}

/* A buffer on tiles: every tile's SRAM (tg_tile_cells), the design's one
 * configuration ROM (tg_pub_rom_cells) when "with_rom" (the first buffer
 * on tiles carries it), and the delay lines rtlgen/pub.c puts beside
 * them: on each source (the producer's stream, a tile output) as many
 * registers of the word width as the longest lag read from it (on the
 * producer's stream also the first pass of a port read in passes,
 * port_split).  Nothing of the buffer's own mapping is emitted. */
static void fit_pub(const board *bd, const pub_set *pub, const pub_buf *pb,
	bool with_rom, tg_buf *f)
{
	const ub_buffer *b = pb->buf;
	const board_mem *m;
	for (int k = 0; k < pb->n_tiles; k++) {
		int64_t c = tg_tile_cells(bd, pub->spram, &pb->params, b->width_bits, &m);
		f->cells[m - bd->mems] += c;
		f->units += c * m->units;
	}
	if (with_rom && !pub->params.fixed_cfg) {	/* constants: no ROM */
		int64_t c = tg_pub_rom_cells(bd, pub, &m);
		f->cells[m - bd->mems] += c;
		f->units += c * m->units;
	}
	f->tiles = pb->n_tiles;
	int64_t regs = 0;
	for (int src = -1; src < pb->n_tiles * 8; src++) {
		int64_t len = 0;
		for (int i = 1; i < b->n_ports; i++) {
			int s = pb->port_tile[i] < 0 ? -1 : pb->port_tile[i] * 8 + pb->port_out[i];
			if (s == src && pb->port_lag[i] > len)
				len = pb->port_lag[i];
			if (src < 0 && pb->port_split[i] > len)	/* a first pass */
				len = pb->port_split[i];
		}
		regs += len;
	}
	f->ffs = regs * b->width_bits;
}

void tg_predict_storage(const board *bd, const ub_set *ubs, tg_report *r)
{
	tg_predict_storage_pub(bd, ubs, NULL, r);
}

void tg_predict_storage_pub(const board *bd, const ub_set *ubs, const pub_set *pub,
	tg_report *r)
{
	memset(r, 0, sizeof(*r));
	r->bd = bd;
	r->bufs = sl_xcalloc((size_t) ubs->n_buffers + 1, sizeof(*r->bufs));
	bool rom = true;	/* the ROM not counted yet */
	for (int i = 0; i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		tg_buf *f = &r->bufs[r->n++];
		f->b = b;
		if (b->n_ports <= 1 || b->storage == UB_NONE)
			continue;
		f->words = b->capacity_words;
		int64_t bits = b->capacity_words * b->width_bits;
		const pub_buf *pb = pub_buf_of(pub, b);
		if (pb) {
			fit_pub(bd, pub, pb, rom, f);
			rom = false;
		}
		else if (b->storage == UB_CIRCULAR && b->mem == UB_MEM_SRAM)
			fit_copies(bd, b, f);
		else if (b->storage == UB_CIRCULAR && bd->lutram_bits == 0)
			f->ffs = bits;
		else if (b->storage == UB_CIRCULAR)
			f->lut_ram = (bits + bd->lutram_bits - 1) / bd->lutram_bits;
		else
			fit_chain(bd, ubs, b, f);
		for (int m = 0; m < bd->n_mems; m++)
			r->cells[m] += f->cells[m];
		r->units += f->units;
		r->ffs += f->ffs;
		r->lut_ram += f->lut_ram;
		r->words += f->words;
	}
}

/* The block-RAM ROMs under node e of statement s's body. */
static void fit_roms_expr(const board *bd, const sched_stmt *s, const ir_expr *e,
	tg_report *r)
{
	if (sched_node_rom_sync(s, e)) {
		const board_mem *m;
		int64_t c = board_bram_cells(bd, e->u.access.decl->type.bits,
			sched_rom_depth(e), &m);
		r->cells[m - bd->mems] += c;
		r->rom_cells[m - bd->mems] += c;
		r->units += c * m->units;
		r->n_roms++;
	}
	for (int i = 0; i < e->n_args; i++)
		fit_roms_expr(bd, s, e->args[i], r);
	if (e->kind == IR_REDUCE)
		fit_roms_expr(bd, s, e->u.reduce.body, r);
}

/* Every statement's block-RAM ROMs, one memory each. */
static void fit_roms(const board *bd, const sched_program *sp, tg_report *r)
{
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (!s->is_input && s->decl->body)
			fit_roms_expr(bd, s, s->decl->body, r);
	}
}

void tg_predict(const board *bd, const sched_program *sp, const ub_set *ubs,
	tg_report *r)
{
	tg_predict_pub(bd, sp, ubs, NULL, r);
}

void tg_predict_pub(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_report *r)
{
	tg_predict_storage_pub(bd, ubs, pub, r);
	fit_roms(bd, sp, r);
	r->program = sp->lowered->path;
	r->clock_mhz = sched_clock_mhz(sp) > 0 ? sched_clock_mhz(sp) : bd->clock_mhz;
	tg_logic_count(bd, sp, ubs, pub, &r->logic);
	r->has_logic = true;
}

void tg_report_release(tg_report *r)
{
	free(r->bufs);
	r->bufs = NULL;
	r->n = 0;
	free(r->logic.stages);
	free(r->logic.muls);
	memset(&r->logic, 0, sizeof(r->logic));
	r->has_logic = false;
}

int64_t tg_luts(const tg_report *r)
{
	return r->lut_ram + (r->has_logic ? r->logic.luts : 0);
}

int64_t tg_ffs(const tg_report *r)
{
	return r->ffs + (r->has_logic ? r->logic.ffs : 0);
}

int64_t tg_dsps(const tg_report *r)
{
	return r->has_logic ? r->logic.dsps : 0;
}

bool tg_huge_fits(const tg_report *r)
{
	for (int m = 0; m < r->bd->n_mems; m++)
		if (!strcmp(r->bd->mems[m].kind, "huge") && r->cells[m] > r->bd->mems[m].count)
			return false;
	return true;
}

bool tg_fits(const tg_report *r)
{
	return r->units <= r->bd->block_units && tg_huge_fits(r) && tg_ffs(r) <= r->bd->ffs &&
		tg_luts(r) <= r->bd->luts && tg_dsps(r) <= r->bd->dsps;
}

