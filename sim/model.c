/* sim/model.c: the cycle-level model of a mapped design.
 * Stage: sim, after scheduler and ubuffer.  Every statement fires its
 * iterations at their scheduled cycles, reading each of its ports, and
 * each completed element reaches its buffer "latency" cycles later.
 * Every buffer is storage exactly as the ub_set mapped it: capacity_words
 * slots addressed by write order (write index modulo the capacity for a
 * circular buffer, the tap at a port's distance from the newest write for
 * a delay chain, the position its edges name for a chain with border
 * taps), and a read that finds another element than the one it wants is
 * a violation, reported with its cycle.
 * What a slot holds at cycle T is a function of one number: the writes
 * of its buffer done by T (a cycle's writes come before its reads).  A
 * buffer has one producer whose schedule is affine and increasing (checked
 * first, mdl_check_order), so its writes come in write-index order, each
 * at a cycle known from the schedule alone; a slot of a circular buffer
 * of capacity C read when n writes are done holds the greatest write
 * index below n in its residue class, and a tap at distance D holds write
 * n - 1 - D.  So the model runs statement by statement instead of cycle by
 * cycle: each statement walks its iterations in order (which is time
 * order), a write cursor per buffer it reads counts the producer's writes
 * up to the iteration's cycle, and every read is checked against that
 * count: the same verdict, read by read, as stepping every buffer through
 * every cycle (sim/model_rows.c checks most of them a piece of a row at a
 * time).  The first violation in time (cycle, then statement, then port,
 * as a cycle-by-cycle run meets them) is reported.  The live values of a
 * buffer are counted from each element's write cycle and the cycle of its
 * last read.
 * The values are the reference's (the compiled reference when the
 * automatic engine compiles the program, else the interpreter): an
 * output element's value is the reference output's, counted when it
 * reaches its buffer.
 * The run state is owned here and freed before returning; the output
 * arrays and stats->max_live belong to the caller. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

/* ------------------------------------------------------------ accesses */

/* Is index expression e affine in the slots, e = c0 + sum coef[s] * slot s
 * (coefficients and constant kept far from overflow)? */
static bool mdl_linear(const ir_expr *e, int n_slots, int64_t *coef, int64_t *c0)
{
	enum { LIM = 1 << 30 };
	int64_t ca[SCHED_MAX_DIMS * 2 + 8], cb[SCHED_MAX_DIMS * 2 + 8], a0, b0;
	if (n_slots > (int) (sizeof ca / sizeof ca[0]))
		return false;
	memset(coef, 0, (size_t) n_slots * sizeof(*coef));
	switch (e->kind) {
	case IR_CONST:
		*c0 = (int64_t) e->u.cval;
		return *c0 > -((int64_t) 1 << 50) && *c0 < ((int64_t) 1 << 50);
	case IR_VAR:
		if (e->u.var.slot < 0 || e->u.var.slot >= n_slots)
			return false;
		coef[e->u.var.slot] = 1;
		*c0 = 0;
		return true;
	case IR_UNARY:
		if (e->op != IR_OP_NEG || !mdl_linear(e->args[0], n_slots, ca, &a0))
			return false;
		for (int s = 0; s < n_slots; s++)
			coef[s] = -ca[s];
		*c0 = -a0;
		return true;
	case IR_BINARY:
		break;
	default:
		return false;
	}
	if (e->op != IR_OP_ADD && e->op != IR_OP_SUB && e->op != IR_OP_MUL)
		return false;
	if (!mdl_linear(e->args[0], n_slots, ca, &a0) || !mdl_linear(e->args[1], n_slots, cb, &b0))
		return false;
	bool a_const = true, b_const = true;
	for (int s = 0; s < n_slots; s++) {
		a_const = a_const && ca[s] == 0;
		b_const = b_const && cb[s] == 0;
	}
	if (e->op == IR_OP_MUL) {
		if (!a_const && !b_const)
			return false;
		int64_t k = a_const ? a0 : b0, *v = a_const ? cb : ca, v0 = a_const ? b0 : a0;
		if (k <= -LIM || k >= LIM)
			return false;
		for (int s = 0; s < n_slots; s++)
			if ((coef[s] = v[s] * k) <= -LIM || coef[s] >= LIM)
				return false;
		__int128 c = (__int128) v0 * k;
		*c0 = (int64_t) c;
		return c > -((__int128) 1 << 50) && c < ((__int128) 1 << 50);
	}
	int sign = e->op == IR_OP_ADD ? 1 : -1;
	for (int s = 0; s < n_slots; s++)
		if ((coef[s] = ca[s] + sign * cb[s]) <= -LIM || coef[s] >= LIM)
			return false;
	*c0 = a0 + sign * b0;
	return *c0 > -((int64_t) 1 << 50) && *c0 < ((int64_t) 1 << 50);
}

/* Port p's steps when every index is affine in the statement's
 * dimensions and stays inside the producer's box over the whole
 * iteration box (checked at its corners); false otherwise. */
