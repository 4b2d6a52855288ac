/* ir/check.c: the invariants of a lowered program.
 * Stage: run by flow/ after lowering, in every build type.  Lowering
 * promises the scheduler a program in which no inline func is left, a
 * reduction is only ever the whole body of a func, every variable names
 * a slot of its func (a reduction variable only inside its reduction),
 * every read names an earlier declaration with one index per dimension,
 * and every func with a domain has a body.  A broken promise is a bug in
 * the compiler, reported as an internal error at the node. */
#include "ir/ir.h"

typedef struct ir_checker {
	sl_ctx *ctx;
	const ir_decl *f;
	int bad;
} ir_checker;

static void ir_check_fail(ir_checker *k, sl_loc loc, const char *what)
{
	sl_error(k->ctx, loc, "internal error: lowered func '%s': %s", k->f->name, what);
	k->bad = 1;
}

static void ir_check_access(ir_checker *k, const ir_expr *e)
{
	const ir_decl *p = e->u.access.decl;
	if (!p || p->index >= k->f->index)
		ir_check_fail(k, e->loc, "reads a declaration that does not come before it");
	else if (p->kind == IR_DECL_FUNC && p->is_inline)
		ir_check_fail(k, e->loc, "reads an inline func that lowering did not substitute");
	else if (e->n_args != p->n_dims)
		ir_check_fail(k, e->loc, "reads with another number of indices than dimensions");
}

/* "slots": the slots visible here (the func's variables, plus the
 * reduction's at the top). */
static void ir_check_expr(ir_checker *k, const ir_expr *e, int slots, bool top)
{
	switch (e->kind) {
	case IR_VAR:
		if (e->u.var.slot < 0 || e->u.var.slot >= slots)
			ir_check_fail(k, e->loc, "a variable names a slot out of range");
		return;
	case IR_ACCESS:
		ir_check_access(k, e);
		break;
	case IR_REDUCE:
		if (!top) {
			ir_check_fail(k, e->loc, "a reduction is not the whole body");
			return;
		}
		for (int i = 0; i < e->u.reduce.n_rvars; i++)
			if (e->u.reduce.rvars[i].slot != k->f->n_dims + i)
				ir_check_fail(k, e->loc, "a reduction variable is not in its slot");
		ir_check_expr(k, e->u.reduce.body, k->f->n_dims + e->u.reduce.n_rvars, false);
		return;
	default:
		break;
	}
	for (int i = 0; i < e->n_args; i++)
		ir_check_expr(k, e->args[i], slots, false);
}

int ir_check(sl_ctx *ctx, const ir_program *prog)
{
	ir_checker k = { ctx, NULL, 0 };
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *f = prog->decls[i];
		k.f = f;
		if (f->index != i)
			ir_check_fail(&k, f->loc, "its index is not its position");
		if (f->kind != IR_DECL_FUNC)
			continue;
		if (f->is_inline)
			ir_check_fail(&k, f->loc, "an inline func is left after lowering");
		else if (!f->body)
			ir_check_fail(&k, f->loc, "no body");
		else if (f->n_slots < f->n_dims)
			ir_check_fail(&k, f->loc, "fewer slots than variables");
		else
			ir_check_expr(&k, f->body, f->n_dims, true);
	}
	return k.bad ? -1 : 0;
}
