/* onnx/ops_arith.c: Div, Mod and Pow on integers.
 * Stage: ONNX models in (onnx/), called by import.c per node.  sluice's
 * `/` and `%` need a constant divisor: a scalar constant divisor uses
 * them (truncating, as ONNX integer Div and Mod with fmod=1 do), any
 * other divisor becomes a restoring long division written out as one
 * func per quotient bit on the magnitudes (docs/onnx.md, "Div and Mod").
 * Mod with fmod=0 then moves a nonzero remainder whose sign differs from
 * the divisor's by the divisor (Python's %).  Pow is square and multiply
 * over the exponent's bits, wrapping modulo 2^N like integer products. */
#include <string.h>

#include "onnx/onnx_private.h"

typedef struct ox_div {
	ox_imp *m;
	ox_tensor *y;
	int rank;
	const int64_t *dims;
	ir_type t, u;		/* the operands' type and its unsigned twin */
	const char *vars;
	char *a, *b;		/* reads of the magnitudes |A|, |B| (type u) */
	char **r;		/* r[k]: the remainder func after bit k (r[N]: none) */
} ox_div;

/* The partial remainder before bit k is subtracted: 2 r[k+1] + bit k of
 * |A|, computed modulo 2^N; "carry" is the bit shifted out. */
static char *shifted(ox_div *d, int k, char **carry)
{
	int N = d->t.bits;
	const char *U = ox_tname(d->u);
	char *bit = ox_fmt(d->m, "((%s >> %d) & %s(1))", d->a, k, U);
	if (k == N - 1) {
		*carry = NULL;
		return bit;
	}
	char *r = ox_fmt(d->m, "%s(%s)", d->r[k + 1], d->vars);
	*carry = ox_fmt(d->m, "(%s >> %d) != %s(0)", r, N - 1, U);
	return ox_fmt(d->m, "((%s << 1) | %s)", r, bit);
}

/* Quotient bit k: the shifted remainder is at least |B|. */
static char *qbit(ox_div *d, int k)
{
	char *carry, *s = shifted(d, k, &carry);
	char *ge = ox_fmt(d->m, "%s >= %s", s, d->b);
	return carry ? ox_fmt(d->m, "(%s || %s)", carry, ge) : ge;
}

/* r[N-1] .. r[lo]: the remainders, one func each (a quotient needs
 * r[N-1] .. r[1] only). */
static void remainders(ox_div *d, const Onnx__NodeProto *n, int lo)
{
	int N = d->t.bits;
	d->r = sl_alloc(d->m->ctx, (size_t) (N + 1) * sizeof(char *));
	for (int k = N - 1; k >= lo; k--) {
		char *carry, *s = shifted(d, k, &carry);
		d->r[k] = ox_helper_name(d->m, d->y, ox_fmt(d->m, "r%d", k));
		char *body = ox_fmt(d->m, "select(%s, %s - %s, %s)", qbit(d, k), s, d->b, s);
		ox_func(d->m, n, d->r[k], d->rank, d->u, body);
	}
}

/* The quotient |A| / |B| as an expression of type u. */
static char *quotient(ox_div *d)
{
	char *q = NULL;
	for (int k = d->t.bits - 1; k >= 0; k--) {
		char *t = ox_fmt(d->m, "(%s(%s) << %d)", ox_tname(d->u), qbit(d, k), k);
		q = q ? ox_fmt(d->m, "%s | %s", q, t) : t;
	}
	return q;
}

/* |X| as a helper func of type u (X itself when unsigned). */
static char *magnitude(ox_div *d, const Onnx__NodeProto *n, ox_tensor *x, const char *sfx)
{
	char *r = ox_read_bcast(d->m, x, d->rank, d->dims);
	if (!r || !d->t.is_signed)
		return r;
	char *name = ox_helper_name(d->m, d->y, sfx);
	ox_func(d->m, n, name, d->rank, d->u, ox_fmt(d->m, "abs(%s)", r));
	return ox_fmt(d->m, "%s(%s)", name, d->vars);
}

/* Mod, fmod=0, of "rem" (a truncated remainder) by B: + B when nonzero
 * with the other sign. */
static char *python_mod(ox_div *d, const Onnx__NodeProto *n, const char *rem, const char *b)
{
	if (!d->t.is_signed)
		return (char *) rem;
	char *name = ox_helper_name(d->m, d->y, "trunc");
	ox_func(d->m, n, name, d->rank, d->t, rem);
	char *r = ox_fmt(d->m, "%s(%s)", name, d->vars);
	const char *z = ox_lit(d->m, d->t, 0);
	return ox_fmt(d->m, "select(%s != %s && (%s < %s) != (%s < %s), %s + %s, %s)", r, z, r, z,
		b, z, r, b, r);
}

static int by_constant(ox_div *d, const Onnx__NodeProto *n, ox_tensor *A, ox_tensor *B,
	bool div, bool fmod)
{
	if (B->val->data[0] == 0) {
		ox_node_error(d->m, n, "divides by the constant 0");
		return -1;
	}
	char *a = ox_read_bcast(d->m, A, d->rank, d->dims);
	char *b = ox_read_bcast(d->m, B, d->rank, d->dims);
	if (!a || !b)
		return -1;
	char *rem = ox_fmt(d->m, "%s %% %s", a, b);
	char *body = div ? ox_fmt(d->m, "%s / %s", a, b) : fmod ? rem : python_mod(d, n, rem, b);
	ox_func(d->m, n, d->y->name, d->rank, d->t, body);
	return 0;
}

