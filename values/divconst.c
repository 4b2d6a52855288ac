/* values/divconst.c: division and modulo by a constant as a multiply-high,
 * shifts and masks (strength reduction), and its step-by-step model.
 * Stage: basics shared by rtlgen (which emits a plan as wires), the
 * logic estimate (which costs it) and the tests (which check the model
 * against ir_eval_binop).  Owns no memory.
 *
 * The theory (the usual round-up reciprocal): for d >= 1 and l >= 0 let
 * m = ceil(2^l / d) and e = m d - 2^l, 0 <= e < d.  For y = q d + r
 * (0 <= r < d), y m / 2^l = q + (r + y e / 2^l) / d, so
 * floor(y m / 2^l) = q exactly when r + y e / 2^l < d.  Over y in [0, X]
 * that holds when (a) y1 e < 2^l for y1 the largest y <= X with r = d - 1
 * and (b) X e < 2^(l+1) (then r <= d - 2 leaves room 2 / d).  l is the
 * smallest that passes, which keeps M and so the multiplier narrow; l =
 * bits(X) + ceil(log2 d) always passes.
 * Signed truncation: with M = m (d > 0) or -m (d < 0) and P = x M, the
 * same bound on |x| gives floor(P / 2^l) = trunc(x / d) when P >= 0 and
 * trunc(x / d) - 1 when P < 0 (e > 0 as d is not a power of two, so
 * P / 2^l is never an integer then): q = (P >>> l) + (P < 0). */
#include "values/values.h"

typedef unsigned __int128 dc_u128;

static int dc_bits(dc_u128 v)
{
	int b = 0;
	while (v >> b)
		b++;
	return b;
}

static bool dc_pow2(uint64_t d, int *k)
{
	if (!d || (d & (d - 1)))
		return false;
	*k = dc_bits(d) - 1;
	return true;
}

static uint64_t dc_mask(int w)
{
	return w >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << w) - 1;
}

/* Is m = ceil(2^l / d) exact over [0, X]?  (The banner's (a) and (b).) */
static bool dc_magic_ok(dc_u128 X, uint64_t d, int l, dc_u128 *m)
{
	dc_u128 p = (dc_u128) 1 << l;
	*m = p / d + (p % d != 0);
	dc_u128 e = *m * d - p;
	dc_u128 y1 = X >= d - 1 ? X - (X - (d - 1)) % d : 0;
	return y1 * e < p && (X * e) >> 1 < p;
}

/* The smallest l whose magic is exact over [0, X]; d >= 3, X < 2^64. */
static void dc_magic(va_divplan *p, dc_u128 X, uint64_t d)
{
	int l = dc_bits(d - 1);	/* ceil(log2 d) */
	dc_u128 m;
	while (!dc_magic_ok(X, d, l, &m))
		l++;
	p->magic = (uint64_t) m;
	p->magic_top = (m >> 64) != 0;
	p->mbits = dc_bits(m);
	p->shift = l;
}

/* Unsigned x in [0, X] by d >= 2. */
static void dc_plan_unsigned(va_divplan *p, uint64_t X, uint64_t d)
{
	p->qbits = dc_bits(X / d);
	p->rbits = dc_bits(d - 1);
	if (d > X)
		p->form = VA_DIVF_ZERO;
	else if (dc_pow2(d, &p->k))
		p->form = VA_DIVF_SHIFT;
	else if (d > X / 2)
		p->form = VA_DIVF_COMPARE;
	else {
		p->form = VA_DIVF_MULHI;
		while (!(d & 1)) {	/* floor(floor(x / 2^s) / d') */
			d >>= 1;
			X >>= 1;
			p->pre++;
		}
		p->xbits = dc_bits(X);
		dc_magic(p, X, d);
	}
}

va_divplan va_divconst_plan(ir_type t, ir_op op, uint64_t divisor)
{
	va_divplan p = { 0 };
	p.is_mod = op == IR_OP_MOD;
	p.is_signed = t.is_signed;
	p.bits = t.bits;
	uint64_t dn = ir_norm(t, divisor);
	p.neg = t.is_signed && (dn >> 63);
	p.d = p.neg ? 0 - dn : dn;
	if (!dn) {
		p.form = VA_DIVF_BYZERO;
		return p;
	}
	if (p.d == 1) {
		p.form = p.neg ? VA_DIVF_NEGATE : VA_DIVF_IDENTITY;
		return p;
	}
	if (!t.is_signed) {
		dc_plan_unsigned(&p, ir_type_max(t), p.d);
		return p;
	}
	p.qbits = t.bits;
	p.rbits = dc_bits(p.d - 1) + 1;
	if (dc_pow2(p.d, &p.k)) {
		p.form = VA_DIVF_SHIFT;
		return p;
	}
	p.form = VA_DIVF_MULHI;
	p.xbits = t.bits;
	dc_magic(&p, (dc_u128) 1 << (t.bits - 1), p.d);
	return p;
}

