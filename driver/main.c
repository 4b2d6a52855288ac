/* driver/main.c: the `sluice` command.
 * Stage: on top of every module.  One table of commands; each command is
 * one function that runs the stages it needs in order.  Exit codes: 0 ok,
 * 1 an error in the program or its data, 2 a usage error.  Nothing below
 * main() exits. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frontend/frontend.h"
#include <isl/ctx.h>
#include <isl/options.h>

#include "scheduler/scheduler.h"
#include "ubuffer/ubuffer.h"
#include "rtlgen/rtlgen.h"
#include "sim/sim.h"
#include "driver/synth.h"
#include "driver/fit.h"
#include "driver/study.h"

enum { EXIT_PROGRAM = 1, EXIT_USAGE = 2 };
enum { SIM_VCD_CYCLES = 2000 };	/* --vcd: the window dumped, from reset */

typedef struct options {
	const char *prog;	/* the .sl file */
	sched_options sched;
	ub_options ub;
	const char *engine;	/* sim: "model" or "verilator" */
	const char *vcd;	/* sim --engine verilator: a waveform file */
	const char *out_dir;
	const char *board;	/* synth: the board */
	bool pnr;		/* synth: place and route */
	const char *study_boards;	/* study: --boards B1,B2 */
	const char *study_schedules;	/* study: --schedules stream,sequential */
	const char *study_thresholds;	/* study: --thresholds 8,64 */
	const char *study_rams;		/* study: --rams auto,block,lut */
	bool sim;		/* study: measure cycles with the model */
	bool have_seed;
	uint64_t seed;
	int n_inputs;
	const char **input_names;
	const char **input_files;
} options;

typedef struct command {
	const char *name;
	const char *args;
	const char *summary;
	const char *help;
	int (*run)(const options *opt);
} command;

static const command *find_command(const char *name);
static void usage(FILE *out);

/* ---------------------------------------------------------------- check */

static void print_extents(const int64_t *ext, int n)
{
	for (int i = 0; i < n; i++)
		printf("[%lld]", (long long) ext[i]);
}

static void summarize(const ir_program *prog)
{
	char tb[8];
	printf("%s: %d declarations, %d output%s\n", prog->path, prog->n_decls,
		prog->n_outputs, prog->n_outputs == 1 ? "" : "s");
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_FUNC) {
			printf("  %-6s %-16s %-4s ", d->kind == IR_DECL_INPUT ? "input" : "const",
				d->name, ir_type_str(d->type, tb));
			print_extents(d->extents, d->n_dims);
			putchar('\n');
			continue;
		}
		printf("  %-6s %-16s %-4s ", "func", d->name, ir_type_str(d->type, tb));
		if (d->dom_empty) {
			printf("unused");
		} else {
			for (int k = 0; k < d->n_dims; k++)
				printf("%s%s in %lld..%lld", k ? ", " : "", d->var_names[k],
					(long long) d->dom_lo[k],
					(long long) (d->dom_lo[k] + d->dom_ext[k] - 1));
		}
		if (d->is_inline)
			printf("  (inline)");
		if (d->is_output) {
			printf("  -> output");
			print_extents(d->out_extents, d->n_dims);
		}
		putchar('\n');
	}
}

static int cmd_check(const options *opt)
{
	sl_ctx *ctx = sl_ctx_alloc();
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	if (prog)
		summarize(prog);
	int rc = prog ? 0 : EXIT_PROGRAM;
	sl_ctx_free(ctx);
	return rc;
}

/* ------------------------------------------------------------------ run */

static char *join(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s/%s%s", dir, name, ext);
	return s;
}

/* The file given for input "name" with --input, or NULL. */
static const char *input_file(const options *opt, const char *name)
{
	for (int i = 0; i < opt->n_inputs; i++)
		if (!strcmp(opt->input_names[i], name))
			return opt->input_files[i];
	return NULL;
}

/* Every --input must name an input of the program. */
static bool check_input_names(sl_ctx *ctx, const ir_program *prog, const options *opt)
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

