/* ref/eval.c: index expressions, shared by the reference and the model.
 * Stage: the CPU reference.  Owns nothing. */
#include "ref/ref.h"

int64_t ref_index(const ir_expr *e, const int64_t *env)
{
	if (e->kind == IR_CONST)
		return (int64_t) e->u.cval;
	if (e->kind == IR_VAR)
		return env[e->u.var.slot];
	uint64_t a = (uint64_t) ref_index_fast(e->args[0], env);
	if (e->kind == IR_UNARY && e->op == IR_OP_NEG)
		return (int64_t) (0 - a);
	if (e->kind != IR_BINARY)
		sl_unreachable();
	uint64_t b = (uint64_t) ref_index_fast(e->args[1], env);
	switch (e->op) {
	case IR_OP_ADD: return (int64_t) (a + b);
	case IR_OP_SUB: return (int64_t) (a - b);
	case IR_OP_MUL: return (int64_t) (a * b);
	case IR_OP_MIN: return (int64_t) a < (int64_t) b ? (int64_t) a : (int64_t) b;
	case IR_OP_MAX: return (int64_t) a > (int64_t) b ? (int64_t) a : (int64_t) b;
	case IR_OP_DIV:
	case IR_OP_MOD:
		if ((int64_t) b <= 0)
			sl_unreachable();
		return e->op == IR_OP_DIV ? ir_floordiv((int64_t) a, (int64_t) b)
			: ir_floormod((int64_t) a, (int64_t) b);
	default:
		sl_unreachable();
	}
}
