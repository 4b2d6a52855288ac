/* scheduler/statements.c: the statements of a lowered program.
 * Stage: lower -> [statements] -> schedule.  One statement per input
 * stream and per stored func: its iteration box, its reads of other
 * statements, its readers, and the datapath latency the RTL will build. */
#include <string.h>

#include "scheduler/scheduler_private.h"

/* Multiplier and divider levels on the longest path of a value tree:
 * each adds one pipeline register after the operand registers. */
static int mul_depth(const ir_expr *e)
{
	if (ir_type_none(e->type) && e->kind != IR_REDUCE && e->kind != IR_ACCESS &&
	    e->kind != IR_CAST)
		return 0;	/* an index: computed by address generators */
	int d = 0;
	for (int i = 0; i < e->n_args; i++) {
		int a = mul_depth(e->args[i]);
		d = a > d ? a : d;
	}
	if (e->kind == IR_REDUCE)
		d = mul_depth(e->u.reduce.body);
	if (e->kind == IR_BINARY && (ir_op_info[e->op].hw == IR_HW_MUL ||
	    ir_op_info[e->op].hw == IR_HW_DIV))
		d++;
	return d;
}

int sched_latency(const ir_decl *f)
{
	if (f->kind != IR_DECL_FUNC)
		return 1;
	return 1 + mul_depth(f->body);
}

typedef struct builder {
	sl_ctx *ctx;
	sched_program *sp;
	sched_stmt **by_decl;	/* lowered decl index -> statement */
	int cap_reads;
	int n_reads;
	sched_access *reads;
} builder;

static void collect_reads(builder *b, const ir_expr *e)
{
	if (e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST) {
		if (b->n_reads == b->cap_reads) {
			b->cap_reads = b->cap_reads ? 2 * b->cap_reads : 8;
			b->reads = sl_xrealloc(b->reads, b->cap_reads * sizeof(*b->reads));
		}
		b->reads[b->n_reads].expr = e;
		b->reads[b->n_reads++].producer = b->by_decl[e->u.access.decl->index];
	}
	if (e->kind == IR_REDUCE)
		collect_reads(b, e->u.reduce.body);
	for (int i = 0; i < e->n_args; i++)
		collect_reads(b, e->args[i]);
}

static sched_stmt *new_stmt(builder *b, const ir_decl *d)
{
	sched_program *sp = b->sp;
	sched_stmt *s = sl_alloc(b->ctx, sizeof(*s));
	s->name = d->name;
	s->decl = d;
	s->index = sp->n_stmts;
	s->is_input = d->kind == IR_DECL_INPUT;
	s->is_output = d->is_output;
	s->n_vars = d->n_dims;
	s->latency = sched_latency(d);
	for (int i = 0; i < d->n_dims; i++) {
		s->lo[i] = s->is_input ? 0 : d->dom_lo[i];
		s->ext[i] = s->is_input ? d->extents[i] : d->dom_ext[i];
	}
	s->n_dims = s->n_vars;
	sp->stmts[sp->n_stmts++] = s;
	b->by_decl[d->index] = s;
	return s;
}

static bool add_rvars(builder *b, sched_stmt *s)
{
	const ir_expr *body = s->decl->body;
	if (body->kind != IR_REDUCE)
		return true;
	s->is_reduction = true;
	for (int i = 0; i < body->u.reduce.n_rvars; i++) {
		const ir_rvar *r = &body->u.reduce.rvars[i];
		if (s->n_dims == SCHED_MAX_DIMS) {
			sl_error(b->ctx, r->loc, "'%s' has more than %d dimensions with its reduction",
				s->name, SCHED_MAX_DIMS);
			return false;
		}
		s->lo[s->n_dims] = r->lo;
		s->ext[s->n_dims++] = r->hi - r->lo;
	}
	return true;
}

static void add_user(sl_ctx *ctx, sched_stmt *p, sched_stmt *user)
{
	p->users = (sched_stmt **) sl_ptr_set_add(ctx, (void **) p->users, &p->n_users, user);
}

