/* rtlgen/rtlgen.h: Verilog generation.
 * Rank 8 (tests/check_layout.sh).
 * Stage: scheduler -> ubuffer -> [rtlgen] -> sim.  From a scheduled
 * program and its mapped unified buffers, write one top module
 * sluice_<name> (interface and timing: docs/hardware.md) that instantiates
 * the parameterized blocks of rtlgen/lib/: an sl_sched per statement, an
 * sl_pipe for each datapath's latency, registers and sl_fifo_seg for delay
 * chains (as ub_buffer.runs lays them out), sl_ram or sl_sram_pf for
 * circular buffers, sl_rom for consts.  Each stage's datapath is generated
 * from its lowered expression tree with the exact semantics of the
 * language.  The output is deterministic. */
#ifndef SLUICE_RTLGEN_H
#define SLUICE_RTLGEN_H

#include <stdio.h>

#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The RTL plan (rtlgen/plan.c): what rtl_emit builds, decided before
 * any Verilog is written; the emitter writes it and fpga/logic.c costs
 * it.  Per statement: */
typedef struct rtl_sched_plan {
	const char *name;		/* its Verilog identifier */
	const char *port;		/* its port group, NAME_en / _valid / _data
					 * (rtl_port_name; inputs and outputs) */
	const sched_stmt *controller;	/* whose sl_sched drives it: itself, or
					 * an earlier lane (sched_controller) */
	int n;				/* its dimensions (at least 1), the frame after */
	int64_t ext[SCHED_MAX_DIMS + 1];	/* sl_sched's EXT, DELTA (TW bits), */
	uint64_t delta[SCHED_MAX_DIMS + 1];	/* outermost first */
	uint64_t start;			/* and START */
} rtl_sched_plan;

typedef struct rtl_plan {
	int frames;		/* frames per start (docs/hardware.md "Frames") */
	int64_t period;		/* cycles from a frame's start to the next's */
	int tw;			/* width of the schedules' START and DELTA */
	int run_bits;		/* the run control's 'remain' */
	int n_stages;
	rtl_sched_plan *sched;	/* by statement index, in the context's arena */
} rtl_plan;

/* The name of the top-level port group of input or output "d" (lanes:
 * of the declaration they split; docs/hardware.md "Top-level
 * interface"), as a Verilog identifier (in the context's arena). */
const char *rtl_port_name(sl_ctx *ctx, const ir_decl *d);
/* The lanes of the last word of a row of port group "d" (lane 0 of an
 * input or output): its split declaration's extent along its lane
 * dimension mod k, or k when k divides it; 1 without lanes
 * (docs/hardware.md "Lanes"). */
int rtl_port_tail(const ir_decl *d);
/* The AXI4-Stream framing of port group "d" (lane 0) over its box of
 * extents ext[0 .. n_dims) (lane 0's words): a row is every word of one
 * index of the dimensions before the lane dimension (the innermost
 * without lanes), *row words, *rows of them a frame; the words of one
 * lane-dimension index are *inner consecutive words (the product of the
 * extents after it: 1 when the lanes run along the innermost), so a
 * row's last *inner words hold its last lane-dimension index, padded
 * past rtl_port_tail's lanes (docs/hardware.md "Pixels per beat"). */
void rtl_port_frame(const ir_decl *d, int n_dims, const int64_t *ext, int64_t *row,
	int64_t *rows, int64_t *inner);
/* The Verilog name of statement s, the prefix of every signal and
 * instance of its stage ("blur.lane1" is blur_lane1; in the context's
 * arena). */
const char *rtl_stage_name(sl_ctx *ctx, const sched_stmt *s);
/* The instance name of push-memory tile k of the buffer "producer"
 * writes (in the context's arena). */
const char *rtl_tile_name(sl_ctx *ctx, const sched_stmt *producer, int k);
/* The plan of the design of "sp" with the tiles of "pub" (or NULL) for
 * "frames" frames, into *p. */
