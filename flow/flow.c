/* flow/flow.c: the stages of the compiler, in order.
 * Stage: on top of every module but the command line.
 *
 *   front end     fe_compile          checked program          dump P
 *   lowering      sched_lower         lowered program, ir_check dump L
 *                 (with value-range widths, va_narrow, but under
 *                 --widths declared)
 *   lanes         sched_unroll        lane program, ir_check   dump L
 *   DSPs          with a board: tg_dsp_decide, each multiply in DSPs
 *                 or logic (ir_expr.dsps), read by the timing model,
 *                 the estimate and synthesis
 *   schedule      sched_program_schedule, then sched_check     dump S
 *   RTL           rtl_check: the Verilog can be emitted (counters,
 *                 frames, lanes, interface); emission only emits
 *   buffers       ub_set_build (mapped for the board), ub_set_check
 *                                                               dump B
 *   tiles         with --memory pub: pub_map (its own checks: isl
 *                 placement, field widths, the tile model)      dump T
 *   board         the predicted resources (fpga/), then, when
 *                 asked, the fit check and its explanation     dump R
 *
 * Each stage runs only when the one before succeeded; each checker runs
 * in every build type.  One isl context serves the whole compilation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "values/values.h"
#include "frontend/frontend.h"
#include "rtlgen/rtlgen.h"

static const char flow_letters[] = "PLSBTR";

void flow_options_default(flow_options *o)
{
	memset(o, 0, sizeof *o);
	o->sched.policy = SCHED_STREAM;
	o->frames = 1;
	ub_options_default(&o->ub);
	pub_params_default(&o->pub);
}

bool flow_dump_letters_ok(const char *letters, char *bad)
{
	for (const char *c = letters; *c; c++)
		if (!strchr(flow_letters, *c)) {
			*bad = *c;
			return false;
		}
	return *letters != 0;
}

/* ---------------------------------------------------------------- dumps */

static bool flow_wants(const flow_design *d, char letter)
{
	return d->opts.dump && strchr(d->opts.dump, letter);
}

static FILE *flow_dump_head(const flow_design *d, const char *what)
{
	FILE *out = d->opts.dump_out ? d->opts.dump_out : stdout;
	fprintf(out, "==== %s: %s\n", d->name, what);
	return out;
}

static void flow_dump_program(const flow_design *d, char letter, const ir_program *p)
{
	if (!flow_wants(d, letter))
		return;
	FILE *out = flow_dump_head(d, letter == 'P' ? "checked program (-dP)"
		: p->lanes_of ? "lane program (-dL)" : "lowered program (-dL)");
	ir_program_dump(p, out);
	fputc('\n', out);
}

static void flow_print_schedule(const flow_design *d, FILE *out)
{
	sched_program_dump(d->sp, out);
}

static void flow_print_buffers(const flow_design *d, FILE *out)
{
	ub_set_dump(d->ubs, out);
}

static void flow_print_tiles(const flow_design *d, FILE *out)
{
	pub_dump_text(d->pub, out);
}

