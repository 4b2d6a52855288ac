/* frontend/typecheck.c: types, constant folding and index checks.
 * Stage: lex -> parse -> [typecheck] -> bounds.  Every value node gets
 * its type; literals take the type their context needs; constant
 * expressions are folded exactly and replaced by typed IR_CONST nodes;
 * access arguments are checked to be quasi-affine index expressions
 * (type "none"), or, for a const, an unsigned table index that cannot
 * leave the table. */
#include <string.h>

#include "frontend/frontend_private.h"

typedef struct checker {
	sl_ctx *ctx;
	ir_decl *func;
	bool failed;	/* an error was reported for this func */
	bool index;	/* folding an index constant: floor / and %, divisor > 0 */
} checker;

static const ir_type NONE = { 0, false };
static const ir_type U1 = { 1, false };
static const ir_type U64 = { 64, false };

static void error(checker *c, sl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void error(checker *c, sl_loc loc, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sl_error(c->ctx, loc, "%s", msg);
	c->failed = true;
}

/* Decimal text of a mathematical integer in [-2^63, 2^64]. */
static const char *i128_str(__int128 v, char buf[48])
{
	char tmp[48];
	int n = 0;
	bool neg = v < 0;
	unsigned __int128 u = neg ? -(unsigned __int128) v : (unsigned __int128) v;
	do {
		tmp[n++] = (char) ('0' + (int) (u % 10));
		u /= 10;
	} while (u);
	int i = 0;
	if (neg)
		buf[i++] = '-';
	while (n)
		buf[i++] = tmp[--n];
	buf[i] = '\0';
	return buf;
}

/* The facts of e's operator (arith/arith.h struct ir_op_info). */
#define OP(e) (ir_op_info[(e)->op])

static const char *op_text(const ir_expr *e)
{
	if (e->kind == IR_SELECT)
		return e->u.cval ? "select" : "?:";
	return ir_op_str(e->op);
}

/* --------------------------------------------------- constant folding */

/* Made only of literals and operators (?: and select included); with
 * "fns" also min, max, abs and clamp (the operand of a cast). */
static bool literal_tree(const ir_expr *e, bool fns)
{
	switch (e->kind) {
	case IR_CONST:
		return ir_type_none(e->type);
	case IR_UNARY:
		return (fns || OP(e).syntax != IR_SYN_CALL) && literal_tree(e->args[0], fns);
	case IR_BINARY:
		if (!fns && OP(e).syntax == IR_SYN_CALL)
			return false;
		return literal_tree(e->args[0], fns) && literal_tree(e->args[1], fns);
	case IR_SELECT:
		return literal_tree(e->args[0], fns) && literal_tree(e->args[1], fns) &&
			literal_tree(e->args[2], fns);
	default:
		return false;
	}
}

static bool is_constexpr(const ir_expr *e)
{
	return literal_tree(e, false);
}

/* An index constant's "a / b" or "a % b": floor division and a
 * non-negative remainder, as every other index divides (spec, "Accesses
 * and index expressions"); b must be positive, as for x / b. */
static bool fold_index_div(checker *c, const ir_expr *e, __int128 a, __int128 b,
	__int128 *v)
{
	if (b <= 0) {
		char buf[48];
		error(c, e->args[1]->loc, "an index divisor must be positive, not %s",
			i128_str(b, buf));
		return false;
	}
	__int128 q = a / b, r = a % b;
	if (r < 0) {
		q--;
		r += b;
	}
	*v = e->op == IR_OP_DIV ? q : r;
	return true;
}

/* Fold a constant expression exactly over mathematical integers; in an
 * index (c->index) "/" and "%" are floor division and modulo. */
static bool fold(checker *c, const ir_expr *e, __int128 *v)
{
	__int128 a, b, r;
	switch (e->kind) {
	case IR_CONST:
		*v = (__int128) e->u.cval;
		return true;
	case IR_UNARY:
		if (!fold(c, e->args[0], &a))
			return false;
		if (!ir_fold_unop(e->op, a, &r)) {
			error(c, e->loc, "constant expression leaves the range [-2^63, 2^64)");
			return false;
		}
		*v = r;
		return true;
	case IR_SELECT:
		if (!fold(c, e->args[0], &a))
			return false;
		if (a != 0 && a != 1) {
			char buf[48];
			error(c, e->args[0]->loc, "the condition of '?:' must be u1 (0 or 1), not %s",
				i128_str(a, buf));
			return false;
		}
		return fold(c, e->args[a ? 1 : 2], v);
	case IR_BINARY:
		if (!fold(c, e->args[0], &a) || !fold(c, e->args[1], &b))
			return false;
		if (OP(e).typing == IR_TY_DIVIDE && c->index)
			return fold_index_div(c, e, a, b, v);
		if (OP(e).typing == IR_TY_DIVIDE && b == 0) {
			error(c, e->loc, "division by zero in a constant expression");
			return false;
		}
		if (OP(e).typing == IR_TY_SHIFT && b < 0) {
			error(c, e->args[1]->loc, "negative shift amount");
			return false;
		}
		if (!ir_fold_binop(e->op, a, b, &r)) {
			error(c, e->loc, "constant expression leaves the range [-2^63, 2^64)");
			return false;
		}
		*v = r;
		return true;
	default:
		sl_unreachable();
	}
}

static void make_const(ir_expr *e, ir_type type, uint64_t bits)
{
	e->kind = IR_CONST;
	e->type = type;
	e->n_args = 0;
	e->args = NULL;
	e->u.cval = type.bits ? ir_norm(type, bits) : bits;
}

/* Fold "e" and give it type "t", which the value must fit. */
static ir_type type_constant(checker *c, ir_expr *e, ir_type t)
{
	__int128 v;
	char b[48], tb[8];
	if (!fold(c, e, &v))
		return NONE;
	if (ir_type_none(t)) {
		error(c, e->loc, "cannot tell the type of the constant %s here; give it one with a cast, e.g. i32(%s)",
			i128_str(v, b), i128_str(v, b));
		return NONE;
	}
	if (!ir_fits(t, v)) {
		if (v < 0 && !t.is_signed)
			error(c, e->loc, "constant %s does not fit %s (negative); write the bit pattern in hexadecimal or cast",
				i128_str(v, b), ir_type_str(t, tb));
		else
			error(c, e->loc, "constant %s does not fit %s", i128_str(v, b), ir_type_str(t, tb));
		return NONE;
	}
	make_const(e, t, (uint64_t) v);
	return t;
}

bool fe_fold_constant(sl_ctx *ctx, const ir_expr *e, __int128 *v)
{
	checker c = { ctx, NULL, false, false };
	if (!is_constexpr(e)) {
		sl_error(ctx, e->loc, "expected an integer constant");
		return false;
	}
	return fold(&c, e, v);
}

/* ------------------------------------------------------------- typing */

/* The type "e" has regardless of its context, or none. */
static ir_type natural(const ir_expr *e)
{
	if (is_constexpr(e))
		return NONE;
	switch (e->kind) {
	case IR_CONST:
		return e->type;
	case IR_VAR:
		return ir_type_make(true, 32);
	case IR_ACCESS:
		return e->u.access.decl->type;
	case IR_CAST:
		return e->type;
	case IR_REDUCE:
		return natural(e->u.reduce.body);
	case IR_SELECT: {
		ir_type t = natural(e->args[1]);
		return ir_type_none(t) ? natural(e->args[2]) : t;
	}
	case IR_UNARY:
		if (OP(e).typing == IR_TY_LOGIC)
			return U1;
		if (OP(e).typing == IR_TY_UNSIGNED) {
			ir_type t = natural(e->args[0]);
			return ir_type_none(t) ? t : ir_type_make(false, t.bits);
		}
		return natural(e->args[0]);
	case IR_BINARY:
		if (OP(e).typing == IR_TY_COMPARE || OP(e).typing == IR_TY_LOGIC)
			return U1;
		if (OP(e).typing == IR_TY_SHIFT)
			return natural(e->args[0]);
		ir_type t = natural(e->args[0]);
		return ir_type_none(t) ? natural(e->args[1]) : t;
	}
	sl_unreachable();
}

static ir_type assign(checker *c, ir_expr *e, ir_type ctx);
static void check_access(checker *c, ir_expr *e);

static ir_type pick(ir_type a, ir_type b)
{
	return ir_type_none(a) ? b : a;
}

static void mismatch(checker *c, const ir_expr *e, ir_type a, ir_type b)
{
	char ta[8], tb[8];
	error(c, e->loc, "%s of '%s' have different types, %s and %s; convert one with a cast",
		e->kind == IR_SELECT ? "the two arms" : "operands", op_text(e),
		ir_type_str(a, ta), ir_type_str(b, tb));
}

static void untyped(checker *c, const ir_expr *e, const char *what)
{
	if (!c->failed)
		error(c, e->loc, "cannot tell the type of %s; give one operand a type with a cast, e.g. u8(...)",
			what);
}

/* Type both operands as one type: theirs, or the context's. */
static ir_type assign_pair(checker *c, ir_expr *e, ir_expr *a, ir_expr *b, ir_type ctx)
{
	ir_type t = pick(pick(natural(a), natural(b)), ctx);
	if (ir_type_none(t)) {
		untyped(c, e, "these operands");
		return NONE;
	}
	ir_type ta = assign(c, a, t), tb = assign(c, b, t);
	if (ir_type_none(ta) || ir_type_none(tb))
		return NONE;
	if (!ir_type_eq(ta, tb)) {
		mismatch(c, e, ta, tb);
		return NONE;
	}
	return ta;
}

static ir_type need_u1(checker *c, ir_expr *e, const char *what)
{
	ir_type t = assign(c, e, U1);
	if (ir_type_none(t))
		return NONE;
	if (!ir_type_eq(t, U1)) {
		char tb[8];
		error(c, e->loc, "%s must be u1, not %s; compare it, e.g. (x != 0)", what, ir_type_str(t, tb));
		return NONE;
	}
	return U1;
}

static ir_type assign_divide(checker *c, ir_expr *e, ir_type ctx)
{
	ir_type t = assign_pair(c, e, e->args[0], e->args[1], ctx);
	if (ir_type_none(t))
		return NONE;
	ir_expr *d = e->args[1];
	if (d->kind != IR_CONST) {
		error(c, d->loc, "the divisor of '%s' must be a constant: hardware divides only by constants",
			op_text(e));
		return NONE;
	}
	if (d->u.cval == 0) {
		error(c, d->loc, "division by zero");
		return NONE;
	}
	return t;
}

static ir_type assign_shift(checker *c, ir_expr *e, ir_type ctx)
{
	ir_expr *a = e->args[0], *b = e->args[1];
	ir_type t = pick(natural(a), ctx);
	if (ir_type_none(t)) {
		untyped(c, a, "the shifted value");
		return NONE;
	}
	t = assign(c, a, t);
	if (is_constexpr(b)) {
		__int128 v;
		if (!fold(c, b, &v))
			return NONE;
		if (v < 0) {
			error(c, b->loc, "negative shift amount");
			return NONE;
		}
		make_const(b, U64, (uint64_t) v);
	} else if (ir_type_none(assign(c, b, natural(b)))) {
		untyped(c, b, "the shift amount");
		return NONE;
	}
	return t;
}

/* By the operator's typing rule (ir_op_info[op].typing). */
static ir_type assign_binary(checker *c, ir_expr *e, ir_type ctx)
{
	switch (OP(e).typing) {
	case IR_TY_DIVIDE: return assign_divide(c, e, ctx);
	case IR_TY_SHIFT: return assign_shift(c, e, ctx);
	case IR_TY_LOGIC: {
		char what[32];
		snprintf(what, sizeof(what), "an operand of '%s'", op_text(e));
		ir_type a = need_u1(c, e->args[0], what);
		ir_type b = need_u1(c, e->args[1], what);
		return ir_type_none(a) || ir_type_none(b) ? NONE : U1;
	}
	case IR_TY_COMPARE:
		return ir_type_none(assign_pair(c, e, e->args[0], e->args[1], NONE)) ? NONE : U1;
	case IR_TY_ARITH:
		return assign_pair(c, e, e->args[0], e->args[1], ctx);
	default: sl_unreachable();
	}
}

/* SAME takes its type from the context, UNSIGNED (abs) only from its
 * operand. */
static ir_type assign_unary(checker *c, ir_expr *e, ir_type ctx)
{
	ir_expr *a = e->args[0];
	char what[32];
	snprintf(what, sizeof(what), OP(e).syntax == IR_SYN_CALL ? "the operand of %s"
		: "the operand of '%s'", op_text(e));
	if (OP(e).typing == IR_TY_LOGIC)
		return need_u1(c, a, what);
	bool own = OP(e).typing == IR_TY_UNSIGNED;
	ir_type t = pick(natural(a), own ? NONE : ctx);
	if (ir_type_none(t)) {
		untyped(c, e, own ? what : "this operand");
		return NONE;
	}
	t = assign(c, a, t);
	if (ir_type_none(t))
		return NONE;
	return own ? ir_type_make(false, t.bits) : t;
}

/* A cast of literals, operators, min, max, abs and clamp folds them
 * exactly, as mathematical integers, then converts the value (keeping its
 * low bits): u8(min(300, 5)) is 5 and u8(min(300, 400)) is u8(300), 44
 * (docs/language.md, "Constants and typing"). */
static ir_type assign_cast(checker *c, ir_expr *e)
{
	ir_expr *a = e->args[0];
	if (literal_tree(a, true)) {
		__int128 v;
		if (!fold(c, a, &v))
			return NONE;
		make_const(e, e->type, (uint64_t) v);
		return e->type;
	}
	ir_type t = natural(a);
	if (ir_type_none(t)) {
		untyped(c, a, "the operand of the cast");
		return NONE;
	}
	return ir_type_none(assign(c, a, t)) ? NONE : e->type;
}

/* Give "e" its type; "ctx" is what the context asks of an untyped
 * constant.  Returns the type, or none after an error. */
static ir_type assign(checker *c, ir_expr *e, ir_type ctx)
{
	ir_type t;
	if (is_constexpr(e))
		return type_constant(c, e, ctx);
	switch (e->kind) {
	case IR_CONST:
		return e->type;
	case IR_VAR:
		t = ir_type_make(true, 32);
		break;
	case IR_ACCESS:
		check_access(c, e);
		t = e->u.access.decl->type;
		break;
	case IR_CAST:
		t = assign_cast(c, e);
		break;
	case IR_UNARY:
		t = assign_unary(c, e, ctx);
		break;
	case IR_BINARY:
		t = assign_binary(c, e, ctx);
		break;
	case IR_SELECT:
		if (ir_type_none(need_u1(c, e->args[0], "a condition")))
			return NONE;
		t = assign_pair(c, e, e->args[1], e->args[2], ctx);
		break;
	case IR_REDUCE:
		t = pick(natural(e->u.reduce.body), ctx);
		if (ir_type_none(t)) {
			untyped(c, e, "the body of the reduction");
			return NONE;
		}
		t = assign(c, e->u.reduce.body, t);
		break;
	default:
		sl_unreachable();
	}
	e->type = t;
	return t;
}

/* ------------------------------------------------------------ indices */

bool fe_is_index_form(const ir_expr *e)
{
	if (is_constexpr(e))
		return true;
	switch (e->kind) {
	case IR_VAR:
		return true;
	case IR_UNARY:
		return OP(e).index == IR_IDX_YES && fe_is_index_form(e->args[0]);
	case IR_BINARY:
		switch (OP(e).index) {
		case IR_IDX_YES:
			return fe_is_index_form(e->args[0]) && fe_is_index_form(e->args[1]);
		case IR_IDX_BY_CONST:
			return fe_is_index_form(e->args[0]) && fe_is_index_form(e->args[1]) &&
				(is_constexpr(e->args[0]) || is_constexpr(e->args[1]));
		case IR_IDX_DIVISOR:
			return fe_is_index_form(e->args[0]) && is_constexpr(e->args[1]);
		default:
			return false;
		}
	default:
		return false;
	}
}

static bool check_index(checker *c, ir_expr *e);

static bool index_const(checker *c, ir_expr *e)
{
	__int128 v;
	char b[48];
	c->index = true;
	bool ok = fold(c, e, &v);
	c->index = false;
	if (!ok)
		return false;
	if (v < INT64_MIN || v > INT64_MAX) {
		error(c, e->loc, "index constant %s is out of range", i128_str(v, b));
		return false;
	}
	make_const(e, NONE, (uint64_t) (int64_t) v);
	return true;
}

static bool check_index_binary(checker *c, ir_expr *e)
{
	ir_expr *a = e->args[0], *b = e->args[1];
	switch (OP(e).index) {
	case IR_IDX_YES:
		return check_index(c, a) & check_index(c, b);
	case IR_IDX_BY_CONST:
		if (!is_constexpr(a) && !is_constexpr(b)) {
			error(c, e->loc, "an index may multiply only by a constant (indices are affine)");
			return false;
		}
		return check_index(c, a) & check_index(c, b);
	case IR_IDX_DIVISOR:
		if (!is_constexpr(b)) {
			error(c, b->loc, "an index may divide only by a positive constant (indices are quasi-affine)");
			return false;
		}
		if (!check_index(c, a) || !check_index(c, b))
			return false;
		if ((int64_t) b->u.cval <= 0) {
			error(c, b->loc, "an index divisor must be positive, not %lld", (long long) (int64_t) b->u.cval);
			return false;
		}
		return true;
	default:
		error(c, e->loc, "operator '%s' cannot appear in an index; indices use + - * / %% min max clamp",
			ir_op_str(e->op));
		return false;
	}
}

/* Check an index expression (a mathematical integer) and fold it. */
static bool check_index(checker *c, ir_expr *e)
{
	if (is_constexpr(e))
		return index_const(c, e);
	switch (e->kind) {
	case IR_VAR:
		e->type = NONE;
		return true;
	case IR_UNARY:
		if (OP(e).index == IR_IDX_YES)
			return check_index(c, e->args[0]);
		error(c, e->loc, "operator '%s' cannot appear in an index", ir_op_str(e->op));
		return false;
	case IR_BINARY:
		return check_index_binary(c, e);
	case IR_ACCESS:
		error(c, e->loc, "data-dependent index: a value read from '%s' cannot index an input or a func (only a const table can be indexed by a value)",
			e->u.access.decl->name);
		return false;
	case IR_CAST:
		error(c, e->loc, "a cast cannot appear in an index: indices are mathematical integers, affine in the variables");
		return false;
	case IR_SELECT:
		error(c, e->loc, "a choice (?: or select) cannot appear in an index: use min, max or clamp");
		return false;
	case IR_REDUCE:
		error(c, e->loc, "a reduction cannot appear in an index");
		return false;
	default:
		sl_unreachable();
	}
}

/* A data-dependent table index: an unsigned value within the table. */
static void check_lookup(checker *c, ir_expr *e, const ir_decl *table, int dim)
{
	char tb[8];
	ir_type t = natural(e);
	if (ir_type_none(t)) {
		untyped(c, e, "the table index");
		return;
	}
	if (ir_type_none(assign(c, e, t)))
		return;
	if (t.is_signed) {
		error(c, e->loc, "a table index must be unsigned, not %s; cast it, e.g. u8(...)",
			ir_type_str(t, tb));
		return;
	}
	if (t.bits >= 63 || ((int64_t) 1 << t.bits) > table->extents[dim]) {
		error(c, e->loc, "table index of type %s can reach %llu, but dimension %d of '%s' has only %lld entries; cast it to a narrower type or clamp it",
			ir_type_str(t, tb), (unsigned long long) ir_type_max(t), dim + 1, table->name,
			(long long) table->extents[dim]);
		sl_note(c->ctx, table->loc, "'%s' is declared here", table->name);
	}
}

static void check_access(checker *c, ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	for (int i = 0; i < e->n_args; i++) {
		ir_expr *a = e->args[i];
		if (d->kind == IR_DECL_CONST && !fe_is_index_form(a))
			check_lookup(c, a, d, i);
		else
			check_index(c, a);
	}
}

static void check_func(sl_ctx *ctx, ir_decl *f)
{
	checker c = { ctx, f, false, false };
	ir_type t = assign(&c, f->body, f->type);
	if (ir_type_none(t) || c.failed)
		return;
	if (!ir_type_eq(t, f->type)) {
		char ta[8], tb[8];
		error(&c, f->body->loc, "the body of '%s' has type %s, but '%s' is declared %s; convert it with a cast",
			f->name, ir_type_str(t, ta), f->name, ir_type_str(f->type, tb));
	}
}

static void add_user(sl_ctx *ctx, ir_decl *d, ir_decl *user)
{
	d->users = (ir_decl **) sl_ptr_set_add(ctx, (void **) d->users, &d->n_users, user);
}

static void collect_users(sl_ctx *ctx, ir_expr *e, ir_decl *user)
{
	if (e->kind == IR_ACCESS)
		add_user(ctx, e->u.access.decl, user);
	if (e->kind == IR_REDUCE)
		collect_users(ctx, e->u.reduce.body, user);
	for (int i = 0; i < e->n_args; i++)
		collect_users(ctx, e->args[i], user);
}

int fe_typecheck(sl_ctx *ctx, ir_program *prog)
{
	int errors = sl_n_errors(ctx);
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_FUNC)
			continue;
		check_func(ctx, d);
		collect_users(ctx, d->body, d);
		if (d->is_inline && d->is_output)
			sl_error(ctx, d->inline_loc, "'%s' is an output and cannot be inline", d->name);
	}
	return sl_n_errors(ctx) == errors ? 0 : -1;
}
