/* scheduler/scheduler.c: the scheduler's entry points and its dump.
 * Stage: frontend -> [lower -> statements -> schedule] -> (check) ->
 * ubuffer.  The caller owns the isl context (flow/ has one per
 * compilation) and runs the checker (check.c) after scheduling. */
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>

#include "scheduler/scheduler_private.h"

/* The lanes of one declaration share one latency, the longest any lane's
 * datapath needs (a lane that reads through a select has one more level):
 * the shorter ones get more delay registers, so every lane's word is
 * written in one cycle (lockstep; rtlgen checks it). */
static void lanes_one_latency(sched_program *sp)
{
	for (int i = 0; i < sp->n_stmts; ) {
		const ir_decl *d = sp->stmts[i]->decl;
		int n = d->lanes > 1 && d->lane == 0 ? d->lanes : 1, lat = 0;
		if (i + n > sp->n_stmts)
			sl_unreachable();
		for (int j = i; j < i + n; j++)
			if (sp->stmts[j]->latency > lat)
				lat = sp->stmts[j]->latency;
		for (int j = i; j < i + n; j++)
			sp->stmts[j]->latency = lat;
		i += n;
	}
}

sched_program *sched_program_schedule(sl_ctx *ctx, isl_ctx *isl, ir_program *lowered,
	const sched_options *opts)
{
	sched_program *sp = sched_build_statements(ctx, lowered, opts);
	if (!sp)
		return NULL;
	sched_pipeline(sp);
	lanes_one_latency(sp);
	if (sched_compute(sp, isl) < 0) {
		sched_program_free(sp);
		return NULL;
	}
	return sp;
}

sched_program *sched_program_build(sl_ctx *ctx, isl_ctx *isl, const ir_program *prog,
	const sched_options *opts)
{
	ir_program *lowered = sched_lower(ctx, isl, prog, true);
	ir_program *lanes = lowered ? sched_unroll(ctx, isl, lowered, opts->unroll, true) : NULL;
	return lanes ? sched_program_schedule(ctx, isl, lanes, opts) : NULL;
}

const char *sched_policy_str(sched_policy p)
{
	return p == SCHED_SEQUENTIAL ? "sequential" : "stream";
}

bool sched_policy_parse(const char *s, sched_policy *out)
{
	if (!strcmp(s, "stream"))
		*out = SCHED_STREAM;
	else if (!strcmp(s, "sequential"))
		*out = SCHED_SEQUENTIAL;
	else
		return false;
	return true;
}

static void dump_time(const sched_stmt *s, FILE *out)
{
	fprintf(out, "t = %lld", (long long) s->offset);
	for (int d = 0; d < s->n_dims; d++) {
		const char *name = d < s->n_vars ? (s->is_input ? NULL : s->decl->var_names[d])
			: s->decl->body->u.reduce.rvars[d - s->n_vars].name;
		char buf[16];
		if (!name) {
			snprintf(buf, sizeof(buf), "i%d", d);
			name = buf;
		}
		if (s->lo[d] == 0)
			fprintf(out, " + %lld*%s", (long long) s->coef[d], name);
		else
			fprintf(out, " + %lld*(%s - %lld)", (long long) s->coef[d], name, (long long) s->lo[d]);
	}
}

void sched_program_dump(const sched_program *sp, FILE *out)
{
	fprintf(out, "policy %s\n", sched_policy_str(sp->opts.policy));
	if (sp->path_ns > 0)
		fprintf(out, "timing %s at %g MHz: longest datapath path %.2f ns (model)\n",
			sp->opts.timing->name, sched_clock_mhz(sp), sp->path_ns);
	fprintf(out, "predicted_cycles %lld\nideal_cycles %lld\n\n",
		(long long) sp->predicted_cycles, (long long) sp->ideal_cycles);
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		fprintf(out, "%s %s%s\n", s->is_input ? "input" : s->is_reduction ? "reduction" : "func",
			s->name, s->is_output ? " (output)" : "");
		fputs("  domain", out);
		for (int d = 0; d < s->n_dims; d++)
			fprintf(out, " [%lld..%lld]", (long long) s->lo[d],
				(long long) (s->lo[d] + s->ext[d] - 1));
		fprintf(out, "  (%lld iterations)\n  ", (long long) sched_n_iters(s));
		dump_time(s, out);
		fprintf(out, "\n  latency %d\n", s->latency);
		if (s->pipe)
			fprintf(out, "  datapath %.2f ns, value in cycle %d, %lld register bits\n",
				sched_path_ns(s), sched_value_cycle(s), (long long) sched_pipe_reg_bits(s));
		for (int k = 0; k < s->n_reads; k++) {
			const sched_access *a = &s->reads[k];
			fprintf(out, "  reads %s at line %d: ", a->producer->name, a->expr->loc.line);
			ir_expr_print(a->expr, s->decl, out);
			fputc('\n', out);
		}
	}
}
