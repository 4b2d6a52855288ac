/* onnx/ops_layout.c: the operators that only move values: Reshape,
 * Flatten, Squeeze, Unsqueeze, Identity, Transpose, Concat, Pad, Trilu,
 * EyeLike.
 * Stage: ONNX models in (onnx/), called by import.c per node.  Each is a
 * func reading its input at a quasi-affine index (a row-major re-index
 * by / and % by constants, a permutation, a clamped or reflected index),
 * with a select where a point comes from no input (padding, the zeros of
 * Trilu). */
#include <string.h>

#include "onnx/onnx_private.h"

/* The axis "a" (negative counts from the end) of a rank; -1 when out of
 * range. */
static int axis_of(int64_t a, int rank)
{
	if (a < 0)
		a += rank;
	return a < 0 || a >= rank ? -1 : (int) a;
}

/* The ints of a constant tensor (a static input) into v. */
static int static_ints(const ox_tensor *t, int64_t *v, int max)
{
	if (!t->val || t->size > max)
		return -1;
	for (int64_t i = 0; i < t->size; i++)
		v[i] = ox_sval(t->val, i);
	return (int) t->size;
}

/* The output shape of Reshape, Flatten, Squeeze, Unsqueeze, Identity. */
static int reshape_dims(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *x, int *rank,
	int64_t *dims)
{
	const char *op = n->op_type;
	int64_t v[OX_MAX_RANK];
	ox_tensor *s = ox_in(m, n, 1);
	int nv = s ? static_ints(s, v, OX_MAX_RANK) : ox_attr_ints(n, "axes", v, OX_MAX_RANK);
	if (!strcmp(op, "Identity")) {
		*rank = x->rank;
		memcpy(dims, x->dims, sizeof x->dims);
	} else if (!strcmp(op, "Flatten")) {
		int a = (int) ox_attr_int(n, "axis", 1);
		a = a < 0 ? a + x->rank : a;
		if (a < 0 || a > x->rank)
			return -1;
		dims[0] = dims[1] = 1;
		for (int d = 0; d < x->rank; d++)
			dims[d >= a] *= x->dims[d];
		*rank = 2;
	} else if (!strcmp(op, "Reshape")) {
		if (nv < 0)
			return -1;
		int64_t known = 1;
		int infer = -1;
		for (int d = 0; d < nv; d++) {
			dims[d] = v[d] == 0 && !ox_attr_int(n, "allowzero", 0) && d < x->rank
				? x->dims[d] : v[d];
			if (dims[d] == -1 && infer < 0)
				infer = d;
			else if (dims[d] <= 0)
				return -1;
			else
				known *= dims[d];
		}
		if (infer >= 0)
			dims[infer] = x->size / known;
		*rank = nv;
	} else {
		bool unsq = !strcmp(op, "Unsqueeze"), mark[OX_MAX_RANK] = { 0 };
		int out = unsq ? x->rank + (nv < 0 ? 0 : nv) : x->rank;
		for (int i = 0; i < nv; i++) {
			int a = axis_of(v[i], out);
			if (a < 0 || (!unsq && x->dims[a] != 1))
				return -1;
			mark[a] = true;
		}
		*rank = 0;
		for (int d = 0, j = 0; d < out; d++) {
			if (unsq && mark[d])
				dims[(*rank)++] = 1;
			else if (unsq || !(nv < 0 ? x->dims[d] == 1 : mark[d]))
				dims[(*rank)++] = x->dims[j++];
			else
				j++;
		}
	}
	return *rank <= OX_MAX_RANK ? 0 : -1;
}

int ox_op_reshape(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	int rank;
	int64_t dims[OX_MAX_RANK], size = 1;
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	if (reshape_dims(m, n, x, &rank, dims) < 0) {
		ox_node_error(m, n, "its shape, axes or axis is not valid for input '%s'", x->onnx);
		return -1;
	}
	for (int d = 0; d < rank; d++)
		size *= dims[d];
	if (size != x->size) {
		ox_node_error(m, n, "makes %lld elements of %lld", (long long) size,
			(long long) x->size);
		return -1;
	}
	ox_tensor *y = ox_out(m, n, 0, x->elem, rank, dims);
	if (!y)
		return -1;
	/* The row-major position of the output point, then the input's index. */
	char *lin = NULL, *idx[OX_MAX_RANK];
	for (int d = 0; d < rank; d++) {
		int64_t stride = 1;
		for (int e = d + 1; e < rank; e++)
			stride *= dims[e];
		if (dims[d] == 1)
			continue;
		char *t = ox_fmt(m, "v%d * %lld", d, (long long) stride);
		lin = lin ? ox_fmt(m, "%s + %s", lin, t) : t;
	}
	lin = lin ? lin : "0";
	for (int d = 0; d < x->rank; d++) {
		int64_t stride = 1;
		for (int e = d + 1; e < x->rank; e++)
			stride *= x->dims[e];
		idx[d] = x->dims[d] == 1 ? "0" : ox_fmt(m, "(%s) / %lld %% %lld", lin,
			(long long) stride, (long long) x->dims[d]);
	}
	char *r = ox_read(m, x, idx);
	if (!r)
		return -1;
	ox_func(m, n, y->name, rank, y->type, r);
	if (rank == 2 && x->rank >= 3 && !x->val && x->dims[0] == dims[0])
		y->flat_of = x;
	return 0;
}

