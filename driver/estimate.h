/* driver/estimate.h: the logic of a generated design, predicted before
 * synthesis (driver-private).  A structural count over what rtlgen emits
 * (control, sl_sched, datapaths, sl_pipe, ROM look-ups, reduction
 * accumulators, delay-chain taps, sl_fifo_seg counters, circular-buffer
 * address generators and read ports), costed in the board family's
 * primitives: LUTs (as the board's "cells lut" globs count them),
 * flip-flops and DSP multipliers.  Storage bits (delay-chain registers,
 * register-file and LUT-RAM words, block RAM) are driver/fit.c's and are
 * not counted here.  Accuracy against Yosys: tests/bench/estimate_bench.sh. */
#ifndef SLUICE_DRIVER_ESTIMATE_H
#define SLUICE_DRIVER_ESTIMATE_H

#include "boards/boards.h"
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

/* Predict the logic of the design rtl_emit writes for "sp" and "ubs" (its
 * delay chains laid out as ub_buffer.runs), on board "bd". */
void est_design(const board *bd, const sched_program *sp, const ub_set *ubs,
	est_report *r);
void est_release(est_report *r);
/* One line per stage and a total line: "stage LUTs FFs DSPs". */
void est_print(const est_report *r, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
