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
#include "pub/pub.h"
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

/* ---------------------------------------- explore's page (report/explore.c) */

/* One evaluated legal point of a board's search. */
typedef struct rp_ex_point {
	const char *key;
	double time_us, area;		/* at its best fidelity */
	bool synthesized;		/* area from Yosys, else the corrected estimate */
	bool on_front;			/* on the explored front */
	bool truth_front;		/* on the exhaustive front (--truth) */
} rp_ex_point;

/* One synthesis of the search, in order: the point, the model's band
 * when it was picked, the explored front's size after the refit, the
 * Yosys runs so far (a point whose design was seen before is free). */
typedef struct rp_ex_step {
	const char *key;
	double band;
	int front;
	int64_t runs;			/* the search's Yosys runs after it */
} rp_ex_step;

typedef struct rp_ex_board {
	const char *name;
	const char *stop;
	int64_t space, yosys_runs;
	bool have_truth;
	double adrs, hv_ratio;
	int n, n_steps;
	const rp_ex_point *pts;
	const rp_ex_step *steps;
} rp_ex_board;

/* One shape of a board's robust choice (--shapes). */
typedef struct rp_ex_shape {
	const char *shape, *own_key;
	double weight, cost, own_cost, ratio;
	int64_t cycles;
	bool cliff;
} rp_ex_shape;

typedef struct rp_ex_robust {
	const char *board, *robust, *sized_for;
	double mean, mean_k_std, worst_regret, cvar, price;
	int n;
	const rp_ex_shape *shapes;
} rp_ex_robust;

typedef struct rp_explore {
	const char *name;		/* the program's file name */
	int nb;
	const rp_ex_board *boards;	/* the search's boards (none with --shapes) */
	const char *transfer;		/* the transfer report's text, or NULL */
	const int *tx_pairs, *tx_agree;	/* with it, nb x nb: row a, column b (a < b) */
	int n_robust;
	const rp_ex_robust *robust;	/* --shapes: per board */
	const char *objective;		/* --shapes: the objective's name */
} rp_explore;

/* Write the page of explore run "e" to "out". */
void rp_explore_html(const rp_explore *e, FILE *out);

/* ------------------------------------------------ files (report/json.c) */

/* Write "text" as DIR/NAME atomically (in the command's output set, when
 * one is open); 0, or -1 after an error naming the path. */
int rp_write_bytes(sl_ctx *ctx, const char *dir, const char *name, const char *text,
	size_t len);
/* The same for what "print" prints of "arg". */
int rp_write_text(sl_ctx *ctx, const char *dir, const char *name,
	void (*print)(const void *, FILE *), const void *arg);
/* report.json of a design: the program, the schedule's cycles, the lanes,
 * every buffer and, with tiles, their summary (docs/report.md). */
void rp_compile_json(const sched_program *sp, const ub_set *ubs, const pub_set *pub, FILE *out);
int rp_write_compile_json(sl_ctx *ctx, const char *dir, const sched_program *sp,
	const ub_set *ubs, const pub_set *pub);
/* DIR/pub.json: every tile of "pub" (pub_dump_json). */
int rp_write_pub_json(sl_ctx *ctx, const char *dir, const pub_set *pub);
/* DIR/synth.json: what `sluice synth` measured ("m", "facts", filled by
 * tg_synth_measure) beside the prediction "pred" (docs/report.md). */
int rp_write_synth_json(sl_ctx *ctx, const char *dir, const tg_report *pred,
	const tg_measured *m, const tg_synth_facts *facts);

/* --------------------------------------------- studies (report/tables.c) */

/* One configuration of `sluice study`: its options, prediction and, when
 * synthesized, measurement (driver/study.c fills it; rp_study_table and
 * rp_study_files write it). */
typedef struct rp_study_row {
	const board *bd;
	const char *schedule;
	int unroll;		/* lanes per output (1: none) */
	double px_per_cycle;	/* output points / predicted cycles */
	int64_t threshold;
	ub_ram ram;
	int64_t pred_cycles, meas_cycles;	/* meas -1: not measured */
	int64_t words;
	tg_report fit;
	bool fits, synthesized;
	tg_measured syn;
	char status[512];
} rp_study_row;

/* One configuration of `sluice study --memory`: native, or tiles of a
 * fetch width, depth and ports (driver/study.c fills it). */
typedef struct rp_pub_row {
	bool pub;
	int fw, n_in, n_out;
	int64_t depth;
	bool legal;
	char why[400];
	int tiles, mapped, native;	/* tiles; buffers on tiles; buffers kept native */
	int64_t sram_bits, reg_bits, flops, luts;
	int64_t sram_writes, sram_reads, tb_reads;
	double area, energy;
	/* the dual-port buffer of the same ports (docs/pub_mapping.md "Area and
	 * energy"): SRAM bits, area, energy, and the most accesses a tile's
	 * ports make in one cycle (more than 2: two ports do not serve them) */
	int64_t dp_sram_bits;
	double dp_area, dp_energy;
	int dp_peak;
} rp_pub_row;

/* The block-RAM primitives among "cells" (one count per memory of "bd"). */
int64_t rp_block_cells(const board *bd, const int64_t *cells);
/* The study's table on "out", and DIR/study.csv, DIR/study.json and
 * DIR/report.html of program "prog"; 0, or -1 (reported). */
void rp_study_table(const rp_study_row *rows, int n, FILE *out);
int rp_study_files(sl_ctx *ctx, const char *prog, const char *dir, const rp_study_row *rows,
	int n);
/* The tile study's table, and DIR/pub_study.csv and DIR/pub_study.json
 * ("cycles": the schedule's, the same in every row). */
void rp_pub_study_table(const rp_pub_row *rows, int n, FILE *out);
int rp_pub_study_files(sl_ctx *ctx, const char *prog, const char *dir, const rp_pub_row *rows,
	int n, int64_t cycles);

/* "s" as one CSV field: quoted (quotes doubled) when it holds a comma, a
 * quote or a line end. */
void rp_csv_field(FILE *out, const char *s);
/* "s" with & < > " ' as character references (NULL: nothing). */
void rp_html_str(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif
