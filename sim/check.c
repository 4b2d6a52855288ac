/* sim/check.c: the mapped design, executed and compared with the
 * reference.
 * Stage: sim, on a design flow/ built.  Both engines run on the same
 * inputs as the CPU reference; every output is compared bit for bit
 * (the first mismatch is reported with its coordinates and both values)
 * and the measured cycles against the schedule's prediction; the model
 * also measures each buffer's live values against the buffer analysis.
 * The engine's outputs go to the caller. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

static void check_value_str(char *buf, size_t size, ir_type t, uint64_t v)
{
	if (t.is_signed)
		snprintf(buf, size, "%lld", (long long) (int64_t) v);
	else
		snprintf(buf, size, "%llu", (unsigned long long) v);
}

/* "(c0, c1, ...)": the coordinates of row-major offset k in "a". */
static void check_coords(char *buf, size_t size, const io_array *a, int64_t k)
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

/* How an engine is named in its errors: "the cycle-level model's output
 * ... model 3, reference 4". */
typedef struct check_engine {
	const char *name;	/* the engine */
	const char *value;	/* its side of a mismatch */
} check_engine;

static const check_engine check_model_engine = { "cycle-level model", "model" };
static const check_engine check_vl_engine = { "Verilated hardware", "hardware" };
static const check_engine check_netlist_engine = { "synthesized netlist", "netlist" };

/* The first element of "got" that differs from "ref"'s (either held
 * unpacked or packed, io_array.packed), or ref->size when none does.
 * The same shape and type. */
#define CHECK_SCAN(T) do { \
	const T *g_ = (const T *) got->packed; \
	while (k < ref->size && ref->data[k] == (uint64_t) g_[k]) \
		k++; \
} while (0)

static int64_t check_first_diff(const io_array *ref, const io_array *got)
{
	int64_t k = 0;
	if (ref->data && got->data) {
		while (k < ref->size && ref->data[k] == got->data[k])
			k++;
	} else if (ref->data && got->packed) {
		bool s = got->type.is_signed;
		switch (io_packed_size(got->type)) {
		case 1: if (s) CHECK_SCAN(int8_t); else CHECK_SCAN(uint8_t); break;
		case 2: if (s) CHECK_SCAN(int16_t); else CHECK_SCAN(uint16_t); break;
		case 4: if (s) CHECK_SCAN(int32_t); else CHECK_SCAN(uint32_t); break;
		default: CHECK_SCAN(uint64_t); break;
		}
	} else {
		while (k < ref->size && io_array_get(ref, k) == io_array_get(got, k))
			k++;
	}
	return k;
}

/* The first output of "got" that differs from the reference's: its
 * index in *which and the element in *at (-1: its shape); -1, or 0 when
 * every output agrees. */
static int check_find(const ir_program *prog, io_array **ref, io_array **got,
	int *which, int64_t *at)
{
	for (int i = 0; i < prog->n_outputs; i++) {
		const io_array *r = ref[i], *g = got[i];
		bool same_shape = r->n_dims == g->n_dims && r->size == g->size
			&& ir_type_eq(r->type, g->type);
		for (int d = 0; same_shape && d < r->n_dims; d++)
			same_shape = r->dims[d] == g->dims[d];
		int64_t k = same_shape ? check_first_diff(r, g) : -1;
		if (k != r->size) {
			*which = i;
			*at = k;
			return -1;
		}
	}
	return 0;
}

/* Report output "d"'s difference at element k of check_find (-1: its
 * shape), with the cycle the engine presented it in when "when" (the
 * cycle of every element) is given. */
static void check_report(sl_ctx *ctx, const check_engine *engine, const ir_decl *d,
	const io_array *ref, const io_array *got, int64_t k, const io_array *when)
{
	if (k < 0) {
		sl_error(ctx, d->loc, "the %s's output '%s' has another shape than the "
			"reference's", engine->name, d->name);
		return;
	}
	char cs[256], rv[32], gv[32], cyc[48] = "";
	check_coords(cs, sizeof cs, ref, k);
	check_value_str(rv, sizeof rv, ref->type, io_array_get(ref, k));
	check_value_str(gv, sizeof gv, ref->type, io_array_get(got, k));
	if (when)
		snprintf(cyc, sizeof cyc, " (presented in cycle %lld)",
			(long long) when->data[k]);
	sl_error(ctx, d->loc, "the %s's output '%s' differs from the reference at %s%s: "
		"%s %s, reference %s", engine->name, d->name, cs, cyc, engine->value, gv, rv);
}

