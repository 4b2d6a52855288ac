/* ref/rows.c: the reference's fast evaluator, a func a row at a time.
 * Stage: the CPU reference.  A func's body is compiled once into a tree
 * of row nodes; each node computes its values for a run of up to
 * FR_CHUNK consecutive points of the innermost dimension with one loop
 * specialised to its operator and type (the type's wrap applied inside
 * the loop), so a point costs a few instructions per operator instead of
 * a recursive call.  A read whose indices are affine in the innermost
 * variable is a strided load (or no copy at all: a pointer into the
 * producer's buffer) with its bounds checked once per run, at both ends;
 * any other read gathers, checking every point.  A subtree that does not
 * depend on the innermost variable is evaluated once per run.  Every
 * operator computes exactly what the tree-walking evaluator
 * (reference.c) computes: the tests compare the two on every example and
 * on random programs.  The nodes are owned here and freed after the
 * func is filled. */
#include <stdlib.h>
#include <string.h>

#include "ref/ref_private.h"

enum { FR_CHUNK = 256, FR_MAX_DIMS = 8, FR_MAX_COEF = 1 << 20 };

typedef enum fr_kind {
	FR_CONST,	/* .cval; the row is filled once */
	FR_VAR,		/* a variable: a value (i32) or an index (none) */
	FR_INDEX,	/* index arithmetic: 64-bit, signed order, floor / and % */
	FR_LOAD,	/* a read with indices affine in x: strided */
	FR_INLINE,	/* a read of an inline func at (g..., x + c): its body */
	FR_GATHER,	/* any other read: an offset per point */
	FR_UNARY, FR_BINARY, FR_SHIFT, FR_SELECT, FR_CAST, FR_REDUCE,
} fr_kind;

typedef struct fr_node fr_node;
struct fr_node {
	fr_kind kind;
	ir_op op;
	ir_type type;		/* of the result */
	ir_type atype;		/* operand type of an operator */
	ir_type btype;		/* SHIFT: the amount's type */
	bool uniform;		/* one value along the row */
	bool identity;		/* CAST: every source value fits the target */
	int n_args;
	fr_node **args;
	const ir_expr *expr;
	uint64_t cval;		/* CONST */
	int slot;		/* VAR */
	const ref_store *store;	/* LOAD, GATHER */
	int64_t coef[FR_MAX_DIMS];	/* LOAD: index step per step of x */
	int64_t *off;		/* GATHER: FR_CHUNK offsets */
	int64_t *env;		/* INLINE: the inline func's slots */
	uint64_t *buf;		/* FR_CHUNK values */
	fr_node *next;		/* every node of a func, to free them */
};

typedef struct fr_func {
	const ref_state *r;
	int xslot;		/* the innermost variable's slot, or -1 */
	int64_t *env;		/* slots; env[xslot] is the run's first x */
	fr_node *nodes;
} fr_func;

static const uint64_t *fr_eval(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *dst);

/* ------------------------------------------------------------ compiling */

static fr_node *fr_node_new(fr_func *f, fr_kind kind, const ir_expr *e, int n_args)
{
	fr_node *n = sl_xcalloc(1, sizeof(*n));
	n->kind = kind;
	n->op = e->op;
	n->type = e->type;
	n->expr = e;
	n->n_args = n_args;
	n->args = sl_xcalloc((size_t) n_args + 1, sizeof(*n->args));
	n->buf = sl_xmalloc(FR_CHUNK * sizeof(*n->buf));
	n->next = f->nodes;
	f->nodes = n;
	return n;
}

static void fr_free_nodes(fr_func *f)
{
	for (fr_node *n = f->nodes, *next; n; n = next) {
		next = n->next;
		free(n->args);
		free(n->off);
		free(n->env);
		free(n->buf);
		free(n);
	}
	f->nodes = NULL;
}

/* Does the value of e change along the row? */
static bool fr_depends_on_x(const ir_expr *e, int xslot)
{
	if (e->kind == IR_VAR)
		return e->u.var.slot == xslot;
	if (e->kind == IR_REDUCE)
		return fr_depends_on_x(e->u.reduce.body, xslot);
	for (int i = 0; i < e->n_args; i++)
		if (fr_depends_on_x(e->args[i], xslot))
			return true;
	return false;
}

/* Is index expression e affine in the variable of "xslot", e = g + c * x
 * with g free of x?  Then *coef = c. */