int ox_op_transpose(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	int64_t perm[OX_MAX_RANK], dims[OX_MAX_RANK];
	int np = ox_attr_ints(n, "perm", perm, OX_MAX_RANK);
	bool seen[OX_MAX_RANK] = { 0 };
	if (np < 0)
		for (int d = 0; d < (np = x->rank); d++)
			perm[d] = x->rank - 1 - d;
	for (int d = 0; d < np; d++)
		if (np != x->rank || perm[d] < 0 || perm[d] >= x->rank || seen[perm[d]]) {
			ox_node_error(m, n, "its perm is not a permutation of %d axes", x->rank);
			return -1;
		} else
			seen[perm[d]] = true;
	char *idx[OX_MAX_RANK];
	for (int d = 0; d < x->rank; d++) {
		dims[d] = x->dims[perm[d]];
		idx[perm[d]] = ox_fmt(m, "v%d", d);
	}
	ox_tensor *y = ox_out(m, n, 0, x->elem, x->rank, dims);
	char *r = ox_read(m, x, idx);
	if (!y || !r)
		return -1;
	ox_func(m, n, y->name, y->rank, y->type, r);
	return 0;
}

int ox_op_concat(ox_imp *m, const Onnx__NodeProto *n)
{
	int k = (int) n->n_input;
	ox_tensor *in[64];
	if (k < 1 || k > 64) {
		ox_node_error(m, n, "has %d inputs (1 to 64 are supported)", k);
		return -1;
	}
	for (int i = 0; i < k; i++)
		if (!ox_need_int(m, n, in[i] = ox_in(m, n, i), ox_fmt(m, "input %d", i)))
			return -1;
	int rank = in[0]->rank, a = axis_of(ox_attr_int(n, "axis", 0), rank);
	int64_t dims[OX_MAX_RANK], off[65] = { 0 };
	memcpy(dims, in[0]->dims, sizeof dims);
	for (int i = 0; i < k; i++) {
		bool ok = a >= 0 && in[i]->rank == rank && in[i]->elem == in[0]->elem;
		for (int d = 0; ok && d < rank; d++)
			ok = d == a || in[i]->dims[d] == dims[d];
		if (!ok) {
			ox_node_error(m, n, "its inputs differ in type, rank or a dimension other than "
				"the axis");
			return -1;
		}
		off[i + 1] = off[i] + in[i]->dims[a];
	}
	dims[a] = off[k];
	ox_tensor *y = ox_out(m, n, 0, in[0]->elem, rank, dims);
	if (!y)
		return -1;
	char *body = NULL;
	for (int i = k - 1; i >= 0; i--) {
		char *idx[OX_MAX_RANK];
		for (int d = 0; d < rank; d++)
			idx[d] = ox_fmt(m, "v%d", d);
		idx[a] = ox_fmt(m, "clamp(v%d - %lld, 0, %lld)", a, (long long) off[i],
			(long long) in[i]->dims[a] - 1);
		char *r = ox_read(m, in[i], idx);
		if (!r)
			return -1;
		body = !body ? r : ox_fmt(m, "select(v%d < %lld, %s, %s)", a, (long long) off[i + 1],
			r, body);
	}
	ox_func(m, n, y->name, rank, y->type, body);
	return 0;
}

/* |e| of an index expression. */
static char *iabs(ox_imp *m, const char *e)
{
	return ox_fmt(m, "max(%s, -(%s))", e, e);
}

/* The index and condition of dimension d of Pad's input, at i = v - pb. */
static char *pad_index(ox_imp *m, const char *mode, int d, int64_t pb, int64_t ext,
	char **cond)
{
	char *i = pb ? ox_fmt(m, "v%d - %lld", d, (long long) pb) : ox_fmt(m, "v%d", d);
	if (pb < 0)
		i = ox_fmt(m, "v%d + %lld", d, (long long) -pb);
	*cond = ox_fmt(m, "%s >= 0 && %s < %lld", i, i, (long long) ext);
	if (!strcmp(mode, "reflect") && ext > 1) {
		char *l = ox_fmt(m, "%lld", (long long) ext - 1);
		char *a = iabs(m, i);
		return ox_fmt(m, "%s - %s", l, iabs(m, ox_fmt(m, "%s - %s", l, a)));
	}
	return ox_fmt(m, "clamp(%s, 0, %lld)", i, (long long) ext - 1);
}

