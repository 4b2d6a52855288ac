/* ref/ref.h: the CPU reference, the meaning of a program bit for bit.
 * Rank 4 (tests/check_layout.sh).
 * Stage: after the front end, beside the flow to hardware: it executes a
 * checked program (bounds inferred) directly, with no schedule or buffer,
 * for `sluice run` and as the oracle that sim/ compares the mapped design
 * against.  It also exports the arithmetic of the language on normalised
 * values, inline, so that the cycle-level model (sim/model.c) computes
 * exactly what the reference does at the same speed.
 * Every io_array returned is owned by the caller. */
#ifndef SLUICE_REF_H
#define SLUICE_REF_H

#include "ir/ir.h"
#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The inputs of a run: one array per input declaration, indexed by the
 * declaration's position among the program's inputs. */
typedef struct ref_inputs {
	int n;
	ir_decl **decls;
	io_array **arrays;	/* packed or not (the interpreter unpacks them) */
	/* The compiled reference: give the outputs packed (io_array.packed),
	 * as its funcs compute them, instead of unpacking them. */
	bool packed_outputs;
	/* The compiled reference: threads sharing each func's rows (`run -j
	 * N`; 0 or 1: the calling thread alone).  The same bytes for any N. */
	int threads;
} ref_inputs;

/* Evaluate every output of "prog" (checked, bounds inferred) on
 * "inputs".  outputs[i] receives prog->outputs[i] over its output box.
 * Returns 0, or -1 with an error reported. */
int ref_run(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, io_array **outputs);

/* The two evaluators of the reference, which compute the same bits: row
 * kernels (ref/rows.c, the default: each func a row at a time through
 * loops specialised per operator and type) and the tree-walking
 * evaluator (a point at a time), kept as an independent second path that
 * the tests compare the first against.  DEFAULT is what $SLUICE_REF
 * names: "rows" (or unset), "tree" or "c". */
typedef enum ref_engine {
	REF_ENGINE_DEFAULT, REF_ENGINE_ROWS, REF_ENGINE_TREE,
	/* The compiled reference (ref/cgen.c, ref/cref.c): the program as C,
	 * built with the system C compiler at -O3 into the user's cache and
	 * loaded; SLUICE_REF=c or `run --engine c`.  ref_run_funcs (the
	 * model's values) uses the row kernels for it. */
	REF_ENGINE_C,
	/* `run`'s default: the compiled reference for a program that computes
	 * at least REF_AUTO_POINTS values (ref_auto_compiles), the row
	 * kernels below, where the interpreter is done before a compiler
	 * has started; a compiled reference that cannot be had (no compiler,
	 * no cache, a failed build) is a note, and the row kernels run. */
	REF_ENGINE_AUTO,
} ref_engine;

/* 512 x 512: gaussian's interpreter takes about 4 ms there, a first
 * compile 100 ms, a cached kernel's look-up 0.2 ms. */
#define REF_AUTO_POINTS (INT64_C(1) << 18)
/* Does the automatic engine compile "prog" (the points of its stored
 * funcs' domains, at least REF_AUTO_POINTS)? */
bool ref_auto_compiles(const ir_program *prog);

/* ref_run with the evaluator "engine"; an unknown $SLUICE_REF is an
 * error (reported, -1). */
int ref_run_engine(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, io_array **outputs, ref_engine engine);

/* CPU seconds of the parts of the compiled reference's last run in this
 * process (for the benchmark, tests/bench/cref_bench.py): the kernel's
 * look-up in the cache (or build) and loading, the packing of the
 * inputs into arrays of their types' C widths, the funcs, and the
 * unpacking of the outputs. */
typedef struct ref_cref_times {
	double load_s, pack_s, compute_s, unpack_s;
} ref_cref_times;
ref_cref_times ref_cref_last_times(void);

/* Every func of "prog" (checked or lowered, bounds inferred) over its
 * whole inferred domain, dense and row-major over [dom_lo, dom_lo +
 * dom_ext): funcs[i] for declaration i, NULL for inputs, consts and funcs
 * nothing needs; the caller frees each.  The values the cycle-level
 * model moves through the buffers.  The engine as for ref_run.  0, or -1
 * with an error reported (and every funcs[i] NULL). */
int ref_run_funcs(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, uint64_t **funcs);

/* ------------------------------------------------------------ evaluation
 * The arithmetic shared by the reference and the cycle-level model (one
 * implementation of the semantics; the slow cases go to ir_eval_*). */

/* Normalise v to t (see ir_norm), inline for the hot path.  A "none"
 * type (a mathematical integer) is kept as it is. */
static inline uint64_t ref_norm(ir_type t, uint64_t v)
{
	if (t.bits == 0 || t.bits >= 64)
		return v;
	unsigned sh = 64u - t.bits;
	if (t.is_signed)
		return (uint64_t) ((int64_t) (v << sh) >> sh);
	return (v << sh) >> sh;
}

/* a < b for normalised values of t. */
static inline bool ref_less(ir_type t, uint64_t a, uint64_t b)
{
	return t.is_signed ? (int64_t) a < (int64_t) b : a < b;
}

/* A binary operator on normalised operands of type t; the cheap ones
 * inline, the rest (division, shifts) through ir_eval_binop. */
static inline uint64_t ref_binop(ir_op op, ir_type t, uint64_t a, uint64_t b)
{
	switch (op) {
	case IR_OP_ADD: return ref_norm(t, a + b);
	case IR_OP_SUB: return ref_norm(t, a - b);
	case IR_OP_MUL: return ref_norm(t, a * b);
	case IR_OP_AND: return a & b;
	case IR_OP_OR: return a | b;
	case IR_OP_XOR: return a ^ b;
	case IR_OP_EQ: return a == b;
	case IR_OP_NE: return a != b;
	case IR_OP_LT: return ref_less(t, a, b);
	case IR_OP_LE: return !ref_less(t, b, a);
	case IR_OP_GT: return ref_less(t, b, a);
	case IR_OP_GE: return !ref_less(t, a, b);
	case IR_OP_LAND: return a && b;
	case IR_OP_LOR: return a || b;
	case IR_OP_MIN: return ref_less(t, b, a) ? b : a;
	case IR_OP_MAX: return ref_less(t, a, b) ? b : a;
	default: return ir_eval_binop(op, t, a, b);
	}
}

/* An index expression (type none): a mathematical integer, DIV and MOD
 * by a positive constant with floor semantics.  env holds the values of
 * the func's variable slots. */
int64_t ref_index(const ir_expr *e, const int64_t *env);

/* The common index shapes, x and x + c, without recursion. */
static inline int64_t ref_index_fast(const ir_expr *e, const int64_t *env)
{
	if (e->kind == IR_VAR)
		return env[e->u.var.slot];
	if (e->kind == IR_BINARY && e->op == IR_OP_ADD
	    && e->args[0]->kind == IR_VAR && e->args[1]->kind == IR_CONST)
		return (int64_t) ((uint64_t) env[e->args[0]->u.var.slot]
			+ e->args[1]->u.cval);
	return ref_index(e, env);
}

#ifdef __cplusplus
}
#endif

#endif
