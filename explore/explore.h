/* explore/explore.h: design-space exploration, `sluice explore`.
 * Rank 12 (tests/check_layout.sh).
 * Stage: beside flow/ and report/, under the driver.  A space of joint
 * knobs (lanes, schedule policy, register threshold, RAM kind, clock
 * target, native memory or tiles with their fetch width, depth and
 * ports: explore/space.c) is searched per board (explore/search.c) over
 * fidelities, cheapest first (explore/eval.c): the schedule (exact
 * cycles and buffer words), the estimate (block RAM exact; LUTs and
 * flip-flops from fpga/'s estimate corrected by a fit on the points
 * already synthesized), Yosys, with --fidelity pnr nextpnr's Fmax, and
 * with --validate the final fronts in Verilator (explore/validate.c).  The Pareto, ADRS, hypervolume,
 * Kendall tau and MAPE code is explore/pareto.c, with no dependence on
 * the rest; sweeps (one command per point, a runner, the merge) are
 * explore/jobs.c; the files explore/files.c (docs/explore.md). */
#ifndef SLUICE_EXPLORE_H
#define SLUICE_EXPLORE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/base.h"
#include "boards/boards.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------ the numbers (explore/pareto.c) */

/* A point of two objectives, both minimized: time and area. */
typedef struct ex_obj {
	double f[2];
} ex_obj;

/* Does a dominate b: at most as large in both and smaller in one? */
bool ex_dominates(const ex_obj *a, const ex_obj *b);
/* Mark in front[i] the points of "p" that no other point dominates (a
 * duplicate of a front point is on the front too).  Their count. */
int ex_pareto(const ex_obj *p, int n, bool *front);
/* ADRS of the approximate front "approx" against the reference front
 * "ref": the mean over the reference points g of the least, over the
 * approximate points w, of max_j max(0, (w_j - g_j) / g_j).  0 when the
 * approximate front covers the reference; 1e9 with no approximate point. */
double ex_adrs(const ex_obj *ref, int n_ref, const ex_obj *approx, int n_approx);
/* The area dominated by the points (any set) and bounded by "r" (every
 * point past r in an objective adds nothing). */
double ex_hypervolume(const ex_obj *p, int n, const ex_obj *r);
/* Kendall's tau-b of the pairs (x[i], y[i]): (concordant - discordant) /
 * sqrt((n0 - ties in x)(n0 - ties in y)), n0 = n(n-1)/2; 0 when a side
 * is constant or n < 2. */
double ex_kendall_tau(const double *x, const double *y, int n);
/* Mean absolute percentage error of est against meas over the pairs with
 * meas > 0 (percent); -1 without one. */
double ex_mape(const double *est, const double *meas, int n);

/* The correction of an estimate: log(meas / est) = a + b log(est),
 * fitted by least squares over the synthesized points (b = 0 with fewer
 * than 3 points or one estimate; a = 0, b = 0 with none). */
typedef struct ex_fit {
	int n;
	double a, b;
} ex_fit;
void ex_fit_log_ratio(const double *est, const double *meas, int n, ex_fit *fit);
/* The corrected value of estimate "est" (est itself when est <= 0). */
double ex_fit_apply(const ex_fit *fit, double est);

/* The flip-flop correction: meas = s[0] logic + s[1] storage (the
 * estimate's flip-flops of the datapaths and control, and of the
 * buffers' registers, which a board may map to shift-register LUTs), by
 * least squares without intercept, each s >= 0 (one clamped to 0, the
 * other refitted alone); with fewer than 2 points or one direction, the
 * common ratio of the sums; with none, 1 and 1. */
typedef struct ex_fit2 {
	int n;
	double s[2];
} ex_fit2;
void ex_fit_split(const double *logic, const double *storage, const double *meas, int n,
	ex_fit2 *fit);
double ex_fit_split_apply(const ex_fit2 *fit, double logic, double storage);

/* The statistics of ratios x[i] (a design's cost over the best cost, per
 * shape) under the weights w[i] (any positive scale; normalized here):
 * the weighted mean and standard deviation, mean + k stddev, the worst
 * regret max_i (x[i] - 1), and the CVaR at level alpha: the mean of x
 * over the worst (largest) 1 - alpha of the weight, the weight at the
 * boundary taken in part (alpha 0: the mean; near 1: the maximum). */