/* Load or generate every input; -1 on a data error, -2 on usage. */
static int gather_inputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	sim_inputs *in)
{
	int rc = 0;
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_INPUT)
			continue;
		const char *file = input_file(opt, d->name);
		sl_array *a = NULL;
		if (file) {
			a = sim_read_data(ctx, file, d->type, d->n_dims, d->extents);
			if (!a)
				rc = rc ? rc : -1;
		} else if (opt->have_seed) {
			a = sim_random_array(d->type, d->n_dims, d->extents, opt->seed, d->name);
			char *path = join(opt->out_dir, d->name, ".in.npy");
			if (sl_npy_write(ctx, path, a) < 0)
				rc = rc ? rc : -1;
			free(path);
		} else {
			fprintf(stderr, "sluice: error: no data for input '%s': give --input %s=FILE or --seed N\n",
				d->name, d->name);
			rc = -2;
		}
		in->decls[in->n] = d;
		in->arrays[in->n++] = a;
	}
	return rc;
}

static int write_outputs(sl_ctx *ctx, const ir_program *prog, const options *opt,
	sl_array **outs)
{
	int rc = 0;
	for (int i = 0; i < prog->n_outputs; i++) {
		const char *name = prog->outputs[i]->name;
		char *path = join(opt->out_dir, name, ".npy");
		if (sl_npy_write(ctx, path, outs[i]) < 0)
			rc = -1;
		else
			printf("wrote %s\n", path);
		free(path);
		if (sim_is_image(outs[i])) {
			path = join(opt->out_dir, name, ".png");
			if (sim_write_png(ctx, path, outs[i]) < 0)
				rc = -1;
			else
				printf("wrote %s\n", path);
			free(path);
		}
	}
	return rc;
}

/* What a command does with a checked program and its inputs: fill
 * outs[i] for every output; 0 or -1 (errors reported). */
typedef int (*engine_fn)(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const sim_inputs *in, sl_array **outs);

/* Compile, gather the inputs, run "engine", write the outputs: the shape
 * of `run` and `sim`. */
static int run_program(const options *opt, engine_fn engine)
{
	sl_ctx *ctx = sl_ctx_alloc();
	int rc = EXIT_PROGRAM;
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	sim_inputs in = { 0, NULL, NULL };
	sl_array **outs = NULL;
	if (!prog)
		goto out;
	if (!check_input_names(ctx, prog, opt)) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (sl_make_dir(opt->out_dir) < 0) {
		fprintf(stderr, "sluice: error: cannot create the output directory '%s': %s\n",
			opt->out_dir, strerror(errno));
		goto out;
	}
	in.decls = sl_xcalloc(prog->n_decls, sizeof(*in.decls));
	in.arrays = sl_xcalloc(prog->n_decls, sizeof(*in.arrays));
	int got = gather_inputs(ctx, prog, opt, &in);
	if (got < 0) {
		rc = got == -2 ? EXIT_USAGE : EXIT_PROGRAM;
		goto out;
	}
	outs = sl_xcalloc(prog->n_outputs, sizeof(*outs));
	if (engine(ctx, prog, opt, &in, outs) < 0 || write_outputs(ctx, prog, opt, outs) < 0)
		goto out;
	rc = 0;
out:
	for (int i = 0; i < in.n; i++)
		sl_array_free(in.arrays[i]);
	free(in.decls);
	free(in.arrays);
	for (int i = 0; outs && i < prog->n_outputs; i++)
		sl_array_free(outs[i]);
	free(outs);
	sl_ctx_free(ctx);
	return rc;
}

static int reference_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const sim_inputs *in, sl_array **outs)
{
	return sim_reference_run(ctx, prog, in, outs);
}

static int cmd_run(const options *opt)
{
	return run_program(opt, reference_engine);
}

/* -------------------------------------------------------------- compile */

