/* scheduler/scheduler.h: the polyhedral model and cycle schedules.
 * Rank 5 (tests/check_layout.sh).
 * Stage: frontend -> [scheduler] -> ubuffer.  The checked program is first
 * lowered (inline funcs substituted, every reduction lifted into a func of
 * its own whose body is exactly one reduction), then every stored func and
 * every input becomes a statement with a box iteration domain and an
 * affine start time
 *     t(i) = offset + sum_d coef[d] * (i[d] - lo[d])      (cycles)
 * A statement's iteration i reads its operands at cycle t(i); its value
 * is written at cycle t(i) + latency (for a reduction: at the last
 * reduction iteration).  Within a cycle writes happen before reads, so a
 * read at cycle c sees every write at cycles <= c.
 * A sched_program owns its statements; isl objects are built on demand
 * by the functions below (each returns a new reference). */
#ifndef SLUICE_SCHEDULER_H
#define SLUICE_SCHEDULER_H

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include "boards/boards.h"
#include "frontend/frontend.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCHED_MAX_DIMS 16

typedef enum sched_policy {
	SCHED_STREAM,		/* line-buffered streaming, rates matched */
	SCHED_SEQUENTIAL,	/* each stage after the previous one */
} sched_policy;

typedef struct sched_stmt sched_stmt;
typedef struct sched_pipe sched_pipe;

/* A read of a stored func or an input by a statement: an IR_ACCESS node of
 * the statement's (lowered) body.  Its index arguments are index
 * expressions over the statement's slots (vars, then reduction vars). */
typedef struct sched_access {
	const ir_expr *expr;
	sched_stmt *producer;
} sched_access;

struct sched_stmt {
	const char *name;	/* the func's or input's name ("f.sum0" if lifted) */
	const ir_decl *decl;	/* the lowered func, or the input */
	int index;		/* position in sched_program.stmts */
	bool is_input;
	bool is_output;		/* an output of the program */
	/* Iteration box: the func's variables (its inferred domain), then, for
	 * a reduction, the reduction variables (innermost). */
	int n_vars;
	int n_dims;
	int64_t lo[SCHED_MAX_DIMS];
	int64_t ext[SCHED_MAX_DIMS];
	/* The schedule. */
	int64_t coef[SCHED_MAX_DIMS];
	int64_t offset;
	int latency;		/* >= 1 */
	sched_pipe *pipe;	/* the pipelined datapath, or NULL (no delay model) */
	/* Reduction stage: body is exactly one IR_REDUCE node. */
	bool is_reduction;
	int n_reads;
	sched_access *reads;	/* in the order of a left-to-right walk */
	int n_users;
	sched_stmt **users;	/* statements that read this one */
};

typedef struct sched_options {
	sched_policy policy;
	/* Timing: with a board that has a delay model, every func's datapath
	 * is pipelined so that no path is longer than the period of
	 * clock_mhz (0: the board's clock) by the model (scheduler/pipeline.c,
	 * docs/timing.md).  NULL: one register per multiplier level. */
	const board *timing;
	double clock_mhz;
	/* Lanes for every output (--unroll k), overriding `unroll`
	 * declarations; 0: the declarations'. */
	int unroll;
	/* Stream rates: link a producer only with consumer variables at its
	 * own depth (no links across levels, scheduler/schedule.c
	 * link_reads).  flow/ schedules a program that has such links both
	 * ways and keeps the one of less storage. */
	bool level_links_only;
	/* No block links (schedule.c outer_block: a consumer that reads a
	 * block of a producer's inner dimensions per step shares its outer
	 * loops).  flow/ schedules a program that has some both ways and
	 * keeps them only when they cost neither cycles nor storage. */
	bool no_block_links;
	/* Every lane its own schedule generator (sched_controller shares
	 * none): --runtime-config, whose Verilog must not depend on whether
	 * the lanes' extents agree (the row length modulo the lanes). */
	bool lanes_apart;
} sched_options;

typedef struct sched_program {
	sl_ctx *ctx;
	ir_program *lowered;	/* in the context's arena */
	sched_options opts;
	int n_stmts;
	sched_stmt **stmts;	/* inputs first, then funcs in dependence order */
	/* When the run is done: after the last output write and the last
	 * input element taken (+ 1). */
	int64_t predicted_cycles;
	int64_t ideal_cycles;	/* most iterations of any statement */
	double path_ns;		/* the longest datapath path by the delay model, or 0 */
	int deep_links;		/* accesses linked across levels (stream rates) */
	int block_links;	/* of them, block links (accesses; sched_options.no_block_links) */
} sched_program;