void rtl_plan_build(sl_ctx *ctx, const sched_program *sp, const pub_set *pub, int frames,
	rtl_plan *p);

/* Write the Verilog of the scheduled, mapped program to "out", each
 * buffer stored as "ubs" maps and lays it out.  "top_name" is the
 * program's name (the module is sluice_<top_name>; non-identifier
 * characters become '_').  These three check (rtl_check) and emit
 * (rtl_emit_iface) in one call.  0, or -1 (error reported). */
int rtl_emit(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, FILE *out);

/* The same for "frames" frames per start (docs/hardware.md "Frames"):
 * every schedule gets an outermost frame dimension of extent "frames"
 * and coefficient sched_frame_period, done rises after the last frame and
 * circular buffers restart their slots at every frame.  frames == 1 is
 * rtl_emit's text, byte for byte. */
int rtl_emit_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, int frames, FILE *out);
/* rtl_emit with the buffers that "pub" maps on push-memory tiles emitted
 * as sl_pub instances, configured after reset; the module gets an output
 * 'ready' (every tile configured; with no buffer on tiles, high from
 * reset) and takes 'start' only when it is high (docs/pub.md, "In the
 * Verilog"). */
int rtl_emit_pub(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, const char *top_name, FILE *out);
/* The top level's interface (docs/hardware.md): the native ports
 * (NAME_en / NAME_valid, no flow control), or AXI4-Stream, the native
 * module as sluice_<name>_core under a wrapper sluice_<name> with one
 * stream per port and a clock enable that stalls the whole design. */
typedef enum rtl_interface {
	RTL_IFACE_NATIVE,
	RTL_IFACE_AXIS,
} rtl_interface;

/* How the top level is started and configured (docs/hardware.md):
 * the ports start, done (ready, the configuration bus), or one AXI4-Lite
 * slave with those as registers (rtlgen/lib/sl_axilite_ctrl.v). */
typedef enum rtl_control {
	RTL_CONTROL_PORTS,
	RTL_CONTROL_AXILITE,
} rtl_control;

/* What the Verilog of a design is emitted with. */
typedef struct rtl_options {
	const char *top_name;	/* the program's name: module sluice_<top_name> */
	const pub_set *pub;	/* the buffers on tiles (rtl_emit_pub's), or NULL */
	int frames;		/* frames per start (rtl_emit_frames'), from 1 */
	rtl_interface iface;	/* the top level */
	rtl_control control;	/* its control (RTL_CONTROL_PORTS when 0) */
	/* --runtime-config (docs/pub.md "Run-time configuration"): every
	 * schedule, the run length and (native memory) the delay chains'
	 * SRAM lengths from configuration registers; with pub, its
	 * params.runtime instead. */
	bool runtime;
	/* On native memory: the buffers of the largest size the build
	 * serves (--runtime-max), whose SRAM groups give the memories'
	 * words and whose circular buffers their capacities and memories;
	 * NULL: this design's own. */
	const ub_set *max_ubs;
	/* On native memory: the configuration registers' width (CW; 0:
	 * RTL_RUNTIME_NATIVE_CW), the build's rtl_runtime_native_bits. */
	int runtime_cw;
} rtl_options;

/* The RTL stage: can the design be emitted under "ro"?  Every extent
 * fits sl_sched's counters (rtl_check_extents), the frames end before
 * cycle 2^48, the lanes of every port group fire together, and the
 * AXI4-Stream interface has no lanes along a dimension other than the
 * innermost (not yet).  0, or -1 with a located
 * error.  flow/ runs it after the schedule, so no command builds a design
 * it cannot emit; with --runtime-config rtl_runtime_check follows the
 * tiles. */
int rtl_check(sl_ctx *ctx, const sched_program *sp, const rtl_options *ro);

