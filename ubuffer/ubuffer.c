/* ubuffer/ubuffer.c: the unified buffers of a scheduled program.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  One buffer per statement that
 * is read or is an output: its write port, one read port per access that
 * reads it, exact sizes (analysis.c) and the storage mapping:
 *   - every read port at a constant distance in writes: a delay chain
 *     tapped at those distances (map_delay_chain);
 *   - reads at a constant distance except near a border (clamped or
 *     mirrored indices): one delay chain tapped at the interior's
 *     distances, a read near a border picking the tap its index names
 *     (border.c);
 *   - otherwise a circular buffer addressed by write order, banked when
 *     it has more read ports than one SRAM serves: a register file when
 *     small (LUT RAM on boards that have it, flip-flops elsewhere), else
 *     block RAM (map_circular_mem).
 * Every delay chain is laid out by the rule of storage/storage.c
 * (ub_chain_layout); the rule across buffers is stated here once:
 *   - a pack (ub_pack): delay chains whose
 *     producers have one schedule (box, coefficients, offset, latency)
 *     shift on the same cycles, and when their runs are the same too,
 *     group g of each is one memory, the buffers' words side by side in
 *     buffer order: harris's lxx, lyy and lxy (two 58-word runs of 32 bits
 *     each) are one 58x192 FIFO, and the k lane banks of an unrolled func
 *     one FIFO of k lanes' words, which packs block RAM as the lanes'
 *     separate memories cannot (ceil(k w / W) blocks, not k ceil(w / W)).
 * A ub_set owns its buffers, their ports and runs (heap); names and
 * statements belong to the scheduler. */
#include <stdlib.h>
#include <string.h>

#include "ubuffer/ubuffer_private.h"

void ub_options_default(ub_options *opts)
{
	/* Up to 7 words a chain of registers is cheaper than an SRAM with
	 * its address counters. */
	opts->register_threshold = 8;
	opts->sram_read_ports = 1;
	opts->pack = true;
	opts->ram = UB_RAM_AUTO;
	opts->bd = NULL;
	opts->isl_budget = UB_ISL_BUDGET;
	opts->max_walk_steps = UB_MAX_WALK_STEPS;
	opts->walk_below = UB_WALK_BELOW;
}

int64_t ub_write_index(const ub_buffer *buf, const int64_t *e)
{
	const sched_stmt *p = buf->producer;
	int64_t r = 0;

	for (int d = 0; d < p->n_vars; d++)
		r = r * p->ext[d] + (e[d] - p->lo[d]);
	return r;
}

/* The reads of "s" by its users (each user once, in statement order):
 * not a scan of every statement, so that a long chain stays linear. */
static int count_read_ports(const sched_stmt *s)
{
	int n = 0;
	for (int c = 0; c < s->n_users; c++)
		for (int k = 0; k < s->users[c]->n_reads; k++)
			n += s->users[c]->reads[k].producer == s;
	return n;
}

/* Are index expressions a and b the same expression?  (Index forms only:
 * anything else compares unequal.) */
static bool same_index(const ir_expr *a, const ir_expr *b)
{
	if (a->kind != b->kind || a->n_args != b->n_args)
		return false;
	switch (a->kind) {
	case IR_CONST:
		return a->u.cval == b->u.cval && ir_type_none(a->type) == ir_type_none(b->type);
	case IR_VAR:
		return a->u.var.slot == b->u.var.slot;
	case IR_UNARY:
	case IR_BINARY:
		if (a->op != b->op || !ir_type_none(a->type) || !ir_type_none(b->type))
			return false;
		for (int i = 0; i < a->n_args; i++)
			if (!same_index(a->args[i], b->args[i]))
				return false;
		return true;
	default:
		return false;
	}
}

/* Mark read ports that repeat an earlier read of the same reader, or of
 * a lane of its declaration that shares its schedule generator (the
 * same fires and counters, sched_controller): the same index
 * expressions read the same element in the same cycle, so one read (one
 * block-RAM copy) serves both lanes. */
