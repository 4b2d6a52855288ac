/* rtlgen/divconst.c: division and modulo by a constant as wires, from
 * the plan of values/divconst.c (va_divconst_plan, va_divconst_plan_range),
 * step for step as va_divplan_eval models it: no divider.
 * Stage: rtlgen, called by datapath.c (values and index expressions) and
 * buffers.c (circular-buffer addresses).  The multiply-high is one plain
 * "*" of the operand by a constant of the magic's width, which Yosys maps
 * to DSPs where the board has them; the remainder x - q d is computed in
 * its few low bits by shifts and adds.  Wires are the stage's node wires
 * <name>_n<k>. */
#include "rtlgen/rtlgen_private.h"
#include "values/values.h"

static uint64_t dc_mask(int w)
{
	return w >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << w) - 1;
}

static const char *dc_wire(rtl_gen *g, rtl_stage *st, int w, bool is_signed,
	const char *expr)
{
	const char *name = rtl_fmt(g, "%s_n%d", st->name, st->n_nodes++);
	if (w == 1 && !is_signed)
		fprintf(g->out, "    wire %s = %s;\n", name, expr);
	else
		fprintf(g->out, "    wire %s[%d:0] %s = %s;\n", is_signed ? "signed " : "",
			w - 1, name, expr);
	return name;
}

/* Bits [lo, lo + w) of wire x (of width xw), as a w-bit value. */
static const char *dc_bits(rtl_gen *g, const char *x, int xw, int lo, int w)
{
	if (lo == 0 && w == xw)
		return x;
	if (w == 1)
		return rtl_fmt(g, "%s[%d]", x, lo);
	return rtl_fmt(g, "%s[%d:%d]", x, lo + w - 1, lo);
}

/* An unsigned w-bit value x zero-extended to "to" bits. */
static const char *dc_zext(rtl_gen *g, const char *x, int w, int to)
{
	return w >= to ? x : rtl_fmt(g, "{%d'd0, %s}", to - w, x);
}

/* A w-bit value x sign-extended to "to" bits. */
static const char *dc_sext(rtl_gen *g, const char *x, int w, int to)
{
	return w >= to ? x : rtl_fmt(g, "{{%d{%s[%d]}}, %s}", to - w, x, w - 1, x);
}

/* x - q * dv in w bits (dv taken modulo 2^w): a shift and add per set
 * bit of dv.  x and q are wires at least w bits wide. */
static const char *dc_rem(rtl_gen *g, rtl_stage *st, const char *x, int xw,
	const char *q, int qw, uint64_t dv, int w)
{
	dv &= dc_mask(w);
	if (qw == 1) {		/* a compare: x - (q ? d : 0) */
		rtl_sink(g, x);
		return dc_wire(g, st, w, false, rtl_fmt(g, "%s - (%s ? %s : %s)",
			dc_bits(g, x, xw, 0, w), q, rtl_const(g, w, dv), rtl_const(g, w, 0)));
	}
	const char *qz = dc_wire(g, st, w, false, dc_zext(g, dc_bits(g, q, qw, 0,
		qw < w ? qw : w), qw < w ? qw : w, w));
	const char *sum = NULL;
	for (int i = 0; i < w; i++) {
		if (!((dv >> i) & 1))
			continue;
		const char *t = i == 0 ? qz : rtl_fmt(g, "{%s, %d'd0}",
			dc_bits(g, qz, w, 0, w - i), i);
		sum = sum ? rtl_fmt(g, "%s + %s", sum, t) : t;
	}
	rtl_sink(g, qz);	/* the shifted terms drop its top bits */
	rtl_sink_ident(g, q);
	const char *xl = dc_bits(g, x, xw, 0, w);
	return dc_wire(g, st, w, false, sum ? rtl_fmt(g, "%s - (%s)", xl, sum) : xl);
}

/* The quotient of an unsigned form, qbits wide, of wire x (p->bits wide). */
static const char *dc_quot_unsigned(rtl_gen *g, rtl_stage *st, const va_divplan *p,
	const char *x)
{
	int n = p->bits;
	if (p->form == VA_DIVF_SHIFT)
		return dc_wire(g, st, p->qbits, false, dc_bits(g, x, n, p->k, p->qbits));
	if (p->form == VA_DIVF_COMPARE)
		return dc_wire(g, st, 1, false, rtl_fmt(g, "%s >= %s", x, rtl_const(g, n, p->d)));
	int pw = p->xbits + p->mbits;
	const char *y = dc_bits(g, x, n, p->pre, p->xbits);
	const char *m = p->magic_top ? rtl_fmt(g, "%d'h1%016llx", pw,
		(unsigned long long) p->magic) : rtl_const(g, pw, p->magic);
	fprintf(g->out, "    // x / %llu: x%s times %llu%s, bits from %d\n",
		(unsigned long long) p->d, p->pre ? rtl_fmt(g, " >> %d", p->pre) : "",
		(unsigned long long) p->magic, p->magic_top ? " + 2^64" : "", p->shift);
	const char *prod = dc_wire(g, st, pw, false, rtl_fmt(g, "%s * %s%s",
		dc_zext(g, y, p->xbits, pw), g->mul_attr ? g->mul_attr : "", m));
	rtl_sink(g, prod);
	return dc_wire(g, st, p->qbits, false, dc_bits(g, prod, pw, p->shift, p->qbits));
}

