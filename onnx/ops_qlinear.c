/* onnx/ops_qlinear.c: QLinearConv and QLinearMatMul, requantized
 * exactly in integers (docs/onnx.md, "Requantization").
 * Stage: ONNX models in (onnx/), called by import.c per node. */
#include "onnx/onnx_private.h"

int ox_op_qlinear_conv(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_node_error(m, n, "is not supported yet");
	return -1;
}

int ox_op_qlinear_matmul(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_node_error(m, n, "is not supported yet");
	return -1;
}
