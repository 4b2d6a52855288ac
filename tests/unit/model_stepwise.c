/* tests/unit/model_stepwise.c: the cycle-level model as sim/model.c was
 * before it checked reads statement by statement (commit 0471f3d), kept
 * as an independent oracle for t_model_stepwise.cpp: it steps every
 * cycle in time order, a cycle's writes before its reads, and tags every
 * slot of every buffer with the write index it holds, so the verdict of
 * each read (and the first violation, the live values and the cycles)
 * comes from simulated state, not from the write counts sim/model.c
 * derives them from.  Its values are the interpreter's (ref_run_funcs).
 * Only stepwise_model_run_frames is exported; the run state is owned
 * here and freed before returning. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

int stepwise_model_run_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, int n_frames, io_array **outputs, sim_model_stats *stats);

/* ------------------------------------------------------------ run state */

/* a mod d without a division, for a, d < 2^32 (Lemire, Kaser and Kurz,
 * "Faster remainder by direct computation", 2019); "big" falls back to %. */
typedef struct mdl_mod {
	uint64_t d, m;
	bool big;
} mdl_mod;

static mdl_mod mdl_mod_make(uint64_t d, uint64_t max_a)
{
	mdl_mod f = { d, 0, d == 0 || d >> 32 || max_a >> 32 };
	if (!f.big)
		f.m = ~(uint64_t) 0 / d + 1;
	return f;
}

static inline uint64_t mdl_mod_of(const mdl_mod *f, uint64_t a)
{
	if (f->big)
		return a % f->d;
	return (uint64_t) (((unsigned __int128) (f->m * a) * f->d) >> 64);
}

typedef struct mdl_stmt mdl_stmt;

/* One buffer as mapped: the slots' tags and the accounting of live
 * values. */
typedef struct mdl_buf {
	const ub_buffer *ub;
	mdl_stmt *prod;
	int64_t cap;
	mdl_mod mod;		/* by cap */
	int64_t *tag;		/* write index held, -1 when empty */
	int64_t n_writes;
	int64_t wslot;		/* n_writes mod cap */
	int64_t n_elems;	/* elements per frame (the producer's box) */
	int32_t *reads;		/* by element, row-major over the producer box:
				 * the reads it sees in a frame */
	int32_t *left;		/* reads still to come: two frames of n_elems
				 * (frame f at (f & 1) * n_elems) */
	int64_t live, max_live;
} mdl_buf;

/* A read port of a statement. */
typedef struct mdl_port {
	const sched_access *a;
	mdl_buf *buf;
	bool tap;		/* delay chain: read at "dist" from the newest */
	int64_t dist;
	const ub_port *border;	/* a chain with border taps: the port, whose
				 * tap and edges pick the position by the
				 * iteration (ubuffer/border.c) */
	int64_t dist_mod;	/* dist mod the capacity */
	/* Affine indices: the write index the current iteration reads is
	 * cursor "cursor"'s plus "off"; -1: it is evaluated. */
	int cursor;
	int64_t off;
	const int64_t *wantp;	/* &cursors[cursor].want, or NULL */
	/* For the reader's current frame f: */
	int64_t wbase;		/* f * the producer's n_elems */
	int32_t *left;		/* the producer's left[] of frame f */
} mdl_port;

/* A write index stepped with the iteration, shared by the affine ports
 * whose indices differ by constants only (a stencil's taps). */
typedef struct mdl_cursor {
	int64_t want, want0;	/* now, and at the first iteration */
	int64_t step[SCHED_MAX_DIMS];	/* per dimension stepped by one */
	int64_t back[SCHED_MAX_DIMS];	/* step * (ext - 1): a wrap */
} mdl_cursor;

/* A result on its way to its buffer. */
typedef struct mdl_pending {
	int64_t time;
	int64_t elem;		/* row-major over the statement's box */
	int64_t frame;		/* its write index is frame * n_elems + elem */
	int64_t out_off;	/* offset in the frame's output array, or -1 */
} mdl_pending;

