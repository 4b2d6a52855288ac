/* tests/bench/speed_tool.c: how fast the reference and the cycle-level
 * model compute one program, in one process, for tests/bench/sim_bench.sh.
 *   sluice_speed PROG.sl [--seed N] [-n REPS] [--model] [--c-gaussian] [--cref]
 * Inputs are the seeded values `sluice run --seed N` uses (default 1).
 * Prints, as "key value" lines, the best of REPS runs (default 3), in
 * CPU seconds of the process's thread:
 *   ref_rows_s     the reference's row kernels (what `sluice run` uses)
 *   ref_tree_s     the tree-walking evaluator (one run)
 *   c_loop_s       --c-gaussian: a hand-written C loop computing the 3x3
 *                  Gaussian of examples/gaussian*.sl on u8 arrays
 *   cref_load_s, cref_pack_s, cref_compute_s, cref_unpack_s, cref_s
 *                  --cref: the compiled reference (ref/cref.c): its
 *                  parts as ref_cref_last_times gives them (each the best
 *                  of REPS) and its whole ref_run_engine, after one run
 *                  that builds or finds the kernel
 *   model_s, model_wall_s, model_cycles, model_cycles_per_s
 *                  --model: sim_model_run (CPU seconds, and wall-clock
 *                  seconds for a like-for-like look at Verilator's)
 *   model_cycles_only_s
 *                  --model: sim_model_run without output arrays (no
 *                  values: reads, cycles and live values; CPU seconds)
 * and exits 1 when the two evaluators (or the C loop, the compiled
 * reference, or the model)
 * disagree on any output bit. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flow/flow.h"
#include "frontend/frontend.h"
#include "sim/sim.h"

/* CPU seconds of this thread: on a loaded machine, the time waiting for a
 * core is not counted (wall-clock figures come from sim_bench.sh). */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static void free_outs(io_array **o, int n)
{
	for (int i = 0; i < n; i++) {
		io_array_free(o[i]);
		o[i] = NULL;
	}
}

static bool same(io_array *const *a, io_array *const *b, int n)
{
	for (int i = 0; i < n; i++)
		if (!a[i] || !b[i] || a[i]->size != b[i]->size
		    || memcmp(a[i]->data, b[i]->data, (size_t) a[i]->size * 8))
			return false;
	return true;
}

/* The blur of examples/gaussian.sl as one would write it by hand: u8 in,
 * u8 out, the weighted sum in an unsigned int. */
