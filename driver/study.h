/* driver/study.h: `sluice study` (driver-private). */
#ifndef SLUICE_DRIVER_STUDY_H
#define SLUICE_DRIVER_STUDY_H

#include "scheduler/scheduler.h"
#include "flow/flow.h"
#include "ubuffer/ubuffer.h"

typedef struct study_options {
	const char *prog;
	const char *boards;	/* comma-separated names; NULL: every board */
	const char *schedules;	/* "stream,sequential"; NULL: stream */
	const char *thresholds;	/* "8,64"; NULL: the base threshold */
	const char *rams;	/* "auto,block,lut"; NULL: the base ub.ram */
	const char *unrolls;	/* "1,2,4"; NULL: the base sched.unroll */
	sched_options sched;	/* base options */
	ub_options ub;
	bool sim;		/* measure cycles with the cycle-level model */
	bool pnr;		/* place and route (Fmax) where the board has a flow */
	const char *out_dir;
	const sl_define *defines;	/* -D values of the program's params */
	int n_defines;
} study_options;

/* Compile and synthesize every combination, print one table, write
 * DIR/study.csv and DIR/study.json.  0, 1 (a run failed), 2 (usage). */
int study_run(const study_options *so);

/* `sluice study --memory native,pub [--fetch 1,2,4,8] [--depth 256,512]`:
 * the program's buffers under today's mapping and on tiles of every
 * fetch width and depth (docs/pub.md, "Studies"). */
typedef struct pub_study_options {
	sl_ctx *diag;		/* the command line's diagnostics (usage errors) */
	const char *prog;
	const char *memories;	/* "native,pub" */
	const char *fetches;	/* "1,2,4"; NULL: flow.pub.fw */
	const char *depths;	/* "256,512"; NULL: flow.pub.depth */
	const char *ports;	/* "1x1,2x2"; NULL: flow.pub.n_in x n_out */
	flow_options flow;	/* base: schedule, threshold, tile ports, levels, width */
	const char *out_dir;
	const sl_define *defines;	/* -D NAME=VALUE */
	int n_defines;
} pub_study_options;

/* One table, DIR/pub_study.csv and DIR/pub_study.json.  0, 1, 2 (usage). */
int pub_study_run(const pub_study_options *so);

#endif
