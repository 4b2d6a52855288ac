/* driver/main.c: the `sluice` command.
 * Rank 13 (tests/check_layout.sh).
 * Stage: on top of every module.  One table of commands, each with the
 * options it honours (an option another command takes is a usage error
 * here, not silently ignored); each command is one short function on
 * the design flow/ builds.  Exit codes: 0 ok, 1 an error in the program
 * or its data, 2 a usage error.  Nothing below main() exits. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "io/io.h"
#include "onnx/onnx.h"
#include "ref/ref.h"
#include "flow/flow.h"
#include "report/report.h"
#include "rtlgen/rtlgen.h"
#include "sim/sim.h"
#include "fpga/fpga.h"
#include "driver/study.h"

enum { EXIT_PROGRAM = 1, EXIT_USAGE = 2 };
enum { SIM_VCD_CYCLES = 2000 };	/* --vcd: the window dumped, from reset */

typedef struct options {
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
	uint64_t seed;
	int frames;		/* run, sim: frames streamed back to back (1) */
	int stall_seeds;	/* sim --interface axis: seeds of pause patterns (3) */
	bool have_stall_seeds;
	int64_t max_cycles;	/* sim: the budget in predicted cycles */
	bool pub_tile_opts;	/* a --fetch, --depth or --pub-* option was given */
	bool pub_ew_set;	/* --pub-ext-width was given (else EW follows CW) */
	bool is_study;		/* the command is study: --memory, --fetch, --depth are lists */
	const char *study_memories, *study_fetches, *study_depths, *study_ports;
	int n_inputs;
	const char **input_names;
	const char **input_files;
	int n_defines;
	sl_define *defines;	/* -D NAME=VALUE, in the order given */
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

/* A compilation context with the command's -D values. */
static sl_ctx *new_ctx(const options *opt)
{
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_defines(ctx, opt->defines, opt->n_defines);
	return ctx;
}

/* --------------------------------------------------------------- import */

/* sluice import MODEL.onnx [-o OUT.sl]: the program beside the model by
 * default (docs/onnx.md). */
static int cmd_import(const options *opt)
{
	if (!onnx_is_model(opt->prog)) {
		fprintf(stderr, "sluice import: error: '%s' is not an ONNX model (.onnx)\n", opt->prog);
		return EXIT_USAGE;
	}
	size_t n = strlen(opt->prog);
	char *out = opt->out_given ? sl_xstrdup(opt->out_dir) : sl_xmalloc(n);
	if (!opt->out_given)
		snprintf(out, n, "%.*s.sl", (int) (n - 5), opt->prog);
	sl_ctx *ctx = new_ctx(opt);
	onnx_options oo = { .out = out };
	int rc = onnx_import(ctx, opt->prog, &oo, NULL) < 0 ? EXIT_PROGRAM : 0;
	sl_ctx_free(ctx);
	free(out);
	return rc;
}

/* Any other command given MODEL.onnx: the model imported into a fresh
 * temporary directory (removed at exit or interrupt), whose program the
 * command then reads.  0, or EXIT_PROGRAM (reported). */
static int import_for_command(options *opt, char **tmpdir, char **prog)
{
	const char *base = strrchr(opt->prog, '/');
	base = base ? base + 1 : opt->prog;
	const char *tmp = getenv("TMPDIR");
	char *dir = sl_path_join(tmp && *tmp ? tmp : "/tmp", "sluice-onnx-XXXXXX", NULL);
	if (!mkdtemp(dir)) {
		fprintf(stderr, "sluice: error: cannot make a temporary directory: %s\n",
			strerror(errno));
		free(dir);
		return EXIT_PROGRAM;
	}
	sl_cleanup_dir_add(dir);
	*tmpdir = dir;
	char *stem = sl_xstrdup(base);
	stem[strlen(stem) - 5] = 0;
	*prog = sl_path_join(dir, stem, ".sl");
	free(stem);
	sl_ctx *ctx = new_ctx(opt);
	onnx_options oo = { .out = *prog, .quiet = true };
	int rc = onnx_import(ctx, opt->prog, &oo, NULL) < 0 ? EXIT_PROGRAM : 0;
	sl_ctx_free(ctx);
	opt->prog = *prog;
	return rc;
}

/* ---------------------------------------------------------------- check */

static int cmd_check(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	if (prog) {
		printf("%s: %d declarations, %d output%s\n", prog->path, prog->n_decls,
			prog->n_outputs, prog->n_outputs == 1 ? "" : "s");
		ir_program_dump(prog, stdout);
	}
	sl_ctx_free(ctx);
	return prog ? 0 : EXIT_PROGRAM;
}

/* ------------------------------------------------------------------ run */

/* Create "dir" (and clear what killed runs left in and beside it). */
static int make_out_dir(const char *dir)
{
	if (sl_make_dir(dir) == 0) {
		sl_outputs_recover(dir);
		sl_sweep_stale(dir, false);
		return 0;
	}
	fprintf(stderr, "sluice: error: cannot create the output directory '%s': %s\n", dir,
		strerror(errno));
	return -1;
}

/* The k-th file given for input "name" with --input (k from 0), or NULL;
 * *n_given receives how many there are. */
static const char *input_file(const options *opt, const char *name, int k, int *n_given)
{
	const char *file = NULL;
	*n_given = 0;
	for (int i = 0; i < opt->n_inputs; i++)
		if (!strcmp(opt->input_names[i], name) && (*n_given)++ == k)
			file = opt->input_files[i];
	return file;
}

/* Every --input must name an input of the program. */
static bool check_input_names(const ir_program *prog, const options *opt)
{
	bool ok = true;
	for (int i = 0; i < opt->n_inputs; i++) {
		ir_decl *d = ir_program_find(prog, opt->input_names[i]);
		if (!d || d->kind != IR_DECL_INPUT) {
			fprintf(stderr, "sluice: error: --input %s: the program has no input named '%s'\n",
				opt->input_names[i], opt->input_names[i]);
			ok = false;
		}
	}
	return ok;
}

/* Frame f of "all" (its leading dimension the frame). */
static io_array *frame_slice(const io_array *all, int f)
{
	io_array *a = io_array_alloc(all->type, all->n_dims - 1, all->dims + 1);
	if (a)
		memcpy(a->data, all->data + (size_t) f * a->size,
			(size_t) a->size * sizeof(*a->data));
	return a;
}

/* The frames a[0 .. n) of one shape as one array with a leading frame
 * dimension. */
static io_array *frames_stack(io_array *const *a, int n, size_t step)
{
	int64_t dims[9] = { n };
	memcpy(dims + 1, a[0]->dims, (size_t) a[0]->n_dims * sizeof(*dims));
	io_array *all = io_array_alloc(a[0]->type, a[0]->n_dims + 1, dims);
	for (int f = 0; all && f < n; f++)
		memcpy(all->data + (size_t) f * a[0]->size, a[(size_t) f * step]->data,
			(size_t) a[0]->size * sizeof(*all->data));
	return all;
}

/* Input d's data in every frame, into frames[f] (stride "step"): its
 * file (one, or one per frame; with --frames N a single .npy may carry
 * the frames as a leading dimension of N), or seeded values (frame f
 * from seed N + f) written beside the outputs.  false after an error
 * (reported); *usage when it is a usage error. */
static bool load_input(sl_ctx *ctx, const ir_decl *d, const options *opt, io_array **frames,
	size_t step, bool *usage)
{
	int n = opt->frames, given;
	const char *file = input_file(opt, d->name, 0, &given);
	if (!sl_mem_reserve_box(ctx, d->loc, "input", d->name, d->n_dims, d->extents,
			sizeof(uint64_t) * (size_t) n))
		return false;
	if (given > 1 && given != n) {
		if (n == 1)
			fprintf(stderr, "sluice: error: --input %s is given %d times; give it "
				"once\n", d->name, given);
		else
			fprintf(stderr, "sluice: error: --input %s is given %d times; with --frames "
				"%d give it once (a .npy with a leading dimension of %d) or %d "
				"times\n", d->name, given, n, n, n);
		*usage = true;
		return false;
	}
	if (given > 1 || (file && n == 1)) {
		for (int f = 0; f < n; f++)
			if (!(frames[f * step] = io_read_data(ctx, input_file(opt, d->name, f, &given),
					d->type, d->n_dims, d->extents)))
				return false;
		return true;
	}
	if (file) {
		int64_t dims[9] = { n };
		if (d->n_dims > 7) {
			fprintf(stderr, "sluice: error: --input %s: an input of %d dimensions "
				"takes one file per frame\n", d->name, d->n_dims);
			*usage = true;
			return false;
		}
		memcpy(dims + 1, d->extents, (size_t) d->n_dims * sizeof(*dims));
		io_array *all = io_read_data(ctx, file, d->type, d->n_dims + 1, dims);
		bool ok = all != NULL;
		for (int f = 0; ok && f < n; f++)
			ok = (frames[f * step] = frame_slice(all, f)) != NULL;
		io_array_free(all);
		if (all && !ok)
			fprintf(stderr, "sluice: error: out of memory for the frames of input '%s'\n",
				d->name);
		return ok;
	}
	if (!opt->have_seed) {
		fprintf(stderr, "sluice: error: no data for input '%s': give --input %s=FILE or --seed N\n",
			d->name, d->name);
		*usage = true;
		return false;
	}
	for (int f = 0; f < n; f++)
		frames[f * step] = io_random_array(d->type, d->n_dims, d->extents,
			opt->seed + (uint64_t) f, d->name);
	io_array *all = n > 1 ? frames_stack(frames, n, step) : frames[0];
	char *path = sl_path_join(opt->out_dir, d->name, ".in.npy");
	int rc = all ? io_npy_write(ctx, path, all) : -1;
	free(path);
	if (all != frames[0])
		io_array_free(all);
	return rc == 0;
}

/* Load or generate every input of every frame (in[f]); -1 on a data
 * error, -2 on usage. */
static int gather_inputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	ref_inputs *in)
{
	bool usage = false, failed = false;
	for (int i = 0; i < prog->n_decls && !usage; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_INPUT)
			continue;
		for (int f = 0; f < opt->frames; f++)
			in[f].decls[in[f].n] = d;
		failed |= !load_input(ctx, d, opt, &in[0].arrays[in[0].n],
			(size_t) (prog->n_decls + 1), &usage);
		for (int f = 0; f < opt->frames; f++)
			in[f].n++;
	}
	return usage ? -2 : failed ? -1 : 0;
}

