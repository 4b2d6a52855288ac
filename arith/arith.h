/* arith/arith.h: the values and operators of the language.
 *
 * Rank 0 (tests/check_layout.sh), beside base/ (whose sl_unreachable it
 * uses) and below ir/, whose ir.h includes it: it knows nothing of
 * programs.  It holds the types uN / iN and how their values are held,
 * the operator table (each operator's symbol, syntax, precedence, typing
 * rule, index use, hardware class and Verilog template), the exact
 * arithmetic every engine shares (wrap-around evaluation, folding over
 * mathematical integers, floor division) and intervals of values.  Its
 * names keep the prefix ir_: they are the IR's vocabulary, read by io/,
 * values/, ref/, the front end and every later stage.  Owns no memory. */
#ifndef SLUICE_ARITH_H
#define SLUICE_ARITH_H

#include <stdbool.h>
#include <stdint.h>

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

/* Where an operator may appear in an index expression (ir_expr, ir/ir.h). */
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

/* Each operator's facts, decided here once (arith/arith.c) and read by the
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

/* An interval of values (values/values.h computes them): a uN's in
 * [0, 2^N), an iN's signed, an index expression's in int64. */
typedef struct ir_range {
	__int128 lo, hi;
} ir_range;

#ifdef __cplusplus
}
#endif

#endif