static bool mdl_port_affine(const sim_mdl_stmt *st, const sim_mdl_port *p, int n_slots,
	sim_mdl_cursor *cu)
{
	const sched_stmt *s = st->s;
	const sim_mdl_stmt *pst = p->buf->prod;
	const sched_stmt *ps = pst->s;
	const ir_expr *e = p->a->expr;
	int64_t coef[SCHED_MAX_DIMS * 2 + 8], c0;
	memset(cu, 0, sizeof *cu);
	for (int j = 0; j < ps->n_vars; j++) {
		if (!mdl_linear(e->args[j], n_slots, coef, &c0))
			return false;
		int64_t lo = c0, hi = c0, used = 0;
		for (int d = 0; d < s->n_dims; d++) {
			int64_t c = coef[st->dim_slot[d]];
			used += c != 0;
			int64_t a = c * s->lo[d], b = c * (s->lo[d] + s->ext[d] - 1);
			lo += a < b ? a : b;
			hi += a < b ? b : a;
			cu->step[d] += c * pst->estride[j];
		}
		int64_t n_used = 0;
		for (int k = 0; k < n_slots; k++)
			n_used += coef[k] != 0;
		if (n_used != used)
			return false;	/* a slot that is no dimension */
		if (lo < ps->lo[j] || hi >= ps->lo[j] + ps->ext[j])
			sl_unreachable();	/* bounds inference */
		int64_t first = c0;
		for (int d = 0; d < s->n_dims; d++)
			first += coef[st->dim_slot[d]] * s->lo[d];
		cu->want0 += (first - ps->lo[j]) * pst->estride[j];
	}
	for (int d = 0; d < s->n_dims; d++)
		cu->back[d] = cu->step[d] * (s->ext[d] - 1);
	return true;
}

/* Give port p a cursor: one with the same steps, or a new one. */
static void mdl_port_cursor(sim_mdl_stmt *st, sim_mdl_port *p, int n_slots)
{
	sim_mdl_cursor cu;
	p->cursor = -1;
	if (st->n_iters == 0 || !mdl_port_affine(st, p, n_slots, &cu)) {
		st->need_env = true;
		return;
	}
	int k = 0;
	while (k < st->n_cursors && memcmp(st->cursors[k].step, cu.step, sizeof cu.step))
		k++;
	if (k == st->n_cursors)
		st->cursors[st->n_cursors++] = cu;
	p->cursor = k;
	p->off = cu.want0 - st->cursors[k].want0;
	p->wantp = &st->cursors[k].want;
}

/* The element of the producer that port p reads at the consumer's
 * current iteration (its write index: row-major over the producer's
 * box), the coordinates in c when c is not NULL. */
static int64_t mdl_port_eval(const sim_mdl_stmt *st, const sim_mdl_port *p, int64_t *c)
{
	const sim_mdl_stmt *pst = p->buf->prod;
	const sched_stmt *ps = pst->s;
	const ir_expr *e = p->a->expr;
	int64_t off = 0, cc[SCHED_MAX_DIMS];
	for (int d = 0; d < ps->n_vars; d++) {
		cc[d] = ref_index_fast(e->args[d], st->env);
		if (cc[d] < ps->lo[d] || cc[d] >= ps->lo[d] + ps->ext[d])
			sl_unreachable();	/* bounds inference */
		off += (cc[d] - ps->lo[d]) * pst->estride[d];
		if (c)
			c[d] = cc[d];
	}
	return off;
}

static inline int64_t mdl_port_elem(const sim_mdl_stmt *st, const sim_mdl_port *p)
{
	return p->wantp ? *p->wantp + p->off : mdl_port_eval(st, p, NULL);
}


/* ------------------------------------------------------------ iterations */

/* The statement's current frame is f: its ports' frame bases. */
static void mdl_set_frame(sim_mdl_stmt *st, int64_t f)
{
	st->frame = f;
	for (int k = 0; k < st->n_ports; k++)
		st->ports[k].wbase = f * st->ports[k].buf->n_elems;
}

/* Reset the statement to its first iteration. */
void sim_mdl_iter_start(sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	for (int d = 0; d < s->n_dims; d++) {
		st->it[d] = s->lo[d];
		st->env[st->dim_slot[d]] = s->lo[d];
	}
	for (int k = 0; k < st->n_cursors; k++)
		st->cursors[k].want = st->cursors[k].want0;
	st->t = sched_time(s, st->it);
	st->done = 0;
	mdl_set_frame(st, 0);
}

/* Step to the next iteration in lexicographic order, its time and
 * wanted write indices with it. */
void sim_mdl_iter_next(sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	st->done++;
	for (int d = s->n_dims - 1; d >= 0; d--) {
		if (++st->it[d] < s->lo[d] + s->ext[d]) {
			st->t += s->coef[d];
			if (st->need_env)
				st->env[st->dim_slot[d]] = st->it[d];
			for (int k = 0; k < st->n_cursors; k++)
				st->cursors[k].want += st->cursors[k].step[d];
			return;
		}
		st->t -= s->coef[d] * (s->ext[d] - 1);
		st->it[d] = s->lo[d];
		st->env[st->dim_slot[d]] = s->lo[d];
		for (int k = 0; k < st->n_cursors; k++)
			st->cursors[k].want -= st->cursors[k].back[d];
	}
	/* The frame is done: the next one starts a period later. */
	mdl_set_frame(st, st->frame + 1);
	st->t += st->period;
}

/* Is the statement's schedule increasing in its iteration order, across
 * frames?  Stepping dimension d (the dimensions after it wrapping) moves
 * the cycle by the same amount every time, so its first step decides;
 * the first step that does not move forward is reported as a run meets
 * it: 0, or -1. */