static bool fr_affine(const ir_expr *e, int xslot, int64_t *coef)
{
	int64_t a, b;
	if (!fr_depends_on_x(e, xslot)) {
		*coef = 0;
		return true;
	}
	switch (e->kind) {
	case IR_VAR:
		*coef = 1;
		return true;
	case IR_UNARY:
		if (e->op != IR_OP_NEG || !fr_affine(e->args[0], xslot, &a))
			return false;
		*coef = -a;
		return true;
	case IR_BINARY:
		if (!fr_affine(e->args[0], xslot, &a) || !fr_affine(e->args[1], xslot, &b))
			return false;
		if (e->op == IR_OP_ADD || e->op == IR_OP_SUB) {
			*coef = e->op == IR_OP_ADD ? a + b : a - b;
			return true;
		}
		if (e->op != IR_OP_MUL)
			return false;
		if (e->args[1]->kind == IR_CONST)
			b = (int64_t) e->args[1]->u.cval;
		else if (e->args[0]->kind == IR_CONST)
			a = (int64_t) e->args[0]->u.cval;
		else
			return false;
		if (a <= -FR_MAX_COEF || a >= FR_MAX_COEF || b <= -FR_MAX_COEF || b >= FR_MAX_COEF)
			return false;
		*coef = a * b;
		return true;
	default:
		return false;
	}
}

static fr_node *fr_compile(fr_func *f, const ir_expr *e);

/* Can read "e" (in a func whose innermost variable has slot xslot) be
 * computed by the body of the inline func it reads, along the row?  Its
 * indices are then (g1, ..., gk-1, x + c) with every g and c free of x. */
static bool fr_inline_ok(const ir_expr *e, int xslot)
{
	const ir_decl *d = e->u.access.decl;
	if (d->kind != IR_DECL_FUNC || !d->is_inline || d->dom_empty
	    || e->n_args != d->n_dims || d->n_dims > FR_MAX_DIMS)
		return false;
	for (int i = 0; i < e->n_args; i++) {
		int64_t c;
		if (!ir_type_none(e->args[i]->type) || !fr_affine(e->args[i], xslot, &c)
		    || c != (i + 1 == e->n_args))
			return false;
	}
	return true;
}

static void fr_find_reads(const ir_expr *e, int xslot, bool *no_store)
{
	if (e->kind == IR_ACCESS && !fr_inline_ok(e, xslot))
		no_store[e->u.access.decl->index] = false;
	if (e->kind == IR_REDUCE)
		fr_find_reads(e->u.reduce.body, xslot, no_store);
	for (int i = 0; i < e->n_args; i++)
		fr_find_reads(e->args[i], xslot, no_store);
}

void ref_rows_inlined(const ir_program *prog, bool *no_store)
{
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		no_store[i] = d->kind == IR_DECL_FUNC && d->is_inline && !d->is_output;
	}
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind == IR_DECL_FUNC && !d->dom_empty)
			fr_find_reads(d->body, d->n_dims - 1, no_store);
	}
}

/* The body of the inline func read by "e", compiled in a frame of its
 * own: its variables are the read's indices. */
static fr_node *fr_compile_inline(fr_func *f, const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	fr_node *n = fr_node_new(f, FR_INLINE, e, 1);
	n->env = sl_xcalloc((size_t) d->n_slots + 1, sizeof(*n->env));
	int xslot = f->xslot;
	f->xslot = d->n_dims - 1;
	n->args[0] = fr_compile(f, d->body);
	f->xslot = xslot;
	return n;
}

static fr_node *fr_compile_access(fr_func *f, const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	if (f->r->no_store[d->index]) {
		if (!fr_inline_ok(e, f->xslot))
			sl_unreachable();	/* ref_rows_inlined saw this read */
		return fr_compile_inline(f, e);
	}
	const ref_store *s = &f->r->stores[d->index];
	if (s->size == 0 || !s->data || e->n_args != s->n_dims || s->n_dims > FR_MAX_DIMS)
		sl_unreachable();
	bool affine = true;
	int64_t coef[FR_MAX_DIMS];
	for (int i = 0; i < e->n_args; i++) {
		const ir_expr *a = e->args[i];
		affine = affine && ir_type_none(a->type) && fr_affine(a, f->xslot, &coef[i])
			&& coef[i] > -FR_MAX_COEF && coef[i] < FR_MAX_COEF;
	}
	fr_node *n = fr_node_new(f, affine ? FR_LOAD : FR_GATHER, e, affine ? 0 : e->n_args);
	n->store = s;
	if (affine) {
		memcpy(n->coef, coef, (size_t) e->n_args * sizeof(*coef));
		return n;
	}
	n->off = sl_xmalloc(FR_CHUNK * sizeof(*n->off));
	for (int i = 0; i < e->n_args; i++)
		n->args[i] = fr_compile(f, e->args[i]);
	return n;
}

