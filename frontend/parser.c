/* frontend/parser.c: tokens to an untyped program.
 * Stage: lex -> [parse] -> typecheck -> bounds.  Recursive descent over
 * the grammar of docs/language.md.  Names are resolved as they are read
 * (a name is declared before its use); nodes go to the arena.  After a
 * syntax error the parser skips to the end of the declaration and goes on,
 * so every error of a file is reported.  A param is replaced by its value
 * (after a -D override) wherever it is read, so later passes see a
 * literal. */
#include <string.h>

#include "frontend/frontend_private.h"
#include "io/io.h"

typedef struct scope_var {
	const char *name;
	int slot;
} scope_var;

/* A name seen as a func or reduction variable: no later declaration may
 * take it. */
typedef struct var_name {
	const char *name;
	sl_loc loc;
} var_name;

/* Names to what they name, by hash (open addressing, in the arena): the
 * declarations and the variables seen, so that a lookup does not scan
 * every earlier name. */
typedef struct name_tab {
	const char **keys;	/* NUL-terminated, in the arena */
	int *lens;
	const void **vals;
	int cap, n;		/* cap a power of two, or 0 */
} name_tab;

typedef struct parser {
	sl_ctx *ctx;
	const char *dir;
	fe_token *toks;
	int pos, n_toks;
	ir_program *prog;
	int cap_decls, cap_outputs;
	const char **failed;	/* declarations that did not parse */
	int n_failed, cap_failed;
	name_tab decl_tab;	/* name -> ir_decl */
	name_tab var_tab;	/* name -> its first var_name */
	name_tab param_tab;	/* name -> ir_param, by its index + 1 */
	int cap_params;
	const sl_define *defs;	/* -D values */
	int n_defs;
	bool *def_used;
	int n_param_uses;	/* params read so far */
	/* the func being parsed */
	ir_decl *func;
	scope_var *scope;
	int n_scope, cap_scope;
	const char **slot_names;
	int cap_slots;
	bool failed_expr;	/* this declaration already reported an error */
	int depth;		/* expression nesting */
	int n_nodes;		/* operators in this declaration */
} parser;

/* Limits that keep every later recursion over a tree shallow. */
enum { MAX_DEPTH = 200, MAX_NODES = 4000 };

static bool count_node(parser *p, sl_loc loc)
{
	if (++p->n_nodes <= MAX_NODES)
		return true;
	if (!p->failed_expr)
		sl_error(p->ctx, loc, "expression has more than %d operators; split it into several funcs",
			MAX_NODES);
	p->failed_expr = true;
	return false;
}

#define GROW(p, arr, n, cap) do { \
	if ((n) == (cap)) { \
		int nc_ = (cap) ? 2 * (cap) : 8; \
		void *na_ = sl_alloc((p)->ctx, nc_ * sizeof(*(arr))); \
		if (n) \
			memcpy(na_, (arr), (n) * sizeof(*(arr))); \
		(arr) = na_; \
		(cap) = nc_; \
	} \
} while (0)

static fe_token *peek(parser *p) { return &p->toks[p->pos]; }
static fe_token *next(parser *p)
{
	fe_token *t = &p->toks[p->pos];
	if (t->kind != TK_EOF)
		p->pos++;
	return t;
}
static bool accept(parser *p, fe_tok_kind kind)
{
	if (peek(p)->kind != kind)
		return false;
	next(p);
	return true;
}

static bool is_word(const fe_token *t, const char *w)
{
	return t->kind == TK_IDENT && (int) strlen(w) == t->len && !memcmp(t->start, w, t->len);
}

static const char *tok_name(parser *p, const fe_token *t)
{
	return sl_strndup(p->ctx, t->start, t->len);
}

/* Report "expected X, found Y" once per declaration. */
static void expected(parser *p, const char *what)
{
	fe_token *t = peek(p);
	if (p->failed_expr || t->kind == TK_ERROR) {
		p->failed_expr = true;
		return;
	}
	p->failed_expr = true;
	if (t->kind == TK_EOF)
		sl_error(p->ctx, t->loc, "expected %s, found the end of the file", what);
	else if (t->kind >= TK_INPUT && t->kind <= TK_SELECT)
		sl_error(p->ctx, t->loc, "expected %s, found reserved word '%.*s'", what, t->len, t->start);
	else if (t->kind == TK_TYPE)
		sl_error(p->ctx, t->loc, "expected %s, found type name '%.*s'", what, t->len, t->start);
	else
		sl_error(p->ctx, t->loc, "expected %s, found '%.*s'", what, t->len, t->start);
}

/* A missing ';' is reported just after the token it should follow. */
static void missing_semi(parser *p)
{
	fe_token *prev = &p->toks[p->pos - 1];
	sl_loc loc = prev->loc;
	loc.col += prev->len;
	p->failed_expr = true;
	sl_error(p->ctx, loc, "expected ';' after this declaration, found %s%.*s%s",
		peek(p)->kind == TK_EOF ? "the end of the file" : "'",
		peek(p)->kind == TK_EOF ? 0 : peek(p)->len, peek(p)->start,
		peek(p)->kind == TK_EOF ? "" : "'");
}

static bool expect(parser *p, fe_tok_kind kind)
{
	if (accept(p, kind))
		return true;
	if (kind == TK_SEMI && p->pos > 0 && !p->failed_expr && peek(p)->kind != TK_ERROR) {
		missing_semi(p);
		return false;
	}
	char what[32];
	snprintf(what, sizeof(what), "'%s'", fe_tok_kind_str(kind));
	expected(p, what);
	return false;
}

ir_expr *fe_expr_new(sl_ctx *ctx, ir_expr_kind kind, sl_loc loc, int n_args)
{
	return ir_expr_alloc(ctx, kind, loc, n_args);
}

/* ------------------------------------------------------------- names */

static unsigned name_hash(const char *s, int len)
{
	unsigned h = 2166136261u;
	for (int i = 0; i < len; i++)
		h = (h ^ (unsigned char) s[i]) * 16777619u;
	return h;
}

static const void *tab_find(const name_tab *t, const char *s, int len)
{
	if (!t->cap)
		return NULL;
	for (unsigned i = name_hash(s, len) & (unsigned) (t->cap - 1);; i = (i + 1) & (unsigned) (t->cap - 1)) {
		if (!t->keys[i])
			return NULL;
		if (t->lens[i] == len && !memcmp(t->keys[i], s, (size_t) len))
			return t->vals[i];
	}
}

