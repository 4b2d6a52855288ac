/* report/report.h: report.html, a design or a study at a glance.
 * Rank 12 (tests/check_layout.sh).
 * Stage: beside flow/, under the driver.  One static, self-contained page
 * (inline CSS and SVG, no script, nothing fetched): for a design the
 * schedule as a Gantt chart (one bar per statement and frame), each
 * buffer's live words over time against its capacity, each buffer's
 * storage layout and, with a board, the resources predicted (and
 * measured after synthesis) against the part; for a study a scatter of
 * its configurations (cycles against LUTs and against block RAMs) with the
 * Pareto points marked, and its table.  The page is a function of its
 * inputs alone: no time, no absolute path, the same bytes every run.
 * Every string that reaches the page is escaped (rp_html_str).  Nothing
 * here owns what it is given. */
#ifndef SLUICE_REPORT_H
#define SLUICE_REPORT_H

#include <stdio.h>

#include "scheduler/scheduler.h"
#include "fpga/fpga.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Frames drawn at most (the page says how many ran). */
enum { RP_MAX_FRAMES = 8, RP_BINS = 600 };
/* Walk steps (elements plus reads, per frame drawn) past which a
 * buffer's occupancy is not drawn (the page says so). */
#define RP_MAX_WALK ((int64_t) 1 << 21)

/* What the page of one design shows. */
typedef struct rp_design {
	const char *name;		/* the program's file name, no directories */
	const sched_program *sp;
	const ub_set *ubs;
	int frames;			/* frames streamed back to back (1) */
	const tg_report *pred;		/* with a board: its prediction, else NULL */
	const tg_measured *meas;	/* after synthesis, else NULL */
} rp_design;

/* Write the page of "d" to "out". */
void rp_design_html(const rp_design *d, FILE *out);

/* One configuration of a study. */
typedef struct rp_config {
	const char *board;
	const char *schedule;
	int64_t threshold;
	const char *ram;
	int64_t cycles;			/* predicted */
	int64_t luts, brams;		/* measured when synthesized, else predicted */
	bool measured;			/* synthesized: luts, brams measured */
	bool fits;			/* fits the board (a Pareto candidate) */
	const char *bram_cell;		/* the board's block primitive */
	const char *status;		/* "ok", "does not fit: ...", ... */
} rp_config;

typedef struct rp_study {
	const char *name;		/* the program's file name */
	int n;
	const rp_config *configs;
} rp_study;

/* Write the page of study "s" to "out". */
void rp_study_html(const rp_study *s, FILE *out);
/* Mark in pareto[i] the configurations of "s" on the Pareto front of
 * their board: they fit, and no fitting configuration of the same board
 * is at most as large in cycles, LUTs and block RAMs and smaller in one. */
void rp_pareto(const rp_study *s, bool *pareto);

/* "s" with & < > " ' as character references (NULL: nothing). */
void rp_html_str(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif
