/* arith/arith.c: exact integer arithmetic of the language.
 * Stage: basics shared by the front end (constant folding, index
 * arithmetic) and the CPU reference (value arithmetic).  Values of a type
 * uN / iN live in a uint64_t, normalised (see arith/arith.h); every signed
 * operation is done in uint64_t and converted, so nothing here has C
 * undefined behaviour, whatever the operands.  Owns no memory. */
#include <stdio.h>
#include <string.h>

#include "arith/arith.h"
#include "base/base.h"

#define IR_SIGN64 ((uint64_t) 1 << 63)

/* ----------------------------------------------------------------- types */

/* "u8", "i32"; the "no type" of index expressions and untyped literals
 * prints as "int". */
const char *ir_type_str(ir_type t, char buf[8])
{
	if (ir_type_none(t))
		snprintf(buf, 8, "int");
	else
		snprintf(buf, 8, "%c%d", t.is_signed ? 'i' : 'u', (int) t.bits);
	return buf;
}

/* ------------------------------------------------------------ operators */

#define BIN(sym, prec, ty, ix, hw, v) { sym, 2, IR_SYN_INFIX, prec, ty, ix, hw, v }
#define FN2(sym, ty, ix, hw) { sym, 2, IR_SYN_CALL, 0, ty, ix, hw, NULL }
#define UN(sym, syn, ty, ix, hw, v) { sym, 1, syn, 0, ty, ix, hw, v }

/* The operator table (arith/arith.h struct ir_op_info): in the order of ir_op. */
const struct ir_op_info ir_op_info[IR_N_OPS] = {
	[IR_OP_ADD] = BIN("+", 9, IR_TY_ARITH, IR_IDX_YES, IR_HW_ADD, "$a + $b"),
	[IR_OP_SUB] = BIN("-", 9, IR_TY_ARITH, IR_IDX_YES, IR_HW_ADD, "$a - $b"),
	[IR_OP_MUL] = BIN("*", 10, IR_TY_ARITH, IR_IDX_BY_CONST, IR_HW_MUL, NULL),
	[IR_OP_DIV] = BIN("/", 10, IR_TY_DIVIDE, IR_IDX_DIVISOR, IR_HW_DIV, NULL),
	[IR_OP_MOD] = BIN("%", 10, IR_TY_DIVIDE, IR_IDX_DIVISOR, IR_HW_DIV, NULL),
	[IR_OP_SHL] = BIN("<<", 8, IR_TY_SHIFT, IR_IDX_NO, IR_HW_SHIFT, NULL),
	[IR_OP_SHR] = BIN(">>", 8, IR_TY_SHIFT, IR_IDX_NO, IR_HW_SHIFT, NULL),
	[IR_OP_AND] = BIN("&", 5, IR_TY_ARITH, IR_IDX_NO, IR_HW_BITWISE, "$a & $b"),
	[IR_OP_OR] = BIN("|", 3, IR_TY_ARITH, IR_IDX_NO, IR_HW_BITWISE, "$a | $b"),
	[IR_OP_XOR] = BIN("^", 4, IR_TY_ARITH, IR_IDX_NO, IR_HW_BITWISE, "$a ^ $b"),
	[IR_OP_EQ] = BIN("==", 6, IR_TY_COMPARE, IR_IDX_NO, IR_HW_EQ, "$A == $B"),
	[IR_OP_NE] = BIN("!=", 6, IR_TY_COMPARE, IR_IDX_NO, IR_HW_EQ, "$A != $B"),
	[IR_OP_LT] = BIN("<", 7, IR_TY_COMPARE, IR_IDX_NO, IR_HW_CMP, "$A < $B"),
	[IR_OP_LE] = BIN("<=", 7, IR_TY_COMPARE, IR_IDX_NO, IR_HW_CMP, "$A <= $B"),
	[IR_OP_GT] = BIN(">", 7, IR_TY_COMPARE, IR_IDX_NO, IR_HW_CMP, "$A > $B"),
	[IR_OP_GE] = BIN(">=", 7, IR_TY_COMPARE, IR_IDX_NO, IR_HW_CMP, "$A >= $B"),
	[IR_OP_LAND] = BIN("&&", 2, IR_TY_LOGIC, IR_IDX_NO, IR_HW_BOOL, NULL),
	[IR_OP_LOR] = BIN("||", 1, IR_TY_LOGIC, IR_IDX_NO, IR_HW_BOOL, NULL),
	[IR_OP_MIN] = FN2("min", IR_TY_ARITH, IR_IDX_YES, IR_HW_CMP_MUX),
	[IR_OP_MAX] = FN2("max", IR_TY_ARITH, IR_IDX_YES, IR_HW_CMP_MUX),
	[IR_OP_NEG] = UN("-", IR_SYN_PREFIX, IR_TY_SAME, IR_IDX_YES, IR_HW_NEG, "-$a"),
	[IR_OP_NOT] = UN("~", IR_SYN_PREFIX, IR_TY_SAME, IR_IDX_NO, IR_HW_NOT, "~$a"),
	[IR_OP_LNOT] = UN("!", IR_SYN_PREFIX, IR_TY_LOGIC, IR_IDX_NO, IR_HW_OR_TREE, NULL),
	[IR_OP_ABS] = UN("abs", IR_SYN_CALL, IR_TY_UNSIGNED, IR_IDX_NO, IR_HW_ABS, NULL),
};