struct mdl_stmt {
	const sched_stmt *s;
	mdl_buf *buf;
	io_array **outs;	/* by frame: the output arrays, or NULL */
	int input;		/* input statements: the index in r->lin[f] */
	int64_t n_elems;	/* elements per frame */
	int64_t frame;		/* of the current iteration */
	int64_t red_iters;	/* iterations per element (1 if no reduction) */
	int64_t red_k;		/* the current iteration's place in its element */
	int64_t elem;		/* the current iteration's element */
	int dim_slot[SCHED_MAX_DIMS];
	int64_t estride[SCHED_MAX_DIMS];	/* var dims, row-major */
	int64_t *env;
	int64_t it[SCHED_MAX_DIMS];
	int64_t t, prev_t, done, n_iters;	/* n_iters: every frame's */
	int64_t frame_iters;	/* iterations per frame */
	int64_t period;		/* the run's */
	int n_ports;
	mdl_port *ports;
	int n_cursors;
	mdl_cursor *cursors;	/* n_ports of room */
	bool need_env;		/* a port evaluates its indices */
	mdl_pending *q;		/* a ring of q_cap (a power of two) entries */
	int64_t q_head, q_len, q_cap;
};

typedef struct mdl_run {
	sl_ctx *ctx;
	const sched_program *sp;
	const ub_set *ubs;
	int n_stmts;
	mdl_stmt *stmts;
	int n_bufs;
	mdl_buf *bufs;
	int n_frames;
	int64_t period;		/* frame f fires f * period cycles after frame 0 */
	const ref_inputs *in;	/* by frame, as given */
	ref_inputs *lin;	/* by frame: the same arrays for the lowered inputs */
	/* By frame: the values of the lowered program's funcs (ref_run_funcs,
	 * computed at the frame's first write, freed after its last) and
	 * the writes still to come. */
	uint64_t ***funcs;
	int64_t *writes_left;
	int64_t writes_per_frame;
	int64_t last_out_write;
	int64_t last_in_take;	/* cycle of the last input element taken */
	int64_t outputs_written;
	uint64_t held;		/* bytes reserved for the buffers */
} mdl_run;

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
static bool mdl_port_affine(const mdl_stmt *st, const mdl_port *p, int n_slots,
	mdl_cursor *cu)
{
	const sched_stmt *s = st->s;
	const mdl_stmt *pst = p->buf->prod;
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
static void mdl_port_cursor(mdl_stmt *st, mdl_port *p, int n_slots)
{
	mdl_cursor cu;
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
static int64_t mdl_port_eval(const mdl_stmt *st, const mdl_port *p, int64_t *c)
{
	const mdl_stmt *pst = p->buf->prod;
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

static inline int64_t mdl_port_elem(const mdl_stmt *st, const mdl_port *p)
{
	return p->wantp ? *p->wantp + p->off : mdl_port_eval(st, p, NULL);
}

/* ------------------------------------------------------------ iterations */

/* The statement's current frame is f: its ports' frame bases. */
static void mdl_set_frame(mdl_stmt *st, int64_t f)
{
	st->frame = f;
	for (int k = 0; k < st->n_ports; k++) {
		mdl_port *p = &st->ports[k];
		p->wbase = f * p->buf->n_elems;
		p->left = p->buf->left + (f & 1) * p->buf->n_elems;
	}
}

/* Reset the statement to its first iteration. */
static void mdl_iter_start(mdl_stmt *st)
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
	st->red_k = 0;
	st->elem = 0;
	mdl_set_frame(st, 0);
}

/* Step to the next iteration in lexicographic order, its time, element
 * and wanted write indices with it. */
static void mdl_iter_next(mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	st->done++;
	if (++st->red_k == st->red_iters) {
		st->red_k = 0;
		st->elem++;
	}
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
	st->elem = 0;
}

/* ------------------------------------------------------------ reads and writes */

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

static int mdl_violation(mdl_run *r, const mdl_stmt *st, const mdl_port *p,
	int64_t held, int64_t want, int64_t elem)
{
	char cs[256];
	int64_t c[SCHED_MAX_DIMS];
	const mdl_stmt *pst = p->buf->prod;
	const sched_stmt *ps = pst->s;
	for (int j = 0; j < ps->n_vars; j++)
		c[j] = ps->lo[j] + (elem / pst->estride[j]) % ps->ext[j];
	mdl_coords_str(cs, sizeof cs, c, ps->n_vars);
	if (r->n_frames > 1)
		snprintf(cs + strlen(cs), sizeof cs - strlen(cs), " of frame %lld",
			(long long) st->frame);
	const char *why = held < 0 ? "an empty slot: it is not yet written"
		: held < want ? "an older value: it is not yet written"
		: p->tap ? "a newer value: the tap is too close to the write side"
		: "a newer value: it was overwritten before its last read";
	sl_error(r->ctx, p->a->expr->loc, "the cycle-level model reads '%s'%s at "
		"cycle %lld (iteration %lld of '%s') and finds %s (buffer '%s', %s, "
		"%lld words, write #%lld wanted, slot holds #%lld)",
		ps->name, cs, (long long) st->t, (long long) st->done, st->s->name,
		why, p->buf->ub->name, ub_storage_str(p->buf->ub->storage),
		(long long) p->buf->cap, (long long) want, (long long) held);
	return -1;
}

/* The write index a read of a chain with border taps finds (-1: none):
 * the chain position its tap and edges name at the current iteration,
 * counted in shifts, every write and each of the chain's vshift_n
 * shifts after a frame's last write (no data), which come before the
 * next frame's first write (the frame period). */
static int64_t mdl_border_held(const mdl_buf *b, const mdl_stmt *st, const ub_port *up)
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
	int64_t s = b->n_writes + v - 1 - tap;
	if (s < 0 || tap >= b->cap || s % per >= b->n_elems)
		return -1;
	return s / per * b->n_elems + s % per;
}

/* Read port k of the statement's current iteration: its slot must hold
 * the element it wants. */
static inline int mdl_read(mdl_run *r, mdl_stmt *st, mdl_port *p)
{
	mdl_buf *b = p->buf;
	int64_t elem = mdl_port_elem(st, p);
	int64_t want = p->wbase + elem;	/* its write index */
	int64_t held = -1;
	if (p->border) {
		held = mdl_border_held(b, st, p->border);
	} else if (p->tap) {
		/* Position n_writes - 1 - dist of the chain.  The writes come in
		 * write-index order (mdl_write checks it), so while dist is below
		 * the capacity that slot still holds write #(n_writes - 1 - dist):
		 * its tag, without reading it. */
		int64_t pos = b->n_writes - 1 - p->dist;
		if (pos >= 0 && b->cap > 0) {
			if (p->dist < b->cap) {
				held = pos;
			} else {
				int64_t addr = b->wslot - 1 - p->dist_mod;
				held = b->tag[addr < 0 ? addr + b->cap : addr];
			}
		}
	} else if (b->cap > 0 && want >= 0) {
		held = b->tag[mdl_mod_of(&b->mod, (uint64_t) want)];
	}
	if (held != want)
		return mdl_violation(r, st, p, held, want, elem);
	if (--p->left[elem] == 0)
		b->live--;
	return 0;
}

/* The values of frame f's funcs, computed at its first write. */
static const uint64_t *const *mdl_frame_values(mdl_run *r, int64_t f)
{
	const ir_program *lp = r->sp->lowered;
	if (r->funcs[f])
		return (const uint64_t *const *) r->funcs[f];
	r->funcs[f] = sl_xcalloc((size_t) lp->n_decls + 1, sizeof(**r->funcs));
	if (ref_run_funcs(r->ctx, lp, &r->lin[f], r->funcs[f]) < 0) {
		free(r->funcs[f]);
		r->funcs[f] = NULL;
		return NULL;
	}
	return (const uint64_t *const *) r->funcs[f];
}

static void mdl_frame_release(mdl_run *r, int64_t f)
{
	for (int i = 0; r->funcs[f] && i < r->sp->lowered->n_decls; i++)
		free(r->funcs[f][i]);
	free(r->funcs[f]);
	r->funcs[f] = NULL;
}

/* The value of element "elem" of statement st in frame f. */
static int mdl_value(mdl_run *r, const mdl_stmt *st, int64_t f, int64_t elem, uint64_t *v)
{
	const sched_stmt *s = st->s;
	if (s->is_input) {
		*v = r->lin[f].arrays[st->input]->data[elem];
		return 0;
	}
	const uint64_t *const *funcs = mdl_frame_values(r, f);
	if (!funcs)
		return -1;
	*v = funcs[s->decl->index][elem];
	return 0;
}

/* A result reaches its buffer (and the output it belongs to). */
static int mdl_write(mdl_run *r, mdl_stmt *st, const mdl_pending *p)
{
	if (st->outs && p->out_off >= 0) {
		/* An output value; the func's domain may reach past its box. */
		if (mdl_value(r, st, p->frame, p->elem, &st->outs[p->frame]->data[p->out_off]) < 0)
			return -1;
		r->outputs_written++;
		if (p->time > r->last_out_write)
			r->last_out_write = p->time;
	}
	if (--r->writes_left[p->frame] == 0)
		mdl_frame_release(r, p->frame);
	mdl_buf *b = st->buf;
	if (!b)
		return 0;
	int64_t windex = p->frame * b->n_elems + p->elem;
	if (windex != b->n_writes) {
		sl_error(r->ctx, st->s->decl->loc, "the cycle-level model writes "
			"'%s' in another order than its buffer's write index: write "
			"#%lld at cycle %lld has index %lld", st->s->name,
			(long long) b->n_writes, (long long) p->time,
			(long long) windex);
		return -1;
	}
	if (b->cap > 0) {
		b->tag[b->wslot] = windex;
		if (++b->wslot == b->cap)
			b->wslot = 0;
	}
	b->n_writes++;
	int32_t *left = &b->left[(p->frame & 1) * b->n_elems + p->elem];
	if (*left != 0) {
		sl_error(r->ctx, st->s->decl->loc, "the cycle-level model writes '%s' "
			"element #%lld of frame %lld at cycle %lld while frame %lld still "
			"reads it: the frames overlap too far for its buffer", st->s->name,
			(long long) p->elem, (long long) p->frame, (long long) p->time,
			(long long) p->frame - 2);
		return -1;
	}
	*left = b->reads[p->elem];
	if (*left > 0 && ++b->live > b->max_live)
		b->max_live = b->live;
	return 0;
}

static void mdl_queue_push(mdl_stmt *st, const mdl_pending *p)
{
	if (st->q_len == st->q_cap) {
		int64_t cap = st->q_cap ? 2 * st->q_cap : 8;
		mdl_pending *q = sl_xcalloc((size_t) cap, sizeof(*q));
		for (int64_t i = 0; i < st->q_len; i++)
			q[i] = st->q[(st->q_head + i) & (st->q_cap - 1)];
		free(st->q);
		st->q = q;
		st->q_cap = cap;
		st->q_head = 0;
	}
	st->q[(st->q_head + st->q_len++) & (st->q_cap - 1)] = *p;
}

/* The offset of the current element in the output box, or -1. */
static int64_t mdl_out_off(const mdl_stmt *st)
{
	const io_array *o = st->outs[0];
	int64_t off = 0;
	for (int d = 0; d < o->n_dims; d++) {
		if (st->it[d] < 0 || st->it[d] >= o->dims[d])
			return -1;
		off = off * o->dims[d] + st->it[d];
	}
	return off;
}

/* Fire the statement's current iteration at cycle st->t. */
static int mdl_fire(mdl_run *r, mdl_stmt *st)
{
	if (st->done > 0 && st->t <= st->prev_t) {
		sl_error(r->ctx, st->s->decl->loc, "the schedule of '%s' is not "
			"increasing in its iteration order: iteration %lld at cycle "
			"%lld after cycle %lld", st->s->name, (long long) st->done,
			(long long) st->t, (long long) st->prev_t);
		return -1;
	}
	st->prev_t = st->t;
	if (st->s->is_input)
		r->last_in_take = st->t;
	for (int k = 0; k < st->n_ports; k++)
		if (mdl_read(r, st, &st->ports[k]) < 0)
			return -1;
	if (st->red_k != st->red_iters - 1)
		return 0;	/* a reduction's element is not complete yet */
	mdl_pending p = { st->t + st->s->latency, st->elem, st->frame,
		st->outs ? mdl_out_off(st) : -1 };
	mdl_queue_push(st, &p);
	return 0;
}

/* ------------------------------------------------------------ the run */

/* The reads of a statement whose ports are all affine, dimension d on,
 * the cursors at want[0 .. n_cursors) (room for n_dims - d such rows):
 * the innermost dimension as one strided loop per port. */
static void mdl_count_affine(mdl_stmt *st, int d, int64_t *want)
{
	const sched_stmt *s = st->s;
	int64_t *w = want + st->n_cursors;
	memcpy(w, want, (size_t) st->n_cursors * sizeof(*w));
	if (d + 1 < s->n_dims) {
		for (int64_t i = 0; i < s->ext[d]; i++) {
			mdl_count_affine(st, d + 1, w);
			for (int k = 0; k < st->n_cursors; k++)
				w[k] += st->cursors[k].step[d];
		}
		return;
	}
	for (int k = 0; k < st->n_ports; k++) {
		const mdl_port *p = &st->ports[k];
		int32_t *left = p->buf->reads;
		int64_t e = w[p->cursor] + p->off, step = st->cursors[p->cursor].step[d];
		for (int64_t i = 0; i < s->ext[d]; i++, e += step)
			left[e]++;
	}
}

/* Count, for every element of every buffer, the reads it will see in a
 * frame. */
static void mdl_count_reads(mdl_run *r)
{
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		if (st->n_ports == 0 || st->n_iters == 0)
			continue;
		if (!st->need_env && st->s->n_dims > 0) {
			int64_t *w = sl_xcalloc((size_t) (st->s->n_dims + 2) * st->n_cursors,
				sizeof(*w));
			for (int k = 0; k < st->n_cursors; k++)
				w[k] = st->cursors[k].want0;
			mdl_count_affine(st, 0, w);
			free(w);
			continue;
		}
		mdl_iter_start(st);
		for (int64_t n = 0; n < st->frame_iters; n++) {
			for (int k = 0; k < st->n_ports; k++) {
				mdl_port *p = &st->ports[k];
				p->buf->reads[mdl_port_elem(st, p)]++;
			}
			mdl_iter_next(st);
		}
	}
}

