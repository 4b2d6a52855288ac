/* onnx/ops_qlinear.c: QLinearConv and QLinearMatMul, requantized
 * exactly in integers (docs/onnx.md, "Requantization").
 * Stage: ONNX models in (onnx/), called by import.c per node.
 *
 * onnxruntime computes y = saturate(rne(fl(fl(acc) * s)) + y_zp), with
 * s = fl(fl(x_scale * w_scale) / y_scale) in float32, fl() float32
 * rounding and rne() rounding half to even.  A float32 s is exactly
 * m * 2^-k (m below 2^24), and with F(a) the rounding of an integer
 * a >= 0 to 24 significant bits (half to even; a select per binade the
 * window reaches), fl(acc) = sign(acc) F(|acc|), so
 *     P = fl(acc) * m (exact in i64),  A = |P|,
 *     fl(fl(acc) * s) = sign(P) F(A) / 2^k,
 *     q = (F(A) + 2^(k-1) - 1 + bit k of F(A)) >> k   (rne of F(A) / 2^k),
 *     y = clamp(sign(P) q + y_zp, QMIN, QMAX).
 * Both forms are monotone in acc, so they agree everywhere once they
 * agree on every accumulator value the layer can produce whose result
 * is not saturated, plus the two saturated neighbours: the importer
 * computes the accumulator's range from the weights, zero points and
 * bias, and checks every value of that window (a proof by exhaustion,
 * not a sample); a layer where they differ is refused. */
#include <math.h>
#include <string.h>

#include "onnx/onnx_private.h"

enum { OX_WINDOW_MAX = 1 << 26 };	/* accumulator values checked per scale */

typedef struct ox_requant {
	int64_t m;		/* s = m * 2^-k */
	int k;
	float s;
} ox_requant;

static int64_t rne_shift(int64_t p, int k)
{
	return (p + ((int64_t) 1 << (k - 1)) - 1 + ((p >> k) & 1)) >> k;
}

static ox_requant requant_of(float s)
{
	ox_requant r = { 0, 0, s };
	int e;
	double f = frexp((double) s, &e);	/* s = f * 2^e, f in [0.5, 1) */
	r.m = (int64_t) ldexp(f, 24);
	r.k = 24 - e;
	while (r.m && !(r.m & 1) && r.k > 1)
		r.m >>= 1, r.k--;
	if (r.k < 1 && r.k > -30)
		r.m <<= 1 - r.k, r.k = 1;	/* s >= 2^23: rne of an even P / 2 is exact */
	return r;
}

/* F: a >= 0 rounded to 24 significant bits, half to even, in the
 * binades up to 2^lmax (mag_chain writes the same). */
static int64_t round24(int64_t a, int lmax)
{
	int64_t f = a;
	for (int L = 25; L <= lmax; L++)
		if (a >= (int64_t) 1 << (L - 1))
			f = rne_shift(a, L - 24) << (L - 24);
	return f;
}

/* The integer form of rne(fl(fl(acc) * s)), as the program computes it:
 * fl(acc) = sign F(|acc|) in the binades up to 2^lim[1], then F of |P|
 * up to 2^lim[0]. */
static int64_t int_form(int64_t acc, const ox_requant *r, const int *lim)
{
	int64_t fa = round24(acc < 0 ? -acc : acc, lim[1]);
	int64_t p = (acc < 0 ? -fa : fa) * r->m;
	int64_t q = rne_shift(round24(p < 0 ? -p : p, lim[0]), r->k);
	return p < 0 ? -q : q;
}

/* The bit lengths over the unsaturated window of |acc| rounded to 24
 * bits, times m (lim[0]), and of |acc| (lim[1]): the binades the program
 * rounds in. */
static void window_bits(const ox_requant *r, int64_t wlo, int64_t whi, int *lim)
{
	int64_t a = (wlo < 0 ? -wlo : wlo) > (whi < 0 ? -whi : whi) ? (wlo < 0 ? -wlo : wlo)
		: (whi < 0 ? -whi : whi);
	__int128 p = (__int128) (a + (a >> 23) + 1) * r->m;
	lim[0] = lim[1] = 0;
	while (p >> lim[0])
		lim[0]++;
	while (a >> lim[1])
		lim[1]++;
}