const char *ir_op_str(ir_op op)
{
	return ir_op_info[op].sym;
}

int ir_op_find(const char *s, int len, int arity, ir_op_syntax syn, int prec)
{
	for (int op = 0; op < IR_N_OPS; op++) {
		const struct ir_op_info *o = &ir_op_info[op];
		if ((!arity || o->arity == arity) && o->syntax == syn && (!prec || o->prec == prec) &&
		    (int) strlen(o->sym) == len && !memcmp(o->sym, s, len))
			return op;
	}
	return -1;
}

/* ---------------------------------------------------------------- values */

static uint64_t low_mask(int bits)
{
	if (bits <= 0 || bits >= 64)
		return ~(uint64_t) 0;
	return ((uint64_t) 1 << bits) - 1;
}

uint64_t ir_norm(ir_type t, uint64_t v)
{
	if (ir_type_none(t) || t.bits >= 64)
		return v;
	uint64_t mask = low_mask(t.bits);
	if (!t.is_signed)
		return v & mask;
	uint64_t sign = (uint64_t) 1 << (t.bits - 1);
	return ((v & mask) ^ sign) - sign;
}

/* For the "no type" (index constants, held as int64_t) fitting means the
 * int64_t range. */
bool ir_fits(ir_type t, __int128 v)
{
	if (ir_type_none(t))
		return v >= INT64_MIN && v <= INT64_MAX;
	if (!t.is_signed)
		return v >= 0 && v <= (__int128) low_mask(t.bits);
	__int128 half = (__int128) 1 << (t.bits - 1);
	return v >= -half && v < half;
}

uint64_t ir_type_min(ir_type t)
{
	if (ir_type_none(t))
		return IR_SIGN64;
	if (!t.is_signed)
		return 0;
	return ir_norm(t, (uint64_t) 1 << (t.bits - 1));
}

uint64_t ir_type_max(ir_type t)
{
	if (ir_type_none(t))
		return ~IR_SIGN64;
	if (!t.is_signed)
		return low_mask(t.bits);
	return low_mask(t.bits) >> 1;
}

/* ------------------------------------------------------------ evaluation */

static bool is_negative(ir_type t, uint64_t v)
{
	return (t.is_signed || ir_type_none(t)) && (v & IR_SIGN64);
}

/* a < b in type t: signed order for iN (and index values), else unsigned. */
static bool less_than(ir_type t, uint64_t a, uint64_t b)
{
	if (t.is_signed || ir_type_none(t))
		return (a ^ IR_SIGN64) < (b ^ IR_SIGN64);
	return a < b;
}

static int type_bits(ir_type t)
{
	return ir_type_none(t) ? 64 : t.bits;
}

/* |v| of a signed value, as an unsigned 64-bit magnitude. */
static uint64_t magnitude(uint64_t v)
{
	return (v & IR_SIGN64) ? 0 - v : v;
}

/* Signed division truncates toward zero; unsigned is plain division
 * (floor).  MIN / -1 wraps to MIN; a zero divisor gives 0. */
static uint64_t eval_div(ir_type t, uint64_t a, uint64_t b)
{
	if (b == 0)
		return 0;
	if (!t.is_signed && !ir_type_none(t))
		return a / b;
	uint64_t q = magnitude(a) / magnitude(b);
	bool neg = is_negative(t, a) != is_negative(t, b);
	return ir_norm(t, neg ? 0 - q : q);
}

