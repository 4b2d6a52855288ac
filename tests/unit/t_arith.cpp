// tests/unit/t_arith.cpp: the language's exact integer arithmetic
// (arith/arith.c): wrap-around, division, shifts, casts, literal fitting,
// constant folding and floor division of index expressions.  Every
// expected value is worked out by hand from the spec (language.md,
// "Typing and arithmetic"); the randomized test compares against an
// independent model written with ordinary C++ integers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

// ir/ir.h spells a C11 _Noreturn, which C++17 does not know.
#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "ir/ir.h"

namespace {

typedef __int128 i128;

ir_type U(int bits) { return ir_type_make(false, bits); }
ir_type I(int bits) { return ir_type_make(true, bits); }

// A signed value in its normalised (sign-extended) form.
uint64_t S(int64_t v) { return (uint64_t) v; }

uint64_t bin(ir_op op, ir_type t, uint64_t a, uint64_t b)
{
	return ir_eval_binop(op, t, a, b);
}

uint64_t un(ir_op op, ir_type t, uint64_t a)
{
	return ir_eval_unop(op, t, a);
}

const i128 P63 = (i128) 1 << 63;	// 2^63
const i128 P64 = (i128) 1 << 64;	// 2^64
const i128 U64MAX = P64 - 1;

// Folds, checking the result; a failed fold must leave *r alone.
bool fold2(ir_op op, i128 a, i128 b, i128 *r)
{
	*r = 12345;
	return ir_fold_binop(op, a, b, r);
}

::testing::AssertionResult folds_to(ir_op op, i128 a, i128 b, i128 want)
{
	i128 r;
	if (!fold2(op, a, b, &r))
		return ::testing::AssertionFailure() << "fold failed";
	if (r != want)
		return ::testing::AssertionFailure() << "wrong value (low 64 bits "
			<< (uint64_t) r << ", want " << (uint64_t) want << ")";
	return ::testing::AssertionSuccess();
}

::testing::AssertionResult fold_fails(ir_op op, i128 a, i128 b)
{
	i128 r;
	if (fold2(op, a, b, &r))
		return ::testing::AssertionFailure() << "fold succeeded";
	if (r != 12345)
		return ::testing::AssertionFailure() << "failed fold wrote *r";
	return ::testing::AssertionSuccess();
}

::testing::AssertionResult folds1_to(ir_op op, i128 a, i128 want)
{
	i128 r = 12345;
	if (!ir_fold_unop(op, a, &r))
		return ::testing::AssertionFailure() << "fold failed";
	if (r != want)
		return ::testing::AssertionFailure() << "wrong value";
	return ::testing::AssertionSuccess();
}

::testing::AssertionResult fold1_fails(ir_op op, i128 a)
{
	i128 r = 12345;
	if (ir_fold_unop(op, a, &r))
		return ::testing::AssertionFailure() << "fold succeeded";
	if (r != 12345)
		return ::testing::AssertionFailure() << "failed fold wrote *r";
	return ::testing::AssertionSuccess();
}

} // namespace

// ------------------------------------------------------------- names

TEST(t_arith, type_str)
{
	char buf[8];
	EXPECT_STREQ(ir_type_str(U(8), buf), "u8");
	EXPECT_STREQ(ir_type_str(I(32), buf), "i32");
	EXPECT_STREQ(ir_type_str(U(1), buf), "u1");
	EXPECT_STREQ(ir_type_str(I(64), buf), "i64");
	EXPECT_STREQ(ir_type_str(U(64), buf), "u64");
}

TEST(t_arith, op_str)
{
	EXPECT_STREQ(ir_op_str(IR_OP_ADD), "+");
	EXPECT_STREQ(ir_op_str(IR_OP_MOD), "%");
	EXPECT_STREQ(ir_op_str(IR_OP_SHL), "<<");
	EXPECT_STREQ(ir_op_str(IR_OP_SHR), ">>");
	EXPECT_STREQ(ir_op_str(IR_OP_LE), "<=");
	EXPECT_STREQ(ir_op_str(IR_OP_LAND), "&&");
	EXPECT_STREQ(ir_op_str(IR_OP_MIN), "min");
	EXPECT_STREQ(ir_op_str(IR_OP_NOT), "~");
	EXPECT_STREQ(ir_op_str(IR_OP_LNOT), "!");
	EXPECT_STREQ(ir_op_str(IR_OP_ABS), "abs");
}

// ------------------------------------------------ normalisation, limits

TEST(t_arith, norm)
{
	EXPECT_EQ(ir_norm(U(8), 0x1FF), 0xFFu);
	EXPECT_EQ(ir_norm(U(8), S(-1)), 0xFFu);
	EXPECT_EQ(ir_norm(U(1), 2), 0u);
	EXPECT_EQ(ir_norm(U(1), 3), 1u);
	EXPECT_EQ(ir_norm(I(8), 0x80), S(-128));
	EXPECT_EQ(ir_norm(I(8), 0x17F), 127u);
	EXPECT_EQ(ir_norm(I(8), 0xFFFFFF7Fu), 127u);
	EXPECT_EQ(ir_norm(I(2), 2), S(-2));
	EXPECT_EQ(ir_norm(I(2), 3), S(-1));
	EXPECT_EQ(ir_norm(I(2), 5), 1u);
	EXPECT_EQ(ir_norm(U(63), UINT64_MAX), UINT64_MAX >> 1);
	EXPECT_EQ(ir_norm(U(64), UINT64_MAX), UINT64_MAX);
	EXPECT_EQ(ir_norm(I(64), 0x8000000000000000u), 0x8000000000000000u);
}

TEST(t_arith, type_min_max)
{
	EXPECT_EQ(ir_type_min(U(8)), 0u);
	EXPECT_EQ(ir_type_max(U(8)), 255u);
	EXPECT_EQ(ir_type_min(I(8)), S(-128));
	EXPECT_EQ(ir_type_max(I(8)), 127u);
	EXPECT_EQ(ir_type_min(U(1)), 0u);
	EXPECT_EQ(ir_type_max(U(1)), 1u);
	EXPECT_EQ(ir_type_min(I(2)), S(-2));
	EXPECT_EQ(ir_type_max(I(2)), 1u);
	EXPECT_EQ(ir_type_max(U(63)), 0x7FFFFFFFFFFFFFFFu);
	EXPECT_EQ(ir_type_min(U(64)), 0u);
	EXPECT_EQ(ir_type_max(U(64)), UINT64_MAX);
	EXPECT_EQ(ir_type_min(I(64)), S(INT64_MIN));
	EXPECT_EQ(ir_type_max(I(64)), (uint64_t) INT64_MAX);
	EXPECT_EQ(ir_type_min(I(32)), S(INT32_MIN));
	EXPECT_EQ(ir_type_max(I(32)), (uint64_t) INT32_MAX);
}

TEST(t_arith, fits_u8_literals)
{
	EXPECT_TRUE(ir_fits(U(8), 0));
	EXPECT_TRUE(ir_fits(U(8), 255));
	EXPECT_FALSE(ir_fits(U(8), 256));
	EXPECT_FALSE(ir_fits(U(8), -1));
}

TEST(t_arith, fits_i8_literals)
{
	EXPECT_TRUE(ir_fits(I(8), -128));
	EXPECT_TRUE(ir_fits(I(8), 127));
	EXPECT_FALSE(ir_fits(I(8), 128));
	EXPECT_FALSE(ir_fits(I(8), -129));
}

TEST(t_arith, fits_narrow_and_wide)
{
	EXPECT_TRUE(ir_fits(U(1), 1));
	EXPECT_FALSE(ir_fits(U(1), 2));
	EXPECT_FALSE(ir_fits(U(1), -1));
	EXPECT_TRUE(ir_fits(I(2), -2));
	EXPECT_TRUE(ir_fits(I(2), 1));
	EXPECT_FALSE(ir_fits(I(2), 2));
	EXPECT_FALSE(ir_fits(I(2), -3));
	EXPECT_TRUE(ir_fits(U(63), P63 - 1));
	EXPECT_FALSE(ir_fits(U(63), P63));
	EXPECT_TRUE(ir_fits(U(64), U64MAX));
	EXPECT_FALSE(ir_fits(U(64), P64));
	EXPECT_FALSE(ir_fits(U(64), -1));
	EXPECT_TRUE(ir_fits(I(64), -P63));
	EXPECT_TRUE(ir_fits(I(64), P63 - 1));
	EXPECT_FALSE(ir_fits(I(64), P63));
	EXPECT_FALSE(ir_fits(I(64), -P63 - 1));
	EXPECT_TRUE(ir_fits(I(16), -32768));
	EXPECT_FALSE(ir_fits(I(16), 32768));
	EXPECT_TRUE(ir_fits(U(32), 4294967295LL));
	EXPECT_FALSE(ir_fits(U(32), 4294967296LL));
}

// ---------------------------------------------------------- wrap-around

TEST(t_arith, wrap_u8_add)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(8), 200, 100), 44u);	// 300 - 256
	EXPECT_EQ(bin(IR_OP_ADD, U(8), 255, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(8), 0, 1), 255u);
	EXPECT_EQ(bin(IR_OP_SUB, U(8), 3, 5), 254u);
	EXPECT_EQ(bin(IR_OP_MUL, U(8), 16, 16), 0u);
	EXPECT_EQ(bin(IR_OP_MUL, U(8), 20, 13), 4u);	// 260 - 256
}

TEST(t_arith, wrap_u1)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(1), 1, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(1), 0, 1), 1u);
	EXPECT_EQ(bin(IR_OP_MUL, U(1), 1, 1), 1u);
	EXPECT_EQ(un(IR_OP_NEG, U(1), 1), 1u);		// -1 mod 2
	EXPECT_EQ(un(IR_OP_NOT, U(1), 1), 0u);
}

TEST(t_arith, wrap_u3)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(3), 7, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(3), 0, 1), 7u);
	EXPECT_EQ(bin(IR_OP_MUL, U(3), 5, 3), 7u);	// 15 mod 8
	EXPECT_EQ(bin(IR_OP_MUL, U(3), 6, 6), 4u);	// 36 mod 8
	EXPECT_EQ(un(IR_OP_NEG, U(3), 3), 5u);
}

TEST(t_arith, wrap_u16)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(16), 65535, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(16), 0, 1), 65535u);
	EXPECT_EQ(bin(IR_OP_MUL, U(16), 300, 300), 24464u);	// 90000 - 65536
}

TEST(t_arith, wrap_u32)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(32), 0xFFFFFFFFu, 2), 1u);
	EXPECT_EQ(bin(IR_OP_MUL, U(32), 0x10000, 0x10000), 0u);
	EXPECT_EQ(bin(IR_OP_MUL, U(32), 0x10001, 0x10001), 0x20001u);
	EXPECT_EQ(bin(IR_OP_SUB, U(32), 0, 1), 0xFFFFFFFFu);
}

TEST(t_arith, wrap_u63)
{
	const uint64_t max = 0x7FFFFFFFFFFFFFFFu;
	EXPECT_EQ(bin(IR_OP_ADD, U(63), max, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(63), 0, 1), max);
	EXPECT_EQ(bin(IR_OP_MUL, U(63), (uint64_t) 1 << 62, 2), 0u);
	EXPECT_EQ(bin(IR_OP_MUL, U(63), max, max), 1u);	// (-1)^2
}

TEST(t_arith, wrap_u64)
{
	EXPECT_EQ(bin(IR_OP_ADD, U(64), UINT64_MAX, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SUB, U(64), 0, 1), UINT64_MAX);
	EXPECT_EQ(bin(IR_OP_MUL, U(64), UINT64_MAX, UINT64_MAX), 1u);
	EXPECT_EQ(bin(IR_OP_MUL, U(64), (uint64_t) 1 << 32, (uint64_t) 1 << 32), 0u);
}

TEST(t_arith, wrap_i2)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(2), 1, 1), S(-2));
	EXPECT_EQ(bin(IR_OP_SUB, I(2), S(-2), 1), 1u);
	EXPECT_EQ(bin(IR_OP_MUL, I(2), S(-2), S(-1)), S(-2));
	EXPECT_EQ(un(IR_OP_NEG, I(2), S(-2)), S(-2));
	EXPECT_EQ(un(IR_OP_NEG, I(2), 1), S(-1));
}

TEST(t_arith, wrap_i7)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(7), 63, 1), S(-64));
	EXPECT_EQ(bin(IR_OP_SUB, I(7), S(-64), 1), 63u);
	EXPECT_EQ(bin(IR_OP_MUL, I(7), 10, 10), S(-28));	// 100 - 128
}

TEST(t_arith, wrap_i8)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(8), 127, 1), S(-128));
	EXPECT_EQ(bin(IR_OP_SUB, I(8), S(-128), 1), 127u);
	EXPECT_EQ(bin(IR_OP_MUL, I(8), 16, 16), 0u);
	EXPECT_EQ(bin(IR_OP_MUL, I(8), 100, 3), 44u);		// 300 - 256
	EXPECT_EQ(bin(IR_OP_MUL, I(8), S(-100), 3), S(-44));	// -300 + 256
	EXPECT_EQ(un(IR_OP_NEG, I(8), S(-128)), S(-128));
	EXPECT_EQ(un(IR_OP_NEG, I(8), 5), S(-5));
}