/* Does every normalised value of "from" keep its value in "to"? */
static bool fr_cast_is_identity(ir_type to, ir_type from)
{
	if (to.bits == 0 || to.bits >= 64)
		return true;
	if (ir_type_none(from))
		return false;
	if (!from.is_signed)
		return to.bits > from.bits || (!to.is_signed && to.bits == from.bits);
	return to.is_signed && to.bits >= from.bits;
}

static fr_node *fr_compile_op(fr_func *f, const ir_expr *e)
{
	fr_kind kind;
	switch (e->kind) {
	case IR_UNARY: kind = FR_UNARY; break;
	case IR_BINARY:
		kind = e->op == IR_OP_SHL || e->op == IR_OP_SHR ? FR_SHIFT : FR_BINARY;
		break;
	case IR_SELECT: kind = FR_SELECT; break;
	case IR_CAST: kind = FR_CAST; break;
	default: sl_unreachable();
	}
	fr_node *n = fr_node_new(f, kind, e, e->n_args);
	for (int i = 0; i < e->n_args; i++)
		n->args[i] = fr_compile(f, e->args[i]);
	n->atype = e->args[0]->type;
	if (kind == FR_BINARY && ir_type_none(n->atype))
		n->atype = e->args[1]->type;
	if (kind == FR_SHIFT)
		n->btype = e->args[1]->type;
	if (kind == FR_CAST)
		n->identity = fr_cast_is_identity(e->type, e->args[0]->type);
	return n;
}

/* An operator of index expressions (type none): a mathematical integer
 * in 64 bits. */
static fr_node *fr_compile_index(fr_func *f, const ir_expr *e)
{
	fr_node *n = fr_node_new(f, FR_INDEX, e, e->n_args);
	for (int i = 0; i < e->n_args; i++)
		n->args[i] = fr_compile(f, e->args[i]);
	return n;
}

static fr_node *fr_compile_node(fr_func *f, const ir_expr *e)
{
	fr_node *n;
	if (ir_type_none(e->type) && (e->kind == IR_UNARY || e->kind == IR_BINARY))
		return fr_compile_index(f, e);
	if (ir_type_none(e->type) && e->kind != IR_ACCESS && e->kind != IR_CONST &&
			e->kind != IR_VAR)
		sl_unreachable();
	switch (e->kind) {
	case IR_CONST:
		n = fr_node_new(f, FR_CONST, e, 0);
		n->cval = e->u.cval;
		return n;
	case IR_VAR:
		n = fr_node_new(f, FR_VAR, e, 0);
		n->slot = e->u.var.slot;
		return n;
	case IR_ACCESS:
		return fr_compile_access(f, e);
	case IR_REDUCE:
		n = fr_node_new(f, FR_REDUCE, e, 1);
		n->args[0] = fr_compile(f, e->u.reduce.body);
		return n;
	default:
		return fr_compile_op(f, e);
	}
}

static fr_node *fr_compile(fr_func *f, const ir_expr *e)
{
	fr_node *n = fr_compile_node(f, e);
	n->uniform = !fr_depends_on_x(e, f->xslot);
	if (n->kind == FR_CONST)
		for (int i = 0; i < FR_CHUNK; i++)
			n->buf[i] = n->cval;
	return n;
}

/* ------------------------------------------------------------ kernels
 * out[i] = EXPR for i < len, normalised to type T: one loop per kind of
 * wrap (none, zero-extend, sign-extend). */

#define FR_MAP(T, EXPR) do { \
	ir_type t_ = (T); \
	if (t_.bits == 0 || t_.bits >= 64) { \
		for (int i = 0; i < len; i++) \
			out[i] = (EXPR); \
	} else if (!t_.is_signed) { \
		uint64_t m_ = ~(uint64_t) 0 >> (64 - t_.bits); \
		for (int i = 0; i < len; i++) \
			out[i] = (EXPR) & m_; \
	} else { \
		unsigned s_ = 64u - t_.bits; \
		for (int i = 0; i < len; i++) \
			out[i] = (uint64_t) ((int64_t) ((EXPR) << s_) >> s_); \
	} \
} while (0)

