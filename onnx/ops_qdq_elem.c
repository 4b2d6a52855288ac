/* onnx/ops_qdq_elem.c: Add and Relu between DequantizeLinear and
 * QuantizeLinear (the QDQ form of a residual add or an activation),
 * folded into integer arithmetic (docs/onnx.md, "The QDQ form").
 * Stage: ONNX models in (onnx/), called by import.c per node.  Add or
 * Relu whose inputs are all DequantizeLinear outputs of 8-bit tensors
 * makes no func: its float output remembers the node.  QuantizeLinear of
 * it writes y = clamp(sign(v) rne(|v| / 2^k) + y_zp) with
 * v = sum_i (x_i - zp_i) M_i (Relu: max(x - zp, 0) M), M_i and k the
 * first (k from 16 up) that give onnxruntime's float result
 * (DequantizeLinear, the float op, QuantizeLinear, each rounded to
 * float32) for every one of the 256 or 65,536 inputs: the check is
 * exhaustive, and a model with no such M and k is refused.  The ratios
 * of the scales are kept in [2^-24, 2^12], so M < 2^52 and v fits i64. */
#include <math.h>
#include <string.h>

#include "onnx/onnx_private.h"

/* The operands of a folded Add (two) or Relu (one). */
typedef struct qdq_elem {
	int n;
	bool relu;
	ox_tensor *q[2];		/* the integer tensors */
	float s[2], ys;
	int64_t z[2], yz, qmin, qmax;
	ir_type yt;
	int64_t mult[2];
	int k;
} qdq_elem;

/* Is n an Add or Relu on DequantizeLinear outputs only? */
static bool on_dq(ox_imp *m, const Onnx__NodeProto *n)
{
	bool relu = !strcmp(n->op_type, "Relu");
	if (n->n_input < (relu ? 1u : 2u))
		return false;
	for (size_t i = 0; i < (relu ? 1u : 2u); i++) {
		ox_tensor *t = ox_in(m, n, (int) i);
		if (!t || !t->dq_q)
			return false;
	}
	return true;
}

/* Add and Relu: the QDQ form, else the integer operator. */
int ox_op_add_or_relu(ox_imp *m, const Onnx__NodeProto *n)
{
	bool relu = !strcmp(n->op_type, "Relu");
	if (!on_dq(m, n))
		return relu ? ox_op_unary(m, n) : ox_op_binary(m, n);
	ox_tensor *in[2] = { ox_in(m, n, 0), relu ? NULL : ox_in(m, n, 1) };
	int rank;
	int64_t dims[OX_MAX_RANK];
	if (!ox_bcast_shape(m, n, in, relu ? 1 : 2, &rank, dims))
		return -1;
	if (!n->n_output || !*n->output[0])
		return 0;
	ox_tensor *y = ox_new_tensor(m, n->output[0], 1, rank, dims);
	y->pending = n;
	return 0;
}

/* onnxruntime's result for the inputs' offsets d[i] = x_i - zp_i: each
 * dequantized in float32, the op, then divided by the scale, rounded half
 * to even, the zero point added and saturated.  volatile keeps every
 * step a float32 (no contraction, no wider intermediate). */
static int64_t float_result(const qdq_elem *e, const int64_t *d)
{
	volatile float acc = (float) d[0] * e->s[0];
	if (e->relu && acc < 0)
		acc = 0;
	if (e->n == 2) {
		volatile float b = (float) d[1] * e->s[1];
		acc = acc + b;
	}
	volatile float q = acc / e->ys;
	int64_t v = (int64_t) nearbyintf(q) + e->yz;
	return v < e->qmin ? e->qmin : v > e->qmax ? e->qmax : v;
}

/* The integer form with e->mult and e->k. */
static int64_t int_result(const qdq_elem *e, const int64_t *d)
{
	int64_t v = 0;
	for (int i = 0; i < e->n; i++)
		v += (e->relu && d[i] < 0 ? 0 : d[i]) * e->mult[i];
	int64_t a = v < 0 ? -v : v;
	int64_t r = (a + ((int64_t) 1 << (e->k - 1)) - 1 + ((a >> e->k) & 1)) >> e->k;
	r = (v < 0 ? -r : r) + e->yz;
	return r < e->qmin ? e->qmin : r > e->qmax ? e->qmax : r;
}

/* The first k (16 .. 40) whose multipliers give the float result for
 * every input; false, with the inputs of the first difference at the
 * last k in *bad, when none does. */
static bool find_form(qdq_elem *e, int64_t *bad)
{
	int64_t lo[2], n[2] = { 1, 1 };
	for (int i = 0; i < e->n; i++) {
		lo[i] = e->q[i]->type.is_signed ? -128 : 0;
		n[i] = 256;
	}
	for (e->k = 16; e->k <= 40; e->k++) {
		for (int i = 0; i < e->n; i++)
			e->mult[i] = llround(ldexp((double) e->s[i] / (double) e->ys, e->k));
		bool ok = true;
		for (int64_t a = 0; ok && a < n[0]; a++)
			for (int64_t b = 0; ok && b < n[1]; b++) {
				int64_t d[2] = { lo[0] + a - e->z[0], e->n == 2 ? lo[1] + b - e->z[1] : 0 };
				ok = float_result(e, d) == int_result(e, d);
				bad[0] = lo[0] + a, bad[1] = e->n == 2 ? lo[1] + b : 0;
			}
		if (ok)
			return true;
	}
	return false;
}

