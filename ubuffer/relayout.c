/* ubuffer/relayout.c: one line-buffer layout for every size of a build.
 * Stage: scheduler -> [ubuffer] -> rtlgen, with --runtime-config on
 * native memory (docs/pub.md, "Run-time configuration").  The build is
 * laid out at its largest size (--runtime-max); a smaller size must use
 * the same runs, each register run where its taps moved to and each SRAM
 * run the positions between, so that the Verilog is the build's and only
 * the SRAM runs' lengths (configuration registers) differ.  The rule: a
 * register run's taps all move by one distance (its shift; run 0, which
 * the write enters, by none; a chain with border taps pairs each read's
 * taps, its interior's and its border's, in order with the build's), an SRAM run spans what lies between the
 * register runs around it, at most its length in the build and the same
 * for every run of its group.  A circular buffer keeps its own analysis
 * but is built with the build's capacity (no more words than it, no more
 * elements).  Owns nothing. */
#include <stdlib.h>
#include <string.h>

#include "ubuffer/ubuffer_private.h"

#define UNKNOWN INT64_MIN

static int relayout_error(sl_ctx *ctx, const ub_buffer *b, const char *why)
{
	sl_error(ctx, b->producer->decl->loc, "--runtime-config: at this size the line buffer "
		"of '%s' cannot keep the layout of the build's largest size (--runtime-max): %s",
		b->name, why);
	return -1;
}

/* The run of "m" that holds position p, or -1. */
static int run_of(const ub_buffer *m, int64_t p)
{
	for (int i = 0; i < m->n_runs; i++)
		if (p >= m->runs[i].start && p < m->runs[i].start + m->runs[i].len)
			return i;
	return -1;
}

/* The chain positions read port "p" of "b" reads, ascending: a chain with
 * border taps reads its taps (ub_port_taps), the position before each as
 * the chain shifts (ub_port.shifting; the write data for tap 0); another
 * chain its distance and the one before (the bypass as it shifts).  NULL
 * for a read at a distance that varies; *n set. */
static int64_t *read_positions(const ub_buffer *b, const ub_port *p, int *n)
{
	if (!b->border) {
		if (!p->dist_const)
			return NULL;
		int64_t *r = sl_xcalloc(2, sizeof(*r));
		*n = 0;
		if (p->dist > 0)
			r[(*n)++] = p->dist - 1;
		r[(*n)++] = p->dist;
		return r;
	}
	int nt, k = 0;
	int64_t *t = ub_port_taps(b, p, &nt);
	for (int i = 0; i < nt; i++)
		if (!p->shifting || t[i] > 0)
			t[k++] = p->shifting ? t[i] - 1 : t[i];
	*n = k;
	return t;
}

/* Each run's shift from the reads of "b" (this size) and "m" (the build):
 * the distance its reads' positions moved by, read by read in order;
 * UNKNOWN for a run nothing reads.  0, or -1 with the reason in *why. */
static int run_shifts(const ub_buffer *b, const ub_buffer *m, int64_t *shift,
	const char **why)
{
	for (int i = 0; i < m->n_runs; i++)
		shift[i] = i == 0 ? 0 : UNKNOWN;
	for (int k = 1; k < m->n_ports; k++) {
		int nm = 0, nb = 0;
		int64_t *pm = read_positions(m, &m->ports[k], &nm);
		int64_t *pb = read_positions(b, &b->ports[k], &nb);
		*why = !pm || !pb ? "a read at a distance that varies"
			: nm != nb || m->ports[k].shifting != b->ports[k].shifting
			? "a read whose border taps differ from the build's" : NULL;
		for (int i = 0; !*why && i < nm; i++) {
			int r = run_of(m, pm[i]);
			int64_t s = pb[i] - pm[i];
			if (r < 0 || (m->runs[r].sram && pm[i] != m->runs[r].start + m->runs[r].len - 1))
				*why = "a tap inside an SRAM run";
			else if (shift[r] != UNKNOWN && shift[r] != s)
				*why = r == 0 ? "a tap near the write moves with the sizes"
					: "two taps of one register run move by different distances";
			else
				shift[r] = s;
		}
		free(pm);
		free(pb);
		if (*why)
			return -1;
	}
	return 0;
}

/* The runs of "m" moved by "shift" into runs[]: register runs (and the
 * ends of tapped SRAM runs) where their taps went, SRAM runs between.
 * 0, or -1 with the reason in *why. */
static int moved_runs(const ub_buffer *m, const int64_t *shift, ub_run *runs,
	const char **why)
{
	int64_t next = 0;	/* the first position not laid yet */
	for (int i = 0; i < m->n_runs; i++) {
		runs[i] = m->runs[i];
		runs[i].start = next;
		if (!m->runs[i].sram) {
			if (shift[i] == UNKNOWN || m->runs[i].start + shift[i] != next) {
				*why = shift[i] == UNKNOWN ? "a register run that no tap reads"
					: "the taps around an SRAM run come too close together";
				return -1;
			}
		} else {
			int64_t end = shift[i] != UNKNOWN ? m->runs[i].start + m->runs[i].len - 1 + shift[i]
				: i + 1 < m->n_runs && !m->runs[i + 1].sram && shift[i + 1] != UNKNOWN
				? m->runs[i + 1].start + shift[i + 1] - 1 : UNKNOWN;
			if (end == UNKNOWN || end < next - 1) {
				*why = end == UNKNOWN ? "an SRAM run with no tap after it"
					: "the taps around an SRAM run come too close together";
				return -1;
			}
			runs[i].len = end - next + 1;
			if (runs[i].len > m->runs[i].len) {
				*why = "an SRAM run longer than the build's (a size past --runtime-max)";
				return -1;
			}
		}
		next = runs[i].start + runs[i].len;
	}
	for (int i = 0; i < m->n_runs; i++)
		for (int j = 0; j < i; j++)
			if (runs[i].sram && runs[j].sram && runs[i].group == runs[j].group &&
			    runs[i].len != runs[j].len) {
				*why = "two SRAM runs that share a memory get different lengths";
				return -1;
			}
	return 0;
}

