/* ref/cgen.c: the compiled reference's C source, one program to one text.
 * Stage: the CPU reference (--engine c; ref/cref.c compiles and runs it).
 * Every func becomes a loop nest over its inferred domain writing a packed
 * buffer of its type's C container (uint8_t .. uint64_t, int8_t ..
 * int64_t, the value kept normalised as everywhere in sluice); the
 * innermost loop is one expression of fixed-width integer arithmetic the
 * C compiler can vectorise.  Inline funcs are substituted at each read
 * (GNU statement expressions bind their variables once), and so is a
 * func read once, at its reader's own point (no buffer); reductions of
 * at most CG_UNROLL points are unrolled with their variables as literals,
 * so a const read at constant indices becomes its value.  The same
 * program always gives the same bytes (the cache key).  Owns nothing past
 * a call: the text is the caller's. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/ref_private.h"

/* Reductions of at most this many points are unrolled. */
#define CG_UNROLL 64
/* An inline func whose expanded body exceeds this many nodes is stored. */
#define CG_MAX_INLINE 4000

/* ------------------------------------------------------------ strings */

/* printf into a fresh heap string. */
static char *cg_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *cg_fmt(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = sl_xmalloc((size_t) n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t) n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* The growing text of the program. */
typedef struct cg_text {
	char *s;
	size_t len, cap;
} cg_text;

static void cg_put(cg_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cg_put(cg_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + (size_t) n + 1 > t->cap) {
		t->cap = (t->len + (size_t) n + 1) * 2;
		t->s = sl_xrealloc(t->s, t->cap);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t) n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t) n;
}

/* ------------------------------------------------------------ types */

/* The container's width: 8, 16, 32 or 64 (none: 64). */
static int cg_width(ir_type t)
{
	if (ir_type_none(t) || t.bits > 32)
		return 64;
	return t.bits > 16 ? 32 : t.bits > 8 ? 16 : 8;
}

/* The C container of t ("int64_t" for none). */
static const char *cg_ctype(ir_type t)
{
	static const char *names[2][4] = {
		{ "uint8_t", "uint16_t", "uint32_t", "uint64_t" },
		{ "int8_t", "int16_t", "int32_t", "int64_t" },
	};
	int w = cg_width(t), k = w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : 3;
	return names[t.is_signed || ir_type_none(t)][k];
}

int ref_cgen_elem_size(ir_type t)
{
	return cg_width(t) / 8;
}

/* The unsigned type arithmetic of t wraps in: uint32_t up to 32 bits. */
static const char *cg_utype(ir_type t)
{
	return cg_width(t) <= 32 ? "uint32_t" : "uint64_t";
}

static int cg_bits(ir_type t)
{
	return ir_type_none(t) ? 64 : t.bits;
}

/* "s" (any integer C expression) normalised to t, as t's container. */
static char *cg_norm(ir_type t, char *s)
{
	char *r;
	int n = cg_bits(t), w = cg_width(t);
	if (n == w)
		r = cg_fmt("((%s)(%s))", cg_ctype(t), s);
	else if (!t.is_signed)
		r = cg_fmt("((%s)((%s)(%s) & 0x%llxu))", cg_ctype(t), cg_utype(t), s,
			(unsigned long long) (((uint64_t) 1 << n) - 1));
	else if (n < 32)
		r = cg_fmt("((%s)((int32_t)((uint32_t)(%s) << %d) >> %d))", cg_ctype(t), s,
			32 - n, 32 - n);
	else
		r = cg_fmt("((%s)((int64_t)((uint64_t)(%s) << %d) >> %d))", cg_ctype(t), s,
			64 - n, 64 - n);
	free(s);
	return r;
}

/* A normalised value v of t as a C constant of t's container. */
static char *cg_const(ir_type t, uint64_t v)
{
	return cg_fmt("((%s)0x%llxull)", cg_ctype(t), (unsigned long long) v);
}

/* ------------------------------------------------------------ the emitter */

/* What a variable slot stands for while an expression is emitted: a
 * known integer (an unrolled reduction variable) or a C name. */
typedef struct cg_slot {
	bool known;
	int64_t val;
	char *name;
} cg_slot;

typedef struct cg_state {
	const ir_program *prog;
	bool *substituted;	/* by declaration: an inline func read in place */
	bool *read;		/* by declaration: read by the func being emitted */
	int tmp;		/* the next temporary's number */
} cg_state;

static char *cg_value(cg_state *g, const ir_expr *e, cg_slot *env);
static char *cg_index(cg_state *g, const ir_expr *e, cg_slot *env);

static char *cg_tmp(cg_state *g)
{
	return cg_fmt("t%d", g->tmp++);
}

