/* sim/sim.h: the mapped design, executed and compared.
 * Stage: the last of the flow.  It runs the scheduled, buffered design two
 * ways, the cycle-level model and the generated Verilog in Verilator, and
 * compares both with the CPU reference (ref/) bit for bit and with the
 * schedule's predicted cycles.  Inputs and outputs are io_arrays (io/);
 * every io_array returned is owned by the caller. */
#ifndef SLUICE_SIM_H
#define SLUICE_SIM_H

#include "ir/ir.h"
#include "io/io.h"
#include "ref/ref.h"
#include "scheduler/scheduler.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------- cycle-level model
 * The mapped design executed cycle by cycle: iterations fire at their
 * scheduled cycles, values go through the buffers exactly as mapped
 * (slots, addresses, delay-chain taps), and every read checks that its
 * slot holds the element it wants. */

typedef struct sim_model_stats {
	int64_t cycles;		/* last write of an output value + 1, measured */
	int64_t outputs_checked;	/* output values produced */
	int n_buffers;
	int64_t *max_live;	/* per buffer of the ub_set, measured; owned */
	int64_t iterations;	/* statement iterations fired */
	int64_t reads;		/* buffer reads done */
} sim_model_stats;

/* Run the design of "sp" mapped by "ubs" on "in".  outputs[i] receives
 * sp->lowered->outputs[i] over its output box.  A read that finds another
 * element than the one it wants (overwritten before its last read, or not
 * yet written) is reported at the access with its cycle and element.
 * Returns 0, or -1 with an error reported.  Release the stats with
 * sim_model_stats_release. */
int sim_model_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, io_array **outputs, sim_model_stats *stats);
void sim_model_stats_release(sim_model_stats *stats);

/* Frames (docs/hardware.md): n_frames frames back to back through one
 * run, frame f's iterations f * sim_frame_period(sp) cycles after frame
 * 0's, its inputs in[f]; outputs[f * n_outputs + i] receives frame f's
 * output i.  The buffers carry on from frame to frame (write indices
 * count on).  stats->cycles is the whole run's. */
int sim_model_run_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, int n_frames, io_array **outputs, sim_model_stats *stats);
/* Cycles from one frame's start to the next's: the least period at which
 * every statement's firings keep their order (the longest span of one
 * statement's firings in a frame) and every buffer's next-frame writes
 * come after this frame's reads (the longest time from a producer's
 * first write to the last firing of a statement reading it). */
int64_t sim_frame_period(const sched_program *sp);
/* The predicted cycles of n_frames frames:
 * predicted_cycles + (n_frames - 1) * period. */
int64_t sim_frames_predicted_cycles(const sched_program *sp, int n_frames);

/* ------------------------------------------------------------ lanes
 * A design whose program has lanes (sp->lowered->lanes_of, see
 * scheduler.h) runs the lane program: both engines take its inputs and
 * give its outputs (sim/lanes.c).  Lane l of an input with k lanes holds
 * at word xo of its innermost dimension the input's point k * xo + l. */
typedef struct sim_lane_inputs {
	const ref_inputs *in;	/* by frame: the lane program's inputs */
	int n_frames;
	ref_inputs *frames;	/* owned (NULL without lanes: in is the caller's) */
	int64_t held;		/* bytes reserved against the memory limit */
} sim_lane_inputs;

/* The inputs of lane program "lp" (sp->lowered) from "in", n_frames
 * frames of the inputs of "prog" (by name, or by position among prog's
 * inputs); without lanes, "in" itself.  0, or -1 (reported; release
 * anyway). */
int sim_lane_inputs_make(sl_ctx *ctx, const ir_program *prog, const ir_program *lp,
	const ref_inputs *in, int n_frames, sim_lane_inputs *out);
void sim_lane_inputs_release(sl_ctx *ctx, sim_lane_inputs *li);
/* The outputs of lp->lanes_of, interleaved from the lane outputs
 * lanes[f * lp->n_outputs + j] of n_frames frames (which it frees and
 * clears): a heap array of n_frames * *n_out arrays, frame by frame. */
