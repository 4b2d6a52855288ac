/* onnx/onnx.h: ONNX models in.
 * Rank 3 (tests/check_layout.sh).
 * Stage: beside the front end, on ir/ and io/ only.  onnx_import() reads
 * a model file (protobuf, parsed by the protoc-c code generated from the
 * system's onnx.proto at build time) and writes an ordinary sluice
 * program: one func per node (or fused group), a comment naming each
 * ONNX node, and every initializer as a const in a .npy file beside the
 * program.  The driver calls it for `sluice import` and, into a
 * temporary directory, for any command given MODEL.onnx in place of a
 * program (docs/onnx.md). */
#ifndef SLUICE_ONNX_H
#define SLUICE_ONNX_H

#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A value given for a graph input (a test's input_N.pb): it is folded
 * into a constant where an operand must be known at compile time (Pad's
 * pads, Reshape's shape, the scales and zero points of QLinearConv...),
 * and otherwise ignored. */
typedef struct onnx_value {
	const char *name;	/* the ONNX name of the graph input */
	const io_array *value;
} onnx_value;

typedef struct onnx_options {
	const char *out;	/* the program written; consts beside it */
	int n_values;
	const onnx_value *values;
	bool quiet;		/* no "wrote PATH" lines */
	bool dry_run;		/* write nothing (the fuzzer): only the checks */
	/* Channels last: every graph input, graph output and func of rank 3
	 * or more is declared with its dimension 1 (ONNX's channels) moved
	 * last, [N][C][H][W] as [N][H][W][C], so it streams a pixel's
	 * channels one after the other (docs/onnx.md, "The program");
	 * constants keep ONNX's order. */
	bool channels_last;
} onnx_options;

/* What an import made: the sluice names of the graph's inputs (those not
 * folded) and outputs, in graph order, beside their ONNX names. */
typedef struct onnx_result {
	int n_inputs, n_outputs;
	char **input_onnx, **input_sl;
	char **output_onnx, **output_sl;
	bool *folded;		/* per onnx_options value: was it folded? */
	/* With channels last, the order of ONNX's dimensions for every graph
	 * input and output the program stores in another order (by its
	 * sluice name): what `sluice run MODEL.onnx` reads and writes. */
	int n_layouts;
	io_layout *layouts;
} onnx_result;

/* Does "path" name an ONNX model (by its extension, .onnx)? */
bool onnx_is_model(const char *path);

/* Import "model" into o->out and the .npy files beside it.  0, or -1
 * with every problem reported as "MODEL: error: ..." (a node's by its
 * name and op type).  "res" may be NULL; else release it with
 * onnx_result_free(). */
int onnx_import(sl_ctx *ctx, const char *model, const onnx_options *o, onnx_result *res);
void onnx_result_free(onnx_result *res);

/* Read a serialized TensorProto (a test's input_N.pb or output_N.pb) as
 * an array of its integer type (a rank-0 tensor becomes [1]); a float32
 * tensor (a scale) comes back with type none (0 bits), each value's
 * IEEE bits in .data.  Its name in *name (heap, may be NULL).  NULL with
 * an error naming the file. */
io_array *onnx_read_tensor(sl_ctx *ctx, const char *path, char **name);

#ifdef __cplusplus
}
#endif

#endif
