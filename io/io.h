/* io/io.h: the data of a run, in memory and in files.
 * Rank 2 (tests/check_layout.sh).
 * Stage: beside the IR, before the front end (which reads a const's
 * file("...") through it); the reference, the simulators and the command
 * line read inputs and write outputs with it.  It holds
 *   - io_array, a dense row-major integer array of one element type;
 *   - .npy files of every integer dtype (io/npy.c);
 *   - PNG and PGM/PPM images as arrays (io/image.c);
 *   - reading an input by its file extension, and seeded random inputs
 *     (io/data.c);
 *   - the inputs of a run as the command line names them (io/inputs.c).
 * Every io_array returned is owned by the caller; io_array_free()
 * releases it with its data. */
#ifndef SLUICE_IO_H
#define SLUICE_IO_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A dense row-major integer array of one element type. */
typedef struct io_array {
	ir_type type;
	int n_dims;
	int64_t dims[8];
	int64_t size;		/* product of dims */
	uint64_t *data;		/* normalised to .type; NULL while packed */
	/* NULL, or (and then data is NULL) the values in the C container of
	 * the type, io_packed_size(type) bytes each in host order: uint8_t
	 * for u1..u8, uint16_t for u9..u16, ..., int8_t .. int64_t for iN,
	 * each holding the value (the compiled reference's layout).  Only
	 * `run` with the compiled reference makes packed arrays (its inputs,
	 * outputs and the files written from them); everything else reads
	 * data, after io_array_unpack where an array may be packed. */
	void *packed;
} io_array;

/* A zeroed array; dims[d] >= 0, 0 <= n_dims <= 8. */
io_array *io_array_alloc(ir_type type, int n_dims, const int64_t *dims);
/* The same, packed (data NULL). */
io_array *io_array_alloc_packed(ir_type type, int n_dims, const int64_t *dims);
void io_array_free(io_array *a);
/* Bytes of one value of a packed array of type t: 1, 2, 4 or 8. */
int io_packed_size(ir_type t);
/* Hold the values as data (unpack) or packed (pack), freeing the other
 * form; nothing when they are held so already. */
void io_array_unpack(io_array *a);
void io_array_pack(io_array *a);
/* Element i (row-major) of either form, normalised. */
uint64_t io_array_get(const io_array *a, int64_t i);
/* A new array of a's form and type whose dimension j is a's dimension
 * perm[j] (a permutation of 0 .. n_dims - 1): a transposed copy. */
io_array *io_array_transpose(const io_array *a, const int *perm);

/* Fill an array of "type" and shape with deterministic pseudo-random
 * values over the whole range of the type, from "seed" and "name". */
io_array *io_random_array(ir_type type, int n_dims, const int64_t *dims,
	uint64_t seed, const char *name);
/* The same values, packed. */
io_array *io_random_array_packed(ir_type type, int n_dims, const int64_t *dims,
	uint64_t seed, const char *name);

/* Read a .npy of any integer (or bool) dtype.  The values must fit
 * "want" and the shape must equal dims[0..n_dims); otherwise an error
 * that names the file (reported at "loc" when it is not sl_noloc, e.g. a
 * const's file(...)) and NULL. */
io_array *io_npy_read(sl_ctx *ctx, const char *path, sl_loc loc,
	ir_type want, int n_dims, const int64_t *dims);
/* Write with the smallest NumPy dtype holding the type (u1..u8 -> |u1,
 * i2..i8 -> |i1, ..., up to <u8 / <i8), atomically.  0 on success. */
int io_npy_write(sl_ctx *ctx, const char *path, const io_array *a);

/* Read an input file by its extension: .npy, .png, .pgm or .ppm.  An
 * image is a 2-D array (gray) or a 3-D array [3][H][W] (RGB, channel
 * outermost); its bit depth must fit "want" (u8 or u16).  Shape and range
 * must match; otherwise an error naming the file and NULL. */
io_array *io_read_data(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);

/* Can "a" be written as an image (u1..u16, 2-D or [3][H][W])? */
bool io_is_image(const io_array *a);
/* Write a PNG: 8-bit when the type has at most 8 bits, else 16-bit. */
int io_write_png(sl_ctx *ctx, const char *path, const io_array *a);
/* Write a binary PGM (2-D) or PPM ([3][H][W]). */
int io_write_pnm(sl_ctx *ctx, const char *path, const io_array *a);

/* An input or output whose files hold its dimensions in another order
 * than the program's: file dimension j is the program's dimension
 * perm[j].  An ONNX model streams its tensors channels last but takes
 * and gives them in ONNX's order (docs/onnx.md, "The stream order"). */
typedef struct io_layout {
	const char *name;	/* the program's input or output */
	int n_dims;
	int perm[8];
} io_layout;

/* The layout of "name" among layouts[0..n), or NULL (the program's
 * order). */
const io_layout *io_layout_find(const io_layout *layouts, int n, const char *name);
/* File dimension j of "lay" for a program array of extents "dims"
 * (dims itself without a layout). */
void io_layout_file_dims(const io_layout *lay, const int64_t *dims, int64_t *file);
/* "a" in the other order, freeing "a": to the file's (to_file) or from
 * it.  "a" itself without a layout. */
io_array *io_layout_apply(const io_layout *lay, io_array *a, bool to_file);

/* The inputs of a run as the command line gives them: NAME=FILE pairs
 * (names[i], files[i]) in the order given, and a seed for the others. */
typedef struct io_input_spec {
	int n_files;
	const char **names;
	const char **files;
	bool have_seed;
	uint64_t seed;		/* frame f from seed + f */
	int frames;		/* frames streamed back to back (1) */
	const char *seed_dir;	/* seeded inputs are written as DIR/NAME.in.npy */
	bool packed;		/* every input array made packed (io_array.packed) */
	int n_layouts;		/* inputs whose files are in another order */
	const io_layout *layouts;
} io_input_spec;

/* Does every NAME of "spec" name an input of "prog"?  0, or -2 after a
 * usage error (reported). */
int io_inputs_check(sl_ctx *ctx, const ir_program *prog, const io_input_spec *spec);
/* Load or generate every input of every frame: the k-th input
 * declaration of "prog" in frame f into arrays[f * (n_decls + 1) + k]
 * (arrays zeroed by the caller, who frees what it holds after).  Each
 * input is a file (one, or one per frame, or with spec->frames > 1 one
 * .npy whose leading dimension is the frame), or seeded values.  0, -1
 * after a data error, -2 after a usage error (both reported). */
int io_inputs_load(sl_ctx *ctx, const ir_program *prog, const io_input_spec *spec,
	io_array **arrays);
/* io_npy_write of the frames a[0], a[step], ... a[(n - 1) * step], of
 * one shape and type (each held either way), as one array with a
 * leading frame dimension of n, without making that array.  At most 7
 * dimensions a frame. */
int io_npy_write_frames(sl_ctx *ctx, const char *path, io_array *const *a, int n,
	size_t step);

#ifdef __cplusplus
}
#endif

#endif