io_array **sim_lanes_join(const ir_program *lp, io_array **lanes, int n_frames, int *n_out);

/* Run the model of "sp" mapped by "ubs" (the design of "prog", built by
 * flow/) and the reference on "in"; compare every output bit for bit
 * (the first mismatch is reported with its coordinates and both values),
 * the measured cycles with predicted_cycles and each buffer's measured
 * max_live with max_live_words.  outputs[i] receives the model's
 * prog->outputs[i]; a summary goes to "report" (when not NULL).  0 when
 * everything agrees; on -1 the outputs are NULL. */
int sim_check_model(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const ub_set *ubs, const ref_inputs *in, io_array **outputs, FILE *report);
/* The same for n_frames frames (sim_model_run_frames): in[f] and
 * outputs[f * n_outputs + i] by frame, every frame compared, the cycles
 * against sim_frames_predicted_cycles. */
int sim_check_model_frames(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const ub_set *ubs, const ref_inputs *in, int n_frames, io_array **outputs,
	FILE *report);

/* The budget of a sim run, in the schedule's predicted cycles: 10^9, about
 * two minutes of the model (`sluice sim --max-cycles N` changes it). */
#define SIM_MAX_CYCLES_DEFAULT ((int64_t) 1000000000)
/* Is the design's predicted run within "max_cycles"?  Else a located
 * error at the statement with the most iterations, naming the prediction,
 * the budget and --max-cycles; false.  Checked before any input is made. */
bool sim_within_budget(sl_ctx *ctx, const sched_program *sp, int n_frames, int64_t max_cycles);

/* ------------------------------------------------------------ Verilator
 * The generated Verilog run in Verilator (sim/verilator.c), driven by a
 * generated C++ testbench (docs/hardware.md).  The build is cached in
 * $SLUICE_CACHE_DIR (default $XDG_CACHE_HOME/sluice, ~/.cache/sluice)
 * under a hash of the Verilog, the testbench, the library
 * ($SLUICE_RTL_LIB, default rtlgen/lib of the source tree) and the flags;
 * $SLUICE_VERILATOR names the verilator command. */

typedef struct sim_vl_options {
	const char *vcd_path;	/* dump a waveform here, or NULL */
	int64_t vcd_cycles;	/* how many cycles of it, from reset */
	/* A synthesized netlist instead of the generated Verilog: its cell
	 * library, NULL-terminated absolute paths built in place of the
	 * hardware library (NULL: the hardware library), and extra
	 * Verilator arguments (-D, -I), NULL-terminated or NULL.  Both go
	 * into the cache key, the files by their contents. */
	const char *const *cell_lib;
	const char *const *vl_args;
	/* When not NULL, cycles[i] receives an i64 array the shape of
	 * output i: the cycle (from 0, as in sim_vl_stats.cycles) in which
	 * the hardware presented each element; the caller frees them. */
	io_array **cycles;
	/* Frames per start (0 or 1: one): the Verilog is rtl_emit_frames'
	 * of this many frames; "in" is in[0 .. frames), outputs[] (and
	 * cycles[]) get frames * n_outputs arrays, frame f's output i at
	 * f * n_outputs + i. */
	int frames;
	/* With more than 0: the Verilog is the AXI4-Stream wrapper
	 * (--interface axis) and the testbench runs it under random pauses
	 * of this many seeds besides the unstalled run (sim/vl_axis_tb.c);
	 * the outputs and cycles are the unstalled run's. */
	int axis_seeds;
	/* With --memory pub, the design's tiles (else NULL): the harness is
	 * built with SL_PUB_COUNT, clocks on after done until the tiles' last
	 * fire (sim_vl_pub_last_fire, written into the run's directory) and
	 * every tile's access counts, measured in the simulated hardware,
	 * must equal the tile model's (sim_vl_pub_check, or
	 * sim_vl_pub_check_runs for the AXI4-Stream testbench's runs). */
	const ub_pub_set *pub;
	/* --runtime-config (docs/pub.md): the design's configuration image
	 * (rtl_runtime_image's text, config_len bytes) and its cfg_data
	 * width; the testbench writes it through the bus after reset (the
	 * build gets -DSL_RUNTIME_CONFIG=config_data_bits).  NULL: none. */
	const char *config;
	size_t config_len;
	int config_data_bits;
} sim_vl_options;