/* The value of index expression e when every slot it reads is known. */
static bool cg_index_known(const ir_expr *e, const cg_slot *env, int64_t *v)
{
	int64_t a, b;
	switch (e->kind) {
	case IR_CONST:
		*v = (int64_t) e->u.cval;
		return true;
	case IR_VAR:
		*v = env[e->u.var.slot].val;
		return env[e->u.var.slot].known;
	case IR_UNARY:
		if (e->op != IR_OP_NEG || !cg_index_known(e->args[0], env, &a))
			return false;
		*v = (int64_t) (0 - (uint64_t) a);
		return true;
	case IR_BINARY:
		if (!cg_index_known(e->args[0], env, &a) || !cg_index_known(e->args[1], env, &b))
			return false;
		switch (e->op) {
		case IR_OP_ADD: *v = (int64_t) ((uint64_t) a + (uint64_t) b); return true;
		case IR_OP_SUB: *v = (int64_t) ((uint64_t) a - (uint64_t) b); return true;
		case IR_OP_MUL: *v = (int64_t) ((uint64_t) a * (uint64_t) b); return true;
		case IR_OP_MIN: *v = a < b ? a : b; return true;
		case IR_OP_MAX: *v = a > b ? a : b; return true;
		case IR_OP_DIV: *v = ir_floordiv(a, b); return b > 0;
		case IR_OP_MOD: *v = ir_floormod(a, b); return b > 0;
		default: return false;
		}
	default:
		return false;
	}
}

static char *cg_int(int64_t v)
{
	if (v == INT64_MIN)
		return cg_fmt("((int64_t)0x8000000000000000ull)");
	return cg_fmt("((int64_t)%lldll)", (long long) v);
}

/* log2 d when d is a power of two, else -1. */
static int cg_log2(int64_t d)
{
	if (d <= 0 || (d & (d - 1)))
		return -1;
	int k = 0;
	while (((int64_t) 1 << k) != d)
		k++;
	return k;
}

/* An index expression: an int64_t C expression (floor / and %). */
static char *cg_index(cg_state *g, const ir_expr *e, cg_slot *env)
{
	int64_t v;
	if (cg_index_known(e, env, &v))
		return cg_int(v);
	if (e->kind == IR_VAR)
		return cg_fmt("%s", env[e->u.var.slot].name);
	if (e->kind == IR_UNARY && e->op == IR_OP_NEG) {
		char *a = cg_index(g, e->args[0], env), *r = cg_fmt("(-%s)", a);
		free(a);
		return r;
	}
	if (e->kind != IR_BINARY)
		sl_unreachable();
	char *a = cg_index(g, e->args[0], env), *b = cg_index(g, e->args[1], env), *r;
	int64_t d = 0;
	int k = -1;
	if ((e->op == IR_OP_DIV || e->op == IR_OP_MOD) && cg_index_known(e->args[1], env, &d)) {
		if (d <= 0)
			sl_unreachable();
		k = cg_log2(d);
	}
	switch (e->op) {
	case IR_OP_ADD: r = cg_fmt("(%s + %s)", a, b); break;
	case IR_OP_SUB: r = cg_fmt("(%s - %s)", a, b); break;
	case IR_OP_MUL: r = cg_fmt("(%s * %s)", a, b); break;
	case IR_OP_MIN: r = cg_fmt("sl_imin(%s, %s)", a, b); break;
	case IR_OP_MAX: r = cg_fmt("sl_imax(%s, %s)", a, b); break;
	case IR_OP_DIV:
		r = k >= 0 ? cg_fmt("(%s >> %d)", a, k) : cg_fmt("sl_fdiv(%s, %s)", a, b);
		break;
	case IR_OP_MOD:
		r = k >= 0 ? cg_fmt("(%s & %lld)", a, (long long) d - 1)
			: cg_fmt("sl_fmod(%s, %s)", a, b);
		break;
	default: sl_unreachable();
	}
	free(a);
	free(b);
	return r;
}

/* The name of declaration d's packed buffer in the generated code. */
static char *cg_buf(const ir_decl *d)
{
	return cg_fmt("p%d", d->index);
}