/* Write every output (outs[f * n_outputs + i] by frame) into the
 * command's output set (announced at its commit): DIR/NAME.npy, with a
 * leading frame dimension for --frames N > 1, and DIR/NAME.png for a
 * one-frame image. */
static int write_outputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	io_array **outs)
{
	int rc = 0;
	for (int i = 0; i < prog->n_outputs; i++) {
		const char *name = prog->outputs[i]->name;
		char *path = sl_path_join(opt->out_dir, name, ".npy");
		io_array *all = opt->frames > 1
			? frames_stack(outs + i, opt->frames, (size_t) prog->n_outputs) : outs[i];
		if (!all)
			fprintf(stderr, "sluice: error: out of memory for the frames of output '%s'\n",
				name);
		if (!all || io_npy_write(ctx, path, all) < 0)
			rc = -1;
		free(path);
		if (all != outs[i])
			io_array_free(all);
		if (opt->frames == 1 && io_is_image(outs[i])) {
			path = sl_path_join(opt->out_dir, name, ".png");
			if (io_write_png(ctx, path, outs[i]) < 0)
				rc = -1;
			free(path);
		}
	}
	return rc;
}

/* What a command does with a checked program and the inputs of every
 * frame (in[f]): fill outs[f * n_outputs + i] for every output; 0 or -1
 * (errors reported). */
typedef int (*engine_fn)(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs);

/* Gather the inputs of "prog", run "engine", write the outputs: the
 * shape of `run` and `sim`. */
static int run_program(sl_ctx *ctx, const ir_program *prog, const options *opt,
	engine_fn engine, const void *arg)
{
	if (!check_input_names(prog, opt))
		return EXIT_USAGE;
	if (make_out_dir(opt->out_dir) < 0)
		return EXIT_PROGRAM;
	int nf = opt->frames;
	size_t per = (size_t) prog->n_decls + 1, n_out = (size_t) nf * prog->n_outputs;
	ref_inputs *in = sl_xcalloc((size_t) nf, sizeof(*in));
	ir_decl **decls = sl_xcalloc((size_t) nf * per, sizeof(*decls));
	io_array **arrays = sl_xcalloc((size_t) nf * per, sizeof(*arrays));
	for (int f = 0; f < nf; f++) {
		in[f].decls = decls + f * per;
		in[f].arrays = arrays + f * per;
	}
	io_array **outs = sl_xcalloc(n_out + 1, sizeof(*outs));
	int rc = gather_inputs(ctx, prog, opt, in);
	if (rc < 0)
		rc = rc == -2 ? EXIT_USAGE : EXIT_PROGRAM;
	else if (engine(ctx, prog, opt, arg, in, outs) < 0 ||
		 write_outputs(ctx, prog, opt, outs) < 0)
		rc = EXIT_PROGRAM;
	for (size_t i = 0; i < (size_t) nf * per; i++)
		io_array_free(arrays[i]);
	for (size_t i = 0; i < n_out; i++)
		io_array_free(outs[i]);
	free(in);
	free(decls);
	free(arrays);
	free(outs);
	return rc;
}

/* The end of a command's output set (sl_outputs_begin): every file it
 * wrote appears when it succeeded, none when it failed. */
static int finish_outputs(int rc)
{
	if (rc != 0)
		sl_outputs_abort();
	else if (sl_outputs_commit() < 0)
		rc = EXIT_PROGRAM;
	return rc;
}

static int reference_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs)
{
	ref_engine e = !strcmp(opt->engine, "c") ? REF_ENGINE_C : REF_ENGINE_DEFAULT;
	for (int f = 0; f < opt->frames; f++)
		if (ref_run_engine(ctx, prog, &in[f], outs + (size_t) f * prog->n_outputs, e) < 0)
			return -1;
	return 0;
}

static int cmd_run(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	sl_outputs_begin(opt->out_dir);
	int rc = prog ? run_program(ctx, prog, opt, reference_engine, NULL) : EXIT_PROGRAM;
	rc = finish_outputs(rc);
	sl_ctx_free(ctx);
	return rc;
}

/* -------------------------------------------------------------- compile */

/* Write what "print" prints on a memory stream to DIR/NAME(EXT), in the
 * command's output set. */