TEST(t_arith, wrap_i16)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(16), 32767, 1), S(-32768));
	EXPECT_EQ(bin(IR_OP_MUL, I(16), 200, 200), S(-25536));	// 40000 - 65536
	EXPECT_EQ(bin(IR_OP_SUB, I(16), S(-32768), 2), 32766u);
}

TEST(t_arith, wrap_i32)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(32), INT32_MAX, 1), S(INT32_MIN));
	EXPECT_EQ(bin(IR_OP_MUL, I(32), 65536, 65536), 0u);
	EXPECT_EQ(bin(IR_OP_MUL, I(32), 0x10000, 0x8000), S(INT32_MIN));
	EXPECT_EQ(un(IR_OP_NEG, I(32), S(INT32_MIN)), S(INT32_MIN));
}

TEST(t_arith, wrap_i64)
{
	EXPECT_EQ(bin(IR_OP_ADD, I(64), INT64_MAX, 1), S(INT64_MIN));
	EXPECT_EQ(bin(IR_OP_SUB, I(64), S(INT64_MIN), 1), (uint64_t) INT64_MAX);
	EXPECT_EQ(bin(IR_OP_MUL, I(64), S(INT64_MIN), S(-1)), S(INT64_MIN));
	EXPECT_EQ(bin(IR_OP_MUL, I(64), S(-3), S(-5)), 15u);
	EXPECT_EQ(un(IR_OP_NEG, I(64), S(INT64_MIN)), S(INT64_MIN));
}

// ------------------------------------------------------------- division

TEST(t_arith, div_signed_truncates)
{
	for (int bits : { 8, 32, 64 }) {
		SCOPED_TRACE(bits);
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), 7, 2), 3u);
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), S(-7), 2), S(-3));
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), 7, S(-2)), S(-3));
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), S(-7), S(-2)), 3u);
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), S(-1), 2), 0u);
		EXPECT_EQ(bin(IR_OP_DIV, I(bits), 6, S(-3)), S(-2));
	}
}

TEST(t_arith, mod_signed_dividend_sign)
{
	for (int bits : { 8, 32, 64 }) {
		SCOPED_TRACE(bits);
		EXPECT_EQ(bin(IR_OP_MOD, I(bits), 7, 2), 1u);
		EXPECT_EQ(bin(IR_OP_MOD, I(bits), S(-7), 2), S(-1));
		EXPECT_EQ(bin(IR_OP_MOD, I(bits), 7, S(-2)), 1u);
		EXPECT_EQ(bin(IR_OP_MOD, I(bits), S(-7), S(-2)), S(-1));
		EXPECT_EQ(bin(IR_OP_MOD, I(bits), S(-6), 3), 0u);
	}
}

TEST(t_arith, div_min_by_minus_one)
{
	EXPECT_EQ(bin(IR_OP_DIV, I(8), S(-128), S(-1)), S(-128));
	EXPECT_EQ(bin(IR_OP_MOD, I(8), S(-128), S(-1)), 0u);
	EXPECT_EQ(bin(IR_OP_DIV, I(64), S(INT64_MIN), S(-1)), S(INT64_MIN));
	EXPECT_EQ(bin(IR_OP_MOD, I(64), S(INT64_MIN), S(-1)), 0u);
	EXPECT_EQ(bin(IR_OP_DIV, I(2), S(-2), S(-1)), S(-2));
	EXPECT_EQ(bin(IR_OP_MOD, I(2), S(-2), S(-1)), 0u);
}

TEST(t_arith, div_min_other)
{
	EXPECT_EQ(bin(IR_OP_DIV, I(8), S(-128), 1), S(-128));
	EXPECT_EQ(bin(IR_OP_DIV, I(8), S(-128), 2), S(-64));
	EXPECT_EQ(bin(IR_OP_DIV, I(8), S(-128), 3), S(-42));	// 128 = 42*3 + 2
	EXPECT_EQ(bin(IR_OP_MOD, I(8), S(-128), 3), S(-2));
	EXPECT_EQ(bin(IR_OP_DIV, I(8), S(-128), S(-128)), 1u);
	EXPECT_EQ(bin(IR_OP_DIV, I(8), 127, S(-128)), 0u);
	EXPECT_EQ(bin(IR_OP_MOD, I(8), 127, S(-128)), 127u);
	EXPECT_EQ(bin(IR_OP_DIV, I(64), S(INT64_MIN), 2), S(INT64_MIN / 2));
	EXPECT_EQ(bin(IR_OP_DIV, I(64), INT64_MAX, S(INT64_MIN)), 0u);
}

TEST(t_arith, div_unsigned_floor)
{
	EXPECT_EQ(bin(IR_OP_DIV, U(8), 200, 7), 28u);	// 7 * 28 = 196
	EXPECT_EQ(bin(IR_OP_MOD, U(8), 200, 7), 4u);
	EXPECT_EQ(bin(IR_OP_DIV, U(8), 255, 255), 1u);
	EXPECT_EQ(bin(IR_OP_DIV, U(8), 254, 255), 0u);
	EXPECT_EQ(bin(IR_OP_MOD, U(8), 254, 255), 254u);
	// uN values at or above 2^(N-1) are large positives, not negatives.
	EXPECT_EQ(bin(IR_OP_DIV, U(8), 0x80, 2), 0x40u);
	EXPECT_EQ(bin(IR_OP_DIV, U(64), UINT64_MAX, 2), UINT64_MAX >> 1);
	EXPECT_EQ(bin(IR_OP_MOD, U(64), UINT64_MAX, 10), 5u);	// ...615
	EXPECT_EQ(bin(IR_OP_DIV, U(64), 10, UINT64_MAX), 0u);
}

TEST(t_arith, div_by_zero_gives_zero)
{
	EXPECT_EQ(bin(IR_OP_DIV, U(8), 7, 0), 0u);
	EXPECT_EQ(bin(IR_OP_MOD, U(8), 7, 0), 0u);
	EXPECT_EQ(bin(IR_OP_DIV, I(64), S(INT64_MIN), 0), 0u);
	EXPECT_EQ(bin(IR_OP_MOD, I(64), S(-1), 0), 0u);
}

// --------------------------------------------------------------- shifts

TEST(t_arith, shl_unsigned)
{
	EXPECT_EQ(bin(IR_OP_SHL, U(8), 1, 7), 128u);
	EXPECT_EQ(bin(IR_OP_SHL, U(8), 1, 8), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(8), 1, 200), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(8), 0xFF, 4), 0xF0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(1), 1, 0), 1u);
	EXPECT_EQ(bin(IR_OP_SHL, U(1), 1, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(64), 1, 63), 0x8000000000000000u);
	EXPECT_EQ(bin(IR_OP_SHL, U(64), 1, 64), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(64), UINT64_MAX, 65), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(64), 3, 1000), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, U(64), 5, UINT64_MAX), 0u);
}