#define FR_RAW(EXPR) do { \
	for (int i = 0; i < len; i++) \
		out[i] = (EXPR); \
} while (0)

/* Copy a row the caller wants in dst (when it gave one). */
static const uint64_t *fr_to(uint64_t *dst, const uint64_t *p, int len)
{
	if (!dst || dst == p)
		return p;
	memcpy(dst, p, (size_t) len * sizeof(*dst));
	return dst;
}

static bool fr_is_pow2(uint64_t d)
{
	return d != 0 && (d & (d - 1)) == 0;
}

/* Unsigned quotient by a constant d > 1 for operands below 2^32: with
 * M = floor((2^64 - 1) / d) + 1, q = (M * x) >> 64 is exact for every
 * 32-bit x (Lemire, Kaser and Kurz, "Faster remainder by direct
 * computation", 2019). */
static inline uint64_t fr_div32(uint64_t x, uint64_t m)
{
	return (uint64_t) (((unsigned __int128) m * x) >> 64);
}

/* x / d and x % d for unsigned x of type t and a constant d != 0. */
static void fr_udiv_const(ir_op op, ir_type t, const uint64_t *a, uint64_t d,
	int len, uint64_t *out)
{
	bool mod = op == IR_OP_MOD;
	if (fr_is_pow2(d)) {
		int k = sl_bits(d) - 1;
		if (mod)
			FR_RAW(a[i] & (d - 1));
		else
			FR_RAW(a[i] >> k);
	} else if (t.bits <= 32) {
		uint64_t m = ~(uint64_t) 0 / d + 1;
		if (mod)
			FR_RAW(a[i] - fr_div32(a[i], m) * d);
		else
			FR_RAW(fr_div32(a[i], m));
	} else if (mod) {
		FR_RAW(a[i] % d);
	} else {
		FR_RAW(a[i] / d);
	}
}

/* Signed x / d and x % d (truncation; MIN / -1 wraps) for a constant d
 * != 0 of a type of at most 32 bits: through the magnitudes. */
static void fr_sdiv_const(ir_op op, ir_type t, const uint64_t *a, uint64_t dv,
	int len, uint64_t *out)
{
	int64_t d = (int64_t) dv;
	uint64_t ad = d < 0 ? 0 - (uint64_t) d : (uint64_t) d;
	bool mod = op == IR_OP_MOD, dneg = d < 0;
	uint64_t m = ad > 1 ? ~(uint64_t) 0 / ad + 1 : 0;
	int k = fr_is_pow2(ad) ? sl_bits(ad) - 1 : -1;
	for (int i = 0; i < len; i++) {
		int64_t x = (int64_t) a[i];
		uint64_t ax = x < 0 ? 0 - (uint64_t) x : (uint64_t) x;
		uint64_t q = ad == 1 ? ax : k >= 0 ? ax >> k : fr_div32(ax, m);
		uint64_t r = ax - q * ad;
		if (mod)
			out[i] = ref_norm(t, x < 0 ? 0 - r : r);
		else
			out[i] = ref_norm(t, (x < 0) != dneg ? 0 - q : q);
	}
}

static void fr_div(const fr_node *n, const uint64_t *a, const uint64_t *b, int len,
	uint64_t *out)
{
	ir_type t = n->atype;
	const fr_node *dn = n->args[1];
	uint64_t d = dn->cval;
	if (dn->kind == FR_CONST && d != 0 && !ir_type_none(t) && !t.is_signed) {
		fr_udiv_const(n->op, t, a, d, len, out);
		return;
	}
	if (dn->kind == FR_CONST && d != 0 && t.is_signed && t.bits <= 32) {
		fr_sdiv_const(n->op, t, a, d, len, out);
		return;
	}
	for (int i = 0; i < len; i++)
		out[i] = ir_eval_binop(n->op, t, a[i], b[i]);
}

