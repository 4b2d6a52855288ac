/* sim/model.c: the cycle-level model of a mapped design.
 * Stage: sim, after scheduler and ubuffer.  Statement iterations fire at
 * their scheduled cycles, merged in time order by a small heap (writes of
 * a cycle before its reads); each statement's results wait in a FIFO until
 * their write cycle.  Every buffer is storage exactly as the ub_set mapped
 * it: capacity_words slots addressed by write order (write index modulo
 * the capacity for a circular buffer, the tap at a port's distance from
 * the newest write for a delay chain), each slot tagged with the write
 * index it holds, so a read that finds another element is a violation.
 * The run state is owned here and freed before returning; the output
 * arrays and stats->max_live belong to the caller. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

/* ------------------------------------------------------------ run state */

/* A value expression compiled against its statement's read ports. */
typedef enum mdl_kind {
	M_CONST, M_VAR, M_INDEX, M_READ, M_ROM,
	M_UNARY, M_BINARY, M_SHIFT, M_SELECT, M_CAST,
} mdl_kind;

typedef struct mdl_node mdl_node;
struct mdl_node {
	mdl_kind kind;
	ir_op op;
	ir_type type;		/* of the result */
	ir_type atype;		/* operand type of an operator */
	ir_type btype;		/* shift: type of the amount */
	int n_args;
	mdl_node **args;
	uint64_t cval;		/* CONST */
	int slot;		/* VAR: environment slot; READ: port */
	const ir_expr *expr;	/* INDEX: the index expression */
	const ir_decl *rom;	/* ROM: the const */
	int64_t *rom_stride;
};

typedef struct mdl_stmt mdl_stmt;

/* One buffer as mapped: the slots, their tags, and the accounting of
 * live values. */
typedef struct mdl_buf {
	const ub_buffer *ub;
	int index;		/* in the ub_set */
	mdl_stmt *prod;
	int64_t cap;
	uint64_t *val;
	int64_t *tag;		/* write index held, -1 when empty */
	int64_t n_writes;
	int32_t *reads_left;	/* by element, row-major over the producer box */
	int64_t live, max_live;
} mdl_buf;

/* A read port of a statement. */
typedef struct mdl_port {
	const sched_access *a;
	mdl_buf *buf;
	bool tap;		/* delay chain: read at "dist" from the newest */
	int64_t dist;
} mdl_port;

/* A result on its way to its buffer. */
typedef struct mdl_pending {
	int64_t time;
	int64_t elem;		/* row-major over the statement's box */
	int64_t windex;		/* its write index, -1 without a buffer */
	int64_t out_off;	/* offset in the output array, or -1 */
	uint64_t val;
} mdl_pending;

struct mdl_stmt {
	const sched_stmt *s;
	mdl_buf *buf;
	io_array *out;		/* the output array, or NULL */
	const io_array *input;	/* input statements: the data */
	mdl_node *body;		/* value (a reduction's body) */
	ir_reduce_op red_op;
	int64_t red_iters;	/* iterations per element (1 if no reduction) */
	uint64_t acc;
	int dim_slot[SCHED_MAX_DIMS];
	int64_t estride[SCHED_MAX_DIMS];	/* var dims, row-major */
	int64_t *env;
	int64_t it[SCHED_MAX_DIMS];
	int64_t t, prev_t, done, n_iters;
	int n_ports;
	mdl_port *ports;
	uint64_t *vals;
	mdl_pending *q;
	int q_head, q_len, q_cap;
};

typedef struct mdl_heap_ent {
	int64_t key;		/* 2 * cycle, + 1 for a firing (after writes) */
	int id;			/* 2 * statement + (1 for a firing) */
} mdl_heap_ent;

typedef struct mdl_run {
	sl_ctx *ctx;
	const sched_program *sp;
	const ub_set *ubs;
	int n_stmts;
	mdl_stmt *stmts;
	int n_bufs;
	mdl_buf *bufs;
	mdl_heap_ent *heap;
	int heap_len;
	int64_t last_out_write;
	int64_t last_in_take;	/* cycle of the last input element taken */
	int64_t outputs_written;
	uint64_t held;		/* bytes reserved for the buffers */
} mdl_run;

/* ------------------------------------------------------------ the heap */

static void mdl_heap_push(mdl_run *r, int64_t key, int id)
{
	int i = r->heap_len++;
	while (i > 0) {
		int p = (i - 1) / 2;
		if (r->heap[p].key <= key)
			break;
		r->heap[i] = r->heap[p];
		i = p;
	}
	r->heap[i].key = key;
	r->heap[i].id = id;
}