/* Offset of access e into its declaration's packed buffer. */
static char *cg_offset(cg_state *g, const ir_expr *e, cg_slot *env, bool *known,
	int64_t *koff)
{
	const ir_decl *d = e->u.access.decl;
	bool is_func = d->kind == IR_DECL_FUNC;
	const int64_t *ext = is_func ? d->dom_ext : d->extents;
	cg_text t = { 0 };
	int64_t stride = 1, off = 0;
	*known = true;
	cg_put(&t, "(int64_t)0");
	for (int i = d->n_dims - 1; i >= 0; i--) {
		const ir_expr *a = e->args[i];
		int64_t lo = is_func ? d->dom_lo[i] : 0, v;
		char *s;
		if (ir_type_none(a->type) && cg_index_known(a, env, &v)) {
			off += (v - lo) * stride;
			stride *= ext[i];
			continue;
		}
		*known = false;
		if (ir_type_none(a->type))
			s = cg_index(g, a, env);
		else {
			char *x = cg_value(g, a, env);
			s = cg_fmt("((int64_t)%s)", x);
			free(x);
		}
		cg_put(&t, " + (%s - %lldll) * %lldll", s, (long long) lo, (long long) stride);
		free(s);
		stride *= ext[i];
	}
	*koff = off;
	char *r = cg_fmt("(%s + %lldll)", t.s, (long long) off);
	free(t.s);
	return r;
}

/* A read of inline func d in place: its variables bound to the access's
 * indices, then its body. */
static char *cg_inline_read(cg_state *g, const ir_expr *e, cg_slot *env)
{
	const ir_decl *d = e->u.access.decl;
	cg_slot *inner = sl_xcalloc((size_t) (d->n_slots > 0 ? d->n_slots : 1), sizeof(*inner));
	cg_text t = { 0 };
	cg_put(&t, "({ ");
	for (int i = 0; i < d->n_dims; i++) {
		const ir_expr *a = e->args[i];
		int64_t v;
		if (ir_type_none(a->type) && cg_index_known(a, env, &v)) {
			inner[i].known = true;
			inner[i].val = v;
			continue;
		}
		inner[i].name = cg_tmp(g);
		char *s = cg_index(g, a, env);
		cg_put(&t, "int64_t %s = %s; ", inner[i].name, s);
		free(s);
	}
	char *body = cg_value(g, d->body, inner);
	cg_put(&t, "%s; })", body);
	free(body);
	for (int i = 0; i < d->n_slots; i++)
		free(inner[i].name);
	free(inner);
	return t.s;
}

static char *cg_access(cg_state *g, const ir_expr *e, cg_slot *env)
{
	const ir_decl *d = e->u.access.decl;
	if (e->n_args != d->n_dims)
		sl_unreachable();
	if (g->substituted[d->index])
		return cg_inline_read(g, e, env);
	bool known;
	int64_t koff;
	char *off = cg_offset(g, e, env, &known, &koff);
	char *r;
	if (known && d->kind == IR_DECL_CONST) {
		r = cg_const(d->type, d->data[koff]);
	} else {
		char *b = cg_buf(d);
		r = cg_fmt("%s[%s]", b, off);
		free(b);
		g->read[d->index] = true;
	}
	free(off);
	return r;
}

/* The operand type of binary e (ref_binary's rule). */
static ir_type cg_operand_type(const ir_expr *e)
{
	return ir_type_none(e->args[0]->type) ? e->args[1]->type : e->args[0]->type;
}

/* Is the divisor of e the constant -1 of its type? */
static bool cg_is_minus_one(ir_type t, const ir_expr *e, uint64_t *v)
{
	if (e->kind != IR_CONST)
		return false;
	*v = e->u.cval;
	return (t.is_signed || ir_type_none(t)) && ir_norm(t, e->u.cval) == ir_norm(t, ~(uint64_t) 0);
}

static char *cg_divmod(cg_state *g, const ir_expr *e, ir_type t, char *a, char *b)
{
	const char *ct = cg_ctype(t), *ut = cg_utype(t);
	bool sgn = t.is_signed || ir_type_none(t);
	bool mod = e->op == IR_OP_MOD;
	uint64_t dv;
	char *r;
	if (e->args[1]->kind == IR_CONST && ir_norm(t, e->args[1]->u.cval) == 0) {
		r = cg_const(t, 0);
	} else if (cg_is_minus_one(t, e->args[1], &dv)) {
		r = mod ? cg_const(t, 0) : cg_norm(t, cg_fmt("(%s)0 - (%s)%s", ut, ut, a));
	} else if (e->args[1]->kind == IR_CONST) {
		r = cg_norm(t, cg_fmt("%s %c %s", a, mod ? '%' : '/', b));
	} else {
		/* a divisor that is not a literal: 0 gives 0, as in ir_eval_binop */
		char *x = cg_tmp(g), *y = cg_tmp(g);
		char *q = cg_norm(t, cg_fmt("%s %c %s", x, mod ? '%' : '/', y));
		char *neg = mod ? cg_const(t, 0) : cg_norm(t, cg_fmt("(%s)0 - (%s)%s", ut, ut, x));
		char *m1 = sgn ? cg_fmt("%s == (%s)-1 ? %s : ", y, ct, neg) : cg_fmt("%s", "");
		r = cg_fmt("({ %s %s = %s, %s = %s; %s == 0 ? (%s)0 : %s%s; })", ct, x, a, y, b, y,
			ct, m1, q);
		free(x);
		free(y);
		free(q);
		free(neg);
		free(m1);
	}
	return r;
}