/* The writes of cycle "now", then its firings; the next cycle with an
 * event (INT64_MAX when none is left). */
static int mdl_cycle(mdl_run *r, int64_t now, int64_t *next)
{
	int64_t nt = INT64_MAX;
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		while (st->q_len > 0 && st->q[st->q_head].time == now) {
			mdl_pending p = st->q[st->q_head];
			st->q_head = (st->q_head + 1) & (st->q_cap - 1);
			st->q_len--;
			if (mdl_write(r, st, &p) < 0)
				return -1;
		}
	}
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		if (st->done < st->n_iters && st->t == now) {
			if (mdl_fire(r, st) < 0)
				return -1;
			mdl_iter_next(st);
		}
		if (st->done < st->n_iters && st->t < nt)
			nt = st->t;
		if (st->q_len > 0 && st->q[st->q_head].time < nt)
			nt = st->q[st->q_head].time;
	}
	*next = nt;
	return 0;
}

static int mdl_simulate(mdl_run *r)
{
	mdl_count_reads(r);
	int64_t now = INT64_MAX;
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		if (st->n_iters == 0)
			continue;
		mdl_iter_start(st);
		if (st->t < now)
			now = st->t;
	}
	int64_t total = sched_frames_predicted_cycles(r->sp, r->n_frames);
	for (uint32_t k = 0; now != INT64_MAX; k++) {
		if (mdl_cycle(r, now, &now) < 0)
			return -1;
		if ((k & 0xFFFF) == 0 && now != INT64_MAX)
			sl_progress_count(now, total);
	}
	return 0;
}