/* Per buffer its storage on the board, then per stage its logic. */
static void flow_print_resources(const flow_design *d, FILE *out)
{
	const tg_report *r = &d->pred;
	const board *bd = r->bd;
	if (!d->has_pred) {
		fputs("no board: the resources need --board B\n", out);
		return;
	}
	fprintf(out, "board %s (%s)\n%-24s %10s", bd->name, bd->part, "buffer", "words");
	for (int m = 0; m < bd->n_mems; m++)
		fprintf(out, " %14s", bd->mems[m].cell);
	fprintf(out, " %8s %8s\n", "FFs", "LUT RAM");
	for (int i = 0; i < r->n; i++) {
		const tg_buf *b = &r->bufs[i];
		fprintf(out, "%-24s %10lld", b->b->name, (long long) b->words);
		for (int m = 0; m < bd->n_mems; m++)
			fprintf(out, " %14lld", (long long) b->cells[m]);
		fprintf(out, " %8lld %8lld\n", (long long) b->ffs, (long long) b->lut_ram);
	}
	if (r->n_roms) {
		fprintf(out, "%-24s %10s", sl_fmt(d->ctx, "%d tables (ROM)", r->n_roms), "");
		for (int m = 0; m < bd->n_mems; m++)
			fprintf(out, " %14lld", (long long) r->rom_cells[m]);
		fprintf(out, " %8d %8d\n", 0, 0);
	}
	fprintf(out, "%-24s %10lld", "total storage", (long long) r->words);
	for (int m = 0; m < bd->n_mems; m++)
		fprintf(out, " %14lld", (long long) r->cells[m]);
	fprintf(out, " %8lld %8lld\n", (long long) r->ffs, (long long) r->lut_ram);
	tg_print_logic(r, out);
	fprintf(out, "design: %lld LUTs, %lld flip-flops, %lld DSPs, %lld block-RAM units "
		"(of %lld, %lld, %lld, %lld)\n", (long long) tg_luts(r), (long long) tg_ffs(r),
		(long long) tg_dsps(r), (long long) r->units, (long long) bd->luts,
		(long long) bd->ffs, (long long) bd->dsps, (long long) bd->block_units);
}

/* The dump of a stage of the design, when asked for. */
static void flow_dump(const flow_design *d, char letter, const char *what,
	void (*print)(const flow_design *, FILE *))
{
	if (!flow_wants(d, letter))
		return;
	FILE *out = flow_dump_head(d, what);
	print(d, out);
	fputc('\n', out);
}

/* ------------------------------------------------------------- stages */

static char *flow_name(sl_ctx *ctx, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".sl"))
		n -= 3;
	return sl_strndup(ctx, base, n);
}

/* What the tile stage takes from the schedule, the buffers' options and
 * the board. */
static pub_env flow_pub_env(const flow_design *d)
{
	return (pub_env) { d->opts.ub.register_threshold, sched_frame_period(d->sp), d->opts.bd };
}

pub_set *flow_retile(const flow_design *d, const pub_params *p, char *why, size_t n)
{
	sl_ctx *quiet = sl_ctx_alloc();
	sl_ctx_set_quiet(quiet, true);
	pub_env env = flow_pub_env(d);
	pub_set *ps = pub_map(quiet, d->isl, d->ubs, p, &env);
	if (!ps)
		snprintf(why, n, "%s", sl_first_error(quiet) ? sl_first_error(quiet) : "unknown");
	sl_ctx_free(quiet);
	return ps;
}

/* What the design's Verilog is emitted with for "frames" frames. */
static rtl_options flow_rtl_options(const flow_design *d, int frames)
{
	/* native memory: registers as wide as the build's largest values */
	const flow_design *b = d->max ? d->max : d;
	int cw = d->opts.pub.runtime && !d->pub && b->sp && b->ubs
		? rtl_runtime_native_bits(b->sp, b->ubs, frames) : 0;
	return (rtl_options) { d->name, d->pub, frames, d->opts.iface, d->opts.control,
		d->opts.pub.runtime, d->max ? d->max->ubs : NULL, cw };
}

/* The RTL stage: the Verilog the command will ask for (opts.frames
 * frames, on opts.iface) can be emitted.  0 or -1 (reported). */
static int flow_rtl_check(const flow_design *d)
{
	rtl_options ro = flow_rtl_options(d, d->opts.frames > 1 ? d->opts.frames : 1);
	return rtl_check(d->ctx, d->sp, &ro);
}

/* Lowering, schedule, check, buffers: everything after the front end
 * that depends on the schedule policy.  0 or -1 (reported). */
/* Bits of storage of a buffer set: every buffer's capacity. */
static int64_t flow_storage_bits(const ub_set *set)
{
	int64_t bits = 0;
	for (int i = 0; i < set->n_buffers; i++)
		bits += set->buffers[i]->capacity_words * set->buffers[i]->width_bits;
	return bits;
}