static char *cg_shift(cg_state *g, const ir_expr *e, char *a, char *b)
{
	ir_type t = e->args[0]->type, at = e->args[1]->type;
	int n = cg_bits(t);
	const char *ct = cg_ctype(t), *ut = cg_utype(t);
	bool sgn = t.is_signed || ir_type_none(t), shl = e->op == IR_OP_SHL;
	if (e->args[1]->kind == IR_CONST) {
		uint64_t s = ir_shift_amount(at, e->args[1]->u.cval);
		if (shl)
			return s >= (uint64_t) n ? cg_const(t, 0)
				: cg_norm(t, cg_fmt("(%s)%s << %d", ut, a, (int) s));
		if (s >= (uint64_t) n) {
			if (!sgn)
				return cg_const(t, 0);
			s = (uint64_t) n - 1;
		}
		return cg_fmt("((%s)(%s >> %d))", ct, a, (int) s);
	}
	char *x = cg_tmp(g), *k = cg_tmp(g), *r;
	char *amt = cg_bits(at) >= 64 ? cg_fmt("(uint64_t)%s", b)
		: cg_fmt("((uint64_t)%s & 0x%llxull)", b,
			(unsigned long long) (((uint64_t) 1 << cg_bits(at)) - 1));
	if (shl) {
		char *v = cg_norm(t, cg_fmt("(%s)%s << %s", ut, x, k));
		r = cg_fmt("({ %s %s = %s; uint64_t %s = %s; %s >= %d ? (%s)0 : %s; })",
			ct, x, a, k, amt, k, n, ct, v);
		free(v);
	} else if (sgn) {
		r = cg_fmt("({ %s %s = %s; uint64_t %s = %s; (%s)(%s >> (%s >= %d ? %d : %s)); })",
			ct, x, a, k, amt, ct, x, k, n, n - 1, k);
	} else {
		r = cg_fmt("({ %s %s = %s; uint64_t %s = %s; %s >= %d ? (%s)0 : (%s)(%s >> %s); })",
			ct, x, a, k, amt, k, n, ct, ct, x, k);
	}
	free(x);
	free(k);
	free(amt);
	return r;
}

static char *cg_binary(cg_state *g, const ir_expr *e, cg_slot *env)
{
	ir_type t = cg_operand_type(e);
	char *a = cg_value(g, e->args[0], env), *b = cg_value(g, e->args[1], env), *r;
	const char *ct = cg_ctype(t), *ut = cg_utype(t);
	static const char *cmp[] = { "==", "!=", "<", "<=", ">", ">=" };
	switch (e->op) {
	case IR_OP_ADD: r = cg_norm(t, cg_fmt("(%s)%s + (%s)%s", ut, a, ut, b)); break;
	case IR_OP_SUB: r = cg_norm(t, cg_fmt("(%s)%s - (%s)%s", ut, a, ut, b)); break;
	case IR_OP_MUL: r = cg_norm(t, cg_fmt("(%s)%s * (%s)%s", ut, a, ut, b)); break;
	case IR_OP_AND: r = cg_fmt("((%s)(%s & %s))", ct, a, b); break;
	case IR_OP_OR: r = cg_fmt("((%s)(%s | %s))", ct, a, b); break;
	case IR_OP_XOR: r = cg_fmt("((%s)(%s ^ %s))", ct, a, b); break;
	case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT:
	case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
		r = cg_fmt("((uint8_t)((%s)%s %s (%s)%s))", ct, a, cmp[e->op - IR_OP_EQ], ct, b);
		break;
	case IR_OP_LAND: r = cg_fmt("((uint8_t)((%s != 0) & (%s != 0)))", a, b); break;
	case IR_OP_LOR: r = cg_fmt("((uint8_t)((%s != 0) | (%s != 0)))", a, b); break;
	case IR_OP_MIN: case IR_OP_MAX: {
		char *x = cg_tmp(g), *y = cg_tmp(g);
		r = cg_fmt("({ %s %s = %s, %s = %s; %s %c %s ? %s : %s; })", ct, x, a, y, b,
			y, e->op == IR_OP_MIN ? '<' : '>', x, y, x);
		free(x);
		free(y);
		break;
	}
	case IR_OP_DIV: case IR_OP_MOD: r = cg_divmod(g, e, t, a, b); break;
	case IR_OP_SHL: case IR_OP_SHR: r = cg_shift(g, e, a, b); break;
	default: sl_unreachable();
	}
	free(a);
	free(b);
	return r;
}