TEST(t_arith, shl_signed)
{
	EXPECT_EQ(bin(IR_OP_SHL, I(8), 1, 7), S(-128));
	EXPECT_EQ(bin(IR_OP_SHL, I(8), 1, 8), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, I(8), S(-1), 7), S(-128));
	EXPECT_EQ(bin(IR_OP_SHL, I(8), S(-1), 8), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, I(8), 3, 6), S(-64));		// 192 - 256
	EXPECT_EQ(bin(IR_OP_SHL, I(8), S(-3), 1), S(-6));
	EXPECT_EQ(bin(IR_OP_SHL, I(64), 1, 63), S(INT64_MIN));
	EXPECT_EQ(bin(IR_OP_SHL, I(64), 1, 64), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, I(64), S(-1), 64), 0u);
	EXPECT_EQ(bin(IR_OP_SHL, I(64), S(-1), 63), S(INT64_MIN));
}

TEST(t_arith, shr_unsigned_logical)
{
	EXPECT_EQ(bin(IR_OP_SHR, U(8), 0x80, 7), 1u);
	EXPECT_EQ(bin(IR_OP_SHR, U(8), 0x80, 8), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, U(8), 0xFF, 9), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, U(8), 0xFF, 1), 0x7Fu);
	EXPECT_EQ(bin(IR_OP_SHR, U(1), 1, 1), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, U(64), UINT64_MAX, 63), 1u);
	EXPECT_EQ(bin(IR_OP_SHR, U(64), UINT64_MAX, 64), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, U(64), UINT64_MAX, 1), UINT64_MAX >> 1);
	EXPECT_EQ(bin(IR_OP_SHR, U(64), UINT64_MAX, UINT64_MAX), 0u);
}

TEST(t_arith, shr_signed_arithmetic)
{
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-128), 7), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-128), 1), S(-64));
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-7), 1), S(-4));	// floor(-3.5)
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-5), 2), S(-2));	// floor(-1.25)
	EXPECT_EQ(bin(IR_OP_SHR, I(8), 64, 6), 1u);
	EXPECT_EQ(bin(IR_OP_SHR, I(8), 127, 7), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, I(8), 127, 8), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, I(64), S(INT64_MIN), 63), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(64), S(INT64_MIN), 62), S(-2));
	EXPECT_EQ(bin(IR_OP_SHR, I(64), INT64_MAX, 62), 1u);
	EXPECT_EQ(bin(IR_OP_SHR, I(64), INT64_MAX, 63), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, I(64), INT64_MAX, 64), 0u);
}

TEST(t_arith, shr_negative_by_n_or_more)
{
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-1), 8), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-1), 255), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-100), 9), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(2), S(-2), 2), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(64), S(-1), 64), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(64), S(INT64_MIN), 1000), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(64), S(-5), UINT64_MAX), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(16), 5, 16), 0u);
}

TEST(t_arith, shift_amount_reads_unsigned)
{
	EXPECT_EQ(ir_shift_amount(I(8), S(-1)), 255u);
	EXPECT_EQ(ir_shift_amount(I(8), S(-128)), 128u);
	EXPECT_EQ(ir_shift_amount(I(2), S(-1)), 3u);
	EXPECT_EQ(ir_shift_amount(I(2), S(-2)), 2u);
	EXPECT_EQ(ir_shift_amount(I(32), S(-1)), 0xFFFFFFFFu);
	EXPECT_EQ(ir_shift_amount(I(64), S(-1)), UINT64_MAX);
	EXPECT_EQ(ir_shift_amount(U(8), 200), 200u);
	EXPECT_EQ(ir_shift_amount(U(1), 1), 1u);
	EXPECT_EQ(ir_shift_amount(I(8), 3), 3u);
}

TEST(t_arith, shift_by_negative_signed_amount)
{
	// u8 1 << i8(-1): the amount is 255, so everything shifts out.
	EXPECT_EQ(bin(IR_OP_SHL, U(8), 1, ir_shift_amount(I(8), S(-1))), 0u);
	EXPECT_EQ(bin(IR_OP_SHR, I(8), S(-4), ir_shift_amount(I(8), S(-1))), S(-1));
	EXPECT_EQ(bin(IR_OP_SHR, I(8), 4, ir_shift_amount(I(8), S(-1))), 0u);
	// i16 100 >> i2(-2): amount 2.
	EXPECT_EQ(bin(IR_OP_SHR, I(16), 100, ir_shift_amount(I(2), S(-2))), 25u);
	// u64 1 << i64(-1): amount 2^64 - 1.
	EXPECT_EQ(bin(IR_OP_SHL, U(64), 1, ir_shift_amount(I(64), S(-1))), 0u);
}

// ------------------------------------------- comparisons, logic, min/max

TEST(t_arith, compare_signedness)
{
	EXPECT_EQ(bin(IR_OP_LT, I(8), S(-1), 1), 1u);
	EXPECT_EQ(bin(IR_OP_LT, U(8), 255, 1), 0u);
	EXPECT_EQ(bin(IR_OP_LT, I(8), S(-128), 127), 1u);
	EXPECT_EQ(bin(IR_OP_GT, U(8), 0x80, 0x7F), 1u);
	EXPECT_EQ(bin(IR_OP_GT, I(8), S(-128), 127), 0u);
	EXPECT_EQ(bin(IR_OP_LT, I(64), S(INT64_MIN), 0), 1u);
	EXPECT_EQ(bin(IR_OP_GT, U(64), UINT64_MAX, 0), 1u);
	EXPECT_EQ(bin(IR_OP_LE, I(16), S(-3), S(-3)), 1u);
	EXPECT_EQ(bin(IR_OP_LE, I(16), S(-2), S(-3)), 0u);
	EXPECT_EQ(bin(IR_OP_GE, U(16), 7, 7), 1u);
	EXPECT_EQ(bin(IR_OP_GE, U(16), 6, 7), 0u);
	EXPECT_EQ(bin(IR_OP_EQ, I(32), S(-5), S(-5)), 1u);
	EXPECT_EQ(bin(IR_OP_EQ, I(32), S(-5), 5), 0u);
	EXPECT_EQ(bin(IR_OP_NE, U(1), 0, 1), 1u);
	EXPECT_EQ(bin(IR_OP_NE, U(1), 1, 1), 0u);
}

