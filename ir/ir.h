/* ir/ir.h: the shared vocabulary of sluice.
 *
 * Rank 1 (tests/check_layout.sh), above base/ (the context, diagnostics,
 * arena and OS plumbing, base/base.h, included here); the front end fills
 * it, every later stage (io, ref, scheduler -> ubuffer -> rtlgen -> sim)
 * reads it.  It holds
 *   - the typed program IR: declarations and expression trees, each node
 *     with its source location;
 *   - exact integer arithmetic of the language (wrap-around in uN / iN).
 * IR nodes and names live in the context's arena and die with it.  The
 * arrays of a run (io_array) live in io/. */
#ifndef SLUICE_IR_H
#define SLUICE_IR_H

#include "base/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------- types */

/* uN (1 <= N <= 64) or iN (2 <= N <= 64).  bits == 0 is "no type": an
 * index expression (a mathematical integer) or an untyped literal. */
typedef struct ir_type {
	uint8_t bits;
	bool is_signed;
} ir_type;

static inline ir_type ir_type_make(bool is_signed, int bits)
{
	ir_type t = { (uint8_t) bits, is_signed };
	return t;
}
static inline bool ir_type_eq(ir_type a, ir_type b)
{
	return a.bits == b.bits && a.is_signed == b.is_signed;
}
static inline bool ir_type_none(ir_type t) { return t.bits == 0; }
/* "u8", "i32"; a static buffer per call is avoided: writes into buf. */
const char *ir_type_str(ir_type t, char buf[8]);

/* ------------------------------------------------------------ arithmetic
 * A value of type T is held in a uint64_t, normalised: the low N bits
 * are the value, and the rest are copies of bit N-1 for iN, zero for uN.
 * So (int64_t) v is the value of an iN and v that of a uN. */

typedef enum ir_op {
	IR_OP_ADD, IR_OP_SUB, IR_OP_MUL, IR_OP_DIV, IR_OP_MOD,
	IR_OP_SHL, IR_OP_SHR,
	IR_OP_AND, IR_OP_OR, IR_OP_XOR,
	IR_OP_EQ, IR_OP_NE, IR_OP_LT, IR_OP_LE, IR_OP_GT, IR_OP_GE,
	IR_OP_LAND, IR_OP_LOR,
	IR_OP_MIN, IR_OP_MAX,
	/* unary */
	IR_OP_NEG, IR_OP_NOT, IR_OP_LNOT, IR_OP_ABS,
} ir_op;

enum { IR_N_OPS = IR_OP_ABS + 1 };	/* IR_OP_ABS is the last */

/* How an operator is written: "a + b", "-a", or "min(a, b)". */
typedef enum ir_op_syntax { IR_SYN_INFIX, IR_SYN_PREFIX, IR_SYN_CALL } ir_op_syntax;

/* The typing rule (frontend/typecheck.c, docs/language.md "Constants and
 * typing"). */
typedef enum ir_op_typing {
	IR_TY_ARITH,	/* operands of one type, from the context; the result has it */
	IR_TY_DIVIDE,	/* ARITH, and a constant divisor must not be 0 */
	IR_TY_SHIFT,	/* the left operand's type; the amount any type, not negative */
	IR_TY_COMPARE,	/* operands of one type (not the context's); result u1 */
	IR_TY_LOGIC,	/* u1 operands; result u1 */
	IR_TY_SAME,	/* unary: the operand's type, from the context */
	IR_TY_UNSIGNED,	/* unary: the operand's own type; the result the uN of its width */
} ir_op_typing;

/* Where an operator may appear in an index expression (ir_expr above). */
typedef enum ir_op_index {
	IR_IDX_NO,	/* never */
	IR_IDX_YES,	/* on index operands */
	IR_IDX_BY_CONST,	/* when one operand is a constant (affine) */
	IR_IDX_DIVISOR,	/* when the right operand is a positive constant */
} ir_op_index;

/* The hardware an operator becomes, as the delay model
 * (scheduler/pipeline.c) and the LUT estimate (fpga/logic.c) cost it; the
 * board's delay kinds (boards/boards.h board_delay_kind) in parentheses. */
