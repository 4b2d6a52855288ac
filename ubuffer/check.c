/* ubuffer/check.c: the invariants of a mapped ub_set.
 * Stage: runs after buffer construction (ub_set_build) in every build
 * type.  Cheap (linear in ports and runs), it re-derives nothing from
 * isl: it checks what rtlgen, the fit check and the estimator rely on.
 * Every buffer's capacity holds its live words; a delay chain's runs tile
 * positions 0 .. capacity_words-1, every tap and the position before it
 * (the bypass) are registers, SRAM runs are at least 2 long and their
 * groups are numbered in chain order with consistent sizes; a circular
 * buffer has between one bank and one per distinct read, and each read's
 * window lies inside it (the same for a repeated read); every delay chain
 * with SRAM is in exactly one pack, whose members have its first member's
 * runs and writes and whose width is theirs.  A failure is a
 * compiler bug, reported at the array's declaration. */
#include <stdlib.h>

#include "ubuffer/ubuffer_private.h"

/* Report a broken invariant of "b"; returns -1. */
static int check_fail(sl_ctx *ctx, const ub_buffer *b, const char *what, int64_t v)
{
	sl_error(ctx, b->producer->decl->loc,
		"internal: buffer '%s' fails its check: %s (%lld)", b->name, what,
		(long long) v);
	return -1;
}

/* The run holding position "p", or NULL. */
static const ub_run *run_at(const ub_buffer *b, int64_t p)
{
	for (int i = 0; i < b->n_runs; i++)
		if (p >= b->runs[i].start && p < b->runs[i].start + b->runs[i].len)
			return &b->runs[i];
	return NULL;
}

/* Runs in order, without gaps or overlaps, over the whole chain. */
static int check_tiling(sl_ctx *ctx, const ub_buffer *b)
{
	int64_t next = 0;

	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		if (r->start != next || r->len < 1)
			return check_fail(ctx, b, "runs overlap, leave a gap or are empty at position", next);
		if (r->sram && r->len < 2)
			return check_fail(ctx, b, "an SRAM run shorter than 2 starts at", r->start);
		next = r->start + r->len;
	}
	if (next != b->capacity_words)
		return check_fail(ctx, b, "the runs do not end at the capacity but at", next);
	return 0;
}

/* Groups numbered 0, 1, ... in chain order, of runs of one length, with
 * their sizes. */
static int check_groups(sl_ctx *ctx, const ub_buffer *b)
{
	int seen = 0;

	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		int size = 0;
		if (!r->sram) {
			if (r->group != -1 || r->group_size != 0)
				return check_fail(ctx, b, "a register run has a group at", r->start);
			continue;
		}
		if (r->group < 0 || r->group > seen || r->group >= b->n_groups)
			return check_fail(ctx, b, "an SRAM run's group is out of order at", r->start);
		seen += r->group == seen;
		for (int j = 0; j < b->n_runs; j++) {
			const ub_run *q = &b->runs[j];
			if (q->sram && q->group == r->group && q->len != r->len)
				return check_fail(ctx, b, "a group holds runs of two lengths at", q->start);
			size += q->sram && q->group == r->group;
		}
		if (size != r->group_size)
			return check_fail(ctx, b, "a group's size is wrong at", r->start);
	}
	if (seen != b->n_groups)
		return check_fail(ctx, b, "n_groups is not the number of groups", b->n_groups);
	return 0;
}

/* Tap "d" of port k: inside the chain, on registers with the position
 * before it. */
static int check_tap(sl_ctx *ctx, const ub_buffer *b, int k, int64_t d)
{
	if (d < 0 || d >= b->capacity_words)
		return check_fail(ctx, b, "a tap is outside the chain at port", k);
	const ub_run *at = run_at(b, d), *before = d > 0 ? run_at(b, d - 1) : at;
	if (!at || at->sram || !before || before->sram)
		return check_fail(ctx, b, "a tap does not read registers at distance", d);
	return 0;
}

