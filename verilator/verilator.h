/* verilator/verilator.h: the generated Verilog run in Verilator.
 *
 * Rank 9 (tests/check_layout.sh): above rtlgen, below sim/ (whose
 * sim_check_verilator compares a run with the reference) and fpga/ (whose
 * netlist check runs a synthesized netlist here).  The Verilog (run.c) is driven by a
 * generated C++ testbench (docs/hardware.md).  The build is cached in
 * $SLUICE_CACHE_DIR (default $XDG_CACHE_HOME/sluice, ~/.cache/sluice)
 * under a hash of the Verilog, the testbench, the library
 * ($SLUICE_RTL_LIB, default rtlgen/lib of the source tree) and the flags;
 * $SLUICE_VERILATOR names the verilator command. */
#ifndef SLUICE_VERILATOR_H
#define SLUICE_VERILATOR_H

#include "ir/ir.h"
#include "io/io.h"
#include "ref/ref.h"
#include "scheduler/scheduler.h"
#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds on a monotonic clock. */
double vl_now(void);

/* The cycles in which the hardware presented the words of an output port
 * (from 0, as in vl_stats.cycles), frame after frame, as runs of
 * consecutive cycles: run r is count[r] words, one a cycle from cycle
 * first[r], after the count[0] + ... + count[r-1] words of the runs
 * before it.  The testbench writes them so (out_K.cyc), 16 bytes a run
 * where a cycle a word took 8 a word. */
typedef struct vl_port_cycles {
	int output;		/* lane 0's index in sp->lowered->outputs */
	int lanes;
	int64_t words;		/* per frame */
	int64_t n_runs;
	int64_t *first, *count;
} vl_port_cycles;

typedef struct vl_cycles {
	int n_ports;
	vl_port_cycles *ports;
} vl_cycles;

/* Frame "frame"'s cycles of every output of sp->lowered: out[i] an i64
 * array the shape of output i, the cycle in which the hardware presented
 * each element (a word's lanes share its cycle); the caller frees them. */
void vl_cycles_frame(const vl_cycles *c, const sched_program *sp, int frame,
	io_array **out);
void vl_cycles_release(vl_cycles *c);

/* A further size of the same build (vl_options.more, sim --size): run
 * after the sizes before it in the same testbench process, without a
 * reset (its configuration image written through the bus or the
 * AXI4-Lite slave after their last run, then its start; the testbench's
 * DIR/sizes).  "sp" is its design (whose Verilog is the run's, byte for
 * byte), "in" its inputs, "config" its image as vl_options.config;
 * "outputs" and "cycles" receive as vl_run's outputs and
 * vl_options.cycles, "stats" its figures (no build figures); with tiles
 * each size's counts are checked against its own tile model, its runs
 * numbered on from the sizes' before it. */
typedef struct vl_size {
	const struct sched_program *sp;
	const ref_inputs *in;
	const char *config;
	size_t config_len;
	io_array **outputs;
	vl_cycles *cycles;
	struct vl_stats *stats;
	const pub_set *pub;	/* its tiles (vl_options.pub), or NULL */
} vl_size;

typedef struct vl_options {
	const char *vcd_path;	/* dump a waveform here, or NULL */
	int64_t vcd_cycles;	/* how many cycles of it, from reset */
	/* A synthesized netlist instead of the generated Verilog: its cell
	 * library, NULL-terminated absolute paths built in place of the
	 * hardware library (NULL: the hardware library), and extra
	 * Verilator arguments (-D, -I), NULL-terminated or NULL.  Both go
	 * into the cache key, the files by their contents. */
	const char *const *cell_lib;
	const char *const *vl_args;
	/* When not NULL, receives the cycles of every output port's words
	 * (vl_cycles_frame gives them as arrays; vl_cycles_release frees
	 * them).  Cleared on failure. */
	vl_cycles *cycles;
	/* Frames per start (0 or 1: one): the Verilog is rtl_emit_frames'
	 * of this many frames; "in" is in[0 .. frames), outputs[] get
	 * frames * n_outputs arrays, frame f's output i at f * n_outputs +
	 * i. */
	int frames;
	/* With "axis" (below): the testbench runs the AXI4-Stream wrapper
	 * under random pauses of this many seeds (0 and up) besides the
	 * unstalled run (verilator/axis_tb.c); the outputs and cycles are
	 * the unstalled run's. */
	int axis_seeds;
	/* With --memory pub, the design's tiles (else NULL): the harness is
	 * built with SL_PUB_COUNT, clocks on after done until the tiles' last
	 * fire (vl_pub_last_fire, written into the run's directory) and
	 * every tile's access counts, measured in the simulated hardware,
	 * must equal the tile model's (vl_pub_check, or
	 * vl_pub_check_runs for the AXI4-Stream testbench's runs). */
	const pub_set *pub;
	/* --runtime-config (docs/pub.md): the design's configuration image
	 * (rtl_runtime_image's text, config_len bytes) and its cfg_data
	 * width; the testbench writes it through the bus after reset (the
	 * build gets -DSL_RUNTIME_CONFIG=config_data_bits).  NULL: none. */
	const char *config;
	size_t config_len;
	int config_data_bits;
	/* When not NULL, called once while the testbench runs (started,
	 * its input files written), with during_arg: the caller's work done
	 * beside the hardware (sim/check.c: the reference's frames). */
	void (*during)(void *arg);
	void *during_arg;
	/* --control axilite: the testbench drives the AXI4-Lite slave (the
	 * build gets -DSL_AXILITE): the image, READY, the start and the end
	 * of the run through its registers, under random wait states. */
	bool axilite;
	/* Sizes run after this one in the same process (with config). */
	int n_more;
	vl_size *more;
	/* The Verilog is the AXI4-Stream wrapper (--interface axis): the
	 * AXI4-Stream testbench, with axis_seeds stall seeds. */
	bool axis;
} vl_options;