static mdl_heap_ent mdl_heap_pop(mdl_run *r)
{
	mdl_heap_ent top = r->heap[0];
	mdl_heap_ent last = r->heap[--r->heap_len];
	int n = r->heap_len, i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && r->heap[c + 1].key < r->heap[c].key)
			c++;
		if (last.key <= r->heap[c].key)
			break;
		r->heap[i] = r->heap[c];
		i = c;
	}
	if (n > 0)
		r->heap[i] = last;
	return top;
}

/* ------------------------------------------------------------ expressions */

static mdl_node *mdl_compile(mdl_run *r, const sched_stmt *s, const ir_expr *e);

static mdl_node *mdl_node_new(mdl_run *r, mdl_kind k, const ir_expr *e, int n)
{
	mdl_node *m = sl_alloc(r->ctx, sizeof(*m));
	m->kind = k;
	m->op = e->op;
	m->type = e->type;
	m->expr = e;
	m->n_args = n;
	m->args = sl_alloc(r->ctx, (size_t) (n ? n : 1) * sizeof(*m->args));
	return m;
}

static mdl_node *mdl_compile_access(mdl_run *r, const sched_stmt *s,
	const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	if (d->kind != IR_DECL_CONST) {
		mdl_node *m = mdl_node_new(r, M_READ, e, 0);
		m->slot = sched_read_slot(s, e);
		return m;
	}
	mdl_node *m = mdl_node_new(r, M_ROM, e, e->n_args);
	m->rom = d;
	m->rom_stride = sl_alloc(r->ctx, (size_t) (d->n_dims + 1) * sizeof(int64_t));
	int64_t n = 1;
	for (int i = d->n_dims - 1; i >= 0; i--) {
		m->rom_stride[i] = n;
		n *= d->extents[i];
	}
	for (int i = 0; i < e->n_args; i++)
		m->args[i] = mdl_compile(r, s, e->args[i]);
	return m;
}

static mdl_node *mdl_compile(mdl_run *r, const sched_stmt *s, const ir_expr *e)
{
	if (ir_type_none(e->type) && e->kind != IR_ACCESS)
		return mdl_node_new(r, M_INDEX, e, 0);
	mdl_node *m;
	switch (e->kind) {
	case IR_CONST:
		m = mdl_node_new(r, M_CONST, e, 0);
		m->cval = e->u.cval;
		return m;
	case IR_VAR:
		m = mdl_node_new(r, M_VAR, e, 0);
		m->slot = e->u.var.slot;
		return m;
	case IR_ACCESS:
		return mdl_compile_access(r, s, e);
	case IR_UNARY: m = mdl_node_new(r, M_UNARY, e, 1); break;
	case IR_BINARY:
		m = mdl_node_new(r, e->op == IR_OP_SHL || e->op == IR_OP_SHR
			? M_SHIFT : M_BINARY, e, 2);
		break;
	case IR_SELECT: m = mdl_node_new(r, M_SELECT, e, 3); break;
	case IR_CAST: m = mdl_node_new(r, M_CAST, e, 1); break;
	default:
		sl_unreachable();	/* a reduction below the top of a body */
	}
	for (int i = 0; i < m->n_args; i++)
		m->args[i] = mdl_compile(r, s, e->args[i]);
	m->atype = e->args[0]->type;
	if (m->kind == M_BINARY && ir_type_none(m->atype))
		m->atype = e->args[1]->type;
	if (m->kind == M_SHIFT)
		m->btype = e->args[1]->type;
	return m;
}

static uint64_t mdl_eval(const mdl_stmt *st, const mdl_node *m);

static uint64_t mdl_eval_rom(const mdl_stmt *st, const mdl_node *m)
{
	int64_t off = 0;
	for (int i = 0; i < m->n_args; i++) {
		uint64_t idx = mdl_eval(st, m->args[i]);
		if (idx >= (uint64_t) m->rom->extents[i])
			sl_unreachable();	/* the front end bounds every ROM read */
		off += (int64_t) idx * m->rom_stride[i];
	}
	return m->rom->data[off];
}

/* The value of "m" for the statement's current iteration; reads were
 * done before (st->vals). */
