/* tests/fuzz/fuzz_npy.c: libFuzzer target for the .npy reader.
 * Stage: tests.  The first byte of an input picks what the caller wants
 * (element type, and whether the shape comes from the next bytes or from
 * the header itself, so that the data conversion is reached often); the
 * rest is the file, handed to io_npy_read() through a memfd.  Any bytes
 * must give an array or an error, never a crash.  Built with
 * -DFUZZ_REPLAY, it exports fuzz_npy_one() for tests/fuzz/replay.c. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "io/io.h"

/* The most values the wanted shape may have. */
#define NPYF_MAX_SIZE ((int64_t) 1 << 22)

int fuzz_npy_one(const uint8_t *data, size_t size);

/* The caller's request: element type and shape. */
typedef struct npyf_want {
	ir_type type;
	int n_dims;
	int64_t dims[8];
} npyf_want;

/* Read up to 8 numbers after "'shape'" in the header, as a caller that
 * agrees with the file would.  0 when there is no usable shape. */
static int npyf_shape_from_header(const uint8_t *f, size_t n, npyf_want *w)
{
	const char *key = "'shape'";
	size_t kl = strlen(key), i = 0;
	while (i + kl <= n && memcmp(f + i, key, kl) != 0)
		i++;
	if (i + kl > n)
		return 0;
	int64_t total = 1;
	w->n_dims = 0;
	for (i += kl; i < n && f[i] != ')' && w->n_dims < 8; i++) {
		if (f[i] < '0' || f[i] > '9')
			continue;
		int64_t v = 0;
		while (i < n && f[i] >= '0' && f[i] <= '9' && v < NPYF_MAX_SIZE)
			v = v * 10 + (f[i++] - '0');
		if (v == 0 || v > NPYF_MAX_SIZE / total)
			return 0;
		total *= v;
		w->dims[w->n_dims++] = v;
		i--;
	}
	return w->n_dims > 0;
}

/* Decode the control byte and, for explicit shapes, the bytes after it.
 * Returns the number of bytes used, or 0 for too short an input. */
static size_t npyf_decode(const uint8_t *data, size_t size, npyf_want *w)
{
	if (size < 1)
		return 0;
	int bits = (data[0] & 63) + 1;
	bool is_signed = (data[0] & 64) && bits >= 2;
	w->type = ir_type_make(is_signed, bits);
	if (data[0] & 128) {
		if (!npyf_shape_from_header(data + 1, size - 1, w)) {
			w->n_dims = 1;
			w->dims[0] = 1;
		}
		return 1;
	}
	if (size < 2)
		return 0;
	w->n_dims = data[1] % 8 + 1;
	if (size < 2 + (size_t) w->n_dims)
		return 0;
	for (int d = 0; d < w->n_dims; d++)
		w->dims[d] = data[2 + d] % 16 + 1;
	return 2 + (size_t) w->n_dims;
}

/* A memfd holding exactly the file's bytes; its /proc path in "path". */
static int npyf_put(const uint8_t *f, size_t n, char path[64])
{
	static int fd = -1;
	if (fd < 0)
		fd = memfd_create("fuzz_npy", 0);
	if (fd < 0 || ftruncate(fd, 0) < 0)
		return -1;
	if (n && pwrite(fd, f, n, 0) != (ssize_t) n)
		return -1;
	snprintf(path, 64, "/proc/self/fd/%d", fd);
	return 0;
}

int fuzz_npy_one(const uint8_t *data, size_t size)
{
	static FILE *null_out;
	npyf_want w;
	char path[64];
	size_t used = npyf_decode(data, size, &w);
	if (!used || npyf_put(data + used, size - used, path) < 0)
		return 0;
	if (!null_out)
		null_out = fopen("/dev/null", "w");
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_diag_stream(ctx, null_out);
	io_array *a = io_npy_read(ctx, path, sl_noloc, w.type, w.n_dims, w.dims);
	if (a && (a->n_dims != w.n_dims || !ir_type_eq(a->type, w.type)))
		abort();
	for (int64_t i = 0; a && i < a->size; i++)
		if (a->data[i] != ir_norm(w.type, a->data[i]))
			abort();	/* values must come normalised */
	io_array_free(a);
	sl_ctx_free(ctx);
	return 0;
}

#ifndef FUZZ_REPLAY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_npy_one(data, size);
}
#endif
