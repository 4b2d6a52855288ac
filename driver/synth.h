/* driver/synth.h: `sluice boards` and `sluice synth` (driver-private). */
#ifndef SLUICE_DRIVER_SYNTH_H
#define SLUICE_DRIVER_SYNTH_H

#include "boards/boards.h"
#include "rtlgen/rtlgen.h"

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
	const char *name, const char *board_name, bool pnr,
	const char *out_dir, synth_summary *sum);

#endif