static uint64_t mdl_eval(const mdl_stmt *st, const mdl_node *m)
{
	switch (m->kind) {
	case M_CONST:
		return m->cval;
	case M_VAR:
		return ref_norm(m->type, (uint64_t) st->env[m->slot]);
	case M_INDEX:
		return (uint64_t) ref_index_fast(m->expr, st->env);
	case M_READ:
		return st->vals[m->slot];
	case M_ROM:
		return mdl_eval_rom(st, m);
	case M_UNARY:
		return ir_eval_unop(m->op, m->atype, mdl_eval(st, m->args[0]));
	case M_BINARY:
		return ref_binop(m->op, m->atype, mdl_eval(st, m->args[0]),
			mdl_eval(st, m->args[1]));
	case M_SHIFT:
		return ir_eval_binop(m->op, m->atype, mdl_eval(st, m->args[0]),
			ir_shift_amount(m->btype, mdl_eval(st, m->args[1])));
	case M_SELECT:
		return mdl_eval(st, m->args[mdl_eval(st, m->args[0]) ? 1 : 2]);
	case M_CAST:
		return ref_norm(m->type, mdl_eval(st, m->args[0]));
	}
	sl_unreachable();
}

/* ------------------------------------------------------------ iterations */

/* Reset the statement to its first iteration. */
static void mdl_iter_start(mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	for (int d = 0; d < s->n_dims; d++) {
		st->it[d] = s->lo[d];
		st->env[st->dim_slot[d]] = s->lo[d];
	}
	st->t = sched_time(s, st->it);
	st->done = 0;
}

/* Step to the next iteration in lexicographic order, the time with it. */
static void mdl_iter_next(mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	st->done++;
	for (int d = s->n_dims - 1; d >= 0; d--) {
		if (++st->it[d] < s->lo[d] + s->ext[d]) {
			st->t += s->coef[d];
			st->env[st->dim_slot[d]] = st->it[d];
			return;
		}
		st->t -= s->coef[d] * (s->ext[d] - 1);
		st->it[d] = s->lo[d];
		st->env[st->dim_slot[d]] = s->lo[d];
	}
}

/* The element of producer "ps" that access "a" reads at the consumer's
 * current iteration: coordinates in c, row-major offset returned, or -1
 * when it is outside the producer's box. */
static int64_t mdl_access_elem(const mdl_stmt *st, const sched_access *a,
	const mdl_stmt *pst, int64_t *c)
{
	const sched_stmt *ps = pst->s;
	const ir_expr *e = a->expr;
	int64_t off = 0;
	for (int d = 0; d < ps->n_vars; d++) {
		c[d] = ref_index_fast(e->args[d], st->env);
		if (c[d] < ps->lo[d] || c[d] >= ps->lo[d] + ps->ext[d])
			return -1;
		off += (c[d] - ps->lo[d]) * pst->estride[d];
	}
	return off;
}

/* Append e.g. "(3, 4)" for the coordinates c[0..n). */
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

/* ------------------------------------------------------------ reads and writes */

static int mdl_violation(mdl_run *r, const mdl_stmt *st, const mdl_port *p,
	const int64_t *c, int64_t held, int64_t want)
{
	char cs[256];
	const sched_stmt *ps = p->buf->prod->s;
	mdl_coords_str(cs, sizeof cs, c, ps->n_vars);
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

/* Read port k of the statement's current iteration into st->vals[k]. */
static int mdl_read(mdl_run *r, mdl_stmt *st, int k)
{
	mdl_port *p = &st->ports[k];
	mdl_buf *b = p->buf;
	int64_t c[SCHED_MAX_DIMS];
	int64_t elem = mdl_access_elem(st, p->a, b->prod, c);
	if (elem < 0)
		sl_unreachable();	/* the pre-pass saw the same read */
	int64_t want = ub_write_index(b->ub, c);
	int64_t addr = -1;
	if (p->tap) {
		int64_t pos = b->n_writes - 1 - p->dist;
		if (pos >= 0 && b->cap > 0)
			addr = pos % b->cap;
	} else if (b->cap > 0 && want >= 0) {
		addr = want % b->cap;
	}
	int64_t held = addr < 0 ? -1 : b->tag[addr];
	if (held != want)
		return mdl_violation(r, st, p, c, held, want);
	st->vals[k] = b->val[addr];
	if (--b->reads_left[elem] == 0)
		b->live--;
	return 0;
}

/* A result reaches its buffer (and the output it belongs to). */
static int mdl_write(mdl_run *r, mdl_stmt *st, const mdl_pending *p)
{
	if (st->out && p->out_off >= 0) {
		/* An output value; the func's domain may reach past its box. */
		st->out->data[p->out_off] = p->val;
		r->outputs_written++;
		if (p->time > r->last_out_write)
			r->last_out_write = p->time;
	}
	mdl_buf *b = st->buf;
	if (!b)
		return 0;
	if (p->windex != b->n_writes) {
		sl_error(r->ctx, st->s->decl->loc, "the cycle-level model writes "
			"'%s' in another order than its buffer's write index: write "
			"#%lld at cycle %lld has index %lld", st->s->name,
			(long long) b->n_writes, (long long) p->time,
			(long long) p->windex);
		return -1;
	}
	if (b->cap > 0) {
		int64_t slot = b->n_writes % b->cap;
		b->val[slot] = p->val;
		b->tag[slot] = p->windex;
	}
	b->n_writes++;
	if (b->reads_left[p->elem] > 0 && ++b->live > b->max_live)
		b->max_live = b->live;
	return 0;
}

static void mdl_queue_push(mdl_stmt *st, const mdl_pending *p)
{
	if (st->q_len == st->q_cap) {
		int cap = st->q_cap ? 2 * st->q_cap : 8;
		mdl_pending *q = sl_xcalloc((size_t) cap, sizeof(*q));
		for (int i = 0; i < st->q_len; i++)
			q[i] = st->q[(st->q_head + i) % st->q_cap];
		free(st->q);
		st->q = q;
		st->q_cap = cap;
		st->q_head = 0;
	}
	st->q[(st->q_head + st->q_len++) % st->q_cap] = *p;
}

/* The offset of the current element in the output box, or -1. */
static int64_t mdl_out_off(const mdl_stmt *st)
{
	const io_array *o = st->out;
	int64_t off = 0;
	for (int d = 0; d < o->n_dims; d++) {
		if (st->it[d] < 0 || st->it[d] >= o->dims[d])
			return -1;
		off = off * o->dims[d] + st->it[d];
	}
	return off;
}

/* The value computed by the current iteration, or false when the element
 * is not complete yet (a reduction's inner iteration). */
static bool mdl_compute(mdl_stmt *st, uint64_t *val)
{
	if (st->input) {
		*val = st->input->data[st->done];
		return true;
	}
	uint64_t v = mdl_eval(st, st->body);
	if (st->red_iters == 0) {
		*val = v;
		return true;
	}
	int64_t k = st->done % st->red_iters;
	ir_type t = st->s->decl->type;
	if (k == 0)
		st->acc = st->red_op == IR_RED_SUM ? 0
			: st->red_op == IR_RED_MAXIMUM ? ir_type_min(t) : ir_type_max(t);
	ir_op op = st->red_op == IR_RED_SUM ? IR_OP_ADD
		: st->red_op == IR_RED_MAXIMUM ? IR_OP_MAX : IR_OP_MIN;
	st->acc = ref_binop(op, t, st->acc, v);
	*val = st->acc;
	return k == st->red_iters - 1;
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
	if (st->s->is_input && st->t > r->last_in_take)
		r->last_in_take = st->t;
	for (int k = 0; k < st->n_ports; k++)
		if (mdl_read(r, st, k) < 0)
			return -1;
	mdl_pending p;
	if (!mdl_compute(st, &p.val))
		return 0;
	p.time = st->t + st->s->latency;
	p.elem = st->red_iters ? st->done / st->red_iters : st->done;
	p.windex = st->buf ? ub_write_index(st->buf->ub, st->it) : -1;
	p.out_off = st->out ? mdl_out_off(st) : -1;
	if (st->q_len == 0)
		mdl_heap_push(r, 2 * p.time, 2 * (int) (st - r->stmts));
	mdl_queue_push(st, &p);
	return 0;
}

/* ------------------------------------------------------------ the run */

/* Handle the next event: a write (the head of a statement's FIFO) or a
 * firing. */
static int mdl_step(mdl_run *r)
{
	mdl_heap_ent ev = mdl_heap_pop(r);
	mdl_stmt *st = &r->stmts[ev.id / 2];
	if (ev.id % 2 == 0) {
		mdl_pending p = st->q[st->q_head];
		st->q_head = (st->q_head + 1) % st->q_cap;
		st->q_len--;
		if (st->q_len > 0)
			mdl_heap_push(r, 2 * st->q[st->q_head].time, ev.id);
		return mdl_write(r, st, &p);
	}
	if (mdl_fire(r, st) < 0)
		return -1;
	mdl_iter_next(st);
	if (st->done < st->n_iters)
		mdl_heap_push(r, 2 * st->t + 1, ev.id);
	return 0;
}

/* Count, for every element of every buffer, the reads it will see. */
static void mdl_count_reads(mdl_run *r)
{
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		if (st->n_ports == 0 || st->n_iters == 0)
			continue;
		mdl_iter_start(st);
		for (int64_t n = 0; n < st->n_iters; n++) {
			for (int k = 0; k < st->n_ports; k++) {
				int64_t c[SCHED_MAX_DIMS];
				mdl_port *p = &st->ports[k];
				int64_t e = mdl_access_elem(st, p->a, p->buf->prod, c);
				if (e < 0)
					sl_unreachable();	/* bounds inference */
				p->buf->reads_left[e]++;
			}
			mdl_iter_next(st);
		}
	}
}

