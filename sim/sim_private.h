/* sim/sim_private.h: declarations shared inside sim/. */
#ifndef SLUICE_SIM_PRIVATE_H
#define SLUICE_SIM_PRIVATE_H

#include "sim/sim.h"

/* Read a PNG, or a PGM/PPM (P2 P3 P5 P6), into an array of "want" whose
 * shape must be dims[0..n_dims): [H][W] for a gray image, [3][H][W] for
 * an RGB one.  NULL with an error naming the file. */
sl_array *sim_read_png(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);
sl_array *sim_read_pnm(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims);

/* ------------------------------------------------------------ evaluation
 * The arithmetic shared by the reference and the cycle-level model (one
 * implementation of the semantics; the slow cases go to ir_eval_*). */

/* Normalise v to t (see ir_norm), inline for the hot path.  A "none"
 * type (a mathematical integer) is kept as it is. */
static inline uint64_t sim_norm(ir_type t, uint64_t v)
{
	if (t.bits == 0 || t.bits >= 64)
		return v;
	unsigned sh = 64u - t.bits;
	if (t.is_signed)
		return (uint64_t) ((int64_t) (v << sh) >> sh);
	return (v << sh) >> sh;
}

/* a < b for normalised values of t. */
static inline bool sim_less(ir_type t, uint64_t a, uint64_t b)
{
	return t.is_signed ? (int64_t) a < (int64_t) b : a < b;
}

/* A binary operator on normalised operands of type t; the cheap ones
 * inline, the rest (division, shifts) through ir_eval_binop. */
static inline uint64_t sim_binop(ir_op op, ir_type t, uint64_t a, uint64_t b)
{
	switch (op) {
	case IR_OP_ADD: return sim_norm(t, a + b);
	case IR_OP_SUB: return sim_norm(t, a - b);
	case IR_OP_MUL: return sim_norm(t, a * b);
	case IR_OP_AND: return a & b;
	case IR_OP_OR: return a | b;
	case IR_OP_XOR: return a ^ b;
	case IR_OP_EQ: return a == b;
	case IR_OP_NE: return a != b;
	case IR_OP_LT: return sim_less(t, a, b);
	case IR_OP_LE: return !sim_less(t, b, a);
	case IR_OP_GT: return sim_less(t, b, a);
	case IR_OP_GE: return !sim_less(t, a, b);
	case IR_OP_LAND: return a && b;
	case IR_OP_LOR: return a || b;
	case IR_OP_MIN: return sim_less(t, b, a) ? b : a;
	case IR_OP_MAX: return sim_less(t, a, b) ? b : a;
	default: return ir_eval_binop(op, t, a, b);
	}
}

/* An index expression (type none): a mathematical integer, DIV and MOD
 * by a positive constant with floor semantics.  env holds the values of
 * the func's variable slots. */
int64_t sim_index(const ir_expr *e, const int64_t *env);

/* The common index shapes, x and x + c, without recursion. */
static inline int64_t sim_index_fast(const ir_expr *e, const int64_t *env)
{
	if (e->kind == IR_VAR)
		return env[e->u.var.slot];
	if (e->kind == IR_BINARY && e->op == IR_OP_ADD
	    && e->args[0]->kind == IR_VAR && e->args[1]->kind == IR_CONST)
		return (int64_t) ((uint64_t) env[e->args[0]->u.var.slot]
			+ e->args[1]->u.cval);
	return sim_index(e, env);
}

/* ------------------------------------------------------------ Verilator */

/* A data port pair of the generated module: NAME_en / NAME_data of an
 * input, NAME_valid / NAME_data of an output. */
typedef struct sim_vl_port {
	const char *name;
	int bits;
	bool is_input;
} sim_vl_port;

/* Seconds on a monotonic clock. */
double sim_vl_now(void);

/* The C++ testbench of module "top_name" (verilated with --prefix Vdut)
 * with these ports, inputs and outputs each in the order given. */
void sim_vl_write_testbench(FILE *out, const char *top_name, int n_ports,
	const sim_vl_port *ports);

#endif
