/* scheduler/check.c: the legality checker.
 * Stage: runs after the scheduler (debug builds, tests, `--check`).  It
 * does not reuse the scheduler's arithmetic: it builds the read relation
 * { C[j] -> P[e] }, the consumer's schedule and the producer's write
 * times as isl maps, and asks isl for the smallest slack t_C(j) - W_P(e)
 * over every read instance; it also checks that no statement issues two
 * iterations in one cycle and that every time fits 48 bits. */
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include "scheduler/scheduler_private.h"

/* min over the read instances of t_C(j) - W_P(A(j)); -1 on isl error. */
static int read_slack(isl_ctx *isl, const sched_stmt *c, const sched_access *a, int64_t *slack)
{
	isl_map *read = sched_access_map(isl, c, a);
	isl_map *w = isl_map_apply_range(read, sched_write_time(isl, a->producer));
	isl_map *t = sched_stmt_schedule(isl, c);
	isl_map *diff = isl_map_sum(t, isl_map_neg(w));
	isl_set *vals = isl_map_range(diff);
	isl_val *v = isl_set_dim_min_val(vals, 0);
	int ok = v && isl_val_is_int(v);
	if (ok)
		*slack = isl_val_get_num_si(v);
	isl_val_free(v);
	return ok ? 0 : -1;
}

static bool one_per_cycle(isl_ctx *isl, const sched_stmt *s)
{
	isl_map *m = sched_stmt_schedule(isl, s);
	isl_bool inj = isl_map_is_injective(m);
	isl_map_free(m);
	return inj == isl_bool_true;
}

int sched_check(const sched_program *sp, isl_ctx *isl)
{
	int bad = 0;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *c = sp->stmts[i];
		if (!one_per_cycle(isl, c)) {
			sl_error(sp->ctx, c->decl->loc, "schedule of '%s' issues two iterations in one cycle",
				c->name);
			bad = 1;
		}
		if (c->offset < 0 || sched_time(c, c->lo) < 0) {
			sl_error(sp->ctx, c->decl->loc, "schedule of '%s' starts before cycle 0", c->name);
			bad = 1;
		}
		for (int k = 0; k < c->n_reads; k++) {
			int64_t slack;
			const sched_access *a = &c->reads[k];
			if (read_slack(isl, c, a, &slack) < 0) {
				sl_error(sp->ctx, a->expr->loc, "isl failed while checking this read");
				bad = 1;
			} else if (slack < 0) {
				sl_error(sp->ctx, a->expr->loc,
					"schedule violation: '%s' reads '%s' %lld cycle%s before it is written",
					c->name, a->producer->name, (long long) -slack, slack == -1 ? "" : "s");
				bad = 1;
			}
		}
	}
	if (sp->predicted_cycles >= ((int64_t) 1 << 48)) {
		sl_error(sp->ctx, sl_noloc, "the schedule does not fit 48-bit cycle counters");
		bad = 1;
	}
	return bad ? -1 : 0;
}
