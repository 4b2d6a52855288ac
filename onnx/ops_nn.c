/* onnx/ops_nn.c: the layers: ConvInteger, MatMulInteger and MaxPool,
 * with the window geometry (kernel, strides, dilations, pads, auto_pad,
 * ceil_mode) QLinearConv shares (ops_qlinear.c).
 * Stage: ONNX models in (onnx/), called by import.c per node.  A layer is
 * one func with a reduction over the window (and the input channels of
 * its group); a padded read is a select on the bounds with a clamped
 * index, so every access stays inside its input. */
#include <string.h>

#include "onnx/onnx_private.h"

/* The window of a pooling or convolution over "nsp" spatial dimensions:
 * 0, or -1 (reported). */
int ox_window_of(ox_imp *m, const Onnx__NodeProto *n, const int64_t *in, int nsp,
	const int64_t *kernel, ox_window *w)
{
	int64_t v[2 * OX_MAX_RANK];
	memset(w, 0, sizeof *w);
	w->nsp = nsp;
	for (int j = 0; j < nsp; j++) {
		w->k[j] = kernel[j];
		w->s[j] = w->d[j] = 1;
		w->in[j] = in[j];
	}
	if (ox_attr_ints(n, "strides", v, nsp) == nsp)
		memcpy(w->s, v, (size_t) nsp * sizeof(int64_t));
	if (ox_attr_ints(n, "dilations", v, nsp) == nsp)
		memcpy(w->d, v, (size_t) nsp * sizeof(int64_t));
	int np = ox_attr_ints(n, "pads", v, 2 * nsp);
	if (np == 2 * nsp)
		for (int j = 0; j < nsp; j++)
			w->pb[j] = v[j], w->pe[j] = v[nsp + j];
	const char *ap = ox_attr_str(m, n, "auto_pad", "NOTSET");
	bool ceil = ox_attr_int(n, "ceil_mode", 0) != 0;
	for (int j = 0; j < nsp; j++) {
		int64_t ext = (w->k[j] - 1) * w->d[j] + 1;
		if (w->k[j] < 1 || w->s[j] < 1 || w->d[j] < 1 || w->pb[j] < 0 || w->pe[j] < 0) {
			ox_node_error(m, n, "has a kernel, stride, dilation or pad out of range");
			return -1;
		}
		if (!strcmp(ap, "SAME_UPPER") || !strcmp(ap, "SAME_LOWER")) {
			w->out[j] = (in[j] + w->s[j] - 1) / w->s[j];
			int64_t tot = (w->out[j] - 1) * w->s[j] + ext - in[j];
			tot = tot < 0 ? 0 : tot;
			w->pb[j] = !strcmp(ap, "SAME_UPPER") ? tot / 2 : tot - tot / 2;
			w->pe[j] = tot - w->pb[j];
			continue;
		}
		if (!strcmp(ap, "VALID"))
			w->pb[j] = w->pe[j] = 0;
		else if (strcmp(ap, "NOTSET")) {
			ox_node_error(m, n, "its auto_pad is '%s'", ap);
			return -1;
		}
		int64_t span = in[j] + w->pb[j] + w->pe[j] - ext;
		if (span < 0) {
			ox_node_error(m, n, "its window is larger than its padded input");
			return -1;
		}
		w->out[j] = (ceil ? (span + w->s[j] - 1) / w->s[j] : span / w->s[j]) + 1;
		if (ceil && (w->out[j] - 1) * w->s[j] >= in[j] + w->pb[j])
			w->out[j]--;
	}
	return 0;
}

/* The input index of spatial dimension j at output variable "ov" and
 * reduction variable "rv": the clamped index in *idx and the condition
 * that it is inside (NULL when it always is) in *cond. */
