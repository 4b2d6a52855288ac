/* driver/main.c: the `sluice` command.
 * Rank 13 (tests/check_layout.sh).
 * Stage: on top of every module.  The commands: each is one short
 * function on the design flow/ builds, its inputs from io/ and its files
 * through report/.  Their table (with the options each honours and the
 * help) is driver/commands.c, the options and their parser
 * driver/options.c, and which options combine flow/options.c.  Exit
 * codes: 0 ok, 1 an error in the program or its data, 2 a usage error.
 * Nothing below main() exits. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/frontend.h"
#include "io/io.h"
#include "onnx/onnx.h"
#include "ref/ref.h"
#include "flow/flow.h"
#include "report/report.h"
#include "rtlgen/rtlgen.h"
#include "sim/sim.h"
#include "fpga/fpga.h"
#include "driver/driver_private.h"
#include "driver/study.h"
#include "explore/explore.h"


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
int cmd_import(const options *opt)
{
	if (!onnx_is_model(opt->prog)) {
		sl_error_file(opt->diag, "sluice import", "'%s' is not an ONNX model (.onnx)",
			opt->prog);
		return EXIT_USAGE;
	}
	size_t n = strlen(opt->prog);
	char *out = opt->out_given ? sl_xstrdup(opt->out_dir) : sl_xmalloc(n);
	if (!opt->out_given)
		snprintf(out, n, "%.*s.sl", (int) (n - 5), opt->prog);
	sl_ctx *ctx = new_ctx(opt);
	onnx_options oo = { .out = out, .channels_last = !opt->channels_first };
	int rc = onnx_import(ctx, opt->prog, &oo, NULL) < 0 ? EXIT_PROGRAM : 0;
	sl_ctx_free(ctx);
	free(out);
	return rc;
}

/* Any other command given MODEL.onnx: the model imported into a fresh
 * temporary directory (removed at exit or interrupt), whose program the
 * command then reads; streamed channels last unless --channels-first,
 * its files in ONNX's order (the layouts in "res", which the caller
 * frees) unless --channels-last.  0, or EXIT_PROGRAM (reported). */