static int check_cycles(sl_ctx *ctx, const check_engine *engine, const ir_program *prog,
	int64_t predicted, int64_t cycles)
{
	if (cycles == predicted)
		return 0;
	sl_error(ctx, prog->n_outputs ? prog->outputs[0]->loc : sl_noloc, "the %s took "
		"%lld cycles, the schedule predicts %lld", engine->name, (long long) cycles,
		(long long) predicted);
	return -1;
}

/* Every output of the engine against the reference's.  0 when all
 * agree. */
static int check_outputs(sl_ctx *ctx, const check_engine *engine, const ir_program *prog,
	io_array **ref, io_array **got)
{
	int i;
	int64_t k;
	if (check_find(prog, ref, got, &i, &k) == 0)
		return 0;
	check_report(ctx, engine, prog->outputs[i], ref[i], got[i], k, NULL);
	return -1;
}

/* The lowered program keeps the outputs of the checked one, in order. */
static void check_same_outputs(const ir_program *prog, const sched_program *sp)
{
	const ir_program *lp = sp->lowered->lanes_of ? sp->lowered->lanes_of : sp->lowered;
	if (lp->n_outputs != prog->n_outputs)
		sl_unreachable();
	for (int i = 0; i < prog->n_outputs; i++)
		if (strcmp(lp->outputs[i]->name, prog->outputs[i]->name))
			sl_unreachable();
}

/* An engine's outputs of n_frames frames: "outputs" itself, or for a
 * lane program a heap array of its lanes' (joined by check_join). */
static io_array **check_engine_outputs(const sched_program *sp, io_array **outputs,
	int n_frames)
{
	const ir_program *lp = sp->lowered;
	if (!lp->lanes_of)
		return outputs;
	return sl_xcalloc((size_t) n_frames * lp->n_outputs + 1, sizeof(io_array *));
}

/* The lanes of "got" interleaved into "outputs" (rc == 0), "got" freed. */
static void check_join(const sched_program *sp, io_array **got, io_array **outputs,
	int n_frames, int rc)
{
	const ir_program *lp = sp->lowered;
	if (got == outputs)
		return;
	if (rc == 0) {
		int n_out;
		io_array **j = sim_lanes_join(lp, got, n_frames, &n_out);
		memcpy(outputs, j, (size_t) n_frames * n_out * sizeof(*j));
		free(j);
	}
	for (size_t i = 0; i < (size_t) n_frames * lp->n_outputs; i++)
		io_array_free(got[i]);
	free(got);
}

bool sim_within_budget(sl_ctx *ctx, const sched_program *sp, int n_frames, int64_t max_cycles)
{
	int64_t cycles = sched_frames_predicted_cycles(sp, n_frames > 1 ? n_frames : 1);
	if (cycles <= max_cycles)
		return true;
	const sched_stmt *big = NULL;
	for (int i = 0; i < sp->n_stmts; i++)
		if (!big || sched_n_iters(sp->stmts[i]) > sched_n_iters(big))
			big = sp->stmts[i];
	sl_loc loc = big ? big->decl->loc : sl_noloc;
	sl_error(ctx, loc, "the schedule predicts %lld cycles ('%s' runs %lld iterations%s), "
		"more than the %lld a sim run may take: --max-cycles N raises the budget "
		"(`sluice run` computes the reference alone)", (long long) cycles,
		big ? big->decl->name : "?", big ? (long long) sched_n_iters(big) : 0LL,
		n_frames > 1 ? " a frame" : "", (long long) max_cycles);
	return false;
}

/* Reserve memory for an engine's copy of every output ("copies" arrays
 * of 8-byte values each, one a frame: the most its values take; the
 * Verilator run's cycles are runs, a few bytes a row); the bytes
 * reserved, or -1 (reported). */
static int64_t check_reserve_outputs(sl_ctx *ctx, const ir_program *prog, int copies)
{
	int64_t held = 0;
	for (int i = 0; i < prog->n_outputs; i++) {
		const ir_decl *d = prog->outputs[i];
		int64_t n = 1;
		for (int k = 0; k < d->n_dims; k++)
			n *= d->out_extents[k];
		if (!sl_mem_reserve(ctx, d->loc, "output", d->name, n,
				sizeof(uint64_t) * (size_t) copies)) {
			sl_mem_release(ctx, (uint64_t) held);
			return -1;
		}
		held += n * 8 * copies;
	}
	return held;
}