static void fr_binary(const fr_node *n, const uint64_t *a, const uint64_t *b, int len,
	uint64_t *out)
{
	ir_type t = n->atype;
	bool s = t.is_signed;
	switch (n->op) {
	case IR_OP_ADD: FR_MAP(t, a[i] + b[i]); break;
	case IR_OP_SUB: FR_MAP(t, a[i] - b[i]); break;
	case IR_OP_MUL: FR_MAP(t, a[i] * b[i]); break;
	case IR_OP_AND: FR_RAW(a[i] & b[i]); break;
	case IR_OP_OR: FR_RAW(a[i] | b[i]); break;
	case IR_OP_XOR: FR_RAW(a[i] ^ b[i]); break;
	case IR_OP_EQ: FR_RAW((uint64_t) (a[i] == b[i])); break;
	case IR_OP_NE: FR_RAW((uint64_t) (a[i] != b[i])); break;
	case IR_OP_LAND: FR_RAW((uint64_t) (a[i] != 0 && b[i] != 0)); break;
	case IR_OP_LOR: FR_RAW((uint64_t) (a[i] != 0 || b[i] != 0)); break;
	case IR_OP_LT: case IR_OP_GT: case IR_OP_LE: case IR_OP_GE:
	case IR_OP_MIN: case IR_OP_MAX: {
		/* Signed order is unsigned order with the sign bit flipped. */
		uint64_t f = s ? (uint64_t) 1 << 63 : 0;
		switch (n->op) {
		case IR_OP_LT: FR_RAW((uint64_t) ((a[i] ^ f) < (b[i] ^ f))); break;
		case IR_OP_GT: FR_RAW((uint64_t) ((b[i] ^ f) < (a[i] ^ f))); break;
		case IR_OP_LE: FR_RAW((uint64_t) !((b[i] ^ f) < (a[i] ^ f))); break;
		case IR_OP_GE: FR_RAW((uint64_t) !((a[i] ^ f) < (b[i] ^ f))); break;
		case IR_OP_MIN: FR_RAW((b[i] ^ f) < (a[i] ^ f) ? b[i] : a[i]); break;
		default: FR_RAW((a[i] ^ f) < (b[i] ^ f) ? b[i] : a[i]); break;
		}
		break;
	}
	case IR_OP_DIV: case IR_OP_MOD:
		fr_div(n, a, b, len, out);
		break;
	default:	/* an operator without a row form: ir_eval_binop per value */
		FR_RAW(ir_eval_binop(n->op, t, a[i], b[i]));
		break;
	}
}

/* a OP k for a row a and one value k (the right operand along a row
 * that does not change it); false for the operators without a form. */
static bool fr_binary_k(const fr_node *n, const uint64_t *a, uint64_t k, int len,
	uint64_t *out)
{
	ir_type t = n->atype;
	switch (n->op) {
	case IR_OP_ADD: FR_MAP(t, a[i] + k); return true;
	case IR_OP_SUB: FR_MAP(t, a[i] - k); return true;
	case IR_OP_MUL: FR_MAP(t, a[i] * k); return true;
	case IR_OP_AND: FR_RAW(a[i] & k); return true;
	case IR_OP_OR: FR_RAW(a[i] | k); return true;
	case IR_OP_XOR: FR_RAW(a[i] ^ k); return true;
	default: return false;
	}
}

static bool fr_commutes(ir_op op)
{
	return op == IR_OP_ADD || op == IR_OP_MUL || op == IR_OP_AND || op == IR_OP_OR
		|| op == IR_OP_XOR;
}

/* Shifts as ir_eval_binop does them: the amount read as unsigned, N or
 * more shifting everything out (>> of a negative iN gives -1). */
static void fr_shift(const fr_node *n, const uint64_t *a, const uint64_t *b, int len,
	uint64_t *out)
{
	ir_type t = n->atype;
	uint64_t width = ir_type_none(t) ? 64 : t.bits;
	bool neg_ok = t.is_signed || ir_type_none(t);
	for (int i = 0; i < len; i++) {
		uint64_t amt = ir_shift_amount(n->btype, b[i]);
		uint64_t x = a[i];
		if (n->op == IR_OP_SHL) {
			out[i] = amt >= width ? 0 : ref_norm(t, x << amt);
			continue;
		}
		bool neg = neg_ok && (x >> 63);
		if (amt >= width)
			out[i] = neg ? ~(uint64_t) 0 : 0;
		else
			out[i] = neg ? ~(~x >> amt) : x >> amt;
	}
}

