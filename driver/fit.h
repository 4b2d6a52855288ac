/* driver/fit.h: does a mapped design fit a board (driver-private). */
#ifndef SLUICE_DRIVER_FIT_H
#define SLUICE_DRIVER_FIT_H

#include "boards/boards.h"
#include "driver/estimate.h"
#include "ubuffer/ubuffer.h"

/* The board resources the storage of one buffer needs. */
typedef struct fit_buf {
	const ub_buffer *b;
	int64_t words;			/* capacity_words */
	int64_t cells[BOARD_MAX_MEMS];	/* block-RAM cells by primitive */
	int64_t units;			/* block-RAM pool units */
	int64_t ffs;			/* flip-flops of its registers */
	int64_t lut_ram;		/* LUTs of LUT RAM (a lower bound) */
} fit_buf;

/* The storage of a whole design on one board. */
typedef struct fit_report {
	const board *bd;
	int n;
	fit_buf *bufs;			/* one per ub_set buffer; owned */
	int64_t cells[BOARD_MAX_MEMS];
	int64_t units, ffs, lut_ram, words;
	/* The logic (fit_add_logic), else has_logic false and not checked. */
	bool has_logic;
	est_report logic;
} fit_report;

/* Predict the storage of every buffer: the SRAM groups of delay chains
 * (ub_buffer.runs) are sl_sram (block RAM, board_bram_cells); the chain's
 * register positions are
 * flip-flops, width x words; circular buffers in block RAM are one copy
 * per read port; register files (sl_ram, combinational reads) are
 * flip-flops on a board without LUT RAM (iCE40) and LUT RAM elsewhere:
 * at least ceil(bits / lutram_bits) LUTs. */
void fit_predict(const board *bd, const ub_set *ubs, fit_report *r);
/* Add the predicted logic of the design (driver/estimate.c) to a report;
 * fit_ok then also weighs LUTs (logic and LUT RAM), flip-flops (logic
 * and storage) and DSPs. */
void fit_add_logic(fit_report *r, const sched_program *sp, const ub_set *ubs);
void fit_release(fit_report *r);
/* Total predicted LUTs, flip-flops, DSPs: storage plus logic. */
int64_t fit_luts(const fit_report *r);
int64_t fit_ffs(const fit_report *r);
int64_t fit_dsps(const fit_report *r);
/* Does it fit: block units, flip-flops, LUTs (and with the logic, DSPs)
 * within the board? */
bool fit_ok(const fit_report *r);
/* One line: why it does not fit ("needs 32 of 30 SB_RAM40_4K"). */
void fit_reason(const fit_report *r, char *buf, size_t n);
/* Report a design that does not fit: a located error at the largest
 * buffer's declaration, notes naming the largest buffers with their
 * numbers and what would help.  "policy" is the schedule used; "others"
 * (n_others) are boards to suggest when the design fits them (their
 * reports).  Returns true when it fits (nothing reported). */
bool fit_check(sl_ctx *ctx, const fit_report *r, bool sequential,
	const fit_report *others, int n_others, const fit_report *seq);

#endif
