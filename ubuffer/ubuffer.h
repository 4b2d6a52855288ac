/* ubuffer/ubuffer.h: unified buffers, one per stored array.
 * Rank 6 (tests/check_layout.sh).
 * Stage: scheduler -> [ubuffer] -> rtlgen.  A buffer is the set of ports
 * on the array of one statement (a stored func or an input): one write
 * port (the producer) and one read port per access that reads it.  Each
 * port is an iteration domain, an access map and a cycle schedule (all in
 * the scheduler's statements).  From them follow, exactly:
 *   max_live_words  the most values written and still to be read at any
 *                   cycle (the lower bound of any storage);
 *   capacity_words  what the chosen layout needs: a circular buffer
 *                   addressed by write order (a delay chain is one).
 * and the storage mapping, with a delay chain's layout as data, that the
 * RTL generator, the fit check and the estimator follow.  A ub_set owns its
 * buffers and their ports; nothing here holds isl objects after the
 * analysis. */
#ifndef SLUICE_UBUFFER_H
#define SLUICE_UBUFFER_H

#include "boards/boards.h"
#include "scheduler/scheduler.h"
#include "storage/storage.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ub_port {
	bool is_write;
	const sched_stmt *stmt;		/* writer or reader */
	const sched_access *access;	/* read ports: the access */
	/* Reuse delay in cycles from the write of a value to this read of it,
	 * when it is the same for every read of the port. */
	bool delay_const;
	int64_t delay;
	/* Distance in writes: how many values were written after the one this
	 * port reads, at the cycle it reads, when constant (the tap position
	 * of a delay chain). */
	bool dist_const;
	/* The distance is one value over the reads made before the
	 * producer's last write, and there are such reads (it varies only in
	 * reads at or after its last write). */
	bool dist_const_written;
	int64_t dist;
	/* Read ports: the earlier read port of the same reader, or of a lane
	 * of its declaration with its schedule generator (sched_controller),
	 * with the same index expressions (it reads the same element in the
	 * same cycle, so the two share a block-RAM copy), or -1. */
	int same_as;
	/* Read ports: the window of circular-buffer addresses (write index
	 * modulo capacity_words) the port reads, win_lo .. win_lo+win_len-1:
	 * the write indices of the elements it reads, from the least to the
	 * greatest, when they lie in one lap of the buffer (no wrap); else
	 * the whole buffer (0, capacity_words).  A block-RAM copy holds only
	 * its port's window (rtlgen/buffers.c): a read of one channel of an
	 * array keeps one channel's words, not the array's. */
	int64_t win_lo, win_len;
	/* Chains with border taps (ub_buffer.border; a chain without reads
	 * at "dist"): the chain position of the interior's reads, and near a
	 * border tap + the shifts of the edges whose dimension is at its
	 * index (at most one edge per dimension matches), edges sorted by
	 * dimension, then index.  border.c states the rule. */
	int64_t tap;
	int n_edges;
	ub_edge *edges;
	/* Chains with border taps: every read of the port comes in a cycle
	 * in which the chain shifts (the reader fires only then: its tap d
	 * reads position d-1, or the value being written for d = 0), else
	 * in none (position d); no same-cycle bypass either way. */
	bool shifting;
} ub_port;

typedef struct ub_buffer {
	const sched_stmt *producer;
	const char *name;		/* the array's name */
	int width_bits;			/* of one word */
	int64_t n_elems;		/* elements written */
	int n_ports;
	ub_port *ports;			/* ports[0] is the write port */
	int64_t max_live_words;
	int64_t capacity_words;
	const char *why;		/* why capacity > max_live, or NULL */
	/* The steps of the walk that sized it (the same figures), when its
	 * symbolic analysis exceeded ub_options.isl_budget; else 0. */
	int64_t walk_steps;
	/* Mapping. */
	ub_storage storage;
	ub_mem mem;			/* circular buffers: the memory */
	int n_banks;			/* copies of a circular buffer: one per
					 * distinct read (same_as < 0) */
	/* Delay chains (UB_REGISTERS, UB_DELAY_CHAIN): the layout, runs in
	 * chain order that tile positions 0 .. capacity_words-1 (a tap at
	 * distance d reads position d); n_groups SRAM memories.  UB_DELAY_CHAIN
	 * is a chain with at least one SRAM run. */
	int n_runs;
	ub_run *runs;
	int n_groups;
	/* UB_DELAY_CHAIN: its pack (ub_set.packs), and the bits of the pack's
	 * earlier members' words (pack_bits_below: group g of this buffer
	 * starts at bit group_size * pack_bits_below of the pack's memory for
	 * group g); else -1 and 0. */
	int pack;
	int pack_bits_below;
	/* A delay chain whose reads are at a fixed distance except near a
	 * border (clamped, mirrored or otherwise bent indices; border.c): its
	 * ports' edges pick, near the border, the tap the index names.  The
	 * chain then shifts vshift_n more times after the producer's last
	 * write (no data: the border reads of the last rows find their taps
	 * where the interior's are), every vshift_step cycles from cycle
	 * vshift_start of each frame. */
	bool border;
	int64_t vshift_n, vshift_step, vshift_start;
	/* An earlier buffer of the set with the same shifts (count, step,
	 * start: the lanes of one input write in lockstep), whose schedule of
	 * them this one shares, or NULL (set_vshifts): rtlgen builds one
	 * sl_sched of shifts per chain with none (or whose vshift_of is on
	 * tiles), and the estimate costs so. */
	const struct ub_buffer *vshift_of;
	/* A circular buffer with a read whose index has a min or max (a
	 * border form) but that is not mapped to a chain with border taps:
	 * why (buffers.txt "why: not a line buffer"), else NULL. */
	const char *why_circular;
} ub_buffer;