static char *cg_unary(cg_state *g, const ir_expr *e, cg_slot *env)
{
	ir_type t = e->args[0]->type;
	char *a = cg_value(g, e->args[0], env), *r;
	const char *ut = cg_utype(t);
	switch (e->op) {
	case IR_OP_NEG: r = cg_norm(t, cg_fmt("(%s)0 - (%s)%s", ut, ut, a)); break;
	case IR_OP_NOT: r = cg_norm(t, cg_fmt("~(%s)%s", ut, a)); break;
	case IR_OP_LNOT: r = cg_fmt("((uint8_t)(%s == 0))", a); break;
	case IR_OP_ABS:
		if (!t.is_signed && !ir_type_none(t)) {
			r = a;
			a = NULL;
		} else {
			char *x = cg_tmp(g);
			ir_type u = ir_type_make(false, cg_bits(t));
			r = cg_fmt("({ %s %s = %s; (%s)(%s < 0 ? (%s)0 - (%s)%s : (%s)%s); })",
				cg_ctype(t), x, a, cg_ctype(u), x, ut, ut, x, ut, x);
			free(x);
		}
		break;
	default: sl_unreachable();
	}
	free(a);
	return r;
}

/* The body of reduction e at one point of its variables, folded into
 * accumulator "acc". */
static char *cg_fold(const ir_expr *e, const char *acc, const char *v)
{
	const char *ct = cg_ctype(e->type), *ut = cg_utype(e->type);
	if (e->u.reduce.op == IR_RED_SUM) {
		char *n = cg_norm(e->type, cg_fmt("(%s)%s + (%s)%s", ut, acc, ut, v));
		char *r = cg_fmt("%s = %s;", acc, n);
		free(n);
		return r;
	}
	return cg_fmt("{ %s b_ = %s; if (b_ %c %s) %s = b_; }", ct, v,
		e->u.reduce.op == IR_RED_MAXIMUM ? '>' : '<', acc, acc);
}

static int64_t cg_reduce_points(const ir_expr *e)
{
	int64_t n = 1;
	for (int i = 0; i < e->u.reduce.n_rvars; i++) {
		const ir_rvar *v = &e->u.reduce.rvars[i];
		n *= v->hi - v->lo;
		if (n > CG_UNROLL)
			return n;
	}
	return n;
}

/* Unrolled: the body at every point, the variables as literals. */
static void cg_reduce_unrolled(cg_state *g, const ir_expr *e, cg_slot *env, int level,
	const char *acc, cg_text *t)
{
	if (level == e->u.reduce.n_rvars) {
		char *v = cg_value(g, e->u.reduce.body, env), *f = cg_fold(e, acc, v);
		cg_put(t, "%s ", f);
		free(v);
		free(f);
		return;
	}
	const ir_rvar *r = &e->u.reduce.rvars[level];
	for (int64_t i = r->lo; i < r->hi; i++) {
		env[r->slot].known = true;
		env[r->slot].val = i;
		cg_reduce_unrolled(g, e, env, level + 1, acc, t);
	}
	env[r->slot].known = false;
}

static char *cg_reduce(cg_state *g, const ir_expr *e, cg_slot *env)
{
	uint64_t init = e->u.reduce.op == IR_RED_SUM ? 0
		: e->u.reduce.op == IR_RED_MAXIMUM ? ir_type_min(e->type) : ir_type_max(e->type);
	char *acc = cg_tmp(g), *c = cg_const(e->type, init);
	cg_text t = { 0 };
	cg_put(&t, "({ %s %s = %s; ", cg_ctype(e->type), acc, c);
	free(c);
	if (cg_reduce_points(e) <= CG_UNROLL) {
		cg_reduce_unrolled(g, e, env, 0, acc, &t);
	} else {
		for (int i = 0; i < e->u.reduce.n_rvars; i++) {
			const ir_rvar *r = &e->u.reduce.rvars[i];
			env[r->slot].known = false;
			free(env[r->slot].name);
			env[r->slot].name = cg_tmp(g);
			cg_put(&t, "for (int64_t %s = %lldll; %s < %lldll; %s++) ", env[r->slot].name,
				(long long) r->lo, env[r->slot].name, (long long) r->hi,
				env[r->slot].name);
		}
		char *v = cg_value(g, e->u.reduce.body, env), *f = cg_fold(e, acc, v);
		cg_put(&t, "{ %s } ", f);
		free(v);
		free(f);
	}
	cg_put(&t, "%s; })", acc);
	free(acc);
	return t.s;
}