/* Emit the Verilog of a design that passed rtl_check: rtl_emit_frames'
 * text with the top level of ro->iface (and the tiles of ro->pub);
 * RTL_IFACE_NATIVE is rtl_emit_frames' text.  With RTL_IFACE_AXIS the
 * core module goes to "core_out" (its own file, sluice_<name>_core.v)
 * when not NULL, else into "out" before the wrapper.  0, or -1 when the
 * text cannot be written (reported). */
int rtl_emit_iface(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro, FILE *out, FILE *core_out);
/* "native" or "axis". */
const char *rtl_interface_str(rtl_interface iface);
/* "ports" or "axilite". */
const char *rtl_control_str(rtl_control control);

/* With --runtime-config (ro->pub's params.runtime, or ro->runtime on
 * native memory; docs/pub.md "Run-time configuration"): the design's
 * whole configuration image, the tiles' registers, every schedule's, the
 * line buffers' lengths, the streams' framing, the run length and
 * CONFIGURED, as the bus writes in "$readmemh" words (cfg_addr << cfg_data
 * bits | cfg_data), one a line after three comment lines.  0, or -1 with
 * a located error (a value past its register). */
int rtl_runtime_image(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro, FILE *out);
/* Can the design be configured at run time under "ro" (its tiles,
 * frames, interface, register width): every value fits its register, no
 * buffer beside the tiles is a delay chain with SRAM (its lengths are
 * not registers there), and no AXI4-Stream port carries lanes?  0, or -1 with a located
 * error.  flow/ checks it after the mapping, before anything is
 * written, and rtl_runtime_image again. */
int rtl_runtime_check(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro);
/* cfg_data's width in a run-time configured design: the tiles' CW, or
 * on native memory ro->runtime_cw (RTL_RUNTIME_NATIVE_CW when 0). */
int rtl_runtime_data_bits(const rtl_options *ro);
#define RTL_RUNTIME_NATIVE_CW 32
/* On native memory: the configuration registers' width that holds every
 * value of the image of this design (the build's largest size): its
 * STARTs, DELTAs, extents, lengths, framing and half its run length. */
int rtl_runtime_native_bits(const sched_program *sp, const ub_set *ubs, int frames);

/* The largest extent of a statement dimension the hardware counts: the
 * 32-bit EXT and idx fields of sl_sched (docs/hardware.md). */
#define RTL_MAX_EXTENT ((int64_t) UINT32_MAX)
/* Can every statement of "sp" be counted by sl_sched?  Else a located
 * error at the first statement with a larger extent; -1.  flow/ checks
 * it after the schedule, so no command builds a design it cannot emit. */
int rtl_check_extents(sl_ctx *ctx, const sched_program *sp);

/* The library files the generated module instantiates, relative to
 * rtlgen/lib (NULL-terminated). */
const char *const *rtl_library_files(void);

/* The directory of the hardware library: $SLUICE_RTL_LIB when set, else
 * the source tree's rtlgen/lib. */
const char *rtl_library_dir(void);

/* A file of the hardware library: its name (of rtl_library_files) and
 * its bytes, read from rtl_library_dir(). */
typedef struct rtl_lib_file {
	const char *name;
	char *text;		/* owned */
	size_t len;
	bool used;
} rtl_lib_file;
/* The library files the top module text[0..len) instantiates, directly
 * or through another library module, read whole, in the order of
 * rtl_library_files: *out (free with rtl_library_free) and *n.  0, or
 * -1 (reported: a file that cannot be read). */
int rtl_library_used(sl_ctx *ctx, const char *text, size_t len, rtl_lib_file **out, int *n);
void rtl_library_free(rtl_lib_file *files, int n);

/* The module name for a program name: "sluice_" and the name with every
 * non-identifier character replaced by '_'.  In the context's arena. */
const char *rtl_module_name(sl_ctx *ctx, const char *top_name);

#ifdef __cplusplus
}
#endif

#endif
