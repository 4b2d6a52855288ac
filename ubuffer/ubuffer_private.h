/* ubuffer/ubuffer_private.h: declarations shared inside ubuffer/.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  The isl analysis of one
 * buffer (analysis.c), the exact live count by an event sweep for
 * out-of-order reads (sweep.c), the storage mapping (ubuffer.c) and the
 * dump (dump.c).  A ub_isl owns every isl object it points to. */
#ifndef SLUICE_UBUFFER_PRIVATE_H
#define SLUICE_UBUFFER_PRIVATE_H

#include <isl/aff.h>
#include <isl/map.h>

#include "ubuffer/ubuffer.h"

/* The defaults of ub_options (ub_options_default). */
enum { UB_ISL_BUDGET = 200000 };
#define UB_MAX_WALK_STEPS ((int64_t) 1 << 27)
#define UB_WALK_BELOW ((int64_t) 1 << 20)

/* The isl view of one buffer, on the producer's element space P[e] and
 * the time space [t]. */
typedef struct ub_isl {
	isl_ctx *isl;
	/* { P[e] -> [t] }: when each element is written. */
	isl_map *write;
	/* { P[e] -> [r] }: rank of e in write order, over the element box. */
	isl_pw_aff *widx;
	/* { [t] -> [n] }: writes at cycles <= t (for t >= the first write). */
	isl_pw_aff *n_written;
	/* Per read port (ports[1 + k]): { P[e] -> [t] }, when it reads e. */
	int n_reads;
	isl_map **reads;
	/* { P[e] -> [t] }: last read of e, over the elements read. */
	isl_pw_aff *last_read;
} ub_isl;

__isl_null ub_isl *ub_isl_free(__isl_take ub_isl *ui);
/* Size the buffer exactly and fill the ports' delays and distances:
 * symbolically within opts->isl_budget isl operations, else by a walk
 * (ub_enumerate).  0, or -1 with an error reported. */
int ub_analyse(sl_ctx *ctx, isl_ctx *isl, ub_buffer *buf, const ub_options *opts);
/* border.c: map "buf", sized, whose reads are not all at constant
 * distances, to a delay chain with border taps when its reads fit the
 * rule (ub_buffer.border, the ports' tap and edges, capacity_words the
 * chain's length), else leave it (why_circular set when a read's index
 * has a border form).  Runs once, after ub_analyse. */
void ub_border_map(ub_buffer *buf);
/* max over cycles c of #{read e : W(e) <= c <= LR(e)}, by walking every
 * element and read (only where isl cannot prove it equals the capacity).
 * -1 on error. */
int64_t ub_sweep_max_live(const ub_buffer *buf, bool *unread, bool *out_of_order);
/* The window of a read port, from the least and greatest write index it
 * reads ("known": both found): addresses modulo "cap" when both lie in
 * one lap of the buffer, else the whole buffer.  The one rule of the
 * symbolic analysis and the walk. */
void ub_port_set_window(ub_port *port, bool known, int64_t lo, int64_t hi, int64_t cap);

/* Steps of ub_enumerate on "buf": its elements plus its reads. */
int64_t ub_enumerate_steps(const ub_buffer *buf);
/* Every figure ub_analyse computes symbolically (the ports' delays and
 * distances, max_live_words, capacity_words, why), by walking every
 * element and read.  0, or -1 (reported when a read comes before its
 * write; otherwise the caller reports). */
int ub_enumerate(sl_ctx *ctx, ub_buffer *buf);
/* Why capacity_words exceeds max_live_words (NULL when it does not),
 * given whether some values are never read and whether last reads come
 * out of write order. */
const char *ub_why(const ub_buffer *buf, bool unread, bool out_of_order);
/* Report that "port" reads "cycles" before the write; -1. */
int ub_report_early_read(sl_ctx *ctx, const ub_port *port, int64_t cycles);
#endif