typedef struct sim_vl_stats {
	int64_t cycles;		/* cycle 0 to the first cycle with done high */
	int64_t outputs_received;	/* output values, all outputs */
	bool cached;		/* the build was reused */
	double build_seconds;	/* verilating and compiling; 0 when cached */
	double run_seconds;	/* the Verilated model's cycle loop alone */
	/* axis_seeds: runs, runs checked against the unstalled one, clock
	 * cycles in all, cycles a master was stalled, dependency checks */
	int64_t axis_runs, axis_checked, axis_wall, axis_stalls, axis_dep_checks;
} sim_vl_stats;

/* Run module "top_name" in "verilog" (len bytes), the design of "sp",
 * on "in".  outputs[i] receives sp->lowered->outputs[i] as received on
 * its NAME_valid cycles until done.  Errors (reported): the build fails,
 * done does not rise within 2 * (the schedule's last cycle + 1) + 1000
 * cycles, an input is taken
 * more or fewer times than it has elements, an output gets another
 * number of values than its box has.  Returns 0 or -1. */
int sim_vl_run(sl_ctx *ctx, const sched_program *sp, const char *top_name,
	const char *verilog, size_t len, const ref_inputs *in,
	const sim_vl_options *opts, io_array **outputs, sim_vl_stats *stats);

/* The access counts every sl_pub instance printed under SL_PUB_COUNT in
 * "log" (the testbench's output: a line "sl_pub_count PATH run R ni NI
 * no NO N_0 ... N_{2(NI+NO)-1}" a run, N_c the fires of controller c in
 * register-map order; rtlgen/lib/sl_pub.v), each matched to its tile of
 * "ps" by instance name (PRODUCER_pubK) and compared with the tile
 * model's counts of the whole run (ub_pub_model; the harness clocks on
 * after done until sim_vl_pub_last_fire): aggregator writes, SRAM writes
 * and reads, transpose-buffer reads per output, controller steps.  A
 * difference, a tile without exactly one line of run 1, a line of no
 * tile or a malformed one is an error naming the buffer, the tile, the
 * count and both values.  0 or -1 (reported). */
int sim_vl_pub_check(sl_ctx *ctx, const ub_pub_set *ps, const char *log);
/* sim_vl_pub_check for the AXI4-Stream testbench's runs back to back:
 * every tile has exactly one line of each run 1 .. n_runs, each with the
 * model's counts, but run "cut_run" (0: none), cut by a reset, whose
 * counts may only fall short of them; an error names the run. */
int sim_vl_pub_check_runs(sl_ctx *ctx, const ub_pub_set *ps, const char *log, int n_runs,
	int cut_run);
/* The last cycle of a run (from 0, the cycle after go; frames included)
 * in which any enabled controller of any tile of "ps" fires: the end of
 * its loop nest; -1 without tiles.  A tile may fire after the design's
 * last cycle (blur_xy's padded last word of its last row: cycle 4,101
 * of a 4,101-cycle run), so the harness clocks on until this cycle. */
int64_t sim_vl_pub_last_fire(const ub_pub_set *ps);

/* Run module "top" of "verilog" (flow_verilog of the design of "prog"
 * and "sp") in Verilator and the reference on "in", and compare as
 * sim_check_model does (outputs and cycles; a mismatch names the cycle
 * the hardware presented the element in).  A summary with the simulation
 * speed goes to "report" (when not NULL).  With vopts->cell_lib,
 * "verilog" is a synthesized netlist (target/netlist.c): errors name the
 * "synthesized netlist" and the summary is "netlist check: ...". */
int sim_check_verilator(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const char *top, const char *verilog, size_t len, const ref_inputs *in,
	const sim_vl_options *vopts, io_array **outputs, FILE *report);

#ifdef __cplusplus
}
#endif

#endif