typedef struct ex_robust {
	double mean, stddev, mean_k_std, worst_regret, cvar;
} ex_robust;
void ex_robust_stats(const double *x, const double *w, int n, double k, double alpha,
	ex_robust *out);
double ex_cvar(const double *x, const double *w, int n, double alpha);

/* 64-bit FNV-1a of "s": the key of a design point. */
uint64_t ex_hash(const char *s);

/* --------------------------------------------- the space (explore/space.c) */

enum ex_knob_id {
	EX_UNROLL, EX_SCHEDULE, EX_THRESHOLD, EX_RAM, EX_CLOCK, EX_MEMORY, EX_FETCH,
	EX_DEPTH, EX_PORTS, EX_N_KNOBS
};
enum { EX_MAX_VALUES = 64, EX_MAX_BOARDS = 16 };

/* One knob's values, as the user spells them ("0" of clock: the default
 * clock; ports "2x2"), in the order given. */
typedef struct ex_knob {
	int n;
	char *values[EX_MAX_VALUES];
	bool given;		/* in the space file or a --knob */
} ex_knob;

typedef struct ex_space {
	ex_knob knobs[EX_N_KNOBS];
} ex_space;

/* The knob's name ("unroll", ...), and the id of a name (-1). */
const char *ex_knob_name(int k);
int ex_knob_find(const char *name, size_t len);
/* Read one knob line "name=v1,v2,..." or "name=lo..hi[:step|:*f]" into
 * "s" (a knob given twice is an error).  On error NULL... returns 0, or
 * -1 with the message in "why" and in *col the 0-based column it points
 * at. */
int ex_space_line(ex_space *s, const char *line, size_t len, char *why, size_t n, int *col);
/* Read a space file: every line a knob, '#' comments and blank lines
 * skipped; errors located (file:line:col, the line and a caret).  0 or
 * -1 (reported). */
int ex_space_file(sl_ctx *ctx, ex_space *s, const char *path);
/* The values of the knobs not given: the program's and the board's
 * default space (docs/explore.md, "The space"). */
void ex_space_defaults(ex_space *s, bool any_given);
void ex_space_free(ex_space *s);
/* Points of the space per board: the product of the knob counts, the tile
 * knobs counted once for native memory. */
int64_t ex_space_points(const ex_space *s);

/* A point: the value index of every knob (tile knobs 0 with native). */
typedef struct ex_coord {
	int v[EX_N_KNOBS];
} ex_coord;
/* The next coordinate in odometer order (the last knob fastest), skipping
 * those that repeat a native point; false after the last. */
bool ex_coord_next(const ex_space *s, ex_coord *c);
/* "unroll=2,schedule=stream,..." (native: no tile knobs) into buf. */
void ex_coord_key(const ex_space *s, const ex_coord *c, char *buf, size_t n);

/* ------------------------------------------ a point (explore/eval.c) */

/* The fidelity of a figure, cheapest first. */
typedef enum ex_fid { EX_FID_NONE, EX_FID_SCHEDULE, EX_FID_ESTIMATE, EX_FID_CORRECTED,
	EX_FID_YOSYS } ex_fid;
const char *ex_fid_str(ex_fid f);

