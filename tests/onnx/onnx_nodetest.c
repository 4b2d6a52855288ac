/* tests/onnx/onnx_nodetest.c: one ONNX backend node test through sluice.
 * Stage: a test tool on onnx/ and io/ (tests/onnx.cmake).
 *
 *   onnx_nodetest SLUICE TESTDIR WORKDIR
 *
 * reads TESTDIR/test_data_set_0/input_*.pb (TensorProto), imports
 * TESTDIR/model.onnx with those values offered for folding (the inputs
 * an operand needs at compile time: Pad's pads, Trilu's k, the scales of
 * QLinear*), writes every other input as WORKDIR/NAME.npy, runs
 * `SLUICE run` on the model (on WORKDIR/model.sl when something was
 * folded) and compares every output with output_N.pb bit for bit.
 * Prints one line, "PASS NAME", "SKIP NAME: reason" or "FAIL NAME:
 * reason"; exits 0, 77 (skip) or 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "onnx/onnx.h"

enum { MAX_TENSORS = 32, EXIT_SKIP = 77 };

static char *reason_buf;
static size_t reason_len;

/* The first diagnostic, without its "PATH: error: " prefix. */
static const char *first_reason(void)
{
	if (!reason_buf || !*reason_buf)
		return "no diagnostic";
	char *nl = strchr(reason_buf, '\n');
	if (nl)
		*nl = 0;
	char *e = strstr(reason_buf, ": error: ");
	return e ? e + 9 : reason_buf;
}

static sl_ctx *quiet_ctx(FILE **diag)
{
	sl_ctx *ctx = sl_ctx_alloc();
	free(reason_buf);
	reason_buf = NULL;
	*diag = open_memstream(&reason_buf, &reason_len);
	sl_ctx_set_diag_stream(ctx, *diag);
	return ctx;
}

static void finish_ctx(sl_ctx *ctx, FILE *diag)
{
	sl_ctx_free(ctx);
	fclose(diag);
}

static int verdict(const char *kind, const char *test, const char *why, int rc)
{
	printf("%s %s%s%s\n", kind, test, why ? ": " : "", why ? why : "");
	return rc;
}

/* The test's tensors "KIND_N.pb", N = 0, 1, ...: their count. */
static int read_tensors(const char *dir, const char *kind, io_array **a, char **names,
	char **why)
{
	int n = 0;
	for (; n < MAX_TENSORS; n++) {
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/test_data_set_0/%s_%d.pb", dir, kind, n);
		if (stat(path, &st) != 0)
			break;
		FILE *diag;
		sl_ctx *ctx = quiet_ctx(&diag);
		a[n] = onnx_read_tensor(ctx, path, &names[n]);
		finish_ctx(ctx, diag);
		if (!a[n] && !*why)
			*why = strdup(first_reason());
	}
	return n;
}

static bool same(const io_array *x, const io_array *y)
{
	if (x->n_dims != y->n_dims || x->size != y->size)
		return false;
	for (int d = 0; d < x->n_dims; d++)
		if (x->dims[d] != y->dims[d])
			return false;
	return !memcmp(x->data, y->data, (size_t) x->size * sizeof(uint64_t));
}

/* Compare output i with WORK/out/NAME.npy. */
static int compare(const char *test, const char *work, const char *name, io_array *want)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/out/%s.npy", work, name);
	FILE *diag;
	sl_ctx *ctx = quiet_ctx(&diag);
	io_array *got = io_npy_read(ctx, path, sl_noloc, want->type, want->n_dims, want->dims);
	finish_ctx(ctx, diag);
	if (!got)
		return verdict("FAIL", test, first_reason(), 1);
	bool ok = same(got, want);
	int64_t i = 0;
	while (!ok && i < want->size && got->data[i] == want->data[i])
		i++;
	char msg[256];
	if (!ok)
		snprintf(msg, sizeof msg, "output '%s' differs at element %lld: %llu, not %llu", name,
			(long long) i, (unsigned long long) got->data[i],
			(unsigned long long) want->data[i]);
	io_array_free(got);
	return ok ? 0 : verdict("FAIL", test, msg, 1);
}