/* The window of acc whose results are not saturated, one beyond, within
 * [lo, hi]. */
static void sat_window(const ox_requant *r, int64_t lo, int64_t hi, int64_t zp,
	int64_t qmin, int64_t qmax, int64_t *wlo, int64_t *whi)
{
	double a = (double) (qmin - zp - 1) / r->s, b = (double) (qmax - zp + 1) / r->s;
	*wlo = lo, *whi = hi;
	if (a > (double) lo)
		*wlo = (int64_t) floor(a) - 1;
	if (b < (double) hi)
		*whi = (int64_t) ceil(b) + 1;
	*wlo = *wlo < lo ? lo : *wlo, *whi = *whi > hi ? hi : *whi;
}

/* Does the integer form give onnxruntime's y for every acc in [lo, hi]?
 * "why" says where it fails. */
static bool requant_exact(const ox_requant *r, int64_t lo, int64_t hi, int64_t zp,
	int64_t qmin, int64_t qmax, const int *lim, char *why, size_t cap)
{
	int64_t wlo, whi;
	sat_window(r, lo, hi, zp, qmin, qmax, &wlo, &whi);
	if (whi - wlo > OX_WINDOW_MAX) {
		snprintf(why, cap, "its unsaturated accumulator window [%lld, %lld] is too wide "
			"to check", (long long) wlo, (long long) whi);
		return false;
	}
	for (int64_t acc = wlo; acc <= whi; acc++) {
		float f = nearbyintf((float) acc * r->s);
		int64_t want = (int64_t) fmax(fmin((double) f + (double) zp, qmax), qmin);
		int64_t q = int_form(acc, r, lim) + zp;
		int64_t got = q < qmin ? qmin : q > qmax ? qmax : q;
		if (got != want || ((acc == wlo && wlo > lo && got != qmin) ||
		    (acc == whi && whi < hi && got != qmax))) {
			snprintf(why, cap, "at accumulator %lld the integer form gives %lld and "
				"float32 gives %lld", (long long) acc, (long long) got, (long long) want);
			return false;
		}
	}
	return true;
}

/* The float32 value i of a scale (a constant). */
static float scale_at(const ox_tensor *t, int64_t i)
{
	return ox_float(t->val, t->size == 1 ? 0 : i);
}

static int64_t zp_at(const ox_tensor *t, int64_t i)
{
	return t ? ox_sval(t->val, t->size == 1 ? 0 : i) : 0;
}

/* The range of sum_j X * wd_j over the taps, X in [xlo, xhi] (0 too). */
static void tap_range(int64_t xlo, int64_t xhi, const int64_t *wlo, const int64_t *whi,
	int64_t n, int64_t *lo, int64_t *hi)
{
	for (int64_t j = 0; j < n; j++) {
		int64_t c[4] = { xlo * wlo[j], xlo * whi[j], xhi * wlo[j], xhi * whi[j] };
		int64_t mn = 0, mx = 0;
		for (int i = 0; i < 4; i++)
			mn = c[i] < mn ? c[i] : mn, mx = c[i] > mx ? c[i] : mx;
		*lo += mn, *hi += mx;
	}
}