TEST(t_arith, logic_and_or)
{
	EXPECT_EQ(bin(IR_OP_LAND, U(1), 1, 1), 1u);
	EXPECT_EQ(bin(IR_OP_LAND, U(1), 1, 0), 0u);
	EXPECT_EQ(bin(IR_OP_LAND, U(1), 0, 1), 0u);
	EXPECT_EQ(bin(IR_OP_LOR, U(1), 0, 0), 0u);
	EXPECT_EQ(bin(IR_OP_LOR, U(1), 0, 1), 1u);
	EXPECT_EQ(bin(IR_OP_LOR, U(1), 1, 0), 1u);
	EXPECT_EQ(un(IR_OP_LNOT, U(1), 0), 1u);
	EXPECT_EQ(un(IR_OP_LNOT, U(1), 1), 0u);
}

TEST(t_arith, bitwise)
{
	EXPECT_EQ(bin(IR_OP_AND, U(8), 0xF0, 0x3C), 0x30u);
	EXPECT_EQ(bin(IR_OP_OR, U(8), 0xF0, 0x0F), 0xFFu);
	EXPECT_EQ(bin(IR_OP_XOR, U(8), 0xFF, 0x0F), 0xF0u);
	EXPECT_EQ(bin(IR_OP_AND, I(8), S(-1), 0x7F), 0x7Fu);
	EXPECT_EQ(bin(IR_OP_XOR, I(8), S(-1), 0x7F), S(-128));
	EXPECT_EQ(bin(IR_OP_OR, I(8), S(-128), 1), S(-127));
	EXPECT_EQ(un(IR_OP_NOT, U(8), 0), 255u);
	EXPECT_EQ(un(IR_OP_NOT, U(3), 5), 2u);
	EXPECT_EQ(un(IR_OP_NOT, I(8), 0), S(-1));
	EXPECT_EQ(un(IR_OP_NOT, I(8), S(-128)), 127u);
	EXPECT_EQ(un(IR_OP_NOT, U(64), 0), UINT64_MAX);
}

TEST(t_arith, min_max)
{
	EXPECT_EQ(bin(IR_OP_MIN, I(8), S(-1), 1), S(-1));
	EXPECT_EQ(bin(IR_OP_MIN, U(8), 255, 1), 1u);
	EXPECT_EQ(bin(IR_OP_MAX, I(8), S(-128), 127), 127u);
	EXPECT_EQ(bin(IR_OP_MAX, U(8), 0x80, 0x7F), 0x80u);
	EXPECT_EQ(bin(IR_OP_MIN, I(64), S(INT64_MIN), INT64_MAX), S(INT64_MIN));
	EXPECT_EQ(bin(IR_OP_MAX, U(64), UINT64_MAX, 0), UINT64_MAX);
}

// ------------------------------------------------------------ unary, abs

TEST(t_arith, neg_unsigned)
{
	EXPECT_EQ(un(IR_OP_NEG, U(8), 1), 255u);
	EXPECT_EQ(un(IR_OP_NEG, U(8), 0), 0u);
	EXPECT_EQ(un(IR_OP_NEG, U(8), 128), 128u);
	EXPECT_EQ(un(IR_OP_NEG, U(64), 1), UINT64_MAX);
}

TEST(t_arith, abs_of_min)
{
	EXPECT_EQ(un(IR_OP_ABS, I(8), S(-128)), 128u);	// u8 128, not sign-extended
	EXPECT_EQ(un(IR_OP_ABS, I(2), S(-2)), 2u);
	EXPECT_EQ(un(IR_OP_ABS, I(16), S(-32768)), 32768u);
	EXPECT_EQ(un(IR_OP_ABS, I(64), S(INT64_MIN)), 0x8000000000000000u);
}

TEST(t_arith, abs_values)
{
	EXPECT_EQ(un(IR_OP_ABS, I(8), S(-5)), 5u);
	EXPECT_EQ(un(IR_OP_ABS, I(8), 7), 7u);
	EXPECT_EQ(un(IR_OP_ABS, I(8), S(-1)), 1u);
	EXPECT_EQ(un(IR_OP_ABS, I(8), 127), 127u);
	EXPECT_EQ(un(IR_OP_ABS, U(8), 200), 200u);
	EXPECT_EQ(un(IR_OP_ABS, U(64), UINT64_MAX), UINT64_MAX);
	EXPECT_EQ(un(IR_OP_ABS, I(64), S(-1)), 1u);
}

// ---------------------------------------------------------------- casts

TEST(t_arith, cast_narrow)
{
	EXPECT_EQ(ir_eval_cast(U(8), U(16), 300), 44u);
	EXPECT_EQ(ir_eval_cast(I(8), U(16), 200), S(-56));
	EXPECT_EQ(ir_eval_cast(I(8), I(32), 200), S(-56));
	EXPECT_EQ(ir_eval_cast(U(8), I(64), S(-129)), 127u);
	EXPECT_EQ(ir_eval_cast(I(8), I(64), 128), S(-128));
	EXPECT_EQ(ir_eval_cast(U(1), U(8), 3), 1u);
	EXPECT_EQ(ir_eval_cast(U(1), U(8), 2), 0u);
	EXPECT_EQ(ir_eval_cast(I(2), U(8), 3), S(-1));
	EXPECT_EQ(ir_eval_cast(I(2), I(8), 2), S(-2));
	EXPECT_EQ(ir_eval_cast(I(8), U(64), 0x80), S(-128));
	EXPECT_EQ(ir_eval_cast(U(32), I(64), S(-1)), 0xFFFFFFFFu);
}

TEST(t_arith, cast_widen)
{
	EXPECT_EQ(ir_eval_cast(U(16), I(8), S(-1)), 65535u);	// sign-extend, keep 16
	EXPECT_EQ(ir_eval_cast(I(16), I(8), S(-1)), S(-1));
	EXPECT_EQ(ir_eval_cast(U(16), U(8), 255), 255u);
	EXPECT_EQ(ir_eval_cast(I(16), U(8), 255), 255u);	// zero-extend
	EXPECT_EQ(ir_eval_cast(I(32), U(8), 200), 200u);
	EXPECT_EQ(ir_eval_cast(U(64), I(8), S(-1)), UINT64_MAX);
	EXPECT_EQ(ir_eval_cast(I(64), I(2), S(-2)), S(-2));
	EXPECT_EQ(ir_eval_cast(U(64), U(1), 1), 1u);
	EXPECT_EQ(ir_eval_cast(U(64), I(32), S(INT32_MIN)), 0xFFFFFFFF80000000u);
}