bool va_divconst_plan_range(int64_t lo, int64_t hi, ir_op op, int64_t d,
	va_divplan *p)
{
	const int64_t lim = (int64_t) 1 << 62;
	if (d <= 0 || d > lim || lo < -lim || hi > lim || hi - lo >= lim)
		return false;
	if (hi < lo)
		hi = lo;
	int64_t off = ir_floordiv(lo, d) * d;
	if (lo >= 0 && dc_bits((uint64_t) (hi - off)) >= dc_bits((uint64_t) hi))
		off = 0;	/* subtracting would not narrow x */
	va_divplan r = { 0 };
	r.is_mod = op == IR_OP_MOD;
	r.is_range = true;
	r.d = (uint64_t) d;
	r.offset = off;
	r.bits = dc_bits((uint64_t) (hi - off));
	if (r.bits < 1)
		r.bits = 1;
	dc_plan_unsigned(&r, (uint64_t) (hi - off), (uint64_t) d);
	if (d == 1) {
		r.form = VA_DIVF_IDENTITY;
		r.rbits = 1;
	}
	*p = r;
	return true;
}

/* ------------------------------------------------------------ the model */

/* The low 64 bits of (y * M) >> l, M = magic + top 2^64 (129-bit product). */
static uint64_t dc_mul_shr(uint64_t y, uint64_t magic, bool top, int l)
{
	dc_u128 lo = (dc_u128) y * magic;
	uint64_t w0 = (uint64_t) lo, w1 = (uint64_t) (lo >> 64), w2 = 0;
	if (top) {
		w1 += y;
		w2 = w1 < y;
	}
	if (l >= 64) {
		dc_u128 h = ((dc_u128) w2 << 64) | w1;
		return (uint64_t) (h >> (l - 64));
	}
	return l ? (w0 >> l) | (w1 << (64 - l)) : w0;
}

/* floor(v / 2^l) of a signed 128-bit value, without relying on >>. */
static __int128 dc_floor_shr(__int128 v, int l)
{
	if (v >= 0)
		return (__int128) ((dc_u128) v >> l);
	return -(__int128) (((dc_u128) -(v + 1)) >> l) - 1;
}

/* The quotient of a signed plan, wrapped to N bits. */
static uint64_t dc_quot_signed(const va_divplan *p, uint64_t x)
{
	ir_type t = ir_type_make(true, p->bits);
	int64_t xs = (int64_t) x;
	if (p->form == VA_DIVF_SHIFT) {
		__int128 bias = xs < 0 ? (((__int128) 1 << p->k) - 1) : 0;
		uint64_t q0 = (uint64_t) dc_floor_shr((__int128) xs + bias, p->k);
		return ir_norm(t, p->neg ? 0 - q0 : q0);
	}
	__int128 m = (__int128) p->magic;
	__int128 prod = (__int128) xs * (p->neg ? -m : m);
	__int128 q = dc_floor_shr(prod, p->shift) + (prod < 0);
	return ir_norm(t, (uint64_t) q);
}

/* The quotient of an unsigned form (type plans and range plans). */
static uint64_t dc_quot_unsigned(const va_divplan *p, uint64_t x)
{
	switch (p->form) {
	case VA_DIVF_SHIFT: return x >> p->k;
	case VA_DIVF_COMPARE: return x >= p->d;
	case VA_DIVF_MULHI:
		return dc_mul_shr(x >> p->pre, p->magic, p->magic_top, p->shift)
			& dc_mask(p->qbits);
	default: sl_unreachable();
	}
}

/* x - q * divisor in rbits bits, extended as the type. */
static uint64_t dc_rem(const va_divplan *p, uint64_t x, uint64_t q)
{
	uint64_t dv = p->neg ? 0 - p->d : p->d;
	uint64_t r = (x - q * dv) & dc_mask(p->rbits);
	if (p->is_signed)
		return ir_norm(ir_type_make(true, p->rbits), r);
	return r;
}

static uint64_t dc_eval_range(const va_divplan *p, uint64_t x)
{
	uint64_t xr = (x - (uint64_t) p->offset) & dc_mask(p->bits);
	uint64_t q = p->form == VA_DIVF_ZERO ? 0 : p->form == VA_DIVF_IDENTITY ? xr
		: dc_quot_unsigned(p, xr);
	if (p->is_mod)
		return p->form == VA_DIVF_SHIFT ? xr & dc_mask(p->k) : dc_rem(p, xr, q);
	return q + (uint64_t) (p->offset / (int64_t) p->d);
}