/* Signed remainder takes the dividend's sign (C99); MIN % -1 is 0. */
static uint64_t eval_mod(ir_type t, uint64_t a, uint64_t b)
{
	if (b == 0)
		return 0;
	if (!t.is_signed && !ir_type_none(t))
		return a % b;
	uint64_t r = magnitude(a) % magnitude(b);
	return ir_norm(t, is_negative(t, a) ? 0 - r : r);
}

/* "amount" is unsigned; amounts of N or more shift everything out. */
static uint64_t eval_shl(ir_type t, uint64_t a, uint64_t amount)
{
	if (amount >= (uint64_t) type_bits(t))
		return 0;
	return ir_norm(t, a << amount);
}

/* Logical on uN, arithmetic on iN (a is sign-extended to 64 bits). */
static uint64_t eval_shr(ir_type t, uint64_t a, uint64_t amount)
{
	bool neg = is_negative(t, a);
	if (amount >= (uint64_t) type_bits(t))
		return neg ? ~(uint64_t) 0 : 0;
	return neg ? ~(~a >> amount) : a >> amount;
}

static uint64_t eval_compare(ir_op op, ir_type t, uint64_t a, uint64_t b)
{
	switch (op) {
	case IR_OP_EQ: return a == b;
	case IR_OP_NE: return a != b;
	case IR_OP_LT: return less_than(t, a, b);
	case IR_OP_LE: return !less_than(t, b, a);
	case IR_OP_GT: return less_than(t, b, a);
	case IR_OP_GE: return !less_than(t, a, b);
	default: sl_unreachable();
	}
}

uint64_t ir_eval_binop(ir_op op, ir_type t, uint64_t a, uint64_t b)
{
	switch (op) {
	case IR_OP_ADD: return ir_norm(t, a + b);
	case IR_OP_SUB: return ir_norm(t, a - b);
	case IR_OP_MUL: return ir_norm(t, a * b);
	case IR_OP_DIV: return eval_div(t, a, b);
	case IR_OP_MOD: return eval_mod(t, a, b);
	case IR_OP_SHL: return eval_shl(t, a, b);
	case IR_OP_SHR: return eval_shr(t, a, b);
	case IR_OP_AND: return ir_norm(t, a & b);
	case IR_OP_OR: return ir_norm(t, a | b);
	case IR_OP_XOR: return ir_norm(t, a ^ b);
	case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT:
	case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
		return eval_compare(op, t, a, b);
	case IR_OP_LAND: return a != 0 && b != 0;
	case IR_OP_LOR: return a != 0 || b != 0;
	case IR_OP_MIN: return less_than(t, b, a) ? b : a;
	case IR_OP_MAX: return less_than(t, a, b) ? b : a;
	default: sl_unreachable();
	}
}

uint64_t ir_eval_unop(ir_op op, ir_type t, uint64_t a)
{
	switch (op) {
	case IR_OP_NEG: return ir_norm(t, 0 - a);
	case IR_OP_NOT: return ir_norm(t, ~a);
	case IR_OP_LNOT: return a == 0;
	case IR_OP_ABS:
		if (!is_negative(t, a))
			return a;
		return ir_norm(ir_type_make(false, t.bits), 0 - a);
	default: sl_unreachable();
	}
}

/* A normalised source is already sign- or zero-extended to 64 bits, so
 * widening and narrowing both reduce to normalising to "to". */
uint64_t ir_eval_cast(ir_type to, ir_type from, uint64_t v)
{
	return ir_norm(to, ir_norm(from, v));
}

uint64_t ir_shift_amount(ir_type t, uint64_t v)
{
	return v & low_mask(t.bits);
}

/* --------------------------------------------------------------- folding */

#define IR_FOLD_LO (-((__int128) 1 << 63))
#define IR_FOLD_HI ((__int128) 1 << 64)

typedef unsigned __int128 ir_u128;

static bool fold_in_range(__int128 v)
{
	return v >= IR_FOLD_LO && v < IR_FOLD_HI;
}

static bool fold_result(__int128 v, __int128 *r)
{
	if (!fold_in_range(v))
		return false;
	*r = v;
	return true;
}

static ir_u128 fold_mag(__int128 v)
{
	return v < 0 ? (ir_u128) 0 - (ir_u128) v : (ir_u128) v;
}

/* The product of magnitudes "ma" * "mb" (each at most 2^64) with sign
 * "neg", computed without overflow. */