static int write_text(const char *dir, const char *name, const char *ext,
	void (*print)(const void *, FILE *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return -1;
	print(arg, f);
	fclose(f);
	char *path = sl_path_join(dir, name, ext);
	int rc = sl_write_file_atomic(path, buf, len);
	if (rc < 0)
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	free(buf);
	return rc;
}

static void print_verilog(const void *arg, FILE *out)
{
	fputs(arg, out);
}

static int write_bytes(const char *dir, const char *name, const char *text, size_t len)
{
	char *path = sl_path_join(dir, name, NULL);
	int rc = sl_write_file_atomic(path, text, len);
	if (rc < 0)
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	return rc;
}

/* The library files and the top module "top", one name a line, relative
 * to their directory (verilator -F, or -f from the directory). */
static int write_filelist(const char *dir, const char *top, const char *core,
	const rtl_lib_file *lib, int n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return -1;
	for (int i = 0; i < n; i++)
		fprintf(f, "%s\n", lib[i].name);
	if (core)
		fprintf(f, "%s.v\n", core);
	fprintf(f, "%s.v\n", top);
	fclose(f);
	int rc = write_text(dir, top, ".f", print_verilog, buf);
	free(buf);
	return rc;
}

/* Write the Verilog of the design to DIR/sluice_NAME.v atomically (the
 * file named like its module, as lint wants), beside it every library
 * module it uses and the filelist DIR/sluice_NAME.f: a directory that
 * builds on its own (docs/hardware.md, "Self-contained output").  The
 * Verilog of "frames" frames back to back (1: the one-frame design). */
static int write_verilog(const flow_design *d, const char *dir, int frames)
{
	char *text, *core;
	size_t len, core_len;
	const char *top;
	char core_name[160];
	rtl_lib_file *lib;
	int n_lib;
	if (flow_verilog_files(d, frames, &text, &len, &core, &core_len, &top) < 0)
		return -1;
	snprintf(core_name, sizeof core_name, "%s_core", top);
	/* the library modules are instantiated by the core (the whole text
	 * without the wrapper) */
	int rc = core ? rtl_library_used(d->ctx, core, core_len, &lib, &n_lib)
		: rtl_library_used(d->ctx, text, len, &lib, &n_lib);
	for (int i = 0; rc == 0 && i < n_lib; i++)
		rc = write_bytes(dir, lib[i].name, lib[i].text, lib[i].len);
	if (rc == 0 && core)
		rc = write_text(dir, core_name, ".v", print_verilog, core);
	if (rc == 0)
		rc = write_text(dir, top, ".v", print_verilog, text);
	if (rc == 0)
		rc = write_filelist(dir, top, core ? core_name : NULL, lib, n_lib);
	rtl_library_free(lib, n_lib);
	free(text);
	free(core);
	return rc;
}

static void print_schedule(const void *arg, FILE *out)
{
	sched_program_dump(((const flow_design *) arg)->sp, out);
}

static void print_buffers(const void *arg, FILE *out)
{
	ub_set_dump(((const flow_design *) arg)->ubs, out);
}

static void print_buffer_json(const ub_set *set, const ub_buffer *b, FILE *out)
{
	fputs("    { \"name\": ", out);
	sl_json_str(out, b->name);
	fprintf(out, ", \"width_bits\": %d, \"ports\": %d, \"read_ports\": %d,\n",
		b->width_bits, b->n_ports, b->n_ports - 1);
	fprintf(out, "      \"max_live_words\": %lld, \"capacity_words\": %lld, \"storage\": ",
		(long long) b->max_live_words, (long long) b->capacity_words);
	sl_json_str(out, ub_storage_str(b->storage));
	fprintf(out, ", \"banks\": %d", b->n_banks);
	if (b->pack >= 0 && set->packs[b->pack].n_members > 1) {
		/* The pack whose memories it shares (docs/hardware.md "Buffers"). */
		const ub_pack *p = &set->packs[b->pack];
		fputs(",\n      \"pack\": [", out);
		for (int m = 0; m < p->n_members; m++) {
			fputs(m ? ", " : "", out);
			sl_json_str(out, p->members[m]->name);
		}
		fputs("]", out);
	}
	if (b->why) {
		fputs(",\n      \"why\": ", out);
		sl_json_str(out, b->why);
	}
	if (b->walk_steps > 0) {
		fprintf(out, ",\n      \"walk_steps\": %lld, \"note\": ", (long long) b->walk_steps);
		sl_json_str(out, ub_walk_note);
	}
	fputs(" }", out);
}

/* A lane program's lanes (docs/language.md "Lanes"): per declaration of
 * more than one lane, its name and lane count; nothing without lanes. */
static void print_lanes_json(const ir_program *lp, FILE *out)
{
	if (!lp->lanes_of)
		return;
	fputs("  \"lanes\": {", out);
	int n = 0;
	for (int i = 0; i < lp->n_decls; i++) {
		const ir_decl *d = lp->decls[i];
		if (d->lanes <= 1 || d->lane != 0)
			continue;
		fputs(n++ ? ", " : "", out);
		sl_json_str(out, d->lane_of->name);
		fprintf(out, ": %d", d->lanes);
	}
	fputs("},\n", out);
}

static void print_report(const void *arg, FILE *out)
{
	const flow_design *d = arg;
	const sched_program *sp = d->sp;
	fputs("{\n  \"program\": ", out);
	sl_json_str(out, sp->lowered->path);
	fprintf(out, ",\n  \"schedule\": \"%s\",\n", sched_policy_str(sp->opts.policy));
	fprintf(out, "  \"predicted_cycles\": %lld,\n", (long long) sp->predicted_cycles);
	fprintf(out, "  \"ideal_cycles\": %lld,\n", (long long) sp->ideal_cycles);
	print_lanes_json(sp->lowered, out);
	fputs("  \"buffers\": [\n", out);
	for (int i = 0; i < d->ubs->n_buffers; i++) {
		print_buffer_json(d->ubs, d->ubs->buffers[i], out);
		fputs(i + 1 < d->ubs->n_buffers ? ",\n" : "\n", out);
	}
	fputs(d->pub ? "  ],\n" : "  ]\n", out);
	if (d->pub)
		pub_report_json(d->pub, out);
	fputs("}\n", out);
}

static void print_pub_json(const void *arg, FILE *out)
{
	pub_dump_json(arg, out);
}

typedef struct pub_hex_arg {
	const pub_set *ps;
	const pub_tile *t;
} pub_hex_arg;

static void print_pub_hex(const void *arg, FILE *out)
{
	const pub_hex_arg *a = arg;
	pub_write_hex(a->ps, a->t, out);
}

static void print_pub_rom(const void *arg, FILE *out)
{
	pub_write_rom_hex(arg, out);
}

/* With --memory pub: DIR/pub.json, DIR/pub_BUFFER_K.hex per tile and,
 * with tiles and without --runtime-config, DIR/pub_rom.hex (the ROM the
 * top loads them from). */
static int write_pub(const flow_design *d, const char *dir)
{
	if (!d->pub)
		return 0;
	if (write_text(dir, "pub.json", NULL, print_pub_json, d->pub) < 0)
		return -1;
	for (int i = 0; i < d->pub->n_bufs; i++) {
		const pub_buf *pb = &d->pub->bufs[i];
		for (int k = 0; k < pb->n_tiles; k++) {
			char name[256];
			snprintf(name, sizeof name, "pub_%s_%d.hex", pb->buf->name, k);
			pub_hex_arg a = { d->pub, &pb->tiles[k] };
			if (write_text(dir, name, NULL, print_pub_hex, &a) < 0)
				return -1;
		}
	}
	if (pub_n_tiles(d->pub) > 0 && !d->pub->params.runtime &&
	    write_text(dir, "pub_rom.hex", NULL, print_pub_rom, d->pub) < 0)
		return -1;
	char *cfg;	/* --runtime-config: DIR/config.hex */
	size_t n;
	int rc = flow_config_image(d, &cfg, &n) < 0 || (cfg && write_bytes(dir, "config.hex",
		cfg, n) < 0) ? -1 : 0;
	free(cfg);
	return rc;
}

/* What report.html draws: the design, its frames and, after synthesis,
 * the measurement. */
typedef struct html_arg {
	const flow_design *d;
	int frames;
	const tg_measured *meas;
} html_arg;

static void print_html(const void *arg, FILE *out)
{
	const html_arg *h = arg;
	const flow_design *d = h->d;
	const char *slash = strrchr(d->path, '/');
	rp_design rd = { slash ? slash + 1 : d->path, d->sp, d->ubs, h->frames, d->has_pred ? &d->pred : NULL,
		h->meas };
	rp_design_html(&rd, out);
}

/* DIR/report.html of the design, in the command's output set. */
static int write_html(const flow_design *d, const char *dir, int frames,
	const tg_measured *meas)
{
	html_arg h = { d, frames, meas };
	return write_text(dir, "report.html", NULL, print_html, &h);
}

/* The design of the program under the command's options: the board
 * resolved, the design built, and with a board checked to fit it.  NULL
 * (reported) on an error. */
static flow_design *build_design(sl_ctx *ctx, const options *opt)
{
	flow_options fo = opt->flow;
	if (opt->board && !(fo.bd = board_find(ctx, opt->board)))
		return NULL;
	if (fo.sched.clock_mhz > 0 && (!fo.bd || !fo.bd->has_delays)) {
		fprintf(stderr, "sluice: error: --clock needs --board with a delay model "
			"(docs/timing.md)%s%s\n", fo.bd ? ": none in " : "", fo.bd ? fo.bd->path : "");
		return NULL;
	}
	fo.sched.timing = fo.bd;
	fo.check_fit = fo.bd != NULL;
	return flow_compile(ctx, opt->prog, &fo);
}

/* What compile writes, and sim beside its outputs: the design's
 * schedule, buffers, reports and Verilog; "frames" > 1 (sim --frames N)
 * draws N frames in report.html and writes the Verilog that runs N
 * frames, the one sim checks.  0 or -1 (reported). */
static int write_design(const flow_design *d, const char *dir, int frames)
{
	if (make_out_dir(dir) < 0 || write_text(dir, "schedule.txt", NULL, print_schedule, d) < 0 ||
	    write_text(dir, "buffers.txt", NULL, print_buffers, d) < 0 ||
	    write_text(dir, "report.json", NULL, print_report, d) < 0 || write_pub(d, dir) < 0 ||
	    write_html(d, dir, frames, NULL) < 0 ||
	    write_verilog(d, dir, frames > 1 ? frames : 1) < 0)
		return -1;
	return 0;
}

static int cmd_compile(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	flow_design *d = build_design(ctx, opt);
	int rc = EXIT_PROGRAM;
	sl_outputs_begin(opt->out_dir);
	if (d && write_design(d, opt->out_dir, 1) == 0)
		rc = 0;
	if ((rc = finish_outputs(rc)) == 0)
		printf("predicted %lld cycles, ideal %lld\n", (long long) d->sp->predicted_cycles,
			(long long) d->sp->ideal_cycles);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

/* ---------------------------------------------------------- boards, synth */

static int cmd_boards(const options *opt)
{
	return tg_boards();
}

/* What the netlist check runs on: the design and its netlist file. */
typedef struct netlist_arg {
	const flow_design *d;
	const char *top;
	const char *path;
} netlist_arg;

/* The synthesized netlist in Verilator, compared with the reference. */
static int netlist_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs)
{
	const netlist_arg *n = arg;
	return tg_check_netlist(ctx, prog, n->d->sp, n->d->pred.bd, n->top, n->path, in, outs,
		stdout);
}

static int cmd_synth(const options *opt)
{
	if (!opt->board) {
		fprintf(stderr, "sluice synth: error: no board given (--board B; see 'sluice boards')\n");
		return EXIT_USAGE;
	}
	if (opt->check_netlist && opt->flow.iface == RTL_IFACE_AXIS) {
		fprintf(stderr, "sluice synth: error: --check-netlist simulates the native "
			"interface; drop --interface axis\n");
		return EXIT_USAGE;
	}
	if (opt->check_netlist && opt->flow.memory_pub) {
		fprintf(stderr, "sluice synth: error: --check-netlist does not wait for the tiles' "
			"configuration yet; drop --memory pub or --check-netlist (docs/pub.md)\n");
		return EXIT_USAGE;
	}
	if (!opt->check_netlist && (opt->n_inputs || opt->have_seed)) {
		fprintf(stderr, "sluice synth: error: --input and --seed are the data of "
			"--check-netlist\n");
		return EXIT_USAGE;
	}
	sl_ctx *ctx = new_ctx(opt);
	flow_design *d = build_design(ctx, opt);
	int rc = EXIT_PROGRAM;
	char *text = NULL;
	char *netlist = opt->check_netlist ? sl_path_join(opt->out_dir, "netlist.v", NULL) : NULL;
	size_t len;
	const char *top;
	tg_measured meas;
	if (d && make_out_dir(opt->out_dir) == 0 && flow_verilog(d, &text, &len, &top) == 0)
		rc = tg_synth_measure(ctx, &d->pred, text, len, top, opt->out_dir, opt->pnr,
			netlist, &meas);
	if (rc == 0 && opt->flow.iface == RTL_IFACE_AXIS) {
		tg_measured wm;
		char core[200];
		snprintf(core, sizeof core, "%s_core", top);
		if (tg_synth_wrapper(ctx, d->pred.bd, opt->out_dir, top, core, &wm) != 0)
			rc = EXIT_PROGRAM;
	}
	if (rc == 0) {
		netlist_arg arg = { d, top, netlist };
		sl_outputs_begin(opt->out_dir);
		if (netlist)
			rc = run_program(ctx, d->prog, opt, netlist_engine, &arg);
		if (rc == 0 && write_html(d, opt->out_dir, 1, &meas) < 0)
			rc = EXIT_PROGRAM;
		rc = finish_outputs(rc);
	}
	free(netlist);
	free(text);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

static int cmd_study(const options *opt)
{
	if (opt->study_memories) {
		pub_study_options ps = { opt->prog, opt->study_memories, opt->study_fetches,
			opt->study_depths, opt->study_ports, opt->flow, opt->out_dir, opt->defines, opt->n_defines };
		return pub_study_run(&ps);
	}
	study_options so = { opt->prog, opt->study_boards, opt->study_schedules,
		opt->study_thresholds, opt->study_rams, opt->study_unrolls, opt->flow.sched, opt->flow.ub, opt->sim,
		opt->pnr, opt->out_dir, opt->defines, opt->n_defines };
	return study_run(&so);
}

/* ------------------------------------------------------------------ sim */

/* The design's model or its Verilog in Verilator, each compared with the
 * reference. */
static int sim_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs)
{
	const flow_design *d = arg;
	if (strcmp(opt->engine, "verilator"))
		return sim_check_model_frames(ctx, prog, d->sp, d->ubs, in, opt->frames, outs,
			stdout);
	char *text;
	size_t len;
	const char *top;
	if (flow_verilog_frames(d, opt->frames, &text, &len, &top) < 0)
		return -1;
	/* with tiles the harness waits for 'ready' (their configuration) */
	static const char *const wait_ready[] = { "-CFLAGS", "-DSL_WAIT_READY", NULL };
	vl_options vopts = { opt->vcd, SIM_VCD_CYCLES, NULL, d->pub ? wait_ready : NULL,
		NULL, opt->frames, opt->flow.iface == RTL_IFACE_AXIS ? opt->stall_seeds : 0,
		d->pub, NULL, 0, 0 };
	char *cfg;	/* --runtime-config: the image, loaded by the harness */
	vopts.config_data_bits = flow_config_image(d, &cfg, &vopts.config_len);
	vopts.config = cfg;
	int rc = vopts.config_data_bits < 0 ? -1
		: sim_check_verilator(ctx, prog, d->sp, top, text, len, in, &vopts, outs, stdout);
	free(text);
	free(cfg);
	return rc;
}

static int cmd_sim(const options *opt)
{
	if (opt->have_stall_seeds && (opt->flow.iface != RTL_IFACE_AXIS
	    || strcmp(opt->engine, "verilator"))) {
		fprintf(stderr, "sluice sim: error: --stall-seeds needs --interface axis and "
			"--engine verilator\n");
		return EXIT_USAGE;
	}
	sl_ctx *ctx = new_ctx(opt);
	flow_design *d = build_design(ctx, opt);
	int rc = EXIT_PROGRAM;
	sl_outputs_begin(opt->out_dir);
	if (d && write_design(d, opt->out_dir, opt->frames) == 0
	    && sim_within_budget(ctx, d->sp, opt->frames, opt->max_cycles ? opt->max_cycles : SIM_MAX_CYCLES_DEFAULT))
		rc = run_program(ctx, d->prog, opt, sim_engine, d);
	if (rc == 0 && d->pub && pub_print_counts(ctx, d->pub, strcmp(opt->engine, "verilator")
	    ? "tile model" : "tile model and Verilator agree", stdout) < 0)
		rc = EXIT_PROGRAM;
	rc = finish_outputs(rc);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

/* -------------------------------------------------------------- options */

enum {
	OPT_INPUT = 1 << 0, OPT_SEED = 1 << 1, OPT_OUT = 1 << 2, OPT_SCHEDULE = 1 << 3,
	OPT_THRESHOLD = 1 << 4, OPT_RAM = 1 << 5, OPT_BOARD = 1 << 6, OPT_DUMP = 1 << 7,
	OPT_ENGINE = 1 << 8, OPT_VCD = 1 << 9, OPT_PNR = 1 << 10, OPT_STUDY = 1 << 11,
	OPT_CLOCK = 1 << 12, OPT_CHECK_NETLIST = 1 << 13, OPT_FRAMES = 1 << 14,
	OPT_MAX_CYCLES = 1 << 15, OPT_UNROLL = 1 << 16, OPT_DEFINE = 1 << 17, OPT_QUIET = 1 << 18,
	OPT_MEMORY = 1 << 19, OPT_INTERFACE = 1 << 20, OPT_STALL_SEEDS = 1 << 21,
	/* what compile, sim and synth share: the design */
	OPT_DESIGN = OPT_SCHEDULE | OPT_THRESHOLD | OPT_RAM | OPT_BOARD | OPT_OUT | OPT_CLOCK |
		OPT_UNROLL | OPT_DEFINE | OPT_QUIET | OPT_MEMORY | OPT_INTERFACE,
};

/* A word of a number; false for anything else. */
static bool parse_count(const char *s, uint64_t *v)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-')
		return false;
	*v = n;
	return true;
}

static bool usage_error(const char *fmt, const char *val)
{
	fputs("sluice: error: ", stderr);
	fprintf(stderr, fmt, val);
	fputc('\n', stderr);
	return false;
}

static bool set_input(options *o, const char *val)
{
	const char *eq = strchr(val, '=');
	if (!eq || eq == val || !eq[1])
		return usage_error("--input takes NAME=FILE, not '%s'", val);
	size_t len = (size_t) (eq - val);
	o->input_names[o->n_inputs] = strndup(val, len);
	o->input_files[o->n_inputs++] = eq + 1;
	return true;
}

/* -D NAME=VALUE: NAME an identifier given once, VALUE a decimal integer
 * of 64 bits (docs/language.md, "Params"). */
static bool set_define(options *o, const char *val)
{
	const char *eq = strchr(val, '=');
	bool ident = eq && eq != val && !(*val >= '0' && *val <= '9');
	for (const char *c = val; ident && c < eq; c++)
		ident = *c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			(*c >= '0' && *c <= '9');
	if (!ident)
		return usage_error("-D takes NAME=VALUE with NAME a param's name, not '%s'", val);
	char *end;
	errno = 0;
	long long v = strtoll(eq + 1, &end, 10);
	if (!eq[1] || *end || errno || eq[1] == '+' || eq[1] == ' ')
		return usage_error("-D takes NAME=VALUE with VALUE a decimal integer of 64 bits, not '%s'", val);
	size_t len = (size_t) (eq - val);
	for (int i = 0; i < o->n_defines; i++)
		if (strlen(o->defines[i].name) == len && !strncmp(o->defines[i].name, val, len))
			return usage_error("-D %s is given twice", o->defines[i].name);
	o->defines[o->n_defines].name = strndup(val, len);
	o->defines[o->n_defines++].value = v;
	return true;
}

static bool set_seed(options *o, const char *val)
{
	o->have_seed = parse_count(val, &o->seed);
	return o->have_seed || usage_error("--seed takes a non-negative integer, not '%s'", val);
}

static bool set_frames(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > 100000)
		return usage_error("--frames takes a frame count from 1 to 100000, not '%s'", val);
	o->frames = (int) n;
	return true;
}

