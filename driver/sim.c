/* driver/sim.c: the `sim` command: the design's cycle-level model, or
 * its Verilog in Verilator, against the reference; with --size, several
 * sizes of one --runtime-config build in one Verilator process.
 * Part of driver/ (rank 13): main.c's shared steps (driver_private.h)
 * build the design, gather the inputs and write the outputs. */
#include <stdlib.h>
#include <string.h>

#include "flow/flow.h"
#include "pub/pub.h"
#include "sim/sim.h"
#include "driver/driver_private.h"

/* The Verilator run of design "d" as the command line asks. */
static vl_options sim_vl_options(const flow_design *d, const options *opt)
{
	/* with tiles the harness waits for 'ready' (their configuration) */
	static const char *const wait_ready[] = { "-CFLAGS", "-DSL_WAIT_READY", NULL };
	vl_options vopts = { opt->vcd, SIM_VCD_CYCLES, NULL,
		d->pub || opt->flow.pub.runtime ? wait_ready : NULL,
		NULL, opt->frames, opt->flow.iface == RTL_IFACE_AXIS ? opt->stall_seeds : 0,
		d->pub, NULL, 0, 0, NULL, NULL, false, 0, NULL, false };
	vopts.axilite = opt->flow.control == RTL_CONTROL_AXILITE;
	vopts.axis = opt->flow.iface == RTL_IFACE_AXIS;
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
	sl_define *d = sl_xcalloc((size_t) opt->n_defines + SIZE_MAX_PARAMS + 1, sizeof(*d));
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
	driver_run_data r;
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
	s->d = driver_build_design(ctx, opt);
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
	io_input_spec spec = driver_input_spec(&oi, false);
	driver_run_data_alloc(&s->r, prog, opt->frames);
	if (io_inputs_check(ctx, prog, &spec) < 0)
		return EXIT_USAGE;
	if (driver_make_out_dir(ctx, s->dir) < 0 || driver_write_config(s->d, s->dir) < 0)
		return EXIT_PROGRAM;
	int rc = driver_gather_inputs(ctx, prog, &oi, false, s->r.in, s->r.arrays);
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
		driver_run_data_free(&s->r);
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
	if (rc == 0 && driver_write_design(s[0].d, opt->out_dir, opt->frames) < 0)
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
		if (driver_write_outputs(ctx, s[i].d->prog, &oi, s[i].r.outs) < 0)
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
	sl_ctx *ctx = driver_new_ctx(opt);
	if (opt->n_sizes > 0) {
		sl_outputs_begin(opt->out_dir);
		int rc = driver_finish_outputs(sim_sizes(ctx, opt));
		sl_ctx_free(ctx);
		return rc;
	}
	flow_design *d = driver_build_design(ctx, opt);
	int rc = EXIT_PROGRAM;
	sl_outputs_begin(opt->out_dir);
	if (d && driver_write_design(d, opt->out_dir, opt->frames) == 0
	    && sim_within_budget(ctx, d->sp, opt->frames, opt->max_cycles ? opt->max_cycles : SIM_MAX_CYCLES_DEFAULT))
		rc = driver_run_program(ctx, d->prog, opt, sim_engine, d, false);
	if (rc == 0 && d->pub && pub_print_counts(ctx, d->pub, strcmp(opt->engine, "verilator")
	    ? "tile model" : "tile model and Verilator agree", stdout) < 0)
		rc = EXIT_PROGRAM;
	rc = driver_finish_outputs(rc);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}