/* +-magic (0 < magic < 2^64) as a signed pw-bit literal.  Above bit 63
 * every bit is the sign, so a wide literal is the low 64 bits with pw - 64
 * copies of the sign bit on top (a 64-bit mask cannot fill them: pw can be
 * 2N + 1 = 129). */
static const char *dc_signed_magic(rtl_gen *g, int pw, bool neg, uint64_t magic)
{
	uint64_t mv = neg ? 0 - magic : magic;	/* low 64 bits of +-M */
	if (pw <= 64)
		return rtl_fmt(g, "%d'sh%llx", pw, (unsigned long long) (mv & dc_mask(pw)));
	return rtl_fmt(g, "$signed({{%d{1'b%d}}, 64'h%016llx})", pw - 64, neg ? 1 : 0,
		(unsigned long long) mv);
}

/* The N-bit quotient of a signed SHIFT or MULHI plan of wire x. */
static const char *dc_quot_signed(rtl_gen *g, rtl_stage *st, const va_divplan *p,
	const char *x)
{
	int n = p->bits;
	if (p->form == VA_DIVF_SHIFT) {
		const char *b = dc_wire(g, st, n, false, rtl_fmt(g, "%s + (%s[%d] ? %s : %s)",
			x, x, n - 1, rtl_const(g, n, dc_mask(p->k)), rtl_const(g, n, 0)));
		const char *q0 = dc_wire(g, st, n, false, rtl_fmt(g, "$signed(%s) >>> %d", b, p->k));
		return p->neg ? dc_wire(g, st, n, false, rtl_fmt(g, "-%s", q0)) : q0;
	}
	int pw = n + p->mbits + 1;
	const char *m = dc_signed_magic(g, pw, p->neg, p->magic);
	fprintf(g->out, "    // x / %s%llu: x times %s%llu, bits from %d, plus 1 when negative\n",
		p->neg ? "-" : "", (unsigned long long) p->d, p->neg ? "-" : "",
		(unsigned long long) p->magic, p->shift);
	const char *prod = dc_wire(g, st, pw, true, rtl_fmt(g, "$signed(%s) * %s%s",
		dc_sext(g, x, n, pw), g->mul_attr ? g->mul_attr : "", m));
	rtl_sink(g, prod);
	int top = pw - p->shift < n ? pw - p->shift : n;
	const char *q0 = dc_bits(g, prod, pw, p->shift, top);
	if (top < n)
		q0 = dc_sext(g, dc_wire(g, st, top, false, q0), top, n);
	return dc_wire(g, st, n, false, rtl_fmt(g, "%s + {%d'd0, %s[%d]}", q0, n - 1,
		prod, pw - 1));
}

/* Signed x % 2^k: its low k bits, ones above them when x < 0 and they are
 * not all zero. */
static const char *dc_rem_pow2_signed(rtl_gen *g, const va_divplan *p, const char *x)
{
	int n = p->bits, k = p->k;
	const char *low = dc_bits(g, x, n, 0, k);
	if (k >= n)
		return x;
	return rtl_fmt(g, "{{%d{%s[%d] && (|%s)}}, %s}", n - k, x, n - 1, low, low);
}

/* A plan over a type whose form needs no multiply; NULL otherwise. */
static const char *dc_simple(rtl_gen *g, const va_divplan *p, const char *x)
{
	int n = p->bits;
	bool mod = p->is_mod;
	switch (p->form) {
	case VA_DIVF_BYZERO:
		rtl_sink_ident(g, x);
		return rtl_const(g, n, 0);
	case VA_DIVF_ZERO:
		if (!mod)
			rtl_sink_ident(g, x);
		return mod ? x : rtl_const(g, n, 0);
	case VA_DIVF_IDENTITY:
	case VA_DIVF_NEGATE:
		if (mod)
			rtl_sink_ident(g, x);
		return mod ? rtl_const(g, n, 0) : p->form == VA_DIVF_NEGATE
			? rtl_fmt(g, "-%s", x) : x;
	default:
		return NULL;
	}
}