/* Add "key" -> "val" unless the key is there (the first one stays). */
static void tab_put(parser *p, name_tab *t, const char *key, const void *val)
{
	int len = (int) strlen(key);
	if (tab_find(t, key, len))
		return;
	if (2 * (t->n + 1) > t->cap) {
		name_tab g = { NULL, NULL, NULL, t->cap ? 2 * t->cap : 64, 0 };
		g.keys = sl_alloc(p->ctx, (size_t) g.cap * sizeof(*g.keys));
		g.lens = sl_alloc(p->ctx, (size_t) g.cap * sizeof(*g.lens));
		g.vals = sl_alloc(p->ctx, (size_t) g.cap * sizeof(*g.vals));
		for (int i = 0; i < t->cap; i++)
			if (t->keys[i])
				tab_put(p, &g, t->keys[i], t->vals[i]);
		*t = g;
	}
	unsigned i = name_hash(key, len) & (unsigned) (t->cap - 1);
	while (t->keys[i])
		i = (i + 1) & (unsigned) (t->cap - 1);
	t->keys[i] = key;
	t->lens[i] = len;
	t->vals[i] = val;
	t->n++;
}

static ir_decl *find_decl(parser *p, const char *name, int len)
{
	return (ir_decl *) tab_find(&p->decl_tab, name, len);
}

static ir_param *find_param(parser *p, const char *name, int len)
{
	intptr_t i = (intptr_t) tab_find(&p->param_tab, name, len);
	return i ? &p->prog->params[i - 1] : NULL;
}

/* A name taken by a param cannot be declared or used as a variable. */
static bool param_taken(parser *p, const fe_token *t, const char *as)
{
	const ir_param *pm = find_param(p, t->start, t->len);
	if (!pm)
		return false;
	sl_error(p->ctx, t->loc, "%s '%.*s' has the name of a param; names are never shadowed",
		as, t->len, t->start);
	sl_note(p->ctx, pm->loc, "'%s' is declared here as a param", pm->name);
	return true;
}

static bool is_failed(parser *p, const fe_token *t)
{
	for (int i = 0; i < p->n_failed; i++)
		if ((int) strlen(p->failed[i]) == t->len && !memcmp(p->failed[i], t->start, t->len))
			return true;
	return false;
}

/* Where "t" is declared later in the file, if it is. */
static const fe_token *declared_later(parser *p, const fe_token *t)
{
	for (int i = p->pos; i + 1 < p->n_toks; i++) {
		fe_tok_kind k = p->toks[i].kind;
		const fe_token *n = &p->toks[i + 1];
		if ((k == TK_INPUT || k == TK_CONST || k == TK_FUNC) && n->kind == TK_IDENT &&
		    n->len == t->len && !memcmp(n->start, t->start, t->len))
			return n;
	}
	return NULL;
}

static const char *decl_kind_str(const ir_decl *d)
{
	switch (d->kind) {
	case IR_DECL_INPUT: return "an input";
	case IR_DECL_CONST: return "a const";
	case IR_DECL_FUNC: return "a func";
	}
	sl_unreachable();
}

static void undeclared(parser *p, const fe_token *t)
{
	if (is_failed(p, t)) {	/* its own declaration already failed */
		p->failed_expr = true;
		return;
	}
	if (p->func && (int) strlen(p->func->name) == t->len &&
	    !memcmp(p->func->name, t->start, t->len)) {
		sl_error(p->ctx, t->loc, "'%.*s' reads itself: a func cannot be recursive", t->len, t->start);
		sl_note(p->ctx, p->func->loc, "'%s' is declared here", p->func->name);
		p->failed_expr = true;
		return;
	}
	sl_error(p->ctx, t->loc, "'%.*s' is not declared", t->len, t->start);
	const fe_token *later = declared_later(p, t);
	if (later)
		sl_note(p->ctx, later->loc, "'%.*s' is declared here, after its use; declare names before using them",
			t->len, t->start);
	p->failed_expr = true;
}

/* A new global name must be fresh: not a declaration, not a variable. */
static bool check_fresh_decl(parser *p, const fe_token *t)
{
	ir_decl *d = find_decl(p, t->start, t->len);
	if (d) {
		sl_error(p->ctx, t->loc, "'%.*s' is already declared", t->len, t->start);
		sl_note(p->ctx, d->loc, "'%s' is declared here as %s", d->name, decl_kind_str(d));
		return false;
	}
	const ir_param *pm = find_param(p, t->start, t->len);
	if (pm) {
		sl_error(p->ctx, t->loc, "'%.*s' is already declared", t->len, t->start);
		sl_note(p->ctx, pm->loc, "'%s' is declared here as a param", pm->name);
		return false;
	}
	const var_name *v = tab_find(&p->var_tab, t->start, t->len);
	if (v) {
		sl_error(p->ctx, t->loc, "'%.*s' is already used as a variable; names are never "
			"shadowed: a variable differs from every declared name, also a later one",
			t->len, t->start);
		sl_note(p->ctx, v->loc, "'%s' is a variable here", v->name);
		return false;
	}
	return true;
}

static int scope_find(parser *p, const char *s, int len)
{
	for (int i = p->n_scope - 1; i >= 0; i--)
		if ((int) strlen(p->scope[i].name) == len && !memcmp(p->scope[i].name, s, len))
			return i;
	return -1;
}

/* Declare a func or reduction variable; returns its slot or -1. */
static int declare_var(parser *p, const fe_token *t)
{
	ir_decl *d = find_decl(p, t->start, t->len);
	if (d) {
		sl_error(p->ctx, t->loc, "variable '%.*s' has the name of %s; names are never shadowed",
			t->len, t->start, decl_kind_str(d));
		sl_note(p->ctx, d->loc, "'%s' is declared here", d->name);
		return -1;
	}
	if (param_taken(p, t, "variable"))
		return -1;
	if (scope_find(p, t->start, t->len) >= 0) {
		sl_error(p->ctx, t->loc, "variable '%.*s' is already in scope; names are never shadowed",
			t->len, t->start);
		return -1;
	}
	if ((int) strlen(p->func->name) == t->len && !memcmp(p->func->name, t->start, t->len)) {
		sl_error(p->ctx, t->loc, "variable '%.*s' has the name of its func; names are never shadowed",
			t->len, t->start);
		return -1;
	}
	const char *name = tok_name(p, t);
	GROW(p, p->scope, p->n_scope, p->cap_scope);
	p->scope[p->n_scope].name = name;
	p->scope[p->n_scope].slot = p->func->n_slots;
	p->n_scope++;
	if (!tab_find(&p->var_tab, t->start, t->len)) {
		var_name *v = sl_alloc(p->ctx, sizeof(*v));
		v->name = name;
		v->loc = t->loc;
		tab_put(p, &p->var_tab, name, v);
	}
	GROW(p, p->slot_names, p->func->n_slots, p->cap_slots);
	p->slot_names[p->func->n_slots] = name;
	return p->func->n_slots++;
}