typedef struct vl_stats {
	int64_t cycles;		/* cycle 0 to the first cycle with done high */
	int64_t outputs_received;	/* output values, all outputs */
	bool cached;		/* the build was reused */
	double build_seconds;	/* verilating and compiling; 0 when cached */
	double run_seconds;	/* the Verilated model's cycle loop alone */
	/* axis_seeds: runs, runs checked against the unstalled one, clock
	 * cycles in all, cycles a master was stalled, dependency checks */
	int64_t axis_runs, axis_checked, axis_wall, axis_stalls, axis_dep_checks;
} vl_stats;

/* Run module "top_name" in "verilog" (len bytes), the design of "sp",
 * on "in".  outputs[i] receives sp->lowered->outputs[i] as received on
 * its NAME_valid cycles until done: packed (io_array.packed) for an
 * output of one lane, else unpacked.  Errors (reported): the build fails,
 * done does not rise within 2 * (the schedule's last cycle + 1) + 1000
 * cycles, an input is taken
 * more or fewer times than it has elements, an output gets another
 * number of values than its box has.  Returns 0 or -1. */
int vl_run(sl_ctx *ctx, const sched_program *sp, const char *top_name,
	const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *opts, io_array **outputs, vl_stats *stats);

/* The access counts every sl_pub instance printed under SL_PUB_COUNT in
 * "log" (the testbench's output: a line "sl_pub_count PATH run R ni NI
 * no NO N_0 ... N_{2(NI+NO)-1}" a run, N_c the fires of controller c in
 * register-map order; rtlgen/lib/sl_pub.v), each matched to its tile of
 * "ps" by instance name (PRODUCER_pubK) and compared with the tile
 * model's counts of the whole run (pub_model; the harness clocks on
 * after done until vl_pub_last_fire): aggregator writes, SRAM writes
 * and reads, transpose-buffer reads per output, controller steps.  A
 * difference, a tile without exactly one line of run 1, a line of no
 * tile or a malformed one is an error naming the buffer, the tile, the
 * count and both values.  0 or -1 (reported). */
int vl_pub_check(sl_ctx *ctx, const pub_set *ps, const char *log);
/* vl_pub_check for the AXI4-Stream testbench's runs back to back:
 * every tile has exactly one line of each run 1 .. n_runs, each with the
 * model's counts, but run "cut_run" (0: none), cut by a reset, whose
 * counts may only fall short of them; an error names the run. */
int vl_pub_check_runs(sl_ctx *ctx, const pub_set *ps, const char *log, int n_runs,
	int cut_run);
/* vl_pub_check_runs of the runs first .. first + n_runs - 1 (cut_run
 * counted from first as 1), the lines of other runs not looked at unless
 * "all": one size of several in one process (vl_options.more), whose
 * runs follow the sizes' before it. */
int vl_pub_check_range(sl_ctx *ctx, const pub_set *ps, const char *log, int first,
	int n_runs, int cut_run, bool all);
/* The last cycle of a run (from 0, the cycle after go; frames included)
 * in which any enabled controller of any tile of "ps" fires: the end of
 * its loop nest; -1 without tiles.  A tile may fire after the design's
 * last cycle (blur_xy's padded last word of its last row: cycle 4,101
 * of a 4,101-cycle run), so the harness clocks on until this cycle. */
int64_t vl_pub_last_fire(const pub_set *ps);


#ifdef __cplusplus
}
#endif

#endif
