/* onnx/onnx_private.h: the importer's own vocabulary.
 * Stage: ONNX models in (onnx/).  The tensors of a graph, each with its
 * sluice name, element type, shape and (for a constant) its values; the
 * importer's state while it writes the program; the helpers the
 * operators write their funcs with (emit.c); the operator table
 * (import.c) and the operators (ops_*.c). */
#ifndef SLUICE_ONNX_PRIVATE_H
#define SLUICE_ONNX_PRIVATE_H

#include "onnx/onnx.h"
#include "onnx/onnx.pb-c.h"

enum { OX_MAX_RANK = 8 };

typedef struct ox_tensor {
	const char *onnx;	/* the ONNX name */
	const char *name;	/* the sluice name (docs/onnx.md, "Names") */
	int elem;		/* ONNX element type */
	ir_type type;
	int rank;		/* ONNX rank; 0, a scalar, is [1] in sluice */
	int64_t dims[OX_MAX_RANK];
	int64_t size;
	io_array *val;		/* a constant's values, else NULL */
	const Onnx__TensorProto *proto;	/* an initializer's (float scales) */
	const char *note;	/* the comment of a const the importer made */
	bool is_input;		/* a graph input (not folded) */
	bool declared;		/* declared in the program */
	bool is_output;
	bool is_func;		/* computed by a func of its node */
	/* The QDQ form: the output of DequantizeLinear (its integer input,
	 * scale and zero point), and the float result of a Conv or MatMul on
	 * such outputs, waiting for its QuantizeLinear (the node). */
	struct ox_tensor *dq_q, *dq_scale, *dq_zp;
	const Onnx__NodeProto *pending;
	/* A Reshape or Flatten to [M][K] of this tensor of rank 3 or more
	 * with the same leading extent M: a fully connected layer reads it
	 * in flat_of's storage order (ops_qlinear.c, fc_chunks). */
	struct ox_tensor *flat_of;
} ox_tensor;

typedef struct ox_imp {
	sl_ctx *ctx;
	const char *path;	/* the model file, for diagnostics */
	Onnx__ModelProto *model;
	Onnx__GraphProto *g;
	int64_t opset;		/* of the default domain */
	const onnx_options *opts;
	ox_tensor **t;
	int n_t, cap_t;
	const char **used;	/* sluice names taken */
	int n_used, cap_used;
	FILE *out;		/* the program text */
	char *text;
	size_t len;
	char *dir, *stem;	/* consts go to DIR/STEM.NAME.npy */
	bool *folded;		/* per opts->values */
	int n_written;
	const char **written;	/* files written, for "wrote" lines */
} ox_imp;

/* The window of a convolution or pooling over its spatial dimensions. */
typedef struct ox_window {
	int nsp;
	int64_t in[OX_MAX_RANK], k[OX_MAX_RANK], s[OX_MAX_RANK], d[OX_MAX_RANK];
	int64_t pb[OX_MAX_RANK], pe[OX_MAX_RANK], out[OX_MAX_RANK];
} ox_window;

/* A quantized layer: its operands and, per output channel, the weights'
 * taps (w[c][j] at c * w_chan + j * w_tap). */
typedef struct ox_qlayer {
	ox_tensor *x, *xs, *xz, *w, *ws, *wz, *ys, *yz, *b;
	int64_t nch, taps, w_chan, w_tap;
	ir_type yt;
} ox_qlayer;

typedef int (*ox_op_fn)(ox_imp *m, const Onnx__NodeProto *n);

/* model.c: the protobuf, element types, tensors and attributes. */
Onnx__ModelProto *ox_load_model(sl_ctx *ctx, const char *path);
bool ox_elem_type(int elem, ir_type *t);
const char *ox_elem_name(int elem);
io_array *ox_tensor_array(sl_ctx *ctx, const char *path, const Onnx__TensorProto *tp,
	const char *what);
const Onnx__AttributeProto *ox_attr(const Onnx__NodeProto *n, const char *name);
int64_t ox_attr_int(const Onnx__NodeProto *n, const char *name, int64_t def);
int ox_attr_ints(const Onnx__NodeProto *n, const char *name, int64_t *v, int max);
const char *ox_attr_str(ox_imp *m, const Onnx__NodeProto *n, const char *name,
	const char *def);
int64_t ox_sval(const io_array *a, int64_t i);
float ox_float(const io_array *a, int64_t i);

/* names.c: the name mapping. */
const char *ox_name(ox_imp *m, const char *onnx);
bool ox_name_taken(const ox_imp *m, const char *s);

/* import.c: tensors and diagnostics. */
void ox_node_error(ox_imp *m, const Onnx__NodeProto *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
ox_tensor *ox_find(ox_imp *m, const char *onnx);
ox_tensor *ox_in(ox_imp *m, const Onnx__NodeProto *n, int i);
ox_tensor *ox_new_tensor(ox_imp *m, const char *onnx, int elem, int rank,
	const int64_t *dims);
ox_tensor *ox_out(ox_imp *m, const Onnx__NodeProto *n, int i, int elem, int rank,
	const int64_t *dims);

/* emit.c: the program text. */
char *ox_fmt(ox_imp *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *ox_tname(ir_type t);
char *ox_lit(ox_imp *m, ir_type t, uint64_t v);
int ox_stored_dim(const ox_imp *m, int rank, int j);
char *ox_vars(ox_imp *m, int rank);
int ox_declare(ox_imp *m, ox_tensor *t);
char *ox_read(ox_imp *m, ox_tensor *t, char **idx);
char *ox_read_bcast(ox_imp *m, ox_tensor *t, int rank, const int64_t *dims);
char *ox_helper_name(ox_imp *m, const ox_tensor *base, const char *suffix);
void ox_func(ox_imp *m, const Onnx__NodeProto *n, const char *name, int rank,
	ir_type t, const char *body);
void ox_comment_node(ox_imp *m, const Onnx__NodeProto *n);
bool ox_bcast_shape(ox_imp *m, const Onnx__NodeProto *n, ox_tensor **in, int k,
	int *rank, int64_t *dims);
bool ox_need_int(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *t, const char *what);

/* ops_nn.c: the window geometry of convolutions and pooling. */
int ox_window_of(ox_imp *m, const Onnx__NodeProto *n, const int64_t *in, int nsp,
	const int64_t *kernel, ox_window *w);
void ox_window_read(ox_imp *m, const ox_window *w, int j, const char *ov, const char *rv,
	char **idx, char **cond);
char *ox_minus_zp(ox_imp *m, const char *v, const char *zp);
char *ox_conv_sum(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *x, ox_tensor *w,
	const char *xzp, const char *wzp, const ox_window *win, int64_t group);

/* The operators, by family. */
int ox_op_binary(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_variadic(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_unary(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_clip(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_where(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_cast(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_divmod(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_pow(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_conv_integer(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_matmul_integer(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_maxpool(ox_imp *m, const Onnx__NodeProto *n);
int ox_qlinear_conv(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o,
	ox_qlayer *q);
int ox_qlinear_matmul(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o,
	ox_qlayer *q);
int ox_op_dequantize(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_qdq_layer(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_quantize(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_add_or_relu(ox_imp *m, const Onnx__NodeProto *n);
int ox_qdq_elem(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o, ox_tensor *x,
	ox_tensor *ys, ox_tensor *yz);
int ox_op_qlinear_conv(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_qlinear_matmul(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_reshape(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_transpose(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_concat(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_pad(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_trilu(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_eyelike(ox_imp *m, const Onnx__NodeProto *n);
int ox_op_constant(ox_imp *m, const Onnx__NodeProto *n);

#endif
