/* ir/ir.c: queries on the program IR and its stable text form.
 * Stage: basics.  The dump is what `sluice check` prints and what golden
 * tests compare: declarations in order, types, inferred domains. */
#include <string.h>

#include "ir/ir.h"

ir_decl *ir_program_find(const ir_program *prog, const char *name)
{
	for (int i = 0; i < prog->n_decls; i++)
		if (!strcmp(prog->decls[i]->name, name))
			return prog->decls[i];
	return NULL;
}

ir_expr *ir_expr_alloc(sl_ctx *ctx, ir_expr_kind kind, sl_loc loc, int n_args)
{
	ir_expr *e = sl_alloc(ctx, sizeof(*e));
	e->kind = kind;
	e->loc = loc;
	e->n_args = n_args;
	if (n_args)
		e->args = sl_alloc(ctx, n_args * sizeof(*e->args));
	return e;
}

int64_t ir_decl_dom_size(const ir_decl *d)
{
	if (d->kind != IR_DECL_FUNC) {
		int64_t n = 1;
		for (int i = 0; i < d->n_dims; i++)
			n *= d->extents[i];
		return n;
	}
	if (d->dom_empty)
		return 0;
	int64_t n = 1;
	for (int i = 0; i < d->n_dims; i++)
		n *= d->dom_ext[i];
	return n;
}

static const char *reduce_str(ir_reduce_op op)
{
	switch (op) {
	case IR_RED_SUM: return "sum";
	case IR_RED_MAXIMUM: return "maximum";
	case IR_RED_MINIMUM: return "minimum";
	}
	sl_unreachable();
}

static const char *slot_name(const ir_expr *e)
{
	return e->u.var.name ? e->u.var.name : "?";
}

/* An operator as ir_op_info writes it: "min(a, b)", "(-a)", "(a + b)". */
static void print_op(const ir_expr *e, const ir_decl *func, FILE *out)
{
	const struct ir_op_info *o = &ir_op_info[e->op];
	bool call = o->syntax == IR_SYN_CALL;
	if (call)
		fprintf(out, "%s(", o->sym);
	else
		fprintf(out, "(%s", o->syntax == IR_SYN_PREFIX ? o->sym : "");
	ir_expr_print(e->args[0], func, out);
	if (e->n_args == 2) {
		if (call)
			fputs(", ", out);
		else
			fprintf(out, " %s ", o->sym);
		ir_expr_print(e->args[1], func, out);
	}
	fputc(')', out);
}

/* Fully parenthesised: the dump shows how the program was read. */
/* A call-like form: NAME(a0, a1, ...). */
static void print_call(const char *name, const ir_expr *e, const ir_decl *func, FILE *out)
{
	fprintf(out, "%s(", name);
	for (int i = 0; i < e->n_args; i++) {
		if (i)
			fputs(", ", out);
		ir_expr_print(e->args[i], func, out);
	}
	fputc(')', out);
}

static void print_const(const ir_expr *e, FILE *out)
{
	if (ir_type_none(e->type) || e->type.is_signed)
		fprintf(out, "%lld", (long long) (int64_t) e->u.cval);
	else
		fprintf(out, "%llu", (unsigned long long) e->u.cval);
}

static void print_select(const ir_expr *e, const ir_decl *func, FILE *out)
{
	fputc('(', out);
	ir_expr_print(e->args[0], func, out);
	fputs(" ? ", out);
	ir_expr_print(e->args[1], func, out);
	fputs(" : ", out);
	ir_expr_print(e->args[2], func, out);
	fputc(')', out);
}

static void print_reduce(const ir_expr *e, const ir_decl *func, FILE *out)
{
	fprintf(out, "%s(", reduce_str(e->u.reduce.op));
	for (int i = 0; i < e->u.reduce.n_rvars; i++) {
		const ir_rvar *r = &e->u.reduce.rvars[i];
		fprintf(out, "%s%s in %lld..%lld", i ? ", " : "", r->name,
			(long long) r->lo, (long long) r->hi);
	}
	fputs(") ", out);
	ir_expr_print(e->u.reduce.body, func, out);
}