static void find_same_reads(const sched_program *sp, ub_buffer *buf)
{
	for (int i = 1; i < buf->n_ports; i++) {
		ub_port *p = &buf->ports[i];
		p->same_as = -1;
		for (int j = 1; j < i && p->same_as < 0; j++) {
			const ub_port *q = &buf->ports[j];
			const ir_expr *a = p->access->expr, *b = q->access->expr;
			bool same = q->same_as < 0 && a->n_args == b->n_args &&
				(q->stmt == p->stmt ||
				 sched_controller(sp, q->stmt) == sched_controller(sp, p->stmt));
			for (int k = 0; same && k < a->n_args; k++)
				same = same_index(a->args[k], b->args[k]);
			if (same)
				p->same_as = j;
		}
	}
}

/* The buffer of "s" with its ports, unsized; NULL if nothing needs one. */
static ub_buffer *buffer_new(const sched_program *sp, const sched_stmt *s)
{
	int n_read = count_read_ports(s), n = 1;
	ub_buffer *buf;

	if (n_read == 0 && !s->is_output)
		return NULL;
	buf = sl_xcalloc(1, sizeof(*buf));
	buf->producer = s;
	buf->name = s->name;
	buf->width_bits = s->decl->type.bits;
	buf->n_elems = 1;
	for (int d = 0; d < s->n_vars; d++)
		buf->n_elems *= s->ext[d];
	buf->n_ports = n_read + 1;
	buf->ports = sl_xcalloc((size_t) buf->n_ports, sizeof(ub_port));
	buf->ports[0].is_write = true;
	buf->ports[0].stmt = s;
	for (int c = 0; c < s->n_users; c++) {
		const sched_stmt *cs = s->users[c];
		for (int k = 0; k < cs->n_reads; k++) {
			if (cs->reads[k].producer != s)
				continue;
			buf->ports[n].stmt = cs;
			buf->ports[n++].access = &cs->reads[k];
		}
	}
	buf->ports[0].same_as = -1;
	find_same_reads(sp, buf);
	return buf;
}

static void buffer_free(ub_buffer *buf)
{
	if (!buf)
		return;
	for (int k = 0; k < buf->n_ports; k++)
		free(buf->ports[k].edges);
	free(buf->ports);
	free(buf->runs);
	free(buf);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
	return (x > y) - (x < y);
}

/* Sort and keep the distinct values of taps[0 .. n-1]; the count. */
static int distinct_taps(int64_t *taps, int n)
{
	int m = 0;
	qsort(taps, (size_t) n, sizeof(int64_t), cmp_i64);
	for (int k = 0; k < n; k++)
		if (m == 0 || taps[k] != taps[m - 1])
			taps[m++] = taps[k];
	return m;
}

int64_t ub_port_tap(const ub_buffer *b, const ub_port *p)
{
	return b->border ? p->tap : p->dist;
}

int64_t *ub_port_taps(const ub_buffer *b, const ub_port *p, int *n)
{
	int m = 1;
	int64_t *taps = sl_xcalloc(1, sizeof(int64_t));
	taps[0] = ub_port_tap(b, p);
	/* per dimension: every tap so far, and each shifted by an edge */
	for (int i = 0; i < p->n_edges;) {
		int j = i;
		while (j < p->n_edges && p->edges[j].dim == p->edges[i].dim)
			j++;
		taps = sl_xrealloc(taps, (size_t) m * (size_t) (j - i + 1) * sizeof(int64_t));
		int mm = m;
		for (int e = i; e < j; e++)
			for (int t = 0; t < m; t++)
				taps[mm++] = taps[t] + p->edges[e].shift;
		m = distinct_taps(taps, mm);
		i = j;
	}
	*n = m;
	return taps;
}

/* The distinct taps of "buf", ascending; *n set. */
static int64_t *chain_taps(const ub_buffer *buf, int *n)
{
	int m = 0;
	int64_t *taps = NULL;

	for (int k = 1; k < buf->n_ports; k++) {
		int np;
		int64_t *pt = ub_port_taps(buf, &buf->ports[k], &np);
		taps = sl_xrealloc(taps, (size_t) (m + np) * sizeof(int64_t));
		memcpy(taps + m, pt, (size_t) np * sizeof(int64_t));
		m += np;
		free(pt);
	}
	*n = distinct_taps(taps, m);
	return taps;
}