/* The accumulator's range for output channel c. */
static void acc_range(ox_imp *m, const ox_qlayer *q, int64_t c, int64_t *lo, int64_t *hi)
{
	int64_t xz = zp_at(q->xz, 0), wz = zp_at(q->wz, c);
	int64_t xlo = ox_sval(&(io_array) { .type = q->x->type, .data = (uint64_t[]) {
		ir_type_min(q->x->type) } }, 0) - xz;
	int64_t xhi = (int64_t) ir_type_max(q->x->type) - xz;
	int64_t *wl = sl_alloc(m->ctx, (size_t) q->taps * 8), *wh = sl_alloc(m->ctx, (size_t) q->taps * 8);
	for (int64_t j = 0; j < q->taps; j++) {
		if (q->w->val && q->w_chan + q->w_tap > 0) {
			wl[j] = wh[j] = ox_sval(q->w->val, c * q->w_chan + j * q->w_tap) - wz;
		} else {
			io_array t = { .type = q->w->type, .data = (uint64_t[]) { ir_type_min(q->w->type) } };
			wl[j] = ox_sval(&t, 0) - wz;
			wh[j] = (int64_t) ir_type_max(q->w->type) - wz;
		}
	}
	*lo = *hi = 0;
	tap_range(xlo, xhi, wl, wh, q->taps, lo, hi);
	if (q->b && q->b->val)
		*lo += ox_sval(q->b->val, c), *hi += ox_sval(q->b->val, c);
	else if (q->b)
		*lo += INT32_MIN, *hi += INT32_MAX;
	*lo = *lo < INT32_MIN ? INT32_MIN : *lo, *hi = *hi > INT32_MAX ? INT32_MAX : *hi;
}

/* The output type's bounds. */
static void qbounds(ir_type t, int64_t *qmin, int64_t *qmax)
{
	*qmin = t.is_signed ? -((int64_t) 1 << (t.bits - 1)) : 0;
	*qmax = (int64_t) ir_type_max(t);
}

/* Each channel's s = m * 2^-k, its accumulator range and the binades
 * reached (lim, as window_bits).  0, or -1 (reported). */
static int plan_scales(ox_imp *m, const Onnx__NodeProto *n, const ox_qlayer *q,
	ox_requant *rq, int64_t (*range)[2], int *lim)
{
	int64_t zp = zp_at(q->yz, 0), qmin, qmax, wlo, whi;
	qbounds(q->yt, &qmin, &qmax);
	float xs = scale_at(q->xs, 0), ys = scale_at(q->ys, 0);
	lim[0] = lim[1] = 0;
	for (int64_t c = 0; c < q->nch; c++) {
		float s = xs * scale_at(q->ws, c);
		s = s / ys;
		if (!(s > 0) || !isfinite(s) || s >= 0x1p23f || s < 0x1p-40f) {
			ox_node_error(m, n, "its scale x_scale * w_scale / y_scale is %g for output "
				"channel %lld: sluice takes 2^-40 to 2^23", (double) s, (long long) c);
			return -1;
		}
		rq[c] = requant_of(s);
		acc_range(m, q, c, &range[c][0], &range[c][1]);
		sat_window(&rq[c], range[c][0], range[c][1], zp, qmin, qmax, &wlo, &whi);
		int L[2];
		window_bits(&rq[c], wlo, whi, L);
		lim[0] = L[0] > lim[0] ? L[0] : lim[0];
		lim[1] = L[1] > lim[1] ? L[1] : lim[1];
	}
	return 0;
}

/* Was an earlier channel of the same m and k proved over a range that
 * holds channel c's? */
static bool proved_before(const ox_requant *rq, int64_t (*range)[2], int64_t c)
{
	for (int64_t e = 0; e < c; e++)
		if (rq[e].m == rq[c].m && rq[e].k == rq[c].k && range[e][0] <= range[c][0] &&
		    range[e][1] >= range[c][1])
			return true;
	return false;
}

/* The requantization of every channel, proved exact over its range:
 * 0, or -1 (reported). */
