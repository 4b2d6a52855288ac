/* target/target.h: the design on a board: resources predicted before
 * synthesis (storage and logic), the fit check, and synthesis.
 * Stage: after rtlgen, beside sim; the driver calls it. */
#ifndef SLUICE_TARGET_H
#define SLUICE_TARGET_H

#include "boards/boards.h"
#include "rtlgen/rtlgen.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The logic of one statement: its sl_sched, datapath, pipe, and the
 * storage logic (counters, address generators, read muxes) of the buffer
 * it writes and of the read ports it owns. */
typedef struct est_stage {
	const sched_stmt *s;
	int64_t luts, ffs, dsps;
} est_stage;

/* Stages in statement order; the totals add the run control (cycle
 * counter, running, done). */
typedef struct est_report {
	const board *bd;
	int n;
	est_stage *stages;		/* owned */
	int64_t luts, ffs, dsps;
} est_report;

/* Predict the logic of the design rtl_emit writes for "sp" and "ubs" with
 * delay-chain runs shorter than "register_threshold" in registers, on
 * board "bd". */
void est_design(const board *bd, const sched_program *sp, const ub_set *ubs,
	int64_t register_threshold, est_report *r);
void est_release(est_report *r);
/* One line per stage and a total line: "stage LUTs FFs DSPs". */
void est_print(const est_report *r, FILE *out);


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

/* Predict the storage of every buffer: the SRAM runs of delay chains are
 * sl_sram (block RAM, board_bram_cells); the other chain positions are
 * flip-flops, width x words; circular buffers in block RAM are one copy
 * per read port; register files (sl_ram, combinational reads) are
 * flip-flops on a board without LUT RAM (iCE40) and LUT RAM elsewhere:
 * at least ceil(bits / lutram_bits) LUTs. */
void fit_predict(const board *bd, const ub_set *ubs, int64_t threshold,
	fit_report *r);
/* Add the predicted logic of the design (driver/estimate.c) to a report;
 * fit_ok then also weighs LUTs (logic and LUT RAM), flip-flops (logic
 * and storage) and DSPs. */
void fit_add_logic(fit_report *r, const sched_program *sp, const ub_set *ubs,
	int64_t threshold);
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


/* What synth measured (and predicted), for studies. */
typedef struct synth_summary {
	int64_t luts, ffs, dsps;
	int64_t pred_luts, pred_ffs, pred_dsps;	/* estimated before synthesis */
	int64_t pred[BOARD_MAX_MEMS], meas[BOARD_MAX_MEMS];	/* block RAM cells */
	double fmax;		/* MHz; 0 unless --pnr */
	bool ok;		/* synthesized, and prediction == measurement */
} synth_summary;

/* List the boards; 0 or 1. */
int synth_boards(void);
/* Write DIR/sluice_NAME.v, synthesize it with the board's Yosys flow
 * (and place and route with --pnr), print and write DIR/synth.json.
 * 0, or 1 (error reported, or predicted != measured block RAMs).
 * With "sum" nothing goes to stdout (errors still go to stderr) and *sum
 * is filled. */
int synth_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *name, const rtl_options *ro, const char *board_name, bool pnr,
	const char *out_dir, synth_summary *sum);


#ifdef __cplusplus
}
#endif

#endif
