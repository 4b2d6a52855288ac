/* scheduler/scheduler_private.h: declarations shared inside scheduler/. */
#ifndef SLUICE_SCHEDULER_PRIVATE_H
#define SLUICE_SCHEDULER_PRIVATE_H

#include "scheduler/scheduler.h"

/* The greatest common divisor of |a| and |b|, 1 when both are 0
 * (schedule.c; the rates of schedule.c and unroll.c). */
int64_t sched_gcd(int64_t a, int64_t b);

/* Cycles from the start of an iteration of "f" to the write of its value. */
int sched_latency(const ir_decl *f);

/* Build the statements of a lowered program (domains, reads, users). */
sched_program *sched_build_statements(sl_ctx *ctx, ir_program *lowered,
	const sched_options *opts);
/* Pipeline every func's datapath for opts.timing (nothing without). */
void sched_pipeline(sched_program *sp);
/* Choose coefficients and offsets.  0 or -1. */
int sched_compute(sched_program *sp, isl_ctx *isl);

/* W_P(A(j)) - t_C^0(j) etc. need the index of an access as isl. */
__isl_give isl_pw_aff *sched_write_time_of_access(isl_ctx *isl,
	const sched_stmt *consumer, const sched_access *a,
	__isl_keep isl_local_space *ls);
__isl_give isl_id *sched_stmt_id(isl_ctx *isl, const sched_stmt *s);
/* { S[i] : i in the iteration box } (the isl views of scheduler.h). */
__isl_give isl_set *sched_stmt_domain(isl_ctx *isl, const sched_stmt *s);

/* The lane dimension of output "o" with k lanes: its innermost when that
 * has k points, else the innermost dimension that has (the innermost
 * when none has: an error later). */
int sched_output_lane_dim(const ir_decl *o, int k);

#endif