void ir_expr_print(const ir_expr *e, const ir_decl *func, FILE *out)
{
	char tb[8];
	switch (e->kind) {
	case IR_CONST:
		print_const(e, out);
		return;
	case IR_VAR:
		fputs(slot_name(e), out);
		return;
	case IR_ACCESS:
		print_call(e->u.access.decl->name, e, func, out);
		return;
	case IR_CAST:
		fprintf(out, "%s(", ir_type_str(e->type, tb));
		ir_expr_print(e->args[0], func, out);
		fputc(')', out);
		return;
	case IR_UNARY:
	case IR_BINARY:
		print_op(e, func, out);
		return;
	case IR_SELECT:
		print_select(e, func, out);
		return;
	case IR_REDUCE:
		print_reduce(e, func, out);
		return;
	}
	sl_unreachable();
}

static void print_extents(const int64_t *ext, int n, FILE *out)
{
	for (int i = 0; i < n; i++)
		fprintf(out, "[%lld]", (long long) ext[i]);
}

/* "lane L of K of NAME" of a lane declaration, with its lane dimension
 * when that is not the innermost (counting from 1, outermost first). */
static void print_lane(const ir_decl *d, FILE *out)
{
	if (d->lanes <= 1)
		return;
	fprintf(out, "  lane %d of %d of %s", d->lane, d->lanes, d->lane_of->name);
	if (d->lane_dim != d->n_dims - 1)
		fprintf(out, " along dimension %d", d->lane_dim + 1);
}

/* v in decimal (|v| < 2^127) into buf (48 bytes). */
static const char *i128_str(__int128 v, char *buf)
{
	char tmp[48];
	int n = 0;
	unsigned __int128 m = v < 0 ? -(unsigned __int128) v : (unsigned __int128) v;
	do {
		tmp[n++] = (char) ('0' + (int) (m % 10));
		m /= 10;
	} while (m);
	int k = 0;
	if (v < 0)
		buf[k++] = '-';
	while (n)
		buf[k++] = tmp[--n];
	buf[k] = 0;
	return buf;
}

static void dump_func(const ir_decl *d, FILE *out)
{
	char tb[8], tb2[48];
	fprintf(out, "func   %s(", d->name);
	for (int i = 0; i < d->n_dims; i++)
		fprintf(out, "%s%s", i ? ", " : "", d->var_names[i]);
	fprintf(out, ") : %s", ir_type_str(d->type, tb));
	if (d->is_inline)
		fputs("  inline", out);
	if (d->is_output) {
		fputs("  output", out);
		print_extents(d->out_extents, d->n_dims, out);
	}
	if (d->unroll)
		fprintf(out, "  unroll %d", d->unroll);
	print_lane(d, out);
	fputs("\n       domain ", out);
	if (d->dom_empty || !d->dom_lo) {
		fputs("(unused)", out);
	} else {
		for (int i = 0; i < d->n_dims; i++)
			fprintf(out, "%s%s in %lld..%lld", i ? ", " : "", d->var_names[i],
				(long long) d->dom_lo[i], (long long) (d->dom_lo[i] + d->dom_ext[i] - 1));
		fprintf(out, "  (%lld points)", (long long) ir_decl_dom_size(d));
	}
	if (d->has_vrange) {	/* values/narrow.c */
		fprintf(out, "\n       values %s..", i128_str(d->vrange.lo, tb2));
		fprintf(out, "%s", i128_str(d->vrange.hi, tb2));
		if (!ir_type_eq(d->type, d->declared_type))
			fprintf(out, "  (declared %s)", ir_type_str(d->declared_type, tb));
	}
	fputs("\n       = ", out);
	ir_expr_print(d->body, d, out);
	fputc('\n', out);
}

void ir_program_dump(const ir_program *prog, FILE *out)
{
	char tb[8];
	for (int i = 0; i < prog->n_params; i++)
		fprintf(out, "param  %s = %lld%s\n", prog->params[i].name,
			(long long) prog->params[i].value, prog->params[i].defined ? "  (-D)" : "");
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		switch (d->kind) {
		case IR_DECL_INPUT:
			fprintf(out, "input  %s : %s", d->name, ir_type_str(d->type, tb));
			print_extents(d->extents, d->n_dims, out);
			print_lane(d, out);
			fputc('\n', out);
			break;
		case IR_DECL_CONST:
			fprintf(out, "const  %s : %s", d->name, ir_type_str(d->type, tb));
			print_extents(d->extents, d->n_dims, out);
			fputc('\n', out);
			break;
		case IR_DECL_FUNC:
			dump_func(d, out);
			break;
		}
	}
}
