/* values/values.h: what values the program's expressions take.
 *
 * Rank 2 (tests/check_layout.sh), above ir/: analyses of the typed IR's
 * integer values that the scheduler, rtlgen and the estimate read:
 *   - the interval of values of an expression (values/range.c);
 *   - value-range widths: each func and operation at the width its
 *     values need (values/narrow.c), one decision every later stage reads;
 *   - division and modulo by a constant without a divider, and the plan's
 *     step-by-step model (values/divconst.c).
 * Nothing here owns memory but the expressions ar_narrow allocates in the
 * context's arena. */
#ifndef SLUICE_VALUES_H
#define SLUICE_VALUES_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------- intervals */

/* The interval of values of expression e (values/range.c): a uN's in
 * [0, 2^N), an iN's signed, an index expression's in int64; slot_lo[s] >
 * slot_hi[s] is a variable slot of unknown interval (NULL: all unknown).
 * Conservative (every value e takes lies in [lo, hi]) and exact on
 * constants (all leaves constant: lo == hi, the value ir_eval_* gives).
 * _compare: 0 or 1 when every a OP b with a, b in the intervals gives
 * that (OP a comparison), else -1.  _const: e's value, normalised to its
 * type, when the interval is one value. */
ir_range va_expr_range(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots);
int va_range_compare(ir_op op, ir_range a, ir_range b);
/* The whole of type t (none: int64); e's interval as an operand of type
 * t (an operand of another type, e.g. an index, keeps t's low bits). */
ir_range va_type_range(ir_type t);
ir_range va_operand_range(const ir_expr *e, ir_type t, const int64_t *slot_lo,
	const int64_t *slot_hi, int n_slots);
bool va_expr_const(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots, uint64_t *v);

/* ------------------------------------------------------ value-range widths */

/* Value-range widths (values/narrow.c, docs/hardware.md "Value-range
 * widths"), in place on a lowered program: products with constants of
 * one or two signed-digit terms become shifts and an add; each func
 * that is not an output takes the narrowest type holding its values,
 * and each operation the narrowest its operands and result allow.
 * Exact: every value the program computes is unchanged. */
struct ir_program;
void va_narrow(sl_ctx *ctx, struct ir_program *prog);
/* The same on one expression whose variable slots have the intervals
 * [slot_lo[s], slot_hi[s]] (NULL: unknown): an expression of e's type
 * with e's value at every point of them (tests/unit/t_range.cpp). */
ir_expr *va_narrow_expr(sl_ctx *ctx, ir_expr *e, const int64_t *slot_lo,
	const int64_t *slot_hi, int n_slots);

/* ------------------------------------------------- division by a constant */

/* Division and modulo by a constant without a divider (values/divconst.c):
 * the quotient q by one of the forms below, the remainder as x - q * d
 * computed in its low "rbits" bits.  A type plan is exact for every value
 * of its type (truncation toward zero, MIN / -1 = MIN); a range plan is
 * the floor division of index values in [lo, hi] by d > 0: the operand is
 * x - offset (offset a multiple of d, x - offset in [0, 2^bits)). */
typedef enum va_divform {
	VA_DIVF_BYZERO,		/* d = 0: both results 0 */
	VA_DIVF_ZERO,		/* q = 0: |x| < |d| always */
	VA_DIVF_IDENTITY,	/* q = x (d = 1) */
	VA_DIVF_NEGATE,		/* q = -x, wrapping (d = -1) */
	VA_DIVF_SHIFT,		/* |d| = 2^k: q = x >> k; signed: (x + (x < 0 ?
				 * 2^k - 1 : 0)) >>> k, negated when d < 0 */
	VA_DIVF_COMPARE,	/* unsigned, 2d > max x: q = x >= d */
	VA_DIVF_MULHI,		/* unsigned: q = ((x >> pre) * M) >> shift;
				 * signed: P = x * (d < 0 ? -M : M),
				 * q = (P >>> shift) + (P < 0) */
} va_divform;

typedef struct va_divplan {
	va_divform form;
	bool is_mod;
	bool is_signed;		/* signed operand and divisor */
	bool is_range;		/* a range plan (index floor division) */
	int bits;		/* operand width N (range plans: of x - offset) */
	uint64_t d;		/* |divisor| */
	bool neg;		/* the divisor is negative */
	int k;			/* SHIFT: log2 |d| */
	int pre;		/* MULHI unsigned: low bits dropped first (d even) */
	int xbits;		/* MULHI: multiplicand width (bits - pre) */
	uint64_t magic;		/* MULHI: M, its low 64 bits... */
	bool magic_top;		/* ...and bit 64 (unsigned 64-bit only) */
	int mbits;		/* MULHI: width of M (a magnitude; signed adds a sign bit) */
	int shift;		/* MULHI: low product bits dropped */
	int qbits;		/* significant bits of q (unsigned forms) */
	int rbits;		/* MOD: width of x - q * d's computation */
	int64_t offset;		/* range plans: subtracted first */
} va_divplan;

/* The plan of "x OP divisor" for x of type t (OP: DIV or MOD; divisor
 * normalised to t). */
va_divplan va_divconst_plan(ir_type t, ir_op op, uint64_t divisor);
/* Floor division / non-negative remainder of index values in [lo, hi] by
 * d > 0; false when the range is too wide (hi - lo >= 2^62). */
bool va_divconst_plan_range(int64_t lo, int64_t hi, ir_op op, int64_t d,
	va_divplan *p);
/* The plan evaluated step by step as the hardware does it: x normalised
 * to the plan's type (range plans: an int64 in [lo, hi]); the result
 * normalised likewise. */
uint64_t va_divplan_eval(const va_divplan *p, uint64_t x);
/* The interval of index expression e given each variable slot's interval
 * (slot_lo[s] > slot_hi[s]: unknown); false when unknown or when a bound
 * leaves [-2^62, 2^62]. */
bool va_index_range(const ir_expr *e, const int64_t *slot_lo, const int64_t *slot_hi,
	int n_slots, int64_t *lo, int64_t *hi);

#ifdef __cplusplus
}
#endif

#endif