typedef enum ir_op_hw {
	IR_HW_ADD,	/* a carry chain of the operand width (add) */
	IR_HW_MUL,	/* a product: DSPs or logic, as the DSP decision put it (dsp, mul) */
	IR_HW_DIV,	/* a divider, or a constant's plan (values/divconst.c) */
	IR_HW_SHIFT,	/* wiring by a constant, else a barrel shifter (shift) */
	IR_HW_BITWISE,	/* one LUT level per bit (lut) */
	IR_HW_BOOL,	/* one LUT on truth values (lut) */
	IR_HW_EQ,	/* an equality tree (eq) */
	IR_HW_CMP,	/* a magnitude comparison (cmp) */
	IR_HW_CMP_MUX,	/* a comparison and a select of one operand (cmp, mux) */
	IR_HW_NEG,	/* a negation: a carry chain (add) */
	IR_HW_NOT,	/* an inversion, free in the next LUT (lut) */
	IR_HW_OR_TREE,	/* the OR of the operand's bits (lut) */
	IR_HW_ABS,	/* a negation and a select by the sign (add, mux) */
} ir_op_hw;

/* Each operator's facts, decided here once (ir/arith.c) and read by the
 * parser (levels), the type checker, the printer, the range analysis, the
 * delay model, the estimate and rtlgen.  Every infix level associates to
 * the left; prefix operators bind tighter than every infix one. */
struct ir_op_info {
	const char *sym;	/* as written: "+", "<=", "min" */
	int arity;		/* 1 or 2 */
	ir_op_syntax syntax;
	int prec;		/* infix: 1 (||) .. 10 (* / %); higher binds tighter */
	ir_op_typing typing;
	ir_op_index index;
	ir_op_hw hw;
	/* rtlgen's Verilog for the plain cases, over operands converted to
	 * the operator's type: $a / $b the operand, $A / $B the operand
	 * read as the type's signedness ($signed(...) for iN); NULL when
	 * rtlgen/datapath.c builds it by its own rule. */
	const char *verilog;
};
extern const struct ir_op_info ir_op_info[IR_N_OPS];
/* The highest infix precedence level. */
enum { IR_MAX_PREC = 10 };

/* The operator as written in the source: ir_op_info[op].sym. */
const char *ir_op_str(ir_op op);
/* The operator of "arity" operands (0: any) and syntax "syn" written as
 * the "len" characters at "s" (infix: of precedence "prec", 0: any); -1
 * if none. */
int ir_op_find(const char *s, int len, int arity, ir_op_syntax syn, int prec);

/* Normalise the low bits of "v" to type "t". */
uint64_t ir_norm(ir_type t, uint64_t v);
/* Does the mathematical integer v fit type t?  (__int128 holds every
 * value in [-2^63, 2^64).) */
bool ir_fits(ir_type t, __int128 v);
/* Smallest and largest values of t, normalised. */
uint64_t ir_type_min(ir_type t);
uint64_t ir_type_max(ir_type t);

/* Binary operator on operands of type t (normalised).  Comparisons and
 * && || give 0 or 1 (type u1).  For shifts "t" is the left operand's type
 * and "b" the amount already read as unsigned.  DIV and MOD follow the
 * spec: floor for uN, truncation for iN, MIN / -1 wraps, divisor != 0. */
uint64_t ir_eval_binop(ir_op op, ir_type t, uint64_t a, uint64_t b);
/* NEG, NOT (~), LNOT (!), ABS: operand type t.  ABS gives the uN of the
 * same width. */
uint64_t ir_eval_unop(ir_op op, ir_type t, uint64_t a);
/* TYPE(e): sign- or zero-extend by the source, keep the low bits. */
uint64_t ir_eval_cast(ir_type to, ir_type from, uint64_t v);
/* The amount of a shift whose right operand has type t: v read as uN. */
uint64_t ir_shift_amount(ir_type t, uint64_t v);

/* Exact folding of constant expressions over mathematical integers.
 * Returns false (and leaves *r alone) when the result leaves
 * [-2^63, 2^64), or for division by zero or a negative shift. */
bool ir_fold_binop(ir_op op, __int128 a, __int128 b, __int128 *r);
bool ir_fold_unop(ir_op op, __int128 a, __int128 *r);

/* Floor division and non-negative remainder of index expressions (d > 0). */
int64_t ir_floordiv(int64_t a, int64_t d);
int64_t ir_floormod(int64_t a, int64_t d);

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

/* An interval of values (values/values.h computes them): a uN's in
 * [0, 2^N), an iN's signed, an index expression's in int64. */
typedef struct ir_range {
	__int128 lo, hi;
} ir_range;

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
