/* onnx/ops_qdq.c: the QDQ form that quantization tools emit,
 * DequantizeLinear -> Conv or MatMul -> QuantizeLinear, folded into the
 * integer layer of QLinearConv or QLinearMatMul (ops_qlinear.c), as
 * onnxruntime's QDQ fusion runs it (docs/onnx.md, "The QDQ form").
 * Stage: ONNX models in (onnx/), called by import.c per node.
 * DequantizeLinear makes no func: its output remembers the integer
 * tensor, scale and zero point.  A Conv or MatMul whose inputs are all
 * such outputs makes none either: its float output remembers the node.
 * QuantizeLinear of that output writes the layer (Add and Relu between
 * the two: ops_qdq_elem.c).  Any other use of a float tensor is an error
 * of the operator that reads it. */
#include <string.h>

#include "onnx/onnx_private.h"

int ox_op_dequantize(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *s = ox_in(m, n, 1), *z = ox_in(m, n, 2);
	if (!ox_need_int(m, n, x, "input x") || !s || s->elem != 1 || !s->val ||
	    (z && (ir_type_none(z->type) || !z->val))) {
		ox_node_error(m, n, "needs an integer input, a float32 constant scale and an "
			"integer constant zero point");
		return -1;
	}
	if (!n->n_output || !*n->output[0])
		return 0;
	ox_tensor *y = ox_new_tensor(m, n->output[0], 1, x->rank, x->dims);
	y->dq_q = x, y->dq_scale = s, y->dq_zp = z;
	return 0;
}

/* Input i of a QDQ layer: a DequantizeLinear output (else reported). */
static ox_tensor *dq_input(ox_imp *m, const Onnx__NodeProto *n, int i, const char *what)
{
	ox_tensor *t = ox_in(m, n, i);
	if (t && !t->dq_q) {
		ox_node_error(m, n, "its %s '%s' is not the output of a DequantizeLinear: sluice "
			"takes Conv and MatMul only in the QDQ form (DequantizeLinear -> %s -> "
			"QuantizeLinear)", what, t->onnx, n->op_type);
		return NULL;
	}
	return t;
}

/* Conv and MatMul: the float result, waiting for its QuantizeLinear. */
int ox_op_qdq_layer(ox_imp *m, const Onnx__NodeProto *n)
{
	bool conv = !strcmp(n->op_type, "Conv");
	ox_tensor *x = dq_input(m, n, 0, "input"), *w = x ? dq_input(m, n, 1, "weight") : NULL;
	ox_tensor *b = conv && w && n->n_input > 2 && *n->input[2] ? dq_input(m, n, 2, "bias") : w;
	if (!x || !w || !b)
		return -1;
	if (conv && b != w && (b->dq_q->elem != 6 || (b->dq_zp && ox_sval(b->dq_zp->val, 0)))) {
		ox_node_error(m, n, "its bias is not int32 with zero point 0");
		return -1;
	}
	if (!n->n_output || !*n->output[0])
		return 0;
	ox_tensor *y = ox_new_tensor(m, n->output[0], 1, 0, NULL);
	y->pending = n;
	return 0;
}

int ox_op_quantize(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *s = ox_in(m, n, 1), *z = ox_in(m, n, 2);
	if (!x || !x->pending) {
		ox_node_error(m, n, "quantizes '%s', which is not the output of a Conv, MatMul, Add "
			"or Relu on DequantizeLinear outputs: sluice takes float only in the QDQ form",
			x ? x->onnx : "?");
		return -1;
	}
	const Onnx__NodeProto *a = x->pending;
	if (!strcmp(a->op_type, "Add") || !strcmp(a->op_type, "Relu"))
		return ox_qdq_elem(m, a, n, x, s, z);
	ox_tensor *xi = ox_in(m, a, 0), *wi = ox_in(m, a, 1);
	ox_tensor *bi = !strcmp(a->op_type, "Conv") ? ox_in(m, a, 2) : NULL;
	ox_qlayer q = { .x = xi->dq_q, .xs = xi->dq_scale, .xz = xi->dq_zp, .w = wi->dq_q,
		.ws = wi->dq_scale, .wz = wi->dq_zp, .ys = s, .yz = z, .b = bi ? bi->dq_q : NULL };
	if (!strcmp(a->op_type, "Conv"))
		return ox_qlinear_conv(m, a, n, &q);
	return ox_qlinear_matmul(m, a, n, &q);
}