/* "stream" or "sequential"; false for another word. */
bool sched_policy_parse(const char *s, sched_policy *out);
const char *sched_policy_str(sched_policy p);

/* Lowering: inline funcs substituted, reductions lifted into funcs of
 * their own, with "narrow" value-range widths (va_narrow), unused funcs
 * dropped, bounds inferred again (on "isl", the compilation's context:
 * its on-error mode set to continue).  NULL on error, reported. */
ir_program *sched_lower(sl_ctx *ctx, isl_ctx *isl, const ir_program *prog, bool narrow);
/* Lanes (scheduler/unroll.c, docs/language.md "Lanes"): the lane count
 * of every declaration of the lowered program "lp" into lanes[i] (by
 * decl index): every output has k lanes when k > 0, else its `unroll`
 * factor (1 without); a producer the lanes its readers demand (1 when
 * none does).  When "dims" is not NULL, dims[i] receives the lane
 * dimension: an output's innermost when it has at least its lanes'
 * points, else its innermost that has; a producer's the dimension its
 * readers' lane variable moves (the innermost when nothing asks).  0,
 * or -1 with located errors (conflicting demands, a fractional demand,
 * more lanes than points in the lane dimension). */
int sched_lane_counts(sl_ctx *ctx, const ir_program *lp, int k, int *lanes, int *dims);
/* The lane program of "lp": every declaration with k > 1 lanes split
 * into k lane declarations (ir_decl.lane_of, .lane, .lanes), accesses
 * sent to the lane they read, which isl proves constant.  "lp" itself
 * when no output has more than one lane (lanes come from unrolled
 * outputs only) or every declaration has one; NULL on error (reported).
 * With "pad", a buffered func's lanes are padded to one word count
 * (docs/language.md, "Extents that are not a multiple of k"); without
 * (--memory pub: the tile reads at fixed delays, which padding's clamps
 * would break), every lane holds exactly its points. */
ir_program *sched_unroll(sl_ctx *ctx, isl_ctx *isl, ir_program *lp, int k, bool pad);
/* Schedule a lowered program.  NULL on error, reported against source
 * locations.  The result is not checked: run sched_check. */
sched_program *sched_program_schedule(sl_ctx *ctx, isl_ctx *isl, ir_program *lowered,
	const sched_options *opts);
/* sched_lower, then sched_program_schedule (for tests of the scheduler;
 * the compiler goes through flow/). */
sched_program *sched_program_build(sl_ctx *ctx, isl_ctx *isl, const ir_program *prog,
	const sched_options *opts);
void sched_program_free(sched_program *sp);

/* The legality checker, independent of the scheduler's own reasoning:
 * every read happens no earlier than the write of the value it reads,
 * every statement issues at most one iteration per cycle, and every time
 * fits in 48 bits.  Reports violations; 0 when legal, -1 otherwise. */
int sched_check(const sched_program *sp, isl_ctx *isl);

/* The pipelined datapath (scheduler/pipeline.c).  The cycle, counted
 * from the cycle an iteration fires, in which value node "e" of the
 * statement's body is computed; -1 for a constant (every cycle).  A
 * buffer read happens in cycle 0 and is registered: its node is in cycle
 * 1.  Without a pipeline every node is in cycle 0. */
int sched_node_cycle(const sched_stmt *s, const ir_expr *e);
/* Is table read "e" (an access to a const) a block-RAM ROM: a
 * synchronous read, its address in cycle sched_node_cycle - 1, its data
 * registered into that cycle?  Only in a pipelined datapath on a board
 * with block RAM, for a table of more than SCHED_ROM_BRAM_DEPTH
 * reachable entries (sched_rom_depth) that fit one block-RAM cell. */
bool sched_node_rom_sync(const sched_stmt *s, const ir_expr *e);
enum { SCHED_ROM_BRAM_DEPTH = 256 };
/* The entries a table read can reach by its indices' form: the product
 * of the extents of the dimensions whose index is not a literal (the
 * ROM holds that slice, rtlgen/datapath.c). */
int64_t sched_rom_depth(const ir_expr *e);
/* Entry i of that slice (0 <= i < sched_rom_depth(e)): the literal
 * indices fixed, the others row-major, as rtlgen lays the ROM out and
 * the estimate costs it. */
