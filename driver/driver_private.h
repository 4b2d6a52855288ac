/* driver/driver_private.h: what the files of the `sluice` command share.
 * Stage: driver (rank 13, on top of every module).  The parsed command
 * line (options), the table of commands (driver/commands.c: each with
 * the options it honours and its help), the parser (driver/options.c)
 * and the commands themselves (driver/main.c). */
#ifndef SLUICE_DRIVER_PRIVATE_H
#define SLUICE_DRIVER_PRIVATE_H

#include <stdio.h>

#include "flow/flow.h"
#include "io/io.h"

enum { EXIT_PROGRAM = 1, EXIT_USAGE = 2 };
enum { SIM_VCD_CYCLES = 2000 };	/* --vcd: the window dumped, from reset */
enum { SIZE_MAX_PARAMS = 16 };	/* sim --size: params one size may name (its
				 * usage message, driver/options.c, says 16) */

typedef struct options {
	sl_ctx *diag;		/* the command line's diagnostics */
	const char *command;	/* the command's name */
	const char *prog;	/* the .sl file */
	flow_options flow;	/* schedule, mapping, dumps */
	const char *engine;	/* sim: "model" or "verilator" */
	const char *vcd;	/* sim --engine verilator: a waveform file */
	const char *out_dir;
	bool out_given;		/* -o was given (import: the program's path) */
	const char *board;	/* compile, sim, synth: the board */
	bool pnr;		/* synth, study: place and route */
	bool check_netlist;	/* synth: simulate the synthesized netlist */
	const char *study_boards;	/* study: --boards B1,B2 */
	const char *study_schedules;	/* study: --schedules stream,sequential */
	const char *study_unrolls;	/* study: --unrolls 1,2,4 */
	const char *study_thresholds;	/* study: --thresholds 8,64 */
	const char *study_rams;		/* study: --rams auto,block,lut */
	bool sim;		/* study: measure cycles with the model */
	bool have_seed;
	bool help;		/* -h or --help in an option's place */
	bool quiet;		/* --quiet: no progress line on a terminal */
	bool channels_last;	/* --channels-last: an ONNX model's files channels last too */
	bool channels_first;	/* --channels-first: an ONNX model streamed in ONNX's order */
	/* An ONNX model's inputs and outputs whose files hold ONNX's order
	 * while the program streams them channels last (onnx_result). */
	int n_layouts;
	const io_layout *layouts;
	uint64_t seed;
	int frames;		/* run, sim: frames streamed back to back (1) */
	int jobs;		/* run -j N: the compiled reference's threads (1) */
	int stall_seeds;	/* sim --interface axis: seeds of pause patterns (3) */
	bool have_stall_seeds;
	int64_t max_cycles;	/* sim: the budget in predicted cycles */
	bool pub_tile_opts;	/* a --fetch, --depth or --pub-* option was given */
	bool pub_ew_set;	/* --pub-ext-width was given (else EW follows CW) */
	/* --fetch, --pub-ports, --pub-levels, --pub-width given: what is not
	 * is fitted (pub_params 0), except under --runtime-config and in a
	 * study, which take pub_params_default's fixed tile */
	bool pub_fw_set, pub_depth_set, pub_ports_set, pub_levels_set, pub_cw_set;
	bool pub_rom;		/* --pub-config rom: the configuration ROM, not constants */
	bool is_study;		/* the command is study: --memory, --fetch, --depth are lists */
	const char *study_memories, *study_fetches, *study_depths, *study_ports;
	/* explore: --space FILE, --knob NAME=VALUES..., --budget N, --fidelity,
	 * --truth, --point, --emit-jobs DIR, -j N, --collect DIR */
	const char *explore_space;
	int n_knobs;
	const char **explore_knobs;
	int64_t explore_budget;
	bool explore_estimate, explore_truth, explore_point, explore_transfer;
	bool explore_pnr, explore_validate;
	const char *explore_emit, *explore_collect;
	int explore_jobs;
	/* --synth-cache DIR, --budget-minutes M, --shapes LIST, --robust OBJ,
	 * --robust-k K, --cvar-alpha A */
	const char *explore_synth_cache, *explore_shapes, *explore_robust;
	double explore_minutes, explore_k, explore_alpha;
	int n_inputs;
	const char **input_names;
	const char **input_files;
	int n_defines;
	sl_define *defines;	/* -D NAME=VALUE, in the order given */
	sl_define *rt_max;	/* --runtime-max NAME=VALUE (flow.n_rt_max of them) */
	/* sim --size NAME=VALUE[,NAME=VALUE]...: the sizes one Verilator
	 * process runs back to back, each a list over the -D values */
	int n_sizes;
	const char **sizes;
} options;

typedef struct command {
	const char *name;
	int (*run)(const options *opt);
	unsigned accepts;	/* OPT_* bits: the options it honours */
	bool needs_prog;
	const char *args;
	const char *summary;
	const char *help;
} command;