static int plan_channels(ox_imp *m, const Onnx__NodeProto *n, const ox_qlayer *q,
	ox_requant *rq, int *lim)
{
	int64_t (*range)[2] = sl_alloc(m->ctx, (size_t) q->nch * sizeof *range);
	int64_t zp = zp_at(q->yz, 0), qmin, qmax;
	qbounds(q->yt, &qmin, &qmax);
	if (plan_scales(m, n, q, rq, range, lim) < 0)
		return -1;
	for (int64_t c = 0; c < q->nch; c++) {
		int64_t lo = range[c][0], hi = range[c][1];
		char why[256];
		if (proved_before(rq, range, c))
			continue;	/* proved for the same scale over a wider range */
		bool wide = rq[c].k > 62 || lim[0] > 62;
		if (wide)
			snprintf(why, sizeof why, "its product needs more than 62 bits");
		if (wide || !requant_exact(&rq[c], lo, hi, zp, qmin, qmax, lim, why, sizeof why)) {
			ox_node_error(m, n, "the requantization of output channel %lld (scale %.9g = "
				"%lld * 2^-%d, accumulators in [%lld, %lld]) cannot be made exact in "
				"integers: %s", (long long) c, (double) rq[c].s, (long long) rq[c].m,
				rq[c].k, (long long) lo, (long long) hi, why);
			return -1;
		}
	}
	return 0;
}

/* A per-channel table of the plan, or its literal when every channel
 * has the same value. */
static char *plan_value(ox_imp *m, const ox_tensor *y, const ox_requant *rq, int64_t nch,
	int what, const char *ch)
{
	int64_t v[3];
	bool same = true;
	io_array *a = io_array_alloc(ir_type_make(true, 64), 1, &nch);
	for (int64_t c = 0; c < nch; c++) {
		v[0] = rq[c].m, v[1] = rq[c].k, v[2] = ((int64_t) 1 << (rq[c].k - 1)) - 1;
		a->data[c] = (uint64_t) v[what];
		same &= a->data[c] == a->data[0];
	}
	if (same) {
		char *s = ox_lit(m, a->type, a->data[0]);
		io_array_free(a);
		return s;
	}
	static const char *const sfx[] = { "mult", "shift", "round" };
	ox_tensor *t = ox_new_tensor(m, ox_fmt(m, "%s__%s", y->name, sfx[what]), 7, 1, &nch);
	t->val = a;
	static const char *const what_s[] = { "multiplier m", "shift k", "rounding 2^(k-1) - 1" };
	t->note = ox_fmt(m, "the requantization of '%s' per output channel: its %s", y->onnx,
		what_s[what]);
	char *idx = (char *) ch;
	return ox_read(m, t, &idx);
}

/* F: |P| rounded to 24 significant bits, half to even, in each binade
 * up to 2^lmax (int_form's loop). */
static char *mag_chain(ox_imp *m, const char *a, int lmax)
{
	char *e = (char *) a;
	for (int L = 25; L <= lmax; L++) {
		int g = L - 24;
		char *r = ox_fmt(m, "((%s + i64(%lld) + ((%s >> %d) & i64(1))) >> %d) << %d", a,
			(long long) (((int64_t) 1 << (g - 1)) - 1), a, g, g, g);
		e = ox_fmt(m, "select(%s < i64(%lld), %s, %s)", a, (long long) ((int64_t) 1 << (L - 1)),
			e, r);
	}
	return e;
}

/* fl(acc) as i64: acc itself below 2^24, else sign F(|acc|) by the
 * funcs Y__aabs and Y__afl (int_form's first rounding). */
static char *acc_fl(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *y, const char *acc,
	int lacc)
{
	if (lacc <= 24)
		return ox_fmt(m, "i64(%s)", acc);
	const char *vars = ox_vars(m, y->rank);
	char *an = ox_helper_name(m, y, "aabs"), *fn = ox_helper_name(m, y, "afl");
	ir_type i64 = ir_type_make(true, 64);
	ox_func(m, n, an, y->rank, i64, ox_fmt(m, "select(%s < i32(0), -i64(%s), i64(%s))", acc, acc,
		acc));
	ox_func(m, n, fn, y->rank, i64, mag_chain(m, ox_fmt(m, "%s(%s)", an, vars), lacc));
	char *f = ox_fmt(m, "%s(%s)", fn, vars);
	return ox_fmt(m, "select(%s < i32(0), -%s, %s)", acc, f, f);
}

/* The layer's funcs: Y__acc (i32), Y__prod = acc * m, Y__abs = |prod|,
 * Y__fl = F(|prod|) (i64), and Y = clamp(sign * rne(F / 2^k) + y_zp). */
