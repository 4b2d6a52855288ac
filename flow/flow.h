/* flow/flow.h: the compiler, as one list of stages.
 * Rank 12 (tests/check_layout.sh).
 * Stage: on top of every module but the command line.  flow_compile
 * builds the design of one program once (front end, lowering, schedule,
 * schedule check, buffers, board mapping, each followed by its checker
 * and its dump) in one isl context; every command (compile, sim with
 * either engine, synth, study) takes that design, so what one command
 * writes is what another simulates.  flow_verilog is the one place the
 * Verilog of a design is emitted. */
#ifndef SLUICE_FLOW_H
#define SLUICE_FLOW_H

#include <stdio.h>

#include "boards/boards.h"
#include "rtlgen/rtlgen.h"
#include "scheduler/scheduler.h"
#include "fpga/fpga.h"
#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct flow_options {
	sched_options sched;
	ub_options ub;		/* ub.bd is set from bd */
	const board *bd;	/* map for this board, or NULL */
	/* --memory pub: map the buffers onto push-memory tiles of "pub"
	 * (the tile stage, pub/map.c; docs/pub_mapping.md).  The Verilog
	 * instantiates the tiles; the cycle-level model keeps the native
	 * storage for the data and runs the tile model for the counts. */
	bool memory_pub;
	pub_params pub;
	/* With bd: a design whose storage or estimated logic does not fit
	 * the board is a located error (fpga/: the largest buffers and
	 * stages, and what would help). */
	bool check_fit;
	/* With check_fit: the package's I/O pins too (compile, and synth
	 * --pnr: a design that is to be placed), and the warning of a plane
	 * kept by the output order (compile, the command that gives advice). */
	bool check_pins;
	bool warn_order;
	/* --widths declared: every func and operation at the type the
	 * program declares (no va_narrow: docs/hardware.md "Value-range
	 * widths"). */
	bool declared_widths;
	/* The Verilog's top level (flow_verilog): native or AXI4-Stream. */
	rtl_interface iface;
	/* Its control: the ports start/done, or an AXI4-Lite slave. */
	rtl_control control;
	/* --runtime-config on native memory: the params' values of the
	 * largest size the build serves (--runtime-max NAME=VALUE, over the
	 * program's and -D's); none: this size is the largest. */
	const sl_define *rt_max;
	int n_rt_max;
	/* Frames per start of the Verilog the command emits (sim --frames
	 * N; 1 elsewhere): the RTL stage checks that one. */
	int frames;
	/* Stage dumps, as letters: P the checked program, L the lowered
	 * program, S the schedule, B the buffers, R the predicted resources
	 * (with a board).  Each is written to dump_out (stdout when NULL)
	 * right after its stage, so a later failure leaves the earlier ones. */
	const char *dump;
	FILE *dump_out;
	/* Tests: called on the schedule before the checker sees it. */
	void (*after_schedule)(sched_program *sp, void *arg);
	void *hook_arg;
} flow_options;

void flow_options_default(flow_options *o);
/* Is every letter of "letters" a dump letter?  Sets *bad to the first
 * one that is not. */
bool flow_dump_letters_ok(const char *letters, char *bad);

/* ----------------------------------------- option rules (flow/options.c) */

enum { FLOW_EXIT_PROGRAM = 1, FLOW_EXIT_USAGE = 2 };

/* What a command asks of the flow, as the option rules read it. */
typedef struct flow_request {
	const char *command;		/* "compile", "sim", "synth", "study", ... */
	const flow_options *flow;	/* the design's options */
	bool board_given;		/* --board B */
	const board *bd;		/* B once loaded, else NULL */
	int frames;			/* --frames N (1) */
	const char *engine;		/* --engine E: run interp|c, sim model|verilator */
	bool engine_verilator, vcd;	/* sim: --engine verilator, --vcd FILE */
	bool have_stall_seeds;		/* sim: --stall-seeds N */
	bool check_netlist, have_data;	/* synth: --check-netlist; --input or --seed */
	bool pub_tile_opts;		/* a --fetch, --depth, --pub-* or --runtime-config */
	bool study_memories;		/* study: --memory LIST */
	bool study_board_axes;		/* study: --boards, --schedules, --thresholds,
					 * --rams, --sim or --pnr */
	int n_sizes;			/* sim: --size given this many times */
	bool have_input;		/* --input NAME=FILE */
} flow_request;

