/* rtlgen/rtlgen.h: Verilog generation.
 * Stage: scheduler -> ubuffer -> [rtlgen] -> sim.  From a scheduled
 * program and its mapped unified buffers, write one top module
 * sluice_<name> (interface and timing: docs/hardware.md) that instantiates
 * the parameterized blocks of rtlgen/lib/: an sl_sched per statement, an
 * sl_pipe for each datapath's latency, registers and sl_fifo_seg for delay
 * chains, sl_ram or sl_sram_pf for circular buffers, sl_rom for consts.  Each stage's
 * datapath is generated from its lowered expression tree with the exact
 * semantics of the language.  The output is deterministic. */
#ifndef SLUICE_RTLGEN_H
#define SLUICE_RTLGEN_H

#include <stdio.h>

#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtl_options {
	/* Runs of delay-chain positions shorter than this many words are
	 * registers (as ub_options.register_threshold; default 8). */
	int64_t register_threshold;
} rtl_options;

void rtl_options_default(rtl_options *opts);

/* Write the Verilog of the scheduled, mapped program to "out", with the
 * default options.  "top_name" is the program's name (the module is
 * sluice_<top_name>; non-identifier characters become '_').  0, or -1
 * (error reported). */
int rtl_emit(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, FILE *out);
int rtl_emit_opts(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, const rtl_options *opts, FILE *out);

/* The library files the generated module instantiates, relative to
 * rtlgen/lib (NULL-terminated). */
const char *const *rtl_library_files(void);

/* How rtl_emit lays out the delay chain of "b" (storage registers or
 * delay chain): positions 0 .. *n-1, kind[p] 1 for a register and 2 for
 * a position in an SRAM FIFO segment (sl_fifo_seg, one sl_sram).  A tap
 * at distance d makes d-1 and d registers; runs of other positions at
 * least max(threshold, 2) long are SRAM.  The caller frees the array. */
char *rtl_chain_layout(const ub_buffer *b, int64_t threshold, int64_t *n);

/* One SRAM run of a delay-chain layout: positions start .. start+len-1.
 * Runs of the same length shift together (every write shifts the whole
 * chain), so they share one sl_fifo_seg, their words side by side: a
 * group, numbered in the order of its first run.  Two 60-word runs of
 * 8 bits are one 16-bit FIFO, one block RAM instead of two. */
typedef struct rtl_run {
	int64_t start, len;
	int group;
	int group_size;		/* runs in its group */
} rtl_run;

/* The SRAM runs of "kind" (rtl_chain_layout, n positions) in chain order,
 * grouped; *n_groups set.  The caller frees the array. */
rtl_run *rtl_chain_runs(const char *kind, int64_t n, int *n_runs, int *n_groups);

/* The module name for a program name: "sluice_" and the name with every
 * non-identifier character replaced by '_'.  In the context's arena. */
const char *rtl_module_name(sl_ctx *ctx, const char *top_name);

#ifdef __cplusplus
}
#endif

#endif