void ox_window_read(ox_imp *m, const ox_window *w, int j, const char *ov, const char *rv,
	char **idx, char **cond)
{
	char *e = w->s[j] == 1 ? ox_fmt(m, "%s", ov) : ox_fmt(m, "%s * %lld", ov, (long long) w->s[j]);
	if (w->k[j] > 1)
		e = w->d[j] == 1 ? ox_fmt(m, "%s + %s", e, rv)
			: ox_fmt(m, "%s + %s * %lld", e, rv, (long long) w->d[j]);
	if (w->pb[j])
		e = ox_fmt(m, "%s - %lld", e, (long long) w->pb[j]);
	int64_t last = (w->out[j] - 1) * w->s[j] + (w->k[j] - 1) * w->d[j] - w->pb[j];
	bool lo = w->pb[j] > 0, hi = last >= w->in[j];
	*cond = !lo && !hi ? NULL
		: ox_fmt(m, "%s%s%s", lo ? ox_fmt(m, "%s >= 0", e) : "", lo && hi ? " && " : "",
			hi ? ox_fmt(m, "%s < %lld", e, (long long) w->in[j]) : "");
	*idx = !lo && !hi ? e : ox_fmt(m, "clamp(%s, 0, %lld)", e, (long long) w->in[j] - 1);
}

/* The kernel of MaxPool (attribute) or of a convolution (the weight's
 * shape, or kernel_shape when given). */
static int kernel_of(ox_imp *m, const Onnx__NodeProto *n, int nsp, const ox_tensor *wt,
	int64_t *k)
{
	int nk = ox_attr_ints(n, "kernel_shape", k, OX_MAX_RANK);
	if (nk < 0 && wt) {
		memcpy(k, wt->dims + 2, (size_t) nsp * sizeof(int64_t));
		return 0;
	}
	if (nk != nsp) {
		ox_node_error(m, n, "its kernel_shape has %d dimensions, not %d", nk, nsp);
		return -1;
	}
	return 0;
}

int ox_op_maxpool(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0);
	if (!ox_need_int(m, n, x, "input 0"))
		return -1;
	if (n->n_output > 1 && *n->output[1]) {
		ox_node_error(m, n, "its output Indices is not supported");
		return -1;
	}
	int nsp = x->rank - 2;
	int64_t k[OX_MAX_RANK], dims[OX_MAX_RANK];
	ox_window w;
	if (nsp < 1 || kernel_of(m, n, nsp, NULL, k) < 0 ||
	    ox_window_of(m, n, x->dims + 2, nsp, k, &w) < 0)
		return -1;
	dims[0] = x->dims[0], dims[1] = x->dims[1];
	memcpy(dims + 2, w.out, (size_t) nsp * sizeof(int64_t));
	ox_tensor *y = ox_out(m, n, 0, x->elem, x->rank, dims);
	if (!y)
		return -1;
	char *idx[OX_MAX_RANK] = { "v0", "v1" }, *cond = NULL, *hdr = "";
	for (int j = 0; j < nsp; j++) {
		char *c;
		ox_window_read(m, &w, j, ox_fmt(m, "v%d", j + 2), ox_fmt(m, "r%d", j), &idx[j + 2], &c);
		if (c)
			cond = cond ? ox_fmt(m, "%s && %s", cond, c) : c;
		hdr = ox_fmt(m, "%s%sr%d in 0..%lld", hdr, j ? ", " : "", j, (long long) k[j]);
	}
	char *r = ox_read(m, x, idx);
	if (cond)
		r = ox_fmt(m, "select(%s, %s, %s)", cond, r, ox_lit(m, x->type, ir_type_min(x->type)));
	ox_func(m, n, y->name, y->rank, y->type, ox_fmt(m, "maximum(%s) %s", hdr, r));
	return 0;
}

/* (i32(v) - zp), or i32(v) when there is no zero point. */
char *ox_minus_zp(ox_imp *m, const char *v, const char *zp)
{
	if (!strcmp(zp, "i32(0)"))
		return ox_fmt(m, "i32(%s)", v);
	return ox_fmt(m, "(i32(%s) - %s)", v, zp);
}

/* A zero point read as i32: "i32(ZP(i))" with i the channel index for
 * a per-channel one, "i32(0)" when absent. */
static char *zero_point(ox_imp *m, ox_tensor *zp, const char *ch)
{
	if (!zp)
		return "i32(0)";
	char *i = zp->size == 1 ? "0" : (char *) ch;
	return ox_fmt(m, "i32(%s)", ox_read(m, zp, &i));
}

/* sum over the window and the group's input channels of
 * (x - xzp) * (w - wzp), a padded x counting 0: the body of an output
 * point (v0 batch, v1 output channel, v2.. spatial) in i32. */
/* One sum of a convolution over channels base .. base + cn - 1 of the
 * group (r0 the channel within them) and the window (r1, ...). */
