/* ir/ir.h: the shared vocabulary of sluice, the typed program IR.
 *
 * Rank 1 (tests/check_layout.sh), above base/ (the context, diagnostics,
 * arena and OS plumbing, base/base.h) and arith/ (the language's types,
 * operators and exact arithmetic, arith/arith.h), both included here; the
 * front end fills it, every later stage (io, ref, scheduler -> ubuffer ->
 * rtlgen -> sim) reads it.  It holds the declarations and expression
 * trees, each node with its source location, and the program.  IR nodes
 * and names live in the context's arena and die with it.  The arrays of
 * a run (io_array) live in io/. */
#ifndef SLUICE_IR_H
#define SLUICE_IR_H

#include "arith/arith.h"
#include "base/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ expressions */

typedef struct ir_decl ir_decl;
typedef struct ir_expr ir_expr;

typedef enum ir_expr_kind {
	IR_CONST,	/* a literal or folded constant: .cval */
	IR_VAR,		/* func or reduction variable: .var.slot */
	IR_ACCESS,	/* NAME(args): .access */
	IR_UNARY,	/* .op (NEG NOT LNOT ABS), .args[0] */
	IR_BINARY,	/* .op, .args[0], .args[1]; MIN and MAX are binary */
	IR_SELECT,	/* c ? a : b and select(c, a, b): .args[0..2] */
	IR_CAST,	/* TYPE(e): .type is the target, .args[0] the source; in
			 * lowered programs the source may be an index
			 * expression (type none): its mathematical value is
			 * converted like any cast (low bits kept) */
	IR_REDUCE,	/* sum / maximum / minimum: .reduce */
} ir_expr_kind;

typedef enum ir_reduce_op { IR_RED_SUM, IR_RED_MAXIMUM, IR_RED_MINIMUM } ir_reduce_op;

/* A reduction variable: its slot in the func's environment and its
 * half-open range [lo, hi). */
typedef struct ir_rvar {
	const char *name;
	sl_loc loc;
	int slot;
	int64_t lo, hi;
} ir_rvar;

/* An expression node.  In a value position .type is its type; in an
 * index position (an argument of an access, except a data-dependent
 * table look-up) .type is "none" and the node is a mathematical integer:
 * only CONST, VAR, UNARY NEG, BINARY ADD SUB MUL DIV MOD MIN MAX occur,
 * with DIV and MOD by a positive constant (floor semantics). */
struct ir_expr {
	ir_expr_kind kind;
	ir_type type;
	sl_loc loc;
	ir_op op;
	int n_args;
	ir_expr **args;
	/* A multiply the board's flow could put in DSPs (MUL, a DIV / MOD
	 * plan's): its number (> 0) and the DSPs it takes, 0 in logic, as
	 * fpga/logic.c tg_dsp_decide decided before the schedule. */
	int mul_id, dsps;
	union {
		uint64_t cval;		/* CONST, normalised (int64 if index) */
		struct {
			int slot;	/* index into the func's environment */
			const char *name;
		} var;
		struct {
			ir_decl *decl;	/* input, const or func read */
			/* args are .args[0 .. n_args) */
		} access;
		struct {
			ir_reduce_op op;
			int n_rvars;
			ir_rvar *rvars;
			ir_expr *body;
		} reduce;
	} u;
};

/* ------------------------------------------------------------ declarations */

typedef enum ir_decl_kind { IR_DECL_INPUT, IR_DECL_CONST, IR_DECL_FUNC } ir_decl_kind;

struct ir_decl {
	ir_decl_kind kind;
	const char *name;
	sl_loc loc;		/* of the name in its declaration */
	int index;		/* declaration order: producers come first */
	ir_type type;
	int n_dims;

	/* input and const: the declared box [0, extents[d]). */
	int64_t *extents;
	/* const: row-major values, normalised to .type. */
	uint64_t *data;