static int mdl_check_order(sim_mdl_run *r, const sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	int64_t inner = 0, span = 1, at = -1;
	int bad = -2;
	if (st->n_iters == 0)
		return 0;
	for (int d = s->n_dims - 1; d >= 0; d--) {
		if (bad == -2 && s->ext[d] >= 2 && s->coef[d] - inner <= 0) {
			bad = d;
			at = span;
		}
		inner += s->coef[d] * (s->ext[d] - 1);
		span *= s->ext[d];
	}
	if (bad == -2 && r->n_frames > 1 && r->period - inner <= 0) {
		bad = -1;
		at = span;
	}
	if (bad == -2)
		return 0;
	int64_t it[SCHED_MAX_DIMS], prev[SCHED_MAX_DIMS];
	for (int d = 0; d < s->n_dims; d++) {
		it[d] = s->lo[d] + (d == bad);
		prev[d] = d > bad ? s->lo[d] + s->ext[d] - 1 : s->lo[d];
	}
	int64_t t = sched_time(s, it) + (bad == -1 ? r->period : 0);
	sl_error(r->ctx, s->decl->loc, "the schedule of '%s' is not increasing in its "
		"iteration order: iteration %lld at cycle %lld after cycle %lld", s->name,
		(long long) at, (long long) t, (long long) sched_time(s, prev));
	return -1;
}

/* ------------------------------------------------------------ write cursors */

/* Before the producer's first write. */
void sim_mdl_wcur_start(sim_mdl_wcur *w, const sim_mdl_buf *b)
{
	const sched_stmt *ps = b->prod->s;
	int64_t it[SCHED_MAX_DIMS];
	memset(w, 0, sizeof *w);
	w->buf = b;
	/* an element is complete at its reduction's last iteration */
	for (int d = 0; d < ps->n_dims; d++)
		it[d] = d < ps->n_vars ? ps->lo[d] : ps->lo[d] + ps->ext[d] - 1;
	memcpy(w->it, it, sizeof it);
	w->t = b->n_elems > 0 ? sched_time(ps, it) + ps->latency : INT64_MAX;
	/* a row: the innermost variable and those before it that continue
	 * its steps in time */
	int nv = ps->n_vars;
	w->dt = nv > 0 ? ps->coef[nv - 1] : 0;
	w->wm = nv > 0 ? nv - 1 : 0;
	w->blk = nv > 0 ? ps->ext[nv - 1] : 1;
	while (w->wm > 0 && ps->coef[w->wm - 1] == w->dt * w->blk && w->blk < ((int64_t) 1 << 40))
		w->blk *= ps->ext[--w->wm];
	w->row_left = w->blk - 1;
}

/* One more write done, at the end of a row of the producer's variables
 * (wm on): the next element's cycle. */
void sim_mdl_wcur_carry(sim_mdl_wcur *w, const sim_mdl_run *r)
{
	const sched_stmt *ps = w->buf->prod->s;
	int nv = ps->n_vars;
	w->n++;
	for (int d = w->wm; d < nv; d++)
		w->it[d] = ps->lo[d] + ps->ext[d] - 1;
	w->row_left = w->blk - 1;
	for (int d = nv - 1; d >= 0; d--) {
		if (++w->it[d] < ps->lo[d] + ps->ext[d]) {
			w->t += ps->coef[d];
			return;
		}
		w->it[d] = ps->lo[d];
		w->t -= ps->coef[d] * (ps->ext[d] - 1);
	}
	w->t = ++w->frame < r->n_frames ? w->t + r->period : INT64_MAX;
}


/* ------------------------------------------------------------ reads */

static void mdl_coords_str(char *buf, size_t size, const int64_t *c, int n)
{
	size_t k = 0;
	k += (size_t) snprintf(buf + k, size - k, "(");
	for (int d = 0; d < n && k < size; d++)
		k += (size_t) snprintf(buf + k, size - k, "%s%lld", d ? ", " : "",
			(long long) c[d]);
	if (k < size)
		snprintf(buf + k, size - k, ")");
}

/* Keep fault "f" when it comes before the one kept. */
static void mdl_fault_note(sim_mdl_run *r, const sim_mdl_fault *f)
{
	const sim_mdl_fault *g = &r->fault;
	bool first = !g->any || f->t < g->t || (f->t == g->t && (f->phase < g->phase
		|| (f->phase == g->phase && (f->stmt < g->stmt
		|| (f->stmt == g->stmt && f->port < g->port)))));
	if (first) {
		r->fault = *f;
		r->fault.any = true;
	}
}

/* The write index a read of a chain with border taps finds (-1: none)
 * when nw writes are done: the chain position its tap and edges name at
 * the current iteration, counted in shifts, every write and each of the
 * chain's vshift_n shifts after a frame's last write (no data), which
 * come before the next frame's first write (the frame period). */
static int64_t mdl_border_held(const sim_mdl_buf *b, const sim_mdl_stmt *st, const ub_port *up,
	int64_t nw)
{
	const ub_buffer *ub = b->ub;
	int64_t tap = up->tap;
	for (int e = 0; e < up->n_edges; e++)
		if (st->it[up->edges[e].dim] == up->edges[e].at)
			tap += up->edges[e].shift;
	int64_t vn = ub->vshift_n, per = b->n_elems + vn, v = st->frame * vn;
	int64_t since = st->t - st->frame * st->period - ub->vshift_start;
	if (vn > 0 && since >= 0)
		v += since / ub->vshift_step + 1 < vn ? since / ub->vshift_step + 1 : vn;
	int64_t s = nw + v - 1 - tap;
	if (s < 0 || tap >= b->cap || s % per >= b->n_elems)
		return -1;
	return s / per * b->n_elems + s % per;
}