/* ------------------------------------------------------- expressions */

static ir_expr *parse_expr(parser *p);

static ir_expr *binary(parser *p, ir_op op, sl_loc loc, ir_expr *a, ir_expr *b)
{
	if (!a || !b || !count_node(p, loc))
		return NULL;
	ir_expr *e = fe_expr_new(p->ctx, IR_BINARY, loc, 2);
	e->op = op;
	e->args[0] = a;
	e->args[1] = b;
	return e;
}

/* Arguments "( e1, ..., en )" of a call; exactly n when n >= 0. */
static int parse_args(parser *p, ir_expr ***args)
{
	int n = 0, cap = 0;
	ir_expr **a = NULL;
	bool ok = true;
	if (!expect(p, TK_LPAREN))
		return -1;
	if (peek(p)->kind != TK_RPAREN) {
		do {
			ir_expr *e = parse_expr(p);
			ok = ok && e;
			GROW(p, a, n, cap);
			a[n++] = e;
		} while (ok && accept(p, TK_COMMA));
	}
	if (!ok || !expect(p, TK_RPAREN))
		return -1;
	*args = a;
	return n;
}

static ir_expr *parse_builtin(parser *p, fe_token *t, int want, ir_expr_kind kind, ir_op op)
{
	ir_expr **args;
	int n = parse_args(p, &args);
	if (n < 0)
		return NULL;
	if (n != want) {
		sl_error(p->ctx, t->loc, "'%.*s' takes %d argument%s, not %d", t->len, t->start,
			want, want == 1 ? "" : "s", n);
		p->failed_expr = true;
		return NULL;
	}
	if (kind == IR_BINARY && op == IR_OP_MAX && want == 3) {	/* clamp */
		ir_expr *lo = binary(p, IR_OP_MAX, t->loc, args[0], args[1]);
		return binary(p, IR_OP_MIN, t->loc, lo, args[2]);
	}
	ir_expr *e = fe_expr_new(p->ctx, kind, t->loc, n);
	e->op = op;
	memcpy(e->args, args, n * sizeof(*args));
	return e;
}

/* An integer constant with an optional leading '-': reduction ranges,
 * const values. */
static bool parse_signed_int(parser *p, __int128 *v, sl_loc *loc)
{
	bool neg = false;
	*loc = peek(p)->loc;
	if (accept(p, TK_MINUS))
		neg = true;
	fe_token *t = peek(p);
	const ir_param *pm = t->kind == TK_IDENT ? find_param(p, t->start, t->len) : NULL;
	if (t->kind != TK_INT && !pm) {
		expected(p, "an integer");
		return false;
	}
	next(p);
	__int128 x = pm ? (__int128) pm->value : (__int128) t->ival;
	if (pm)
		p->n_param_uses++;
	*v = neg ? -x : x;
	return true;
}

static ir_expr *parse_unary(parser *p);

static bool is_literal_tree(const ir_expr *e)
{
	if (e->kind == IR_VAR || e->kind == IR_ACCESS || e->kind == IR_CAST || e->kind == IR_REDUCE)
		return false;
	if ((e->kind == IR_BINARY || e->kind == IR_UNARY) &&
	    ir_op_info[e->op].syntax == IR_SYN_CALL)
		return false;
	for (int i = 0; i < e->n_args; i++)
		if (!is_literal_tree(e->args[i]))
			return false;
	return true;
}

/* A reduction bound: a constant expression such as 3, -1 or (K + 1). */
static bool parse_bound(parser *p, __int128 *v, sl_loc *loc)
{
	*loc = peek(p)->loc;
	ir_expr *e = parse_unary(p);
	if (!e)
		return false;
	if (!is_literal_tree(e)) {
		sl_error(p->ctx, *loc, "reduction bounds must be integer constants");
		p->failed_expr = true;
		return false;
	}
	if (!fe_fold_constant(p->ctx, e, v)) {
		p->failed_expr = true;
		return false;
	}
	return true;
}

static bool parse_rvar(parser *p, ir_rvar *rv)
{
	fe_token *t = peek(p);
	if (t->kind != TK_IDENT) {
		expected(p, "a reduction variable");
		return false;
	}
	next(p);
	if (!is_word(peek(p), "in")) {
		expected(p, "'in' after the reduction variable (sum(VAR in LO..HI) BODY)");
		return false;
	}
	next(p);
	__int128 lo, hi;
	sl_loc lo_loc, hi_loc;
	if (!parse_bound(p, &lo, &lo_loc) || !expect(p, TK_DOTDOT) ||
	    !parse_bound(p, &hi, &hi_loc))
		return false;
	if (hi <= lo) {
		sl_error(p->ctx, hi_loc, "empty reduction range: the upper bound must be above the lower bound (ranges are half-open)");
		p->failed_expr = true;
		return false;
	}
	if (lo < -((__int128) 1 << 31) || hi > ((__int128) 1 << 31)) {
		sl_error(p->ctx, lo_loc, "reduction range is too large");
		p->failed_expr = true;
		return false;
	}
	int slot = declare_var(p, t);
	if (slot < 0) {
		p->failed_expr = true;
		return false;
	}
	rv->name = p->slot_names[slot];
	rv->loc = t->loc;
	rv->slot = slot;
	rv->lo = (int64_t) lo;
	rv->hi = (int64_t) hi;
	return true;
}

static ir_expr *parse_reduce(parser *p, fe_token *t, ir_reduce_op op)
{
	int saved_scope = p->n_scope;
	ir_rvar *rvars = NULL;
	int n = 0, cap = 0;
	ir_expr *e = NULL;
	if (!expect(p, TK_LPAREN))
		return NULL;
	do {
		GROW(p, rvars, n, cap);
		if (!parse_rvar(p, &rvars[n]))
			goto out;
		n++;
	} while (accept(p, TK_COMMA));
	if (!expect(p, TK_RPAREN))
		goto out;
	ir_expr *body = parse_expr(p);
	if (!body)
		goto out;
	e = fe_expr_new(p->ctx, IR_REDUCE, t->loc, 0);
	e->u.reduce.op = op;
	e->u.reduce.n_rvars = n;
	e->u.reduce.rvars = rvars;
	e->u.reduce.body = body;
out:
	p->n_scope = saved_scope;
	return e;
}

