/* flow/flow.c: the stages of the compiler, in order.
 * Stage: on top of every module but the command line.
 *
 *   front end     fe_compile          checked program          dump P
 *   lowering      sched_lower         lowered program, ir_check dump L
 *   schedule      sched_program_schedule, then sched_check     dump S
 *   buffers       ub_set_build (mapped for the board), ub_set_check
 *                                                               dump B
 *   board         the fit check and the predicted resources    dump R
 *
 * Each stage runs only when the one before succeeded; each checker runs
 * in every build type.  One isl context serves the whole compilation. */
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "frontend/frontend.h"
#include "rtlgen/rtlgen.h"

static const char flow_letters[] = "PLSBR";

void flow_options_default(flow_options *o)
{
	memset(o, 0, sizeof *o);
	o->sched.policy = SCHED_STREAM;
	ub_options_default(&o->ub);
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
		: "lowered program (-dL)");
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

/* Lowering, schedule, check, buffers: everything after the front end
 * that depends on the schedule policy.  0 or -1 (reported). */
static int flow_back_end(flow_design *d)
{
	ir_program *lowered = sched_lower(d->ctx, d->isl, d->prog);
	if (!lowered || ir_check(d->ctx, lowered) < 0)
		return -1;
	flow_dump_program(d, 'L', lowered);
	d->sp = sched_program_schedule(d->ctx, d->isl, lowered, &d->opts.sched);
	if (!d->sp)
		return -1;
	if (d->opts.after_schedule)
		d->opts.after_schedule(d->sp, d->opts.hook_arg);
	if (sched_check(d->sp, d->isl) < 0)
		return -1;
	flow_dump(d, 'S', "schedule (-dS)", flow_print_schedule);
	d->opts.ub.bd = d->opts.bd;
	d->ubs = ub_set_build(d->ctx, d->sp, d->isl, &d->opts.ub);
	if (!d->ubs || ub_set_check(d->ctx, d->ubs) < 0)
		return -1;
	flow_dump(d, 'B', "buffers (-dB)", flow_print_buffers);
	return 0;
}

flow_design *flow_compile(sl_ctx *ctx, const char *path, const flow_options *o)
{
	return flow_compile_text(ctx, path, NULL, 0, o);
}

flow_design *flow_compile_text(sl_ctx *ctx, const char *path, const char *text, size_t len,
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
	if (!d->prog || (flow_dump_program(d, 'P', d->prog), flow_back_end(d) < 0)) {
		flow_free(d);
		return NULL;
	}
	return d;
}

static void flow_drop_back_end(flow_design *d)
{
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
	flow_drop_back_end(d);
	isl_ctx_free(d->isl);
	free(d);
}

int flow_reschedule(flow_design *d, const sched_options *so)
{
	flow_drop_back_end(d);
	d->opts.sched = *so;
	return flow_back_end(d);
}

void flow_remap(flow_design *d, const ub_options *uo, const board *bd)
{
	d->opts.ub = *uo;
	d->opts.bd = bd;
	d->opts.ub.bd = bd;
	ub_set_remap(d->ubs, &d->opts.ub);
	if (ub_set_check(d->ctx, d->ubs) < 0)
		sl_unreachable();
}

/* --------------------------------------------------------------- Verilog */

int flow_verilog(const flow_design *d, char **text, size_t *len, const char **top)
{
	*text = NULL;
	*len = 0;
	FILE *f = open_memstream(text, len);
	if (!f)
		sl_unreachable();
	int rc = rtl_emit(d->ctx, d->sp, d->ubs, d->name, f);
	fclose(f);
	if (rc < 0) {
		free(*text);
		*text = NULL;
		return -1;
	}
	*top = rtl_module_name(d->ctx, d->name);
	return 0;
}