/* The write index port p finds at the current iteration when nw writes
 * are done (-1: an empty slot).  A circular buffer's slot want mod C
 * holds the greatest write index below nw in that residue class; a
 * chain's position nw - 1 - dist holds that write while dist is below
 * the capacity, else the slot it wraps to holds write nw - 1 - (dist mod
 * C). */
int64_t sim_mdl_held(const sim_mdl_stmt *st, const sim_mdl_port *p, int64_t nw, int64_t want)
{
	const sim_mdl_buf *b = p->buf;
	if (p->border)
		return mdl_border_held(b, st, p->border, nw);
	if (b->cap <= 0)
		return -1;
	if (p->tap) {
		if (nw - 1 - p->dist < 0)
			return -1;
		return p->dist < b->cap ? nw - 1 - p->dist : nw - 1 - p->dist_mod;
	}
	int64_t res = want % b->cap;
	return nw - 1 < res ? -1 : res + (nw - 1 - res) / b->cap * b->cap;
}

/* Port k of the statement read "held" instead of "want" at cycle t,
 * iteration "done" of frame "frame". */
void sim_mdl_read_fault(sim_mdl_run *r, const sim_mdl_stmt *st, int k, int64_t t, int64_t done,
	int64_t frame, int64_t held, int64_t want)
{
	const sim_mdl_port *p = &st->ports[k];
	sim_mdl_fault f = { true, t, 1, st->s->index, k, done, frame, held, want,
		want - frame * p->buf->n_elems };
	mdl_fault_note(r, &f);
}

static int mdl_report_read(sim_mdl_run *r, const sim_mdl_fault *f)
{
	char cs[256];
	int64_t c[SCHED_MAX_DIMS];
	const sim_mdl_stmt *st = &r->stmts[f->stmt];
	const sim_mdl_port *p = &st->ports[f->port];
	const sim_mdl_stmt *pst = p->buf->prod;
	const sched_stmt *ps = pst->s;
	for (int j = 0; j < ps->n_vars; j++)
		c[j] = ps->lo[j] + (f->elem / pst->estride[j]) % ps->ext[j];
	mdl_coords_str(cs, sizeof cs, c, ps->n_vars);
	if (r->n_frames > 1)
		snprintf(cs + strlen(cs), sizeof cs - strlen(cs), " of frame %lld",
			(long long) f->frame);
	const char *why = f->held < 0 ? "an empty slot: it is not yet written"
		: f->held < f->want ? "an older value: it is not yet written"
		: p->tap ? "a newer value: the tap is too close to the write side"
		: "a newer value: it was overwritten before its last read";
	sl_error(r->ctx, p->a->expr->loc, "the cycle-level model reads '%s'%s at "
		"cycle %lld (iteration %lld of '%s') and finds %s (buffer '%s', %s, "
		"%lld words, write #%lld wanted, slot holds #%lld)",
		ps->name, cs, (long long) f->t, (long long) f->done, st->s->name,
		why, p->buf->ub->name, ub_storage_str(p->buf->ub->storage),
		(long long) p->buf->cap, (long long) f->want, (long long) f->held);
	return -1;
}

/* Frame f's write of element e comes while frame f - 2 still reads it
 * (the model counts two frames' reads). */
static int mdl_report_overlap(sim_mdl_run *r, const sim_mdl_fault *f)
{
	const sim_mdl_stmt *st = &r->stmts[f->stmt];
	sl_error(r->ctx, st->s->decl->loc, "the cycle-level model writes '%s' "
		"element #%lld of frame %lld at cycle %lld while frame %lld still "
		"reads it: the frames overlap too far for its buffer", st->s->name,
		(long long) f->elem, (long long) f->frame, (long long) f->t,
		(long long) f->frame - 2);
	return -1;
}

/* ------------------------------------------------------------ the passes */

/* Progress, every 2^16 iterations. */
void sim_mdl_progress(sim_mdl_run *r, int64_t iters)
{
	int64_t before = r->iters_done;
	r->iters_done += iters;
	if ((before >> 16) == (r->iters_done >> 16) || r->iters_total <= 0)
		return;
	int64_t total = sched_frames_predicted_cycles(r->sp, r->n_frames);
	sl_progress_count((int64_t) ((double) total * (double) r->iters_done
		/ (double) r->iters_total), total);
}

/* Output statement st's values: in every frame each element of its box
 * that lies in the output box (the func's domain may reach past it), the
 * lexicographically last of them written last (the schedule increases
 * in that order, mdl_check_order), a latency after its last iteration. */
static void mdl_outputs(sim_mdl_run *r, const sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	int64_t n = 1, it[SCHED_MAX_DIMS];
	if (st->n_iters == 0)
		return;
	for (int k = 0; k < s->n_dims; k++) {
		int64_t a = s->lo[k], b = s->lo[k] + s->ext[k];
		if (k < s->n_vars) {
			a = a > 0 ? a : 0;
			b = b < d->out_extents[k] ? b : d->out_extents[k];
			n *= b > a ? b - a : 0;
		}
		it[k] = b - 1;
	}
	if (n == 0)
		return;
	r->outputs_written += n * r->n_frames;
	int64_t t = sched_time(s, it) + s->latency + (r->n_frames - 1) * r->period;
	if (t > r->last_out_write)
		r->last_out_write = t;
}