static int emit_layer(ox_imp *m, const Onnx__NodeProto *n, const ox_qlayer *q,
	ox_tensor *y, const char *acc, const char *ch)
{
	ox_requant *rq = sl_alloc(m->ctx, (size_t) q->nch * sizeof *rq);
	int lim[2];
	if (plan_channels(m, n, q, rq, lim) < 0)
		return -1;
	const char *vars = ox_vars(m, y->rank);
	char *nm[4] = { ox_helper_name(m, y, "acc"), ox_helper_name(m, y, "prod"),
		ox_helper_name(m, y, "abs"), ox_helper_name(m, y, "fl") }, *rd[4];
	for (int i = 0; i < 4; i++)
		rd[i] = ox_fmt(m, "%s(%s)", nm[i], vars);
	if (q->b) {
		char *bi = (char *) ch, *br = ox_read(m, q->b, &bi);
		if (!br)
			return -1;
		acc = ox_fmt(m, "(%s) + %s", acc, br);	/* a sum's body reaches right */
	}
	char *mult = plan_value(m, y, rq, q->nch, 0, ch), *sh = plan_value(m, y, rq, q->nch, 1, ch);
	char *rnd = plan_value(m, y, rq, q->nch, 2, ch), *zpi = "0";
	char *zp = q->yz ? ox_fmt(m, "i64(%s)", ox_read(m, q->yz, &zpi)) : "i64(0)";
	if (!mult || !sh || !rnd || !zp)
		return -1;
	ir_type i64 = ir_type_make(true, 64);
	int64_t qmin, qmax;
	qbounds(y->type, &qmin, &qmax);
	ox_func(m, n, nm[0], y->rank, ir_type_make(true, 32), acc);
	ox_func(m, n, nm[1], y->rank, i64, ox_fmt(m, "%s * %s", acc_fl(m, n, y, rd[0], lim[1]), mult));
	ox_func(m, n, nm[2], y->rank, i64, ox_fmt(m, "select(%s < i64(0), -%s, %s)", rd[1], rd[1],
		rd[1]));
	ox_func(m, n, nm[3], y->rank, i64, mag_chain(m, rd[2], lim[0]));
	char *qv = ox_fmt(m, "((%s + %s + ((%s >> %s) & i64(1))) >> %s)", rd[3], rnd, rd[3], sh, sh);
	ox_func(m, n, y->name, y->rank, y->type, ox_fmt(m, "%s(clamp(select(%s < i64(0), -%s, %s) "
		"+ %s, %s, %s))", ox_tname(y->type), rd[1], qv, qv, zp, ox_lit(m, i64, (uint64_t) qmin),
		ox_lit(m, i64, (uint64_t) qmax)));
	return 0;
}

/* The scales and zero points of a QLinear node: constants, integer zero
 * points, float32 scales. */
static bool check_q(ox_imp *m, const Onnx__NodeProto *n, ox_qlayer *q)
{
	ox_tensor *sc[3] = { q->xs, q->ws, q->ys }, *zp[3] = { q->xz, q->wz, q->yz };
	for (int i = 0; i < 3; i++) {
		if (!sc[i] || sc[i]->elem != 1 || !sc[i]->val) {
			ox_node_error(m, n, "its scales must be float32 constants");
			return false;
		}
		if (zp[i] && (ir_type_none(zp[i]->type) || !zp[i]->val)) {
			ox_node_error(m, n, "its zero points must be integer constants");
			return false;
		}
	}
	if (!ox_need_int(m, n, q->x, "input x") || !ox_need_int(m, n, q->w, "input w") ||
	    (q->b && !ox_need_int(m, n, q->b, "input B")))
		return false;
	if ((q->ws->size != 1 && q->ws->size != q->nch) ||
	    (q->wz && q->wz->size != 1 && q->wz->size != q->nch) || q->xs->size != 1 ||
	    q->ys->size != 1 || (q->xz && q->xz->size != 1) || (q->yz && q->yz->size != 1)) {
		ox_node_error(m, n, "its scales and zero points are neither per tensor nor per "
			"output channel");
		return false;
	}
	q->yt = q->yz ? q->yz->type : ir_type_make(false, 8);
	return true;
}