static bool set_max_cycles(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n == 0 || n > INT64_MAX)
		return usage_error("--max-cycles takes a positive cycle count, not '%s'", val);
	o->max_cycles = (int64_t) n;
	return true;
}

static bool set_schedule(options *o, const char *val)
{
	return sched_policy_parse(val, &o->flow.sched.policy) ||
		usage_error("--schedule takes stream or sequential, not '%s'", val);
}

static bool set_unroll(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > IR_MAX_LANES)
		return usage_error("--unroll takes a lane count from 1 to 256, not '%s'", val);
	o->flow.sched.unroll = (int) n;
	return true;
}

static bool set_engine(options *o, const char *val)
{
	if (strcmp(val, "model") && strcmp(val, "verilator") && strcmp(val, "c")
	    && strcmp(val, "interp"))
		return usage_error("--engine takes 'model' or 'verilator' (sim), 'interp' or "
			"'c' (run), not '%s'", val);
	o->engine = val;
	return true;
}

static bool set_interface(options *o, const char *val)
{
	if (!strcmp(val, "native"))
		o->flow.iface = RTL_IFACE_NATIVE;
	else if (!strcmp(val, "axis"))
		o->flow.iface = RTL_IFACE_AXIS;
	else
		return usage_error("--interface takes 'native' or 'axis', not '%s'", val);
	return true;
}

