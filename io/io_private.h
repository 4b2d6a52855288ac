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

/* Decode a PNG, or a PGM/PPM (P2 P3 P5 P6).  NULL with an error naming
 * the file. */
io_array *io_read_png(const io_image_req *q);
io_array *io_read_pnm(const io_image_req *q);

#endif