/* The layout of a delay chain, by the rule of storage/storage.c. */
static void map_delay_chain(ub_buffer *buf, const ub_options *opts)
{
	int n;
	int64_t *taps = chain_taps(buf, &n);

	free(buf->runs);
	buf->runs = sl_xcalloc((size_t) (2 * n + 1), sizeof(ub_run));
	buf->n_runs = ub_chain_layout(taps, n, opts->register_threshold, buf->runs,
		&buf->n_groups);
	free(taps);
	buf->n_banks = 1;
	buf->storage = buf->n_groups > 0 ? UB_DELAY_CHAIN : UB_REGISTERS;
}

int64_t ub_chain_registers(const ub_buffer *buf)
{
	int64_t n = 0;

	for (int i = 0; i < buf->n_runs; i++)
		n += buf->runs[i].sram ? 0 : buf->runs[i].len;
	return n;
}

/* The memory of a circular buffer under UB_RAM_AUTO.  Without LUT RAM
 * (no board, or a board like the iCE40 whose LUTs cannot be RAM) the
 * choice is the delay chain's: a memory of at least register_threshold
 * words is cheaper in block RAM than in flip-flops.  With LUT RAM, a copy
 * that fits in UB_LUTRAM_MAX_LUTS LUTs stays LUT RAM (block RAM would
 * waste most of a block, and LUT RAM reads need no read-ahead); larger
 * ones go to block RAM. */
enum { UB_LUTRAM_MAX_LUTS = 64 };

static ub_mem map_circular_mem(const ub_buffer *buf, const ub_options *opts)
{
	if (opts->ram == UB_RAM_BLOCK)
		return UB_MEM_SRAM;
	if (opts->ram == UB_RAM_LUT)
		return UB_MEM_REGFILE;
	const board *bd = opts->bd;
	if (bd && bd->lutram_bits > 0) {
		int64_t bits = buf->capacity_words * buf->width_bits;
		int64_t luts = (bits + bd->lutram_bits - 1) / bd->lutram_bits;
		return luts <= UB_LUTRAM_MAX_LUTS ? UB_MEM_REGFILE : UB_MEM_SRAM;
	}
	return buf->capacity_words >= opts->register_threshold ? UB_MEM_SRAM
		: UB_MEM_REGFILE;
}

static void map_storage(ub_buffer *buf, const ub_options *opts)
{
	int n = buf->n_ports - 1, rp;
	bool chain = true;

	buf->pack = -1;
	buf->pack_bits_below = 0;

	if (n == 0) {
		buf->storage = UB_NONE;
		return;
	}
	for (int k = 1; k < buf->n_ports; k++)
		chain = chain && buf->ports[k].dist_const;
	if (chain || buf->border) {
		map_delay_chain(buf, opts);
		return;
	}
	buf->storage = UB_CIRCULAR;
	rp = opts->sram_read_ports > 0 ? opts->sram_read_ports : 1;
	int distinct = 0;
	for (int k = 1; k < buf->n_ports; k++)
		distinct += buf->ports[k].same_as < 0;
	buf->n_banks = (distinct + rp - 1) / rp;
	buf->mem = map_circular_mem(buf, opts);
}

/* Do the producers of a and b write on the same cycles: one iteration
 * box and one schedule? */
static bool same_writes(const ub_buffer *a, const ub_buffer *b)
{
	const sched_stmt *p = a->producer, *q = b->producer;

	if (p->n_dims != q->n_dims || p->offset != q->offset || p->latency != q->latency)
		return false;
	if (a->vshift_n != b->vshift_n || (a->vshift_n > 0 && (a->vshift_step != b->vshift_step
	    || a->vshift_start != b->vshift_start)))
		return false;
	for (int d = 0; d < p->n_dims; d++)
		if (p->lo[d] != q->lo[d] || p->ext[d] != q->ext[d] || p->coef[d] != q->coef[d])
			return false;
	return true;
}

/* Are the delay-chain layouts of a and b the same runs? */
static bool same_runs(const ub_buffer *a, const ub_buffer *b)
{
	if (a->n_runs != b->n_runs)
		return false;
	for (int i = 0; i < a->n_runs; i++)
		if (a->runs[i].start != b->runs[i].start || a->runs[i].len != b->runs[i].len ||
		    a->runs[i].sram != b->runs[i].sram)
			return false;
	return true;
}

/* The packs (the rule in the banner): every UB_DELAY_CHAIN buffer joins
 * the first pack whose first member it shifts with and shares the layout
 * of, else starts one.  Quadratic in the packs, which are few. */