/* Write what "print" prints on a memory stream to DIR/NAME atomically. */
static int write_text(const char *dir, const char *name,
	void (*print)(const void *, FILE *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return -1;
	print(arg, f);
	fclose(f);
	char *path = join(dir, name, "");
	int rc = sl_write_file_atomic(path, buf, len);
	if (rc == 0)
		printf("wrote %s\n", path);
	else
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	free(buf);
	return rc;
}

/* Write the Verilog of a compiled program to DIR/sluice_NAME.v atomically
 * (the file named like its module, as lint wants), NAME being the
 * program's file name without directories and ".sl". */
static int write_verilog(sl_ctx *ctx, const options *opt, const sched_program *sp,
	const ub_set *ubs)
{
	const char *base = strrchr(opt->prog, '/');
	char *name = sl_xstrdup(base ? base + 1 : opt->prog);
	size_t n = strlen(name);
	if (n > 3 && !strcmp(name + n - 3, ".sl"))
		name[n - 3] = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	rtl_options ro = { opt->ub.register_threshold };
	int rc = f ? rtl_emit_opts(ctx, sp, ubs, name, &ro, f) : -1;
	if (f)
		fclose(f);
	char *path = join(opt->out_dir, rtl_module_name(ctx, name), ".v");
	if (rc == 0 && (rc = sl_write_file_atomic(path, buf, len)) == 0)
		printf("wrote %s\n", path);
	else if (rc == 0 || !f)
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	free(buf);
	free(name);
	return rc;
}

/* What compile produced, for the printers. */
typedef struct compiled {
	const sched_program *sp;
	const ub_set *ubs;
} compiled;

static void print_schedule(const void *arg, FILE *out)
{
	sched_program_dump(((const compiled *) arg)->sp, out);
}

static void print_buffers(const void *arg, FILE *out)
{
	ub_set_dump(((const compiled *) arg)->ubs, out);
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char) *s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static void print_buffer_json(const ub_buffer *b, FILE *out)
{
	fputs("    { \"name\": ", out);
	json_string(out, b->name);
	fprintf(out, ", \"width_bits\": %d, \"ports\": %d, \"read_ports\": %d,\n",
		b->width_bits, b->n_ports, b->n_ports - 1);
	fprintf(out, "      \"max_live_words\": %lld, \"capacity_words\": %lld, \"storage\": ",
		(long long) b->max_live_words, (long long) b->capacity_words);
	json_string(out, ub_storage_str(b->storage));
	fprintf(out, ", \"banks\": %d", b->n_banks);
	if (b->why) {
		fputs(",\n      \"why\": ", out);
		json_string(out, b->why);
	}
	fputs(" }", out);
}

static void print_report(const void *arg, FILE *out)
{
	const compiled *c = arg;
	const sched_program *sp = c->sp;
	fputs("{\n  \"program\": ", out);
	json_string(out, sp->lowered->path);
	fprintf(out, ",\n  \"schedule\": \"%s\",\n",
		sp->opts.policy == SCHED_SEQUENTIAL ? "sequential" : "stream");
	fprintf(out, "  \"predicted_cycles\": %lld,\n", (long long) sp->predicted_cycles);
	fprintf(out, "  \"ideal_cycles\": %lld,\n", (long long) sp->ideal_cycles);
	fputs("  \"buffers\": [\n", out);
	for (int i = 0; i < c->ubs->n_buffers; i++) {
		print_buffer_json(c->ubs->buffers[i], out);
		fputs(i + 1 < c->ubs->n_buffers ? ",\n" : "\n", out);
	}
	fputs("  ]\n}\n", out);
}

/* Front end, scheduler, unified buffers: the compiler up to storage
 * mapping.  NULL (errors reported) or the schedule; *ubs and *isl are
 * set on success and freed by finish(). */
static sched_program *compile_program(sl_ctx *ctx, const options *opt, ub_set **ubs,
	isl_ctx **isl)
{
	ir_program *prog = fe_compile_file(ctx, opt->prog);
	if (!prog)
		return NULL;
	ub_options uo = opt->ub;
	if (opt->board && !(uo.bd = board_find(ctx, opt->board)))
		return NULL;
	sched_program *sp = sched_program_build(ctx, prog, &opt->sched);
	if (!sp)
		return NULL;
	*isl = isl_ctx_alloc();
	isl_options_set_on_error(*isl, ISL_ON_ERROR_CONTINUE);
	*ubs = ub_set_build(ctx, sp, *isl, &uo);
	if (!*ubs) {
		sched_program_free(sp);
		isl_ctx_free(*isl);
		return NULL;
	}
	return sp;
}

static void finish(sched_program *sp, ub_set *ubs, isl_ctx *isl)
{
	ub_set_free(ubs);
	sched_program_free(sp);
	isl_ctx_free(isl);
}

/* With --board: does the design fit the board (its storage, and its
 * estimated logic)?  true, or false with a located error naming the
 * largest buffers or stages and what would help (other boards, and the
 * sequential schedule compiled to compare). */
static bool check_fit(sl_ctx *ctx, const options *opt, const sched_program *sp,
	ub_set *ubs)
{
	const board *bd = board_find(ctx, opt->board);
	if (!bd)
		return false;
	fit_report r, seq, *others = NULL;
	fit_predict(bd, ubs, opt->ub.register_threshold, &r);
	fit_add_logic(&r, sp, ubs, opt->ub.register_threshold);
	bool ok = fit_ok(&r), have_seq = false, stream = opt->sched.policy != SCHED_SEQUENTIAL;
	int n = 0;
	if (!ok) {
		const board **all = board_load_all(ctx, &n);
		others = sl_xcalloc((size_t) n + 1, sizeof(*others));
		ub_options uo = opt->ub;
		for (int i = 0; all && i < n; i++) {
			uo.bd = all[i];
			ub_set_remap(ubs, &uo);
			fit_predict(all[i], ubs, opt->ub.register_threshold, &others[i]);
			fit_add_logic(&others[i], sp, ubs, opt->ub.register_threshold);
		}
		uo.bd = bd;
		ub_set_remap(ubs, &uo);
		if (!all)
			n = 0;
		if (stream) {
			options so = *opt;
			so.sched.policy = SCHED_SEQUENTIAL;
			sl_ctx *sctx = sl_ctx_alloc();
			ub_set *subs = NULL;
			isl_ctx *sisl = NULL;
			sched_program *ssp = compile_program(sctx, &so, &subs, &sisl);
			if (ssp) {
				fit_predict(bd, subs, opt->ub.register_threshold, &seq);
				have_seq = true;
				finish(ssp, subs, sisl);
			}
			sl_ctx_free(sctx);
		}
		fit_check(ctx, &r, !stream, others, n, have_seq ? &seq : NULL);
	}
	for (int i = 0; i < n; i++)
		fit_release(&others[i]);
	free(others);
	if (have_seq)
		fit_release(&seq);
	fit_release(&r);
	return ok;
}

static int cmd_compile(const options *opt)
{
	sl_ctx *ctx = sl_ctx_alloc();
	ub_set *ubs = NULL;
	isl_ctx *isl = NULL;
	int rc = EXIT_PROGRAM;
	sched_program *sp = compile_program(ctx, opt, &ubs, &isl);
	if (!sp)
		goto out;
	compiled c = { sp, ubs };
	if (opt->board && !check_fit(ctx, opt, sp, ubs)) {
		/* reported */
	} else if (sl_make_dir(opt->out_dir) < 0) {
		fprintf(stderr, "sluice: error: cannot create the output directory '%s': %s\n",
			opt->out_dir, strerror(errno));
	} else if (write_text(opt->out_dir, "schedule.txt", print_schedule, &c) == 0 &&
		   write_text(opt->out_dir, "buffers.txt", print_buffers, &c) == 0 &&
		   write_text(opt->out_dir, "report.json", print_report, &c) == 0 &&
		   write_verilog(ctx, opt, sp, ubs) == 0) {
		printf("predicted %lld cycles, ideal %lld\n", (long long) sp->predicted_cycles,
			(long long) sp->ideal_cycles);
		rc = 0;
	}
	finish(sp, ubs, isl);
out:
	sl_ctx_free(ctx);
	return rc;
}

/* ---------------------------------------------------------- boards, synth */

static int cmd_boards(const options *opt)
{
	return synth_boards();
}

static int cmd_synth(const options *opt)
{
	if (!opt->board) {
		fprintf(stderr, "sluice synth: error: no board given (--board B; see 'sluice boards')\n");
		return EXIT_USAGE;
	}
	sl_ctx *ctx = sl_ctx_alloc();
	ub_set *ubs = NULL;
	isl_ctx *isl = NULL;
	int rc = EXIT_PROGRAM;
	sched_program *sp = compile_program(ctx, opt, &ubs, &isl);
	if (!sp)
		goto out;
	if (!check_fit(ctx, opt, sp, ubs)) {
		finish(sp, ubs, isl);
		goto out;
	}
	const char *base = strrchr(opt->prog, '/');
	char *name = sl_xstrdup(base ? base + 1 : opt->prog);
	size_t n = strlen(name);
	if (n > 3 && !strcmp(name + n - 3, ".sl"))
		name[n - 3] = 0;
	rtl_options ro = { opt->ub.register_threshold };
	if (sl_make_dir(opt->out_dir) < 0)
		fprintf(stderr, "sluice: error: cannot create the output directory '%s': %s\n",
			opt->out_dir, strerror(errno));
	else
		rc = synth_run(ctx, sp, ubs, name, &ro, opt->board, opt->pnr, opt->out_dir, NULL);
	free(name);
	finish(sp, ubs, isl);
out:
	sl_ctx_free(ctx);
	return rc;
}

static int cmd_study(const options *opt)
{
	study_options so = { opt->prog, opt->study_boards, opt->study_schedules,
		opt->study_thresholds, opt->study_rams, opt->sched, opt->ub, opt->sim, opt->pnr,
		opt->out_dir };
	return study_run(&so);
}

/* ------------------------------------------------------------------ sim */

/* The model or Verilator, each compared with the reference. */
static int sim_engine(sl_ctx *ctx, const ir_program *prog, const options *opt,
	const sim_inputs *in, sl_array **outs)
{
	if (!strcmp(opt->engine, "verilator")) {
		sim_vl_options vopts = { opt->vcd, SIM_VCD_CYCLES };
		return sim_verilator_command(ctx, prog, &opt->sched, &opt->ub, in, &vopts, outs, stdout);
	}
	return sim_model_command(ctx, prog, &opt->sched, &opt->ub, in, outs, stdout);
}

static int cmd_sim(const options *opt)
{
	return run_program(opt, sim_engine);
}

/* ------------------------------------------------------------- commands */

static const command commands[] = {
	{ "check", "PROG",
	  "parse and check a program; print its funcs, types and inferred domains",
	  "Reads PROG, reports every error, and prints one line per declaration:\n"
	  "its kind, name, type, and for a func the domain bounds inference gave it.\n",
	  cmd_check },
	{ "run", "PROG [--input NAME=FILE]... [--seed N] [-o DIR]",
	  "evaluate a program with the CPU reference",
	  "Evaluates every output of PROG bit-exactly and writes DIR/NAME.npy for each\n"
	  "(and DIR/NAME.png when the output is a u8/u16 image).\n"
	  "  --input NAME=FILE  data for input NAME: .npy, .png, .pgm or .ppm\n"
	  "  --seed N           fill inputs without --input with pseudo-random values\n"
	  "                     from seed N, and write them as DIR/NAME.in.npy\n"
	  "  -o DIR             output directory (default: out)\n",
	  cmd_run },
	{ "compile", "PROG [--schedule stream|sequential] [--board B] [-o DIR]",
	  "schedule a program; write schedule.txt, buffers.txt and report.json",
	  "Lowers PROG, schedules every operation to a cycle and writes\n"
	  "DIR/schedule.txt, DIR/buffers.txt and DIR/report.json.\n"
	  "  --schedule P  stream (default: line-buffered, rates matched) or\n"
	  "                sequential (each stage after the previous one)\n"
	  "  --register-threshold N  delay-chain segments shorter than N words\n"
	  "                are registers (default 8)\n"
	  "  --ram R       memory of circular buffers: auto (default: block RAM\n"
	  "                from N words, or past 64 LUTs of LUT RAM on boards with\n"
	  "                it), block (always block RAM) or lut (register files:\n"
	  "                LUT RAM, or flip-flops on the iCE40)\n"
	  "  --board B     map for board B, and fail before writing anything when\n"
	  "                the design's storage (block RAMs, storage flip-flops)\n"
	  "                does not fit it\n"
	  "  -o DIR        output directory (default: out)\n",
	  cmd_compile },
	{ "sim", "PROG [--engine model|verilator] [--input NAME=FILE]... [--seed N] [-o DIR] [--vcd FILE]",
	  "simulate the scheduled design cycle by cycle and check it against the reference",
	  "Compiles PROG, runs the cycle-level model of its schedule and buffers (or\n"
	  "its generated Verilog in Verilator), and checks every output bit for bit\n"
	  "against the CPU reference and the measured cycles against the prediction;\n"
	  "the model also checks each buffer's occupancy against its computed size.\n"
	  "Writes the outputs like 'sluice run'.\n"
	  "  --engine E             model (the cycle-level model; the default) or\n"
	  "                         verilator (the Verilog, built once per design in\n"
	  "                         $SLUICE_CACHE_DIR, default ~/.cache/sluice)\n"
	  "  --vcd FILE             verilator: dump the first 2000 cycles from reset\n"
	  "  --schedule P           stream or sequential, as for compile\n"
	  "  --register-threshold N delay-chain segments shorter than N words are\n"
	  "                         registers (default 8)\n"
	  "  --ram R                auto, block or lut, as for compile\n"
	  "  --input, --seed, -o    as for run\n",
	  cmd_sim },
	{ "boards", "",
	  "list the target boards",
	  "Lists the board files of boards/ (or $SLUICE_BOARDS_DIR): name, part,\n"
	  "LUTs, flip-flops, block RAMs, DSPs and nominal clock.\n",
	  cmd_boards },
	{ "synth", "PROG --board B [--pnr] [-o DIR]",
	  "synthesize a program for a board with Yosys; report its resources",
	  "Compiles PROG, writes DIR/sluice_NAME.v, runs Yosys with the board's flow\n"
	  "(block RAM forced where the mapping chose SRAM), and prints LUTs,\n"
	  "flip-flops, block RAMs (predicted and measured), DSPs and the share of the\n"
	  "board; writes DIR/synth.json.  Fails when the predicted block RAMs differ\n"
	  "from Yosys's.\n"
	  "  --board B     a board name ('sluice boards') or a .board file\n"
	  "  --pnr         also place and route (nextpnr; iCE40) and report Fmax\n"
	  "  --schedule P, --register-threshold N, --ram R   as for compile\n"
	  "  -o DIR        output directory (default: out)\n",
	  cmd_synth },
	{ "study", "PROG [--boards B1,B2,...] [--schedules stream,sequential] [--thresholds 8,64] [--rams auto,block,lut] [--sim] [--pnr] [-o DIR]",
	  "compile and synthesize a program over boards and mapping options; one table",
	  "For every schedule, register threshold, RAM choice and board: compiles\n"
	  "PROG, checks that its storage and estimated logic fit the board (else the\n"
	  "row says \"does not fit: ...\") and synthesizes it with Yosys in\n"
	  "DIR/BOARD_SCHEDULE_tN_RAM/.  Prints one table (predicted and measured\n"
	  "cycles, buffer words, LUTs and flip-flops estimated/measured, block RAMs\n"
	  "predicted/measured, DSPs estimated/measured, Fmax) and writes\n"
	  "DIR/study.csv and DIR/study.json.  Progress goes to stderr.\n"
	  "  --boards B1,B2     boards (default: every board of 'sluice boards')\n"
	  "  --schedules S1,S2  stream and/or sequential (default: stream)\n"
	  "  --thresholds N1,N2 register thresholds (default: --register-threshold, 8)\n"
	  "  --rams R1,R2       circular-buffer memories: auto, block, lut (default:\n"
	  "                     --ram, auto)\n"
	  "  --sim              measure cycles with the cycle-level model (seed 1)\n"
	  "  --pnr              place and route where the board has a flow (Fmax)\n"
	  "  -o DIR             output directory (default: out)\n",
	  cmd_study },
};
enum { N_COMMANDS = sizeof(commands) / sizeof(commands[0]) };

static const command *find_command(const char *name)
{
	for (int i = 0; i < N_COMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
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

static bool parse_seed(const char *s, uint64_t *seed)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-')
		return false;
	*seed = v;
	return true;
}

/* Parse the options after the command name; 0, or EXIT_USAGE. */
static int parse_options(const command *c, int argc, char **argv, options *opt)
{
	opt->out_dir = "out";
	opt->engine = "model";
	ub_options_default(&opt->ub);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--input") && val) {
			const char *eq = strchr(val, '=');
			if (!eq || eq == val || !eq[1]) {
				fprintf(stderr, "sluice: error: --input takes NAME=FILE, not '%s'\n", val);
				return EXIT_USAGE;
			}
			opt->input_names[opt->n_inputs] = strndup(val, (size_t) (eq - val));
			opt->input_files[opt->n_inputs++] = eq + 1;
			i++;
		} else if (!strcmp(a, "--seed") && val) {
			if (!parse_seed(val, &opt->seed)) {
				fprintf(stderr, "sluice: error: --seed takes a non-negative integer, not '%s'\n", val);
				return EXIT_USAGE;
			}
			opt->have_seed = true;
			i++;
		} else if (!strcmp(a, "--schedule") && val) {
			if (!strcmp(val, "stream")) {
				opt->sched.policy = SCHED_STREAM;
			} else if (!strcmp(val, "sequential")) {
				opt->sched.policy = SCHED_SEQUENTIAL;
			} else {
				fprintf(stderr, "sluice: error: --schedule takes stream or sequential, not '%s'\n", val);
				return EXIT_USAGE;
			}
			i++;
		} else if (!strcmp(a, "--engine") && val) {
			if (strcmp(val, "model") && strcmp(val, "verilator")) {
				fprintf(stderr, "sluice: error: --engine takes 'model' or 'verilator', not '%s'\n", val);
				return EXIT_USAGE;
			}
			opt->engine = val;
			i++;
		} else if (!strcmp(a, "--register-threshold") && val) {
			uint64_t n;
			if (!parse_seed(val, &n) || n > ((uint64_t) 1 << 32)) {
				fprintf(stderr, "sluice: error: --register-threshold takes a word count, not '%s'\n", val);
				return EXIT_USAGE;
			}
			opt->ub.register_threshold = (int64_t) n;
			i++;
		} else if (!strcmp(a, "--ram") && val) {
			if (!ub_ram_parse(val, &opt->ub.ram)) {
				fprintf(stderr, "sluice: error: --ram takes auto, block or lut, not '%s'\n", val);
				return EXIT_USAGE;
			}
			i++;
		} else if (!strcmp(a, "--board") && val) {
			opt->board = val;
			i++;
		} else if (!strcmp(a, "--boards") && val) {
			opt->study_boards = val;
			i++;
		} else if (!strcmp(a, "--schedules") && val) {
			opt->study_schedules = val;
			i++;
		} else if (!strcmp(a, "--thresholds") && val) {
			opt->study_thresholds = val;
			i++;
		} else if (!strcmp(a, "--rams") && val) {
			opt->study_rams = val;
			i++;
		} else if (!strcmp(a, "--sim")) {
			opt->sim = true;
		} else if (!strcmp(a, "--pnr")) {
			opt->pnr = true;
		} else if (!strcmp(a, "--vcd") && val) {
			opt->vcd = val;
			i++;
		} else if (!strcmp(a, "-o") && val) {
			opt->out_dir = val;
			i++;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "sluice %s: error: unknown option or missing value: '%s'\n", c->name, a);
			command_help(c, stderr);
			return EXIT_USAGE;
		} else if (!opt->prog) {
			opt->prog = a;
		} else {
			fprintf(stderr, "sluice %s: error: unexpected argument '%s'\n", c->name, a);
			return EXIT_USAGE;
		}
	}
	if (!opt->prog && c->run != cmd_boards) {
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
	const command *c = find_command(argv[1]);
	if (!c) {
		fprintf(stderr, "sluice: error: unknown command '%s'\n\n", argv[1]);
		usage(stderr);
		return EXIT_USAGE;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			command_help(c, stdout);
			return 0;
		}
	}
	options opt = { 0 };
	opt.input_names = sl_xcalloc(argc, sizeof(char *));
	opt.input_files = sl_xcalloc(argc, sizeof(char *));
	int rc = parse_options(c, argc - 2, argv + 2, &opt);
	if (rc == 0)
		rc = c->run(&opt);
	for (int i = 0; i < opt.n_inputs; i++)
		free((char *) opt.input_names[i]);
	free(opt.input_names);
	free(opt.input_files);
	return rc;
}