/* A value expression: a C expression of e->type's container, normalised. */
static char *cg_value(cg_state *g, const ir_expr *e, cg_slot *env)
{
	switch (e->kind) {
	case IR_CONST:
		return cg_const(e->type, e->u.cval);
	case IR_VAR: {
		cg_slot *s = &env[e->u.var.slot];
		char *v = s->known ? cg_int(s->val) : cg_fmt("%s", s->name);
		return cg_norm(e->type, v);
	}
	case IR_ACCESS:
		return cg_access(g, e, env);
	case IR_UNARY:
		return cg_unary(g, e, env);
	case IR_BINARY:
		return cg_binary(g, e, env);
	case IR_SELECT: {
		char *c = cg_value(g, e->args[0], env), *a = cg_value(g, e->args[1], env),
			*b = cg_value(g, e->args[2], env);
		char *r = cg_fmt("(%s ? %s : %s)", c, a, b);
		free(c);
		free(a);
		free(b);
		return r;
	}
	case IR_CAST: {
		const ir_expr *s = e->args[0];
		char *v = ir_type_none(s->type) ? cg_index(g, s, env) : cg_value(g, s, env);
		char *r = cg_norm(e->type, cg_fmt("(%s)%s", cg_utype(e->type), v));
		free(v);
		return r;
	}
	case IR_REDUCE:
		return cg_reduce(g, e, env);
	}
	sl_unreachable();
}

/* ------------------------------------------------------------ decisions */

/* Nodes of e with every substituted inline read expanded (capped). */
static int64_t cg_size(const cg_state *g, const ir_expr *e, const int64_t *sizes)
{
	int64_t n = 1;
	if (e->kind == IR_ACCESS && g->substituted[e->u.access.decl->index])
		n += sizes[e->u.access.decl->index];
	if (e->kind == IR_REDUCE) {
		int64_t k = cg_reduce_points(e);
		n += (k <= CG_UNROLL ? k : 1) * cg_size(g, e->u.reduce.body, sizes);
	}
	for (int i = 0; i < e->n_args && n < CG_MAX_INLINE * 4; i++)
		n += cg_size(g, e->args[i], sizes);
	return n < CG_MAX_INLINE * 4 ? n : CG_MAX_INLINE * 4;
}

/* Which inline funcs are read in place: those whose expanded body stays
 * small (a stored inline func computes the same values). */
static void cg_decide(cg_state *g)
{
	const ir_program *p = g->prog;
	int64_t *sizes = sl_xcalloc((size_t) p->n_decls + 1, sizeof(*sizes));
	for (int i = 0; i < p->n_decls; i++) {
		const ir_decl *d = p->decls[i];
		if (d->kind != IR_DECL_FUNC || d->dom_empty)
			continue;
		sizes[i] = cg_size(g, d->body, sizes);
		g->substituted[i] = d->is_inline && sizes[i] <= CG_MAX_INLINE;
	}
	free(sizes);
}

/* Count the reads of each declaration in e into reads[]; *fusable[p]
 * stays true only while every read of func p is at the reader's own
 * variables, outside any reduction. */
static void cg_count_reads(const ir_expr *e, const ir_decl *reader, bool in_reduce,
	int *reads, bool *fusable)
{
	if (e->kind == IR_ACCESS) {
		const ir_decl *p = e->u.access.decl;
		reads[p->index]++;
		bool identity = !in_reduce && p->kind == IR_DECL_FUNC && !p->dom_empty
			&& p->n_dims == reader->n_dims;
		for (int i = 0; identity && i < e->n_args; i++)
			identity = e->args[i]->kind == IR_VAR && e->args[i]->u.var.slot == i
				&& p->dom_lo[i] == reader->dom_lo[i]
				&& p->dom_ext[i] == reader->dom_ext[i];
		if (!identity)
			fusable[p->index] = false;
	}
	if (e->kind == IR_REDUCE)
		cg_count_reads(e->u.reduce.body, reader, true, reads, fusable);
	for (int i = 0; i < e->n_args; i++)
		cg_count_reads(e->args[i], reader, in_reduce, reads, fusable);
}

/* A func read once, by a stored func at its own point over the same
 * domain, is computed in that read (no buffer, nothing computed twice):
 * gaussian's blur goes into gaussian's loop. */
static void cg_fuse(cg_state *g)
{
	const ir_program *p = g->prog;
	int *reads = sl_xcalloc((size_t) p->n_decls + 1, sizeof(*reads));
	bool *fusable = sl_xcalloc((size_t) p->n_decls + 1, sizeof(*fusable));
	for (int i = 0; i < p->n_decls; i++)
		fusable[i] = p->decls[i]->kind == IR_DECL_FUNC && !p->decls[i]->is_output
			&& !p->decls[i]->dom_empty;
	for (int i = 0; i < p->n_decls; i++) {
		const ir_decl *d = p->decls[i];
		if (d->kind != IR_DECL_FUNC || d->dom_empty)
			continue;
		if (g->substituted[i]) {
			/* its reads happen at each of its readers' points */
			int *none = sl_xcalloc((size_t) p->n_decls + 1, sizeof(*none));
			cg_count_reads(d->body, d, true, none, fusable);
			for (int k = 0; k < p->n_decls; k++)
				reads[k] += none[k];
			free(none);
		} else {
			cg_count_reads(d->body, d, false, reads, fusable);
		}
	}
	for (int i = p->n_decls - 1; i >= 0; i--)
		if (fusable[i] && reads[i] == 1 && !g->substituted[i])
			g->substituted[i] = true;
	free(reads);
	free(fusable);
}