static void fr_unary(const fr_node *n, const uint64_t *a, int len, uint64_t *out)
{
	ir_type t = n->atype;
	switch (n->op) {
	case IR_OP_NEG: FR_MAP(t, 0 - a[i]); break;
	case IR_OP_NOT: FR_MAP(t, ~a[i]); break;
	case IR_OP_LNOT: FR_RAW((uint64_t) (a[i] == 0)); break;
	case IR_OP_ABS:
		if (!t.is_signed && !ir_type_none(t))
			FR_RAW(a[i]);
		else
			for (int i = 0; i < len; i++)
				out[i] = ir_eval_unop(IR_OP_ABS, t, a[i]);
		break;
	default:	/* an operator without a row form */
		FR_RAW(ir_eval_unop(n->op, t, a[i]));
		break;
	}
}

/* Index arithmetic as ref_index does it. */
static void fr_index_op(const fr_node *n, const uint64_t *a, const uint64_t *b, int len,
	uint64_t *out)
{
	const int64_t *x = (const int64_t *) a, *y = (const int64_t *) b;
	if (n->kind == FR_INDEX && n->n_args == 1) {
		if (n->op != IR_OP_NEG)
			sl_unreachable();
		FR_RAW(0 - a[i]);
		return;
	}
	switch (n->op) {
	case IR_OP_ADD: FR_RAW(a[i] + b[i]); return;
	case IR_OP_SUB: FR_RAW(a[i] - b[i]); return;
	case IR_OP_MUL: FR_RAW(a[i] * b[i]); return;
	case IR_OP_MIN: FR_RAW(x[i] < y[i] ? a[i] : b[i]); return;
	case IR_OP_MAX: FR_RAW(x[i] > y[i] ? a[i] : b[i]); return;
	case IR_OP_DIV:
	case IR_OP_MOD:
		break;
	default:
		sl_unreachable();
	}
	const fr_node *dn = n->args[1];
	if (dn->kind == FR_CONST && (int64_t) dn->cval > 0 && fr_is_pow2(dn->cval)) {
		int k = sl_bits(dn->cval) - 1;
		if (n->op == IR_OP_DIV)
			FR_RAW((uint64_t) (x[i] >> k));
		else
			FR_RAW(a[i] & (dn->cval - 1));
		return;
	}
	for (int i = 0; i < len; i++) {
		if (y[i] <= 0)
			sl_unreachable();
		out[i] = (uint64_t) (n->op == IR_OP_DIV ? ir_floordiv(x[i], y[i])
			: ir_floormod(x[i], y[i]));
	}
}

/* ------------------------------------------------------------ reads */

/* A read with affine indices: the row's ends bound it (an index affine
 * in x is monotone along the row). */
static const uint64_t *fr_load(fr_func *f, fr_node *n, int len, uint64_t *out)
{
	const ref_store *s = n->store;
	const ir_expr *e = n->expr;
	int64_t off = 0, step = 0;
	for (int i = 0; i < e->n_args; i++) {
		int64_t lo = s->lo ? s->lo[i] : 0;
		int64_t first = ref_index_fast(e->args[i], f->env) - lo;
		int64_t last = first + n->coef[i] * (len - 1);
		if ((uint64_t) first >= (uint64_t) s->ext[i]
		    || (uint64_t) last >= (uint64_t) s->ext[i])
			sl_unreachable();	/* bounds inference */
		off += first * s->stride[i];
		step += n->coef[i] * s->stride[i];
	}
	const uint64_t *p = s->data + off;
	if (step == 1 || len == 1)
		return p;
	FR_RAW(p[i * step]);
	return out;
}

static const uint64_t *fr_gather(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *out)
{
	const ref_store *s = n->store;
	int64_t *off = n->off;
	for (int i = 0; i < len; i++)
		off[i] = 0;
	for (int d = 0; d < n->n_args; d++) {
		const uint64_t *idx = fr_eval(f, n->args[d], x0, len, NULL);
		uint64_t lo = s->lo ? (uint64_t) s->lo[d] : 0;
		uint64_t ext = (uint64_t) s->ext[d];
		int64_t stride = s->stride[d];
		for (int i = 0; i < len; i++) {
			uint64_t k = idx[i] - lo;
			if (k >= ext)
				sl_unreachable();	/* bounds inference */
			off[i] += (int64_t) k * stride;
		}
	}
	FR_RAW(s->data[off[i]]);
	return out;
}