/* The option bits of command.accepts. */
enum {
	OPT_INPUT = 1 << 0, OPT_SEED = 1 << 1, OPT_OUT = 1 << 2, OPT_SCHEDULE = 1 << 3,
	OPT_THRESHOLD = 1 << 4, OPT_RAM = 1 << 5, OPT_BOARD = 1 << 6, OPT_DUMP = 1 << 7,
	OPT_ENGINE = 1 << 8, OPT_VCD = 1 << 9, OPT_PNR = 1 << 10, OPT_STUDY = 1 << 11,
	OPT_CLOCK = 1 << 12, OPT_CHECK_NETLIST = 1 << 13, OPT_FRAMES = 1 << 14,
	OPT_MAX_CYCLES = 1 << 15, OPT_UNROLL = 1 << 16, OPT_DEFINE = 1 << 17, OPT_QUIET = 1 << 18,
	OPT_MEMORY = 1 << 19, OPT_INTERFACE = 1 << 20, OPT_STALL_SEEDS = 1 << 21,
	OPT_WIDTHS = 1 << 22, OPT_JOBS = 1 << 23, OPT_BOARDS = 1 << 24, OPT_EXPLORE = 1 << 25,
	OPT_CHANNELS_LAST = 1 << 26, OPT_SIZES = 1 << 27,
	/* what compile, sim and synth share: the design */
	OPT_DESIGN = OPT_SCHEDULE | OPT_THRESHOLD | OPT_RAM | OPT_BOARD | OPT_OUT | OPT_CLOCK |
		OPT_UNROLL | OPT_DEFINE | OPT_QUIET | OPT_MEMORY | OPT_INTERFACE | OPT_WIDTHS |
		OPT_CHANNELS_LAST,
};

/* The entry named "name" of a table of n entries of "size" bytes that
 * each begin with their name, or NULL. */
const void *driver_find_named(const void *table, int n, size_t size, const char *name);

/* driver/commands.c: the command named "name", or NULL; the list of
 * commands; a command's help. */
const command *driver_find_command(const char *name);
void driver_usage(FILE *out);
void driver_command_help(const command *c, FILE *out);

/* driver/options.c: parse the options after the command name into
 * "opt" (its diag context set); 0, or EXIT_USAGE (reported). */
int driver_parse_options(const command *c, int argc, char **argv, options *opt);

/* What the option rules (flow_options_check) read of "opt"; "bd" the
 * board once loaded, else NULL. */
flow_request driver_request(const options *opt, const board *bd);

/* driver/main.c: what the commands share (sim.c's too). */
#include "ref/ref.h"
/* What a command does with a checked program and the inputs of every
 * frame (in[f]): fill outs[f * n_outputs + i] for every output; 0 or -1
 * (errors reported). */
typedef int (*driver_engine_fn)(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs);
/* The inputs of every frame of a run of "prog" and its outputs. */
typedef struct driver_run_data {
	ref_inputs *in;		/* in[f], over decls and arrays */
	ir_decl **decls;
	io_array **arrays;	/* owned */
	io_array **outs;	/* owned: outs[f * n_outputs + i] */
	size_t n_arrays, n_outs;
} driver_run_data;
void driver_run_data_alloc(driver_run_data *r, const ir_program *prog, int nf);
void driver_run_data_free(driver_run_data *r);
/* A compilation context with the command's -D values. */
sl_ctx *driver_new_ctx(const options *opt);
/* The design under the command's options (board resolved, fit checked);
 * NULL (reported). */
flow_design *driver_build_design(sl_ctx *ctx, const options *opt);
/* compile's files (and sim's beside its outputs); 0 or -1 (reported). */
int driver_write_design(const flow_design *d, const char *dir, int frames);
/* --runtime-config: DIR/config.hex, the image of this size. */
int driver_write_config(const flow_design *d, const char *dir);
/* Gather the inputs, run "engine", write the outputs (run and sim). */
int driver_run_program(sl_ctx *ctx, const ir_program *prog, const options *opt,
	driver_engine_fn engine, const void *arg, bool packed);
/* The end of a command's output set: all its files, or none. */
int driver_finish_outputs(int rc);
/* The inputs the command line gives; "packed" for the compiled reference. */
io_input_spec driver_input_spec(const options *opt, bool packed);
/* Create "dir" (and clear what killed runs left in and beside it). */
int driver_make_out_dir(sl_ctx *ctx, const char *dir);
/* The inputs of every frame over "arrays": -1 data error, -2 usage. */
int driver_gather_inputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	bool packed, ref_inputs *in, io_array **arrays);
/* Every output into the command's output set (.npy, and .png for one
 * frame of an image). */
int driver_write_outputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	io_array **outs);

/* driver/main.c and driver/sim.c: the commands. */
int cmd_import(const options *opt);
int cmd_check(const options *opt);
int cmd_run(const options *opt);
int cmd_compile(const options *opt);
int cmd_boards(const options *opt);
int cmd_synth(const options *opt);
int cmd_study(const options *opt);
int cmd_sim(const options *opt);	/* driver/sim.c */
int cmd_explore(const options *opt);

#endif