bool ref_cgen_stored(const ir_decl *d, const bool *substituted)
{
	return d->kind == IR_DECL_FUNC && !d->dom_empty && ir_decl_dom_size(d) > 0
		&& !substituted[d->index];
}

/* ------------------------------------------------------------ the program */

static const char cg_prelude[] =
	"/* The compiled reference of a sluice program (ref/cgen.c). */\n"
	"#include <stdint.h>\n"
	"static inline int64_t sl_imin(int64_t a, int64_t b) { return a < b ? a : b; }\n"
	"static inline int64_t sl_imax(int64_t a, int64_t b) { return a > b ? a : b; }\n"
	"static inline int64_t sl_fdiv(int64_t a, int64_t d)\n"
	"{ int64_t q = a / d; return q - (q * d > a); }\n"
	"static inline int64_t sl_fmod(int64_t a, int64_t d)\n"
	"{ int64_t r = a % d; return r < 0 ? r + d : r; }\n"
	"int sluice_cref_abi(void) { return " REF_CREF_ABI_STR "; }\n";

/* The loop nest of stored func d. */
static void cg_func(cg_state *g, const ir_decl *d, cg_text *out)
{
	int n = d->n_dims;
	cg_slot *env = sl_xcalloc((size_t) (d->n_slots > 0 ? d->n_slots : 1), sizeof(*env));
	for (int i = 0; i < n; i++)
		env[i].name = cg_fmt("v%d", i);
	memset(g->read, 0, (size_t) g->prog->n_decls * sizeof(*g->read));
	g->tmp = 0;
	char *body = cg_value(g, d->body, env);

	/* rows [r0, r1) of the outermost dimension (of a 0-d func: the point,
	 * when r0 < r1), so that threads can share the func's rows */
	cg_put(out, "\n/* %s */\nstatic void f%d(void *const *B, int64_t r0, int64_t r1)\n{\n",
		d->name, d->index);
	if (n == 0)
		cg_put(out, "\tif (r0 >= r1)\n\t\treturn;\n");
	for (int i = 0; i < g->prog->n_decls; i++)
		if (g->read[i])
			cg_put(out, "\tconst %s *restrict p%d = B[%d];\n",
				cg_ctype(g->prog->decls[i]->type), i, i);
	cg_put(out, "\t%s *restrict o = B[%d];\n", cg_ctype(d->type), d->index);
	for (int i = 0; i < n; i++)
		if (i == 0)
			cg_put(out, " for (int64_t v0 = r0; v0 < r1; v0++) {\n");
		else
			cg_put(out, "%*sfor (int64_t v%d = %lldll; v%d < %lldll; v%d++) {\n", i + 1, "",
				i, (long long) d->dom_lo[i], i,
				(long long) (d->dom_lo[i] + d->dom_ext[i]), i);
	/* the row's offset, outer dimensions only, so the inner loop is contiguous */
	cg_put(out, "%*so[(int64_t)0", n + 1, "");
	int64_t stride = 1;
	for (int i = n - 1; i >= 0; i--) {
		cg_put(out, " + (v%d - %lldll) * %lldll", i, (long long) d->dom_lo[i],
			(long long) stride);
		stride *= d->dom_ext[i];
	}
	cg_put(out, "] = %s;\n", body);
	for (int i = n - 1; i >= 0; i--)
		cg_put(out, "%*s}\n", i + 1, "");
	cg_put(out, "}\n");
	free(body);
	for (int i = 0; i < d->n_slots; i++)
		free(env[i].name);
	free(env);
}

/* Points of the declared box of an input or const. */
static int64_t cg_points(const ir_decl *d)
{
	int64_t n = 1;
	for (int i = 0; i < d->n_dims; i++)
		n *= d->extents[i];
	return n;
}

/* The rows of stored func d's outermost dimension ([0, 1) for a 0-d one). */
static int64_t cg_row_lo(const ir_decl *d)
{
	return d->n_dims ? d->dom_lo[0] : 0;
}

static int64_t cg_row_hi(const ir_decl *d)
{
	return d->n_dims ? d->dom_lo[0] + d->dom_ext[0] : 1;
}

/* The funcs one at a time, for threads over rows (cref.c): how many
 * there are, the rows of the k-th (in order), and rows [r0, r1) of it. */