/* An inline func's body at the read's indices: x0 + c .. along the row. */
static const uint64_t *fr_inline(fr_func *f, fr_node *n, int len, uint64_t *dst)
{
	const ir_expr *e = n->expr;
	int nd = e->n_args;
	for (int i = 0; i < nd; i++)
		n->env[i] = ref_index_fast(e->args[i], f->env);
	int64_t *env = f->env;
	int xslot = f->xslot;
	f->env = n->env;
	f->xslot = nd - 1;
	const uint64_t *p = fr_eval(f, n->args[0], nd ? n->env[nd - 1] : 0, len, dst);
	f->env = env;
	f->xslot = xslot;
	return p;
}

/* ------------------------------------------------------------ evaluation */

/* acc += a * b in one pass when the body of a sum is a product (in the
 * sum's type, so wrapping once is wrapping twice). */
static bool fr_sum_of_products(fr_func *f, fr_node *m, int64_t x0, int len, uint64_t *acc)
{
	if (m->kind != FR_BINARY || m->op != IR_OP_MUL || m->uniform
	    || !ir_type_eq(m->atype, m->type))
		return false;
	ir_type t = m->type;
	uint64_t *out = acc;
	int u = m->args[1]->uniform ? 1 : m->args[0]->uniform ? 0 : -1;
	if (u >= 0) {
		const uint64_t *a = fr_eval(f, m->args[1 - u], x0, len, NULL);
		uint64_t k = fr_eval(f, m->args[u], x0, 1, NULL)[0];
		FR_MAP(t, acc[i] + a[i] * k);
	} else {
		const uint64_t *a = fr_eval(f, m->args[0], x0, len, NULL);
		const uint64_t *b = fr_eval(f, m->args[1], x0, len, NULL);
		FR_MAP(t, acc[i] + a[i] * b[i]);
	}
	return true;
}

static void fr_reduce_level(fr_func *f, fr_node *n, int level, int64_t x0, int len,
	uint64_t *acc)
{
	const ir_expr *e = n->expr;
	const ir_rvar *v = &e->u.reduce.rvars[level];
	bool last = level + 1 == e->u.reduce.n_rvars;
	ir_type t = e->type;
	uint64_t *out = acc;
	for (int64_t r = v->lo; r < v->hi; r++) {
		f->env[v->slot] = r;
		if (!last) {
			fr_reduce_level(f, n, level + 1, x0, len, acc);
			continue;
		}
		if (e->u.reduce.op == IR_RED_SUM && fr_sum_of_products(f, n->args[0], x0, len, acc))
			continue;
		const uint64_t *b = fr_eval(f, n->args[0], x0, len, NULL);
		uint64_t fl = t.is_signed ? (uint64_t) 1 << 63 : 0;
		switch (e->u.reduce.op) {
		case IR_RED_SUM: FR_MAP(t, acc[i] + b[i]); break;
		case IR_RED_MAXIMUM: FR_RAW((acc[i] ^ fl) < (b[i] ^ fl) ? b[i] : acc[i]); break;
		case IR_RED_MINIMUM: FR_RAW((b[i] ^ fl) < (acc[i] ^ fl) ? b[i] : acc[i]); break;
		}
	}
}

static const uint64_t *fr_reduce(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *out)
{
	const ir_expr *e = n->expr;
	uint64_t init = 0;
	if (e->u.reduce.op == IR_RED_MAXIMUM)
		init = ir_type_min(e->type);
	else if (e->u.reduce.op == IR_RED_MINIMUM)
		init = ir_type_max(e->type);
	FR_RAW(init);
	if (e->u.reduce.n_rvars > 0)
		fr_reduce_level(f, n, 0, x0, len, out);
	return out;
}

static const uint64_t *fr_select(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *dst)
{
	const uint64_t *c = fr_eval(f, n->args[0], x0, len, NULL);
	if (n->args[0]->uniform)
		return fr_eval(f, n->args[c[0] ? 1 : 2], x0, len, dst);
	/* Both arms are in bounds at every point of the domain (bounds
	 * inference takes no condition into account), so both are read. */
	const uint64_t *a = fr_eval(f, n->args[1], x0, len, NULL);
	const uint64_t *b = fr_eval(f, n->args[2], x0, len, NULL);
	uint64_t *out = dst ? dst : n->buf;
	FR_RAW(c[i] ? a[i] : b[i]);
	return out;
}

static const uint64_t *fr_var(fr_func *f, fr_node *n, int64_t x0, int len, uint64_t *out)
{
	ir_type t = n->type;
	if (n->slot != f->xslot) {
		uint64_t v = ref_norm(t, (uint64_t) f->env[n->slot]);
		FR_RAW(v);
	} else {
		FR_MAP(t, (uint64_t) x0 + (uint64_t) i);
	}
	return out;
}