uint64_t sched_rom_entry(const ir_expr *e, int64_t i);
/* The cycle of the value that enters the statement's pipe register(s)
 * (latency - value cycle of them); for a reduction the accumulator's. */
int sched_value_cycle(const sched_stmt *s);
/* Reductions: the cycle in which the accumulator combines a value. */
int sched_acc_cycle(const sched_stmt *s);
/* The longest register-to-register path of the datapath (ns), 0 without. */
double sched_path_ns(const sched_stmt *s);
/* The target clock of a pipelined program (MHz), 0 without timing. */
double sched_clock_mhz(const sched_program *sp);
/* Bits of the datapath's read, delay and valid registers. */
int64_t sched_pipe_reg_bits(const sched_stmt *s);
/* Is the multiply of node e (MUL, a DIV / MOD plan's) timed as DSP
 * blocks: the DSP decision recorded on it (ir_expr.dsps, made before
 * the schedule by the flow: fpga/logic.c tg_dsp_decide)? */
bool sched_mul_on_dsp(const ir_expr *e);

/* Time of iteration "it" of "s" (absolute coordinates). */
int64_t sched_time(const sched_stmt *s, const int64_t *it);
/* Number of iterations of "s". */
int64_t sched_n_iters(const sched_stmt *s);
/* Start cycle of the last iteration of "s" (its value is written
 * latency cycles later). */
int64_t sched_last_time(const sched_stmt *s);
/* The statement whose schedule generator "s" shares: the first lane of
 * s's declaration with s's box and schedule (lo, ext, coefficients,
 * offset: the same fires and iteration counters in every cycle; none with
 * opts.lanes_apart), else s
 * itself.  rtlgen emits one sl_sched per controller, fpga/logic.c
 * counts one. */
const sched_stmt *sched_controller(const sched_program *sp, const sched_stmt *s);
/* Cycles from one frame's start to the next's when frames run back to
 * back (docs/hardware.md "Frames"): the least period at which every
 * statement's firings stay in order (its span in a frame, plus one) and
 * every buffer's next-frame writes come after this frame's reads (the
 * longest time from a producer's first write to a consumer's last read,
 * plus one); at least 1. */
int64_t sched_frame_period(const sched_program *sp);
/* The predicted cycles of n_frames frames back to back:
 * predicted_cycles + (n_frames - 1) * sched_frame_period. */
int64_t sched_frames_predicted_cycles(const sched_program *sp, int n_frames);
/* The position of access "e" among the reads of "s" (s->reads[k].expr ==
 * e).  The scheduler lists every read, so any access of the statement's
 * body has one. */
int sched_read_slot(const sched_stmt *s, const ir_expr *e);

/* isl views.  Tuples are named after the statement (an isl_id whose
 * user pointer is the sched_stmt); element spaces of a stored array use
 * the same name.  Iteration dimensions are absolute coordinates. */
/* { S[i] -> [t] } over the domain */
__isl_give isl_map *sched_stmt_schedule(isl_ctx *isl, const sched_stmt *s);
/* { S[e] -> [t] }: when each element of S's array is written (its value
 * is ready: start of the last iteration + latency). */
__isl_give isl_map *sched_write_time(isl_ctx *isl, const sched_stmt *s);
/* { C[j] -> P[e] } for the access, over the consumer's domain. */
__isl_give isl_map *sched_access_map(isl_ctx *isl, const sched_stmt *consumer,
	const sched_access *a);
/* The delay of read "a" of "c" (its value's age when read, t_C(j) -
 * W_P(A(j))) in passes: when it grows along one dimension of the reader
 * that the access does not use (a pass: the reader reads the same
 * elements again, e.g. once per output channel), pass p of n reads at the
 * constant delay d0 + p * period.  A constant delay is one pass (dim -1,
 * period 0).  The buffers' order warning and the tile mapping read it. */
typedef struct sched_passes {
	int dim;		/* the reader's dimension, or -1 */
	int64_t n, period, d0;
} sched_passes;
/* 1 and *out filled when the read is in passes (or at a constant delay),
 * 0 when its delay is any other function, -1 on an isl error. */
int sched_read_passes(isl_ctx *isl, const sched_stmt *c, const sched_access *a,
	sched_passes *out);
/* Read an integer isl value (taken); false when it is not one or its
 * magnitude is not below LONG_MAX / 4. */
bool sched_val_to_int(__isl_take isl_val *v, int64_t *out);

/* Stable text dump (schedule.txt). */
void sched_program_dump(const sched_program *sp, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