TEST(t_arith, cast_same_width)
{
	EXPECT_EQ(ir_eval_cast(I(64), U(64), UINT64_MAX), S(-1));
	EXPECT_EQ(ir_eval_cast(U(8), I(8), S(-128)), 128u);
	EXPECT_EQ(ir_eval_cast(I(8), U(8), 255), S(-1));
	EXPECT_EQ(ir_eval_cast(I(8), I(8), S(-7)), S(-7));
}

// -------------------------------------------------------------- folding

TEST(t_arith, fold_range_limits)
{
	EXPECT_TRUE(folds_to(IR_OP_ADD, U64MAX - 1, 1, U64MAX));
	EXPECT_TRUE(fold_fails(IR_OP_ADD, U64MAX, 1));
	EXPECT_TRUE(folds_to(IR_OP_SUB, -P63 + 1, 1, -P63));
	EXPECT_TRUE(fold_fails(IR_OP_SUB, -P63, 1));
	EXPECT_TRUE(folds_to(IR_OP_SUB, 0, P63, -P63));
	EXPECT_TRUE(fold_fails(IR_OP_SUB, 0, P63 + 1));
	EXPECT_TRUE(folds_to(IR_OP_ADD, -P63, U64MAX, P63 - 1));
	// Operands outside the range are not intermediate values.
	EXPECT_TRUE(fold_fails(IR_OP_ADD, P64, -1));
	EXPECT_TRUE(fold_fails(IR_OP_ADD, -P63 - 1, 1));
}

TEST(t_arith, fold_shl_limits)
{
	EXPECT_TRUE(folds_to(IR_OP_SHL, 1, 63, P63));
	EXPECT_TRUE(folds_to(IR_OP_SHL, 1, 0, 1));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, 64));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 2, 63));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 3, 63));
	EXPECT_TRUE(folds_to(IR_OP_SHL, -1, 63, -P63));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, -1, 64));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, 65));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, 127));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, 128));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, 1000));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, U64MAX, U64MAX));
	EXPECT_TRUE(fold_fails(IR_OP_SHL, -P63, U64MAX));
	EXPECT_TRUE(folds_to(IR_OP_SHL, 0, 1000, 0));
	EXPECT_TRUE(folds_to(IR_OP_SHL, U64MAX, 0, U64MAX));
	EXPECT_TRUE(folds_to(IR_OP_SHL, (i128) 0xFF, 56, (i128) 0xFF << 56));
	EXPECT_TRUE(folds_to(IR_OP_SHL, -3, 2, -12));
}

TEST(t_arith, fold_shift_negative_amount_bad)
{
	EXPECT_TRUE(fold_fails(IR_OP_SHL, 1, -1));
	EXPECT_TRUE(fold_fails(IR_OP_SHR, 8, -1));
	EXPECT_TRUE(fold_fails(IR_OP_SHR, 8, -P63));
}

TEST(t_arith, fold_shr_floor)
{
	EXPECT_TRUE(folds_to(IR_OP_SHR, 7, 1, 3));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -7, 1, -4));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -1, 1, -1));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -1, 1000, -1));
	EXPECT_TRUE(folds_to(IR_OP_SHR, 5, 1000, 0));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -5, U64MAX, -1));
	EXPECT_TRUE(folds_to(IR_OP_SHR, U64MAX, 63, 1));
	EXPECT_TRUE(folds_to(IR_OP_SHR, U64MAX, 64, 0));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -P63, 63, -1));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -P63, 62, -2));
	EXPECT_TRUE(folds_to(IR_OP_SHR, -P63, 64, -1));
}

TEST(t_arith, fold_mul_limits)
{
	const i128 p32 = (i128) 1 << 32;
	EXPECT_TRUE(fold_fails(IR_OP_MUL, p32, p32));
	EXPECT_TRUE(folds_to(IR_OP_MUL, p32, p32 - 1, P64 - p32));
	EXPECT_TRUE(folds_to(IR_OP_MUL, -P63, 1, -P63));
	EXPECT_TRUE(folds_to(IR_OP_MUL, -P63, -1, P63));
	EXPECT_TRUE(fold_fails(IR_OP_MUL, U64MAX, U64MAX));
	EXPECT_TRUE(fold_fails(IR_OP_MUL, -P63, U64MAX));
	EXPECT_TRUE(fold_fails(IR_OP_MUL, -P63, -P63));
	EXPECT_TRUE(folds_to(IR_OP_MUL, -p32, P63 >> 32, -P63));
	EXPECT_TRUE(fold_fails(IR_OP_MUL, -p32, (P63 >> 32) + 1));
	EXPECT_TRUE(fold_fails(IR_OP_MUL, -1, U64MAX));
	EXPECT_TRUE(folds_to(IR_OP_MUL, 0, U64MAX, 0));
	EXPECT_TRUE(folds_to(IR_OP_MUL, -6, 7, -42));
}

TEST(t_arith, fold_div_truncates)
{
	EXPECT_TRUE(folds_to(IR_OP_DIV, 7, 2, 3));
	EXPECT_TRUE(folds_to(IR_OP_DIV, -7, 2, -3));
	EXPECT_TRUE(folds_to(IR_OP_DIV, 7, -2, -3));
	EXPECT_TRUE(folds_to(IR_OP_DIV, -7, -2, 3));
	EXPECT_TRUE(folds_to(IR_OP_MOD, 7, 2, 1));
	EXPECT_TRUE(folds_to(IR_OP_MOD, -7, 2, -1));
	EXPECT_TRUE(folds_to(IR_OP_MOD, 7, -2, 1));
	EXPECT_TRUE(folds_to(IR_OP_MOD, -7, -2, -1));
	EXPECT_TRUE(folds_to(IR_OP_DIV, -1, 2, 0));
	EXPECT_TRUE(folds_to(IR_OP_DIV, U64MAX, 2, P63 - 1));
	EXPECT_TRUE(folds_to(IR_OP_MOD, U64MAX, 2, 1));
	EXPECT_TRUE(folds_to(IR_OP_DIV, -P63, -1, P63));
	EXPECT_TRUE(folds_to(IR_OP_MOD, -P63, -1, 0));
	EXPECT_TRUE(fold_fails(IR_OP_DIV, U64MAX, -1));	// -(2^64 - 1)
	EXPECT_TRUE(folds_to(IR_OP_DIV, P63, -1, -P63));
}

TEST(t_arith, fold_div_by_zero_bad)
{
	EXPECT_TRUE(fold_fails(IR_OP_DIV, 1, 0));
	EXPECT_TRUE(fold_fails(IR_OP_MOD, 1, 0));
	EXPECT_TRUE(fold_fails(IR_OP_DIV, 0, 0));
}