/* The reads of the current iteration, the write cursors at its cycle. */
static void mdl_reads(sim_mdl_run *r, sim_mdl_stmt *st)
{
	for (int k = 0; k < st->n_ports; k++) {
		sim_mdl_port *p = &st->ports[k];
		int64_t elem = mdl_port_elem(st, p), want = p->wbase + elem;
		int64_t held = sim_mdl_held(st, p, st->wcurs[p->wc].n, want);
		if (held != want)
			sim_mdl_read_fault(r, st, k, st->t, st->done, st->frame, held, want);
		if (st->frame == 0 && p->buf->last[elem] < st->t)
			p->buf->last[elem] = st->t;
	}
}

/* Any statement, an iteration at a time. */
static void mdl_pass_general(sim_mdl_run *r, sim_mdl_stmt *st)
{
	sim_mdl_iter_start(st);
	for (int g = 0; g < st->n_wcurs; g++)
		sim_mdl_wcur_start(&st->wcurs[g], st->wcurs[g].buf);
	for (int64_t n = 0; n < st->n_iters; n++) {
		for (int g = 0; g < st->n_wcurs; g++)
			sim_mdl_wcur_at(&st->wcurs[g], r, st->t);
		mdl_reads(r, st);
		sim_mdl_iter_next(st);
		if ((n & 0xFFF) == 0xFFF)
			sim_mdl_progress(r, 0x1000);
	}
	sim_mdl_progress(r, st->n_iters & 0xFFF);
}

/* Every read of statement st checked, its reads' last cycles noted. */
static void mdl_pass(sim_mdl_run *r, sim_mdl_stmt *st)
{
	if (st->n_iters == 0 || st->n_ports == 0) {
		sim_mdl_progress(r, st->n_iters);
		return;
	}
	if (sim_mdl_rows_ok(st))
		sim_mdl_pass_rows(r, st);
	else
		mdl_pass_general(r, st);
}

/* ------------------------------------------------------------ live values */

/* The most of cov0 (cycles lo .. hi) summed over n_frames copies a
 * period apart: only the frames that can overlap one cycle matter, and
 * with all of them present the sum repeats every period, so n_frames
 * beyond that many add no new sums. */
static int64_t mdl_fold_frames(const int32_t *cov0, int64_t lo, int64_t hi, int64_t period,
	int n_frames)
{
	int64_t overlap = period > 0 ? (hi - lo) / period + 1 : 1;
	int64_t nf = n_frames < overlap ? n_frames : overlap, best = 0;
	if (nf == 1) {
		for (int64_t t = 0; t <= hi - lo; t++)
			best = cov0[t] > best ? cov0[t] : best;
		return best;
	}
	for (int64_t t = lo; t <= hi + (nf - 1) * period; t++) {
		int64_t sum = 0;
		for (int64_t f = 0; f < nf && t - f * period >= lo; f++)
			if (t - f * period <= hi)
				sum += cov0[t - f * period - lo];
		if (sum > best)
			best = sum;
	}
	return best;
}

/* Buffer b's live values at most: after a cycle's writes, the elements
 * written and not yet read for the last time (an element lives from its
 * write to its last read, each frame's a period after the one before).
 * With three frames or more, frame f's write of an element must come
 * after frame f - 2's last read of it, as the model counts the reads of
 * two frames (else a fault).  0, or -1 (reported: memory). */
static int mdl_live(sim_mdl_run *r, sim_mdl_buf *b)
{
	sim_mdl_wcur w;
	sim_mdl_wcur_start(&w, b);
	int64_t lo = w.t, hi = SIM_MDL_NEVER;
	for (int64_t e = 0; e < b->n_elems; e++)
		if (b->last[e] > hi)
			hi = b->last[e];
	b->max_live = 0;
	if (hi == SIM_MDL_NEVER)
		return 0;
	const sched_stmt *ps = b->prod->s;
	int64_t span = hi - lo + 2;
	if (!sl_mem_reserve(r->ctx, ps->decl->loc, "live count of buffer", b->ub->name, span,
		sizeof(int32_t)))
		return -1;
	int32_t *cov = sl_xcalloc((size_t) span, sizeof(*cov));
	for (int64_t e = 0; e < b->n_elems; e++) {
		int64_t t = w.t, l = b->last[e];
		if (l != SIM_MDL_NEVER && r->n_frames >= 3 && l >= t + 2 * r->period) {
			sim_mdl_fault f = { true, t + 2 * r->period, 0, ps->index, 0, 0, 2, 0, 0, e };
			mdl_fault_note(r, &f);
		}
		if (l != SIM_MDL_NEVER && l >= t) {
			cov[t - lo]++;
			cov[l + 1 - lo]--;
		}
		sim_mdl_wcur_at(&w, r, t);
	}
	for (int64_t k = 1; k < span; k++)
		cov[k] += cov[k - 1];
	b->max_live = mdl_fold_frames(cov, lo, hi, r->period, r->n_frames);
	free(cov);
	sl_mem_release(r->ctx, (uint64_t) span * sizeof(int32_t));
	return 0;
}
/* The data of input statement "d": by name when the inputs carry their
 * declarations, else by position among the program's inputs. */
