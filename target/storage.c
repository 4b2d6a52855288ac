/* target/storage.c: the storage of a mapped design on a board, and the
 * totals the fit check weighs.
 * Stage: target, after storage mapping and before any RTL or synthesis.
 * A delay chain is costed from its layout (ub_buffer.runs and its pack,
 * the rule in ubuffer/ubuffer.c), as rtlgen emits it: each group of SRAM
 * runs of a pack one sl_sram of the pack's runs side by side (counted at
 * the pack's first member), which the board's force_bram puts in
 * block RAM (board_bram_cells); the register positions flip-flops of the
 * word width.
 * A circular buffer in block RAM (UB_MEM_SRAM) is one sl_sram copy per
 * distinct read (n_banks), each of its read's window (ub_port.win_len,
 * at most capacity_words) x width.  A register file
 * (UB_MEM_REGFILE, an sl_ram with combinational reads) is width x
 * capacity flip-flops on a board without LUT RAM
 * (iCE40); elsewhere Yosys makes it LUT RAM (measured on the Artix-7:
 * gaussian's sequential 94,272-bit frame took 342 flip-flops), counted as
 * the lower bound ceil(bits / lutram_bits) LUTs.
 * Logic is counted by target/logic.c; target/explain.c says why a
 * design does not fit. */
#include <stdlib.h>
#include <string.h>

#include "target/target_private.h"

/* Delay chain: block-RAM cells of its pack's SRAM groups (each one
 * memory of the members' runs side by side, ub_pack_memory), counted at
 * the pack's first member, and flip-flops of its registers. */
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
	f->ffs = ub_chain_registers(b) * b->width_bits;
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

void tg_predict_storage(const board *bd, const ub_set *ubs, tg_report *r)
{
	memset(r, 0, sizeof(*r));
	r->bd = bd;
	r->bufs = sl_xcalloc((size_t) ubs->n_buffers + 1, sizeof(*r->bufs));
	for (int i = 0; i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		tg_buf *f = &r->bufs[r->n++];
		f->b = b;
		if (b->n_ports <= 1 || b->storage == UB_NONE)
			continue;
		f->words = b->capacity_words;
		int64_t bits = b->capacity_words * b->width_bits;
		if (b->storage == UB_CIRCULAR && b->mem == UB_MEM_SRAM)
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

void tg_predict(const board *bd, const sched_program *sp, const ub_set *ubs,
	tg_report *r)
{
	tg_predict_storage(bd, ubs, r);
	r->program = sp->lowered->path;
	r->clock_mhz = sched_clock_mhz(sp) > 0 ? sched_clock_mhz(sp) : bd->clock_mhz;
	tg_logic_count(bd, sp, ubs, &r->logic);
	r->has_logic = true;
}

void tg_report_release(tg_report *r)
{
	free(r->bufs);
	r->bufs = NULL;
	r->n = 0;
	free(r->logic.stages);
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

bool tg_fits(const tg_report *r)
{
	return r->units <= r->bd->block_units && tg_ffs(r) <= r->bd->ffs &&
		tg_luts(r) <= r->bd->luts && tg_dsps(r) <= r->bd->dsps;
}