/* Signed remainder by 2^k: the low k bits, with ones above them when x is
 * negative and they are not all zero. */
static uint64_t dc_rem_pow2_signed(const va_divplan *p, uint64_t x)
{
	uint64_t low = x & dc_mask(p->k);
	bool minus = (x >> 63) && low;
	return ir_norm(ir_type_make(true, p->bits), minus ? x | ~dc_mask(p->k) : low);
}

uint64_t va_divplan_eval(const va_divplan *p, uint64_t x)
{
	ir_type t = ir_type_make(p->is_signed, p->bits);
	if (p->is_range)
		return dc_eval_range(p, x);
	uint64_t q;
	switch (p->form) {
	case VA_DIVF_BYZERO: return 0;
	case VA_DIVF_ZERO: q = 0; break;
	case VA_DIVF_IDENTITY: q = x; break;
	case VA_DIVF_NEGATE: q = ir_norm(t, 0 - x); break;
	default:
		if (p->is_mod && p->form == VA_DIVF_SHIFT)
			return p->is_signed ? dc_rem_pow2_signed(p, x) : x & dc_mask(p->k);
		q = p->is_signed ? dc_quot_signed(p, x) : dc_quot_unsigned(p, x);
		break;
	}
	if (!p->is_mod)
		return q;
	if (p->form == VA_DIVF_IDENTITY || p->form == VA_DIVF_NEGATE)
		return 0;
	return p->form == VA_DIVF_ZERO ? x : dc_rem(p, x, q);
}

/* ------------------------------------------------------------ index ranges */

#define DC_LIM ((__int128) 1 << 62)

static bool dc_set(__int128 a, __int128 b, int64_t *lo, int64_t *hi)
{
	__int128 l = a < b ? a : b, h = a < b ? b : a;
	if (l < -DC_LIM || h > DC_LIM)
		return false;
	*lo = (int64_t) l;
	*hi = (int64_t) h;
	return true;
}

static bool dc_range_binary(ir_op op, int64_t al, int64_t ah, int64_t bl,
	int64_t bh, int64_t *lo, int64_t *hi)
{
	__int128 p[4] = { (__int128) al * bl, (__int128) al * bh, (__int128) ah * bl,
		(__int128) ah * bh };
	switch (op) {
	case IR_OP_ADD: return dc_set((__int128) al + bl, (__int128) ah + bh, lo, hi);
	case IR_OP_SUB: return dc_set((__int128) al - bh, (__int128) ah - bl, lo, hi);
	case IR_OP_MIN: return dc_set(al < bl ? al : bl, ah < bh ? ah : bh, lo, hi);
	case IR_OP_MAX: return dc_set(al > bl ? al : bl, ah > bh ? ah : bh, lo, hi);
	case IR_OP_MUL: {
		__int128 l = p[0], h = p[0];
		for (int i = 1; i < 4; i++) {
			l = p[i] < l ? p[i] : l;
			h = p[i] > h ? p[i] : h;
		}
		return dc_set(l, h, lo, hi);
	}
	case IR_OP_DIV:
		return bl == bh && bl > 0
			&& dc_set(ir_floordiv(al, bl), ir_floordiv(ah, bl), lo, hi);
	case IR_OP_MOD:
		if (bl != bh || bl <= 0)
			return false;
		if (ir_floordiv(al, bl) == ir_floordiv(ah, bl))
			return dc_set(ir_floormod(al, bl), ir_floormod(ah, bl), lo, hi);
		return dc_set(0, bl - 1, lo, hi);
	default:
		return false;
	}
}

bool va_index_range(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots, int64_t *lo, int64_t *hi)
{
	int64_t al, ah, bl, bh;
	switch (e->kind) {
	case IR_CONST:
		return dc_set((int64_t) e->u.cval, (int64_t) e->u.cval, lo, hi);
	case IR_VAR: {
		int s = e->u.var.slot;
		if (s < 0 || s >= n_slots || slot_lo[s] > slot_hi[s])
			return false;
		return dc_set(slot_lo[s], slot_hi[s], lo, hi);
	}
	case IR_UNARY:
		if (e->op != IR_OP_NEG
		    || !va_index_range(e->args[0], slot_lo, slot_hi, n_slots, &al, &ah))
			return false;
		return dc_set(-(__int128) ah, -(__int128) al, lo, hi);
	case IR_BINARY:
		if (!va_index_range(e->args[0], slot_lo, slot_hi, n_slots, &al, &ah)
		    || !va_index_range(e->args[1], slot_lo, slot_hi, n_slots, &bl, &bh))
			return false;
		return dc_range_binary(e->op, al, ah, bl, bh, lo, hi);
	default:
		return false;
	}
}