static const io_array *mdl_find_input(const ir_program *lp,
	const ref_inputs *in, const ir_decl *d)
{
	if (!in)
		return NULL;
	if (in->decls) {
		for (int i = 0; i < in->n; i++)
			if (in->decls[i] && !strcmp(in->decls[i]->name, d->name))
				return in->arrays[i];
		return NULL;
	}
	int pos = 0;
	for (int i = 0; i < lp->n_decls && lp->decls[i] != d; i++)
		pos += lp->decls[i]->kind == IR_DECL_INPUT;
	return pos < in->n ? in->arrays[pos] : NULL;
}

/* Input statement st's data in every frame, gathered into r->lin (the
 * inputs of the lowered program, by frame). */
static int mdl_bind_input(sim_mdl_run *r, sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	for (int f = 0; f < r->n_frames; f++) {
		const io_array *a = mdl_find_input(r->sp->lowered, &r->in[f], d);
		bool ok = a && ir_type_eq(a->type, d->type) && a->n_dims == s->n_dims;
		for (int i = 0; ok && i < s->n_dims; i++)
			ok = s->lo[i] == 0 && s->ext[i] == a->dims[i];
		if (!ok) {
			sl_error(r->ctx, d->loc, "no data of the shape of input '%s' for "
				"the cycle-level model", d->name);
			return -1;
		}
		ref_inputs *li = &r->lin[f];
		li->decls[li->n] = (ir_decl *) d;
		li->arrays[li->n++] = (io_array *) a;
	}
	return 0;
}

/* A func statement's elements are its lowered func's, whose values
 * ref_run_funcs gives over the same box. */
static void mdl_check_values(const sim_mdl_run *r, const sim_mdl_stmt *st)
{
	const ir_program *lp = r->sp->lowered;
	const ir_decl *d = st->s->decl;
	if (d->index < 0 || d->index >= lp->n_decls || lp->decls[d->index] != d || d->dom_empty)
		sl_unreachable();	/* a statement is a func of the lowered program */
	for (int k = 0; k < st->s->n_vars; k++)
		if (d->dom_lo[k] != st->s->lo[k] || d->dom_ext[k] != st->s->ext[k])
			sl_unreachable();	/* statements.c: the func's domain */
}

/* Reduction statements: the dims after the variables are the reduction
 * variables of the one IR_REDUCE at the top of the body. */
static void mdl_setup_body(sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_expr *body = s->decl->body;
	for (int d = 0; d < s->n_vars; d++)
		st->dim_slot[d] = d;
	st->red_iters = 1;
	if (!s->is_reduction) {
		if (s->n_dims != s->n_vars)
			sl_unreachable();
		return;
	}
	if (body->kind != IR_REDUCE
	    || body->u.reduce.n_rvars != s->n_dims - s->n_vars)
		sl_unreachable();	/* scheduler.h: one reduction at the top */
	for (int k = 0; k < body->u.reduce.n_rvars; k++) {
		const ir_rvar *v = &body->u.reduce.rvars[k];
		int d = s->n_vars + k;
		if (s->lo[d] != v->lo || s->ext[d] != v->hi - v->lo)
			sl_unreachable();
		st->dim_slot[d] = v->slot;
		st->red_iters *= s->ext[d];
	}
}

/* The port of buffer "b" for access "a"; NULL when the mapping has none. */
static const ub_port *mdl_find_port(const sim_mdl_buf *b, const sched_access *a)
{
	for (int i = 0; i < b->ub->n_ports; i++) {
		const ub_port *p = &b->ub->ports[i];
		if (!p->is_write && p->access && p->access->expr == a->expr)
			return p;
	}
	return NULL;
}

/* Port p's write cursor: the statement's one of its buffer, or a new one. */
static void mdl_port_wcur(sim_mdl_stmt *st, sim_mdl_port *p)
{
	int g = 0;
	while (g < st->n_wcurs && st->wcurs[g].buf != p->buf)
		g++;
	if (g == st->n_wcurs)
		st->wcurs[st->n_wcurs++].buf = p->buf;
	p->wc = g;
	/* sim_mdl_held's cases in one comparison (mdl_seg): all but a tap past
	 * its chain's capacity */
	p->fast = p->border || !p->tap || p->dist < p->buf->cap || p->buf->cap <= 0;
}

static int mdl_setup_ports(sim_mdl_run *r, sim_mdl_stmt *st, int n_env)
{
	const sched_stmt *s = st->s;
	st->n_ports = s->n_reads;
	st->ports = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->ports));
	st->cursors = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->cursors));
	st->wcurs = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->wcurs));
	for (int k = 0; k < s->n_reads; k++) {
		sim_mdl_port *p = &st->ports[k];
		p->a = &s->reads[k];
		p->buf = r->stmts[p->a->producer->index].buf;
		const ub_port *up = p->buf ? mdl_find_port(p->buf, p->a) : NULL;
		if (!up) {
			sl_error(r->ctx, p->a->expr->loc, "the unified buffers have "
				"no read port for this access to '%s'",
				p->a->producer->name);
			return -1;
		}
		ub_storage kind = p->buf->ub->storage;
		p->tap = kind == UB_REGISTERS || kind == UB_DELAY_CHAIN;
		p->dist = up->dist;
		p->border = p->tap && p->buf->ub->border ? up : NULL;
		if (p->tap && !up->dist_const && !p->border) {
			sl_error(r->ctx, p->a->expr->loc, "buffer '%s' is a delay "
				"chain but this read has no constant tap",
				p->buf->ub->name);
			return -1;
		}
		p->dist_mod = p->buf->cap > 0 ? p->dist % p->buf->cap : 0;
		mdl_port_cursor(st, p, n_env);
		mdl_port_wcur(st, p);
	}
	return 0;
}