TEST(t_arith, fold_compare_logic)
{
	EXPECT_TRUE(folds_to(IR_OP_LT, 3, 5, 1));
	EXPECT_TRUE(folds_to(IR_OP_LT, -1, U64MAX, 1));
	EXPECT_TRUE(folds_to(IR_OP_GT, -1, U64MAX, 0));
	EXPECT_TRUE(folds_to(IR_OP_LE, 4, 4, 1));
	EXPECT_TRUE(folds_to(IR_OP_GE, 3, 4, 0));
	EXPECT_TRUE(folds_to(IR_OP_EQ, -P63, -P63, 1));
	EXPECT_TRUE(folds_to(IR_OP_NE, -P63, -P63, 0));
	EXPECT_TRUE(folds_to(IR_OP_LAND, 5, -3, 1));
	EXPECT_TRUE(folds_to(IR_OP_LAND, 5, 0, 0));
	EXPECT_TRUE(folds_to(IR_OP_LOR, 0, 0, 0));
	EXPECT_TRUE(folds_to(IR_OP_LOR, 0, U64MAX, 1));
	EXPECT_TRUE(folds_to(IR_OP_MIN, -3, 2, -3));
	EXPECT_TRUE(folds_to(IR_OP_MAX, -3, U64MAX, U64MAX));
	EXPECT_TRUE(folds1_to(IR_OP_LNOT, 0, 1));
	EXPECT_TRUE(folds1_to(IR_OP_LNOT, 7, 0));
	EXPECT_TRUE(folds1_to(IR_OP_LNOT, -1, 0));
}

TEST(t_arith, fold_bitwise)
{
	EXPECT_TRUE(folds_to(IR_OP_AND, -1, 0xFF, 0xFF));
	EXPECT_TRUE(folds_to(IR_OP_AND, -1, U64MAX, U64MAX));
	EXPECT_TRUE(folds_to(IR_OP_OR, -256, 255, -1));
	EXPECT_TRUE(folds_to(IR_OP_XOR, 0xF0, 0xFF, 0x0F));
	EXPECT_TRUE(fold_fails(IR_OP_XOR, -1, U64MAX));	// -2^64
	EXPECT_TRUE(folds_to(IR_OP_OR, -P63, U64MAX, -1));	// every bit set
	EXPECT_TRUE(folds_to(IR_OP_AND, -P63, U64MAX, P63));	// bit 63 only
	EXPECT_TRUE(folds_to(IR_OP_OR, -P63, P63, -P63));
}

TEST(t_arith, fold_unary)
{
	EXPECT_TRUE(folds1_to(IR_OP_NOT, 0, -1));
	EXPECT_TRUE(folds1_to(IR_OP_NOT, -1, 0));
	EXPECT_TRUE(folds1_to(IR_OP_NOT, 5, -6));
	EXPECT_TRUE(folds1_to(IR_OP_NOT, -P63, P63 - 1));
	EXPECT_TRUE(folds1_to(IR_OP_NOT, P63 - 1, -P63));
	EXPECT_TRUE(fold1_fails(IR_OP_NOT, P63));		// -2^63 - 1
	EXPECT_TRUE(fold1_fails(IR_OP_NOT, U64MAX));
	EXPECT_TRUE(folds1_to(IR_OP_NEG, P63, -P63));
	EXPECT_TRUE(folds1_to(IR_OP_NEG, -P63, P63));
	EXPECT_TRUE(fold1_fails(IR_OP_NEG, P63 + 1));
	EXPECT_TRUE(fold1_fails(IR_OP_NEG, U64MAX));
	EXPECT_TRUE(folds1_to(IR_OP_ABS, -P63, P63));
	EXPECT_TRUE(folds1_to(IR_OP_ABS, -5, 5));
	EXPECT_TRUE(folds1_to(IR_OP_ABS, U64MAX, U64MAX));
	EXPECT_TRUE(fold1_fails(IR_OP_NEG, P64));
}

// ---------------------------------------------------- index arithmetic

TEST(t_arith, floordiv_floormod)
{
	EXPECT_EQ(ir_floordiv(-1, 2), -1);
	EXPECT_EQ(ir_floormod(-1, 2), 1);
	EXPECT_EQ(ir_floordiv(-7, 2), -4);
	EXPECT_EQ(ir_floormod(-7, 2), 1);
	EXPECT_EQ(ir_floordiv(7, 2), 3);
	EXPECT_EQ(ir_floormod(7, 2), 1);
	EXPECT_EQ(ir_floordiv(-6, 3), -2);
	EXPECT_EQ(ir_floormod(-6, 3), 0);
	EXPECT_EQ(ir_floordiv(-8, 3), -3);
	EXPECT_EQ(ir_floormod(-8, 3), 1);
	EXPECT_EQ(ir_floordiv(0, 5), 0);
	EXPECT_EQ(ir_floormod(0, 5), 0);
	EXPECT_EQ(ir_floordiv(4, 5), 0);
	EXPECT_EQ(ir_floormod(4, 5), 4);
}

TEST(t_arith, floordiv_extremes)
{
	EXPECT_EQ(ir_floordiv(INT64_MIN, 1), INT64_MIN);
	EXPECT_EQ(ir_floormod(INT64_MIN, 1), 0);
	EXPECT_EQ(ir_floordiv(INT64_MIN, 2), -(INT64_C(1) << 62));
	EXPECT_EQ(ir_floormod(INT64_MIN, 2), 0);
	// -9223372036854775808 = 3 * -3074457345618258603 + 1
	EXPECT_EQ(ir_floordiv(INT64_MIN, 3), INT64_C(-3074457345618258603));
	EXPECT_EQ(ir_floormod(INT64_MIN, 3), 1);
	// -2^63 = -2 * (2^63 - 1) + (2^63 - 2)
	EXPECT_EQ(ir_floordiv(INT64_MIN, INT64_MAX), -2);
	EXPECT_EQ(ir_floormod(INT64_MIN, INT64_MAX), INT64_MAX - 1);
	EXPECT_EQ(ir_floordiv(INT64_MAX, INT64_MAX), 1);
	EXPECT_EQ(ir_floormod(INT64_MAX, INT64_MAX), 0);
	EXPECT_EQ(ir_floordiv(INT64_MAX, 2), (INT64_C(1) << 62) - 1);
	EXPECT_EQ(ir_floormod(INT64_MAX, 2), 1);
}

// ------------------------------------------------- randomized vs model

namespace {

// An independent model of uN / iN arithmetic for N <= 16 on plain
// long long values (the mathematical value, not the normalised form).
struct model {
	int bits;
	bool is_signed;

	long long modulus() const { return 1LL << bits; }
	long long lo() const { return is_signed ? -(modulus() / 2) : 0; }
	long long hi() const { return is_signed ? modulus() / 2 - 1 : modulus() - 1; }