static int check_chain(sl_ctx *ctx, const ub_buffer *b)
{
	if (check_tiling(ctx, b) < 0 || check_groups(ctx, b) < 0)
		return -1;
	if ((b->storage == UB_DELAY_CHAIN) != (b->n_groups > 0))
		return check_fail(ctx, b, "storage does not follow the SRAM groups", b->n_groups);
	if (b->n_banks != 1)
		return check_fail(ctx, b, "a delay chain has banks", b->n_banks);
	for (int k = 1; k < b->n_ports; k++) {
		const ub_port *p = &b->ports[k];
		if (!b->border && !p->dist_const)
			return check_fail(ctx, b, "a tap is outside the chain at port", k);
		int n;
		int64_t *taps = ub_port_taps(b, p, &n);
		int rc = 0;
		for (int i = 0; i < n && rc == 0; i++)
			rc = check_tap(ctx, b, k, taps[i]);
		free(taps);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int check_circular(sl_ctx *ctx, const ub_buffer *b)
{
	int distinct = 0;

	for (int k = 1; k < b->n_ports; k++) {
		int s = b->ports[k].same_as;
		if (s >= k || s == 0 || (s > 0 && b->ports[s].same_as >= 0))
			return check_fail(ctx, b, "a read repeats no earlier distinct read at port", k);
		distinct += s < 0;
		const ub_port *p = &b->ports[k];
		if (p->win_lo < 0 || p->win_len < 1 || p->win_lo + p->win_len > b->capacity_words)
			return check_fail(ctx, b, "a read window is not inside the buffer at port", k);
		if (s > 0 && (p->win_lo != b->ports[s].win_lo || p->win_len != b->ports[s].win_len))
			return check_fail(ctx, b, "a repeated read has another window at port", k);
	}
	if (b->n_banks < 1 || b->n_banks > distinct)
		return check_fail(ctx, b, "banks are not between 1 and the distinct reads", b->n_banks);
	if (b->n_runs != 0)
		return check_fail(ctx, b, "a circular buffer has delay-chain runs", b->n_runs);
	return 0;
}

static int check_buffer(sl_ctx *ctx, const ub_buffer *b)
{
	if (b->n_ports < 1 || !b->ports[0].is_write)
		return check_fail(ctx, b, "port 0 is not the write port; ports", b->n_ports);
	if (b->capacity_words < b->max_live_words)
		return check_fail(ctx, b, "capacity below the live words", b->capacity_words);
	if ((b->storage == UB_NONE) != (b->n_ports == 1))
		return check_fail(ctx, b, "storage none does not mean no reader; ports", b->n_ports);
	switch (b->storage) {
	case UB_NONE:
		return b->n_runs == 0 ? 0 : check_fail(ctx, b, "an unread buffer has runs", b->n_runs);
	case UB_REGISTERS:
	case UB_DELAY_CHAIN:
		return check_chain(ctx, b);
	case UB_CIRCULAR:
		return check_circular(ctx, b);
	}
	return check_fail(ctx, b, "unknown storage", (int64_t) b->storage);
}

/* One pack: its members name it, shift with its first member (the same
 * producer schedule) and have its runs; widths add up. */
static int check_pack(sl_ctx *ctx, const ub_set *set, int k)
{
	const ub_pack *p = &set->packs[k];
	if (p->n_members < 1) {
		sl_error(ctx, sl_noloc, "internal: pack %d of the buffers has no member", k);
		return -1;
	}
	const ub_buffer *b0 = p->members[0];
	const sched_stmt *s0 = b0->producer;
	int bits = 0;

	for (int m = 0; m < p->n_members; m++) {
		const ub_buffer *b = p->members[m];
		const sched_stmt *s = b->producer;
		if (b->storage != UB_DELAY_CHAIN || b->pack != k || b->pack_bits_below != bits)
			return check_fail(ctx, b, "a pack member does not name its pack, or its bits, at bit", bits);
		bool same = s->n_dims == s0->n_dims && s->offset == s0->offset &&
			s->latency == s0->latency && b->n_runs == b0->n_runs;
		for (int d = 0; same && d < s->n_dims; d++)
			same = s->lo[d] == s0->lo[d] && s->ext[d] == s0->ext[d] && s->coef[d] == s0->coef[d];
		for (int i = 0; same && i < b->n_runs; i++)
			same = b->runs[i].start == b0->runs[i].start && b->runs[i].len == b0->runs[i].len
				&& b->runs[i].sram == b0->runs[i].sram;
		if (!same)
			return check_fail(ctx, b, "a pack member shifts on other cycles or has other runs; pack", k);
		bits += b->width_bits;
	}
	if (bits != p->width_bits)
		return check_fail(ctx, b0, "a pack's width is not its members' sum", p->width_bits);
	return 0;
}

int ub_set_check(sl_ctx *ctx, const ub_set *set)
{
	int rc = 0;

	for (int i = 0; i < set->n_buffers; i++) {
		const ub_buffer *b = set->buffers[i];
		if (check_buffer(ctx, b) < 0)
			rc = -1;
		else if ((b->storage == UB_DELAY_CHAIN) != (b->pack >= 0 && b->pack < set->n_packs))
			rc = check_fail(ctx, b, "a delay chain with SRAM is not in a pack, or another "
				"buffer is; pack", b->pack);
	}
	for (int k = 0; k < set->n_packs; k++)
		if (check_pack(ctx, set, k) < 0)
			rc = -1;
	return rc;
}
