/* tests/fuzz/fuzz_frontend.c: libFuzzer target for the front end.
 * Stage: tests.  Each input is a program text: it is compiled with
 * diagnostics thrown away, and when it compiles and is small enough, the
 * CPU reference runs it on seeded random inputs.  Nothing may crash,
 * hang, leak or trip a sanitizer, whatever the bytes.  Built with
 * -DFUZZ_REPLAY, it exports fuzz_frontend_one() for tests/fuzz/replay.c
 * instead of the libFuzzer entry point. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "ref/ref.h"

#ifndef SLUICE_SOURCE_DIR
#define SLUICE_SOURCE_DIR "."
#endif

/* A program's path: file("...") consts resolve against examples/, so
 * the .npy files there can be named by the fuzzer. */
#define FUZZ_PATH SLUICE_SOURCE_DIR "/examples/fuzz.sl"

/* The most work the reference may do for one input (expression nodes
 * evaluated), and the most values of all inputs together. */
#define FUZZ_MAX_WORK ((__int128) 2000000)
#define FUZZ_MAX_INPUT ((__int128) 100000)

int fuzz_frontend_one(const uint8_t *data, size_t size);

/* Paths that leave examples/ (absolute, or through "..") could name
 * devices or huge files that block or exhaust memory: not the front
 * end's business, so such inputs are skipped. */
static int fuzz_unsafe_path(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 1 < size; i++) {
		if (data[i] == '"' && data[i + 1] == '/')
			return 1;
		if (data[i] == '.' && data[i + 1] == '.' && i + 2 < size && data[i + 2] == '/')
			return 1;
	}
	return 0;
}

/* Expression nodes evaluated for one value of "e", saturating. */
static __int128 fuzz_expr_work(const ir_expr *e)
{
	__int128 w = 1;
	for (int i = 0; i < e->n_args; i++)
		w += fuzz_expr_work(e->args[i]);
	if (e->kind == IR_REDUCE) {
		__int128 n = 1;
		for (int i = 0; i < e->u.reduce.n_rvars && n <= FUZZ_MAX_WORK; i++)
			n *= (__int128) e->u.reduce.rvars[i].hi - e->u.reduce.rvars[i].lo;
		w += n * fuzz_expr_work(e->u.reduce.body);
	}
	return w > FUZZ_MAX_WORK ? FUZZ_MAX_WORK + 1 : w;
}

static __int128 fuzz_points(int n_dims, const int64_t *ext)
{
	__int128 n = 1;
	for (int i = 0; i < n_dims && n <= FUZZ_MAX_WORK; i++)
		n *= (__int128) ext[i];
	return n;
}

/* Is "prog" cheap enough to run in the reference? */
static int fuzz_small(const ir_program *prog)
{
	__int128 work = 0, inputs = 0;
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind == IR_DECL_INPUT)
			inputs += fuzz_points(d->n_dims, d->extents);
		else if (d->kind == IR_DECL_FUNC && !d->dom_empty)
			work += fuzz_points(d->n_dims, d->dom_ext) * fuzz_expr_work(d->body);
		if (inputs > FUZZ_MAX_INPUT || work > FUZZ_MAX_WORK)
			return 0;
	}
	return 1;
}

/* FNV-1a of the input: the seed of its random inputs. */
static uint64_t fuzz_seed(const uint8_t *data, size_t size)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * UINT64_C(0x100000001b3);
	return h;
}

static void fuzz_run_reference(sl_ctx *ctx, const ir_program *prog, uint64_t seed)
{
	ref_inputs in = { 0, NULL, NULL, false, 0 };
	in.decls = calloc((size_t) prog->n_decls + 1, sizeof(*in.decls));
	in.arrays = calloc((size_t) prog->n_decls + 1, sizeof(*in.arrays));
	io_array **outs = calloc((size_t) prog->n_outputs + 1, sizeof(*outs));
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_INPUT)
			continue;
		in.decls[in.n] = d;
		in.arrays[in.n++] = io_random_array(d->type, d->n_dims, d->extents, seed, d->name);
	}
	ref_run(ctx, prog, &in, outs);
	for (int i = 0; i < prog->n_outputs; i++)
		io_array_free(outs[i]);
	for (int i = 0; i < in.n; i++)
		io_array_free(in.arrays[i]);
	free(outs);
	free(in.arrays);
	free(in.decls);
}

int fuzz_frontend_one(const uint8_t *data, size_t size)
{
	static FILE *null_out;
	if (fuzz_unsafe_path(data, size))
		return 0;
	if (!null_out)
		null_out = fopen("/dev/null", "w");
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_diag_stream(ctx, null_out);
	ir_program *prog = fe_compile_text(ctx, FUZZ_PATH, (const char *) data, size);
	if (prog && fuzz_small(prog))
		fuzz_run_reference(ctx, prog, fuzz_seed(data, size));
	sl_ctx_free(ctx);
	return 0;
}

#ifndef FUZZ_REPLAY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_frontend_one(data, size);
}
#endif