static void cg_rows(cg_state *g, cg_text *out)
{
	const ir_program *p = g->prog;
	int n = 0;
	cg_put(out, "\nstatic const int64_t sluice_rows[][2] = {\n\t{ 0, 0 },\n");
	for (int i = 0; i < p->n_decls; i++)
		if (ref_cgen_stored(p->decls[i], g->substituted)) {
			cg_put(out, "\t{ %lldll, %lldll },\n", (long long) cg_row_lo(p->decls[i]),
				(long long) cg_row_hi(p->decls[i]));
			n++;
		}
	cg_put(out, "};\n\nint sluice_cref_n_funcs(void) { return %d; }\n\n"
		"void sluice_cref_func_rows(int k, int64_t *r0, int64_t *r1)\n"
		"{ *r0 = sluice_rows[k + 1][0]; *r1 = sluice_rows[k + 1][1]; }\n\n"
		"void sluice_cref_func(int k, void *const *B, int64_t r0, int64_t r1)\n{\n"
		"\tswitch (k) {\n", n);
	n = 0;
	for (int i = 0; i < p->n_decls; i++)
		if (ref_cgen_stored(p->decls[i], g->substituted))
			cg_put(out, "\tcase %d: f%d(B, r0, r1); break;\n", n++, i);
	cg_put(out, "\t}\n}\n");
}

/* The entry points: pack (the inputs and consts given as uint64_t
 * arrays; in[i] NULL for one whose packed buffer B[i] is already
 * filled), compute (every func in order), the funcs one at a time
 * (cg_rows), unpack (the outputs whose out[k] is not NULL). */
static void cg_entry(cg_state *g, cg_text *out)
{
	const ir_program *p = g->prog;
	cg_put(out, "\nvoid sluice_cref_pack(const uint64_t *const *in, void *const *B)\n{\n");
	for (int i = 0; i < p->n_decls; i++) {
		const ir_decl *d = p->decls[i];
		if (d->kind == IR_DECL_FUNC)
			continue;
		cg_put(out, "\tif (in[%d]) { const uint64_t *restrict s = in[%d]; %s *restrict o = B[%d];\n"
			"\t  for (int64_t k = 0; k < %lldll; k++) o[k] = (%s)s[k]; }\n", i,
			i, cg_ctype(d->type), i, (long long) cg_points(d), cg_ctype(d->type));
	}
	cg_put(out, "}\n\nvoid sluice_cref_compute(void *const *B)\n{\n");
	for (int i = 0; i < p->n_decls; i++)
		if (ref_cgen_stored(p->decls[i], g->substituted))
			cg_put(out, "\tf%d(B, %lldll, %lldll);\n", i, (long long) cg_row_lo(p->decls[i]),
				(long long) cg_row_hi(p->decls[i]));
	cg_put(out, "}\n");
	cg_rows(g, out);
	cg_put(out, "\nvoid sluice_cref_unpack(void *const *B, uint64_t *const *out)\n{\n");
	for (int k = 0; k < p->n_outputs; k++) {
		const ir_decl *d = p->outputs[k];
		int n = d->n_dims;
		const char *ct = cg_ctype(d->type);
		cg_put(out, "\tif (out[%d]) { const %s *restrict s = B[%d]; uint64_t *restrict o = out[%d];\n",
			k, ct, d->index, k);
		cg_put(out, "\t  int64_t k = 0;\n");
		for (int i = 0; i < n; i++)
			cg_put(out, "\t  for (int64_t v%d = 0; v%d < %lldll; v%d++)\n", i, i,
				(long long) d->out_extents[i], i);
		cg_put(out, "\t    o[k++] = (uint64_t)(%s)s[(int64_t)0", ct);
		int64_t stride = 1;
		for (int i = n - 1; i >= 0; i--) {
			cg_put(out, " + (v%d - %lldll) * %lldll", i, (long long) d->dom_lo[i],
				(long long) stride);
			stride *= d->dom_ext[i];
		}
		cg_put(out, "];\n\t}\n");
	}
	cg_put(out, "}\n");
}

char *ref_cgen(const ir_program *prog, bool *substituted, size_t *len)
{
	cg_state g = { .prog = prog, .substituted = substituted };
	g.read = sl_xcalloc((size_t) prog->n_decls + 1, sizeof(*g.read));
	cg_decide(&g);
	cg_fuse(&g);
	cg_text out = { 0 };
	cg_put(&out, "%s", cg_prelude);
	for (int i = 0; i < prog->n_decls; i++)
		if (ref_cgen_stored(prog->decls[i], substituted))
			cg_func(&g, prog->decls[i], &out);
	cg_entry(&g, &out);
	free(g.read);
	*len = out.len;
	return out.s;
}