/* A circular buffer of this size in the build's memory: written and read
 * at its write index modulo the build's capacity (rtlgen/buffers.c), which
 * holds this size's live values when it is at least this size's capacity,
 * and that index, below this size's elements, within the build's bits; in
 * the build's memory (a register file or block RAM, whichever the build's
 * size chose).  0, or -1 (reported). */
static int relayout_circular(sl_ctx *ctx, ub_buffer *b, const ub_buffer *m)
{
	if (b->capacity_words > m->capacity_words)
		return relayout_error(ctx, b, "a circular buffer of more words than the build's");
	if (b->n_elems > m->n_elems)
		return relayout_error(ctx, b, "a circular buffer of more elements than the build's");
	b->mem = m->mem;
	b->n_banks = m->n_banks;
	return 0;
}

/* Buffer "b" laid out as "m", its build's; 0 or -1 (reported). */
static int relayout_buffer(sl_ctx *ctx, ub_buffer *b, const ub_buffer *m)
{
	if (m->storage != UB_DELAY_CHAIN) {
		bool same = b->storage == m->storage && b->n_runs == m->n_runs;
		for (int i = 0; same && i < m->n_runs; i++)
			same = b->runs[i].start == m->runs[i].start && b->runs[i].len == m->runs[i].len &&
				b->runs[i].sram == m->runs[i].sram;
		if (!same)
			return relayout_error(ctx, b, "its storage changes with the sizes");
		return m->storage == UB_CIRCULAR ? relayout_circular(ctx, b, m) : 0;
	}
	if ((b->storage != UB_DELAY_CHAIN && b->storage != UB_REGISTERS) ||
	    b->border != m->border || b->n_ports != m->n_ports)
		return relayout_error(ctx, b, "its storage or reads differ from the build's");
	int64_t *shift = sl_xcalloc((size_t) m->n_runs + 1, sizeof(*shift));
	ub_run *runs = sl_xcalloc((size_t) m->n_runs + 1, sizeof(*runs));
	const char *why = NULL;
	int rc = run_shifts(b, m, shift, &why) < 0 || moved_runs(m, shift, runs, &why) < 0
		? -1 : 0;
	free(shift);
	if (rc == 0 && runs[m->n_runs - 1].start + runs[m->n_runs - 1].len != b->capacity_words) {
		why = "its deepest tap is not where the build's moved to";
		rc = -1;
	}
	if (rc < 0) {
		free(runs);
		return relayout_error(ctx, b, why);
	}
	free(b->runs);
	b->runs = runs;
	b->n_runs = m->n_runs;
	b->n_groups = m->n_groups;
	b->storage = UB_DELAY_CHAIN;
	b->mem = m->mem;
	b->pack = m->pack;
	b->pack_bits_below = m->pack_bits_below;
	return 0;
}

/* The packs of "set" as those of "like", member for member. */
static void repack(ub_set *set, const ub_set *like)
{
	for (int i = 0; i < set->n_packs; i++)
		free(set->packs[i].members);
	free(set->packs);
	set->n_packs = like->n_packs;
	set->packs = sl_xcalloc((size_t) like->n_packs + 1, sizeof(ub_pack));
	for (int p = 0; p < like->n_packs; p++) {
		const ub_pack *lp = &like->packs[p];
		ub_pack *sp = &set->packs[p];
		sp->n_members = lp->n_members;
		sp->width_bits = lp->width_bits;
		sp->members = sl_xcalloc((size_t) lp->n_members + 1, sizeof(ub_buffer *));
		for (int k = 0; k < lp->n_members; k++)
			for (int i = 0; i < like->n_buffers; i++)
				if (like->buffers[i] == lp->members[k])
					sp->members[k] = set->buffers[i];
	}
}

int ub_set_relayout(sl_ctx *ctx, ub_set *set, const ub_set *like)
{
	if (set->n_buffers != like->n_buffers) {
		sl_error(ctx, sl_noloc, "--runtime-config: at this size the program has %d buffers, "
			"at the build's largest size (--runtime-max) %d", set->n_buffers,
			like->n_buffers);
		return -1;
	}
	for (int i = 0; i < set->n_buffers; i++) {
		if (strcmp(set->buffers[i]->name, like->buffers[i]->name)) {
			sl_error(ctx, set->buffers[i]->producer->decl->loc, "--runtime-config: at this "
				"size buffer '%s' stands where the build has '%s'",
				set->buffers[i]->name, like->buffers[i]->name);
			return -1;
		}
		if (relayout_buffer(ctx, set->buffers[i], like->buffers[i]) < 0)
			return -1;
	}
	repack(set, like);
	return 0;
}