typedef struct ex_point {
	int board;		/* index into the run's boards */
	ex_coord c;
	char key[400];
	char hash[17];
	bool evaluated;		/* schedule and estimate done */
	bool legal;
	char why[400];		/* illegal: the option table's or the fit check's reason */
	int64_t cycles, words;
	double clock_mhz;	/* the clock it is pipelined for */
	double time_us;		/* cycles / clock */
	int64_t units, huge;	/* block-RAM units, huge cells (SPRAM): exact */
	int64_t luts_est, ffs_est, dsps_est;
	int64_t ffs_storage_est;	/* of ffs_est, the buffers' registers */
	double luts_cor, ffs_cor;
	bool synthesized;
	int64_t luts_syn, ffs_syn, dsps_syn;
	char synth_why[200];	/* a failed synthesis: why; else "" */
	double area;		/* the mean share of the board's resources, best fidelity */
	double peak;		/* the largest share */
	const char *bound;	/* its resource: "luts", "ffs", "block_ram", "dsps", "huge" */
	bool on_front;		/* on the explored front of its board */
	bool expanded;		/* the search has visited its neighbours */
	bool truth_front;	/* on the exhaustive front (--truth) */
	/* Fmax: nextpnr's on a board with a place-and-route flow under
	 * --fidelity pnr (fmax_pnr), else the board's delay model's estimate
	 * of the design (tg_estimate_fmax; 0 without a model). */
	double fmax_mhz;
	bool fmax_pnr;
	/* --validate (explore/validate.c): the point run in Verilator on the
	 * inputs of seed 1 against the reference. */
	bool validated;		/* the run was made */
	bool val_ok;		/* bit-exact and cycles = predicted */
	bool val_bit_exact;
	int64_t val_cycles;	/* measured (0: the hardware did not finish) */
	char val_why[300];	/* not ok: the first error */
} ex_point;

/* A knob-aware correction on top of a board's fit: the log residual
 * shift of each knob value, a ridge least-squares fit on one-hot knob
 * features over the synthesized points (explore/eval.c, ex_knob_fit),
 * and how many synthesized points hold each value. */
typedef struct ex_knobfit {
	double d[EX_N_KNOBS][EX_MAX_VALUES];
	int n[EX_N_KNOBS][EX_MAX_VALUES];
} ex_knobfit;
/* Fit kf: e[i] ~ sum_k d[k][v[i][k]] (v[i] the coordinate of point i,
 * "used" the knobs that count), ridge weight lambda, by a fixed number of
 * Gauss-Seidel sweeps in knob order (deterministic). */
void ex_knob_fit(const ex_coord *v, const double *e, int n, const bool *used, double lambda,
	ex_knobfit *kf);
double ex_knob_shift(const ex_knobfit *kf, const ex_coord *c, const bool *used);

/* The run: the program, its -D values, the boards, the space and the
 * points met so far (a hash table on key and board). */
typedef struct ex_run {
	const char *prog;
	const sl_define *defines;
	int n_defines;
	int nb;
	const board *boards[EX_MAX_BOARDS];
	ex_space space;
	const char *out_dir;
	const char *synth_dir;	/* where Yosys runs: DIR/synth */
	const char *synth_cache;	/* --synth-cache DIR: HASH.txt per Verilog and board, or NULL */
	int n, cap;
	ex_point **points;
	int64_t syntheses;	/* Yosys runs made */
	bool transfer;		/* explore.json has the cross-board transfer */
	double minutes;		/* --budget-minutes: a board's search stops past it; 0: none */
	ex_fit fit_luts[EX_MAX_BOARDS];
	ex_fit2 fit_ffs[EX_MAX_BOARDS];
	ex_knobfit knob_luts[EX_MAX_BOARDS], knob_ffs[EX_MAX_BOARDS];
	/* The search's syntheses per board, in order (report.html). */
	struct ex_step {
		int point;	/* index into points */
		double band;	/* the model's band when it was picked */
		int front;	/* the explored front's size after the refit */
		int64_t runs;	/* the search's Yosys runs after it (a design seen before is free) */
	} *steps[EX_MAX_BOARDS];
	int n_steps[EX_MAX_BOARDS];
	bool knob_aware;	/* the knob-aware correction is on (off: SLUICE_EXPLORE_KNOB_FIT=0) */
	bool pnr;		/* --fidelity pnr: syntheses placed and routed where the board has a flow */
	/* The Yosys results by the hash of board and Verilog: one design
	 * synthesized once. */
	int n_cache;
	struct ex_cache_entry *cache;
} ex_run;

/* The point of board b at c, made (not evaluated) when new. */
ex_point *ex_point_get(ex_run *r, int b, const ex_coord *c);
/* Its schedule and estimate (once): legality, cycles, words, block RAM,
 * LUT/FF/DSP estimates.  Never fails: an illegal point keeps its reason. */