/* ------------------------------------------------------------------ model */

static int check_live(sl_ctx *ctx, const ub_set *ubs, const sim_model_stats *st)
{
	int rc = 0;
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

/* The first report line of an N-frame run of "engine": cycles against
 * the N-frame prediction, and the values compared. */
static void check_frames_line(FILE *out, const char *engine, const sched_program *sp,
	int n_frames, int64_t cycles, int64_t values)
{
	fprintf(out, "%s: %d frames, %lld cycles (predicted %lld: %lld + %d * period %lld), "
		"%lld output values equal to the reference\n", engine, n_frames,
		(long long) cycles, (long long) sched_frames_predicted_cycles(sp, n_frames),
		(long long) sp->predicted_cycles, n_frames - 1, (long long) sched_frame_period(sp),
		(long long) values);
}

static void check_model_report(FILE *out, const sched_program *sp, const ub_set *ubs,
	const sim_model_stats *st, int n_frames, double seconds)
{
	if (n_frames > 1)
		check_frames_line(out, "model", sp, n_frames, st->cycles, st->outputs_checked);
	else
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
	fprintf(out, "  speed: %.0f cycles/s (model run %.6f s)\n",
		seconds > 0 ? (double) st->cycles / seconds : 0, seconds);
}

/* The reference's outputs of every frame: ref[f * n_outputs + i]; NULL on
 * error (reported). */
static io_array **check_reference_frames(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *in, int n_frames)
{
	size_t n = (size_t) n_frames * prog->n_outputs;
	io_array **ref = sl_xcalloc(n + 1, sizeof(*ref));
	for (int f = 0; f < n_frames; f++)
		if (ref_run(ctx, prog, &in[f], ref + (size_t) f * prog->n_outputs) < 0) {
			for (size_t i = 0; i < n; i++)
				io_array_free(ref[i]);
			free(ref);
			return NULL;
		}
	return ref;
}

int sim_check_model_frames(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const ub_set *ubs, const ref_inputs *in, int n_frames, io_array **outputs,
	FILE *report)
{
	const check_engine *engine = &check_model_engine;
	check_same_outputs(prog, sp);
	sim_model_stats st;
	memset(&st, 0, sizeof st);
	size_t n = (size_t) n_frames * prog->n_outputs;
	io_array **ref = check_reference_frames(ctx, prog, in, n_frames);
	int64_t held = ref ? check_reserve_outputs(ctx, prog, n_frames) : -1;
	sim_lane_inputs li;
	io_array **got = check_engine_outputs(sp, outputs, n_frames);
	double t0 = vl_now();
	int rc = held >= 0 && sim_lane_inputs_make(ctx, prog, sp->lowered, in, n_frames, &li) == 0
		? sim_model_run_frames(ctx, sp, ubs, li.in, n_frames, got, &st) : -1;
	double seconds = vl_now() - t0;
	if (held >= 0)
		sim_lane_inputs_release(ctx, &li);
	check_join(sp, got, outputs, n_frames, rc);
	for (int f = 0; rc == 0 && f < n_frames; f++) {
		size_t k = (size_t) f * prog->n_outputs;
		rc = check_outputs(ctx, engine, prog, ref + k, outputs + k);
		if (rc < 0 && n_frames > 1)
			sl_note(ctx, sl_noloc, "in frame %d of %d", f, n_frames);
	}
	if (rc == 0)
		rc = check_cycles(ctx, engine, prog, sched_frames_predicted_cycles(sp, n_frames),
			st.cycles) | check_live(ctx, ubs, &st);
	if (rc == 0 && report)
		check_model_report(report, sp, ubs, &st, n_frames, seconds);
	sim_model_stats_release(&st);
	for (size_t i = 0; ref && i < n; i++)
		io_array_free(ref[i]);
	free(ref);
	if (rc < 0) {
		for (size_t i = 0; i < n; i++) {
			io_array_free(outputs[i]);
			outputs[i] = NULL;
		}
		sl_mem_release(ctx, held > 0 ? (uint64_t) held : 0);
	}
	return rc;
}

int sim_check_model(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const ub_set *ubs, const ref_inputs *in, io_array **outputs, FILE *report)
{
	return sim_check_model_frames(ctx, prog, sp, ubs, in, 1, outputs, report);
}

/* -------------------------------------------------------------- Verilator */

static void check_vl_report(FILE *out, const sched_program *sp,
	const vl_stats *st, int n_frames, double t0)
{
	int64_t clocks = st->axis_runs ? st->axis_wall : st->cycles;
	double speed = st->run_seconds > 0 ? (double) clocks / st->run_seconds : 0;
	if (n_frames > 1)
		check_frames_line(out, "verilator", sp, n_frames, st->cycles, st->outputs_received);
	else
		fprintf(out, "verilator: %lld cycles (predicted %lld), %lld output values "
			"equal to the reference\n", (long long) st->cycles,
			(long long) sp->predicted_cycles, (long long) st->outputs_received);
	if (st->axis_runs)
		fprintf(out, "  axis: %lld runs back to back (unstalled; per seed 90%%, 50%%, 10%% "
			"duty, bursts, a sink ready only when valid%s): %lld checked runs bit-exact with the unstalled one in %lld enabled "
			"cycles each; protocol monitor and TREADY independence (%lld checks) clean; "
			"%lld clock cycles, %lld stalled\n", (long long) st->axis_runs,
			st->axis_runs > st->axis_checked ? "; a reset mid-frame; framing errors" : "",
			(long long) st->axis_checked, (long long) st->cycles,
			(long long) st->axis_dep_checks, (long long) st->axis_wall,
			(long long) st->axis_stalls);
	if (st->cached)
		fprintf(out, "  build: cached\n");
	else
		fprintf(out, "  build: verilated in %.2f s\n", st->build_seconds);
	fprintf(out, "  speed: %.0f cycles/s (model run %.6f s), wall %.3f s\n",
		speed, st->run_seconds, vl_now() - t0);
}

static void check_netlist_report(FILE *out, const ir_program *prog,
	const sched_program *sp, const vl_stats *st, double t0)
{
	fprintf(out, "netlist check: %d output%s, %lld elements, bit-exact, cycles %lld "
		"== predicted %lld\n", prog->n_outputs, prog->n_outputs == 1 ? "" : "s",
		(long long) st->outputs_received, (long long) st->cycles,
		(long long) sp->predicted_cycles);
	if (st->cached)
		fprintf(out, "  build: cached; wall %.2f s\n", vl_now() - t0);
	else
		fprintf(out, "  build: verilated in %.2f s; wall %.2f s\n", st->build_seconds,
			vl_now() - t0);
}

/* The reference's frames, computed while the hardware runs
 * (vl_options.during). */
typedef struct check_ref_job {
	sl_ctx *ctx;
	const ir_program *prog;
	const ref_inputs *in;
	int n_frames;
	io_array **ref;		/* NULL: not run, or it failed (reported) */
	bool ran;
} check_ref_job;

static void check_ref_during(void *arg)
{
	check_ref_job *j = arg;
	j->ref = check_reference_frames(j->ctx, j->prog, j->in, j->n_frames);
	j->ran = true;
}

/* Report the first difference of frame f (check_find's output "which",
 * element k), with the cycle the hardware presented it in: the frame's
 * cycles as arrays (vl_cycles_frame), joined like the values for a lane
 * program. */
static void check_vl_mismatch(sl_ctx *ctx, const check_engine *engine,
	const ir_program *prog, const sched_program *sp, const vl_cycles *cyc, int f,
	io_array **ref, io_array **got, int which, int64_t k)
{
	const ir_program *lp = sp->lowered;
	io_array **when = sl_xcalloc((size_t) lp->n_outputs + 1, sizeof(*when));
	vl_cycles_frame(cyc, sp, f, when);
	io_array **joined = when;
	if (lp->lanes_of) {
		int n_out;
		joined = sim_lanes_join(lp, when, 1, &n_out);
	}
	check_report(ctx, engine, prog->outputs[which], ref[which], got[which], k,
		joined[which]);
	for (int i = 0; i < lp->n_outputs; i++)
		io_array_free(when[i]);
	if (joined != when) {
		for (int i = 0; i < prog->n_outputs; i++)
			io_array_free(joined[i]);
		free(joined);
	}
	free(when);
}

/* The reference's n outputs freed (and "ref"), and after a failure (rc <
 * 0) the engine's too, set to NULL. */
static void check_release(io_array **ref, io_array **outputs, size_t n, int rc)
{
	for (size_t i = 0; i < n; i++) {
		if (ref)
			io_array_free(ref[i]);
		if (rc < 0) {
			io_array_free(outputs[i]);
			outputs[i] = NULL;
		}
	}
	free(ref);
}

int sim_check_verilator(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const char *top, const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *vopts, io_array **outputs, FILE *report)
{
	return sim_check_verilator_verdict(ctx, prog, sp, top, verilog, len, in, vopts, outputs,
		report, NULL);
}

int sim_check_verilator_verdict(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const char *top, const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *vopts, io_array **outputs, FILE *report, sim_verdict *v)
{
	bool netlist = vopts->cell_lib != NULL;
	const check_engine *engine = netlist ? &check_netlist_engine : &check_vl_engine;
	double t0 = vl_now();
	check_same_outputs(prog, sp);
	vl_stats st;
	memset(&st, 0, sizeof st);
	vl_options o = *vopts;
	int nf = o.frames > 1 ? o.frames : 1;
	size_t n = (size_t) nf * prog->n_outputs;
	io_array **got = check_engine_outputs(sp, outputs, nf);
	vl_cycles cyc = { 0, NULL };
	o.cycles = &cyc;
	/* the reference runs while the hardware does */
	check_ref_job job = { ctx, prog, in, nf, NULL, false };
	o.during = check_ref_during;
	o.during_arg = &job;
	int64_t held = check_reserve_outputs(ctx, prog, nf);
	sim_lane_inputs li;
	int rc = held >= 0 && sim_lane_inputs_make(ctx, prog, sp->lowered, in, nf, &li) == 0
		? vl_run(ctx, sp, top, verilog, len, li.in, &o, got, &st) : -1;
	if (held >= 0)
		sim_lane_inputs_release(ctx, &li);
	if (rc == 0 && !job.ran)
		sl_unreachable();	/* a run that succeeded has run its testbench */
	if (!job.ref)
		rc = -1;
	check_join(sp, got, outputs, nf, rc);
	bool ran = rc == 0;
	for (int f = 0; rc == 0 && f < nf; f++) {
		size_t k = (size_t) f * prog->n_outputs;
		int which;
		int64_t at;
		rc = check_find(prog, job.ref + k, outputs + k, &which, &at);
		if (rc < 0) {
			check_vl_mismatch(ctx, engine, prog, sp, &cyc, f, job.ref + k, outputs + k,
				which, at);
			if (nf > 1)
				sl_note(ctx, sl_noloc, "in frame %d of %d", f, nf);
		}
	}
	if (v)
		*v = (sim_verdict) { ran, ran && rc == 0, ran ? st.cycles : 0,
			sched_frames_predicted_cycles(sp, nf) };
	if (rc == 0)
		rc = check_cycles(ctx, engine, prog, sched_frames_predicted_cycles(sp, nf), st.cycles);
	if (rc == 0 && report && netlist)
		check_netlist_report(report, prog, sp, &st, t0);
	else if (rc == 0 && report)
		check_vl_report(report, sp, &st, nf, t0);
	check_release(job.ref, outputs, n, rc);
	vl_cycles_release(&cyc);
	if (held > 0 && rc < 0)
		sl_mem_release(ctx, (uint64_t) held);
	return rc;
}

/* ------------------------------------------------ several sizes (--size) */

/* One size of sim_check_verilator_sizes while it runs. */
typedef struct check_vl_size {
	io_array **got;		/* the engine's outputs (the lanes', with lanes) */
	vl_cycles cyc;
	vl_stats st;
	check_ref_job job;
	sim_lane_inputs li;
	int64_t held;		/* bytes reserved for the outputs, or -1 */
	bool li_made;
} check_vl_size;

typedef struct check_sizes_refs {
	check_vl_size *cs;
	int n;
} check_sizes_refs;

/* Every size's reference, while the hardware runs. */
static void check_sizes_during(void *arg)
{
	check_sizes_refs *r = arg;
	for (int i = 0; i < r->n; i++)
		check_ref_during(&r->cs[i].job);
}

/* Size i's state before the run: its outputs, inputs and reference job;
 * 0, or -1 (reported). */
static int check_size_open(sl_ctx *ctx, const sim_size *z, int nf, check_vl_size *c)
{
	check_same_outputs(z->prog, z->sp);
	c->got = check_engine_outputs(z->sp, z->outputs, nf);
	c->job = (check_ref_job) { ctx, z->prog, z->in, nf, NULL, false };
	c->held = check_reserve_outputs(ctx, z->prog, nf);
	c->li_made = c->held >= 0 &&
		sim_lane_inputs_make(ctx, z->prog, z->sp->lowered, z->in, nf, &c->li) == 0;
	return c->li_made ? 0 : -1;
}

/* Size i after a run that went through ("rc" 0): its outputs joined,
 * compared frame by frame, its cycles against its prediction, its
 * report; 0, or -1 (reported, naming the size). */
static int check_size_close(sl_ctx *ctx, const sim_size *z, int i, int n, int nf,
	check_vl_size *c, int rc, FILE *report, double t0)
{
	const ir_program *prog = z->prog;
	bool ran = rc == 0;
	if (!c->job.ref)
		rc = -1;
	check_join(z->sp, c->got, z->outputs, nf, rc);
	for (int f = 0; rc == 0 && f < nf; f++) {
		size_t k = (size_t) f * prog->n_outputs;
		int which;
		int64_t at;
		rc = check_find(prog, c->job.ref + k, z->outputs + k, &which, &at);
		if (rc < 0) {
			check_vl_mismatch(ctx, &check_vl_engine, prog, z->sp, &c->cyc, f, c->job.ref + k,
				z->outputs + k, which, at);
			if (nf > 1)
				sl_note(ctx, sl_noloc, "in frame %d of %d", f, nf);
		}
	}
	if (rc == 0)
		rc = check_cycles(ctx, &check_vl_engine, prog, sched_frames_predicted_cycles(z->sp, nf),
			c->st.cycles);
	if (rc < 0 && ran)
		sl_note(ctx, sl_noloc, "at --size %s, size %d of %d", z->label, i + 1, n);
	if (rc == 0 && report) {
		fprintf(report, "size %d of %d (%s):\n", i + 1, n, z->label);
		check_vl_report(report, z->sp, &c->st, nf, t0);
	}
	check_release(c->job.ref, z->outputs, (size_t) nf * prog->n_outputs, rc);
	vl_cycles_release(&c->cyc);
	if (c->held > 0 && rc < 0)
		sl_mem_release(ctx, (uint64_t) c->held);
	return rc;
}

int sim_check_verilator_sizes(sl_ctx *ctx, int n, const sim_size *sizes, const char *top,
	const char *verilog, size_t len, const vl_options *vopts, FILE *report)
{
	double t0 = vl_now();
	vl_options o = *vopts;
	int nf = o.frames > 1 ? o.frames : 1, rc = 0;
	check_vl_size *cs = sl_xcalloc((size_t) n + 1, sizeof(*cs));
	vl_size *more = sl_xcalloc((size_t) n + 1, sizeof(*more));
	for (int i = 0; i < n; i++) {
		if (check_size_open(ctx, &sizes[i], nf, &cs[i]) < 0)
			rc = -1;
		if (i > 0)
			more[i - 1] = (vl_size) { sizes[i].sp, cs[i].li.in, sizes[i].config,
				sizes[i].config_len, cs[i].got, &cs[i].cyc, &cs[i].st, sizes[i].pub };
	}
	check_sizes_refs refs = { cs, n };
	o.config = sizes[0].config;
	o.config_len = sizes[0].config_len;
	o.pub = sizes[0].pub;
	o.cycles = &cs[0].cyc;
	o.n_more = n - 1;
	o.more = more;
	o.during = check_sizes_during;
	o.during_arg = &refs;
	if (rc == 0)
		rc = vl_run(ctx, sizes[0].sp, top, verilog, len, cs[0].li.in, &o, cs[0].got, &cs[0].st);
	for (int i = 0; i < n; i++) {
		if (cs[i].li_made)
			sim_lane_inputs_release(ctx, &cs[i].li);
		cs[i].st.cached = cs[0].st.cached;
		cs[i].st.build_seconds = cs[0].st.build_seconds;
	}
	int all = rc;
	for (int i = 0; i < n; i++)
		if (check_size_close(ctx, &sizes[i], i, n, nf, &cs[i], rc, report, t0) < 0)
			all = -1;
	free(more);
	free(cs);
	return all;
}
