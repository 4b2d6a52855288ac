/* scheduler/passes.c: the delay of a read, as passes, and reading an
 * integer isl value.
 * Stage: scheduler, an isl view of the schedule (views.c) read by the
 * unified buffers' order warning (ubuffer/analysis.c) and the tile
 * mapping (pub/map.c).  The delay of read j of C from P is
 * t_C(j) - W_P(A(j)) (check.c's read_slack is its least value); a read in
 * passes has it grow along one dimension of C that its access A does not
 * use.  isl objects live only inside one call. */
#include <limits.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include "scheduler/scheduler_private.h"

bool sched_val_to_int(__isl_take isl_val *v, int64_t *out)
{
	bool ok = v && isl_val_is_int(v) &&
		isl_val_cmp_si(v, LONG_MAX / 4) < 0 &&
		isl_val_cmp_si(v, -(LONG_MAX / 4)) > 0;
	if (ok)
		*out = (int64_t) isl_val_get_num_si(v);
	isl_val_free(v);
	return ok;
}

/* The least value of "pa" over its domain, taken on the graph
 * { x -> [v] } as ubuffer/analysis.c's pw_aff_extreme takes it
 * (isl_pw_aff_min_val rejects the rational coefficients a parametric
 * lexmax may produce on a lattice). */
static __isl_give isl_val *least_value(__isl_take isl_pw_aff *pa)
{
	return isl_set_dim_min_val(isl_map_range(isl_map_from_pw_aff(pa)), 0);
}

/* The coefficient of input dimension "d" of "aff" as an integer; false
 * when it is not one. */
static bool aff_coef(__isl_keep isl_aff *aff, int d, int64_t *v)
{
	return sched_val_to_int(isl_aff_get_coefficient_val(aff, isl_dim_in, d), v);
}

/* foreach_piece callbacks: keep the (only) piece's expression. */
static isl_stat take_aff(__isl_take isl_set *set, __isl_take isl_aff *aff, void *user)
{
	isl_set_free(set);
	isl_aff_free(*(isl_aff **) user);
	*(isl_aff **) user = aff;
	return isl_stat_ok;
}

static isl_stat take_multi_aff(__isl_take isl_set *set, __isl_take isl_multi_aff *ma,
	void *user)
{
	isl_set_free(set);
	isl_multi_aff_free(*(isl_multi_aff **) user);
	*(isl_multi_aff **) user = ma;
	return isl_stat_ok;
}

/* Does no coordinate of the access "ma" (its first n) depend on
 * dimension d?  1 yes, 0 no, -1 on an isl error. */
static int access_free_of(isl_multi_aff *ma, int n, int d)
{
	int rc = 1;
	for (int e = 0; rc == 1 && e < n; e++) {
		isl_aff *ae = isl_multi_aff_get_aff(ma, e);
		int64_t c;
		if (!aff_coef(ae, d, &c))
			rc = -1;
		else if (c != 0)
			rc = 0;
		isl_aff_free(ae);
	}
	return rc;
}

/* sched_read_passes for a delay and an access of one piece each: the one
 * dimension the delay grows along, into *out.  1, 0 or -1 as there. */
static int passes_of_piece(const sched_stmt *producer, const sched_stmt *s,
	__isl_keep isl_pw_aff *delay, __isl_keep isl_pw_multi_aff *acc, sched_passes *out)
{
	isl_aff *aff = NULL;
	isl_multi_aff *ma = NULL;
	int rc;
	if (isl_pw_aff_foreach_piece(delay, take_aff, &aff) < 0 ||
	    isl_pw_multi_aff_foreach_piece(acc, take_multi_aff, &ma) < 0)
		rc = -1;
	else
		rc = 1;
	if (isl_aff_dim(aff, isl_dim_div) != 0)
		rc = 0;
	for (int d = 0; rc == 1 && d < s->n_dims; d++) {
		int64_t a;
		if (!aff_coef(aff, d, &a)) {
			rc = -1;
			break;
		}
		if (a == 0 || s->ext[d] <= 1)
			continue;
		/* a dimension the delay grows along: the access must not
		 * use it, and only one such dimension */
		rc = access_free_of(ma, producer->n_vars, d);
		if (rc == 1 && (out->dim >= 0 || a < 0))
			rc = 0;
		if (rc == 1) {
			out->dim = d;
			out->n = s->ext[d];
			out->period = a;
		}
	}
	isl_aff_free(aff);
	isl_multi_aff_free(ma);
	return rc;
}

int sched_read_passes(isl_ctx *isl, const sched_stmt *s, const sched_access *a,
	sched_passes *out)
{
	isl_pw_multi_aff *acc = isl_pw_multi_aff_from_map(sched_access_map(isl, s, a));
	isl_pw_multi_aff *wr = isl_pw_multi_aff_from_map(sched_write_time(isl, a->producer));
	isl_pw_multi_aff *sched = isl_pw_multi_aff_from_map(sched_stmt_schedule(isl, s));
	isl_pw_aff *t = isl_pw_multi_aff_get_pw_aff(sched, 0);
	isl_pw_aff *delay = isl_pw_aff_sub(t, isl_pw_aff_pullback_pw_multi_aff(
		isl_pw_multi_aff_get_pw_aff(wr, 0), isl_pw_multi_aff_copy(acc)));
	isl_pw_multi_aff_free(sched);
	isl_pw_multi_aff_free(wr);
	int rc = 0;
	memset(out, 0, sizeof(*out));
	out->dim = -1;
	isl_size np = isl_pw_aff_n_piece(delay), npa = isl_pw_multi_aff_n_piece(acc);
	if (np < 0 || npa < 0)
		rc = -1;
	if (rc == 0 && np == 1 && npa == 1)
		rc = passes_of_piece(a->producer, s, delay, acc, out);
	if (rc == 1) {
		isl_val *lo = least_value(isl_pw_aff_copy(delay));
		if (!sched_val_to_int(lo, &out->d0))
			rc = -1;
		if (out->dim < 0) {
			/* a constant delay: one pass */
			out->n = 1;
			out->period = 0;
		}
	}
	isl_pw_aff_free(delay);
	isl_pw_multi_aff_free(acc);
	return rc;
}