static bool set_stall_seeds(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n > 1000)
		return usage_error("--stall-seeds takes a count from 0 to 1000, not '%s'", val);
	o->stall_seeds = (int) n;
	o->have_stall_seeds = true;
	return true;
}

static bool set_threshold(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n > ((uint64_t) 1 << 32))
		return usage_error("--register-threshold takes a word count, not '%s'", val);
	o->flow.ub.register_threshold = (int64_t) n;
	return true;
}

static bool set_ram(options *o, const char *val)
{
	return ub_ram_parse(val, &o->flow.ub.ram) ||
		usage_error("--ram takes auto, block or lut, not '%s'", val);
}

static bool set_dump(options *o, const char *val)
{
	char bad[2] = { 0, 0 };
	if (!flow_dump_letters_ok(val, &bad[0]))
		return usage_error("-d takes dump letters P, L, S, B, T and R, not '%s'",
			bad[0] ? bad : val);
	o->flow.dump = val;
	return true;
}

static bool set_clock(options *o, const char *val)
{
	char *end;
	double mhz = strtod(val, &end);
	if (!*val || *end || !(mhz >= 1 && mhz <= 10000))
		return usage_error("--clock takes a frequency in MHz (1 to 10000), not '%s'", val);
	o->flow.sched.clock_mhz = mhz;
	return true;
}

static bool set_memory(options *o, const char *val)
{
	if (o->is_study) {
		o->study_memories = val;
		return true;
	}
	if (strcmp(val, "native") && strcmp(val, "pub"))
		return usage_error("--memory takes native or pub, not '%s'", val);
	o->flow.memory_pub = !strcmp(val, "pub");
	return true;
}

/* A power of two from lo to hi; false for anything else. */
static bool parse_pow2(const char *val, uint64_t lo, uint64_t hi, uint64_t *n)
{
	return parse_count(val, n) && *n >= lo && *n <= hi && (*n & (*n - 1)) == 0;
}

static bool set_fetch(options *o, const char *val)
{
	uint64_t n;
	o->pub_tile_opts = true;
	if (o->is_study) {
		o->study_fetches = val;
		return true;
	}
	if (!parse_pow2(val, 1, 64, &n))
		return usage_error("--fetch takes a fetch width, a power of two from 1 to 64, not '%s'",
			val);
	o->flow.pub.fw = (int) n;
	return true;
}

static bool set_depth(options *o, const char *val)
{
	uint64_t n;
	o->pub_tile_opts = true;
	if (o->is_study) {
		o->study_depths = val;
		return true;
	}
	if (!parse_pow2(val, 2, (uint64_t) 1 << 20, &n))
		return usage_error("--depth takes SRAM words per tile, a power of two from 2 to "
			"1048576, not '%s'", val);
	o->flow.pub.depth = (int64_t) n;
	return true;
}

static bool set_pub_ports(options *o, const char *val)
{
	int ni, no;
	char x, extra;
	o->pub_tile_opts = true;
	if (o->is_study) {
		o->study_ports = val;
		return true;
	}
	if (sscanf(val, "%d%c%d%c", &ni, &x, &no, &extra) != 3 || x != 'x' || ni < 1 || ni > 8 ||
	    no < 1 || no > 8)
		return usage_error("--pub-ports takes INPUTSxOUTPUTS, each 1 to 8 (e.g. 2x2), not '%s'",
			val);
	o->flow.pub.n_in = ni;
	o->flow.pub.n_out = no;
	return true;
}

/* N in lo..hi, or "fit" (0): the tile's levels and widths. */
static bool count_or_fit(options *o, const char *val, uint64_t lo, uint64_t hi, int *w)
{
	uint64_t n = 0;
	o->pub_tile_opts = true;
	if (strcmp(val, "fit") && (!parse_count(val, &n) || n < lo || n > hi))
		return false;
	*w = (int) n;
	return true;
}

static bool set_pub_levels(options *o, const char *val)
{
	return count_or_fit(o, val, 1, PUB_MAX_LEVELS, &o->flow.pub.levels) ||
		usage_error("--pub-levels takes a loop-level count from 1 to 16, or 'fit', "
			"not '%s'", val);
}

static bool set_pub_width(options *o, const char *val)
{
	return count_or_fit(o, val, 2, PUB_MAX_WIDTH, &o->flow.pub.cw) || usage_error(
		"--pub-width takes a configuration width in bits from 2 to 62, or 'fit', not '%s'",
		val);
}

static bool set_pub_ext_width(options *o, const char *val)
{
	o->pub_ew_set = true;
	return count_or_fit(o, val, 2, PUB_MAX_WIDTH, &o->flow.pub.ew) || usage_error(
		"--pub-ext-width takes an extent width in bits from 2 to 62, or 'fit', not '%s'",
		val);
}

static bool set_pub_buffers(options *o, const char *val)
{
	int n;
	const char *dup = sl_list_dup(val, &n);
	o->pub_tile_opts = true;
	if (!*val || val[0] == ',' || val[strlen(val) - 1] == ',' || strstr(val, ",,"))
		return usage_error("--pub-buffers takes buffer names separated by commas, not '%s'",
			val);
	if (dup)
		fprintf(stderr, "sluice: error: --pub-buffers %s: '%.*s' is given twice\n", val, n, dup);
	o->flow.pub.only = val;
	return !dup;
}

