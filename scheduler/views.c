/* scheduler/views.c: isl views of statements and accesses.
 * Stage: used by the checker, the unified buffers and tests.  Every
 * function returns a new isl object named after the statement: an isl_id
 * whose user pointer is the sched_stmt. */
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include "scheduler/scheduler_private.h"

__isl_give isl_id *sched_stmt_id(isl_ctx *isl, const sched_stmt *s)
{
	return isl_id_alloc(isl, s->name, (void *) s);
}

static __isl_give isl_set *named_box(isl_ctx *isl, const sched_stmt *s, int n)
{
	isl_space *space = isl_space_set_alloc(isl, 0, n);
	space = isl_space_set_tuple_id(space, isl_dim_set, sched_stmt_id(isl, s));
	isl_set *set = isl_set_universe(space);
	for (int d = 0; d < n; d++) {
		set = isl_set_lower_bound_val(set, isl_dim_set, d, isl_val_int_from_si(isl, s->lo[d]));
		set = isl_set_upper_bound_val(set, isl_dim_set, d,
			isl_val_int_from_si(isl, s->lo[d] + s->ext[d] - 1));
	}
	return set;
}

__isl_give isl_set *sched_stmt_domain(isl_ctx *isl, const sched_stmt *s)
{
	return named_box(isl, s, s->n_dims);
}

/* { S[i] -> [offset + sum coef (i - lo) + extra] } over "dom" (n dims). */
static __isl_give isl_map *time_map(isl_ctx *isl, const sched_stmt *s,
	__isl_take isl_set *dom, int n, int64_t extra)
{
	isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(dom));
	isl_aff *t = isl_aff_val_on_domain(ls, isl_val_int_from_si(isl, s->offset + extra));
	for (int d = 0; d < n; d++) {
		t = isl_aff_set_coefficient_val(t, isl_dim_in, d, isl_val_int_from_si(isl, s->coef[d]));
		t = isl_aff_add_constant_val(t, isl_val_int_from_si(isl, -s->coef[d] * s->lo[d]));
	}
	isl_map *m = isl_map_from_aff(t);
	return isl_map_intersect_domain(m, dom);
}

__isl_give isl_map *sched_stmt_schedule(isl_ctx *isl, const sched_stmt *s)
{
	return time_map(isl, s, sched_stmt_domain(isl, s), s->n_dims, 0);
}

__isl_give isl_map *sched_write_time(isl_ctx *isl, const sched_stmt *s)
{
	int64_t tail = s->latency;
	for (int d = s->n_vars; d < s->n_dims; d++)
		tail += s->coef[d] * (s->ext[d] - 1);
	return time_map(isl, s, named_box(isl, s, s->n_vars), s->n_vars, tail);
}

__isl_give isl_map *sched_access_map(isl_ctx *isl, const sched_stmt *consumer,
	const sched_access *a)
{
	const sched_stmt *p = a->producer;
	isl_set *dom = sched_stmt_domain(isl, consumer);
	isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(dom));
	isl_space *space = isl_space_map_from_domain_and_range(isl_set_get_space(dom),
		isl_space_set_tuple_id(isl_space_set_alloc(isl, 0, p->n_vars), isl_dim_set,
			sched_stmt_id(isl, p)));
	isl_pw_aff_list *list = isl_pw_aff_list_alloc(isl, p->n_vars);
	for (int d = 0; d < p->n_vars; d++)
		list = isl_pw_aff_list_add(list, fe_index_pw_aff(isl, a->expr->args[d], ls));
	isl_local_space_free(ls);
	isl_multi_pw_aff *mpa = isl_multi_pw_aff_from_pw_aff_list(space, list);
	isl_map *m = isl_map_from_multi_pw_aff(mpa);
	return isl_map_intersect_domain(m, dom);
}
