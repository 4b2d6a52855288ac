/* io/io_private.h: declarations shared inside io/. */
#ifndef SLUICE_IO_PRIVATE_H
#define SLUICE_IO_PRIVATE_H

#include "io/io.h"

/* An image file's bytes and what its array must be: of type "want", of
 * shape dims[0..n_dims) ([H][W] for a gray image, [3][H][W] for an RGB
 * one). */
typedef struct io_image_req {
	sl_ctx *ctx;
	const char *path;
	ir_type want;
	int n_dims;
	const int64_t *dims;
	const char *buf;
	size_t len;
} io_image_req;

/* How long an input file may be: slack bytes plus per_value bytes per
 * value of the declared shape dims[0..n_dims) (SIZE_MAX when that
 * overflows); "what" gets "KIND of N values" for the error. */
size_t io_file_cap(int n_dims, const int64_t *dims, size_t per_value, size_t slack,
	char *what, size_t what_cap, const char *kind);
enum {
	IO_IMAGE_SLACK = 16 << 20,	/* headers, comments, ancillary chunks */
	IO_NPY_SLACK = 1 << 20,		/* the .npy preamble and header */
};

/* Decode a PNG, or a PGM/PPM (P2 P3 P5 P6).  NULL with an error naming
 * the file. */
io_array *io_read_png(const io_image_req *q);
io_array *io_read_pnm(const io_image_req *q);

#endif