/* ------------------------------------------------------------ setup */

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
static int mdl_bind_input(mdl_run *r, mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	st->input = r->lin[0].n;
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
static void mdl_check_values(const mdl_run *r, const mdl_stmt *st)
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
static void mdl_setup_body(mdl_stmt *st)
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
static const ub_port *mdl_find_port(const mdl_buf *b, const sched_access *a)
{
	for (int i = 0; i < b->ub->n_ports; i++) {
		const ub_port *p = &b->ub->ports[i];
		if (!p->is_write && p->access && p->access->expr == a->expr)
			return p;
	}
	return NULL;
}

static int mdl_setup_ports(mdl_run *r, mdl_stmt *st, int n_env)
{
	const sched_stmt *s = st->s;
	st->n_ports = s->n_reads;
	st->ports = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->ports));
	st->cursors = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->cursors));
	for (int k = 0; k < s->n_reads; k++) {
		mdl_port *p = &st->ports[k];
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
	}
	return 0;
}

/* Output statement st's arrays, one per frame: outputs[f * n_outputs + k]. */
static int mdl_setup_output(mdl_run *r, mdl_stmt *st, io_array **outputs)
{
	const ir_program *lp = r->sp->lowered;
	const ir_decl *d = st->s->decl;
	for (int k = 0; k < lp->n_outputs; k++) {
		if (lp->outputs[k] != d)
			continue;
		st->outs = sl_xcalloc((size_t) r->n_frames, sizeof(*st->outs));
		for (int f = 0; f < r->n_frames; f++) {
			io_array *a = io_array_alloc(d->type, d->n_dims, d->out_extents);
			outputs[(size_t) f * lp->n_outputs + k] = st->outs[f] = a;
			if (!a) {
				sl_error(r->ctx, d->loc, "out of memory for output '%s'", d->name);
				return -1;
			}
		}
	}
	return 0;
}