typedef struct ub_options {
	/* Untapped stretches of a delay chain shorter than this many words
	 * (and never fewer than 2) are registers (default 8); ub_chain_layout. */
	int64_t register_threshold;
	/* Read ports per SRAM bank (default 1: a 1R1W SRAM). */
	int sram_read_ports;
	/* Pack delay chains that shift together into shared memories
	 * (default true; ub_pack). */
	bool pack;
	/* The memory of circular buffers (default UB_RAM_AUTO). */
	ub_ram ram;
	/* The target board, or NULL: what UB_RAM_AUTO weighs. */
	const board *bd;
	/* The symbolic sizing of one buffer may take this many isl
	 * operations (default UB_ISL_BUDGET, 200000); past it, or when 0 (no
	 * symbolic sizing), the buffer is sized by walking its elements and
	 * reads, which may take up to max_walk_steps steps (default
	 * UB_MAX_WALK_STEPS, 2^27); past that it is an error.  See analysis.c and
	 * docs/hardware.md. */
	unsigned long isl_budget;
	int64_t max_walk_steps;
	/* A buffer whose walk takes fewer steps than this is sized by the
	 * walk alone (default UB_WALK_BELOW, 2^20; 0: never). */
	int64_t walk_below;
} ub_options;

typedef struct ub_set {
	int n_buffers;
	ub_buffer **buffers;	/* in statement order */
	int n_packs;
	ub_pack *packs;		/* in order of their first member */
} ub_set;

void ub_options_default(ub_options *opts);
/* Extract, size and map the buffers of every statement that has readers
 * or is an output.  NULL on error (reported). */
ub_set *ub_set_build(sl_ctx *ctx, const sched_program *sp, isl_ctx *isl,
	const ub_options *opts);
void ub_set_free(ub_set *set);
/* Map every buffer again under "opts" (the delay-chain layout for
 * register_threshold, the memory of circular buffers for ram and bd; the
 * sizes do not change): to weigh another board or threshold. */
void ub_set_remap(ub_set *set, const ub_options *opts);
/* --runtime-config on native memory: lay out every delay chain of "set"
 * (one size) as "like" (the build's largest) lays out its own: the same
 * runs and packs, register runs where their taps moved to, SRAM runs
 * between (relayout.c states the rule).  0, or -1 with a located error
 * naming why the size cannot share the build. */
int ub_set_relayout(sl_ctx *ctx, ub_set *set, const ub_set *like);
/* Check the invariants of a built or remapped set: capacity at least the
 * live words, a delay chain's runs tile it and its taps read registers,
 * groups and banks consistent.  0, or -1 with errors reported (a
 * compiler bug).  flow/ runs it after ub_set_build and every remap. */
int ub_set_check(sl_ctx *ctx, const ub_set *set);
/* Warn, at its producer, of every buffer that holds a whole plane of its
 * values (max_live_words at least its two innermost extents' product)
 * because a reader reads each value once per step of a dimension the
 * access does not use (sched_read_passes): naming the buffer, its bits, the
 * reader and the dimension that, made innermost, leaves line buffers. */
void ub_set_warn_order(sl_ctx *ctx, isl_ctx *isl, const ub_set *set);
/* The buffer of statement "s", or NULL. */
const ub_buffer *ub_set_find(const ub_set *set, const sched_stmt *s);

/* Position of element "e" of the producer's array in write order (0 for
 * the first value written).  The circular-buffer address is this modulo
 * capacity_words. */
int64_t ub_write_index(const ub_buffer *buf, const int64_t *e);

/* The memory of group "g" of pack "p": depth (words) and width (bits). */
void ub_pack_memory(const ub_pack *p, int g, int64_t *depth, int *width);

/* The live words of "buf" over time, by walking every element and read
 * as the sweep does (ubuffer/sweep.c): a value is live in the cycles
 * W(e) <= c <= LR(e) from its write to its last read, so the greatest
 * count is max_live_words.  peak[k] receives the most values live in any
 * cycle of k * bin .. (k + 1) * bin - 1 (an envelope, not a sample), for
 * "frames" frames each "period" cycles after the one before.  Up to
 * ub_enumerate_steps(buf) steps per frame.  0, or -1 when an index leaves
 * the producer's box (a buffer the analysis rejects). */
int ub_live_profile(const ub_buffer *buf, int frames, int64_t period, int64_t bin,
	int n_bins, int64_t *peak);

/* The interior chain position of read port "p" of delay chain "b": its
 * tap with border taps (b->border), else its dist. */
int64_t ub_port_tap(const ub_buffer *b, const ub_port *p);
/* Every chain position "p" may read (ub_port_tap, and with edges every
 * sum of it and one edge per dimension), ascending and distinct,
 * heap-allocated; *n set. */
int64_t *ub_port_taps(const ub_buffer *b, const ub_port *p, int *n);

/* Registers in the delay-chain layout of "buf" (0 for other storage). */
int64_t ub_chain_registers(const ub_buffer *buf);

/* The note on a buffer with walk_steps > 0 (buffers.txt, report.json). */
extern const char ub_walk_note[];

/* Stable text dump (buffers.txt). */
void ub_set_dump(const ub_set *set, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