int ox_op_pad(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *pt = ox_in(m, n, 1), *cv = ox_in(m, n, 2);
	if (!ox_need_int(m, n, x, "input data"))
		return -1;
	int64_t p[2 * OX_MAX_RANK], dims[OX_MAX_RANK];
	int r = x->rank, np = pt ? static_ints(pt, p, 2 * OX_MAX_RANK)
		: ox_attr_ints(n, "pads", p, 2 * OX_MAX_RANK);
	const char *mode = ox_attr_str(m, n, "mode", "constant");
	if (np != 2 * r || ox_in(m, n, 3) || (cv && (cv->size != 1 || cv->elem != x->elem))) {
		ox_node_error(m, n, "needs pads of 2 x %d values, no axes and a scalar "
			"constant_value of the data's type", r);
		return -1;
	}
	if (strcmp(mode, "constant") && strcmp(mode, "edge") && strcmp(mode, "reflect")) {
		ox_node_error(m, n, "its mode '%s' is not constant, edge or reflect", mode);
		return -1;
	}
	if (ox_attr(n, "value") && ox_attr(n, "value")->f != 0) {
		ox_node_error(m, n, "its value is a float attribute (opset < 11)");
		return -1;
	}
	char *idx[OX_MAX_RANK], *cond = NULL;
	for (int d = 0; d < r; d++) {
		char *c;
		dims[d] = x->dims[d] + p[d] + p[r + d];
		if (!strcmp(mode, "reflect") && (p[d] >= x->dims[d] || p[r + d] >= x->dims[d])) {
			ox_node_error(m, n, "reflects by a pad of at least the extent %lld",
				(long long) x->dims[d]);
			return -1;
		}
		idx[d] = pad_index(m, mode, d, p[d], x->dims[d], &c);
		if (p[d] > 0 || p[r + d] > 0)
			cond = cond ? ox_fmt(m, "%s && %s", cond, c) : c;
	}
	ox_tensor *y = ox_out(m, n, 0, x->elem, r, dims);
	char *body = ox_read(m, x, idx);
	if (!y || !body)
		return -1;
	if (!strcmp(mode, "constant") && cond) {
		char *z = "0";
		char *c = cv ? ox_read(m, cv, &z) : ox_lit(m, x->type, 0);
		body = ox_fmt(m, "select(%s, %s, %s)", cond, body, c);
	}
	ox_func(m, n, y->name, r, y->type, body);
	return 0;
}

/* Trilu(x, k): the upper (j - i >= k) or lower (j - i <= k) triangle of
 * the last two dimensions, zeros elsewhere. */
int ox_op_trilu(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *kt = ox_in(m, n, 1);
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	int64_t k = 0;
	if (x->rank < 2 || (kt && static_ints(kt, &k, 1) != 1)) {
		ox_node_error(m, n, "needs a matrix (rank >= 2) and a scalar k");
		return -1;
	}
	int64_t lim = x->dims[x->rank - 1] + x->dims[x->rank - 2];
	k = k > lim ? lim : k < -lim ? -lim : k;
	ox_tensor *y = ox_out(m, n, 0, x->elem, x->rank, x->dims);
	char *r = ox_read_bcast(m, x, x->rank, x->dims);
	if (!y || !r)
		return -1;
	bool upper = ox_attr_int(n, "upper", 1) != 0;
	ox_func(m, n, y->name, y->rank, y->type, ox_fmt(m, "select(v%d - v%d %s %lld, %s, %s)",
		x->rank - 1, x->rank - 2, upper ? ">=" : "<=", (long long) k, r,
		ox_lit(m, x->type, 0)));
	return 0;
}

/* EyeLike(x): ones on the diagonal k of a matrix of x's shape. */
int ox_op_eyelike(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	int elem = (int) ox_attr_int(n, "dtype", x ? x->elem : 0);
	ir_type t;
	if (!x || x->rank != 2 || !ox_elem_type(elem, &t)) {
		ox_node_error(m, n, "needs a matrix and an integer dtype (not %s)",
			ox_elem_name(elem));
		return -1;
	}
	int64_t k = ox_attr_int(n, "k", 0), lim = x->dims[0] + x->dims[1];
	k = k > lim ? lim : k < -lim ? -lim : k;
	ox_tensor *y = ox_out(m, n, 0, elem, 2, x->dims);
	if (!y)
		return -1;
	ox_func(m, n, y->name, 2, t, ox_fmt(m, "select(v1 - v0 == %lld, %s, %s)", (long long) k,
		ox_lit(m, t, 1), ox_lit(m, t, 0)));
	return 0;
}