void ex_point_estimate(ex_run *r, ex_point *p);
/* Yosys on it (once; a legal point).  0, or -1 (its synth_why set). */
int ex_point_synth(ex_run *r, ex_point *p);
/* The corrections of board b refitted on its synthesized points, and the
 * corrected LUTs and flip-flops, area and bound of each of its points. */
void ex_refit(ex_run *r, int b);
/* p's corrected LUTs and flip-flops (the board's fits and knob shifts),
 * area and bound. */
void ex_correct(ex_run *r, ex_point *p);
/* p's area as ex_point_area, but with its figures at their most
 * favourable where a knob value of p has no synthesized point on its
 * board (the search's optimism about what it has not seen): flip-flops
 * of the buffers' registers at none (a board may keep them in
 * shift-register LUTs), LUTs at the least shift of that knob's seen
 * values. */
double ex_area_optimistic(const ex_run *r, const ex_point *p);
/* p's flip-flops under the correction "fit". */
double ex_ffs_corrected(const ex_fit2 *fit, const ex_point *p);
/* The LUT and flip-flop corrections fitted on the n points at p
 * (synthesized). */
void ex_fit_points(ex_point *const *p, int n, ex_fit *luts, ex_fit2 *ffs);
/* Set p's area and bound from its best figures. */
void ex_point_area(const ex_run *r, ex_point *p);
/* The area of those figures on bd: the mean share of its resources (LUTs,
 * flip-flops, block-RAM units, DSPs, huge cells); the largest share in
 * *peak and its resource in *bound. */
double ex_area_of(const board *bd, double luts, double ffs, int64_t units, int64_t dsps,
	int64_t huge_cells, double *peak, const char **bound);
/* A quiet context with the run's -D values, and the design of point p in
 * it (NULL with p->why set: an illegal point): explore/'s own. */
sl_ctx *ex_quiet_ctx(const ex_run *r);
struct flow_design *ex_design(const ex_run *r, ex_point *p, sl_ctx *ctx);
/* The point of board b with "key", or NULL. */
ex_point *ex_point_find(const ex_run *r, int b, const char *key);
void ex_run_release(ex_run *r);

/* --------------------------------------------------- the search (search.c) */

typedef struct ex_options {
	const char *prog;
	const sl_define *defines;
	int n_defines;
	const char *boards;	/* "B1,B2" */
	const char *space_file;	/* --space FILE, or NULL */
	int n_knobs;
	const char *const *knobs;	/* --knob name=values */
	int64_t budget;		/* syntheses; 0: the default */
	bool estimate_only;	/* --fidelity estimate: no Yosys */
	bool pnr;		/* --fidelity pnr: Yosys, and nextpnr where the board has it */
	bool validate;		/* --validate: every final front point in Verilator */
	bool truth;		/* --truth: also synthesize exhaustively, report quality */
	bool transfer;		/* --transfer: cross-board transfer (with --truth or --collect) */
	bool point;		/* --point: one point, every fidelity, DIR/result.json */
	const char *emit_jobs;	/* --emit-jobs DIR */
	const char *collect;	/* --collect DIR */
	int jobs;		/* -j N: run the emitted jobs, N at a time */
	const char *out_dir;
	const char *synth_cache;	/* --synth-cache DIR: Yosys results kept across runs, or NULL */
	double minutes;		/* --budget-minutes: the search's time budget per board; 0: none */
	const char *shapes;	/* --shapes WxH[:weight],...: the robust design across them, or NULL */
	const char *robust;	/* --robust mean|meanstd|regret|cvar: the objective over shapes */
	double robust_k;	/* --robust-k: k of mean + k stddev */
	double cvar_alpha;	/* --cvar-alpha: CVaR over the worst 1 - alpha of the weight */
	const char *self;	/* the sluice binary, for emitted commands */
	int argc;		/* the command line after the program, for jobs */
	char **argv;
} ex_options;

