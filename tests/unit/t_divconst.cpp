// tests/unit/t_divconst.cpp: the constant-division plans of values/divconst.c
// (va_divplan_eval, the step-by-step model of what rtlgen emits) against
// the language's arithmetic, ir_eval_binop (arith/arith.c), which the CPU
// reference runs: every 8-bit divisor and dividend; random operands for
// wider and odd widths; range plans against ir_floordiv / ir_floormod.
// The exhaustive 16-bit sweep is tests/unit/t_divconst16.cpp (its own
// binary and label: it takes seconds).
#include <gtest/gtest.h>

#include <cstdint>

#include "ir/ir.h"
#include "values/values.h"

namespace {

uint64_t splitmix(uint64_t &s)
{
	uint64_t z = (s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

// A value of t: uniform, or near an edge (0, +-1, MIN, MAX, a multiple of
// d and its neighbours), normalised.
uint64_t pick(uint64_t &s, ir_type t, uint64_t d)
{
	uint64_t r = splitmix(s);
	uint64_t k = splitmix(s) % 9;
	uint64_t v;
	switch (r % 4) {
	case 0: v = r; break;
	case 1: v = (k < 3 ? ir_type_min(t) : ir_type_max(t)) + k % 3 - 1; break;
	case 2: v = k - 4; break;
	default: {
		uint64_t lim = ir_type_max(t) / (d | 1);
		v = (lim ? splitmix(s) % lim : 0) * d + k - 4;
		break;
	}
	}
	return ir_norm(t, v);
}

// Checks "x OP d" for one divisor over n random dividends (0: every one).
void check_divisor(ir_type t, uint64_t d, uint64_t n, uint64_t &seed)
{
	for (ir_op op : { IR_OP_DIV, IR_OP_MOD }) {
		va_divplan p = va_divconst_plan(t, op, d);
		uint64_t count = n ? n : (uint64_t) 1 << t.bits;
		for (uint64_t i = 0; i < count; i++) {
			uint64_t x = n ? pick(seed, t, d) : ir_norm(t, i);
			uint64_t want = ir_eval_binop(op, t, x, d);
			uint64_t got = va_divplan_eval(&p, x);
			if (got != want) {
				char b[8];
				ADD_FAILURE() << ir_type_str(t, b) << " " << (int64_t) x
					<< ir_op_str(op) << (int64_t) d << ": plan form "
					<< p.form << " gives " << (int64_t) got << ", want "
					<< (int64_t) want;
				return;
			}
		}
	}
}

TEST(t_divconst, every_8bit_divisor_and_dividend)
{
	uint64_t seed = 1;
	for (bool sg : { false, true }) {
		ir_type t = ir_type_make(sg, 8);
		for (uint64_t d = 1; d < 256; d++)
			check_divisor(t, ir_norm(t, d), 0, seed);
	}
}

TEST(t_divconst, every_type_to_10_bits_exhaustively)
{
	uint64_t seed = 2;
	for (int bits = 1; bits <= 10; bits++)
		for (bool sg : { false, true }) {
			ir_type t = ir_type_make(sg, bits);
			for (uint64_t d = 1; d < ((uint64_t) 1 << bits); d++)
				check_divisor(t, ir_norm(t, d), 0, seed);
		}
}

// Random divisors (and the edges: +-1, +-2^k and neighbours, MIN, MAX)
// with random dividends, for the widths the banner names.
TEST(t_divconst, random_wide_and_odd_widths)
{
	uint64_t seed = 3;
	const int widths[] = { 5, 13, 17, 31, 32, 33, 48, 63, 64 };
	for (int bits : widths)
		for (bool sg : { false, true }) {
			ir_type t = ir_type_make(sg, bits);
			for (int k = 0; k < bits; k++)
				for (int64_t off : { -1, 0, 1 }) {
					uint64_t p2 = ((uint64_t) 1 << k) + (uint64_t) off;
					check_divisor(t, ir_norm(t, p2), 200, seed);
					check_divisor(t, ir_norm(t, 0 - p2), 200, seed);
				}
			check_divisor(t, ir_type_min(t), 500, seed);
			check_divisor(t, ir_type_max(t), 500, seed);
			for (int i = 0; i < 400; i++) {
				uint64_t d = ir_norm(t, splitmix(seed) >> (splitmix(seed) % 64));
				if (d)
					check_divisor(t, d, 500, seed);
			}
		}
}

// u16 / 3 by hand: m = ceil(2^l / 3) with e = 3m - 2^l; l = 16 gives
// m = 21846, e = 2, and x = 65534 (remainder 2) breaks it: 2 + 65534 * 2 /
// 2^16 >= 3.  l = 17 gives m = 43691, e = 1: 2 + 65535 / 2^17 < 3.  So a
// 16 x 16 multiply, bits from 17: one DSP48E2 (27 x 18 signed).
TEST(t_divconst, u16_by_3_is_a_16x16_multiply)
{
	va_divplan p = va_divconst_plan(ir_type_make(false, 16), IR_OP_DIV, 3);
	EXPECT_EQ(p.form, VA_DIVF_MULHI);
	EXPECT_EQ(p.magic, 43691u);
	EXPECT_EQ(p.mbits, 16);
	EXPECT_EQ(p.shift, 17);
	EXPECT_EQ(p.xbits, 16);
	// u16 / 10 = (x >> 1) / 5: 15-bit multiplicand.
	p = va_divconst_plan(ir_type_make(false, 16), IR_OP_DIV, 10);
	EXPECT_EQ(p.pre, 1);
	EXPECT_EQ(p.xbits, 15);
	// Forms that need no multiply.
	EXPECT_EQ(va_divconst_plan(ir_type_make(true, 8), IR_OP_DIV, 0xff).form,
		VA_DIVF_NEGATE);
	EXPECT_EQ(va_divconst_plan(ir_type_make(true, 8), IR_OP_DIV, 0x80).form,
		VA_DIVF_SHIFT);
	EXPECT_EQ(va_divconst_plan(ir_type_make(false, 8), IR_OP_MOD, 200).form,
		VA_DIVF_COMPARE);
}

// Range plans: floor division and non-negative remainder of index values,
// every value of small ranges that cross zero, random values of wide ones.
TEST(t_divconst, index_ranges_floor)
{
	uint64_t seed = 4;
	for (int64_t d = 1; d <= 40; d++)
		for (int64_t lo : { -100, -37, -5, 0, 3, 1000 })
			for (int64_t len : { 0, 1, 7, 64, 300 })
				for (ir_op op : { IR_OP_DIV, IR_OP_MOD }) {
					va_divplan p;
					ASSERT_TRUE(va_divconst_plan_range(lo, lo + len, op, d, &p));
					for (int64_t x = lo; x <= lo + len; x++) {
						int64_t want = op == IR_OP_DIV ? ir_floordiv(x, d)
							: ir_floormod(x, d);
						ASSERT_EQ((int64_t) va_divplan_eval(&p, (uint64_t) x), want)
							<< x << ir_op_str(op) << d << " over [" << lo << ", "
							<< lo + len << "]";
					}
				}
	for (int i = 0; i < 2000; i++) {
		int64_t d = (int64_t) (splitmix(seed) >> (splitmix(seed) % 60 + 3)) + 1;
		int64_t lo = (int64_t) (splitmix(seed) >> 4) - ((int64_t) 1 << 59);
		int64_t hi = lo + (int64_t) (splitmix(seed) >> (splitmix(seed) % 60 + 4));
		for (ir_op op : { IR_OP_DIV, IR_OP_MOD }) {
			va_divplan p;
			ASSERT_TRUE(va_divconst_plan_range(lo, hi, op, d, &p));
			for (int j = 0; j < 50; j++) {
				int64_t x = j < 2 ? (j ? hi : lo)
					: lo + (int64_t) (splitmix(seed) % (uint64_t) (hi - lo + 1));
				int64_t want = op == IR_OP_DIV ? ir_floordiv(x, d) : ir_floormod(x, d);
				ASSERT_EQ((int64_t) va_divplan_eval(&p, (uint64_t) x), want)
					<< x << ir_op_str(op) << d << " over [" << lo << ", " << hi << "]";
			}
		}
	}
}

// A range that is too wide is refused (rtlgen then keeps its divider).
TEST(t_divconst, range_too_wide)
{
	va_divplan p;
	EXPECT_FALSE(va_divconst_plan_range(INT64_MIN / 2, INT64_MAX / 2, IR_OP_DIV, 3, &p));
	EXPECT_TRUE(va_divconst_plan_range(-1000, 1000, IR_OP_DIV, 3, &p));
	// [-1000, 1000] / 3: offset -1002 (a multiple of 3), x + 1002 in [2, 2002]:
	// 11 bits.
	EXPECT_EQ(p.offset, -1002);
	EXPECT_EQ(p.bits, 11);
}

} // namespace
