/* onnx/model.c: an ONNX model file as protobuf-c messages, its element
 * types, its tensors as io_arrays and the attributes of its nodes.
 * Stage: ONNX models in (onnx/), the first step of an import.  Every
 * length is checked by protobuf-c's unpacker and again here before a
 * tensor's data is read: any byte sequence gives a model, a tensor or an
 * error naming the file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "onnx/onnx_private.h"

enum { OX_MODEL_MAX = 1 << 30 };	/* a model file of at most 1 GiB */

Onnx__ModelProto *ox_load_model(sl_ctx *ctx, const char *path)
{
	char why[256];
	size_t len;
	char *buf = sl_read_file_max(path, OX_MODEL_MAX, "an ONNX model", &len, why, sizeof why);
	if (!buf) {
		sl_error_file(ctx, path, "cannot read the model: %s", why);
		return NULL;
	}
	Onnx__ModelProto *mp = onnx__model_proto__unpack(NULL, len, (const uint8_t *) buf);
	free(buf);
	if (!mp) {
		sl_error_file(ctx, path, "not an ONNX model: the protobuf is truncated or corrupt "
			"(%zu bytes)", len);
		return NULL;
	}
	if (!mp->graph) {
		sl_error_file(ctx, path, "not an ONNX model: it has no graph");
		onnx__model_proto__free_unpacked(mp, NULL);
		return NULL;
	}
	return mp;
}

/* ONNX's TensorProto.DataType for the integer types sluice has. */
bool ox_elem_type(int elem, ir_type *t)
{
	static const struct { int elem; bool sgn; int bits; } map[] = {
		{ 2, false, 8 }, { 3, true, 8 }, { 4, false, 16 }, { 5, true, 16 },
		{ 6, true, 32 }, { 7, true, 64 }, { 9, false, 1 }, { 12, false, 32 },
		{ 13, false, 64 },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].elem == elem) {
			*t = ir_type_make(map[i].sgn, map[i].bits);
			return true;
		}
	return false;
}

const char *ox_elem_name(int elem)
{
	static const char *const names[] = { "undefined", "float", "uint8", "int8", "uint16",
		"int16", "int32", "int64", "string", "bool", "float16", "double", "uint32",
		"uint64", "complex64", "complex128", "bfloat16" };
	if (elem >= 0 && elem < (int) (sizeof names / sizeof names[0]))
		return names[elem];
	return "an unknown type";
}

int64_t ox_sval(const io_array *a, int64_t i)
{
	uint64_t v = a->data[i];
	if (a->type.is_signed && a->type.bits < 64 && (v >> (a->type.bits - 1) & 1))
		v |= ~0ULL << a->type.bits;
	return (int64_t) v;
}

/* The element's bytes in raw_data, little-endian. */
static uint64_t raw_elem(const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	for (int b = 0; b < bytes; b++)
		v |= (uint64_t) p[b] << (8 * b);
	return v;
}

static int elem_bytes(ir_type t)
{
	return t.bits == 0 ? 4 : t.bits <= 8 ? 1 : t.bits <= 16 ? 2 : t.bits <= 32 ? 4 : 8;
}

/* Fill "a" from the field that holds the data; false when its length is
 * not the tensor's size. */
static bool fill_tensor(io_array *a, const Onnx__TensorProto *tp)
{
	int64_t n = a->size;
	if (tp->has_raw_data) {
		int eb = elem_bytes(a->type);
		if (tp->raw_data.len != (size_t) n * (size_t) eb)
			return false;
		for (int64_t i = 0; i < n; i++) {
			uint64_t v = raw_elem(tp->raw_data.data + i * eb, eb);
			a->data[i] = a->type.bits ? ir_norm(a->type, v) : v;
		}
		return true;
	}
	if (tp->data_type == 1) {
		if (tp->n_float_data != (size_t) n)
			return false;
		for (int64_t i = 0; i < n; i++) {
			uint32_t bits;
			memcpy(&bits, &tp->float_data[i], 4);
			a->data[i] = bits;
		}
		return true;
	}
	size_t have = tp->data_type == 7 ? tp->n_int64_data
		: tp->data_type == 12 || tp->data_type == 13 ? tp->n_uint64_data : tp->n_int32_data;
	if (have != (size_t) n)
		return false;
	for (int64_t i = 0; i < n; i++) {
		uint64_t v = tp->data_type == 7 ? (uint64_t) tp->int64_data[i]
			: tp->data_type == 12 || tp->data_type == 13 ? tp->uint64_data[i]
			: (uint64_t) (int64_t) tp->int32_data[i];
		a->data[i] = ir_norm(a->type, v);
	}
	return true;
}