static int mdl_setup_stmt(mdl_run *r, mdl_stmt *st, io_array **outputs)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	if (s->n_dims > SCHED_MAX_DIMS || s->n_vars > s->n_dims || s->latency < 1)
		sl_unreachable();
	st->frame_iters = sched_n_iters(s);
	st->n_iters = st->frame_iters * r->n_frames;
	st->period = r->period;
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
	if (st->frame_iters > 0)
		r->writes_per_frame += st->n_elems;
	if (rc == 0)
		rc = mdl_setup_ports(r, st, n_env);
	if (rc == 0 && s->is_output)
		rc = mdl_setup_output(r, st, outputs);
	return rc;
}

/* The storage of buffer "ub": its slots (value and tag) and the reads
 * left of each element of its producer's box, reserved against the
 * memory limit first.  0, or -1 (reported). */
static int mdl_setup_buffer(mdl_run *r, mdl_buf *b, const ub_buffer *ub)
{
	b->ub = ub;
	b->prod = &r->stmts[ub->producer->index];
	b->prod->buf = b;
	b->cap = ub->capacity_words > 0 ? ub->capacity_words : 0;
	const sched_stmt *s = ub->producer;
	int64_t n = 1;
	for (int d = 0; d < s->n_vars; d++)
		n *= s->ext[d];
	int64_t bytes = (b->cap + 1) * (int64_t) sizeof(*b->tag) +
		(n + 1) * (int64_t) sizeof(*b->reads) + (2 * n + 1) * (int64_t) sizeof(*b->left);
	if (!sl_mem_reserve(r->ctx, s->decl->loc, "buffer", ub->name, bytes, 1))
		return -1;
	r->held += (uint64_t) bytes;
	b->tag = sl_xmalloc(((size_t) b->cap + 1) * sizeof(*b->tag));
	for (int64_t i = 0; i < b->cap; i++)
		b->tag[i] = -1;
	b->n_elems = n;
	b->mod = mdl_mod_make((uint64_t) b->cap, (uint64_t) n * (uint64_t) r->n_frames);
	b->reads = sl_xcalloc((size_t) n + 1, sizeof(*b->reads));
	b->left = sl_xcalloc(2 * (size_t) n + 1, sizeof(*b->left));
	return 0;
}