/* A stream schedule with links across levels (a producer slowed to a
 * consumer that reads each of its values once per step of inner loops of
 * its own, scheduler/schedule.c link_reads) saves a plane where the
 * producer would run ahead, but may stretch other readers: schedule the
 * program without them too, and keep the links only for fewer bits of
 * storage (or as many and fewer cycles).  Replaces d->sp. */
/* Schedule "lanes" again with "so" and keep that schedule in d->sp when
 * "better" says so of (bits, cycles) of the alternative against the
 * current; the other is freed. */
static void flow_try_schedule(flow_design *d, ir_program *lanes, const sched_options *so,
	bool (*better)(int64_t ba, int64_t ca, int64_t bb, int64_t cb))
{
	sched_program *alt = sched_program_schedule(d->ctx, d->isl, lanes, so);
	if (!alt)
		return;
	ub_options uo = d->opts.ub;
	uo.bd = d->opts.bd;
	ub_set *a = ub_set_build(d->ctx, d->sp, d->isl, &uo);
	ub_set *b = a ? ub_set_build(d->ctx, alt, d->isl, &uo) : NULL;
	if (a && b && better(flow_storage_bits(b), alt->predicted_cycles,
	    flow_storage_bits(a), d->sp->predicted_cycles)) {
		sched_program *t = d->sp;
		d->sp = alt;
		alt = t;
	}
	ub_set_free(a);
	ub_set_free(b);
	sched_program_free(alt);
}

/* Fewer bits, or as many and at most as many cycles. */
static bool fewer_bits(int64_t bb, int64_t cb, int64_t ba, int64_t ca)
{
	return bb < ba || (bb == ba && cb <= ca);
}

/* Not worse in either: the current schedule costs more bits or cycles. */
static bool not_worse(int64_t bb, int64_t cb, int64_t ba, int64_t ca)
{
	return ba > bb || ca > cb;
}

/* Links across levels (a producer of two dimensions or more with a
 * consumer that reads each of its values once per step of inner loops of
 * its own, scheduler/schedule.c link_reads) save a plane where the
 * producer would run ahead, but may stretch other readers: schedule the
 * program without them too, and keep the links only for fewer bits of
 * storage (or as many and fewer cycles).  Block links (outer_block: a
 * consumer that reads a block of a producer's inner dimensions per step,
 * a channel reduction or a layer's partial sums) are kept only when the
 * schedule without them needs no fewer cycles and no fewer bits: they
 * save storage by holding a producer to its reader's pace, which may
 * slow the producer's inputs.  Replaces d->sp. */
static void flow_choose_links(flow_design *d, ir_program *lanes)
{
	if (!d->sp->deep_links || d->opts.sched.policy != SCHED_STREAM)
		return;
	sched_options so = d->opts.sched;
	if (d->sp->block_links) {
		so.no_block_links = true;
		flow_try_schedule(d, lanes, &so, not_worse);
		if (!d->sp->deep_links)
			return;
	}
	so.level_links_only = true;
	flow_try_schedule(d, lanes, &so, fewer_bits);
}