static bool set_runtime(options *o, const char *v) { return o->pub_tile_opts = o->flow.pub.runtime = true; }
static bool set_board(options *o, const char *v) { o->board = v; return true; }
static bool set_out(options *o, const char *v) { o->out_dir = v; return o->out_given = true; }
static bool set_vcd(options *o, const char *v) { o->vcd = v; return true; }
static bool set_boards(options *o, const char *v) { o->study_boards = v; return true; }
static bool set_schedules(options *o, const char *v) { o->study_schedules = v; return true; }
static bool set_unrolls(options *o, const char *v) { o->study_unrolls = v; return true; }
static bool set_thresholds(options *o, const char *v) { o->study_thresholds = v; return true; }
static bool set_rams(options *o, const char *v) { o->study_rams = v; return true; }
static bool set_pnr(options *o, const char *v) { o->pnr = true; return true; }
static bool set_sim(options *o, const char *v) { o->sim = true; return true; }
static bool set_check_netlist(options *o, const char *v) { o->check_netlist = true; return true; }
static bool set_quiet(options *o, const char *v) { o->quiet = true; return true; }

typedef struct option_spec {
	const char *flag;
	unsigned bit;
	bool has_value;
	bool (*set)(options *o, const char *val);	/* false: usage error (reported) */
} option_spec;

static const option_spec option_specs[] = {
	{ "--input", OPT_INPUT, true, set_input },
	{ "--seed", OPT_SEED, true, set_seed },
	{ "--frames", OPT_FRAMES, true, set_frames },
	{ "-o", OPT_OUT, true, set_out },
	{ "--schedule", OPT_SCHEDULE, true, set_schedule },
	{ "--unroll", OPT_UNROLL, true, set_unroll },
	{ "--register-threshold", OPT_THRESHOLD, true, set_threshold },
	{ "--ram", OPT_RAM, true, set_ram },
	{ "--board", OPT_BOARD, true, set_board },
	{ "--clock", OPT_CLOCK, true, set_clock },
	{ "--memory", OPT_MEMORY, true, set_memory },
	{ "--fetch", OPT_MEMORY, true, set_fetch },
	{ "--depth", OPT_MEMORY, true, set_depth },
	{ "--pub-ports", OPT_MEMORY, true, set_pub_ports },
	{ "--pub-levels", OPT_MEMORY, true, set_pub_levels },
	{ "--pub-width", OPT_MEMORY, true, set_pub_width },
	{ "--pub-ext-width", OPT_MEMORY, true, set_pub_ext_width },
	{ "--pub-buffers", OPT_MEMORY, true, set_pub_buffers },
	{ "--runtime-config", OPT_MEMORY, false, set_runtime },
	{ "-d", OPT_DUMP, true, set_dump },
	{ "-D", OPT_DEFINE, true, set_define },
	{ "--engine", OPT_ENGINE, true, set_engine },
	{ "--interface", OPT_INTERFACE, true, set_interface },
	{ "--stall-seeds", OPT_STALL_SEEDS, true, set_stall_seeds },
	{ "--vcd", OPT_VCD, true, set_vcd },
	{ "--max-cycles", OPT_MAX_CYCLES, true, set_max_cycles },
	{ "--pnr", OPT_PNR, false, set_pnr },
	{ "--check-netlist", OPT_CHECK_NETLIST, false, set_check_netlist },
	{ "--boards", OPT_STUDY, true, set_boards },
	{ "--schedules", OPT_STUDY, true, set_schedules },
	{ "--unrolls", OPT_STUDY, true, set_unrolls },
	{ "--thresholds", OPT_STUDY, true, set_thresholds },
	{ "--rams", OPT_STUDY, true, set_rams },
	{ "--sim", OPT_STUDY, false, set_sim },
	{ "--quiet", OPT_QUIET, false, set_quiet },
};
enum { N_OPTION_SPECS = sizeof(option_specs) / sizeof(option_specs[0]) };

/* The entry named "name" of a table of n entries of "size" bytes that
 * each begin with their name, or NULL. */
static const void *find_named(const void *table, int n, size_t size, const char *name)
{
	for (int i = 0; i < n; i++) {
		const char *entry = (const char *) table + (size_t) i * size;
		if (!strcmp(*(const char *const *) (const void *) entry, name))
			return entry;
	}
	return NULL;
}

static const option_spec *find_option(const char *flag)
{
	return find_named(option_specs, N_OPTION_SPECS, sizeof option_specs[0], flag);
}

/* ------------------------------------------------------------- commands */