/* Output statement st: its index among the lowered program's outputs. */
static void mdl_setup_output(sim_mdl_run *r, sim_mdl_stmt *st)
{
	const ir_program *lp = r->sp->lowered;
	for (int k = 0; k < lp->n_outputs; k++)
		if (lp->outputs[k] == st->s->decl)
			st->out = k;
}

static int mdl_setup_stmt(sim_mdl_run *r, sim_mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	if (s->n_dims > SCHED_MAX_DIMS || s->n_vars > s->n_dims || s->latency < 1)
		sl_unreachable();
	st->out = -1;
	st->frame_iters = sched_n_iters(s);
	st->n_iters = st->frame_iters * r->n_frames;
	st->period = r->period;
	r->iters_total += st->n_iters;
	int n_env = d->kind == IR_DECL_FUNC && d->n_slots > s->n_dims
		? d->n_slots : s->n_dims;
	st->env = sl_xcalloc((size_t) n_env + 1, sizeof(*st->env));
	int64_t n = 1;
	for (int i = s->n_vars - 1; i >= 0; i--) {
		st->estride[i] = n;
		n *= s->ext[i];
	}
	st->n_elems = n;
	int rc = 0;
	if (s->is_input) {
		for (int i = 0; i < s->n_dims; i++)
			st->dim_slot[i] = i;
		st->red_iters = 1;
		rc = mdl_bind_input(r, st);
	} else {
		mdl_setup_body(st);
		if (st->frame_iters > 0)
			mdl_check_values(r, st);
	}
	if (rc == 0)
		rc = mdl_setup_ports(r, st, n_env);
	if (rc == 0 && s->is_output)
		mdl_setup_output(r, st);
	return rc;
}

/* Buffer "ub": the last read of each element of its producer's box,
 * reserved against the memory limit first.  0, or -1 (reported). */
static int mdl_setup_buffer(sim_mdl_run *r, sim_mdl_buf *b, const ub_buffer *ub)
{
	b->ub = ub;
	b->prod = &r->stmts[ub->producer->index];
	b->prod->buf = b;
	b->cap = ub->capacity_words > 0 ? ub->capacity_words : 0;
	const sched_stmt *s = ub->producer;
	int64_t n = 1;
	for (int d = 0; d < s->n_vars; d++)
		n *= s->ext[d];
	if (!sl_mem_reserve(r->ctx, s->decl->loc, "buffer", ub->name, n + 1, sizeof(*b->last)))
		return -1;
	r->held += (uint64_t) (n + 1) * sizeof(*b->last);
	b->n_elems = n;
	b->last = sl_xmalloc(((size_t) n + 1) * sizeof(*b->last));
	for (int64_t e = 0; e < n; e++)
		b->last[e] = SIM_MDL_NEVER;
	return 0;
}