static char *zp_read(ox_imp *m, ox_tensor *zp, const char *ch)
{
	if (!zp)
		return "i32(0)";
	char *i = zp->size == 1 ? "0" : (char *) ch;
	return ox_fmt(m, "i32(%s)", ox_read(m, zp, &i));
}

/* The layer of QLinearConv or of a Conv in QDQ form: geometry from node
 * "a" (its attributes), the result output 0 of node "o". */
int ox_qlinear_conv(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o,
	ox_qlayer *q)
{
	if (!q->x || !q->w || q->x->rank < 3 || q->w->rank != q->x->rank) {
		ox_node_error(m, a, "needs x [N][C][...] and w [M][C/group][...]");
		return -1;
	}
	q->nch = q->w->dims[0], q->w_chan = q->w->size / q->nch, q->taps = q->w_chan, q->w_tap = 1;
	if (!check_q(m, a, q))
		return -1;
	int nsp = q->x->rank - 2;
	int64_t k[OX_MAX_RANK], dims[OX_MAX_RANK], group = ox_attr_int(a, "group", 1);
	ox_window win;
	if (ox_attr_ints(a, "kernel_shape", k, OX_MAX_RANK) < 0)
		memcpy(k, q->w->dims + 2, (size_t) nsp * sizeof(int64_t));
	if (group < 1 || q->nch % group || q->x->dims[1] != q->w->dims[1] * group ||
	    ox_window_of(m, a, q->x->dims + 2, nsp, k, &win) < 0) {
		ox_node_error(m, a, "its input, weight and group do not match");
		return -1;
	}
	dims[0] = q->x->dims[0], dims[1] = q->nch;
	memcpy(dims + 2, win.out, (size_t) nsp * sizeof(int64_t));
	ox_tensor *y = ox_out(m, o, 0, q->yz ? q->yz->elem : 2, q->x->rank, dims);
	if (!y)
		return -1;
	char *acc = ox_conv_sum(m, a, q->x, q->w, zp_read(m, q->xz, "0"), zp_read(m, q->wz, "v1"),
		&win, group);
	return acc ? emit_layer(m, o, q, y, acc, "v1") : -1;
}

int ox_op_qlinear_conv(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_qlayer q = { .x = ox_in(m, n, 0), .xs = ox_in(m, n, 1), .xz = ox_in(m, n, 2),
		.w = ox_in(m, n, 3), .ws = ox_in(m, n, 4), .wz = ox_in(m, n, 5),
		.ys = ox_in(m, n, 6), .yz = ox_in(m, n, 7), .b = ox_in(m, n, 8) };
	return ox_qlinear_conv(m, n, n, &q);
}

/* The layer of QLinearMatMul or of a MatMul in QDQ form (node "a"),
 * the result output 0 of node "o". */
/* The reduction of a fully connected layer over K, in the order its input
 * is stored: dims outermost first, each an extent and its stride in K. */
enum { FC_CHUNK = 32 };
typedef struct fc_red {
	int n;
	int64_t ext[OX_MAX_RANK * 2], stride[OX_MAX_RANK * 2];
	int xdim[OX_MAX_RANK * 2];	/* the dimension of x->flat_of (or -1) */
} fc_red;

/* How the K taps of x [M][K] split: x's source in its storage order when x
 * flattens one (flat_of), else K as factors of at most FC_CHUNK taken
 * from the inside (the largest divisor each time; a prime above it stays
 * one dimension). */