static int long_division(ox_div *d, const Onnx__NodeProto *n, ox_tensor *A, ox_tensor *B,
	bool div, bool fmod)
{
	char *sa = ox_read_bcast(d->m, A, d->rank, d->dims);
	char *sb = ox_read_bcast(d->m, B, d->rank, d->dims);
	d->a = magnitude(d, n, A, "absa");
	d->b = magnitude(d, n, B, "absb");
	if (!sa || !sb || !d->a || !d->b)
		return -1;
	const char *T = ox_tname(d->t), *z = ox_lit(d->m, d->t, 0);
	char *body;
	remainders(d, n, div ? 1 : 0);
	if (div) {
		char *q = quotient(d);
		body = !d->t.is_signed ? q : ox_fmt(d->m, "select((%s < %s) != (%s < %s), -%s(%s), %s(%s))",
			sa, z, sb, z, T, q, T, q);
	} else {
		char *r = ox_fmt(d->m, "%s(%s)", d->r[0], d->vars);
		char *rem = !d->t.is_signed ? r : ox_fmt(d->m, "select(%s < %s, -%s(%s), %s(%s))",
			sa, z, T, r, T, r);
		body = fmod ? rem : python_mod(d, n, rem, sb);
	}
	ox_func(d->m, n, d->y->name, d->rank, d->t, body);
	return 0;
}

int ox_op_divmod(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *in[2] = { ox_in(m, n, 0), ox_in(m, n, 1) };
	int rank;
	int64_t dims[OX_MAX_RANK];
	for (int i = 0; i < 2; i++)
		if (!ox_need_int(m, n, in[i], ox_fmt(m, "input %d", i)))
			return -1;
	if (in[0]->elem != in[1]->elem) {
		ox_node_error(m, n, "its inputs have different element types (%s and %s)",
			ox_elem_name(in[0]->elem), ox_elem_name(in[1]->elem));
		return -1;
	}
	if (in[0]->elem == 9) {
		ox_node_error(m, n, "takes numbers, not bool");
		return -1;
	}
	if (!ox_bcast_shape(m, n, in, 2, &rank, dims))
		return -1;
	bool div = !strcmp(n->op_type, "Div"), fmod = ox_attr_int(n, "fmod", 0) != 0;
	ox_div d = { .m = m, .rank = rank, .dims = dims, .t = in[0]->type,
		.u = ir_type_make(false, in[0]->type.bits), .vars = ox_vars(m, rank) };
	if (!(d.y = ox_out(m, n, 0, in[0]->elem, rank, dims)))
		return -1;
	if (in[1]->val && in[1]->val->size == 1)
		return by_constant(&d, n, in[0], in[1], div, fmod);
	return long_division(&d, n, in[0], in[1], div, fmod);
}

/* X^(2^k), k = 0 .. bits - 1, one func each; the names in p[]. */
static void powers(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *y, char *x, int bits,
	char **p)
{
	const char *vars = ox_vars(m, y->rank);
	for (int k = 0; k < bits; k++) {
		p[k] = ox_helper_name(m, y, ox_fmt(m, "p%d", k));
		char *prev = k ? ox_fmt(m, "%s(%s)", p[k - 1], vars) : x;
		ox_func(m, n, p[k], y->rank, y->type, k ? ox_fmt(m, "%s * %s", prev, prev) : x);
	}
}

/* Pow(X, E) on integers: the product of X^(2^k) over the bits k of E,
 * wrapping; a negative E gives what onnxruntime's pow gives once
 * truncated: 1 for X = 1, +-1 for X = -1, else 0. */
int ox_op_pow(ox_imp *m, const Onnx__NodeProto *n)
{
	ox_tensor *in[2] = { ox_in(m, n, 0), ox_in(m, n, 1) };
	int rank;
	int64_t dims[OX_MAX_RANK];
	for (int i = 0; i < 2; i++)
		if (!ox_need_int(m, n, in[i], ox_fmt(m, "input %d", i)))
			return -1;
	if (!ox_bcast_shape(m, n, in, 2, &rank, dims))
		return -1;
	ox_tensor *y = ox_out(m, n, 0, in[0]->elem, rank, dims);
	char *x = ox_read_bcast(m, in[0], rank, dims), *e = ox_read_bcast(m, in[1], rank, dims);
	if (!y || !x || !e)
		return -1;
	int bits = in[1]->type.bits;
	char *p[64];
	powers(m, n, y, x, bits, p);
	const char *T = ox_tname(y->type), *vars = ox_vars(m, rank);
	ir_type et = in[1]->type;
	char *body = NULL;
	for (int k = 0; k < bits; k++) {
		char *f = ox_fmt(m, "select(((%s >> %d) & %s) != %s, %s(%s), %s(1))", e, k,
			ox_lit(m, et, 1), ox_lit(m, et, 0), p[k], vars, T);
		body = body ? ox_fmt(m, "%s * %s", body, f) : f;
	}
	if (et.is_signed) {
		const char *one = ox_lit(m, y->type, 1), *z = ox_lit(m, et, 0);
		char *neg = y->type.is_signed
			? ox_fmt(m, "select(%s == %s, %s, select(%s == -%s, select((%s & %s) != %s, -%s, %s), %s(0)))",
				x, one, one, x, one, e, ox_lit(m, et, 1), z, one, one, T)
			: ox_fmt(m, "select(%s == %s, %s, %s(0))", x, one, one, T);
		body = ox_fmt(m, "select(%s < %s, %s, %s)", e, z, neg, body);
	}
	ox_func(m, n, y->name, rank, y->type, body);
	return 0;
}
