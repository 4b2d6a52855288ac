/* rtlgen/plan.c: the RTL plan, what rtl_emit builds, decided before any
 * Verilog is written.
 * Stage: rtlgen (rank 8); the emitter (rtlgen.c) writes it, the
 * estimate (fpga/logic.c) costs it and the Verilator harness
 * (verilator/) reads its names, so none re-derives another's rules.  It
 * holds the cycle-counter width TW of every schedule's START and DELTA,
 * the run control's 'remain' width, and per statement its Verilog name,
 * its top-level port group's name and the parameters of its sl_sched
 * (rtlgen/lib/sl_sched.v) or the earlier lane whose sl_sched it shares
 * (sched_controller); the names of the push-memory tile instances are
 * rtl_tile_name's. */
#include <stdio.h>
#include <string.h>

#include "rtlgen/rtlgen_private.h"

const char *rtl_port_name(sl_ctx *ctx, const ir_decl *d)
{
	return rtl_ident(ctx, d->lanes > 1 ? d->lane_of->name : d->name);
}

int rtl_port_tail(const ir_decl *d)
{
	if (d->lanes <= 1)
		return 1;
	const ir_decl *w = d->lane_of;
	int64_t e = (w->kind == IR_DECL_INPUT ? w->extents : w->out_extents)[d->lane_dim];
	return e % d->lanes ? (int) (e % d->lanes) : d->lanes;
}

void rtl_port_frame(const ir_decl *d, int n_dims, const int64_t *ext, int64_t *row,
	int64_t *rows, int64_t *inner)
{
	int ld = d->lanes > 1 ? d->lane_dim : n_dims - 1;
	*row = *rows = *inner = 1;
	for (int e = 0; e < n_dims; e++) {
		if (e < ld)
			*rows *= ext[e];
		else
			*row *= ext[e];
		if (e > ld)
			*inner *= ext[e];
	}
}

const char *rtl_stage_name(sl_ctx *ctx, const sched_stmt *s)
{
	return rtl_ident(ctx, s->name);
}

const char *rtl_tile_name(sl_ctx *ctx, const sched_stmt *producer, int k)
{
	const char *nm = rtl_ident(ctx, producer->name);
	size_t n = strlen(nm) + 24;
	char *s = sl_alloc(ctx, n);
	snprintf(s, n, "%s_pub%d", nm, k);
	return s;
}

/* The last cycle anything happens: the run's end or a later write. */
int64_t rtl_end_cycle(const sched_program *sp)
{
	int64_t e = sp->predicted_cycles;
	for (int i = 0; i < sp->n_stmts; i++)
		if (sched_last_time(sp->stmts[i]) + sp->stmts[i]->latency > e)
			e = sched_last_time(sp->stmts[i]) + sp->stmts[i]->latency;
	return e;
}

static uint64_t plan_mask(int tw)
{
	return tw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << tw) - 1;
}

/* sl_sched's parameters for s: per dimension (innermost last, the frame
 * outermost after them) EXT and DELTA[d] = coef[d] - sum_{k>d} coef[k] *
 * (ext[k] - 1) in TW bits; the frame's DELTA the period less the span. */
static void plan_sched(const rtl_plan *p, const sched_stmt *s, rtl_sched_plan *q)
{
	int n = s->n_dims > 0 ? s->n_dims : 1;
	uint64_t m = plan_mask(p->tw);
	q->n = n;
	for (int d = 0; d < n; d++) {
		int64_t v = 0;
		if (s->n_dims) {
			v = s->coef[d];
			for (int k = d + 1; k < s->n_dims; k++)
				v -= s->coef[k] * (s->ext[k] - 1);
		}
		q->ext[d] = s->n_dims ? s->ext[d] : 1;
		q->delta[d] = (uint64_t) v & m;
	}
	if (p->frames > 1) {
		int64_t v = p->period;
		for (int k = 0; k < s->n_dims; k++)
			v -= s->coef[k] * (s->ext[k] - 1);
		q->ext[n] = p->frames;
		q->delta[n] = (uint64_t) v & m;
	}
	q->start = (uint64_t) s->offset;
}

void rtl_plan_build(sl_ctx *ctx, const sched_program *sp, const pub_set *pub, int frames,
	rtl_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->frames = frames;
	p->period = frames > 1 ? sched_frame_period(sp) : 0;
	int64_t more = (int64_t) (frames - 1) * p->period, tmax = rtl_end_cycle(sp) + more;
	for (int i = 0; i < sp->n_stmts; i++)
		if (sched_last_time(sp->stmts[i]) + more > tmax)
			tmax = sched_last_time(sp->stmts[i]) + more;
	p->tw = sl_bits_for(tmax) + 1;
	int64_t pd = sp->predicted_cycles + more > 0 ? sp->predicted_cycles + more : 1;
	p->run_bits = pub && pub->params.runtime ? rtl_rt_run_bits(sp, pub)
		: sl_bits_for(pd) + 1;
	p->n_stages = sp->n_stmts;
	p->sched = sl_alloc(ctx, ((size_t) sp->n_stmts + 1) * sizeof(*p->sched));
	memset(p->sched, 0, ((size_t) sp->n_stmts + 1) * sizeof(*p->sched));
	for (int i = 0; i < sp->n_stmts; i++) {
		rtl_sched_plan *q = &p->sched[i];
		const sched_stmt *s = sp->stmts[i];
		q->name = rtl_stage_name(ctx, s);
		q->port = rtl_port_name(ctx, s->decl);
		q->controller = sched_controller(sp, s);
		plan_sched(p, s, q);
	}
}