static void fc_dims(const ox_imp *m, const ox_tensor *x, int64_t K, fc_red *f)
{
	const ox_tensor *p = x->flat_of;
	f->n = 0;
	if (p) {
		for (int j = 1; j < p->rank; j++) {
			int d = ox_stored_dim(m, p->rank, j);
			int64_t st = 1;
			for (int e = d + 1; e < p->rank; e++)
				st *= p->dims[e];
			f->ext[f->n] = p->dims[d], f->stride[f->n] = st, f->xdim[f->n++] = d;
		}
		return;
	}
	int64_t fac[64], n = 0, rest = K;
	while (rest > 1 && n < OX_MAX_RANK * 2 - 1) {
		int64_t u = FC_CHUNK < rest ? FC_CHUNK : rest;
		while (rest % u)
			u--;
		fac[n++] = u > 1 ? u : rest;
		rest /= fac[n - 1];
	}
	if (rest > 1)
		fac[n++] = rest;
	for (int64_t st = 1, j = 0; j < n; st *= fac[j++]) {
		int i = (int) (n - 1 - j);
		f->ext[i] = fac[j], f->stride[i] = st, f->xdim[i] = -1;
	}
	f->n = (int) n;
}

/* The levels of sums, from the inside: level l sums dims [b[l+1], b[l]),
 * as many as keep it within FC_CHUNK taps (one at least).  Their count. */
static int fc_levels(const fc_red *f, int *b)
{
	int n = 0;
	b[0] = f->n;
	while (b[n] > 0) {
		int64_t chunk = f->ext[b[n] - 1];
		int lo = b[n] - 1;
		while (lo > 0 && chunk * f->ext[lo - 1] <= FC_CHUNK)
			chunk *= f->ext[--lo];
		b[++n] = lo;
	}
	return n;
}

/* The sum header over dims [lo, hi) of f (r0, r1, ...), and the
 * variables v{j+2} of the dims j < lo, each after ", ". */
static void fc_vars(ox_imp *m, const fc_red *f, int lo, int hi, char **hdr, char **outer)
{
	*hdr = "", *outer = "";
	for (int j = lo; j < hi; j++)
		*hdr = ox_fmt(m, "%s%sr%d in 0..%lld", *hdr, j > lo ? ", " : "", j - lo,
			(long long) f->ext[j]);
	for (int j = 0; j < lo; j++)
		*outer = ox_fmt(m, "%s, v%d", *outer, j + 2);
}

/* A fully connected layer of more than FC_CHUNK taps as partial sums that
 * stream: NAME__part(v0, v2, ..., v1) sums one chunk of taps (unrolled by
 * the lowering) for output v1, the chunk v2.. in the input's storage
 * order; each further level NAME__partL sums chunks of the level below,
 * and the accumulator sums the last.  Integer sums wrap, so the order
 * changes no bit.  The accumulator's text, or NULL (reported). */
static char *fc_streamed(ox_imp *m, const ox_qlayer *q, ox_tensor *y, const fc_red *f)
{
	int b[OX_MAX_RANK * 2 + 1], nl = fc_levels(f, b);
	char *k = "0", *idx[OX_MAX_RANK], *hdr, *outer;
	for (int j = 0; j < f->n; j++) {
		char *v = j >= b[1] ? ox_fmt(m, "r%d", j - b[1]) : ox_fmt(m, "v%d", j + 2);
		k = ox_fmt(m, "%s + %s * %lld", k, v, (long long) f->stride[j]);
		if (f->xdim[j] >= 0)
			idx[f->xdim[j]] = v;
	}
	char *xr, *wi[2] = { k, "v1" };
	if (q->x->flat_of) {
		idx[0] = "v0";
		xr = ox_read(m, q->x->flat_of, idx);
	} else {
		char *xi[2] = { "v0", k };
		xr = ox_read(m, q->x, xi);
	}
	char *wr = ox_read(m, q->w, wi);
	if (!xr || !wr)
		return NULL;
	char *body = ox_fmt(m, "%s * %s", ox_minus_zp(m, xr, zp_read(m, q->xz, "0")),
		ox_minus_zp(m, wr, zp_read(m, q->wz, "v1")));
	for (int l = 0; l < nl; l++) {
		fc_vars(m, f, b[l + 1], b[l], &hdr, &outer);
		char *sum = ox_fmt(m, "sum(%s) %s", hdr, body);
		if (l == nl - 1)
			return sum;
		char *part = ox_helper_name(m, y, l ? ox_fmt(m, "part%d", l + 1) : "part");
		fprintf(m->out, "func %s(v0%s, v1) : i32 =\n\t%s;\n", part, outer, sum);
		char *pi = outer;
		for (int j = b[l + 1]; j < b[l]; j++)
			pi = ox_fmt(m, "%s, r%d", pi, j - b[l + 1]);
		fc_vars(m, f, b[l + 2], b[l + 1], &hdr, &outer);
		char *args = outer;
		for (int j = b[l + 2]; j < b[l + 1]; j++)
			args = ox_fmt(m, "%s, r%d", args, j - b[l + 2]);
		body = ox_fmt(m, "%s(v0%s, v1)", part, args);
	}
	return NULL;
}