static int flow_back_end(flow_design *d)
{
	ir_program *lowered = sched_lower(d->ctx, d->isl, d->prog, !d->opts.declared_widths);
	if (!lowered || ir_check(d->ctx, lowered) < 0)
		return -1;
	flow_dump_program(d, 'L', lowered);
	ir_program *lanes = sched_unroll(d->ctx, d->isl, lowered, d->opts.sched.unroll,
		!d->opts.memory_pub);
	if (!lanes || (lanes != lowered && ir_check(d->ctx, lanes) < 0))
		return -1;
	if (lanes != lowered)
		flow_dump_program(d, 'L', lanes);
	const board *target = d->opts.sched.timing ? d->opts.sched.timing : d->opts.bd;
	if (target)
		tg_dsp_decide(target, lanes);
	d->opts.sched.lanes_apart = d->opts.pub.runtime;
	d->sp = sched_program_schedule(d->ctx, d->isl, lanes, &d->opts.sched);
	if (!d->sp)
		return -1;
	flow_choose_links(d, lanes);
	if (d->opts.after_schedule)
		d->opts.after_schedule(d->sp, d->opts.hook_arg);
	if (sched_check(d->sp, d->isl) < 0 || flow_rtl_check(d) < 0)
		return -1;
	flow_dump(d, 'S', "schedule (-dS)", flow_print_schedule);
	d->opts.ub.bd = d->opts.bd;
	d->ubs = ub_set_build(d->ctx, d->sp, d->isl, &d->opts.ub);
	if (!d->ubs || ub_set_check(d->ctx, d->ubs) < 0)
		return -1;
	flow_dump(d, 'B', "buffers (-dB)", flow_print_buffers);
	if (d->opts.memory_pub) {
		pub_env env = flow_pub_env(d);
		d->pub = pub_map(d->ctx, d->isl, d->ubs, &d->opts.pub, &env);
		if (!d->pub)
			return -1;
		flow_dump(d, 'T', "push-memory tiles (-dT)", flow_print_tiles);
	}
	rtl_options ro = flow_rtl_options(d, d->opts.frames > 1 ? d->opts.frames : 1);
	if (d->opts.pub.runtime && rtl_runtime_check(d->ctx, d->sp, d->ubs, &ro) < 0)
		return -1;
	return 0;
}

static void flow_drop_back_end(flow_design *d);
static int flow_runtime_max(flow_design *d, const char *text, size_t len);

/* The back end at the clock the design can use.  With a delay model and
 * no --clock, a first pass at the board's clock gives the control floor
 * (tg_control_ns: the run control, schedule generators and buffer
 * addresses, which the pipeliner cannot cut), and the datapaths are
 * pipelined again for the clock that floor allows, so that they are
 * never what limits it (docs/timing.md, "The default clock").  The
 * first pass writes no dump and maps no tile. */
static int flow_clocked_back_end(flow_design *d)
{
	const board *bd = d->opts.sched.timing;
	if (!bd || !bd->has_delays || d->opts.sched.clock_mhz > 0)
		return flow_back_end(d);
	const char *dump = d->opts.dump;
	bool pub = d->opts.memory_pub;
	d->opts.dump = NULL;
	d->opts.memory_pub = false;	/* the floor reads the buffers, not the tiles */
	int rc = flow_back_end(d);
	d->opts.dump = dump;
	d->opts.memory_pub = pub;
	if (rc < 0)
		return -1;
	const char *what = "", *name = "";
	double ns = tg_control_ns(bd, d->sp, d->ubs, &what, &name);
	flow_drop_back_end(d);
	d->opts.sched.clock_mhz = ns > 0 ? floor(10000.0 / ns) / 10 : bd->clock_mhz;
	return flow_back_end(d);
}

/* The storage of the sequential schedule of the same program on the
 * same board, for the advice of a stream design that does not fit. */
static bool flow_sequential_storage(const flow_design *d, tg_report *seq)
{
	flow_design alt = *d;
	alt.sp = NULL;
	alt.ubs = NULL;
	alt.pub = NULL;
	alt.opts.memory_pub = false;
	alt.has_pred = false;
	alt.opts.sched.policy = SCHED_SEQUENTIAL;
	alt.opts.dump = NULL;
	alt.opts.after_schedule = NULL;
	bool ok = flow_back_end(&alt) == 0;
	if (ok)
		tg_predict_storage(d->opts.bd, alt.ubs, seq);
	flow_drop_back_end(&alt);
	return ok;
}

/* The located error of a design over its board: the largest buffers or
 * stages, and what would help (the boards it fits, the sequential
 * schedule). */