static char *conv_chunk(ox_imp *m, ox_tensor *x, ox_tensor *w, const char *xzp,
	const char *wzp, const ox_window *win, int64_t group, int64_t base, int64_t cn)
{
	int nsp = win->nsp;
	int64_t cg = w->dims[1], mg = w->dims[0] / group;
	char *xi[OX_MAX_RANK], *wi[OX_MAX_RANK], *cond = NULL;
	char *ch = base ? ox_fmt(m, "r0 + %lld", (long long) base) : "r0";
	xi[0] = "v0";
	char *grp = mg == 1 ? "v1" : ox_fmt(m, "v1 / %lld", (long long) mg);
	if (cg > 1)
		grp = ox_fmt(m, "%s * %lld", grp, (long long) cg);
	xi[1] = group == 1 ? ch : ox_fmt(m, "%s + %s", grp, ch);
	wi[0] = "v1", wi[1] = ch;
	char *hdr = ox_fmt(m, "r0 in 0..%lld", (long long) cn);
	for (int j = 0; j < nsp; j++) {
		char *c, *rv = ox_fmt(m, "r%d", j + 1);
		ox_window_read(m, win, j, ox_fmt(m, "v%d", j + 2), rv, &xi[j + 2], &c);
		if (c)
			cond = cond ? ox_fmt(m, "%s && %s", cond, c) : c;
		wi[j + 2] = rv;
		hdr = ox_fmt(m, "%s, %s in 0..%lld", hdr, rv, (long long) win->k[j]);
	}
	char *xr = ox_read(m, x, xi), *wr = ox_read(m, w, wi);
	if (!xr || !wr)
		return NULL;
	char *xv = ox_minus_zp(m, xr, xzp);
	if (cond)
		xv = ox_fmt(m, "select(%s, %s, i32(0))", cond, xv);
	return ox_fmt(m, "sum(%s) %s * %s", hdr, xv, ox_minus_zp(m, wr, wzp));
}

/* The accumulator of a convolution: the sum over the group's channels
 * and the window.  Past CONV_CHUNK taps it is written as a sum of sums,
 * each over as many whole channels as keep it within CONV_CHUNK taps
 * (one channel at least): the lowering lifts each into a func and
 * unrolls it, so the layer takes one output a cycle instead of one tap
 * (docs/onnx.md, "Streams at the ideal").  Integer sums wrap, so the
 * grouping changes no bit. */
enum { CONV_CHUNK = 32 };
char *ox_conv_sum(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *x, ox_tensor *w,
	const char *xzp, const char *wzp, const ox_window *win, int64_t group)
{
	int64_t cg = w->dims[1], win_taps = 1;
	for (int j = 0; j < win->nsp; j++)
		win_taps *= win->k[j];
	int64_t cn = cg * win_taps <= CONV_CHUNK ? cg : CONV_CHUNK / win_taps;
	cn = cn < 1 ? 1 : cn;
	char *acc = NULL;
	for (int64_t base = 0; base < cg; base += cn) {
		char *s = conv_chunk(m, x, w, xzp, wzp, win, group, base,
			cg - base < cn ? cg - base : cn);
		if (!s)
			return NULL;
		acc = acc ? ox_fmt(m, "%s + (%s)", acc, s) : cn < cg ? ox_fmt(m, "(%s)", s) : s;
	}
	return acc;
}

/* The shapes of a convolution: x [N][C][spatial], w [M][C/group][kernel]. */
static int conv_shapes(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *x, ox_tensor *w,
	ox_window *win, int64_t *group, int64_t *dims)
{
	int nsp = x->rank - 2;
	int64_t k[OX_MAX_RANK];
	*group = ox_attr_int(n, "group", 1);
	if (nsp < 1 || w->rank != x->rank || *group < 1 || w->dims[0] % *group ||
	    x->dims[1] != w->dims[1] * *group) {
		ox_node_error(m, n, "its input [N][C][...] and weight [M][C/group][...] do not "
			"match (group %lld)", (long long) *group);
		return -1;
	}
	if (kernel_of(m, n, nsp, w, k) < 0 || ox_window_of(m, n, x->dims + 2, nsp, k, win) < 0)
		return -1;
	dims[0] = x->dims[0], dims[1] = w->dims[0];
	memcpy(dims + 2, win->out, (size_t) nsp * sizeof(int64_t));
	return 0;
}