static const command commands[] = {
	{ "import", cmd_import, OPT_OUT, true,
	  "MODEL.onnx [-o OUT.sl]",
	  "import an ONNX model as a sluice program with its weights as .npy consts",
	  "Writes OUT.sl (default: the model's path with .sl) and each initializer\n"
	  "as OUT.NAME.npy beside it (docs/onnx.md).  Every other command takes\n"
	  "MODEL.onnx in place of a program and imports it on the fly.\n"
	  "  -o OUT.sl     the program written\n" },
	{ "check", cmd_check, OPT_DEFINE, true,
	  "PROG [-D NAME=VALUE]...",
	  "parse and check a program; print its funcs, types and inferred domains",
	  "Reads PROG, reports every error, and prints every declaration: its kind,\n"
	  "name and type, and for a func its variables, the domain bounds inference\n"
	  "gave it and its body.\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n" },
	{ "run", cmd_run, OPT_INPUT | OPT_SEED | OPT_OUT | OPT_FRAMES | OPT_DEFINE | OPT_ENGINE, true,
	  "PROG [-D NAME=VALUE]... [--engine interp|c] [--input NAME=FILE]... [--seed N] [--frames N] [-o DIR]",
	  "evaluate a program with the CPU reference",
	  "Evaluates every output of PROG bit-exactly and writes DIR/NAME.npy for each\n"
	  "(and DIR/NAME.png when the output is a u8/u16 image).\n"
	  "  --engine E         interp (the interpreter; the default) or c (the program\n"
	  "                     compiled to C with the system compiler, cached)\n"
	  "  --input NAME=FILE  data for input NAME: .npy, .png, .pgm or .ppm\n"
	  "  --seed N           fill inputs without --input with pseudo-random values\n"
	  "                     from seed N, and write them as DIR/NAME.in.npy\n"
	  "  --frames N         N frames: each input from a .npy whose leading\n"
	  "                     dimension is N, or N --input NAME=FILE (one per\n"
	  "                     frame), or seeds (frame f from seed N + f); each\n"
	  "                     output a .npy with a leading dimension of N\n"
	  "  -o DIR             output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n" },
	{ "compile", cmd_compile, OPT_DESIGN | OPT_DUMP, true,
	  "PROG [-D NAME=VALUE]... [--schedule stream|sequential] [--board B] [--unroll K] [--interface native|axis] [-d LETTERS] [-o DIR] [--quiet]",
	  "schedule a program; write schedule.txt, buffers.txt, report.json, report.html and the Verilog",
	  "Lowers PROG, schedules every operation to a cycle and writes\n"
	  "DIR/schedule.txt, DIR/buffers.txt, DIR/report.json, DIR/report.html\n"
	  "(the schedule, buffers and resources drawn; docs/report.md), the Verilog\n"
	  "DIR/sluice_NAME.v, the library modules it uses and the filelist\n"
	  "DIR/sluice_NAME.f (verilator -F DIR/sluice_NAME.f; docs/hardware.md).\n"
	  "  --schedule P  stream (default: line-buffered, rates matched) or\n"
	  "                sequential (each stage after the previous one)\n"
	  "  --register-threshold N  untapped delay-chain runs shorter than N\n"
	  "                words are registers (default 8; docs/hardware.md)\n"
	  "  --ram R       memory of circular buffers: auto (default: block RAM\n"
	  "                from N words, or past 64 LUTs of LUT RAM on boards with\n"
	  "                it), block (always block RAM) or lut (register files:\n"
	  "                LUT RAM, or flip-flops on the iCE40)\n"
	  "  --board B     map for board B, and fail before writing anything when\n"
	  "                the design's storage (block RAMs, storage flip-flops)\n"
	  "                does not fit it; pipeline every datapath for the board's\n"
	  "                clock by its delay model (docs/timing.md)\n"
	  "  --clock MHz   pipeline for this clock instead (needs --board)\n"
	  "  --unroll K    K points of every output's innermost dimension per cycle\n"
	  "                (lanes, docs/language.md), overriding 'unroll' declarations\n"
	  "  --memory M    native (default: today's mapping) or pub: also map every\n"
	  "                buffer it can onto push-memory tiles (sl_pub) and write\n"
	  "                DIR/pub.json, DIR/pub_BUFFER_K.hex and pub_rom.hex (docs/pub.md)\n"
	  "  --fetch N, --depth N, --pub-ports IxO, --pub-levels N, --pub-width N\n"
	  "                the tile: fetch width (4), SRAM words (512), input and\n"
	  "                output ports (2x2), loop levels (6), configuration bits (16)\n"
	  "  --pub-ext-width N  extent bits (default: --pub-width's); these and\n"
	  "                --pub-levels take 'fit': the tile of the fewest flip-flops\n"
	  "                that holds this program's configuration\n"
	  "  --pub-buffers A,B  only these buffers on tiles (default: every one)\n"
	  "  --runtime-config  schedules and tiles set at run time by DIR/config.hex\n"
	  "  --interface I native (the default: NAME_en / NAME_valid ports) or axis\n"
	  "                (AXI4-Stream with backpressure; docs/hardware.md)\n"
	  "  -d LETTERS    print stage dumps on stdout, each right after its stage:\n"
	  "                P checked program, L lowered program (and the lane\n"
	  "                program, with lanes), S schedule, B buffers,\n"
	  "                T push-memory tiles (with --memory pub),\n"
	  "                R predicted resources (with --board)\n"
	  "  -o DIR        output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "sim", cmd_sim,
	  OPT_DESIGN | OPT_DUMP | OPT_INPUT | OPT_SEED | OPT_ENGINE | OPT_VCD | OPT_FRAMES |
	  OPT_MAX_CYCLES | OPT_STALL_SEEDS, true,
	  "PROG [-D NAME=VALUE]... [--engine model|verilator] [--board B] [--interface native|axis [--stall-seeds N]] [--input NAME=FILE]... [--seed N] [--frames N] [-o DIR] [--vcd FILE] [--max-cycles N]",
	  "simulate the scheduled design cycle by cycle and check it against the reference",
	  "Compiles PROG, runs the cycle-level model of its schedule and buffers (or\n"
	  "its generated Verilog in Verilator), and checks every output bit for bit\n"
	  "against the CPU reference and the measured cycles against the prediction;\n"
	  "the model also checks each buffer's occupancy against its computed size.\n"
	  "Writes the design it simulates like 'sluice compile' and the outputs like\n"
	  "'sluice run'.\n"
	  "  --engine E             model (the cycle-level model; the default) or\n"
	  "                         verilator (the Verilog, built once per design in\n"
	  "                         $SLUICE_CACHE_DIR, default ~/.cache/sluice)\n"
	  "  --vcd FILE             verilator: dump the first 2000 cycles from reset\n"
	  "  --max-cycles N         refuse a design whose schedule predicts more than N\n"
	  "                         cycles (default 1000000000, about two minutes of\n"
	  "                         the model), before any input is made\n"
	  "  --schedule P           stream or sequential, as for compile\n"
	  "  --register-threshold N untapped delay-chain runs shorter than N words\n"
	  "                         are registers (default 8), as for compile\n"
	  "  --ram R                auto, block or lut, as for compile\n"
	  "  --board B              simulate the design mapped for board B, exactly\n"
	  "                         what 'compile --board B' writes\n"
	  "  --clock MHz            as for compile\n"
	  "  --unroll K             lanes, as for compile\n"
	  "  --memory M, --fetch N, --depth N, --pub-ports IxO, --pub-levels N,\n"
	  "  --pub-width N, --pub-ext-width N\n"
	  "                         as for compile; with --memory pub every tile's\n"
	  "                         configuration also runs in the tile model, and its\n"
	  "                         access counts are printed\n"
	  "  --interface I          native or axis, as for compile; verilator with\n"
	  "                         axis runs the streams under random stalls\n"
	  "                         (docs/verilator.md, \"AXI4-Stream\")\n"
	  "  --stall-seeds N        verilator, axis: pause patterns from N seeds, five\n"
	  "                         patterns each (default 3; 0: the unstalled run,\n"
	  "                         the reset and the framing errors only)\n"
	  "  -d LETTERS             stage dumps, as for compile\n"
	  "  --frames N             N frames back to back through one run (model or\n"
	  "                         verilator: one start),\n"
	  "                         each a frame period after the previous one\n"
	  "                         (docs/hardware.md); every frame checked, and the\n"
	  "                         cycles against the prediction for N frames\n"
	  "  --input, --seed, -o    as for run\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "boards", cmd_boards, 0, false,
	  "",
	  "list the target boards",
	  "Lists the board files of boards/ (or $SLUICE_BOARDS_DIR): name, part,\n"
	  "LUTs, flip-flops, block RAMs, DSPs and nominal clock.\n" },
	{ "synth", cmd_synth, OPT_DESIGN | OPT_PNR | OPT_CHECK_NETLIST | OPT_INPUT | OPT_SEED, true,
	  "PROG [-D NAME=VALUE]... --board B [--pnr] [--interface native|axis] [--check-netlist [--input NAME=FILE]... [--seed N]] [-o DIR]",
	  "synthesize a program for a board with Yosys; report its resources",
	  "Compiles PROG, writes DIR/sluice_NAME.v, runs Yosys with the board's flow\n"
	  "(block RAM forced where the mapping chose SRAM), and prints LUTs,\n"
	  "flip-flops, block RAMs (predicted and measured), DSPs and the share of the\n"
	  "board; writes DIR/synth.json and DIR/report.html.  Fails when the predicted\n"
	  "block RAMs differ from Yosys's.\n"
	  "  --board B     a board name ('sluice boards') or a .board file\n"
	  "  --pnr         also place and route (nextpnr; iCE40) and report Fmax and\n"
	  "                the critical path by program stage (without it: Yosys's\n"
	  "                logic depth)\n"
	  "  --clock MHz   pipeline for this clock (default: the board's)\n"
	  "  --interface I native or axis, as for compile (axis: the wrapper's own\n"
	  "                LUTs and flip-flops are reported)\n"
	  "  --check-netlist  write the synthesized netlist (DIR/netlist.v), simulate\n"
	  "                it in Verilator with the family's cell models on the\n"
	  "                program's data and compare every output bit for bit with\n"
	  "                the reference and the cycles with the prediction; fails on\n"
	  "                any difference (docs/verilator.md)\n"
	  "  --input, --seed  the data of the netlist check, as for run\n"
	  "  --schedule P, --register-threshold N, --ram R, --unroll K   as for compile\n"
	  "  --memory M, --fetch N, --depth N, --pub-ports IxO, --pub-levels N,\n"
	  "  --pub-width N, --pub-ext-width N\n"
	  "                as for compile: the buffers on tiles are sl_pub instances,\n"
	  "                their SRAMs SPRAM on the UP5K, block RAM elsewhere (docs/pub.md)\n"
	  "  -o DIR        output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "study", cmd_study,
	  OPT_SCHEDULE | OPT_THRESHOLD | OPT_RAM | OPT_OUT | OPT_PNR | OPT_STUDY | OPT_CLOCK |
	  OPT_UNROLL | OPT_DEFINE | OPT_QUIET | OPT_MEMORY, true,
	  "PROG [-D NAME=VALUE]... [--boards B1,B2,...] [--schedules stream,sequential] [--thresholds 8,64] [--rams auto,block,lut] [--unroll K | --unrolls K1,K2,...] [--sim] [--pnr] [--clock MHz] [-o DIR]",
	  "compile and synthesize a program over boards and mapping options; one table",
	  "For every schedule, register threshold, RAM choice and board: compiles\n"
	  "PROG, checks that its storage and estimated logic fit the board (else the\n"
	  "row says \"does not fit: ...\") and synthesizes it with Yosys in\n"
	  "DIR/BOARD_SCHEDULE_tN_RAM/.  Prints one table (predicted and measured\n"
	  "cycles, buffer words, LUTs and flip-flops estimated/measured, block RAMs\n"
	  "predicted/measured, DSPs estimated/measured, Fmax) and writes\n"
	  "DIR/study.csv, DIR/study.json and DIR/report.html (the configurations as\n"
	  "scatters, Pareto points marked).  On a terminal, a progress line.\n"
	  "  --boards B1,B2     boards (default: every board of 'sluice boards')\n"
	  "  --schedules S1,S2  stream and/or sequential (default: stream)\n"
	  "  --thresholds N1,N2 register thresholds (default: --register-threshold, 8)\n"
	  "  --rams R1,R2       circular-buffer memories: auto, block, lut (default:\n"
	  "                     --ram, auto)\n"
	  "  --unroll K         every row with K lanes per output (docs/language.md)\n"
	  "  --unrolls K1,K2    lane counts as an axis (overrides --unroll); the table\n"
	  "                     gives output pixels per cycle and, with Fmax, Mpixels/s\n"
	  "  --sim              measure cycles with the cycle-level model (seed 1)\n"
	  "  --pnr              place and route where the board has a flow (Fmax)\n"
	  "  --clock MHz        pipeline for this clock on every board (default: each\n"
	  "                     board's own clock, by its delay model)\n"
	  "  --memory native,pub  instead of boards: compare today's mapping with\n"
	  "                     push-memory tiles over --fetch F1,F2 and --depth D1,D2\n"
	  "                     (and --pub-ports, --pub-levels, --pub-width): legality\n"
	  "                     and why, tiles, SRAM bits, area and energy; writes\n"
	  "                     DIR/pub_study.csv and DIR/pub_study.json (docs/pub.md)\n"
	  "  -o DIR             output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
};
enum { N_COMMANDS = sizeof(commands) / sizeof(commands[0]) };

static const command *find_command(const char *name)
{
	return find_named(commands, N_COMMANDS, sizeof commands[0], name);
}

static void usage(FILE *out)
{
	fputs("usage: sluice COMMAND [ARGS]\n\n"
	      "sluice compiles image-processing and ML pipelines to hardware.\n\n"
	      "commands:\n", out);
	for (int i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fputs("\nRun 'sluice COMMAND --help' for a command's options.\n", out);
}

static void command_help(const command *c, FILE *out)
{
	fprintf(out, "usage: sluice %s %s\n\n%s", c->name, c->args, c->help);
}

/* One option at argv[*i] (and its value); false on a usage error
 * (reported). */
static bool parse_option(const command *c, int argc, char **argv, int *i, options *opt)
{
	const char *a = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
	const option_spec *o = find_option(a);
	if (!o && (!strncmp(a, "-d", 2) || !strncmp(a, "-D", 2)) && a[2]) {
		o = find_option(a[1] == 'd' ? "-d" : "-D");	/* -dLETTERS, -DNAME=VALUE */
		val = a + 2;
	} else if (o && o->has_value) {
		++*i;
	}
	if (!o || (o->has_value && !val)) {
		fprintf(stderr, "sluice %s: error: unknown option or missing value: '%s'\n", c->name, a);
		command_help(c, stderr);
		return false;
	}
	if (!(c->accepts & o->bit)) {
		fprintf(stderr, "sluice %s: error: '%s' is not an option of '%s' (see 'sluice %s --help')\n",
			c->name, o->flag, c->name, c->name);
		return false;
	}
	return o->set(opt, val);
}

/* Parse the options after the command name; 0, or EXIT_USAGE. */
static int parse_options(const command *c, int argc, char **argv, options *opt)
{
	opt->out_dir = "out";
	opt->engine = "model";
	opt->frames = 1;
	opt->is_study = !strcmp(c->name, "study");
	opt->stall_seeds = 3;
	flow_options_default(&opt->flow);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			opt->help = true;
			return 0;
		}
		if (a[0] == '-' && a[1]) {
			if (!parse_option(c, argc, argv, &i, opt))
				return EXIT_USAGE;
		} else if (!opt->prog && c->needs_prog) {
			opt->prog = a;
		} else {
			fprintf(stderr, "sluice %s: error: unexpected argument '%s'\n", c->name, a);
			return EXIT_USAGE;
		}
	}
	/* advice for the design compile writes; pins for one to be placed */
	opt->flow.warn_order = !strcmp(c->name, "compile");
	opt->flow.check_pins = !strcmp(c->name, "compile") || (!strcmp(c->name, "synth") && opt->pnr);
	bool is_run = !strcmp(c->name, "run"), ref_engine = !strcmp(opt->engine, "c")
		|| !strcmp(opt->engine, "interp");
	if (is_run ? !ref_engine && strcmp(opt->engine, "model") : ref_engine) {
		fprintf(stderr, "sluice %s: error: --engine takes %s here, not '%s'\n", c->name,
			is_run ? "'interp' or 'c'" : "'model' or 'verilator'", opt->engine);
		return EXIT_USAGE;
	}
	if (opt->vcd && strcmp(opt->engine, "verilator")) {
		fprintf(stderr, "sluice %s: error: --vcd needs --engine verilator (the model "
			"has no waveform)\n", c->name);
		return EXIT_USAGE;
	}
	if (opt->is_study && opt->pub_tile_opts && !opt->study_memories) {
		fprintf(stderr, "sluice study: error: --fetch, --depth and --pub-* are axes of "
			"--memory native,pub\n");
		return EXIT_USAGE;
	}
	if (opt->is_study && opt->study_memories && (opt->study_boards || opt->study_schedules ||
	    opt->study_thresholds || opt->study_rams || opt->sim || opt->pnr)) {
		fprintf(stderr, "sluice study: error: --memory compares tile configurations; it "
			"does not combine with --boards, --schedules, --thresholds, --rams, --sim "
			"or --pnr\n");
		return EXIT_USAGE;
	}
	if (!opt->is_study && opt->pub_tile_opts && !opt->flow.memory_pub) {
		fprintf(stderr, "sluice %s: error: --fetch, --depth, --pub-* and --runtime-config "
			"describe the push-memory tile: they need --memory pub\n", c->name);
		return EXIT_USAGE;
	}
	if (!opt->pub_ew_set)
		opt->flow.pub.ew = opt->flow.pub.cw;
	char why[256];
	if (!opt->is_study && pub_params_problem(&opt->flow.pub, why, sizeof why)) {
		fprintf(stderr, "sluice %s: error: %s\n", c->name, why);
		return EXIT_USAGE;
	}
	if (opt->flow.pub.runtime && (!opt->flow.pub.cw || !opt->flow.pub.ew ||
	    !opt->flow.pub.levels)) {
		fprintf(stderr, "sluice %s: error: --runtime-config loads configurations of other "
			"sizes into one build: give --pub-width, --pub-ext-width and --pub-levels, "
			"not 'fit'\n", c->name);
		return EXIT_USAGE;
	}
	opt->flow.pub.frames = opt->frames;	/* the tiles run every frame */
	if (opt->flow.pub.runtime && (opt->frames > 1 || opt->flow.iface == RTL_IFACE_AXIS)) {
		fprintf(stderr, "sluice %s: error: --runtime-config configures one frame's run on "
			"the native interface: it takes neither --frames nor --interface axis\n", c->name);
		return EXIT_USAGE;
	}
	if (!opt->prog && c->needs_prog) {
		fprintf(stderr, "sluice %s: error: no program given\n", c->name);
		command_help(c, stderr);
		return EXIT_USAGE;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (sl_mem_limit_init() < 0)
		return EXIT_USAGE;
	const command *c = find_command(argv[1]);
	if (!c) {
		fprintf(stderr, "sluice: error: unknown command '%s'\n\n", argv[1]);
		usage(stderr);
		return EXIT_USAGE;
	}
	sl_interrupts_install();
	options opt = { 0 };
	opt.input_names = sl_xcalloc(argc, sizeof(char *));
	opt.input_files = sl_xcalloc(argc, sizeof(char *));
	opt.defines = sl_xcalloc(argc, sizeof(*opt.defines));
	int rc = parse_options(c, argc - 2, argv + 2, &opt);
	if (rc == 0 && opt.help)
		command_help(c, stdout);
	char *onnx_dir = NULL, *onnx_prog = NULL;
	if (rc == 0 && !opt.help && c->run != cmd_import && opt.prog && onnx_is_model(opt.prog))
		rc = import_for_command(&opt, &onnx_dir, &onnx_prog);
	if (rc == 0 && !opt.help) {
		sl_progress_init(opt.quiet);
		rc = c->run(&opt);
	}
	if (onnx_dir) {
		sl_rmtree(onnx_dir);
		sl_cleanup_dir_remove(onnx_dir);
	}
	free(onnx_dir);
	free(onnx_prog);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "sluice: error: cannot write the standard output: %s\n",
			strerror(errno));
		rc = rc ? rc : EXIT_PROGRAM;
	}
	for (int i = 0; i < opt.n_inputs; i++)
		free((char *) opt.input_names[i]);
	free(opt.input_names);
	for (int i = 0; i < opt.n_defines; i++)
		free((char *) opt.defines[i].name);
	free(opt.defines);
	free(opt.input_files);
	return rc;
}