static int mdl_setup(mdl_run *r, io_array **outputs)
{
	const sched_program *sp = r->sp;
	r->n_stmts = sp->n_stmts;
	r->stmts = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(*r->stmts));
	r->lin = sl_xcalloc((size_t) r->n_frames, sizeof(*r->lin));
	for (int f = 0; f < r->n_frames; f++) {
		r->lin[f].decls = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(ir_decl *));
		r->lin[f].arrays = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(io_array *));
	}
	r->funcs = sl_xcalloc((size_t) r->n_frames, sizeof(*r->funcs));
	r->writes_left = sl_xcalloc((size_t) r->n_frames, sizeof(*r->writes_left));
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
		if (mdl_setup_stmt(r, &r->stmts[i], outputs) < 0)
			return -1;
	for (int f = 0; f < r->n_frames; f++)
		r->writes_left[f] = r->writes_per_frame;
	return 0;
}

/* Every output value written, every buffered value read to its end. */
static int mdl_finish(mdl_run *r, sim_model_stats *stats)
{
	const ir_program *lp = r->sp->lowered;
	int64_t want = 0;
	for (int i = 0; i < r->n_stmts; i++)
		if (r->stmts[i].outs)
			want += r->stmts[i].outs[0]->size * r->n_frames;
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
	for (int k = 0; k < r->n_bufs; k++) {
		if (r->bufs[k].live != 0)
			sl_unreachable();	/* the pre-pass counted these reads */
		stats->max_live[k] = r->bufs[k].max_live;
	}
	for (int i = 0; i < r->n_stmts; i++) {
		stats->iterations += r->stmts[i].n_iters;
		stats->reads += r->stmts[i].n_iters * r->stmts[i].n_ports;
	}
	return 0;
}