	// Reduce a mathematical integer into [lo, hi] modulo 2^N.
	long long wrap(long long v) const
	{
		long long m = modulus();
		long long r = ((v % m) + m) % m;
		if (is_signed && r > hi())
			r -= m;
		return r;
	}

	uint64_t enc(long long v) const { return (uint64_t) (int64_t) v; }

	long long shift_left(long long a, long long amount) const
	{
		if (amount >= bits)
			return 0;
		return wrap(a * (1LL << amount));
	}

	long long shift_right(long long a, long long amount) const
	{
		if (amount >= bits)
			return a < 0 ? -1 : 0;
		long long p = 1LL << amount;
		long long q = a / p;
		if (a % p != 0 && a < 0)
			q--;
		return q;
	}

	// Expected ir_eval_binop result in normalised form; b already the
	// amount for shifts.
	uint64_t binop(ir_op op, long long a, long long b) const
	{
		switch (op) {
		case IR_OP_ADD: return enc(wrap(a + b));
		case IR_OP_SUB: return enc(wrap(a - b));
		case IR_OP_MUL: return enc(wrap(a * b));
		case IR_OP_DIV: return enc(wrap(a / b));
		case IR_OP_MOD: return enc(wrap(a % b));
		case IR_OP_SHL: return enc(shift_left(a, b));
		case IR_OP_SHR: return enc(shift_right(a, b));
		case IR_OP_AND: return enc(wrap(a & b));
		case IR_OP_OR: return enc(wrap(a | b));
		case IR_OP_XOR: return enc(wrap(a ^ b));
		case IR_OP_EQ: return a == b;
		case IR_OP_NE: return a != b;
		case IR_OP_LT: return a < b;
		case IR_OP_LE: return a <= b;
		case IR_OP_GT: return a > b;
		case IR_OP_GE: return a >= b;
		case IR_OP_LAND: return a != 0 && b != 0;
		case IR_OP_LOR: return a != 0 || b != 0;
		case IR_OP_MIN: return enc(std::min(a, b));
		case IR_OP_MAX: return enc(std::max(a, b));
		default: return 0xDEAD;
		}
	}

	uint64_t unop(ir_op op, long long a) const
	{
		switch (op) {
		case IR_OP_NEG: return enc(wrap(-a));
		case IR_OP_NOT: return enc(wrap(-a - 1));
		case IR_OP_LNOT: return a == 0;
		case IR_OP_ABS: return (uint64_t) (a < 0 ? -a : a);
		default: return 0xDEAD;
		}
	}
};

long long pick(std::mt19937_64 &rng, const model &m)
{
	const long long edges[] = { m.lo(), m.hi(), 0, 1, -1, m.lo() + 1, m.hi() - 1, 2 };
	if (rng() % 4 == 0) {
		long long e = edges[rng() % 8];
		if (e >= m.lo() && e <= m.hi())
			return e;
	}
	return m.lo() + (long long) (rng() % (uint64_t) m.modulus());
}

const ir_op binops[] = {
	IR_OP_ADD, IR_OP_SUB, IR_OP_MUL, IR_OP_DIV, IR_OP_MOD,
	IR_OP_SHL, IR_OP_SHR, IR_OP_AND, IR_OP_OR, IR_OP_XOR,
	IR_OP_EQ, IR_OP_NE, IR_OP_LT, IR_OP_LE, IR_OP_GT, IR_OP_GE,
	IR_OP_LAND, IR_OP_LOR, IR_OP_MIN, IR_OP_MAX,
};

const ir_op unops[] = { IR_OP_NEG, IR_OP_NOT, IR_OP_LNOT, IR_OP_ABS };

std::string describe(ir_op op, const model &m, long long a, long long b)
{
	return std::string(ir_op_str(op)) + " in " + (m.is_signed ? "i" : "u")
		+ std::to_string(m.bits) + " a=" + std::to_string(a)
		+ " b=" + std::to_string(b);
}

void check_pair(const model &m, long long a, long long b)
{
	ir_type t = ir_type_make(m.is_signed, m.bits);
	for (ir_op op : binops) {
		long long rb = b;
		if (op == IR_OP_SHL || op == IR_OP_SHR) {
			if (b < 0)	// read the amount as unsigned
				rb = b + m.modulus();
			ASSERT_EQ(ir_shift_amount(t, m.enc(b)), (uint64_t) rb)
				<< describe(op, m, a, b);
		} else if ((op == IR_OP_DIV || op == IR_OP_MOD) && b == 0) {
			continue;
		}
		ASSERT_EQ(ir_eval_binop(op, t, m.enc(a), (uint64_t) rb), m.binop(op, a, rb))
			<< describe(op, m, a, b);
	}
}

void check_unary(const model &m, long long a)
{
	ir_type t = ir_type_make(m.is_signed, m.bits);
	for (ir_op op : unops)
		ASSERT_EQ(ir_eval_unop(op, t, m.enc(a)), m.unop(op, a))
			<< describe(op, m, a, 0);
	const model targets[] = { { 8, false }, { 8, true }, { 16, false }, { 16, true }, { 3, false }, { 3, true } };
	for (const model &to : targets)
		ASSERT_EQ(ir_eval_cast(ir_type_make(to.is_signed, to.bits), t, m.enc(a)),
			to.enc(to.wrap(a)))
			<< "cast to " << to.bits << (to.is_signed ? "s" : "u") << " a=" << a;
}

} // namespace

TEST(t_arith, random_vs_model)
{
	const model types[] = { { 8, false }, { 8, true }, { 16, false }, { 16, true } };
	std::mt19937_64 rng(20240607);
	for (const model &m : types) {
		for (int i = 0; i < 30000; i++) {
			long long a = pick(rng, m), b = pick(rng, m);
			check_pair(m, a, b);
			check_unary(m, a);
			if (HasFatalFailure())
				return;
		}
	}
}

TEST(t_arith, random_small_shift_amounts)
{
	const model types[] = { { 8, false }, { 8, true }, { 16, false }, { 16, true } };
	std::mt19937_64 rng(7);
	for (const model &m : types) {
		ir_type t = ir_type_make(m.is_signed, m.bits);
		for (int i = 0; i < 20000; i++) {
			long long a = pick(rng, m), k = (long long) (rng() % (m.bits + 4));
			ASSERT_EQ(ir_eval_binop(IR_OP_SHL, t, m.enc(a), k), m.binop(IR_OP_SHL, a, k))
				<< describe(IR_OP_SHL, m, a, k);
			ASSERT_EQ(ir_eval_binop(IR_OP_SHR, t, m.enc(a), k), m.binop(IR_OP_SHR, a, k))
				<< describe(IR_OP_SHR, m, a, k);
		}
	}
}