static ir_expr *parse_access(parser *p, fe_token *t)
{
	ir_decl *d = find_decl(p, t->start, t->len);
	if (!d) {
		if (find_param(p, t->start, t->len)) {
			sl_error(p->ctx, t->loc, "'%.*s' is a param, a number: read it without indices",
				t->len, t->start);
			p->failed_expr = true;
		} else if (scope_find(p, t->start, t->len) >= 0) {
			sl_error(p->ctx, t->loc, "'%.*s' is a variable; only inputs, consts and funcs can be read with indices",
				t->len, t->start);
			p->failed_expr = true;
		} else {
			undeclared(p, t);
		}
		return NULL;
	}
	ir_expr **args;
	int n = parse_args(p, &args);
	if (n < 0)
		return NULL;
	if (n != d->n_dims) {
		sl_error(p->ctx, t->loc, "'%s' has %d dimension%s but is read with %d ind%s",
			d->name, d->n_dims, d->n_dims == 1 ? "" : "s", n, n == 1 ? "ex" : "ices");
		sl_note(p->ctx, d->loc, "'%s' is declared here", d->name);
		p->failed_expr = true;
		return NULL;
	}
	ir_expr *e = fe_expr_new(p->ctx, IR_ACCESS, t->loc, n);
	e->u.access.decl = d;
	memcpy(e->args, args, n * sizeof(*args));
	return e;
}

/* The value of a param read at "t", as the literal it stands for: a
 * negative value is the negation of a literal. */
static ir_expr *param_literal(parser *p, const fe_token *t, int64_t v)
{
	ir_expr *lit = fe_expr_new(p->ctx, IR_CONST, t->loc, 0);
	lit->u.cval = v < 0 ? (uint64_t) -(__int128) v : (uint64_t) v;
	p->n_param_uses++;
	if (v >= 0)
		return lit;
	if (!count_node(p, t->loc))
		return NULL;
	ir_expr *e = fe_expr_new(p->ctx, IR_UNARY, t->loc, 1);
	e->op = IR_OP_NEG;
	e->args[0] = lit;
	return e;
}

static ir_expr *parse_name(parser *p, fe_token *t)
{
	if (peek(p)->kind == TK_LPAREN)
		return parse_access(p, t);
	int i = scope_find(p, t->start, t->len);
	if (i >= 0) {
		ir_expr *e = fe_expr_new(p->ctx, IR_VAR, t->loc, 0);
		e->u.var.slot = p->scope[i].slot;
		e->u.var.name = p->scope[i].name;
		return e;
	}
	const ir_param *pm = find_param(p, t->start, t->len);
	if (pm)
		return param_literal(p, t, pm->value);
	ir_decl *d = find_decl(p, t->start, t->len);
	if (d) {
		sl_error(p->ctx, t->loc, "'%s' is %s with %d dimension%s; read it with indices, as %s(...)",
			d->name, decl_kind_str(d), d->n_dims, d->n_dims == 1 ? "" : "s", d->name);
		p->failed_expr = true;
		return NULL;
	}
	undeclared(p, t);
	return NULL;
}

static ir_expr *parse_primary(parser *p)
{
	fe_token *t = peek(p);
	switch (t->kind) {
	case TK_INT: {
		next(p);
		ir_expr *e = fe_expr_new(p->ctx, IR_CONST, t->loc, 0);
		e->u.cval = (uint64_t) t->ival;
		return e;
	}
	case TK_IDENT:
		next(p);
		return parse_name(p, t);
	case TK_TYPE: {
		next(p);
		ir_expr *e = parse_builtin(p, t, 1, IR_CAST, 0);
		if (e)
			e->type = t->type;
		return e;
	}
	case TK_LPAREN: {
		next(p);
		ir_expr *e = parse_expr(p);
		if (!e || !expect(p, TK_RPAREN))
			return NULL;
		return e;
	}
	case TK_MIN: case TK_MAX: case TK_ABS: {
		next(p);
		int op = ir_op_find(t->start, t->len, 0, IR_SYN_CALL, 0);
		int n = ir_op_info[op].arity;
		return parse_builtin(p, t, n, n == 2 ? IR_BINARY : IR_UNARY, (ir_op) op);
	}
	case TK_CLAMP: next(p); return parse_builtin(p, t, 3, IR_BINARY, IR_OP_MAX);
	case TK_SELECT: {
		next(p);
		ir_expr *e = parse_builtin(p, t, 3, IR_SELECT, 0);
		if (e)
			e->u.cval = 1;	/* written as select(...) */
		return e;
	}
	case TK_SUM: next(p); return parse_reduce(p, t, IR_RED_SUM);
	case TK_MAXIMUM: next(p); return parse_reduce(p, t, IR_RED_MAXIMUM);
	case TK_MINIMUM: next(p); return parse_reduce(p, t, IR_RED_MINIMUM);
	default:
		expected(p, "an expression");
		return NULL;
	}
}

/* The operator of ir_op_info written as token t (punctuation only), of
 * "arity" operands, syntax "syn" and (infix) precedence "prec"; -1 if none. */
static int tok_op(const fe_token *t, int arity, ir_op_syntax syn, int prec)
{
	if (t->kind < TK_LPAREN || t->kind == TK_ERROR)
		return -1;
	return ir_op_find(t->start, t->len, arity, syn, prec);
}

static ir_expr *parse_unary(parser *p)
{
	fe_token *t = peek(p);
	int op = tok_op(t, 1, IR_SYN_PREFIX, 0);
	if (op < 0)
		return parse_primary(p);
	next(p);
	if (p->depth >= MAX_DEPTH) {
		if (!p->failed_expr)
			sl_error(p->ctx, t->loc, "expression nests more than %d levels deep", MAX_DEPTH);
		p->failed_expr = true;
		return NULL;
	}
	p->depth++;
	ir_expr *a = parse_unary(p);
	p->depth--;
	if (!a || !count_node(p, t->loc))
		return NULL;
	ir_expr *e = fe_expr_new(p->ctx, IR_UNARY, t->loc, 1);
	e->op = (ir_op) op;
	e->args[0] = a;
	return e;
}