sched_program *sched_build_statements(sl_ctx *ctx, ir_program *lowered,
	const sched_options *opts)
{
	sched_program *sp = sl_xcalloc(1, sizeof(*sp));
	builder b = { ctx, sp, NULL, 0, 0, NULL };
	sp->ctx = ctx;
	sp->lowered = lowered;
	sp->opts = *opts;
	sp->stmts = sl_alloc(ctx, lowered->n_decls * sizeof(*sp->stmts));
	b.by_decl = sl_alloc(ctx, lowered->n_decls * sizeof(*b.by_decl));
	for (int i = 0; i < lowered->n_decls; i++)
		if (lowered->decls[i]->kind == IR_DECL_INPUT)
			new_stmt(&b, lowered->decls[i]);
	bool ok = true;
	for (int i = 0; i < lowered->n_decls; i++) {
		const ir_decl *d = lowered->decls[i];
		if (d->kind != IR_DECL_FUNC)
			continue;
		sched_stmt *s = new_stmt(&b, d);
		ok = add_rvars(&b, s) && ok;
		b.n_reads = 0;
		collect_reads(&b, d->body);
		s->n_reads = b.n_reads;
		s->reads = sl_alloc(ctx, b.n_reads * sizeof(*s->reads));
		if (b.n_reads)
			memcpy(s->reads, b.reads, b.n_reads * sizeof(*s->reads));
		for (int k = 0; k < s->n_reads; k++)
			add_user(ctx, s->reads[k].producer, s);
	}
	free(b.reads);
	if (!ok) {
		sched_program_free(sp);
		return NULL;
	}
	return sp;
}

void sched_program_free(sched_program *sp)
{
	free(sp);
}

int64_t sched_time(const sched_stmt *s, const int64_t *it)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		t += s->coef[d] * (it[d] - s->lo[d]);
	return t;
}

int64_t sched_n_iters(const sched_stmt *s)
{
	int64_t n = 1;
	for (int d = 0; d < s->n_dims; d++)
		n *= s->ext[d];
	return n;
}

int64_t sched_last_time(const sched_stmt *s)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		t += s->coef[d] * (s->ext[d] - 1);
	return t;
}

const sched_stmt *sched_controller(const sched_program *sp, const sched_stmt *s)
{
	if (s->decl->lanes <= 1 || sp->opts.lanes_apart)
		return s;
	for (int i = s->index - s->decl->lane; i >= 0 && i < s->index; i++) {
		const sched_stmt *z = sp->stmts[i];
		bool same = z->decl->lane_of == s->decl->lane_of && z->n_dims == s->n_dims &&
			z->offset == s->offset;
		for (int d = 0; same && d < s->n_dims; d++)
			same = z->lo[d] == s->lo[d] && z->ext[d] == s->ext[d] &&
				z->coef[d] == s->coef[d];
		if (same)
			return z;
	}
	return s;
}

int64_t sched_frame_period(const sched_program *sp)
{
	int64_t p = 1;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (sched_n_iters(s) == 0)
			continue;
		int64_t lo[SCHED_MAX_DIMS];
		for (int d = 0; d < s->n_dims; d++)
			lo[d] = s->lo[d];
		int64_t first = sched_time(s, lo), span = sched_last_time(s) - first + 1;
		p = span > p ? span : p;
		for (int u = 0; u < s->n_users; u++) {
			/* The next frame's first write after this frame's last read. */
			int64_t life = sched_last_time(s->users[u]) - (first + s->latency) + 1;
			p = life > p ? life : p;
		}
	}
	return p;
}

int64_t sched_frames_predicted_cycles(const sched_program *sp, int n_frames)
{
	return sp->predicted_cycles + (int64_t) (n_frames - 1) * sched_frame_period(sp);
}

int sched_read_slot(const sched_stmt *s, const ir_expr *e)
{
	for (int k = 0; k < s->n_reads; k++)
		if (s->reads[k].expr == e)
			return k;
	sl_unreachable();	/* the scheduler lists every read */
}
