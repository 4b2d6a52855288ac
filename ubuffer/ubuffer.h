/* ubuffer/ubuffer.h: unified buffers, one per stored array.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  A buffer is the set of ports
 * on the array of one statement (a stored func or an input): one write
 * port (the producer) and one read port per access that reads it.  Each
 * port is an iteration domain, an access map and a cycle schedule (all in
 * the scheduler's statements).  From them follow, exactly:
 *   max_live_words  the most values written and still to be read at any
 *                   cycle (the lower bound of any storage);
 *   capacity_words  what the chosen layout needs: a circular buffer
 *                   addressed by write order (a delay chain is one).
 * and the storage mapping the RTL generator follows.  A ub_set owns its
 * buffers and their ports; nothing here holds isl objects after the
 * analysis. */
#ifndef SLUICE_UBUFFER_H
#define SLUICE_UBUFFER_H

#include "boards/boards.h"
#include "scheduler/scheduler.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ub_storage {
	UB_NONE,	/* nothing reads it (an output only streamed out) */
	UB_REGISTERS,	/* a short delay chain of registers */
	UB_DELAY_CHAIN,	/* registers and SRAM line-buffer segments */
	UB_CIRCULAR,	/* SRAM circular buffer with address generators */
} ub_storage;

/* The memory of a circular buffer. */
typedef enum ub_mem {
	UB_MEM_REGFILE,	/* sl_ram: flip-flops, or LUT RAM where the board has it;
			 * combinational reads, one write port */
	UB_MEM_SRAM,	/* sl_sram_pf: one 1R1W block-RAM copy per read port,
			 * read one cycle ahead */
} ub_mem;

/* How circular buffers choose their memory (ub_options.ram). */
typedef enum ub_ram {
	UB_RAM_AUTO,	/* per buffer, from its size and the board (ubuffer.c) */
	UB_RAM_BLOCK,	/* every circular buffer in block RAM */
	UB_RAM_LUT,	/* every circular buffer a register file */
} ub_ram;

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
	int64_t dist;
	/* Read ports: the earlier read port of the same reader with the same
	 * index expressions (it reads the same element in the same cycle, so
	 * the two share a block-RAM copy), or -1. */
	int same_as;
} ub_port;

/* A piece of a delay chain between two taps. */
typedef struct ub_segment {
	int64_t words;
	bool sram;	/* else registers */
} ub_segment;

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
	/* Mapping. */
	ub_storage storage;
	ub_mem mem;			/* circular buffers: the memory */
	int n_banks;			/* copies of a circular buffer: one per
					 * distinct read (same_as < 0) */
	int n_segments;
	ub_segment *segments;		/* delay chain, from the write side */
} ub_buffer;

typedef struct ub_options {
	/* Delay-chain segments shorter than this many words are registers
	 * (default 8). */
	int64_t register_threshold;
	/* Read ports per SRAM bank (default 1: a 1R1W SRAM). */
	int sram_read_ports;
	/* The memory of circular buffers (default UB_RAM_AUTO). */
	ub_ram ram;
	/* The target board, or NULL: what UB_RAM_AUTO weighs. */
	const board *bd;
} ub_options;

typedef struct ub_set {
	int n_buffers;
	ub_buffer **buffers;	/* in statement order */
} ub_set;

void ub_options_default(ub_options *opts);
/* Extract, size and map the buffers of every statement that has readers
 * or is an output.  NULL on error (reported). */
ub_set *ub_set_build(sl_ctx *ctx, const sched_program *sp, isl_ctx *isl,
	const ub_options *opts);
void ub_set_free(ub_set *set);
/* Choose the memory of every circular buffer again under "opts" (ram and
 * bd; the sizes do not change): to weigh another board. */
void ub_set_remap(ub_set *set, const ub_options *opts);
/* The buffer of statement "s", or NULL. */
const ub_buffer *ub_set_find(const ub_set *set, const sched_stmt *s);

/* Position of element "e" of the producer's array in write order (0 for
 * the first value written).  The circular-buffer address is this modulo
 * capacity_words. */
int64_t ub_write_index(const ub_buffer *buf, const int64_t *e);

/* Stable text dump (buffers.txt). */
void ub_set_dump(const ub_set *set, FILE *out);
const char *ub_storage_str(ub_storage s);
const char *ub_mem_str(ub_mem m);
/* "auto", "block" or "lut"; false for another word. */
bool ub_ram_parse(const char *s, ub_ram *out);
const char *ub_ram_str(ub_ram r);

#ifdef __cplusplus
}
#endif

#endif