static void set_pack(ub_set *set, const ub_options *opts)
{
	for (int i = 0; i < set->n_packs; i++)
		free(set->packs[i].members);
	free(set->packs);
	set->n_packs = 0;
	set->packs = sl_xcalloc((size_t) set->n_buffers + 1, sizeof(ub_pack));
	for (int i = 0; i < set->n_buffers; i++) {
		ub_buffer *b = set->buffers[i];
		ub_pack *p = NULL;
		if (b->storage != UB_DELAY_CHAIN)
			continue;
		for (int k = 0; opts->pack && k < set->n_packs && !p; k++)
			if (same_writes(set->packs[k].members[0], b) &&
			    same_runs(set->packs[k].members[0], b))
				p = &set->packs[k];
		if (!p) {
			p = &set->packs[set->n_packs++];
			p->members = sl_xcalloc((size_t) set->n_buffers, sizeof(ub_buffer *));
		}
		b->pack = (int) (p - set->packs);
		b->pack_bits_below = p->width_bits;
		p->members[p->n_members++] = b;
		p->width_bits += b->width_bits;
	}
}

/* Each chain with shifts after the last write shares the schedule of
 * them of the first earlier chain with the same count, step and start
 * (a chain on tiles has none: rtlgen and the estimate then build this
 * one's own). */
static void set_vshifts(ub_set *set)
{
	for (int i = 0; i < set->n_buffers; i++) {
		ub_buffer *b = set->buffers[i];
		b->vshift_of = NULL;
		bool chain = b->storage == UB_DELAY_CHAIN || b->storage == UB_REGISTERS;
		for (int k = 0; chain && b->vshift_n > 0 && k < i && !b->vshift_of; k++) {
			const ub_buffer *o = set->buffers[k];
			if ((o->storage == UB_DELAY_CHAIN || o->storage == UB_REGISTERS) &&
			    !o->vshift_of && o->vshift_n == b->vshift_n &&
			    o->vshift_step == b->vshift_step && o->vshift_start == b->vshift_start)
				b->vshift_of = o;
		}
	}
}

void ub_pack_memory(const ub_pack *p, int g, int64_t *depth, int *width)
{
	const ub_buffer *b = p->members[0];

	for (int i = 0; i < b->n_runs; i++)
		if (b->runs[i].sram && b->runs[i].group == g) {
			*depth = b->runs[i].len;
			*width = b->runs[i].group_size * p->width_bits;
			return;
		}
	sl_unreachable();
}

ub_set *ub_set_build(sl_ctx *ctx, const sched_program *sp, isl_ctx *isl,
	const ub_options *opts)
{
	ub_options def;
	ub_set *set = sl_xcalloc(1, sizeof(*set));

	if (!opts) {
		ub_options_default(&def);
		opts = &def;
	}
	set->buffers = sl_xcalloc((size_t) sp->n_stmts + 1, sizeof(ub_buffer *));
	for (int s = 0; s < sp->n_stmts; s++) {
		ub_buffer *buf = buffer_new(sp, sp->stmts[s]);
		if (!buf)
			continue;
		set->buffers[set->n_buffers++] = buf;
		if (ub_analyse(ctx, isl, buf, opts) < 0) {
			ub_set_free(set);
			return NULL;
		}
		ub_border_map(buf);
		map_storage(buf, opts);
	}
	set_pack(set, opts);
	set_vshifts(set);
	return set;
}

void ub_set_remap(ub_set *set, const ub_options *opts)
{
	for (int i = 0; i < set->n_buffers; i++)
		map_storage(set->buffers[i], opts);
	set_pack(set, opts);
	set_vshifts(set);
}

void ub_set_free(ub_set *set)
{
	if (!set)
		return;
	for (int i = 0; i < set->n_buffers; i++)
		buffer_free(set->buffers[i]);
	for (int i = 0; i < set->n_packs; i++)
		free(set->packs[i].members);
	free(set->packs);
	free(set->buffers);
	free(set);
}

const ub_buffer *ub_set_find(const ub_set *set, const sched_stmt *s)
{
	for (int i = 0; i < set->n_buffers; i++)
		if (set->buffers[i]->producer == s)
			return set->buffers[i];
	return NULL;
}