int ox_qlinear_matmul(ox_imp *m, const Onnx__NodeProto *a, const Onnx__NodeProto *o,
	ox_qlayer *qp)
{
	ox_qlayer q = *qp;
	const Onnx__NodeProto *n = a;
	int r = q.x ? q.x->rank : 0, rb = q.w ? q.w->rank : 0;
	bool ok = q.x && q.w && r >= 2 && (rb == 2 || rb == r) &&
		q.x->dims[r - 1] == q.w->dims[rb - 2];
	for (int d = 0; ok && d < rb - 2; d++)
		ok = q.w->dims[d] == q.x->dims[d];
	if (!ok) {
		ox_node_error(m, n, "needs a [..][M][K] and b [K][N] or [..][K][N] of the same "
			"batch");
		return -1;
	}
	q.nch = q.w->dims[rb - 1], q.taps = q.w->dims[rb - 2], q.w_chan = 1, q.w_tap = q.nch;
	if (rb > 2)
		q.w_chan = q.w_tap = 0;	/* batched b: its range by its type */
	if (!check_q(m, n, &q))
		return -1;
	int64_t dims[OX_MAX_RANK];
	memcpy(dims, q.x->dims, sizeof dims);
	dims[r - 1] = q.nch;
	ox_tensor *y = ox_out(m, o, 0, q.yz ? q.yz->elem : 2, r, dims);
	if (!y)
		return -1;
	char *ai[OX_MAX_RANK], *bi[OX_MAX_RANK];
	for (int d = 0; d < r - 1; d++)
		ai[d] = bi[d] = ox_fmt(m, "v%d", d);
	ai[r - 1] = bi[rb - 2] = "r0";
	bi[rb - 1] = ox_fmt(m, "v%d", r - 1);
	fc_red f;
	if (r == 2 && rb == 2 && q.taps > FC_CHUNK && (fc_dims(m, q.x, q.taps, &f), f.n > 1)) {
		char *acc = fc_streamed(m, &q, y, &f);
		return acc ? emit_layer(m, o, &q, y, acc, "v1") : -1;
	}
	char *ar = ox_read(m, q.x, ai), *br = ox_read(m, q.w, bi);
	if (!ar || !br)
		return -1;
	char *acc = ox_fmt(m, "sum(r0 in 0..%lld) %s * %s", (long long) q.taps,
		ox_minus_zp(m, ar, zp_read(m, q.xz, "0")), ox_minus_zp(m, br, zp_read(m, q.wz, bi[rb - 1])));
	return emit_layer(m, o, &q, y, acc, bi[rb - 1]);
}

int ox_op_qlinear_matmul(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_qlayer q = { .x = ox_in(m, n, 0), .xs = ox_in(m, n, 1), .xz = ox_in(m, n, 2),
		.w = ox_in(m, n, 3), .ws = ox_in(m, n, 4), .wz = ox_in(m, n, 5),
		.ys = ox_in(m, n, 6), .yz = ox_in(m, n, 7) };
	return ox_qlinear_matmul(m, n, n, &q);
}
