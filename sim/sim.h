/* sim/sim.h: the mapped design, executed and compared.
 * Rank 10 (tests/check_layout.sh).
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
#include "verilator/verilator.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------- cycle-level model
 * The mapped design executed at its scheduled cycles: iterations fire at
 * their cycles, values go through the buffers exactly as mapped (slots,
 * addresses, delay-chain taps), and every read checks that its slot holds
 * the element it wants then (sim/model.c derives what a slot holds from
 * the writes of its buffer done by the cycle, statement by statement,
 * with the verdicts of stepping every cycle). */

typedef struct sim_model_stats {
	int64_t cycles;		/* last write of an output value + 1, measured */
	int64_t outputs_checked;	/* output values produced */
	int n_buffers;
	int64_t *max_live;	/* per buffer of the ub_set, measured; owned */
	int64_t iterations;	/* statement iterations fired */
	int64_t reads;		/* buffer reads done */
} sim_model_stats;

/* Run the design of "sp" mapped by "ubs" on "in".  outputs[i] receives
 * sp->lowered->outputs[i] over its output box; with "outputs" NULL no
 * value is computed (the reads, cycles and live values only, cheaper).  A read that finds another
 * element than the one it wants (overwritten before its last read, or not
 * yet written) is reported at the access with its cycle and element.
 * Returns 0, or -1 with an error reported.  Release the stats with
 * sim_model_stats_release. */
int sim_model_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, io_array **outputs, sim_model_stats *stats);
void sim_model_stats_release(sim_model_stats *stats);

/* Frames (docs/hardware.md): n_frames frames back to back through one
 * run, frame f's iterations f * sched_frame_period(sp) cycles after frame
 * 0's, its inputs in[f]; outputs[f * n_outputs + i] receives frame f's
 * output i.  The buffers carry on from frame to frame (write indices
 * count on).  stats->cycles is the whole run's. */
int sim_model_run_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const ref_inputs *in, int n_frames, io_array **outputs, sim_model_stats *stats);
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
 * against sched_frames_predicted_cycles. */
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

/* Run module "top" of "verilog" (flow_verilog of the design of "prog"
 * and "sp") in Verilator and the reference on "in" (its frames computed
 * while the testbench runs), and compare as sim_check_model does
 * (outputs and cycles; a mismatch names the cycle the hardware presented
 * the element in).  An output of one lane comes back packed
 * (io_array.packed).  A summary with the simulation
 * speed goes to "report" (when not NULL).  With vopts->cell_lib,
 * "verilog" is a synthesized netlist (fpga/netlist.c): errors name the
 * "synthesized netlist" and the summary is "netlist check: ...". */
int sim_check_verilator(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const char *top, const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *vopts, io_array **outputs, FILE *report);

/* What a Verilator check saw, whether it passed or not: the hardware ran
 * to done and the reference too ("ran"), every output equal to the
 * reference's bit for bit, the measured cycles (cycle 0 to done) and the
 * schedule's prediction. */
typedef struct sim_verdict {
	bool ran, bit_exact;
	int64_t cycles, predicted;
} sim_verdict;
/* sim_check_verilator, and with "v" (when not NULL) its verdict filled
 * (`sluice explore --validate`). */
int sim_check_verilator_verdict(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const char *top, const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *vopts, io_array **outputs, FILE *report, sim_verdict *v);

/* One size of sim_check_verilator_sizes: its checked program and
 * design (the same Verilog as every other size's), its inputs (frames),
 * its configuration image (flow_config_image), where its outputs go
 * (frames * prog->n_outputs arrays, as sim_check_verilator's), and how
 * the command line named it ("W=48,H=40"). */
typedef struct sim_size {
	const ir_program *prog;
	const sched_program *sp;
	const ref_inputs *in;
	const char *config;
	size_t config_len;
	io_array **outputs;
	const char *label;
	const pub_set *pub;	/* its tiles, or NULL */
} sim_size;

/* sim --size: the n sizes of one --runtime-config build run back to back
 * in one Verilator testbench process (vl_options.more: after the first,
 * each size's image is written after the last run of the size before,
 * with no reset, and started), each size's outputs compared bit for bit
 * with its own reference and its cycles with its own prediction.  A
 * summary per size to "report".  0, or -1 (reported, naming the size). */
int sim_check_verilator_sizes(sl_ctx *ctx, int n, const sim_size *sizes, const char *top,
	const char *verilog, size_t len, const vl_options *vopts, FILE *report);

#ifdef __cplusplus
}
#endif

#endif
