/* sim/model_check.c: `sluice sim --engine model` in one call.
 * Stage: sim.  Schedules the program, checks the schedule, builds the
 * unified buffers, runs the reference and the cycle-level model on the
 * same inputs and compares them: outputs bit for bit, cycles against the
 * prediction, live values against the buffer analysis.  Owns the isl
 * context, the schedule and the buffers of the run; the model's outputs
 * go to the caller. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

static void mcheck_value_str(char *buf, size_t size, ir_type t, uint64_t v)
{
	if (t.is_signed)
		snprintf(buf, size, "%lld", (long long) (int64_t) v);
	else
		snprintf(buf, size, "%llu", (unsigned long long) v);
}

/* Compare one output; report its first mismatch. */
static int mcheck_output(sl_ctx *ctx, const ir_decl *d, const sl_array *ref,
	const sl_array *mdl)
{
	bool same_shape = ref->n_dims == mdl->n_dims && ref->size == mdl->size
		&& ir_type_eq(ref->type, mdl->type);
	for (int i = 0; same_shape && i < ref->n_dims; i++)
		same_shape = ref->dims[i] == mdl->dims[i];
	if (!same_shape) {
		sl_error(ctx, d->loc, "the cycle-level model's output '%s' has "
			"another shape than the reference's", d->name);
		return -1;
	}
	int64_t k = 0;
	while (k < ref->size && ref->data[k] == mdl->data[k])
		k++;
	if (k == ref->size)
		return 0;
	char cs[256], rv[32], mv[32];
	size_t n = 0;
	int64_t rest = k, c[8];
	for (int i = ref->n_dims - 1; i >= 0; i--) {
		c[i] = rest % ref->dims[i];
		rest /= ref->dims[i];
	}
	n += (size_t) snprintf(cs, sizeof cs, "(");
	for (int i = 0; i < ref->n_dims && n < sizeof cs; i++)
		n += (size_t) snprintf(cs + n, sizeof cs - n, "%s%lld", i ? ", " : "",
			(long long) c[i]);
	if (n < sizeof cs)
		snprintf(cs + n, sizeof cs - n, ")");
	mcheck_value_str(rv, sizeof rv, ref->type, ref->data[k]);
	mcheck_value_str(mv, sizeof mv, ref->type, mdl->data[k]);
	sl_error(ctx, d->loc, "the cycle-level model's output '%s' differs from "
		"the reference at %s: model %s, reference %s", d->name, cs, mv, rv);
	return -1;
}

/* The model's figures against the schedule's and the buffers'. */
static int mcheck_figures(sl_ctx *ctx, const ir_program *prog,
	const sched_program *sp, const ub_set *ubs, const sim_model_stats *st)
{
	int rc = 0;
	sl_loc loc = prog->n_outputs ? prog->outputs[0]->loc : sl_noloc;
	if (st->cycles != sp->predicted_cycles) {
		sl_error(ctx, loc, "the cycle-level model took %lld cycles, the "
			"schedule predicts %lld", (long long) st->cycles,
			(long long) sp->predicted_cycles);
		rc = -1;
	}
	for (int k = 0; k < ubs->n_buffers; k++) {
		const ub_buffer *b = ubs->buffers[k];
		if (st->max_live[k] == b->max_live_words)
			continue;
		sl_error(ctx, b->producer->decl->loc, "buffer '%s': the cycle-level "
			"model measures at most %lld live values, the buffer analysis "
			"computed %lld", b->name, (long long) st->max_live[k],
			(long long) b->max_live_words);
		rc = -1;
	}
	return rc;
}

static void mcheck_report(FILE *out, const sched_program *sp,
	const ub_set *ubs, const sim_model_stats *st)
{
	fprintf(out, "model: %lld cycles (predicted %lld, ideal %lld), "
		"%lld output values equal to the reference\n",
		(long long) st->cycles, (long long) sp->predicted_cycles,
		(long long) sp->ideal_cycles, (long long) st->outputs_checked);
	for (int k = 0; k < ubs->n_buffers; k++) {
		const ub_buffer *b = ubs->buffers[k];
		fprintf(out, "  buffer %-16s %-11s max live %lld (measured %lld), "
			"capacity %lld\n", b->name, ub_storage_str(b->storage),
			(long long) b->max_live_words, (long long) st->max_live[k],
			(long long) b->capacity_words);
	}
}

/* Run both engines and compare; the isl context and stages are built and
 * freed by the caller. */
static int mcheck_run(sl_ctx *ctx, const ir_program *prog,
	const sched_program *sp, const ub_set *ubs, const sim_inputs *in,
	sl_array **outputs, FILE *report)
{
	int n = prog->n_outputs;
	if (sp->lowered->n_outputs != n)
		sl_unreachable();
	for (int i = 0; i < n; i++)
		if (strcmp(sp->lowered->outputs[i]->name, prog->outputs[i]->name))
			sl_unreachable();
	sl_array **ref = sl_xcalloc((size_t) n + 1, sizeof(*ref));
	sim_model_stats st;
	memset(&st, 0, sizeof st);
	int rc = sim_reference_run(ctx, prog, in, ref);
	if (rc == 0)
		rc = sim_model_run(ctx, sp, ubs, in, outputs, &st);
	for (int i = 0; rc == 0 && i < n; i++)
		rc = mcheck_output(ctx, prog->outputs[i], ref[i], outputs[i]);
	if (rc == 0)
		rc = mcheck_figures(ctx, prog, sp, ubs, &st);
	if (rc == 0 && report)
		mcheck_report(report, sp, ubs, &st);
	sim_model_stats_release(&st);
	for (int i = 0; i < n; i++)
		sl_array_free(ref[i]);
	free(ref);
	return rc;
}

int sim_model_command(sl_ctx *ctx, const ir_program *prog,
	const sched_options *sopts, const ub_options *uopts,
	const sim_inputs *in, sl_array **outputs, FILE *report)
{
	for (int i = 0; i < prog->n_outputs; i++)
		outputs[i] = NULL;
	isl_ctx *isl = isl_ctx_alloc();
	if (!isl)
		sl_unreachable();
	sched_program *sp = sched_program_build(ctx, prog, sopts);
	ub_set *ubs = NULL;
	int rc = -1;
	if (sp && sched_check(sp, isl) == 0)
		ubs = ub_set_build(ctx, sp, isl, uopts);
	if (ubs)
		rc = mcheck_run(ctx, prog, sp, ubs, in, outputs, report);
	if (rc < 0)
		for (int i = 0; i < prog->n_outputs; i++) {
			sl_array_free(outputs[i]);
			outputs[i] = NULL;
		}
	if (ubs)
		ub_set_free(ubs);
	if (sp)
		sched_program_free(sp);
	isl_ctx_free(isl);
	return rc;
}