static void flow_explain(flow_design *d)
{
	int n = 0;
	const board **all = board_load_all(d->ctx, &n);
	if (!all)
		n = 0;
	tg_report *others = sl_xcalloc((size_t) n + 1, sizeof(*others)), seq;
	ub_options uo = d->opts.ub;
	for (int i = 0; i < n; i++) {
		uo.bd = all[i];
		ub_set_remap(d->ubs, &uo);
		tg_predict_pub(all[i], d->sp, d->ubs, d->pub, &others[i]);
	}
	ub_set_remap(d->ubs, &d->opts.ub);
	bool stream = d->opts.sched.policy != SCHED_SEQUENTIAL;
	bool have_seq = stream && flow_sequential_storage(d, &seq);
	tg_explain(d->ctx, &d->pred, !stream, others, n, have_seq ? &seq : NULL);
	for (int i = 0; i < n; i++)
		tg_report_release(&others[i]);
	free(others);
	if (have_seq)
		tg_report_release(&seq);
}

/* With a board: predict the design's resources; with check_fit, a design
 * over the board is an error.  0 or -1 (reported). */
/* The board's package has pins for the top level's ports (boards/README.md
 * "pins"; the ports as rtlgen emits them): 0, or -1 (reported). */
static int flow_check_pins(flow_design *d)
{
	const board *bd = d->opts.bd;
	char *text;
	size_t len;
	const char *top;
	int64_t in, out;
	if (!d->opts.check_pins || !bd->pins || flow_verilog_frames(d, d->pub ? d->pub->params.frames : 1, &text, &len,
	    &top) < 0)
		return d->opts.check_pins && bd->pins ? -1 : 0;
	int64_t pins = tg_top_pins(text, len, top, &in, &out);
	free(text);
	if (pins < 0)
		sl_unreachable();	/* rtlgen always writes the top module */
	if (pins <= bd->pins)
		return 0;
	sl_error(d->ctx, sl_noloc, "the design needs %lld I/O pins at its top level (%lld data "
		"bits in, %lld out, %lld of clock and control), more than the %lld of the board's "
		"package (%s, %s); fewer lanes (--unroll) or a narrower interface would fit",
		(long long) pins, (long long) in, (long long) out, (long long) (pins - in - out),
		(long long) bd->pins, bd->name, bd->part);
	return -1;
}

static int flow_board(flow_design *d)
{
	if (d->has_pred)
		tg_report_release(&d->pred);
	d->has_pred = d->opts.bd != NULL;
	if (d->has_pred)
		tg_predict_pub(d->opts.bd, d->sp, d->ubs, d->pub, &d->pred);
	flow_dump(d, 'R', "predicted resources (-dR)", flow_print_resources);
	if (!d->has_pred || !d->opts.check_fit)
		return 0;
	if (!tg_fits(&d->pred)) {
		flow_explain(d);
		flow_check_pins(d);	/* the pins too: a design may miss on both */
		return -1;
	}
	return flow_check_pins(d);
}

/* The first line where "a" and "b" differ, 1-based; its text in each. */
static int flow_first_diff(const char *a, const char *b, const char **la, const char **lb)
{
	int line = 1;
	*la = a;
	*lb = b;
	for (; *a && *a == *b; a++, b++)
		if (*a == '\n') {
			line++;
			*la = a + 1;
			*lb = b + 1;
		}
	return line;
}

/* The Verilog of "d" (its line buffers sized by d->max) is d->max's own:
 * 0, or -1 with the first line that differs. */
static int flow_same_verilog(flow_design *d)
{
	char *t0, *t1;
	size_t n0, n1;
	const char *top, *l0, *l1;
	int fr = d->opts.frames > 1 ? d->opts.frames : 1;
	if (flow_verilog_frames(d->max, fr, &t0, &n0, &top) < 0)
		return -1;
	if (flow_verilog_frames(d, fr, &t1, &n1, &top) < 0) {
		free(t0);
		return -1;
	}
	int rc = 0;
	if (n0 != n1 || memcmp(t0, t1, n0)) {
		int line = flow_first_diff(t0, t1, &l0, &l1);
		sl_error(d->ctx, sl_noloc, "--runtime-config: the Verilog at this size differs "
			"from the build's (--runtime-max) at line %d: '%.*s' where the build has "
			"'%.*s'; something compiled in depends on the sizes", line,
			(int) strcspn(l1, "\n"), l1, (int) strcspn(l0, "\n"), l0);
		rc = -1;
	}
	free(t0);
	free(t1);
	return rc;
}