/* The infix operators of precedence "level" and above (ir_op_info's
 * prec, 1 lowest, below ?:), each level associating to the left. */
static ir_expr *parse_level(parser *p, int level)
{
	if (level > IR_MAX_PREC)
		return parse_unary(p);
	ir_expr *e = parse_level(p, level + 1);
	for (;;) {
		if (!e)
			return NULL;
		fe_token *t = peek(p);
		int op = tok_op(t, 2, IR_SYN_INFIX, level);
		if (op < 0)
			return e;
		next(p);
		/* A reduction's body reaches as far right as it can. */
		ir_expr *b = parse_level(p, level + 1);
		e = binary(p, (ir_op) op, t->loc, e, b);
	}
}

static ir_expr *parse_ternary(parser *p);

static ir_expr *parse_expr(parser *p)
{
	if (p->depth >= MAX_DEPTH) {
		if (!p->failed_expr)
			sl_error(p->ctx, peek(p)->loc, "expression nests more than %d levels deep", MAX_DEPTH);
		p->failed_expr = true;
		return NULL;
	}
	p->depth++;
	ir_expr *e = parse_ternary(p);
	p->depth--;
	return e;
}

static ir_expr *parse_ternary(parser *p)
{
	ir_expr *c = parse_level(p, 1);
	fe_token *t = peek(p);
	if (!c || t->kind != TK_QUESTION)
		return c;
	next(p);
	ir_expr *a = parse_expr(p);
	if (!a || !expect(p, TK_COLON))
		return NULL;
	ir_expr *b = parse_expr(p);
	if (!b)
		return NULL;
	ir_expr *e = fe_expr_new(p->ctx, IR_SELECT, t->loc, 3);
	e->args[0] = c;
	e->args[1] = a;
	e->args[2] = b;
	return e;
}

/* ------------------------------------------------------ declarations */

/* A growing string in the arena. */
typedef struct text_buf {
	char *s;
	size_t n, cap;
} text_buf;

