/* io/io_private.h: declarations shared inside io/. */
#ifndef SLUICE_IO_PRIVATE_H
#define SLUICE_IO_PRIVATE_H

#include "io/io.h"

/* Read a PNG, or a PGM/PPM (P2 P3 P5 P6), into an array of "want" whose
 * shape must be dims[0..n_dims): [H][W] for a gray image, [3][H][W] for
 * an RGB one.  NULL with an error naming the file. */
io_array *io_read_png(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);
io_array *io_read_pnm(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);

#endif