/* --runtime-config --runtime-max on native memory: the design at the
 * build's largest size (d->max, the params of --runtime-max over the
 * command line's), this size's delay chains laid out as its, and the
 * two Verilog texts equal.  0, or -1 (reported). */
static int flow_runtime_max(flow_design *d, const char *text, size_t len)
{
	if (!d->opts.pub.runtime || d->opts.memory_pub || d->opts.n_rt_max == 0)
		return 0;
	int n_run;
	const sl_define *run = sl_ctx_defines(d->ctx, &n_run);
	sl_define *all = sl_xcalloc((size_t) (n_run + d->opts.n_rt_max) + 1, sizeof(*all));
	int n = 0;
	for (int i = 0; i < n_run; i++) {
		bool over = false;
		for (int k = 0; k < d->opts.n_rt_max; k++)
			over = over || !strcmp(run[i].name, d->opts.rt_max[k].name);
		if (!over)
			all[n++] = run[i];
	}
	for (int k = 0; k < d->opts.n_rt_max; k++)
		all[n++] = d->opts.rt_max[k];
	flow_options mo = d->opts;
	mo.n_rt_max = 0;
	mo.dump = NULL;
	sl_ctx_set_defines(d->ctx, all, n);
	d->max = flow_compile_text(d->ctx, d->path, text, len, &mo);
	sl_ctx_set_defines(d->ctx, run, n_run);
	free(all);
	if (!d->max)
		return -1;
	if (ub_set_relayout(d->ctx, d->ubs, d->max->ubs) < 0 || flow_same_verilog(d) < 0)
		return -1;
	/* the hardware is the build's: its predicted storage and logic */
	if (d->has_pred && d->max->has_pred) {
		tg_report t = d->pred;
		d->pred = d->max->pred;
		d->max->pred = t;
	}
	return 0;
}

flow_design *flow_compile(sl_ctx *ctx, const char *path, const flow_options *o)
{
	return flow_compile_text(ctx, path, NULL, 0, o);
}

flow_design *flow_front_text(sl_ctx *ctx, const char *path, const char *text, size_t len,
	const flow_options *o)
{
	flow_design *d = sl_xcalloc(1, sizeof *d);
	d->ctx = ctx;
	d->path = path;
	d->name = flow_name(ctx, path);
	d->opts = *o;
	d->isl = isl_ctx_alloc();
	if (!d->isl)
		sl_unreachable();
	isl_options_set_on_error(d->isl, ISL_ON_ERROR_CONTINUE);
	d->prog = fe_compile(ctx, d->isl, path, text, len);
	if (!d->prog) {
		flow_free(d);
		return NULL;
	}
	flow_dump_program(d, 'P', d->prog);
	return d;
}

flow_design *flow_compile_text(sl_ctx *ctx, const char *path, const char *text, size_t len,
	const flow_options *o)
{
	flow_design *d = flow_front_text(ctx, path, text, len, o);
	if (!d)
		return NULL;
	if (flow_clocked_back_end(d) < 0) {
		flow_free(d);
		return NULL;
	}
	/* Before the fit check: a plane kept by the order is most often why a
	 * design does not fit.  The sequential schedule stores whole arrays
	 * by design. */
	if (d->opts.warn_order && d->opts.sched.policy == SCHED_STREAM)
		ub_set_warn_order(ctx, d->isl, d->ubs);
	if (flow_board(d) < 0 || flow_runtime_max(d, text, len) < 0) {
		flow_free(d);
		return NULL;
	}
	return d;
}