/* Import with the inputs offered for folding; the result in *res. */
static int import(const char *model, const char *work, io_array **in, char **names, int n,
	onnx_result *res, int *n_values)
{
	onnx_value vals[MAX_TENSORS];
	int k = 0;
	for (int i = 0; i < n; i++)
		if (in[i] && names[i])
			vals[k++] = (onnx_value) { names[i], in[i] };
	char prog[4096];
	snprintf(prog, sizeof prog, "%s/model.sl", work);
	onnx_options o = { .out = prog, .n_values = k, .values = vals, .quiet = true };
	FILE *diag;
	sl_ctx *ctx = quiet_ctx(&diag);
	int rc = onnx_import(ctx, model, &o, res);
	finish_ctx(ctx, diag);
	*n_values = k;
	return rc;
}

/* The argv of `sluice run`, the inputs not folded written as .npy. */
static char **run_args(const char *sluice, const char *model, const char *work,
	const onnx_result *res, io_array **in, char **names, int n, bool folded)
{
	char **argv = calloc((size_t) (2 * res->n_inputs + 8), sizeof(char *));
	int k = 0;
	argv[k++] = strdup(sluice);
	argv[k++] = strdup("run");
	char buf[8192];
	snprintf(buf, sizeof buf, "%s/model.sl", work);
	argv[k++] = strdup(folded ? buf : model);
	for (int i = 0; i < res->n_inputs; i++) {
		for (int j = 0; j < n; j++)
			if (in[j] && names[j] && !strcmp(names[j], res->input_onnx[i])) {
				snprintf(buf, sizeof buf, "%s/%s.npy", work, res->input_sl[i]);
				sl_ctx *ctx = sl_ctx_alloc();
				io_npy_write(ctx, buf, in[j]);
				sl_ctx_free(ctx);
			}
		argv[k++] = strdup("--input");
		snprintf(buf, sizeof buf, "%s=%s/%s.npy", res->input_sl[i], work, res->input_sl[i]);
		argv[k++] = strdup(buf);
	}
	argv[k++] = strdup("-o");
	snprintf(buf, sizeof buf, "%s/out", work);
	argv[k++] = strdup(buf);
	return argv;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: onnx_nodetest SLUICE TESTDIR WORKDIR\n");
		return 2;
	}
	const char *dir = argv[2], *work = argv[3];
	const char *test = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
	char model[4096], log[4096];
	snprintf(model, sizeof model, "%s/model.onnx", dir);
	snprintf(log, sizeof log, "%s/run.log", work);
	if (sl_make_dir(work) < 0)
		return verdict("FAIL", test, "cannot make the work directory", 1);
	io_array *in[MAX_TENSORS] = { 0 }, *out[MAX_TENSORS] = { 0 };
	char *in_names[MAX_TENSORS] = { 0 }, *out_names[MAX_TENSORS] = { 0 }, *why = NULL;
	int n_in = read_tensors(dir, "input", in, in_names, &why);
	onnx_result res;
	int n_values;
	if (import(model, work, in, in_names, n_in, &res, &n_values) < 0)
		return verdict("SKIP", test, first_reason(), EXIT_SKIP);
	bool folded = false;
	for (int i = 0; i < n_values; i++)
		folded |= res.folded[i];
	for (int i = 0; i < res.n_inputs; i++)
		for (int j = 0; j < n_in; j++)
			if (!in[j] && in_names[j] && !strcmp(in_names[j], res.input_onnx[i]))
				return verdict("SKIP", test, why, EXIT_SKIP);
	char *w2 = NULL;
	int n_out = read_tensors(dir, "output", out, out_names, &w2);
	if (w2 || n_out != res.n_outputs)
		return verdict("SKIP", test, w2 ? w2 : "the outputs do not match the graph's", EXIT_SKIP);
	char **args = run_args(argv[1], model, work, &res, in, in_names, n_in, folded);
	int rc = sl_spawn(args, log);
	if (rc != 0) {
		char msg[4200];
		snprintf(msg, sizeof msg, "sluice run exited %d (see %s)", rc, log);
		return verdict("FAIL", test, msg, 1);
	}
	for (int i = 0; i < n_out; i++)
		if (compare(test, work, res.output_sl[i], out[i]))
			return 1;
	return verdict("PASS", test, NULL, 0);
}