/* ConvInteger(x, w, x_zero_point, w_zero_point) -> int32. */
int ox_op_conv_integer(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *x = ox_in(m, n, 0), *w = ox_in(m, n, 1);
	ox_tensor *xz = ox_in(m, n, 2), *wz = ox_in(m, n, 3);
	if (!ox_need_int(m, n, x, "input x") || !ox_need_int(m, n, w, "input w") ||
	    (xz && !ox_need_int(m, n, xz, "x_zero_point")) ||
	    (wz && !ox_need_int(m, n, wz, "w_zero_point")))
		return -1;
	ox_window win;
	int64_t group, dims[OX_MAX_RANK];
	if (conv_shapes(m, n, x, w, &win, &group, dims) < 0)
		return -1;
	if ((xz && xz->size != 1) || (wz && wz->size != 1 && wz->size != w->dims[0])) {
		ox_node_error(m, n, "its zero points are neither scalars nor per output channel");
		return -1;
	}
	ox_tensor *y = ox_out(m, n, 0, 6, x->rank, dims);
	char *body = ox_conv_sum(m, n, x, w, zero_point(m, xz, "0"), zero_point(m, wz, "v1"),
		&win, group);
	if (!y || !body)
		return -1;
	ox_func(m, n, y->name, y->rank, y->type, body);
	return 0;
}

/* MatMulInteger(A, B, a_zero_point, b_zero_point) -> int32: A [..][M][K],
 * B [..][K][N], batch dimensions broadcast; zero points scalar, per row
 * of A or per column of B. */
int ox_op_matmul_integer(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *a = ox_in(m, n, 0), *b = ox_in(m, n, 1);
	ox_tensor *az = ox_in(m, n, 2), *bz = ox_in(m, n, 3);
	if (!ox_need_int(m, n, a, "input A") || !ox_need_int(m, n, b, "input B") ||
	    (az && !ox_need_int(m, n, az, "a_zero_point")) ||
	    (bz && !ox_need_int(m, n, bz, "b_zero_point")))
		return -1;
	if (a->rank < 2 || b->rank < 2 || a->dims[a->rank - 1] != b->dims[b->rank - 2]) {
		ox_node_error(m, n, "its inputs are not matrices [..][M][K] and [..][K][N]");
		return -1;
	}
	int rank = a->rank > b->rank ? a->rank : b->rank;
	int64_t dims[OX_MAX_RANK], K = a->dims[a->rank - 1];
	ox_tensor ab = *a, bb = *b, *pair[2] = { &ab, &bb };
	ab.rank -= 2, bb.rank -= 2;	/* the batch dimensions */
	if (!ox_bcast_shape(m, n, pair, 2, &rank, dims))
		return -1;
	rank += 2;
	dims[rank - 2] = a->dims[a->rank - 2], dims[rank - 1] = b->dims[b->rank - 1];
	char *ai[OX_MAX_RANK], *bi[OX_MAX_RANK];
	for (int d = 0; d < a->rank - 2; d++)
		ai[d] = a->dims[d] == 1 ? "0" : ox_fmt(m, "v%d", rank - a->rank + d);
	for (int d = 0; d < b->rank - 2; d++)
		bi[d] = b->dims[d] == 1 ? "0" : ox_fmt(m, "v%d", rank - b->rank + d);
	ai[a->rank - 2] = ox_fmt(m, "v%d", rank - 2), ai[a->rank - 1] = "r0";
	bi[b->rank - 2] = "r0", bi[b->rank - 1] = ox_fmt(m, "v%d", rank - 1);
	ox_tensor *y = ox_out(m, n, 0, 6, rank, dims);
	char *ar = ox_read(m, a, ai), *br = ox_read(m, b, bi);
	if (!y || !ar || !br)
		return -1;
	char *azs = zero_point(m, az, ai[a->rank - 2]), *bzs = zero_point(m, bz, bi[b->rank - 1]);
	ox_func(m, n, y->name, rank, y->type, ox_fmt(m, "sum(r0 in 0..%lld) %s * %s",
		(long long) K, ox_minus_zp(m, ar, azs), ox_minus_zp(m, br, bzs)));
	return 0;
}
