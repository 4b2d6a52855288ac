/* sim/vl_command.c: `sluice sim --engine verilator` in one call.
 * Stage: sim, after rtlgen.  Schedules the program, builds its buffers,
 * generates its Verilog, runs it in Verilator (verilator.c) and the CPU
 * reference on the same inputs, and compares: every output bit for bit,
 * the measured cycles against predicted_cycles.  Owns the isl context,
 * the schedule, the buffers and the Verilog text of the run; the
 * hardware's outputs go to the caller. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"
#ifdef SLUICE_HAVE_RTLGEN
#include "rtlgen/rtlgen.h"
#endif

static void vcmd_value_str(char *buf, size_t size, ir_type t, uint64_t v)
{
	if (t.is_signed)
		snprintf(buf, size, "%lld", (long long) (int64_t) v);
	else
		snprintf(buf, size, "%llu", (unsigned long long) v);
}

/* "(c0, c1, ...)": the coordinates of row-major offset k in "a". */
static void vcmd_coords(char *buf, size_t size, const sl_array *a, int64_t k)
{
	int64_t c[8];
	for (int i = a->n_dims - 1; i >= 0; i--) {
		c[i] = k % a->dims[i];
		k /= a->dims[i];
	}
	size_t n = (size_t) snprintf(buf, size, "(");
	for (int i = 0; i < a->n_dims && n < size; i++)
		n += (size_t) snprintf(buf + n, size - n, "%s%lld", i ? ", " : "",
			(long long) c[i]);
	if (n < size)
		snprintf(buf + n, size - n, ")");
}

/* Compare one output (same shape by construction); report its first
 * mismatch. */
static int vcmd_compare(sl_ctx *ctx, const ir_decl *d, const sl_array *ref,
	const sl_array *hw)
{
	if (ref->size != hw->size)
		sl_unreachable();
	int64_t k = 0;
	while (k < ref->size && ref->data[k] == hw->data[k])
		k++;
	if (k == ref->size)
		return 0;
	char cs[256], rv[32], hv[32];
	vcmd_coords(cs, sizeof cs, ref, k);
	vcmd_value_str(rv, sizeof rv, ref->type, ref->data[k]);
	vcmd_value_str(hv, sizeof hv, ref->type, hw->data[k]);
	sl_error(ctx, d->loc, "the Verilated hardware's output '%s' differs from "
		"the reference at %s: hardware %s, reference %s", d->name, cs, hv, rv);
	return -1;
}

static void vcmd_report(FILE *out, const sched_program *sp,
	const sim_vl_stats *st, double t0)
{
	double speed = st->run_seconds > 0 ? (double) st->cycles / st->run_seconds : 0;
	fprintf(out, "verilator: %lld cycles (predicted %lld), %lld output values "
		"equal to the reference\n", (long long) st->cycles,
		(long long) sp->predicted_cycles, (long long) st->outputs_received);
	if (st->cached)
		fprintf(out, "  build: cached\n");
	else
		fprintf(out, "  build: verilated in %.2f s\n", st->build_seconds);
	fprintf(out, "  speed: %.0f cycles/s (model run %.6f s), wall %.3f s\n",
		speed, st->run_seconds, sim_vl_now() - t0);
}

/* The program's name: the file name without directory and extension. */
static const char *vcmd_program_name(sl_ctx *ctx, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	return sl_strndup(ctx, base, dot && dot != base ? (size_t) (dot - base)
		: strlen(base));
}

/* The Verilog of the design, in a heap buffer; NULL on error. */
static char *vcmd_emit(sl_ctx *ctx, const sched_program *sp,
	const ub_set *ubs, const ub_options *uopts, const char *name,
	size_t *len)
{
#ifdef SLUICE_HAVE_RTLGEN
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	if (!f)
		sl_unreachable();
	rtl_options ro;
	rtl_options_default(&ro);
	ro.register_threshold = uopts->register_threshold;
	int rc = rtl_emit_opts(ctx, sp, ubs, name, &ro, f);
	fclose(f);
	if (rc == 0)
		return text;
	free(text);
#else
	sl_error(ctx, sl_noloc, "this sluice was built without the Verilog generator");
#endif
	return NULL;
}

static const char *vcmd_module_name(sl_ctx *ctx, const char *name)
{
#ifdef SLUICE_HAVE_RTLGEN
	return rtl_module_name(ctx, name);
#else
	return name;
#endif
}

/* Emit, run, compare; the stages are built and freed by the caller. */
static int vcmd_run(sl_ctx *ctx, const ir_program *prog,
	const sched_program *sp, const ub_set *ubs, const ub_options *uopts,
	const sim_inputs *in, const sim_vl_options *vopts, sl_array **outputs,
	FILE *report, double t0)
{
	int n = prog->n_outputs;
	if (sp->lowered->n_outputs != n)
		sl_unreachable();
	const char *name = vcmd_program_name(ctx, prog->path);
	size_t len = 0;
	char *verilog = vcmd_emit(ctx, sp, ubs, uopts, name, &len);
	if (!verilog)
		return -1;
	sl_array **ref = sl_xcalloc((size_t) n + 1, sizeof(*ref));
	sim_vl_stats st;
	memset(&st, 0, sizeof st);
	int rc = sim_reference_run(ctx, prog, in, ref);
	if (rc == 0)
		rc = sim_vl_run(ctx, sp, vcmd_module_name(ctx, name), verilog, len,
			in, vopts, outputs, &st);
	for (int i = 0; rc == 0 && i < n; i++)
		rc = vcmd_compare(ctx, prog->outputs[i], ref[i], outputs[i]);
	if (rc == 0 && st.cycles != sp->predicted_cycles) {
		sl_error(ctx, n ? prog->outputs[0]->loc : sl_noloc, "the Verilated "
			"hardware took %lld cycles, the schedule predicts %lld",
			(long long) st.cycles, (long long) sp->predicted_cycles);
		rc = -1;
	}
	if (rc == 0 && report)
		vcmd_report(report, sp, &st, t0);
	for (int i = 0; i < n; i++)
		sl_array_free(ref[i]);
	free(ref);
	free(verilog);
	return rc;
}

int sim_verilator_command(sl_ctx *ctx, const ir_program *prog,
	const sched_options *sopts, const ub_options *uopts,
	const sim_inputs *in, const sim_vl_options *vopts,
	sl_array **outputs, FILE *report)
{
	double t0 = sim_vl_now();
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
		rc = vcmd_run(ctx, prog, sp, ubs, uopts, in, vopts, outputs, report, t0);
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