static int import_for_command(options *opt, char **tmpdir, char **prog, onnx_result *res)
{
	const char *base = strrchr(opt->prog, '/');
	base = base ? base + 1 : opt->prog;
	const char *tmp = getenv("TMPDIR");
	char *dir = sl_path_join(tmp && *tmp ? tmp : "/tmp", "sluice-onnx-XXXXXX", NULL);
	if (!mkdtemp(dir)) {
		sl_error(opt->diag, sl_noloc, "cannot make a temporary directory: %s",
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
	onnx_options oo = { .out = *prog, .quiet = true, .channels_last = !opt->channels_first };
	int rc = onnx_import(ctx, opt->prog, &oo, res) < 0 ? EXIT_PROGRAM : 0;
	sl_ctx_free(ctx);
	opt->prog = *prog;
	if (rc == 0 && !opt->channels_last) {
		opt->n_layouts = res->n_layouts;
		opt->layouts = res->layouts;
	}
	return rc;
}

/* ---------------------------------------------------------------- check */

int cmd_check(const options *opt)
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
static int make_out_dir(sl_ctx *ctx, const char *dir)
{
	if (sl_make_dir(dir) == 0) {
		sl_outputs_recover(dir);
		sl_sweep_stale(dir, false);
		return 0;
	}
	sl_error(ctx, sl_noloc, "cannot create the output directory '%s': %s", dir,
		strerror(errno));
	return -1;
}

/* What the command line gives for the inputs of a run; "packed" for the
 * compiled reference, which takes and gives arrays of the types' widths. */
static io_input_spec input_spec(const options *opt, bool packed)
{
	return (io_input_spec) { opt->n_inputs, opt->input_names, opt->input_files,
		opt->have_seed, opt->seed, opt->frames, opt->out_dir, packed, opt->n_layouts,
		opt->layouts };
}

/* The inputs of every frame (in[f]) over "arrays": -1 on a data error,
 * -2 on usage (reported). */
static int gather_inputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	bool packed, ref_inputs *in, io_array **arrays)
{
	for (int f = 0; f < opt->frames; f++) {
		in[f].packed_outputs = packed;
		in[f].threads = opt->jobs;
	}
	for (int i = 0; i < prog->n_decls; i++)
		if (prog->decls[i]->kind == IR_DECL_INPUT)
			for (int f = 0; f < opt->frames; f++)
				in[f].decls[in[f].n++] = prog->decls[i];
	io_input_spec spec = input_spec(opt, packed);
	return io_inputs_load(ctx, prog, &spec, arrays);
}

/* Write every output (outs[f * n_outputs + i] by frame) into the
 * command's output set (announced at its commit): DIR/NAME.npy, with a
 * leading frame dimension for --frames N > 1, and DIR/NAME.png for a
 * one-frame image; an output with a layout (an ONNX model's) in its
 * files' order. */
static int write_outputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	io_array **outs)
{
	int rc = 0;
	for (int i = 0; i < prog->n_outputs; i++) {
		const char *name = prog->outputs[i]->name;
		const io_layout *lay = io_layout_find(opt->layouts, opt->n_layouts, name);
		for (int f = 0; lay && f < opt->frames; f++) {
			io_array **o = &outs[(size_t) f * prog->n_outputs + i];
			*o = io_layout_apply(lay, *o, true);
		}
		char *path = sl_path_join(opt->out_dir, name, ".npy");
		if ((opt->frames > 1 ? io_npy_write_frames(ctx, path, outs + i, opt->frames,
			(size_t) prog->n_outputs) : io_npy_write(ctx, path, outs[i])) < 0)
			rc = -1;
		free(path);
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

/* The inputs of every frame of a run of "prog" and its outputs. */
typedef struct run_data {
	ref_inputs *in;		/* in[f], over decls and arrays */
	ir_decl **decls;
	io_array **arrays;	/* owned */
	io_array **outs;	/* owned: outs[f * n_outputs + i] */
	size_t n_arrays, n_outs;
} run_data;

static void run_data_alloc(run_data *r, const ir_program *prog, int nf)
{
	size_t per = (size_t) prog->n_decls + 1;
	r->n_arrays = (size_t) nf * per;
	r->n_outs = (size_t) nf * prog->n_outputs;
	r->in = sl_xcalloc((size_t) nf, sizeof(*r->in));
	r->decls = sl_xcalloc(r->n_arrays, sizeof(*r->decls));
	r->arrays = sl_xcalloc(r->n_arrays, sizeof(*r->arrays));
	for (int f = 0; f < nf; f++) {
		r->in[f].decls = r->decls + f * per;
		r->in[f].arrays = r->arrays + f * per;
	}
	r->outs = sl_xcalloc(r->n_outs + 1, sizeof(*r->outs));
}

static void run_data_free(run_data *r)
{
	for (size_t i = 0; r->arrays && i < r->n_arrays; i++)
		io_array_free(r->arrays[i]);
	for (size_t i = 0; r->outs && i < r->n_outs; i++)
		io_array_free(r->outs[i]);
	free(r->in);
	free(r->decls);
	free(r->arrays);
	free(r->outs);
}

/* Gather the inputs of "prog", run "engine", write the outputs: the
 * shape of `run` and `sim`.  "packed": the inputs made and the outputs
 * taken packed (io_array.packed), for the compiled reference. */
static int run_program(sl_ctx *ctx, const ir_program *prog, const options *opt,
	engine_fn engine, const void *arg, bool packed)
{
	io_input_spec spec = input_spec(opt, packed);
	if (io_inputs_check(ctx, prog, &spec) < 0)
		return EXIT_USAGE;
	if (make_out_dir(ctx, opt->out_dir) < 0)
		return EXIT_PROGRAM;
	run_data r;
	run_data_alloc(&r, prog, opt->frames);
	int rc = gather_inputs(ctx, prog, opt, packed, r.in, r.arrays);
	if (rc < 0)
		rc = rc == -2 ? EXIT_USAGE : EXIT_PROGRAM;
	else if (engine(ctx, prog, opt, arg, r.in, r.outs) < 0 ||
		 write_outputs(ctx, prog, opt, r.outs) < 0)
		rc = EXIT_PROGRAM;
	run_data_free(&r);
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

/* The reference's evaluator for `run`: --engine c or interp, else the
 * automatic choice, or $SLUICE_REF's when it is set (docs/speed.md). */
static ref_engine run_engine_of(const options *opt)
{
	const char *env = getenv("SLUICE_REF");
	if (!strcmp(opt->engine, "c"))
		return REF_ENGINE_C;
	if (!strcmp(opt->engine, "interp") || (strcmp(opt->engine, "auto") && env && *env))
		return REF_ENGINE_DEFAULT;
	return REF_ENGINE_AUTO;
}

static int reference_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const void *arg, const ref_inputs *in, io_array **outs)
{
	ref_engine e = run_engine_of(opt);
	for (int f = 0; f < opt->frames; f++)
		if (ref_run_engine(ctx, prog, &in[f], outs + (size_t) f * prog->n_outputs, e) < 0)
			return -1;
	return 0;
}

int cmd_run(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	sl_outputs_begin(opt->out_dir);
	int rc = prog ? run_program(ctx, prog, opt, reference_engine, NULL,
		run_engine_of(opt) == REF_ENGINE_C
		|| (run_engine_of(opt) == REF_ENGINE_AUTO && ref_auto_compiles(prog))) : EXIT_PROGRAM;
	rc = finish_outputs(rc);
	sl_ctx_free(ctx);
	return rc;
}

/* -------------------------------------------------------------- compile */

/* Write what "print" prints to DIR/NAME(EXT), in the command's output
 * set. */
static int write_text(sl_ctx *ctx, const char *dir, const char *name, const char *ext,
	void (*print)(const void *, FILE *), const void *arg)
{
	return rp_write_text(ctx, dir, ext ? sl_fmt(ctx, "%s%s", name, ext) : name, print, arg);
}

static void print_verilog(const void *arg, FILE *out)
{
	fputs(arg, out);
}

/* The library files and the top module "top", one name a line, relative
 * to their directory (verilator -F, or -f from the directory). */
static int write_filelist(sl_ctx *ctx, const char *dir, const char *top, const char *core,
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
	int rc = write_text(ctx, dir, top, ".f", print_verilog, buf);
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
	/* the library modules are instantiated by the core and the wrapper
	 * (its AXI4-Lite slave) */
	char *both = sl_xmalloc(len + core_len + 1);
	memcpy(both, text, len);
	if (core)
		memcpy(both + len, core, core_len);
	int rc = rtl_library_used(d->ctx, both, len + core_len, &lib, &n_lib);
	free(both);
	for (int i = 0; rc == 0 && i < n_lib; i++)
		rc = rp_write_bytes(d->ctx, dir, lib[i].name, lib[i].text, lib[i].len);
	if (rc == 0 && core)
		rc = write_text(d->ctx, dir, core_name, ".v", print_verilog, core);
	if (rc == 0)
		rc = write_text(d->ctx, dir, top, ".v", print_verilog, text);
	if (rc == 0)
		rc = write_filelist(d->ctx, dir, top, core ? core_name : NULL, lib, n_lib);
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
/* --runtime-config: DIR/config.hex, the image of this size. */
static int write_config(const flow_design *d, const char *dir)
{
	char *cfg;
	size_t n;
	int rc = flow_config_image(d, &cfg, &n) < 0 || (cfg && rp_write_bytes(d->ctx, dir, "config.hex",
		cfg, n) < 0) ? -1 : 0;
	free(cfg);
	return rc;
}

static int write_pub(const flow_design *d, const char *dir)
{
	if (!d->pub)
		return write_config(d, dir);
	if (rp_write_pub_json(d->ctx, dir, d->pub) < 0)
		return -1;
	for (int i = 0; i < d->pub->n_bufs; i++) {
		const pub_buf *pb = &d->pub->bufs[i];
		for (int k = 0; k < pb->n_tiles; k++) {
			char name[256];
			snprintf(name, sizeof name, "pub_%s_%d.hex", pb->buf->name, k);
			pub_hex_arg a = { d->pub, &pb->tiles[k] };
			if (write_text(d->ctx, dir, name, NULL, print_pub_hex, &a) < 0)
				return -1;
		}
	}
	if (pub_n_tiles(d->pub) > 0 && !d->pub->params.runtime && !d->pub->params.fixed_cfg &&
	    write_text(d->ctx, dir, "pub_rom.hex", NULL, print_pub_rom, d->pub) < 0)
		return -1;
	return write_config(d, dir);
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
	return write_text(d->ctx, dir, "report.html", NULL, print_html, &h);
}

/* The design of the program under the command's options: the board
 * resolved, the design built, and with a board checked to fit it.  NULL
 * (reported) on an error. */
static flow_design *build_design(sl_ctx *ctx, const options *opt)
{
	flow_options fo = opt->flow;
	if (opt->board && !(fo.bd = board_find(ctx, opt->board)))
		return NULL;
	flow_request req = driver_request(opt, fo.bd);
	if (flow_options_check(ctx, &req) != 0)
		return NULL;
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
	if (make_out_dir(d->ctx, dir) < 0 ||
	    write_text(d->ctx, dir, "schedule.txt", NULL, print_schedule, d) < 0 ||
	    write_text(d->ctx, dir, "buffers.txt", NULL, print_buffers, d) < 0 ||
	    rp_write_compile_json(d->ctx, dir, d->sp, d->ubs, d->pub) < 0 || write_pub(d, dir) < 0 ||
	    write_html(d, dir, frames, NULL) < 0 ||
	    write_verilog(d, dir, frames > 1 ? frames : 1) < 0)
		return -1;
	return 0;
}

int cmd_compile(const options *opt)
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

int cmd_boards(const options *opt)
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

/* The design's Verilog synthesized in DIR (and with --interface axis its
 * wrapper on its own): 0, or EXIT_PROGRAM (reported).  *top the module. */
static int synth_measure(sl_ctx *ctx, const flow_design *d, const options *opt,
	const char *netlist, const char **top, tg_measured *meas)
{
	char *text = NULL;
	size_t len;
	int rc = EXIT_PROGRAM;
	tg_synth_facts facts = { 0 };
	if (make_out_dir(ctx, opt->out_dir) == 0 && flow_verilog(d, &text, &len, top) == 0)
		rc = tg_synth_measure(ctx, &d->pred, text, len, *top, opt->out_dir, opt->pnr,
			netlist, meas, &facts);
	free(text);
	if (facts.measured) {
		if (rp_write_synth_json(ctx, opt->out_dir, &d->pred, meas, &facts) != 0)
			rc = EXIT_PROGRAM;
		else
			printf("wrote %s/synth.json\n", opt->out_dir);
	}
	tg_synth_facts_free(&facts);
	if (rc == 0 && opt->flow.iface == RTL_IFACE_AXIS) {
		tg_measured wm;
		char core[200];
		snprintf(core, sizeof core, "%s_core", *top);
		if (tg_synth_wrapper(ctx, d->pred.bd, opt->out_dir, *top, core, &wm) != 0)
			rc = EXIT_PROGRAM;
	}
	return rc;
}

/* After synthesis: with --check-netlist the netlist run on the data, and
 * report.html with the measurement, as one output set. */
static int synth_outputs(sl_ctx *ctx, const flow_design *d, const options *opt,
	const char *top, const char *netlist, const tg_measured *meas)
{
	netlist_arg arg = { d, top, netlist };
	int rc = 0;
	sl_outputs_begin(opt->out_dir);
	if (netlist)
		rc = run_program(ctx, d->prog, opt, netlist_engine, &arg, false);
	if (rc == 0 && write_html(d, opt->out_dir, 1, meas) < 0)
		rc = EXIT_PROGRAM;
	return finish_outputs(rc);
}

int cmd_synth(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	flow_design *d = build_design(ctx, opt);
	char *netlist = opt->check_netlist ? sl_path_join(opt->out_dir, "netlist.v", NULL) : NULL;
	const char *top;
	tg_measured meas;
	int rc = d ? synth_measure(ctx, d, opt, netlist, &top, &meas) : EXIT_PROGRAM;
	if (rc == 0)
		rc = synth_outputs(ctx, d, opt, top, netlist, &meas);
	free(netlist);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

int cmd_study(const options *opt)
{
	if (opt->study_memories) {
		pub_study_options ps = { opt->diag, opt->prog, opt->study_memories, opt->study_fetches,
			opt->study_depths, opt->study_ports, opt->flow, opt->out_dir, opt->defines, opt->n_defines };
		return pub_study_run(&ps);
	}
	study_options so = { opt->prog, opt->study_boards, opt->study_schedules,
		opt->study_thresholds, opt->study_rams, opt->study_unrolls, opt->flow.sched, opt->flow.ub, opt->sim,
		opt->pnr, opt->out_dir, opt->defines, opt->n_defines };
	return study_run(&so);
}

/* `sluice explore` (docs/explore.md): the options handed to explore/. */
int cmd_explore(const options *opt)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n > 0 ? n : 0] = 0;
	ex_options eo = { opt->prog, opt->defines, opt->n_defines, opt->study_boards,
		opt->explore_space, opt->n_knobs, opt->explore_knobs, opt->explore_budget,
		opt->explore_estimate, opt->explore_pnr, opt->explore_validate, opt->explore_truth, opt->explore_transfer, opt->explore_point,
		opt->explore_emit,
		opt->explore_collect, opt->explore_jobs, opt->out_dir, opt->explore_synth_cache,
		opt->explore_minutes, opt->explore_shapes, opt->explore_robust, opt->explore_k,
		opt->explore_alpha, self, 0, NULL };
	return ex_main(&eo);
}

/* ------------------------------------------------------------------ sim */

/* The Verilator run of design "d" as the command line asks. */
static vl_options sim_vl_options(const flow_design *d, const options *opt)
{
	/* with tiles the harness waits for 'ready' (their configuration) */
	static const char *const wait_ready[] = { "-CFLAGS", "-DSL_WAIT_READY", NULL };
	vl_options vopts = { opt->vcd, SIM_VCD_CYCLES, NULL,
		d->pub || opt->flow.pub.runtime ? wait_ready : NULL,
		NULL, opt->frames, opt->flow.iface == RTL_IFACE_AXIS ? opt->stall_seeds : 0,
		d->pub, NULL, 0, 0, NULL, NULL, false, 0, NULL };
	vopts.axilite = opt->flow.control == RTL_CONTROL_AXILITE;
	return vopts;
}

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
	vl_options vopts = sim_vl_options(d, opt);
	char *cfg;	/* --runtime-config: the image, loaded by the harness */
	vopts.config_data_bits = flow_config_image(d, &cfg, &vopts.config_len);
	vopts.config = cfg;
	int rc = vopts.config_data_bits < 0 ? -1
		: sim_check_verilator(ctx, prog, d->sp, top, text, len, in, &vopts, outs, stdout);
	free(text);
	free(cfg);
	return rc;
}

/* ------------------------------------------------------------ sim --size */

/* The -D values with the params of --size "spec" (NAME=VALUE,...,
 * checked by the option parser) over them: a heap array of *n whose
 * names it owns (size_defines_free). */
static sl_define *size_defines(const options *opt, const char *spec, int *n)
{
	sl_define *d = sl_xcalloc((size_t) opt->n_defines + 17, sizeof(*d));
	int k = 0;
	for (int i = 0; i < opt->n_defines; i++)
		d[k++] = (sl_define) { sl_xstrdup(opt->defines[i].name), opt->defines[i].value };
	for (const char *p = spec; *p;) {
		const char *eq = strchr(p, '='), *end = strchr(p, ',');
		end = end ? end : p + strlen(p);
		char *name = strndup(p, (size_t) (eq - p));
		int64_t v = strtoll(eq + 1, NULL, 10);
		int at = k;
		for (int i = 0; i < k; i++)
			at = !strcmp(d[i].name, name) ? i : at;
		if (at < k) {
			free(name);
			d[at].value = v;
		} else {
			d[k++] = (sl_define) { name, v };
		}
		p = *end ? end + 1 : end;
	}
	*n = k;
	return d;
}

static void size_defines_free(sl_define *d, int n)
{
	for (int i = 0; d && i < n; i++)
		free((char *) d[i].name);
	free(d);
}

/* One size of sim --size: its design, Verilog, image, files and data. */
typedef struct sim_one {
	sl_define *defs;
	int n_defs;
	flow_design *d;
	char *text;		/* the Verilog (every size's the same) */
	size_t len;
	const char *top;
	char *cfg;		/* the configuration image */
	size_t cfg_len;
	int cfg_bits;
	char *dir;		/* DIR/size-I: its image, inputs and outputs */
	run_data r;
} sim_one;

/* Size i's design, Verilog and image; 0, or -1 (reported, naming the
 * size). */
static int sim_one_build(sl_ctx *ctx, const options *opt, int i, sim_one *s)
{
	char name[32];
	snprintf(name, sizeof name, "size-%d", i + 1);
	s->dir = sl_path_join(opt->out_dir, name, NULL);
	s->defs = size_defines(opt, opt->sizes[i], &s->n_defs);
	sl_ctx_set_defines(ctx, s->defs, s->n_defs);
	s->d = build_design(ctx, opt);
	sl_ctx_set_defines(ctx, opt->defines, opt->n_defines);
	if (!s->d || flow_verilog_frames(s->d, opt->frames, &s->text, &s->len, &s->top) < 0
	    || (s->cfg_bits = flow_config_image(s->d, &s->cfg, &s->cfg_len)) < 0
	    || !sim_within_budget(ctx, s->d->sp, opt->frames, opt->max_cycles ? opt->max_cycles
		: SIM_MAX_CYCLES_DEFAULT)) {
		sl_note(ctx, sl_noloc, "at --size %s, size %d of %d", opt->sizes[i], i + 1,
			opt->n_sizes);
		return -1;
	}
	return 0;
}

/* Size i's Verilog is the first size's, byte for byte: one build serves
 * both.  0, or -1 (reported, naming the first line that differs). */
static int sim_one_same(sl_ctx *ctx, const options *opt, const sim_one *a, const sim_one *b,
	int i)
{
	if (a->len == b->len && !memcmp(a->text, b->text, a->len))
		return 0;
	int line = 1;
	for (size_t k = 0; k < a->len && k < b->len && a->text[k] == b->text[k]; k++)
		line += a->text[k] == '\n';
	sl_error_file(ctx, opt->prog, "--size %s: the Verilog of this size differs from the "
		"first size's (--size %s) at line %d; one build runs the sizes whose Verilog is "
		"the same (--runtime-max NAME=VALUE sizes it for the largest)", opt->sizes[i],
		opt->sizes[0], line);
	return -1;
}

/* Size i's image (DIR/size-I/config.hex) and inputs; 0 or an exit code. */
static int sim_one_data(sl_ctx *ctx, const options *opt, sim_one *s)
{
	options oi = *opt;
	oi.out_dir = s->dir;
	const ir_program *prog = s->d->prog;
	io_input_spec spec = input_spec(&oi, false);
	run_data_alloc(&s->r, prog, opt->frames);
	if (io_inputs_check(ctx, prog, &spec) < 0)
		return EXIT_USAGE;
	if (make_out_dir(ctx, s->dir) < 0 || write_config(s->d, s->dir) < 0)
		return EXIT_PROGRAM;
	int rc = gather_inputs(ctx, prog, &oi, false, s->r.in, s->r.arrays);
	return rc == 0 ? 0 : rc == -2 ? EXIT_USAGE : EXIT_PROGRAM;
}

static void sim_one_free(sim_one *s)
{
	size_defines_free(s->defs, s->n_defs);
	flow_free(s->d);
	free(s->text);
	free(s->cfg);
	free(s->dir);
	if (s->r.in)
		run_data_free(&s->r);
}

/* sim --size: every size's design (the same Verilog), the first's design
 * files in DIR, each size's image, inputs and outputs in DIR/size-I, and
 * one Verilator process running the sizes in order. */
static int sim_sizes(sl_ctx *ctx, const options *opt)
{
	int n = opt->n_sizes, rc = 0;
	sim_one *s = sl_xcalloc((size_t) n + 1, sizeof(*s));
	sim_size *z = sl_xcalloc((size_t) n + 1, sizeof(*z));
	for (int i = 0; i < n && rc == 0; i++)
		if (sim_one_build(ctx, opt, i, &s[i]) < 0 || (i > 0 && sim_one_same(ctx, opt, &s[0],
			&s[i], i) < 0))
			rc = EXIT_PROGRAM;
	if (rc == 0 && write_design(s[0].d, opt->out_dir, opt->frames) < 0)
		rc = EXIT_PROGRAM;
	for (int i = 0; i < n && rc == 0; i++) {
		rc = sim_one_data(ctx, opt, &s[i]);
		z[i] = (sim_size) { s[i].d->prog, s[i].d->sp, s[i].r.in, s[i].cfg, s[i].cfg_len,
			s[i].r.outs, opt->sizes[i], s[i].d->pub };
	}
	if (rc == 0) {
		vl_options vo = sim_vl_options(s[0].d, opt);
		vo.config_data_bits = s[0].cfg_bits;
		if (sim_check_verilator_sizes(ctx, n, z, s[0].top, s[0].text, s[0].len, &vo,
			stdout) < 0)
			rc = EXIT_PROGRAM;
	}
	for (int i = 0; i < n && rc == 0; i++) {
		options oi = *opt;
		oi.out_dir = s[i].dir;
		if (write_outputs(ctx, s[i].d->prog, &oi, s[i].r.outs) < 0)
			rc = EXIT_PROGRAM;
		if (s[i].d->pub && (printf("size %d of %d (%s), tiles:\n", i + 1, n, opt->sizes[i]),
			pub_print_counts(ctx, s[i].d->pub, "tile model and Verilator agree", stdout) < 0))
			rc = EXIT_PROGRAM;
	}
	for (int i = 0; i < n; i++)
		sim_one_free(&s[i]);
	free(s);
	free(z);
	return rc;
}

int cmd_sim(const options *opt)
{
	sl_ctx *ctx = new_ctx(opt);
	if (opt->n_sizes > 0) {
		sl_outputs_begin(opt->out_dir);
		int rc = finish_outputs(sim_sizes(ctx, opt));
		sl_ctx_free(ctx);
		return rc;
	}
	flow_design *d = build_design(ctx, opt);
	int rc = EXIT_PROGRAM;
	sl_outputs_begin(opt->out_dir);
	if (d && write_design(d, opt->out_dir, opt->frames) == 0
	    && sim_within_budget(ctx, d->sp, opt->frames, opt->max_cycles ? opt->max_cycles : SIM_MAX_CYCLES_DEFAULT))
		rc = run_program(ctx, d->prog, opt, sim_engine, d, false);
	if (rc == 0 && d->pub && pub_print_counts(ctx, d->pub, strcmp(opt->engine, "verilator")
	    ? "tile model" : "tile model and Verilator agree", stdout) < 0)
		rc = EXIT_PROGRAM;
	rc = finish_outputs(rc);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

/* --channels-last and --channels-first name an ONNX model's layout:
 * one of them, and only with MODEL.onnx.  0 or EXIT_USAGE (reported). */
static int check_layout_options(const options *opt, const command *c)
{
	const char *flag = opt->channels_last ? "--channels-last" : "--channels-first";
	if (opt->channels_last && opt->channels_first) {
		sl_error_file(opt->diag, opt->prog, "--channels-last and --channels-first "
			"exclude each other");
		return EXIT_USAGE;
	}
	if ((opt->channels_last || opt->channels_first) && c->run != cmd_import
	    && !(opt->prog && onnx_is_model(opt->prog))) {
		sl_error_file(opt->diag, opt->prog, "%s applies to an ONNX model (MODEL.onnx), "
			"not to a program", flag);
		return EXIT_USAGE;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		driver_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		driver_usage(stdout);
		return 0;
	}
	if (sl_mem_limit_init() < 0)
		return EXIT_USAGE;
	const command *c = driver_find_command(argv[1]);
	if (!c) {
		fprintf(stderr, "sluice: error: unknown command '%s'\n\n", argv[1]);
		driver_usage(stderr);
		return EXIT_USAGE;
	}
	sl_interrupts_install();
	options opt = { 0 };
	opt.diag = sl_ctx_alloc();
	opt.input_names = sl_xcalloc(argc, sizeof(char *));
	opt.input_files = sl_xcalloc(argc, sizeof(char *));
	opt.defines = sl_xcalloc(argc, sizeof(*opt.defines));
	opt.rt_max = sl_xcalloc(argc, sizeof(*opt.rt_max));
	opt.sizes = sl_xcalloc(argc, sizeof(*opt.sizes));
	opt.explore_knobs = sl_xcalloc(argc, sizeof(char *));
	int rc = driver_parse_options(c, argc - 2, argv + 2, &opt);
	if (rc == 0 && opt.help)
		driver_command_help(c, stdout);
	char *onnx_dir = NULL, *onnx_prog = NULL;
	onnx_result onnx_res = { 0 };
	if (rc == 0 && !opt.help)
		rc = check_layout_options(&opt, c);
	if (rc == 0 && !opt.help && c->run != cmd_import && opt.prog && onnx_is_model(opt.prog))
		rc = import_for_command(&opt, &onnx_dir, &onnx_prog, &onnx_res);
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
	onnx_result_free(&onnx_res);
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
	for (int i = 0; i < opt.flow.n_rt_max; i++)
		free((char *) opt.rt_max[i].name);
	free(opt.rt_max);
	free(opt.sizes);
	free(opt.input_files);
	free(opt.explore_knobs);
	sl_ctx_free(opt.diag);
	return rc;
}