/* How many elements the message holds, in the field that has them. */
static int64_t data_count(const Onnx__TensorProto *tp, ir_type t)
{
	if (tp->has_raw_data)
		return (int64_t) (tp->raw_data.len / (size_t) elem_bytes(t)) +
			(tp->raw_data.len % (size_t) elem_bytes(t) ? 1 : 0);
	if (tp->data_type == 1)
		return (int64_t) tp->n_float_data;
	return (int64_t) (tp->data_type == 7 ? tp->n_int64_data
		: tp->data_type == 12 || tp->data_type == 13 ? tp->n_uint64_data : tp->n_int32_data);
}

/* The shape of "tp" checked: at most 8 dimensions, each >= 0, a size
 * within the memory limit.  NULL with the reason in *why. */
static const char *tensor_shape(const Onnx__TensorProto *tp, int64_t *dims, int *rank)
{
	if (tp->n_dims > OX_MAX_RANK)
		return "has more than 8 dimensions";
	__int128 size = 1;
	for (size_t d = 0; d < tp->n_dims; d++) {
		if (tp->dims[d] < 0)
			return "has a negative dimension";
		dims[d] = tp->dims[d];
		size *= tp->dims[d];
		if (size * 8 > (__int128) sl_mem_limit())
			return "is larger than the memory limit";
	}
	*rank = (int) tp->n_dims;
	return NULL;
}

/* "tp" as an array of its type; rank 0 becomes [1].  NULL with an error
 * naming "what" (the initializer, the file). */
io_array *ox_tensor_array(sl_ctx *ctx, const char *path, const Onnx__TensorProto *tp,
	const char *what)
{
	ir_type t;
	int64_t dims[OX_MAX_RANK];
	int rank = 0;
	const char *bad = NULL;
	if (tp->has_data_location && tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL)
		bad = "keeps its data in an external file (external data is not supported: "
			"save the model with its data inside)";
	else if (tp->data_type == 1)
		t = ir_type_make(false, 0);	/* float32: its bits, for scales */
	else if (!ox_elem_type(tp->data_type, &t)) {
		sl_error_file(ctx, path, "%s has element type %s: sluice computes on integers "
			"only (quantize the model to int8/uint8 with integer operators)", what,
			ox_elem_name(tp->data_type));
		return NULL;
	}
	if (!bad)
		bad = tensor_shape(tp, dims, &rank);
	if (bad) {
		sl_error_file(ctx, path, "%s %s", what, bad);
		return NULL;
	}
	if (rank == 0)
		dims[0] = 1;
	int64_t size = 1;
	for (int d = 0; d < (rank ? rank : 1); d++)
		size *= dims[d];
	io_array *a = data_count(tp, t) == size ? io_array_alloc(t, rank ? rank : 1, dims) : NULL;
	if (!a || !fill_tensor(a, tp)) {
		sl_error_file(ctx, path, "%s: its data does not hold its %lld elements", what,
			(long long) size);
		io_array_free(a);
		return NULL;
	}
	return a;
}

/* ----------------------------------------------------------- attributes */

const Onnx__AttributeProto *ox_attr(const Onnx__NodeProto *n, const char *name)
{
	for (size_t i = 0; i < n->n_attribute; i++)
		if (n->attribute[i]->name && !strcmp(n->attribute[i]->name, name))
			return n->attribute[i];
	return NULL;
}

int64_t ox_attr_int(const Onnx__NodeProto *n, const char *name, int64_t def)
{
	const Onnx__AttributeProto *a = ox_attr(n, name);
	return a && a->has_i ? a->i : def;
}

/* The ints of attribute "name" into v[0..max): their count, -1 when
 * absent, -2 when there are more than max. */
int ox_attr_ints(const Onnx__NodeProto *n, const char *name, int64_t *v, int max)
{
	const Onnx__AttributeProto *a = ox_attr(n, name);
	if (!a)
		return -1;
	if (a->n_ints > (size_t) max)
		return -2;
	for (size_t i = 0; i < a->n_ints; i++)
		v[i] = a->ints[i];
	return (int) a->n_ints;
}

const char *ox_attr_str(ox_imp *m, const Onnx__NodeProto *n, const char *name,
	const char *def)
{
	const Onnx__AttributeProto *a = ox_attr(n, name);
	if (!a || !a->has_s)
		return def;
	return sl_strndup(m->ctx, (const char *) a->s.data, a->s.len);
}

/* Element i of a float32 constant (its bits in an array of type none). */
float ox_float(const io_array *a, int64_t i)
{
	uint32_t bits = (uint32_t) a->data[i];
	float f;
	memcpy(&f, &bits, 4);
	return f;
}