static void mdl_teardown(mdl_run *r)
{
	for (int i = 0; i < r->n_stmts; i++) {
		free(r->stmts[i].env);
		free(r->stmts[i].ports);
		free(r->stmts[i].cursors);
		free(r->stmts[i].outs);
		free(r->stmts[i].q);
	}
	for (int k = 0; k < r->n_bufs; k++) {
		free(r->bufs[k].tag);
		free(r->bufs[k].reads);
		free(r->bufs[k].left);
	}
	for (int f = 0; f < r->n_frames; f++) {
		if (r->funcs)
			mdl_frame_release(r, f);
		if (r->lin) {
			free(r->lin[f].decls);
			free(r->lin[f].arrays);
		}
	}
	free(r->funcs);
	free(r->lin);
	free(r->writes_left);
	free(r->stmts);
	free(r->bufs);
	sl_mem_release(r->ctx, r->held);
}

int stepwise_model_run_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, int n_frames, io_array **outputs, sim_model_stats *stats)
{
	mdl_run r;
	memset(&r, 0, sizeof r);
	memset(stats, 0, sizeof *stats);
	r.ctx = ctx;
	r.sp = sp;
	r.ubs = ubs;
	r.n_frames = n_frames;
	r.period = sched_frame_period(sp);
	r.in = in;
	r.last_out_write = -1;
	r.last_in_take = -1;
	const ir_program *lp = sp->lowered;
	size_t n_out = (size_t) n_frames * lp->n_outputs;
	for (size_t i = 0; i < n_out; i++)
		outputs[i] = NULL;
	if (n_frames < 1)
		sl_unreachable();
	int rc = mdl_setup(&r, outputs);
	sl_progress_push("cycle-level model, cycles");
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
