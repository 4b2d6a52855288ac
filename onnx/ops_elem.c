/* onnx/ops_elem.c: the elementwise operators with one sluice operator
 * each: Add Sub Mul And Or Xor BitShift, the comparisons, Max Min Sum,
 * Abs Neg Not Relu, Clip, Where, Cast, and Constant.
 * Stage: ONNX models in (onnx/), called by import.c per node.  ONNX
 * integer arithmetic wraps like sluice's (two's complement, modulo 2^N),
 * so each is one expression over broadcast reads (docs/onnx.md). */
#include <string.h>

#include "onnx/onnx_private.h"

/* Inputs 0..k-1 of an elementwise node: present, integer, of one type
 * (from input "first" on: Where's condition is u1). */
static bool same_types(ox_imp *m, const Onnx__NodeProto *n, ox_tensor **in, int k, int first)
{
	for (int i = 0; i < k; i++) {
		if (!ox_need_int(m, n, in[i], ox_fmt(m, "input %d", i)))
			return false;
		if (i > first && in[i]->elem != in[first]->elem) {
			ox_node_error(m, n, "its inputs have different element types (%s and %s)",
				ox_elem_name(in[first]->elem), ox_elem_name(in[i]->elem));
			return false;
		}
	}
	return true;
}

/* The operator of an ONNX binary node, and whether its result is a truth
 * value (ir_op_info's typing); NULL for BitShift. */
static const char *binary_op(const char *op, bool *cmp)
{
	static const struct { const char *onnx; ir_op op; } map[] = {
		{ "Add", IR_OP_ADD }, { "Sub", IR_OP_SUB }, { "Mul", IR_OP_MUL },
		{ "And", IR_OP_AND }, { "Or", IR_OP_OR }, { "Xor", IR_OP_XOR },
		{ "Equal", IR_OP_EQ }, { "Greater", IR_OP_GT }, { "Less", IR_OP_LT },
		{ "GreaterOrEqual", IR_OP_GE }, { "LessOrEqual", IR_OP_LE } };
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].onnx, op)) {
			*cmp = ir_op_info[map[i].op].typing == IR_TY_COMPARE;
			return ir_op_str(map[i].op);
		}
	return NULL;
}

int ox_op_binary(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *in[2] = { ox_in(m, n, 0), ox_in(m, n, 1) };
	int rank;
	int64_t dims[OX_MAX_RANK];
	if (!same_types(m, n, in, 2, 0) || !ox_bcast_shape(m, n, in, 2, &rank, dims))
		return -1;
	bool cmp = false;
	const char *op = binary_op(n->op_type, &cmp);
	if (!op) {	/* BitShift */
		const char *dir = ox_attr_str(m, n, "direction", "");
		if (strcmp(dir, "LEFT") && strcmp(dir, "RIGHT")) {
			ox_node_error(m, n, "its direction is '%s', not LEFT or RIGHT", dir);
			return -1;
		}
		op = !strcmp(dir, "LEFT") ? "<<" : ">>";
	}
	ox_tensor *y = ox_out(m, n, 0, cmp ? 9 : in[0]->elem, rank, dims);
	char *a = ox_read_bcast(m, in[0], rank, dims), *b = ox_read_bcast(m, in[1], rank, dims);
	if (!y || !a || !b)
		return -1;
	ox_func(m, n, y->name, rank, y->type, ox_fmt(m, "%s %s %s", a, op, b));
	return 0;
}

/* Max, Min, Sum of one or more inputs. */
int ox_op_variadic(ox_imp *m, const Onnx__NodeProto *n)
{
	int k = (int) n->n_input, rank;
	int64_t dims[OX_MAX_RANK];
	if (k < 1 || k > 64) {
		ox_node_error(m, n, "has %d inputs (1 to 64 are supported)", k);
		return -1;
	}
	ox_tensor *in[64];
	for (int i = 0; i < k; i++)
		in[i] = ox_in(m, n, i);
	if (!same_types(m, n, in, k, 0) || !ox_bcast_shape(m, n, in, k, &rank, dims))
		return -1;
	ox_tensor *y = ox_out(m, n, 0, in[0]->elem, rank, dims);
	if (!y)
		return -1;
	const char *f = !strcmp(n->op_type, "Max") ? "max" : !strcmp(n->op_type, "Min") ? "min" : NULL;
	char *body = ox_read_bcast(m, in[k - 1], rank, dims);
	for (int i = k - 2; i >= 0 && body; i--) {
		char *a = ox_read_bcast(m, in[i], rank, dims);
		body = !a ? NULL : f ? ox_fmt(m, "%s(%s, %s)", f, a, body) : ox_fmt(m, "%s + %s", a, body);
	}
	if (!body)
		return -1;
	ox_func(m, n, y->name, rank, y->type, body);
	return 0;
}