static bool fold_mul_mag(bool neg, ir_u128 ma, ir_u128 mb, __int128 *r)
{
	if (ma == 0 || mb == 0)
		return fold_result(0, r);
	if (ma > ~(ir_u128) 0 / mb)
		return false;
	ir_u128 p = ma * mb;
	if (p > (ir_u128) IR_FOLD_HI)
		return false;
	return fold_result(neg ? -(__int128) p : (__int128) p, r);
}

/* a << b = a * 2^b; |a| >= 1 and b >= 65 always leaves the range. */
static bool fold_shl(__int128 a, __int128 b, __int128 *r)
{
	if (b < 0)
		return false;
	if (a == 0)
		return fold_result(0, r);
	if (b > 64)
		return false;
	return fold_mul_mag(a < 0, fold_mag(a), (ir_u128) 1 << (int) b, r);
}

/* a >> b is floor(a / 2^b). */
static bool fold_shr(__int128 a, __int128 b, __int128 *r)
{
	if (b < 0)
		return false;
	if (b >= 127)
		return fold_result(a < 0 ? -1 : 0, r);
	return fold_result(a < 0 ? ~(~a >> (int) b) : a >> (int) b, r);
}

static bool fold_compare(ir_op op, __int128 a, __int128 b, __int128 *r)
{
	switch (op) {
	case IR_OP_EQ: return fold_result(a == b, r);
	case IR_OP_NE: return fold_result(a != b, r);
	case IR_OP_LT: return fold_result(a < b, r);
	case IR_OP_LE: return fold_result(a <= b, r);
	case IR_OP_GT: return fold_result(a > b, r);
	case IR_OP_GE: return fold_result(a >= b, r);
	default: sl_unreachable();
	}
}

/* "/" truncates toward zero and "%" takes the dividend's sign, as C does
 * on __int128 (no overflow: operands are within [-2^63, 2^64)). */
bool ir_fold_binop(ir_op op, __int128 a, __int128 b, __int128 *r)
{
	if (!fold_in_range(a) || !fold_in_range(b))
		return false;
	switch (op) {
	case IR_OP_ADD: return fold_result(a + b, r);
	case IR_OP_SUB: return fold_result(a - b, r);
	case IR_OP_MUL:
		return fold_mul_mag((a < 0) != (b < 0), fold_mag(a), fold_mag(b), r);
	case IR_OP_DIV: return b != 0 && fold_result(a / b, r);
	case IR_OP_MOD: return b != 0 && fold_result(a % b, r);
	case IR_OP_SHL: return fold_shl(a, b, r);
	case IR_OP_SHR: return fold_shr(a, b, r);
	case IR_OP_AND: return fold_result(a & b, r);
	case IR_OP_OR: return fold_result(a | b, r);
	case IR_OP_XOR: return fold_result(a ^ b, r);
	case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT:
	case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
		return fold_compare(op, a, b, r);
	case IR_OP_LAND: return fold_result(a != 0 && b != 0, r);
	case IR_OP_LOR: return fold_result(a != 0 || b != 0, r);
	case IR_OP_MIN: return fold_result(a < b ? a : b, r);
	case IR_OP_MAX: return fold_result(a < b ? b : a, r);
	default: sl_unreachable();
	}
}

bool ir_fold_unop(ir_op op, __int128 a, __int128 *r)
{
	if (!fold_in_range(a))
		return false;
	switch (op) {
	case IR_OP_NEG: return fold_result(-a, r);
	case IR_OP_NOT: return fold_result(-a - 1, r);
	case IR_OP_LNOT: return fold_result(a == 0, r);
	case IR_OP_ABS: return fold_result(a < 0 ? -a : a, r);
	default: sl_unreachable();
	}
}

/* ----------------------------------------------------- index arithmetic */

/* Floor division; defined for any nonzero d (a zero divisor gives 0, and
 * INT64_MIN / -1 wraps to INT64_MIN). */
int64_t ir_floordiv(int64_t a, int64_t d)
{
	if (d == 0)
		return 0;
	if (d == -1)
		return (int64_t) (0 - (uint64_t) a);
	int64_t q = a / d, rem = a % d;
	if (rem != 0 && (rem < 0) != (d < 0))
		q--;
	return q;
}

/* The remainder of floor division: in [0, d) for d > 0. */
int64_t ir_floormod(int64_t a, int64_t d)
{
	if (d == 0 || d == -1)
		return 0;
	int64_t rem = a % d;
	if (rem != 0 && (rem < 0) != (d < 0))
		rem += d;
	return rem;
}