/* The values of n at x0 .. x0 + len - 1, in dst when given, else in n's
 * buffer or wherever they already are. */
static const uint64_t *fr_eval_node(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *dst)
{
	uint64_t *out = dst ? dst : n->buf;
	const uint64_t *a, *b;
	switch (n->kind) {
	case FR_CONST:
		return fr_to(dst, n->buf, len);
	case FR_VAR:
		return fr_var(f, n, x0, len, out);
	case FR_LOAD:
		return fr_to(dst, fr_load(f, n, len, out), len);
	case FR_GATHER:
		return fr_gather(f, n, x0, len, out);
	case FR_INLINE:
		return fr_inline(f, n, len, dst);
	case FR_REDUCE:
		return fr_reduce(f, n, x0, len, out);
	case FR_SELECT:
		return fr_select(f, n, x0, len, dst);
	case FR_CAST:
		if (n->identity)
			return fr_eval(f, n->args[0], x0, len, dst);
		a = fr_eval(f, n->args[0], x0, len, NULL);
		FR_MAP(n->type, a[i]);
		return out;
	case FR_UNARY:
		fr_unary(n, fr_eval(f, n->args[0], x0, len, NULL), len, out);
		return out;
	case FR_INDEX:
		a = fr_eval(f, n->args[0], x0, len, NULL);
		b = n->n_args > 1 ? fr_eval(f, n->args[1], x0, len, NULL) : a;
		fr_index_op(n, a, b, len, out);
		return out;
	case FR_BINARY:
		if (n->op != IR_OP_DIV && n->op != IR_OP_MOD
		    && (n->args[1]->uniform || (n->args[0]->uniform && fr_commutes(n->op)))) {
			int u = n->args[1]->uniform ? 1 : 0;
			a = fr_eval(f, n->args[1 - u], x0, len, NULL);
			uint64_t k = fr_eval(f, n->args[u], x0, 1, NULL)[0];
			if (fr_binary_k(n, a, k, len, out))
				return out;
		}
		/* fall through */
	case FR_SHIFT:
		a = fr_eval(f, n->args[0], x0, len, NULL);
		b = fr_eval(f, n->args[1], x0, len, NULL);
		if (n->kind == FR_SHIFT)
			fr_shift(n, a, b, len, out);
		else
			fr_binary(n, a, b, len, out);
		return out;
	}
	sl_unreachable();
}

static const uint64_t *fr_eval(fr_func *f, fr_node *n, int64_t x0, int len,
	uint64_t *dst)
{
	if (!n->uniform || len == 1 || n->kind == FR_CONST)
		return fr_eval_node(f, n, x0, len, dst);
	uint64_t v = fr_eval_node(f, n, x0, 1, NULL)[0];
	uint64_t *out = dst ? dst : n->buf;
	FR_RAW(v);
	return out;
}

/* ------------------------------------------------------------ the func */

void ref_rows_fill(const ref_state *r, const ir_decl *d, uint64_t *buf, int64_t n)
{
	fr_func f = { r, d->n_dims - 1, NULL, NULL };
	f.env = sl_xcalloc(d->n_slots > 0 ? (size_t) d->n_slots : 1, sizeof(*f.env));
	fr_node *root = fr_compile(&f, d->body);
	int nd = d->n_dims;
	int64_t row = nd > 0 ? d->dom_ext[nd - 1] : 1;
	int64_t x_lo = nd > 0 ? d->dom_lo[nd - 1] : 0;
	for (int i = 0; i < nd; i++)
		f.env[i] = d->dom_lo[i];
	for (int64_t k = 0; k < n; k += row) {
		for (int64_t x = 0; x < row; x += FR_CHUNK) {
			int len = row - x < FR_CHUNK ? (int) (row - x) : FR_CHUNK;
			if (nd > 0)
				f.env[nd - 1] = x_lo + x;
			uint64_t *dst = buf + k + x;
			fr_to(dst, fr_eval(&f, root, x_lo + x, len, dst), len);
		}
		for (int i = nd - 2; i >= 0; i--) {
			if (++f.env[i] < d->dom_lo[i] + d->dom_ext[i])
				break;
			f.env[i] = d->dom_lo[i];
		}
	}
	fr_free_nodes(&f);
	free(f.env);
}
