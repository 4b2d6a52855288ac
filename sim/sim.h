/* sim/sim.h: executing programs.
 * Stage: the last of the flow.  Today it holds the CPU reference (the
 * meaning of a program, bit for bit) and the image and data I/O of the
 * command line; later the cycle-level model and the Verilator harness.
 * Every sl_array returned is owned by the caller. */
#ifndef SLUICE_SIM_H
#define SLUICE_SIM_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The inputs of a run: one array per input declaration, indexed by the
 * declaration's position among the program's inputs. */
typedef struct sim_inputs {
	int n;
	ir_decl **decls;
	sl_array **arrays;
} sim_inputs;

/* Evaluate every output of "prog" (checked, bounds inferred) on
 * "inputs".  outputs[i] receives prog->outputs[i] over its output box.
 * Returns 0, or -1 with an error reported. */
int sim_reference_run(sl_ctx *ctx, const ir_program *prog,
	const sim_inputs *inputs, sl_array **outputs);

/* Fill an array of "type" and shape with deterministic pseudo-random
 * values over the whole range of the type, from "seed" and "name". */
sl_array *sim_random_array(ir_type type, int n_dims, const int64_t *dims,
	uint64_t seed, const char *name);

/* Read an input file by its extension: .npy, .png, .pgm or .ppm.  An
 * image is a 2-D array (gray) or a 3-D array [3][H][W] (RGB, channel
 * outermost); its bit depth must fit "want" (u8 or u16).  Shape and range
 * must match; otherwise an error naming the file and NULL. */
sl_array *sim_read_data(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);

/* Can "a" be written as an image (u1..u16, 2-D or [3][H][W])? */
bool sim_is_image(const sl_array *a);
/* Write a PNG: 8-bit when the type has at most 8 bits, else 16-bit. */
int sim_write_png(sl_ctx *ctx, const char *path, const sl_array *a);
/* Write a binary PGM (2-D) or PPM ([3][H][W]). */
int sim_write_pnm(sl_ctx *ctx, const char *path, const sl_array *a);

#ifdef __cplusplus
}
#endif

#endif