	/* func: variables are slots 0 .. n_dims-1; reduction variables take
	 * the slots after them, n_slots in all. */
	const char **var_names;
	sl_loc *var_locs;
	int n_slots;
	ir_expr *body;
	bool is_inline;
	sl_loc inline_loc;
	bool is_output;
	sl_loc output_loc;
	int64_t *out_extents;	/* the output box [0, out_extents[d]) */
	/* output: `unroll NAME k;` (docs/language.md "Lanes"): k points of
	 * its lane dimension (the innermost, else the innermost of at least
	 * k points) per cycle; 0 when not declared. */
	int unroll;
	sl_loc unroll_loc;

	/* Lane programs (scheduler/unroll.c): this declaration is lane
	 * "lane" of the "lanes" lanes of "lane_of", a declaration of the
	 * lowered program (lanes == 0: not a lane program's).  Its variable
	 * xo of dimension lane_dim (the lane dimension: most often the
	 * innermost) stands for x = lanes * xo + lane of lane_of's dimension
	 * lane_dim: an input's lane holds words [0, ceil((E - lane) / lanes)),
	 * a func's lane the xo with x in lane_of's domain, and an output's
	 * box is [0, ceil((E - lane) / lanes)), E the extent of lane_dim.  A
	 * declaration with one lane keeps its name; lane l of several is
	 * named "NAME.laneL". */
	const ir_decl *lane_of;
	int lane;
	int lanes;
	int lane_dim;

	/* The source text of each extent (of .extents, of .out_extents)
	 * that names a param, as "W - 2", else NULL; the arrays are NULL
	 * when no extent does.  For diagnostics. */
	const char **ext_text;
	const char **out_ext_text;

	/* func: the inferred domain, a box [dom_lo[d], dom_lo[d] + dom_ext[d]).
	 * dom_empty when nothing needs the func. */
	bool dom_empty;
	int64_t *dom_lo;
	int64_t *dom_ext;

	/* Value ranges (values/narrow.c, lowered programs only): every value a
	 * func computes or a const holds lies in vrange; a func that is not
	 * an output has the narrowest type that holds it, and declared_type
	 * is the type the program gave it. */
	bool has_vrange;
	ir_range vrange;
	ir_type declared_type;

	/* The declarations that read this one, in declaration order. */
	int n_users;
	ir_decl **users;
};

/* A named integer constant, "param NAME = VALUE;": its value, after a
 * -D override when "defined". */
typedef struct ir_param {
	const char *name;
	sl_loc loc;
	int64_t value;
	bool defined;
} ir_param;

typedef struct ir_program {
	const char *path;	/* as given on the command line */
	int n_params;
	ir_param *params;	/* in declaration order */
	int n_decls;
	ir_decl **decls;	/* in declaration order */
	int n_outputs;
	ir_decl **outputs;	/* in order of their output declarations; in a
				 * lane program every lane of each, lane by lane */
	/* A lane program: the lowered program it splits, else NULL. */
	const struct ir_program *lanes_of;
	const struct board *dsp_board;	/* of ir_expr.dsps, or NULL */
} ir_program;

/* The most lanes of one declaration (`unroll NAME k`, --unroll k). */
#define IR_MAX_LANES 256

ir_decl *ir_program_find(const ir_program *prog, const char *name);
/* A zeroed expression node with room for n_args arguments, in the arena. */
ir_expr *ir_expr_alloc(sl_ctx *ctx, ir_expr_kind kind, sl_loc loc, int n_args);
int64_t ir_decl_dom_size(const ir_decl *d);
/* Stable text form of the program (for `sluice check` and dumps). */
void ir_program_dump(const ir_program *prog, FILE *out);
/* The invariants lowering promises the scheduler (ir/check.c): no inline
 * func left, a reduction only as a whole body, variables in their slots,
 * reads of earlier declarations with one index per dimension.  0, or -1
 * with an internal error reported at each broken one. */
int ir_check(sl_ctx *ctx, const ir_program *prog);
void ir_expr_print(const ir_expr *e, const ir_decl *func, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