/* Why a board's search stopped. */
typedef struct ex_board_result {
	const char *stop;	/* "exhaustive", "converged", "budget", "minutes" */
	int64_t space, estimated, synthesized, illegal;
	int64_t yosys_runs;	/* the search's own (a design seen before is free) */
	/* --truth: against the exhaustive front */
	bool have_truth;
	double adrs, hv_ratio, mape_luts, mape_ffs, tau_luts, tau_ffs;
	int64_t truth_front, explored_front;
} ex_board_result;

/* Search board b: exhaustive when its space is within the budget, else
 * Pareto-neighbour local search with bottleneck-guided moves over the
 * estimates, synthesizing the points the corrected model places near the
 * front; res filled. */
void ex_search_board(ex_run *r, int b, int64_t budget, bool synth, ex_board_result *res);
/* --truth on board b: every legal point synthesized; ADRS, hypervolume
 * ratio, MAPE and Kendall tau (of the uncorrected estimate) into res.
 * "front" (n points of the run, by index) is the explored front. */
void ex_truth_board(ex_run *r, int b, ex_board_result *res);
/* Mark on_front for board b over the evaluated legal points (each at its
 * best fidelity); their count. */
int ex_mark_front(ex_run *r, int b);

/* --validate: every point on each board's explored front simulated in
 * Verilator as `sluice sim --engine verilator --seed 1` does, inputs in
 * DIR/validate/HASH; its verdict into the point.  The number of points
 * that failed (each named on stderr). */
int ex_validate_fronts(ex_run *r);
/* One point's run (a legal point; once). */
void ex_point_validate(ex_run *r, ex_point *p);

/* The run of the options: the boards, the space.  0, 1 or 2 (usage). */
int ex_run_setup(sl_ctx *ctx, const ex_options *o, ex_run *r);
/* ------------------------------------ cross-board transfer (transfer.c) */

/* With every point synthesized on two boards or more (--truth, or a
 * sweep's --collect): per held-out board the LUT correction fitted on
 * the other boards' points (MAPE, Kendall tau, recall of its true front),
 * against the uncorrected estimate and the fit on the board itself; per
 * board pair the agreement of the signs of every one-step knob change's
 * effect on area, and its reversals with their bounds.  Printed on "out"
 * as text, or (json) as the "transfer" member of explore.json. */
void ex_transfer_report(const ex_run *r, FILE *out, bool json);
/* Of boards a and b: the one-step knob changes that change the area on
 * both (*pairs) and those that change it the same way (*agree). */
void ex_transfer_agreement(const ex_run *r, int a, int b, int *pairs, int *agree);

/* --shapes: every point at every shape, the robust choice per board
 * (explore/shapes.c), printed and written as DIR/shapes.json.  0, 1 or 2. */
int ex_shapes_main(sl_ctx *ctx, const ex_options *o);

/* `sluice explore`: 0, 1 (an error), 2 (usage). */
int ex_main(const ex_options *o);

/* ------------------------------------------ files (explore/files.c) */

/* explore.json and explore.csv of the run's evaluated points (sorted by
 * board and key), and report.html, into DIR, atomically, through
 * report/.  0 or -1. */
int ex_write_files(sl_ctx *ctx, ex_run *r, const ex_board_result *res, const char *dir);
/* One point's result.json text, and its parse back (--collect).  The
 * parse returns 0, or -1 for a file that is not one. */
void ex_point_json(const ex_run *r, const ex_point *p, FILE *out, int indent);
int ex_point_parse(ex_run *r, const char *text, ex_point *p);

/* ------------------------------------------ sweeps (explore/jobs.c) */

/* --emit-jobs DIR: DIR/jobs.txt (one self-contained command a point,
 * each writing DIR/points/HASH/result.json), DIR/slurm.sh (an array job
 * of those lines), DIR/space.txt and DIR/boards.txt (what --collect
 * reads); with -j N also their run, N at a time, skipping the points
 * that have their result.json, then --collect DIR -o DIR.  0, 1 or 2. */
int ex_emit_jobs(const ex_options *o, ex_run *r);
/* --collect DIR: every DIR/points/HASH/result.json, in any order, into
 * explore.json and explore.csv in o->out_dir.  0, 1 or 2. */
int ex_collect(const ex_options *o, ex_run *r, const char *dir);

#ifdef __cplusplus
}
#endif

#endif