static void flow_drop_back_end(flow_design *d)
{
	if (d->has_pred)
		tg_report_release(&d->pred);
	d->has_pred = false;
	pub_set_free(d->pub);
	d->pub = NULL;
	ub_set_free(d->ubs);
	d->ubs = NULL;
	if (d->sp)
		sched_program_free(d->sp);
	d->sp = NULL;
}

void flow_free(flow_design *d)
{
	if (!d)
		return;
	flow_free(d->max);
	flow_drop_back_end(d);
	isl_ctx_free(d->isl);
	free(d);
}

int flow_reschedule(flow_design *d, const sched_options *so)
{
	flow_drop_back_end(d);
	d->opts.sched = *so;
	return flow_clocked_back_end(d) < 0 || flow_board(d) < 0 ? -1 : 0;
}

void flow_remap(flow_design *d, const ub_options *uo, const board *bd)
{
	d->opts.ub = *uo;
	d->opts.bd = bd;
	d->opts.ub.bd = bd;
	ub_set_remap(d->ubs, &d->opts.ub);
	if (ub_set_check(d->ctx, d->ubs) < 0)
		sl_unreachable();
	if (d->has_pred)
		tg_report_release(&d->pred);
	d->has_pred = false;
}

/* --------------------------------------------------------------- Verilog */

int flow_verilog(const flow_design *d, char **text, size_t *len, const char **top)
{
	return flow_verilog_frames(d, 1, text, len, top);
}


int flow_verilog_frames(const flow_design *d, int frames, char **text, size_t *len,
	const char **top)
{
	*text = NULL;
	*len = 0;
	/* the tiles walk the frames they were mapped for (pub_params.frames) */
	if (d->pub && d->pub->params.frames != (frames > 1 ? frames : 1)) {
		sl_error(d->ctx, sl_noloc, "internal: the Verilog of %d frames asked of tiles "
			"mapped for %d", frames, d->pub->params.frames);
		return -1;
	}
	FILE *f = open_memstream(text, len);
	if (!f)
		sl_unreachable();
	rtl_options ro = flow_rtl_options(d, frames);
	int rc = rtl_emit_iface(d->ctx, d->sp, d->ubs, &ro, f, NULL);
	fclose(f);
	if (rc < 0) {
		free(*text);
		*text = NULL;
		return -1;
	}
	*top = rtl_module_name(d->ctx, d->name);
	return 0;
}

int flow_verilog_files(const flow_design *d, int frames, char **text, size_t *len,
	char **core, size_t *core_len, const char **top)
{
	if (d->opts.iface != RTL_IFACE_AXIS) {
		*core = NULL;
		*core_len = 0;
		return flow_verilog_frames(d, frames, text, len, top);
	}
	FILE *f = open_memstream(text, len), *c = open_memstream(core, core_len);
	if (!f || !c)
		sl_unreachable();
	rtl_options ro = flow_rtl_options(d, frames);
	int rc = rtl_emit_iface(d->ctx, d->sp, d->ubs, &ro, f, c);
	fclose(f);
	fclose(c);
	if (rc < 0) {
		free(*text);
		free(*core);
		*text = *core = NULL;
		return -1;
	}
	*top = rtl_module_name(d->ctx, d->name);
	return 0;
}

int flow_config_image(const flow_design *d, char **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	if (!d->opts.pub.runtime)
		return 0;
	FILE *f = open_memstream(text, len);
	if (!f)
		sl_unreachable();
	rtl_options ro = flow_rtl_options(d, d->opts.frames > 1 ? d->opts.frames : 1);
	int rc = rtl_runtime_image(d->ctx, d->sp, d->ubs, &ro, f);
	fclose(f);
	if (rc < 0) {
		free(*text);
		*text = NULL;
		*len = 0;
		return -1;
	}
	return rtl_runtime_data_bits(&ro);
}