const char *rtl_divconst(rtl_gen *g, rtl_stage *st, const char *a, ir_type t,
	ir_op op, uint64_t c)
{
	va_divplan p = va_divconst_plan(t, op, c);
	int n = t.bits;
	const char *s = dc_simple(g, &p, a);
	if (s)
		return s;
	const char *x = dc_wire(g, st, n, false, a);
	rtl_sink(g, x);		/* shifts and remainders read some bits only */
	if (p.form == VA_DIVF_SHIFT && p.is_mod)
		return p.is_signed ? dc_rem_pow2_signed(g, &p, x)
			: dc_zext(g, dc_bits(g, x, n, 0, p.k), p.k, n);
	if (p.form == VA_DIVF_SHIFT && !p.is_signed)
		return dc_zext(g, dc_bits(g, x, n, p.k, n - p.k), n - p.k, n);
	if (p.form == VA_DIVF_COMPARE && p.is_mod)
		return rtl_fmt(g, "(%s >= %s) ? %s - %s : %s", x, rtl_const(g, n, p.d), x,
			rtl_const(g, n, p.d), x);
	const char *q = p.is_signed ? dc_quot_signed(g, st, &p, x)
		: dc_quot_unsigned(g, st, &p, x);
	int qw = p.is_signed ? n : p.qbits;
	if (!p.is_mod)
		return dc_zext(g, q, qw, n);
	const char *r = dc_rem(g, st, x, n, q, qw, p.neg ? 0 - p.d : p.d, p.rbits);
	return p.is_signed ? dc_sext(g, r, p.rbits, n) : dc_zext(g, r, p.rbits, n);
}

/* ------------------------------------------------------------ index values */

/* The plan's results over operand a (an expression at least p->bits wide
 * whose value, less the offset, is in [0, 2^bits)): the quotient less
 * offset / d (qbits wide) or the remainder (rbits wide), unsigned. */
static const char *dc_range(rtl_gen *g, rtl_stage *st, const va_divplan *p,
	const char *a, int *w)
{
	const char *xe = p->offset ? rtl_fmt(g, "(%s - %s)", a,
		rtl_index_const(g, p->offset)) : a;
	const char *x = dc_wire(g, st, p->bits, false, rtl_trunc(g, xe, p->bits));
	rtl_sink(g, x);		/* shifts and remainders read some bits only */
	if (p->form == VA_DIVF_IDENTITY || p->form == VA_DIVF_ZERO) {
		bool zero = p->is_mod == (p->form == VA_DIVF_IDENTITY);
		*w = zero ? 1 : p->bits;
		return zero ? "1'b0" : x;
	}
	if (p->form == VA_DIVF_SHIFT && p->is_mod) {
		*w = p->k;
		return dc_bits(g, x, p->bits, 0, p->k);
	}
	const char *q = dc_quot_unsigned(g, st, p, x);
	*w = p->qbits;
	if (!p->is_mod)
		return q;
	*w = p->rbits;
	return dc_rem(g, st, x, p->bits, q, p->qbits, p->d, p->rbits);
}

/* Each variable slot's interval in stage st. */
static void dc_slot_ranges(const rtl_stage *st, int64_t *lo, int64_t *hi)
{
	for (int k = 0; k < st->n_slots; k++) {
		int d = st->slot_dim[k];
		lo[k] = d >= 0 ? st->s->lo[d] : 1;
		hi[k] = d >= 0 ? st->s->lo[d] + st->s->ext[d] - 1 : 0;
	}
}

const char *rtl_divconst_index(rtl_gen *g, rtl_stage *st, const ir_expr *e,
	const char *a, ir_op op, int64_t d)
{
	int64_t *slo = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(int64_t));
	int64_t *shi = sl_alloc(g->ctx, (size_t) (st->n_slots + 1) * sizeof(int64_t));
	int64_t lo, hi;
	va_divplan p;
	dc_slot_ranges(st, slo, shi);
	if (!va_index_range(e, slo, shi, st->n_slots, &lo, &hi)
	    || !va_divconst_plan_range(lo, hi, op, d, &p))
		return NULL;
	fprintf(g->out, "    // floor %s %lld over [%lld, %lld]\n", op == IR_OP_DIV ? "/"
		: "%", (long long) d, (long long) lo, (long long) hi);
	int w;
	const char *r = dc_range(g, st, &p, a, &w);
	const char *v = w >= 64 ? rtl_fmt(g, "$signed(%s)", r)
		: rtl_fmt(g, "$signed({%d'd0, %s})", 64 - w, r);
	if (op == IR_OP_MOD || p.offset == 0)
		return v;
	return rtl_fmt(g, "%s + %s", v, rtl_index_const(g, p.offset / d));
}

const char *rtl_divconst_addr(rtl_gen *g, rtl_stage *st, const char *a, int64_t hi,
	int64_t cap, int aw)
{
	va_divplan p;
	if (!va_divconst_plan_range(0, hi, IR_OP_MOD, cap, &p))
		return NULL;
	fprintf(g->out, "    // %% %lld over [0, %lld]\n", (long long) cap, (long long) hi);
	int w;
	const char *r = dc_range(g, st, &p, a, &w);
	return w >= aw ? rtl_trunc(g, r, aw) : dc_zext(g, r, w, aw);
}