static int mdl_simulate(mdl_run *r)
{
	mdl_count_reads(r);
	for (int i = 0; i < r->n_stmts; i++) {
		mdl_stmt *st = &r->stmts[i];
		if (st->n_iters == 0)
			continue;
		mdl_iter_start(st);
		mdl_heap_push(r, 2 * st->t + 1, 2 * i + 1);
	}
	while (r->heap_len > 0)
		if (mdl_step(r) < 0)
			return -1;
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

static int mdl_bind_input(mdl_run *r, mdl_stmt *st, const ref_inputs *in)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	const io_array *a = mdl_find_input(r->sp->lowered, in, d);
	bool ok = a && ir_type_eq(a->type, d->type) && a->n_dims == s->n_dims;
	for (int i = 0; ok && i < s->n_dims; i++)
		ok = s->lo[i] == 0 && s->ext[i] == a->dims[i];
	if (!ok) {
		sl_error(r->ctx, d->loc, "no data of the shape of input '%s' for "
			"the cycle-level model", d->name);
		return -1;
	}
	st->input = a;
	return 0;
}

/* Reduction statements: the dims after the variables are the reduction
 * variables of the one IR_REDUCE at the top of the body. */
static int mdl_setup_body(mdl_run *r, mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	const ir_expr *body = s->decl->body;
	for (int d = 0; d < s->n_vars; d++)
		st->dim_slot[d] = d;
	if (!s->is_reduction) {
		if (s->n_dims != s->n_vars)
			sl_unreachable();
		st->body = mdl_compile(r, s, body);
		return 0;
	}
	if (body->kind != IR_REDUCE
	    || body->u.reduce.n_rvars != s->n_dims - s->n_vars)
		sl_unreachable();	/* scheduler.h: one reduction at the top */
	st->red_op = body->u.reduce.op;
	st->red_iters = 1;
	for (int k = 0; k < body->u.reduce.n_rvars; k++) {
		const ir_rvar *v = &body->u.reduce.rvars[k];
		int d = s->n_vars + k;
		if (s->lo[d] != v->lo || s->ext[d] != v->hi - v->lo)
			sl_unreachable();
		st->dim_slot[d] = v->slot;
		st->red_iters *= s->ext[d];
	}
	st->body = mdl_compile(r, s, body->u.reduce.body);
	return 0;
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

static int mdl_setup_ports(mdl_run *r, mdl_stmt *st)
{
	const sched_stmt *s = st->s;
	st->n_ports = s->n_reads;
	st->ports = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->ports));
	st->vals = sl_xcalloc((size_t) (s->n_reads + 1), sizeof(*st->vals));
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
		if (p->tap && !up->dist_const) {
			sl_error(r->ctx, p->a->expr->loc, "buffer '%s' is a delay "
				"chain but this read has no constant tap",
				p->buf->ub->name);
			return -1;
		}
	}
	return 0;
}

static int mdl_setup_output(mdl_run *r, mdl_stmt *st, io_array **outputs)
{
	const ir_program *lp = r->sp->lowered;
	const ir_decl *d = st->s->decl;
	for (int k = 0; k < lp->n_outputs; k++) {
		if (lp->outputs[k] != d)
			continue;
		outputs[k] = io_array_alloc(d->type, d->n_dims, d->out_extents);
		if (!outputs[k]) {
			sl_error(r->ctx, d->loc, "out of memory for output '%s'", d->name);
			return -1;
		}
		st->out = outputs[k];
	}
	return 0;
}