/* Does "r" combine its options as every rule of flow/options.c allows?
 * 0, or the exit code of the first rule broken (FLOW_EXIT_USAGE, or
 * FLOW_EXIT_PROGRAM for a board without the delay model --clock needs),
 * its message reported as "sluice CMD: error: ...". */
int flow_options_check(sl_ctx *ctx, const flow_request *r);
/* The rules in the table. */
int flow_options_n_rules(void);

typedef struct flow_design {
	sl_ctx *ctx;		/* diagnostics and the arena (not owned) */
	isl_ctx *isl;		/* the compilation's isl context (owned) */
	const char *path;	/* the program file */
	const char *name;	/* its file name without directories and ".sl" */
	flow_options opts;
	ir_program *prog;	/* checked, bounds inferred */
	sched_program *sp;	/* lowered, scheduled and checked */
	ub_set *ubs;		/* sized, checked, mapped for opts.bd */
	pub_set *pub;	/* with opts.memory_pub: the tiles; else NULL */
	bool has_pred;		/* compiled with a board (not remapped): */
	tg_report pred;		/* its predicted storage and logic */
	/* With opts.rt_max: the design at the build's largest size, whose
	 * Verilog this one's equals (its line buffers' words); owned. */
	struct flow_design *max;
} flow_design;

/* Build the design of the program in "path".  NULL when a stage failed
 * (every error reported). */
flow_design *flow_compile(sl_ctx *ctx, const char *path, const flow_options *o);
/* The same for a program text in memory, named "path" (tests). */
flow_design *flow_compile_text(sl_ctx *ctx, const char *path, const char *text, size_t len,
	const flow_options *o);
/* The front end alone (the checked program, prog, and the isl context
 * the compilation's stages share, isl; nothing else): for a test of one
 * back-end stage on the flow's own inputs (tests/unit/t_unroll.cpp).
 * NULL when it failed (reported); flow_free frees it. */
flow_design *flow_front_text(sl_ctx *ctx, const char *path, const char *text, size_t len,
	const flow_options *o);
void flow_free(flow_design *d);

/* Schedule the design again under "so" (lowering, schedule, check,
 * buffers, mapping): a study's schedule axis.  0, or -1 (reported; the
 * design then has no schedule and no buffers). */
int flow_reschedule(flow_design *d, const sched_options *so);
/* Map the buffers again under "uo" for board "bd" (memories and
 * delay-chain layout; the sizes do not change): a study's board,
 * threshold and RAM axes.  The fit is not checked, and the compile's
 * prediction is dropped (has_pred false): tg_predict the mapping. */
void flow_remap(flow_design *d, const ub_options *uo, const board *bd);

/* The Verilog of the design (module *top, "sluice_" and the name), in a
 * heap buffer the caller frees.  0, or -1 (reported). */
int flow_verilog(const flow_design *d, char **text, size_t *len, const char **top);
/* The same for "frames" frames per start (rtl_emit_frames); frames == 1
 * is flow_verilog's text. */
int flow_verilog_frames(const flow_design *d, int frames, char **text, size_t *len,
	const char **top);
/* flow_verilog_frames' design as files: *text the top module, and with the
 * AXI4-Stream interface *core the core module (file <top>_core.v), else
 * NULL.  The caller frees both. */
int flow_verilog_files(const flow_design *d, int frames, char **text, size_t *len,
	char **core, size_t *core_len, const char **top);

/* The tile stage again on the buffers of "d" with parameters "p" (the
 * tile study's configurations): the tiles, which the caller frees
 * (pub_set_free), or NULL with the mapping's reason in "why" (nothing is
 * reported: a refused configuration is a row of the study). */
pub_set *flow_retile(const flow_design *d, const pub_params *p, char *why, size_t n);

/* With --runtime-config: the design's configuration image
 * (rtl_runtime_image, DIR/config.hex) in a heap buffer the caller frees,
 * and its cfg_data width as the result; without: 0 and *text NULL.  -1
 * (reported) when a value does not fit its register. */
int flow_config_image(const flow_design *d, char **text, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