/* The operands of Add/Relu node a quantized by QuantizeLinear(ys, yz):
 * 8-bit tensors with per-tensor float32 scales and integer zero points. */
static bool elem_operands(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o,
	ox_tensor *ys, ox_tensor *yz, qdq_elem *e)
{
	e->relu = !strcmp(a->op_type, "Relu");
	e->n = e->relu ? 1 : 2;
	bool ok = ys && ys->elem == 1 && ys->val && ys->size == 1 &&
		(!yz || (yz->val && yz->size == 1 && (yz->elem == 2 || yz->elem == 3)));
	for (int i = 0; ok && i < e->n; i++) {
		ox_tensor *t = ox_in(m, a, i);
		e->q[i] = t->dq_q;
		ok = t->dq_q->type.bits == 8 && t->dq_scale->size == 1 &&
			(!t->dq_zp || t->dq_zp->size == 1);
		e->s[i] = ok ? ox_float(t->dq_scale->val, 0) : 0;
		e->z[i] = ok && t->dq_zp ? ox_sval(t->dq_zp->val, 0) : 0;
	}
	if (!ok) {
		ox_node_error(m, o, "quantizes the %s of '%s': sluice folds it for 8-bit tensors with "
			"one float32 scale and zero point each", a->op_type, o->input[0]);
		return false;
	}
	e->ys = ox_float(ys->val, 0);
	e->yz = yz ? ox_sval(yz->val, 0) : 0;
	e->yt = ir_type_make(yz && yz->elem == 3, 8);
	e->qmin = e->yt.is_signed ? -128 : 0;
	e->qmax = e->yt.is_signed ? 127 : 255;
	for (int i = 0; i < e->n; i++) {
		double r = (double) e->s[i] / (double) e->ys;
		if (!(e->s[i] > 0) || !(e->ys > 0) || !(r >= 0x1p-24 && r <= 0x1p12)) {
			ox_node_error(m, o, "its scale ratios (input scale / output scale) must lie "
				"in [2^-24, 2^12]");
			return false;
		}
	}
	return true;
}

/* QuantizeLinear o of the pending Add or Relu "x" (node a). */
int ox_qdq_elem(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o, ox_tensor *x,
	ox_tensor *ys, ox_tensor *yz)
{
	qdq_elem e;
	int64_t bad[2];
	if (!elem_operands(m, a, o, ys, yz, &e))
		return -1;
	if (!find_form(&e, bad)) {
		ox_node_error(m, o, "no integer multiply and shift gives onnxruntime's float "
			"result of this %s for every input (the first that differs: %lld, %lld)",
			a->op_type, (long long) bad[0], (long long) bad[1]);
		return -1;
	}
	ox_tensor *y = ox_out(m, o, 0, e.yt.is_signed ? 3 : 2, x->rank, x->dims);
	if (!y)
		return -1;
	const char *vars = ox_vars(m, y->rank);
	char *sum = "i64(0)";
	for (int i = 0; i < e.n; i++) {
		char *r = ox_read_bcast(m, e.q[i], x->rank, x->dims);
		if (!r)
			return -1;
		char *d = ox_fmt(m, "i64(%s) - i64(%lld)", r, (long long) e.z[i]);
		if (e.relu)
			d = ox_fmt(m, "max(%s, i64(0))", d);
		sum = ox_fmt(m, "%s + (%s) * i64(%lld)", sum, d, (long long) e.mult[i]);
	}
	char *sn = ox_helper_name(m, y, "qsum"), *an = ox_helper_name(m, y, "qabs");
	char *sv = ox_fmt(m, "%s(%s)", sn, vars), *av = ox_fmt(m, "%s(%s)", an, vars);
	ox_func(m, o, sn, y->rank, ir_type_make(true, 64), sum);
	ox_func(m, o, an, y->rank, ir_type_make(true, 64),
		ox_fmt(m, "select(%s < i64(0), -%s, %s)", sv, sv, sv));
	char *q = ox_fmt(m, "((%s + i64(%lld) + ((%s >> i64(%d)) & i64(1))) >> i64(%d))", av,
		(long long) (((int64_t) 1 << (e.k - 1)) - 1), av, e.k, e.k);
	ox_func(m, o, y->name, y->rank, y->type, ox_fmt(m, "%s(clamp(select(%s < i64(0), -%s, %s) "
		"+ i64(%lld), i64(%lld), i64(%lld)))", ox_tname(y->type), sv, q, q, (long long) e.yz,
		(long long) e.qmin, (long long) e.qmax));
	return 0;
}