static int mdl_setup_stmt(mdl_run *r, mdl_stmt *st, const ref_inputs *in,
	io_array **outputs)
{
	const sched_stmt *s = st->s;
	const ir_decl *d = s->decl;
	if (s->n_dims > SCHED_MAX_DIMS || s->n_vars > s->n_dims || s->latency < 1)
		sl_unreachable();
	st->n_iters = sched_n_iters(s);
	int n_env = d->kind == IR_DECL_FUNC && d->n_slots > s->n_dims
		? d->n_slots : s->n_dims;
	st->env = sl_xcalloc((size_t) n_env + 1, sizeof(*st->env));
	int64_t n = 1;
	for (int i = s->n_vars - 1; i >= 0; i--) {
		st->estride[i] = n;
		n *= s->ext[i];
	}
	int rc = s->is_input ? mdl_bind_input(r, st, in) : mdl_setup_body(r, st);
	if (rc == 0)
		rc = mdl_setup_ports(r, st);
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
	int64_t bytes = b->cap * 16 + n * 4;
	if (!sl_mem_reserve(r->ctx, s->decl->loc, "buffer", ub->name, bytes, 1))
		return -1;
	r->held += (uint64_t) bytes;
	b->val = sl_xcalloc((size_t) b->cap + 1, sizeof(*b->val));
	b->tag = sl_xmalloc(((size_t) b->cap + 1) * sizeof(*b->tag));
	for (int64_t i = 0; i < b->cap; i++)
		b->tag[i] = -1;
	b->reads_left = sl_xcalloc((size_t) n + 1, sizeof(*b->reads_left));
	return 0;
}

static int mdl_setup(mdl_run *r, const ref_inputs *in, io_array **outputs)
{
	const sched_program *sp = r->sp;
	r->n_stmts = sp->n_stmts;
	r->stmts = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(*r->stmts));
	r->heap = sl_xcalloc(2 * (size_t) sp->n_stmts + 2, sizeof(*r->heap));
	for (int i = 0; i < sp->n_stmts; i++) {
		if (sp->stmts[i]->index != i)
			sl_unreachable();
		r->stmts[i].s = sp->stmts[i];
	}
	r->n_bufs = r->ubs->n_buffers;
	r->bufs = sl_xcalloc((size_t) r->n_bufs + 1, sizeof(*r->bufs));
	for (int k = 0; k < r->n_bufs; k++) {
		r->bufs[k].index = k;
		if (mdl_setup_buffer(r, &r->bufs[k], r->ubs->buffers[k]) < 0)
			return -1;
	}
	for (int i = 0; i < sp->n_stmts; i++)
		if (mdl_setup_stmt(r, &r->stmts[i], in, outputs) < 0)
			return -1;
	return 0;
}

/* Every output value written, every buffered value read to its end. */
static int mdl_finish(mdl_run *r, sim_model_stats *stats)
{
	const ir_program *lp = r->sp->lowered;
	int64_t want = 0;
	for (int i = 0; i < r->n_stmts; i++)
		if (r->stmts[i].out)
			want += r->stmts[i].out->size;
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
		free(r->stmts[i].vals);
		free(r->stmts[i].q);
	}
	for (int k = 0; k < r->n_bufs; k++) {
		free(r->bufs[k].val);
		free(r->bufs[k].tag);
		free(r->bufs[k].reads_left);
	}
	free(r->stmts);
	free(r->bufs);
	free(r->heap);
	sl_mem_release(r->ctx, r->held);
}

void sim_model_stats_release(sim_model_stats *stats)
{
	free(stats->max_live);
	stats->max_live = NULL;
}

int sim_model_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, io_array **outputs, sim_model_stats *stats)
{
	mdl_run r;
	memset(&r, 0, sizeof r);
	memset(stats, 0, sizeof *stats);
	r.ctx = ctx;
	r.sp = sp;
	r.ubs = ubs;
	r.last_out_write = -1;
	r.last_in_take = -1;
	const ir_program *lp = sp->lowered;
	for (int i = 0; i < lp->n_outputs; i++)
		outputs[i] = NULL;
	int rc = mdl_setup(&r, in, outputs);
	if (rc == 0)
		rc = mdl_simulate(&r);
	if (rc == 0)
		rc = mdl_finish(&r, stats);
	mdl_teardown(&r);
	if (rc < 0)
		for (int i = 0; i < lp->n_outputs; i++) {
			io_array_free(outputs[i]);
			outputs[i] = NULL;
		}
	return rc;
}