static int mdl_setup(sim_mdl_run *r)
{
	const sched_program *sp = r->sp;
	r->n_stmts = sp->n_stmts;
	r->stmts = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(*r->stmts));
	r->lin = sl_xcalloc((size_t) r->n_frames, sizeof(*r->lin));
	for (int f = 0; f < r->n_frames; f++) {
		r->lin[f].decls = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(ir_decl *));
		r->lin[f].arrays = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(io_array *));
	}
	for (int i = 0; i < sp->n_stmts; i++) {
		if (sp->stmts[i]->index != i)
			sl_unreachable();
		r->stmts[i].s = sp->stmts[i];
	}
	r->n_bufs = r->ubs->n_buffers;
	r->bufs = sl_xcalloc((size_t) r->n_bufs + 1, sizeof(*r->bufs));
	for (int k = 0; k < r->n_bufs; k++)
		if (mdl_setup_buffer(r, &r->bufs[k], r->ubs->buffers[k]) < 0)
			return -1;
	for (int i = 0; i < sp->n_stmts; i++)
		if (mdl_setup_stmt(r, &r->stmts[i]) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------ the run */

/* The values: every frame's outputs by the reference, into the caller's
 * outputs[f * n_outputs + k] (the compiled reference when the automatic
 * engine compiles the program and $SLUICE_REF names no engine, else the
 * interpreter; both give the same bits).  Their bytes stay reserved by
 * the caller, as the model's outputs were.  0, or -1 (reported). */
static int mdl_values(sim_mdl_run *r)
{
	const ir_program *lp = r->sp->lowered;
	const char *env = getenv("SLUICE_REF");
	ref_engine engine = env && *env ? REF_ENGINE_DEFAULT : REF_ENGINE_AUTO;
	for (int f = 0; f < r->n_frames; f++) {
		io_array **outs = r->outputs + (size_t) f * lp->n_outputs;
		if (ref_run_engine(r->ctx, lp, &r->lin[f], outs, engine) < 0)
			return -1;
		for (int k = 0; k < lp->n_outputs; k++)
			sl_mem_release(r->ctx, (uint64_t) outs[k]->size * sizeof(uint64_t));
	}
	return 0;
}

/* Every statement's order, then its reads, then the buffers' live
 * values; the first fault reported.  0, or -1. */
static int mdl_simulate(sim_mdl_run *r)
{
	for (int i = 0; i < r->n_stmts; i++)
		if (mdl_check_order(r, &r->stmts[i]) < 0)
			return -1;
	for (int i = 0; i < r->n_stmts; i++) {
		const sim_mdl_stmt *st = &r->stmts[i];
		if (st->s->is_input && st->n_iters > 0) {
			int64_t t = sched_last_time(st->s) + (r->n_frames - 1) * r->period;
			if (t > r->last_in_take)
				r->last_in_take = t;
		}
		if (st->out >= 0)
			mdl_outputs(r, st);
		mdl_pass(r, &r->stmts[i]);
	}
	for (int k = 0; k < r->n_bufs; k++)
		if (mdl_live(r, &r->bufs[k]) < 0)
			return -1;
	if (!r->fault.any)
		return 0;
	if (r->fault.phase == 0)
		return mdl_report_overlap(r, &r->fault);
	return mdl_report_read(r, &r->fault);
}

/* The points of output d's box. */
static int64_t mdl_out_size(const ir_decl *d)
{
	int64_t n = 1;
	for (int k = 0; k < d->n_dims; k++)
		n *= d->out_extents[k];
	return n;
}

/* Every output value written, every buffered value read to its end. */
static int mdl_finish(sim_mdl_run *r, sim_model_stats *stats)
{
	const ir_program *lp = r->sp->lowered;
	int64_t want = 0;
	for (int i = 0; i < r->n_stmts; i++)
		if (r->stmts[i].out >= 0)
			want += mdl_out_size(r->stmts[i].s->decl) * r->n_frames;
	if (r->outputs_written != want) {
		sl_error(r->ctx, lp->n_outputs ? lp->outputs[0]->loc : sl_noloc,
			"the cycle-level model wrote %lld of the %lld output values",
			(long long) r->outputs_written, (long long) want);
		return -1;
	}
	/* Done once the last output value is out and the last input element
	 * taken (docs/hardware.md). */
	stats->cycles = (r->last_out_write > r->last_in_take ? r->last_out_write : r->last_in_take) + 1;
	stats->outputs_checked = r->outputs_written;
	stats->n_buffers = r->n_bufs;
	stats->max_live = sl_xcalloc((size_t) r->n_bufs + 1, sizeof(int64_t));
	for (int k = 0; k < r->n_bufs; k++)
		stats->max_live[k] = r->bufs[k].max_live;
	for (int i = 0; i < r->n_stmts; i++) {
		stats->iterations += r->stmts[i].n_iters;
		stats->reads += r->stmts[i].n_iters * r->stmts[i].n_ports;
	}
	return 0;
}

static void mdl_teardown(sim_mdl_run *r)
{
	for (int i = 0; i < r->n_stmts; i++) {
		free(r->stmts[i].env);
		free(r->stmts[i].ports);
		free(r->stmts[i].cursors);
		free(r->stmts[i].wcurs);
	}
	for (int k = 0; k < r->n_bufs; k++)
		free(r->bufs[k].last);
	for (int f = 0; f < r->n_frames && r->lin; f++) {
		free(r->lin[f].decls);
		free(r->lin[f].arrays);
	}
	free(r->lin);
	free(r->stmts);
	free(r->bufs);
	sl_mem_release(r->ctx, r->held);
}

void sim_model_stats_release(sim_model_stats *stats)
{
	free(stats->max_live);
	stats->max_live = NULL;
}

int sim_model_run_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, int n_frames, io_array **outputs, sim_model_stats *stats)
{
	sim_mdl_run r;
	memset(&r, 0, sizeof r);
	memset(stats, 0, sizeof *stats);
	r.ctx = ctx;
	r.sp = sp;
	r.ubs = ubs;
	r.n_frames = n_frames;
	r.period = sched_frame_period(sp);
	r.in = in;
	r.outputs = outputs;
	r.last_out_write = -1;
	r.last_in_take = -1;
	const ir_program *lp = sp->lowered;
	size_t n_out = outputs ? (size_t) n_frames * lp->n_outputs : 0;
	for (size_t i = 0; i < n_out; i++)
		outputs[i] = NULL;
	if (n_frames < 1)
		sl_unreachable();
	int rc = mdl_setup(&r);
	/* the values' compile (a first run) shows inside the model's line */
	sl_progress_push("cycle-level model, cycles");
	if (rc == 0 && outputs)
		rc = mdl_values(&r);
	if (rc == 0)
		rc = mdl_simulate(&r);
	sl_progress_pop();
	if (rc == 0)
		rc = mdl_finish(&r, stats);
	mdl_teardown(&r);
	if (rc < 0)
		for (size_t i = 0; i < n_out; i++) {
			io_array_free(outputs[i]);
			outputs[i] = NULL;
		}
	return rc;
}

int sim_model_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, io_array **outputs, sim_model_stats *stats)
{
	return sim_model_run_frames(ctx, sp, ubs, in, 1, outputs, stats);
}