static void c_gaussian(const unsigned char *in, int h, int w, unsigned char *out)
{
	static const unsigned k[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
	for (int y = 0; y < h - 2; y++)
		for (int x = 0; x < w - 2; x++) {
			unsigned s = 0;
			for (int r = 0; r < 3; r++)
				for (int c = 0; c < 3; c++)
					s += in[(y + r) * w + x + c] * k[r][c];
			out[y * (w - 2) + x] = (unsigned char) (s / 16);
		}
}

/* The C loop, timed, checked against the reference's output "ref". */
static int time_c_loop(const io_array *in, const io_array *ref, int reps)
{
	int h = (int) in->dims[0], w = (int) in->dims[1];
	unsigned char *a = malloc((size_t) h * w), *o = malloc((size_t) h * w);
	for (int64_t i = 0; i < in->size; i++)
		a[i] = (unsigned char) in->data[i];
	double best = 1e9;
	for (int k = 0; k < reps; k++) {
		double t0 = now();
		c_gaussian(a, h, w, o);
		double t = now() - t0;
		best = t < best ? t : best;
	}
	bool ok = ref->size == (int64_t) (h - 2) * (w - 2);
	for (int64_t i = 0; ok && i < ref->size; i++)
		ok = ref->data[i] == o[i];
	printf("c_loop_s %.6f\n", best);
	free(a);
	free(o);
	return ok ? 0 : -1;
}

/* The compiled reference, timed, checked against "ref". */
static int time_cref(sl_ctx *ctx, const ir_program *prog, const ref_inputs *in,
	io_array **ref, int reps)
{
	int n = prog->n_outputs;
	io_array **got = sl_xcalloc((size_t) n + 1, sizeof(*got));
	int rc = ref_run_engine(ctx, prog, in, got, REF_ENGINE_C);
	if (rc == 0 && !same(got, ref, n))
		rc = -1;
	free_outs(got, n);
	ref_cref_times best = { 1e9, 1e9, 1e9, 1e9 };
	double whole = 1e9;
	for (int k = 0; k < reps && rc == 0; k++) {
		double t0 = now();
		rc = ref_run_engine(ctx, prog, in, got, REF_ENGINE_C);
		double t = now() - t0;
		ref_cref_times c = ref_cref_last_times();
		whole = t < whole ? t : whole;
		best.load_s = c.load_s < best.load_s ? c.load_s : best.load_s;
		best.pack_s = c.pack_s < best.pack_s ? c.pack_s : best.pack_s;
		best.compute_s = c.compute_s < best.compute_s ? c.compute_s : best.compute_s;
		best.unpack_s = c.unpack_s < best.unpack_s ? c.unpack_s : best.unpack_s;
		if (rc == 0 && !same(got, ref, n))
			rc = -1;
		free_outs(got, n);
	}
	free(got);
	printf("cref_load_s %.6f\ncref_pack_s %.6f\ncref_compute_s %.6f\ncref_unpack_s %.6f\n"
		"cref_s %.6f\n", best.load_s, best.pack_s, best.compute_s, best.unpack_s, whole);
	return rc;
}

static int time_model(sl_ctx *ctx, const flow_design *d, const ref_inputs *in,
	io_array **ref, int reps)
{
	int n = d->prog->n_outputs;
	io_array **got = sl_xcalloc((size_t) n + 1, sizeof(*got));
	double best = 1e9, best_wall = 1e9;
	int64_t cycles = 0;
	int rc = 0;
	for (int k = 0; k < reps && rc == 0; k++) {
		sim_model_stats st;
		double t0 = now(), w0 = wall();
		rc = sim_model_run(ctx, d->sp, d->ubs, in, got, &st);
		double t = now() - t0, w = wall() - w0;
		best = t < best ? t : best;
		best_wall = w < best_wall ? w : best_wall;
		cycles = st.cycles;
		if (rc == 0 && !same(got, ref, n))
			rc = -1;
		if (rc == 0)
			sim_model_stats_release(&st);
		free_outs(got, n);
	}
	free(got);
	printf("model_s %.6f\nmodel_wall_s %.6f\nmodel_cycles %lld\nmodel_cycles_per_s %.0f\n",
		best, best_wall, (long long) cycles, (double) cycles / best);
	double best_cyc = 1e9;
	for (int k = 0; k < reps && rc == 0; k++) {
		sim_model_stats st;
		double t0 = now();
		rc = sim_model_run(ctx, d->sp, d->ubs, in, NULL, &st);
		best_cyc = now() - t0 < best_cyc ? now() - t0 : best_cyc;
		if (rc == 0 && st.cycles != cycles)
			rc = -1;
		if (rc == 0)
			sim_model_stats_release(&st);
	}
	printf("model_cycles_only_s %.6f\n", best_cyc);
	return rc;
}

static int speed(sl_ctx *ctx, const char *path, uint64_t seed, int reps, bool model,
	bool c_loop, bool cref)
{
	flow_options fo;
	flow_options_default(&fo);
	flow_design *d = model ? flow_compile(ctx, path, &fo) : NULL;
	const ir_program *prog = model ? (d ? d->prog : NULL) : fe_compile_file(ctx, path);
	if (!prog)
		return -1;
	int n = prog->n_outputs;
	ref_inputs in = { 0, sl_xcalloc((size_t) prog->n_decls + 1, sizeof(ir_decl *)),
		sl_xcalloc((size_t) prog->n_decls + 1, sizeof(io_array *)), false, 0 };
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *dc = prog->decls[i];
		if (dc->kind != IR_DECL_INPUT)
			continue;
		in.decls[in.n] = dc;
		in.arrays[in.n++] = io_random_array(dc->type, dc->n_dims, dc->extents, seed,
			dc->name);
	}
	io_array **rows = sl_xcalloc((size_t) n + 1, sizeof(*rows));
	io_array **tree = sl_xcalloc((size_t) n + 1, sizeof(*tree));
	double best = 1e9;
	int rc = 0;
	for (int k = 0; k < reps && rc == 0; k++) {
		free_outs(rows, n);
		double t0 = now();
		rc = ref_run_engine(ctx, prog, &in, rows, REF_ENGINE_ROWS);
		double t = now() - t0;
		best = t < best ? t : best;
	}
	double t0 = now();
	if (rc == 0)
		rc = ref_run_engine(ctx, prog, &in, tree, REF_ENGINE_TREE);
	double tt = now() - t0;
	printf("ref_rows_s %.6f\nref_tree_s %.6f\n", best, tt);
	if (rc == 0 && !same(rows, tree, n)) {
		fprintf(stderr, "sluice_speed: the two evaluators differ\n");
		rc = -1;
	}
	if (rc == 0 && c_loop && (in.n != 1 || time_c_loop(in.arrays[0], rows[0], reps) < 0)) {
		fprintf(stderr, "sluice_speed: the C loop differs from the reference\n");
		rc = -1;
	}
	if (rc == 0 && cref && time_cref(ctx, prog, &in, rows, reps) < 0) {
		fprintf(stderr, "sluice_speed: the compiled reference failed or differs\n");
		rc = -1;
	}
	if (rc == 0 && model && time_model(ctx, d, &in, rows, reps) < 0) {
		fprintf(stderr, "sluice_speed: the model failed or differs\n");
		rc = -1;
	}
	free_outs(rows, n);
	free_outs(tree, n);
	for (int i = 0; i < in.n; i++)
		io_array_free(in.arrays[i]);
	free(rows);
	free(tree);
	free(in.decls);
	free(in.arrays);
	flow_free(d);
	return rc;
}

int main(int argc, char **argv)
{
	uint64_t seed = 1;
	int reps = 3;
	bool model = false, c_loop = false, cref = false;
	const char *path = NULL;
	sl_define defs[16];
	int n_defs = 0;
	for (int i = 1; i < argc; i++) {
		char *eq = i + 1 < argc ? strchr(argv[i + 1], '=') : NULL;
		if (!strcmp(argv[i], "-D") && eq && n_defs < 16) {
			*eq = 0;
			defs[n_defs].name = argv[++i];
			defs[n_defs++].value = strtoll(eq + 1, NULL, 10);
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--model"))
			model = true;
		else if (!strcmp(argv[i], "--c-gaussian"))
			c_loop = true;
		else if (!strcmp(argv[i], "--cref"))
			cref = true;
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			path = NULL, i = argc;
	}
	if (!path || reps < 1) {
		fprintf(stderr, "usage: sluice_speed PROG.sl [-D NAME=VALUE]... [--seed N] [-n REPS] "
			"[--model] [--c-gaussian] [--cref]\n");
		return 2;
	}
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_defines(ctx, defs, n_defs);
	int rc = speed(ctx, path, seed, reps, model, c_loop, cref);
	sl_ctx_free(ctx);
	return rc < 0 ? 1 : 0;
}