/* Abs, Neg, Not, Relu. */
int ox_op_unary(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	ox_tensor *y = ox_out(m, n, 0, x->elem, x->rank, x->dims);
	char *a = ox_read_bcast(m, x, x->rank, x->dims);
	if (!y || !a)
		return -1;
	const char *op = n->op_type, *T = ox_tname(x->type);
	bool sgn = x->type.is_signed;
	char *body = !strcmp(op, "Abs") ? (sgn ? ox_fmt(m, "%s(abs(%s))", T, a) : a)
		: !strcmp(op, "Neg") ? ox_fmt(m, "-%s", a)
		: !strcmp(op, "Not") ? ox_fmt(m, "~%s", a)
		: sgn ? ox_fmt(m, "max(%s, %s(0))", a, T) : a;
	if (!strcmp(op, "Not") && x->elem != 9) {
		ox_node_error(m, n, "Not takes bool, not %s", ox_elem_name(x->elem));
		return -1;
	}
	ox_func(m, n, y->name, y->rank, y->type, body);
	return 0;
}

/* Clip(x, min, max) = min(max(x, min), max); a bound absent is none. */
int ox_op_clip(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *lo = ox_in(m, n, 1), *hi = ox_in(m, n, 2);
	if (ox_attr(n, "min") || ox_attr(n, "max")) {
		ox_node_error(m, n, "its bounds are float attributes (opset < 11): integer Clip "
			"takes them as inputs (opset 12 on)");
		return -1;
	}
	ox_tensor *in[3] = { x, lo, hi };
	for (int i = 0; i < 3; i++)
		if (in[i] && !same_types(m, n, (ox_tensor *[]) { x, in[i] }, 2, 0))
			return -1;
	if (!x || (lo && lo->size != 1) || (hi && hi->size != 1)) {
		ox_node_error(m, n, "needs an input and scalar bounds");
		return -1;
	}
	ox_tensor *y = ox_out(m, n, 0, x->elem, x->rank, x->dims);
	char *body = ox_read_bcast(m, x, x->rank, x->dims);
	if (!y || !body)
		return -1;
	if (lo)
		body = ox_fmt(m, "max(%s, %s)", body, ox_read_bcast(m, lo, x->rank, x->dims));
	if (hi)
		body = ox_fmt(m, "min(%s, %s)", body, ox_read_bcast(m, hi, x->rank, x->dims));
	ox_func(m, n, y->name, y->rank, y->type, body);
	return 0;
}

int ox_op_where(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *in[3] = { ox_in(m, n, 0), ox_in(m, n, 1), ox_in(m, n, 2) };
	int rank;
	int64_t dims[OX_MAX_RANK];
	if (!same_types(m, n, in, 3, 1) || !ox_bcast_shape(m, n, in, 3, &rank, dims))
		return -1;
	if (in[0]->elem != 9) {
		ox_node_error(m, n, "its condition is %s, not bool", ox_elem_name(in[0]->elem));
		return -1;
	}
	ox_tensor *y = ox_out(m, n, 0, in[1]->elem, rank, dims);
	char *r[3];
	for (int i = 0; i < 3; i++)
		if (!(r[i] = ox_read_bcast(m, in[i], rank, dims)))
			return -1;
	if (!y)
		return -1;
	ox_func(m, n, y->name, rank, y->type, ox_fmt(m, "select(%s, %s, %s)", r[0], r[1], r[2]));
	return 0;
}

/* Cast between integer types: low bits kept, sign- or zero-extended as
 * the source; to bool: x != 0. */
int ox_op_cast(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	int to = (int) ox_attr_int(n, "to", 0);
	ir_type t;
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	if (!ox_elem_type(to, &t)) {
		ox_node_error(m, n, "casts to %s: sluice computes on integers only",
			ox_elem_name(to));
		return -1;
	}
	ox_tensor *y = ox_out(m, n, 0, to, x->rank, x->dims);
	char *a = ox_read_bcast(m, x, x->rank, x->dims);
	if (!y || !a)
		return -1;
	char *body = to == x->elem ? a : to == 9 ? ox_fmt(m, "%s != %s", a, ox_lit(m, x->type, 0))
		: ox_fmt(m, "%s(%s)", ox_tname(t), a);
	ox_func(m, n, y->name, y->rank, y->type, body);
	return 0;
}

/* Constant: its value becomes a constant tensor (a literal or a const). */
int ox_op_constant(ox_imp *m, const Onnx__NodeProto *n)
{
	const Onnx__AttributeProto *a = ox_attr(n, "value");
	if (!n->n_output || !*n->output[0])
		return 0;
	if (!a || !a->t) {
		const char *attr = n->n_attribute ? n->attribute[0]->name : "none";
		ox_node_error(m, n, "its value is given as '%s': only 'value' (a tensor) is "
			"supported", attr);
		return -1;
	}
	const Onnx__TensorProto *tp = a->t;
	int64_t dims[OX_MAX_RANK] = { 0 };
	io_array *v = NULL;
	ir_type t;
	if (ox_elem_type(tp->data_type, &t) || tp->n_dims > OX_MAX_RANK) {
		char *what = ox_fmt(m, "node '%s' (Constant): its value", n->output[0]);
		if (!(v = ox_tensor_array(m->ctx, m->path, tp, what)))
			return -1;
	}
	for (size_t d = 0; d < tp->n_dims && d < OX_MAX_RANK; d++)
		dims[d] = tp->dims[d];
	ox_tensor *x = ox_new_tensor(m, n->output[0], tp->data_type, (int) tp->n_dims, dims);
	x->val = v;
	x->proto = tp;
	return 0;
}