static void text_add(parser *p, text_buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = 2 * (b->n + n + 1) + 32;
		char *ns = sl_alloc(p->ctx, cap);
		if (b->n)
			memcpy(ns, b->s, b->n);
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

/* How the constant of tokens [from, p->pos) came about, for diagnostics:
 * "W = 1920" for a param alone, else the source text (each run of
 * whitespace one space), its value and the params it read:
 * "W - 2 = 1918, where W = 1920". */
/* A constant's value (in [-2^63, 2^64): every intermediate lies there). */
static void value_str(char num[32], const char *pre, __int128 v)
{
	if (v >= 0 && v > INT64_MAX)
		snprintf(num, 32, "%s%llu", pre, (unsigned long long) v);
	else
		snprintf(num, 32, "%s%lld", pre, (long long) v);
}

static const char *param_text(parser *p, int from, __int128 value)
{
	text_buf b = { 0 };
	char num[32];
	const fe_token *first = &p->toks[from], *last = &p->toks[p->pos - 1];
	for (const char *c = first->start; c < last->start + last->len; c++) {
		bool space = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
		if (!space)
			text_add(p, &b, c, 1);
		else if (b.n && b.s[b.n - 1] != ' ')
			text_add(p, &b, " ", 1);
	}
	value_str(num, " = ", value);
	text_add(p, &b, num, strlen(num));
	if (p->pos - from == 1)
		return b.s;
	int listed = 0;
	for (int i = from; i < p->pos; i++) {
		const fe_token *t = &p->toks[i];
		const ir_param *pm = t->kind == TK_IDENT ? find_param(p, t->start, t->len) : NULL;
		bool seen = false;
		for (int j = from; pm && j < i; j++)
			seen = seen || (p->toks[j].len == t->len && !memcmp(p->toks[j].start, t->start, t->len));
		if (!pm || seen)
			continue;
		const char *sep = listed++ ? ", " : ", where ";
		text_add(p, &b, sep, strlen(sep));
		text_add(p, &b, pm->name, strlen(pm->name));
		snprintf(num, sizeof(num), " = %lld", (long long) pm->value);
		text_add(p, &b, num, strlen(num));
	}
	return b.s;
}

/* One extent E of "[E]": a constant expression of integers, params and
 * operators, folded exactly, positive.  *text as param_text when it
 * reads a param, else NULL. */
static bool parse_extent(parser *p, __int128 *ext, const char **text)
{
	int from = p->pos, uses = p->n_param_uses;
	sl_loc loc = peek(p)->loc;
	if (peek(p)->kind == TK_RBRACKET) {
		expected(p, "an extent");
		return false;
	}
	ir_expr *e = parse_expr(p);
	if (!e)
		return false;
	p->failed_expr = true;
	if (!is_literal_tree(e)) {
		sl_error(p->ctx, loc, "an extent must be a constant: integers, params and operators");
		return false;
	}
	if (!fe_fold_constant(p->ctx, e, ext))
		return false;
	*text = p->n_param_uses > uses ? param_text(p, from, *ext) : NULL;
	if (*ext <= 0) {
		if (*text)
			sl_error(p->ctx, loc, "an extent must be positive: %s", *text);
		else
			sl_error(p->ctx, loc, "an extent must be positive");
		return false;
	}
	p->failed_expr = false;
	return true;
}

/* The error of an array past 2^40 elements at its extent "v" (text "t")
 * after n others: with the extents so far when params made any, as
 * "(its extents [H = 64][W = 9223372036854775807])". */
static void too_large(parser *p, sl_loc loc, const int64_t *ext, const char **txt, int n,
	__int128 v, const char *t, bool texts)
{
	text_buf b = { 0 };
	char num[32];
	text_add(p, &b, "", 0);
	for (int i = 0; texts && i <= n; i++) {
		const char *ti = i < n ? txt[i] : t;
		value_str(num, "", i < n ? ext[i] : v);
		text_add(p, &b, i ? "][" : " (its extents [", i ? 2 : 15);
		text_add(p, &b, ti ? ti : num, strlen(ti ? ti : num));
		if (i == n)
			text_add(p, &b, "])", 2);
	}
	sl_error(p->ctx, loc, "this array is too large: more than 2^40 elements%s", b.s);
	p->failed_expr = true;
}

/* "[E1][E2]...": positive constants, *texts as parse_extent gives them
 * (NULL when no extent reads a param). */
static int parse_extents(parser *p, int64_t **out, const char ***texts)
{
	int n = 0, cap = 0, cap_t = 0;
	int64_t *ext = NULL;
	const char **txt = NULL;
	bool any_text = false;
	__int128 total = 1;
	if (peek(p)->kind != TK_LBRACKET) {
		expected(p, "'[' and an extent");
		return -1;
	}
	while (peek(p)->kind == TK_LBRACKET) {
		next(p);
		sl_loc loc = peek(p)->loc;
		__int128 v;
		const char *t;
		if (!parse_extent(p, &v, &t))
			return -1;
		total *= v > ((__int128) 1 << 40) ? ((__int128) 1 << 41) : v;
		if (total > ((__int128) 1 << 40)) {
			too_large(p, loc, ext, txt, n, v, t, any_text || t);
			return -1;
		}
		if (n == 8) {
			sl_error(p->ctx, loc, "an array has at most 8 dimensions");
			p->failed_expr = true;
			return -1;
		}
		GROW(p, ext, n, cap);
		GROW(p, txt, n, cap_t);
		ext[n] = (int64_t) v;
		txt[n++] = t;
		any_text = any_text || t;
		if (!expect(p, TK_RBRACKET))
			return -1;
	}
	*out = ext;
	*texts = any_text ? txt : NULL;
	return n;
}

static fe_token *parse_new_name(parser *p, const char *what)
{
	fe_token *t = peek(p);
	if (t->kind != TK_IDENT) {
		expected(p, what);
		return NULL;
	}
	next(p);
	return t;
}

static ir_decl *new_decl(parser *p, ir_decl_kind kind, fe_token *name)
{
	ir_decl *d = sl_alloc(p->ctx, sizeof(*d));
	d->kind = kind;
	d->name = tok_name(p, name);
	d->loc = name->loc;
	return d;
}

static void add_decl(parser *p, ir_decl *d)
{
	ir_program *prog = p->prog;
	GROW(p, prog->decls, prog->n_decls, p->cap_decls);
	d->index = prog->n_decls;
	prog->decls[prog->n_decls++] = d;
	tab_put(p, &p->decl_tab, d->name, d);
}

static bool parse_type(parser *p, ir_type *type)
{
	if (!expect(p, TK_COLON))
		return false;
	fe_token *t = peek(p);
	if (t->kind != TK_TYPE) {
		if (t->kind == TK_IDENT && (t->start[0] == 'u' || t->start[0] == 'i'))
			sl_error(p->ctx, t->loc, "'%.*s' is not a type: types are u1..u64 and i2..i64",
				t->len, t->start), p->failed_expr = true;
		else
			expected(p, "a type");
		return false;
	}
	next(p);
	*type = t->type;
	return true;
}

/* NAME : TYPE [e0][e1]...: the head of an input or a const; NULL after
 * an error. */
static ir_decl *parse_decl_head(parser *p, ir_decl_kind kind, const char *what,
	fe_token **name)
{
	*name = parse_new_name(p, what);
	ir_type type;
	if (!*name || !parse_type(p, &type))
		return NULL;
	ir_decl *d = new_decl(p, kind, *name);
	d->type = type;
	d->n_dims = parse_extents(p, &d->extents, &d->ext_text);
	return d->n_dims < 0 ? NULL : d;
}

static ir_decl *parse_input(parser *p)
{
	fe_token *name;
	ir_decl *d = parse_decl_head(p, IR_DECL_INPUT, "the name of the input", &name);
	if (!d || !expect(p, TK_SEMI))
		return NULL;
	return check_fresh_decl(p, name) ? d : NULL;
}

static int64_t n_elements(const ir_decl *d)
{
	int64_t n = 1;
	for (int i = 0; i < d->n_dims; i++)
		n *= d->extents[i];
	return n;
}

/* "{ v0, v1, ... }": exactly as many values as elements, each fitting. */
static bool parse_const_values(parser *p, ir_decl *d)
{
	int64_t n = n_elements(d), i = 0;
	sl_loc open = peek(p)->loc;
	if (n > (1 << 24)) {
		sl_error(p->ctx, open, "an inline const holds at most 2^24 values; use file(\"...\")");
		p->failed_expr = true;
		return false;
	}
	d->data = sl_alloc(p->ctx, n * sizeof(*d->data));
	next(p);
	bool ok = true;
	if (peek(p)->kind != TK_RBRACE) {
		do {
			__int128 v;
			sl_loc loc;
			if (!parse_signed_int(p, &v, &loc))
				return false;
			if (!ir_fits(d->type, v)) {
				char tb[8];
				sl_error(p->ctx, loc, "value %s%llu does not fit %s", v < 0 ? "-" : "",
					(unsigned long long) (v < 0 ? -v : v), ir_type_str(d->type, tb));
				ok = false;
			}
			if (i < n)
				d->data[i] = ir_norm(d->type, (uint64_t) v);
			i++;
		} while (accept(p, TK_COMMA));
	}
	if (!expect(p, TK_RBRACE))
		return false;
	if (i != n) {
		sl_error(p->ctx, open, "'%s' needs %lld values, but %lld are given", d->name,
			(long long) n, (long long) i);
		return false;
	}
	return ok;
}

static bool parse_const_file(parser *p, ir_decl *d)
{
	next(p);	/* file */
	if (!expect(p, TK_LPAREN))
		return false;
	fe_token *s = peek(p);
	if (s->kind != TK_STRING) {
		expected(p, "a file name in double quotes");
		return false;
	}
	next(p);
	if (!expect(p, TK_RPAREN))
		return false;
	size_t dl = strlen(p->dir), fl = (size_t) s->len - 2;
	if (fl == 0) {
		sl_error(p->ctx, s->loc, "the file name is empty");
		return false;
	}
	bool absolute = fl > 0 && s->start[1] == '/';
	char *path = sl_alloc(p->ctx, dl + fl + 2);
	if (absolute || dl == 0)
		memcpy(path, s->start + 1, fl);
	else
		sprintf(path, "%s/%.*s", p->dir, (int) fl, s->start + 1);
	if (!sl_mem_reserve_box(p->ctx, d->loc, "const", d->name, d->n_dims, d->extents,
			sizeof(uint64_t)))
		return false;
	io_array *a = io_npy_read(p->ctx, path, s->loc, d->type, d->n_dims, d->extents);
	if (!a)
		return false;
	d->data = sl_alloc(p->ctx, a->size * sizeof(*d->data));
	memcpy(d->data, a->data, a->size * sizeof(*d->data));
	io_array_free(a);
	return true;
}

static ir_decl *parse_const(parser *p)
{
	fe_token *name;
	ir_decl *d = parse_decl_head(p, IR_DECL_CONST, "the name of the const", &name);
	if (!d || !expect(p, TK_ASSIGN))
		return NULL;
	bool ok;
	if (peek(p)->kind == TK_LBRACE)
		ok = parse_const_values(p, d);
	else if (is_word(peek(p), "file"))
		ok = parse_const_file(p, d);
	else
		return expected(p, "'{' or file(\"...\")"), NULL;
	if (!ok) {
		p->failed_expr = true;
		return NULL;
	}
	if (!expect(p, TK_SEMI))
		return NULL;
	return check_fresh_decl(p, name) ? d : NULL;
}

static bool parse_func_vars(parser *p, ir_decl *d)
{
	int cap = 0, cap_locs = 0;
	if (!expect(p, TK_LPAREN))
		return false;
	do {
		fe_token *t = peek(p);
		if (t->kind != TK_IDENT) {
			expected(p, "a variable name");
			return false;
		}
		next(p);
		if (d->n_dims == 8) {
			sl_error(p->ctx, t->loc, "a func has at most 8 variables");
			p->failed_expr = true;
			return false;
		}
		if (declare_var(p, t) < 0) {
			p->failed_expr = true;
			return false;
		}
		GROW(p, d->var_names, d->n_dims, cap);
		GROW(p, d->var_locs, d->n_dims, cap_locs);
		d->var_names[d->n_dims] = p->slot_names[d->n_dims];
		d->var_locs[d->n_dims] = t->loc;
		d->n_dims++;
	} while (accept(p, TK_COMMA));
	return expect(p, TK_RPAREN);
}

static ir_decl *parse_func(parser *p)
{
	fe_token *name = parse_new_name(p, "the name of the func");
	if (!name)
		return NULL;
	ir_decl *d = new_decl(p, IR_DECL_FUNC, name);
	p->func = d;
	p->n_scope = 0;
	p->slot_names = NULL;
	p->cap_slots = 0;
	if (!check_fresh_decl(p, name)) {
		p->failed_expr = true;
		return NULL;
	}
	if (!parse_func_vars(p, d) || !parse_type(p, &d->type) || !expect(p, TK_ASSIGN))
		return NULL;
	d->body = parse_expr(p);
	if (!d->body || !expect(p, TK_SEMI))
		return NULL;
	return d;
}

static ir_decl *find_func_for(parser *p, fe_token *t, const char *what)
{
	ir_decl *d = find_decl(p, t->start, t->len);
	if (!d) {
		undeclared(p, t);
		return NULL;
	}
	if (d->kind != IR_DECL_FUNC) {
		sl_error(p->ctx, t->loc, "only a func can be %s; '%s' is %s", what, d->name,
			decl_kind_str(d));
		sl_note(p->ctx, d->loc, "'%s' is declared here", d->name);
		p->failed_expr = true;
		return NULL;
	}
	return d;
}

static void parse_output(parser *p)
{
	fe_token *t = parse_new_name(p, "the name of a func");
	int64_t *ext;
	const char **ext_text = NULL;
	if (!t)
		return;
	ir_decl *d = find_func_for(p, t, "an output");
	int n = parse_extents(p, &ext, &ext_text);
	if (!d || n < 0 || !expect(p, TK_SEMI))
		return;
	if (n != d->n_dims) {
		sl_error(p->ctx, t->loc, "func '%s' has %d variable%s but its output box has %d extent%s",
			d->name, d->n_dims, d->n_dims == 1 ? "" : "s", n, n == 1 ? "" : "s");
		return;
	}
	if (d->is_output) {
		sl_error(p->ctx, t->loc, "'%s' is already an output", d->name);
		sl_note(p->ctx, d->output_loc, "first declared an output here");
		return;
	}
	d->is_output = true;
	d->output_loc = t->loc;
	d->out_extents = ext;
	d->out_ext_text = ext_text;
	ir_program *prog = p->prog;
	GROW(p, prog->outputs, prog->n_outputs, p->cap_outputs);
	prog->outputs[prog->n_outputs++] = d;
}

static void parse_inline(parser *p)
{
	fe_token *t = parse_new_name(p, "the name of a func");
	if (!t)
		return;
	ir_decl *d = find_func_for(p, t, "inlined");
	if (!d || !expect(p, TK_SEMI))
		return;
	if (d->is_inline) {
		sl_warning(p->ctx, t->loc, "'%s' is already inline", d->name);
		return;
	}
	d->is_inline = true;
	d->inline_loc = t->loc;
}

/* `unroll NAME k;`: k points of output NAME's lane dimension (its
 * innermost, else the innermost of at least k points) per cycle
 * (docs/language.md, "Lanes"). */
static void parse_unroll(parser *p)
{
	fe_token *t = parse_new_name(p, "the name of an output");
	__int128 k;
	sl_loc kloc;
	if (!t)
		return;
	ir_decl *d = find_func_for(p, t, "unrolled");
	if (!d || !parse_signed_int(p, &k, &kloc) || !expect(p, TK_SEMI))
		return;
	if (!d->is_output) {
		sl_error(p->ctx, t->loc, "only an output can be unrolled; '%s' is not one "
			"(declare 'output %s[...]' above)", d->name, d->name);
		sl_note(p->ctx, d->loc, "'%s' is declared here", d->name);
		return;
	}
	if (d->unroll) {
		sl_error(p->ctx, t->loc, "'%s' is already unrolled", d->name);
		sl_note(p->ctx, d->unroll_loc, "first unrolled here by %d", d->unroll);
		return;
	}
	int64_t widest = 0;
	for (int i = 0; i < d->n_dims; i++)
		widest = d->out_extents[i] > widest ? d->out_extents[i] : widest;
	if (k < 1) {
		sl_error(p->ctx, kloc, "unroll factor %lld: an unroll factor is at least 1",
			(long long) k);
		return;
	}
	if (k > IR_MAX_LANES) {
		if (k > INT64_MAX)
			sl_error(p->ctx, kloc, "an unroll factor is at most %d", IR_MAX_LANES);
		else
			sl_error(p->ctx, kloc, "unroll factor %lld: an unroll factor is at most %d",
				(long long) k, IR_MAX_LANES);
		return;
	}
	if (k > widest) {
		sl_error(p->ctx, kloc, "unroll factor %d is larger than every extent of "
			"output '%s' (at most %lld): some lanes would have no points", (int) k,
			d->name, (long long) widest);
		return;
	}
	d->unroll = (int) k;
	d->unroll_loc = t->loc;
}

/* "param NAME = E;": E a constant of integers, operators and earlier
 * params, in [-2^63, 2^63); a -D NAME=VALUE replaces its value. */
static void parse_param(parser *p)
{
	fe_token *t = parse_new_name(p, "the name of the param");
	if (!t || !expect(p, TK_ASSIGN))
		return;
	sl_loc loc = peek(p)->loc;
	ir_expr *e = parse_expr(p);
	__int128 v;
	if (!e)
		return;
	if (!is_literal_tree(e)) {
		sl_error(p->ctx, loc, "a param's value must be a constant: integers, earlier params and operators");
		p->failed_expr = true;
		return;
	}
	if (!fe_fold_constant(p->ctx, e, &v)) {
		p->failed_expr = true;
		return;
	}
	if (v >= ((__int128) 1 << 63)) {
		sl_error(p->ctx, loc, "a param's value must lie in [-2^63, 2^63)");
		p->failed_expr = true;
		return;
	}
	if (!expect(p, TK_SEMI) || !check_fresh_decl(p, t))
		return;
	ir_program *prog = p->prog;
	GROW(p, prog->params, prog->n_params, p->cap_params);
	ir_param *pm = &prog->params[prog->n_params++];
	pm->name = tok_name(p, t);
	pm->loc = t->loc;
	pm->value = (int64_t) v;
	for (int i = 0; i < p->n_defs; i++) {
		if (strcmp(p->defs[i].name, pm->name))
			continue;
		pm->value = p->defs[i].value;
		pm->defined = true;
		p->def_used[i] = true;
	}
	tab_put(p, &p->param_tab, pm->name, (const void *) (intptr_t) prog->n_params);
}

static bool at_param(parser *p)
{
	return is_word(peek(p), "param") && p->pos + 1 < p->n_toks &&
		p->toks[p->pos + 1].kind == TK_IDENT;
}

/* Skip to just after the next ';' or to the next declaration keyword. */
static void recover(parser *p)
{
	for (;;) {
		fe_tok_kind k = peek(p)->kind;
		if (k == TK_EOF)
			return;
		if (k == TK_SEMI) {
			next(p);
			return;
		}
		if (k == TK_INPUT || k == TK_CONST || k == TK_FUNC || k == TK_OUTPUT ||
		    k == TK_INLINE || k == TK_UNROLL || at_param(p))
			return;	/* reserved words: never inside a declaration */
		next(p);
	}
}

static void note_failed(parser *p, int start)
{
	fe_token *t = &p->toks[start + 1 < p->n_toks ? start + 1 : start];
	if (t->kind != TK_IDENT)
		return;
	GROW(p, p->failed, p->n_failed, p->cap_failed);
	p->failed[p->n_failed++] = tok_name(p, t);
}

static void parse_decl(parser *p)
{
	int start = p->pos;
	fe_token *t = next(p);
	ir_decl *d = NULL;
	int errors = sl_n_errors(p->ctx);
	p->failed_expr = false;
	p->n_nodes = 0;
	bool param = is_word(t, "param");
	if (param)
		parse_param(p);
	else switch (t->kind) {
	case TK_INPUT: d = parse_input(p); break;
	case TK_CONST: d = parse_const(p); break;
	case TK_FUNC: d = parse_func(p); break;
	case TK_OUTPUT: parse_output(p); break;
	case TK_INLINE: parse_inline(p); break;
	case TK_UNROLL: parse_unroll(p); break;
	default:
		p->pos = start;
		expected(p, "a declaration (param, input, const, func, output, inline or unroll)");
		next(p);
		break;
	}
	if (d && sl_n_errors(p->ctx) == errors) {
		if (d->kind == IR_DECL_FUNC)
			d->n_slots = p->func->n_slots;
		add_decl(p, d);
		return;
	}
	if (t->kind == TK_INPUT || t->kind == TK_CONST || t->kind == TK_FUNC || param)
		note_failed(p, start);
	if (sl_n_errors(p->ctx) == errors)
		p->failed_expr = true;
	if (p->toks[p->pos - 1].kind != TK_SEMI || t->kind == TK_EOF)
		recover(p);
}

/* Every -D must name a param of the program (checked when nothing else
 * failed, so a param whose declaration failed is not reported twice). */
static void check_defines_used(parser *p, const char *path)
{
	if (sl_n_errors(p->ctx))
		return;
	for (int i = 0; i < p->n_defs; i++) {
		if (p->def_used[i])
			continue;
		text_buf b = { 0 };
		for (int k = 0; k < p->prog->n_params; k++) {
			const char *sep = k ? ", " : "; its params are ";
			text_add(p, &b, sep, strlen(sep));
			text_add(p, &b, p->prog->params[k].name, strlen(p->prog->params[k].name));
		}
		sl_error_file(p->ctx, path, "-D %s=%lld: the program declares no param '%s'%s",
			p->defs[i].name, (long long) p->defs[i].value, p->defs[i].name,
			b.s ? b.s : "; it declares no params");
	}
}

ir_program *fe_parse(sl_ctx *ctx, const char *path, const char *dir,
	fe_token *toks, int n_tokens)
{
	parser p = { 0 };
	p.ctx = ctx;
	p.dir = dir;
	p.toks = toks;
	p.n_toks = n_tokens;
	p.prog = sl_alloc(ctx, sizeof(*p.prog));
	p.prog->path = sl_strdup(ctx, path);
	p.defs = sl_ctx_defines(ctx, &p.n_defs);
	p.def_used = sl_alloc(ctx, (size_t) p.n_defs + 1);
	while (peek(&p)->kind != TK_EOF)
		parse_decl(&p);
	check_defines_used(&p, path);
	if (n_tokens == 1)
		sl_error_file(ctx, path, "the file is empty: a program needs at least one output");
	else if (p.prog->n_outputs == 0 && sl_n_errors(ctx) == 0)
		sl_error_file(ctx, path,
			"the program has no output; declare one with 'output NAME[E1]...[Ek];'");
	return p.prog;
}
