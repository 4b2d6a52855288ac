/* sim/sim_private.h: declarations shared inside sim/.
 * The run state of the cycle-level model (model.c owns it; model_rows.c
 * checks a statement's reads a row at a time on it). */
#ifndef SLUICE_SIM_PRIVATE_H
#define SLUICE_SIM_PRIVATE_H

#include "sim/sim.h"

/* ------------------------------------------------------------ the model */

typedef struct sim_mdl_stmt sim_mdl_stmt;

/* Never read (sim_mdl_buf.last). */
#define SIM_MDL_NEVER INT64_MIN

/* One buffer as mapped. */
typedef struct sim_mdl_buf {
	const ub_buffer *ub;
	sim_mdl_stmt *prod;
	int64_t cap;
	int64_t n_elems;	/* elements per frame (the producer's box) */
	int64_t *last;		/* by element: the cycle of its last read in
				 * frame 0 (frame f's are f periods later), or
				 * SIM_MDL_NEVER */
	int64_t max_live;
} sim_mdl_buf;

/* A read port of a statement. */
typedef struct sim_mdl_port {
	const sched_access *a;
	sim_mdl_buf *buf;
	int wc;			/* the statement's write cursor of buf */
	bool tap;		/* delay chain: read at "dist" from the newest */
	int64_t dist;
	const ub_port *border;	/* a chain with border taps: the port, whose
				 * tap and edges pick the position by the
				 * iteration (ubuffer/border.c) */
	int64_t dist_mod;	/* dist mod the capacity */
	bool fast;		/* a row segment can check it (model_rows.c) */
	/* Affine indices: the write index the current iteration reads is
	 * cursor "cursor"'s plus "off"; -1: it is evaluated. */
	int cursor;
	int64_t off;
	const int64_t *wantp;	/* &cursors[cursor].want, or NULL */
	int64_t wbase;		/* the reader's current frame f * the
				 * producer's n_elems */
} sim_mdl_port;

/* A write index stepped with the iteration, shared by the affine ports
 * whose indices differ by constants only (a stencil's taps). */
typedef struct sim_mdl_cursor {
	int64_t want, want0;	/* now, and at the first iteration */
	int64_t step[SCHED_MAX_DIMS];	/* per dimension stepped by one */
	int64_t back[SCHED_MAX_DIMS];	/* step * (ext - 1): a wrap */
} sim_mdl_cursor;

/* The writes of one buffer as a reader sees them, stepped along the
 * producer's elements in write order: "n" writes are done, the next
 * (element "it" of frame "frame") comes at cycle "t". */
typedef struct sim_mdl_wcur {
	const sim_mdl_buf *buf;
	int64_t n;
	int64_t t;		/* INT64_MAX when no write is left */
	int64_t frame;
	int64_t it[SCHED_MAX_DIMS];	/* the producer's variables (those of
					 * the row kept at a carry only) */
	int wm;			/* a row: the variables wm on, blk writes */
	int64_t blk;
	int64_t row_left;	/* writes left in the row */
	int64_t dt;		/* the cycles from one of them to the next */
} sim_mdl_wcur;

struct sim_mdl_stmt {
	const sched_stmt *s;
	sim_mdl_buf *buf;
	int out;		/* its index among the outputs, or -1 */
	int64_t n_elems;	/* elements per frame */
	int64_t frame;		/* of the current iteration */
	int64_t red_iters;	/* iterations per element (1 if no reduction) */
	int dim_slot[SCHED_MAX_DIMS];
	int64_t estride[SCHED_MAX_DIMS];	/* var dims, row-major */
	int64_t *env;
	int64_t it[SCHED_MAX_DIMS];
	int64_t t, done, n_iters;	/* n_iters: every frame's */
	int64_t frame_iters;	/* iterations per frame */
	int64_t period;		/* the run's */
	int n_ports;
	sim_mdl_port *ports;
	int n_cursors;
	sim_mdl_cursor *cursors;	/* n_ports of room */
	int n_wcurs;
	sim_mdl_wcur *wcurs;	/* n_ports of room */
	bool need_env;		/* a port evaluates its indices */
};

/* The first violation met: by cycle, then phase (a cycle's writes before
 * its reads), statement and port, as a cycle-by-cycle run meets them. */
typedef struct sim_mdl_fault {
	bool any;
	int64_t t;
	int phase;		/* 0: a write (frames overlapping), 1: a read */
	int stmt, port;
	int64_t done, frame, held, want, elem;
} sim_mdl_fault;

typedef struct sim_mdl_run {
	sl_ctx *ctx;
	const sched_program *sp;
	const ub_set *ubs;
	int n_stmts;
	sim_mdl_stmt *stmts;
	int n_bufs;
	sim_mdl_buf *bufs;
	int n_frames;
	int64_t period;		/* frame f fires f * period cycles after frame 0 */
	const ref_inputs *in;	/* by frame, as given */
	ref_inputs *lin;	/* by frame: the same arrays for the lowered inputs */
	io_array **outputs;	/* the caller's: the reference's outputs by frame */
	sim_mdl_fault fault;
	int64_t last_out_write;
	int64_t last_in_take;	/* cycle of the last input element taken */
	int64_t outputs_written;
	int64_t iters_done, iters_total;	/* for the progress line */
	uint64_t held;		/* bytes reserved for the buffers */
} sim_mdl_run;

/* model.c: the statement's first iteration; the next one in
 * lexicographic order (its cycle, frame and cursors with it). */
void sim_mdl_iter_start(sim_mdl_stmt *st);
void sim_mdl_iter_next(sim_mdl_stmt *st);
/* A write cursor before the producer's first write of buffer b; one
 * more write done at the end of the producer's row (sim_mdl_wcur_at). */
void sim_mdl_wcur_start(sim_mdl_wcur *w, const sim_mdl_buf *b);
void sim_mdl_wcur_carry(sim_mdl_wcur *w, const sim_mdl_run *r);
/* The write index port p finds at the statement's current iteration
 * when nw writes are done (-1: an empty slot). */
int64_t sim_mdl_held(const sim_mdl_stmt *st, const sim_mdl_port *p, int64_t nw, int64_t want);
/* Port k of the statement read "held" instead of "want" at cycle t,
 * iteration "done" of frame "frame": kept when it is the first. */
void sim_mdl_read_fault(sim_mdl_run *r, const sim_mdl_stmt *st, int k, int64_t t, int64_t done,
	int64_t frame, int64_t held, int64_t want);
/* "iters" more iterations checked: the progress line. */
void sim_mdl_progress(sim_mdl_run *r, int64_t iters);

/* model_rows.c: can the statement's reads be checked a row at a time,
 * and that check (the same verdicts as an iteration at a time). */
bool sim_mdl_rows_ok(const sim_mdl_stmt *st);
void sim_mdl_pass_rows(sim_mdl_run *r, sim_mdl_stmt *st);

/* The writes done by cycle "now" (its writes included), now at least
 * the last call's. */
static inline int64_t sim_mdl_wcur_at(sim_mdl_wcur *w, const sim_mdl_run *r, int64_t now)
{
	while (w->t <= now) {
		if (w->row_left > 0) {
			w->n++;
			w->row_left--;
			w->t += w->dt;
		} else {
			sim_mdl_wcur_carry(w, r);
		}
	}
	return w->n;
}

#endif
