// tests/unit/t_fe_typing.cpp: typing and constant folding
// (frontend/typecheck.c) against "Typing and arithmetic" in the spec and
// "Constants and typing" / "Indices" in docs/language.md.  Types are read
// from the .type of IR nodes of compiled func bodies; folded values from
// IR_CONST nodes.  Every expected value is worked out by hand.
#include "fe_test.h"

using fe_test::Fe;
using fe_test::ty;

namespace {

// Arrays of several types, 8 elements each, tables of 256 and 16 entries
// and one of [4][256], and one func f(x) : TYPE = EXPR.
std::string prog(const std::string &type, const std::string &expr)
{
	std::string g = "const g : u8[256] = {";
	for (int i = 0; i < 256; i++)
		g += (i ? ", " : "") + std::to_string(255 - i);
	g += "};\n";
	std::string c2 = "const c2 : u8[4][256] = {";
	for (int i = 0; i < 1024; i++)
		c2 += i ? ",0" : "0";
	c2 += "};\n";
	return "input a : u8[8];\n"
	       "input b : u1[8];\n"
	       "input w : u16[8];\n"
	       "input s : i8[8];\n"
	       "input n : i32[8];\n"
	       "input q : u64[8];\n" + g + c2 +
	       "const t : u8[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};\n"
	       "func f(x) : " + type + " = " + expr + ";\n"
	       "output f[8];\n";
}

struct F {
	Fe fe;
	const ir_expr *e = nullptr;
	F(const std::string &type, const std::string &expr) : fe(prog(type, expr))
	{
		if (fe.ok())
			e = fe.decl("f")->body;
	}
	std::string print(const ir_expr *x) const { return Fe::print(x, fe.decl("f")); }
};

// Accepted, with the body folded to one constant of type "type" whose
// normalised bits are "bits".
void expect_const(const char *type, const std::string &expr, uint64_t bits)
{
	F f(type, expr);
	ASSERT_NE(f.e, nullptr) << expr << ": " << f.fe.diags();
	EXPECT_EQ(f.e->kind, IR_CONST) << expr << " -> " << f.print(f.e);
	EXPECT_EQ(ty(f.e->type), type) << expr;
	EXPECT_EQ(f.e->u.cval, bits) << expr << " -> " << f.print(f.e);
}

void expect_bad(const char *type, const std::string &expr, int errors = 1)
{
	F f(type, expr);
	EXPECT_FALSE(f.fe.ok()) << expr;
	EXPECT_EQ(f.fe.count("error"), errors) << expr << ": " << f.fe.diags();
}

void expect_ok(const char *type, const std::string &expr)
{
	F f(type, expr);
	EXPECT_TRUE(f.fe.ok()) << expr << ": " << f.fe.diags();
}

const uint64_t M = ~(uint64_t) 0;	// all ones: -1 in any iN, 2^64-1 in u64

// ---- literals take their context's type

TEST(t_fe_typing, literal_takes_func_type)
{
	expect_const("u8", "200", 200);
	expect_const("u16", "0xFFFF", 0xFFFF);
	expect_const("i8", "-128", (uint64_t) -128);
	expect_const("u1", "1", 1);
	expect_const("u64", "18446744073709551615", M);
	expect_const("i64", "-9223372036854775808", (uint64_t) INT64_MIN);
}

TEST(t_fe_typing, literal_takes_other_operand_type)
{
	F f("u16", "w(0) + 1");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u16");
	ASSERT_EQ(f.e->args[1]->kind, IR_CONST);
	EXPECT_EQ(ty(f.e->args[1]->type), "u16");
	EXPECT_EQ(f.e->args[1]->u.cval, 1u);

	F g("u16", "1 + w(0)");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	ASSERT_EQ(g.e->args[0]->kind, IR_CONST);
	EXPECT_EQ(ty(g.e->args[0]->type), "u16");

	// The other operand, not the func, decides: a u8 comparison in a u1 func.
	F h("u1", "a(0) < 200");
	ASSERT_NE(h.e, nullptr) << h.fe.diags();
	EXPECT_EQ(ty(h.e->type), "u1");
	EXPECT_EQ(ty(h.e->args[1]->type), "u8");
	EXPECT_EQ(h.e->args[1]->u.cval, 200u);
}

TEST(t_fe_typing, literal_takes_reduction_type)
{
	F f("u16", "sum(r in 0..3) 7");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	ASSERT_EQ(f.e->kind, IR_REDUCE);
	EXPECT_EQ(ty(f.e->type), "u16");
	EXPECT_EQ(ty(f.e->u.reduce.body->type), "u16");

	// Inside a cast the reduction's type comes from its body (w: u16), and
	// the literal 2 takes it.
	F g("u8", "u8(sum(r in 0..3) w(r) * 2)");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	ASSERT_EQ(g.e->kind, IR_CAST);
	const ir_expr *red = g.e->args[0];
	ASSERT_EQ(red->kind, IR_REDUCE);
	EXPECT_EQ(ty(red->type), "u16");
	const ir_expr *mul = red->u.reduce.body;
	ASSERT_EQ(mul->kind, IR_BINARY);
	EXPECT_EQ(ty(mul->args[1]->type), "u16");
}

TEST(t_fe_typing, literal_out_of_range_bad)
{
	expect_bad("u8", "256");
	expect_bad("u8", "-1");
	expect_bad("u8", "~0");
	expect_bad("u8", "a(0) + 256");
	expect_bad("u8", "a(0) + -1");
	expect_bad("i8", "128");
	expect_bad("i8", "0x80");
	expect_bad("i8", "-129");
	expect_bad("u1", "2");
	expect_bad("u16", "w(0) & 0x10000");
}

TEST(t_fe_typing, literal_hex_for_all_ones)
{
	// `-1` or `~0` where a uN is needed is an error: write 0xFF.
	expect_const("u8", "0xFF", 255);
	F f("u8", "a(0) ^ 0xFF");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(f.e->args[1]->u.cval, 255u);
	expect_const("u8", "255", 255);
	expect_const("i8", "-1", M);
	expect_const("i8", "~0", M);
}

// ---- exact folding

TEST(t_fe_typing, folding_is_exact)
{
	// Intermediate values are mathematical integers, never wrapped.
	expect_const("u8", "300 - 295", 5);
	expect_const("u8", "255 + 1 - 1", 255);
	expect_const("u8", "200 * 2 / 4", 100);
	expect_const("u8", "2 - 3 + 1", 0);
	expect_const("u8", "(0 - 1) * (0 - 1)", 1);
	expect_const("i8", "100 + 100 - 300", (uint64_t) -100);
	expect_const("u16", "1 << 15", 32768);
	expect_const("u8", "1000 >> 2", 250);
}

TEST(t_fe_typing, folding_division_truncates)
{
	expect_const("i8", "(0 - 7) / 2", (uint64_t) -3);
	expect_const("i8", "-7 / 2", (uint64_t) -3);
	expect_const("i8", "7 / -2", (uint64_t) -3);
	expect_const("i8", "-7 / -2", 3);
	expect_const("i8", "-6 / 4 * 4", (uint64_t) -4);
	expect_const("i8", "-7 % 2", (uint64_t) -1);
	expect_const("i8", "7 % -2", 1);
	expect_const("i8", "-7 % -2", (uint64_t) -1);
	expect_const("u8", "7 / 2", 3);
	expect_const("u8", "7 % 2", 1);
}

TEST(t_fe_typing, folding_shift_right_is_floor)
{
	expect_const("i8", "-7 >> 1", (uint64_t) -4);
	expect_const("i8", "-1 >> 10", M);
	expect_const("i8", "7 >> 1", 3);
	expect_const("i8", "-1 << 3", (uint64_t) -8);
	// A large exact left shift is fine while it stays below 2^64.
	expect_const("u64", "1 << 63", (uint64_t) 1 << 63);
	expect_const("u8", "(1 << 40) >> 33", 128);
}

TEST(t_fe_typing, folding_bitwise_on_mathematical_integers)
{
	expect_const("u8", "5 & 3", 1);
	expect_const("u8", "5 | 3", 7);
	expect_const("u8", "5 ^ 3", 6);
	// Negative values have infinitely many leading ones.
	expect_const("u8", "-1 & 0xFF", 255);
	expect_const("u8", "~5 & 0xF", 10);
	expect_const("i8", "~5", (uint64_t) -6);
	expect_const("i8", "-2 | 1", M);
	expect_const("i8", "-1 ^ 1", (uint64_t) -2);
}

TEST(t_fe_typing, folding_logic_and_comparisons)
{
	// Comparisons and && || ! give 0 or 1.
	expect_const("u8", "(3 < 5) + 2", 3);
	expect_const("u8", "(3 > 5) + 2", 2);
	expect_const("u8", "(5 == 5) == 1", 1);
	expect_const("u8", "(2 != 2) + (2 <= 2) + (3 >= 4)", 1);
	expect_const("u1", "!0", 1);
	expect_const("u1", "!1", 0);
	expect_const("u1", "1 && 0 || 1", 1);
	expect_const("u1", "0 || 0", 0);
	expect_const("u1", "-1 < 0", 1);
	expect_const("u1", "18446744073709551615 > 0", 1);
}

TEST(t_fe_typing, folding_ternary)
{
	// ?: is an operator: the chosen arm is the value, the other need not fit.
	expect_const("u8", "1 ? 7 : 300", 7);
	expect_const("u8", "0 ? 300 : 7", 7);
	expect_const("u8", "(2 > 1) ? 250 + 5 : 0", 255);
	// select is ?: (docs/language.md).
	expect_const("u8", "select(1, 9, 1000)", 9);
}

TEST(t_fe_typing, folding_boolean_operands)
{
	// docs/language.md: && || ! fold like C's (nonzero is true, the result
	// is 0 or 1), so these are constants that fit u1.
	expect_const("u1", "2 && 1", 1);
	expect_const("u1", "0 || 3", 1);
	expect_const("u1", "!2", 0);
	expect_const("u1", "!0", 1);
	expect_const("u8", "(5 && 0) + 7", 7);
}

TEST(t_fe_typing, folding_condition_bad)
{
	// docs/language.md: the condition of a constant ?: must fold to 0 or 1.
	expect_bad("u8", "2 ? 1 : 0");
	expect_bad("u8", "-1 ? 1 : 0");
}

TEST(t_fe_typing, folding_range_limits)
{
	// Every intermediate value must lie in [-2^63, 2^64).
	expect_const("u64", "(1 << 63) - 1 + (1 << 63)", M);
	expect_const("u64", "0xFFFFFFFFFFFFFFFF * 1", M);
	expect_const("i64", "0 - (1 << 63)", (uint64_t) INT64_MIN);
	expect_const("i64", "-9223372036854775807 - 1", (uint64_t) INT64_MIN);
	expect_const("u8", "18446744073709551615 - 18446744073709551610", 5);
	expect_const("i8", "-9223372036854775808 + 9223372036854775808 - 3", (uint64_t) -3);
}

TEST(t_fe_typing, folding_overflow_bad)
{
	// (1 << 63) * 2 is 2^64: outside [-2^63, 2^64) before the - 1.
	expect_bad("u64", "(1 << 63) * 2 - 1");
	expect_bad("u64", "0xFFFFFFFFFFFFFFFF + 1 - 1");
	expect_bad("u64", "1 << 64");
	expect_bad("u64", "1 << 63 << 1");
	expect_bad("i64", "0 - (1 << 63) - 1");
	expect_bad("i64", "-18446744073709551615");
	expect_bad("u8", "(18446744073709551615 + 1) & 0");
	expect_bad("u8", "0 * (0 - 9223372036854775808 - 1)");
}

TEST(t_fe_typing, folding_division_by_zero_bad)
{
	expect_bad("u8", "1 / 0");
	expect_bad("u8", "1 % (2 - 2)");
}

TEST(t_fe_typing, constant_shift_amount_negative_bad)
{
	expect_bad("u8", "1 << -1");
	expect_bad("u8", "a(0) >> -1");
	expect_bad("u8", "a(0) << (2 - 3)");
	expect_bad("i8", "s(0) >> -8");
}

// ---- casts

TEST(t_fe_typing, cast_of_constant)
{
	expect_const("u8", "u8(300)", 44);
	expect_const("i8", "i8(-128)", (uint64_t) -128);
	expect_const("i8", "i8(255)", M);
	expect_const("i8", "i8(128)", (uint64_t) -128);
	expect_const("u8", "u8(-1)", 255);
	expect_const("u16", "u16(-1)", 0xFFFF);
	expect_const("u1", "u1(3)", 1);
	expect_const("i64", "i64(0xFFFFFFFFFFFFFFFF)", M);
	expect_const("u64", "u64(-1)", M);
	expect_const("u8", "u8(256 + 44)", 44);
}

TEST(t_fe_typing, cast_then_context)
{
	// u4(0x1F) is u4 15; u8 of that is 15.
	expect_const("u4", "u4(0x1F)", 15);
	// A cast of a folded cast may stay a cast node; either way its value.
	for (auto c : { std::make_pair("u8(u4(0x1F))", 15), std::make_pair("u8(i4(0xF))", 255) }) {
		F f("u8", c.first);	// i4(0xF) is -1, which sign-extends to 255
		ASSERT_NE(f.e, nullptr) << f.fe.diags();
		EXPECT_EQ(ty(f.e->type), "u8");
		if (f.e->kind == IR_CONST) {
			EXPECT_EQ(f.e->u.cval, (uint64_t) c.second) << c.first;
		} else {
			ASSERT_EQ(f.e->kind, IR_CAST) << c.first;
			ASSERT_EQ(f.e->args[0]->kind, IR_CONST) << c.first;
			EXPECT_EQ(f.e->args[0]->type.bits, 4) << c.first;
			EXPECT_EQ(f.e->args[0]->u.cval & 0xF, 0xFu) << c.first;
		}
	}
	// A folded cast is a typed operand: it fixes the other operand's type.
	F g("u8", "u8(300) + a(0)");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	ASSERT_EQ(g.e->args[0]->kind, IR_CONST);
	EXPECT_EQ(g.e->args[0]->u.cval, 44u);
	EXPECT_EQ(ty(g.e->args[0]->type), "u8");
	// ... and a mismatch with it is an error.
	expect_bad("u16", "u8(3) + w(0)");
}

// The operand of a cast made of literals, operators and min, max, abs and
// clamp folds exactly, as mathematical integers, and the cast converts the
// value as it converts u8(300) (docs/language.md, "Constants and typing";
// the spec leaves the operand untyped).  By hand: min(300, 5) = 5;
// min(300, 400) = 300 -> 300 - 256 = 44; abs(-7) = 7; clamp(1000, -3, 100)
// = 100; max(-1, 2) + min(3, 4) = 5; min(20, 30) = 20 -> 20 - 16 = 4 in u4;
// max(-200, -300) = -200 -> 256 - 200 = 56 in i8 bits (56).
TEST(t_fe_typing, cast_of_literal_min_max_abs_clamp)
{
	expect_const("u8", "u8(min(300, 5))", 5);
	expect_const("u8", "u8(min(300, 400))", 44);
	expect_const("u8", "u8(abs(-7))", 7);
	expect_const("i8", "i8(clamp(1000, -3, 100))", 100);
	expect_const("u8", "u8(max(-1, 2) + min(3, 4))", 5);
	expect_const("u4", "u4(select(1, min(20, 30), 0))", 4);
	expect_const("i8", "i8(max(-200, -300))", 56);
	// the folding itself must stay in range
	expect_bad("u8", "u8(min(1 << 64, 5))");
	// outside a cast min's literals still take their context's type: 300 is no u8
	expect_bad("u8", "min(300, 5)");
	// an operand with a typed part is typed as before: min of two u16
	F g("u8", "u8(min(u16(300), 400))");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	ASSERT_EQ(g.e->kind, IR_CAST) << g.print(g.e);
	EXPECT_EQ(ty(g.e->args[0]->type), "u16");
}

TEST(t_fe_typing, cast_of_constant_overflow_bad)
{
	// The cast need not fit, but the folding itself still must.
	expect_bad("u8", "u8(1 << 64)");
	expect_bad("u8", "u8(18446744073709551615 + 1)");
}

TEST(t_fe_typing, cast_of_value)
{
	F f("u8", "u8(w(0))");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	ASSERT_EQ(f.e->kind, IR_CAST);
	EXPECT_EQ(ty(f.e->type), "u8");
	EXPECT_EQ(ty(f.e->args[0]->type), "u16");
	F g("i64", "i64(s(0)) * i64(q(0))");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	EXPECT_EQ(ty(g.e->args[0]->args[0]->type), "i8");
	EXPECT_EQ(ty(g.e->args[1]->args[0]->type), "u64");
}

// ---- mixed types

TEST(t_fe_typing, mixed_types_bad)
{
	for (const char *e : { "a(0) + w(0)", "a(0) - s(0)", "a(0) * b(0)",
		     "a(0) & u8(w(0)) | w(0)", "min(a(0), w(0))", "max(s(0), a(0))",
		     "b(0) ? a(0) : w(0)", "select(b(0), a(0), s(0))",
		     "u8(a(0) == w(0))", "u8(s(0) < a(0))", "a(0) ^ u4(a(1))" }) {
		F f("u8", e);
		EXPECT_FALSE(f.fe.ok()) << e;
		EXPECT_EQ(f.fe.count("error"), 1) << e << ": " << f.fe.diags();
		EXPECT_TRUE(f.fe.has("cast")) << e << ": " << f.fe.diags();
	}
}

TEST(t_fe_typing, body_type_must_match_bad)
{
	expect_bad("u16", "a(0)");
	expect_bad("u8", "w(0)");
	expect_bad("i8", "a(0)");
	expect_bad("u8", "u16(a(0))");
	expect_bad("u16", "sum(r in 0..3) a(r)");
	expect_ok("u16", "u16(sum(r in 0..3) a(r))");
	expect_ok("u16", "sum(r in 0..3) u16(a(r))");
}

// ---- variables are i32

TEST(t_fe_typing, variable_is_i32)
{
	expect_ok("i32", "x");
	expect_ok("i32", "x * 3 + 1");
	expect_ok("u8", "u8(x)");
	expect_ok("i32", "sum(r in 0..4) r * x");
	expect_bad("u8", "x");
	expect_bad("u32", "x");
	expect_bad("i64", "x + 1");
	expect_bad("u8", "a(0) + x");
	expect_bad("u8", "sum(r in 0..4) r");
}

TEST(t_fe_typing, variable_comparison_is_i32)
{
	// x % 2 == 1 is an i32 comparison.
	F f("u1", "x % 2 == 1");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	ASSERT_EQ(f.e->kind, IR_BINARY);
	EXPECT_EQ(f.e->op, IR_OP_EQ);
	EXPECT_EQ(ty(f.e->type), "u1");
	const ir_expr *mod = f.e->args[0], *one = f.e->args[1];
	ASSERT_EQ(mod->kind, IR_BINARY);
	EXPECT_EQ(mod->op, IR_OP_MOD);
	EXPECT_EQ(ty(mod->type), "i32");
	EXPECT_EQ(ty(mod->args[0]->type), "i32");
	EXPECT_EQ(mod->args[0]->kind, IR_VAR);
	EXPECT_EQ(ty(mod->args[1]->type), "i32");
	EXPECT_EQ(ty(one->type), "i32");
	EXPECT_EQ(one->u.cval, 1u);
}

TEST(t_fe_typing, variable_in_index_is_untyped)
{
	// An index is a mathematical integer: no type.
	F f("u8", "a(x + 1 - 1)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	ASSERT_EQ(f.e->kind, IR_ACCESS);
	EXPECT_EQ(ty(f.e->type), "u8");
	EXPECT_EQ(ty(f.e->args[0]->type), "none");
}

TEST(t_fe_typing, variable_index_may_exceed_i32_range)
{
	// Index arithmetic is never wrapped: x * 3000000000 - 3000000000 * x
	// is 0 exactly, though each product leaves i32.
	expect_ok("u8", "a(x * 3000000000 - 3000000000 * x)");
}

// ---- shifts

TEST(t_fe_typing, shift_has_left_operand_type)
{
	F f("u8", "a(0) << w(0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u8");
	EXPECT_EQ(ty(f.e->args[1]->type), "u16");
	expect_ok("u8", "a(0) >> s(0)");	// any amount type
	expect_ok("i8", "s(0) >> q(0)");
	expect_ok("u8", "a(0) << 3");
	expect_ok("u16", "w(0) << 100");	// an amount of N or more gives 0
	expect_ok("i32", "n(0) >> x");
	expect_bad("u16", "a(0) << w(0)");
}

TEST(t_fe_typing, shift_left_literal_takes_context)
{
	// The left operand's context is the shift's own context: u16 here.
	F f("u16", "1 << a(0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u16");
	ASSERT_EQ(f.e->args[0]->kind, IR_CONST);
	EXPECT_EQ(ty(f.e->args[0]->type), "u16");
	EXPECT_EQ(ty(f.e->args[1]->type), "u8");
	expect_bad("u8", "256 << a(0)");
	expect_ok("u8", "255 >> a(0)");
}

TEST(t_fe_typing, shift_amount_of_constant_folded)
{
	// A constant amount of a non-constant left operand: folded, >= 0.
	expect_ok("u8", "a(0) >> (2 + 3)");
	expect_ok("u8", "a(0) << (1 << 40)");
}

// ---- abs

TEST(t_fe_typing, abs_gives_unsigned)
{
	F f("u8", "abs(s(0))");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u8");
	EXPECT_EQ(ty(f.e->args[0]->type), "i8");
	F g("u8", "abs(a(0))");
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	EXPECT_EQ(ty(g.e->type), "u8");
	F h("u32", "abs(n(0) - n(1))");
	ASSERT_NE(h.e, nullptr) << h.fe.diags();
	EXPECT_EQ(ty(h.e->type), "u32");
	F k("u8", "abs(i8(-128))");
	ASSERT_NE(k.e, nullptr) << k.fe.diags();
	EXPECT_EQ(ty(k.e->type), "u8");
	if (k.e->kind == IR_CONST) {
		EXPECT_EQ(k.e->u.cval, 128u);
	}
	expect_ok("u32", "abs(x)");
}

TEST(t_fe_typing, abs_type_bad)
{
	expect_bad("i8", "abs(s(0))");
	expect_bad("u16", "abs(s(0))");
	expect_bad("i32", "abs(x)");
	// docs/language.md: abs of a literal has no context at all.
	expect_bad("u8", "abs(-3)");
	expect_bad("u8", "abs(3)");
}

// ---- comparisons, logic and conditions

TEST(t_fe_typing, comparison_gives_u1)
{
	for (const char *e : { "a(0) < a(1)", "w(0) == w(1)", "s(0) >= -3", "q(0) != 0",
		     "a(0) <= 255", "x > 3" }) {
		F f("u1", e);
		ASSERT_NE(f.e, nullptr) << e << ": " << f.fe.diags();
		EXPECT_EQ(ty(f.e->type), "u1") << e;
	}
	expect_bad("u8", "a(0) < a(1)");
	expect_bad("u1", "a(0) < 256");
	expect_bad("u1", "a(0) < -1");
	expect_bad("u1", "s(0) < 128");
}

TEST(t_fe_typing, constant_comparison_is_a_constant)
{
	// docs/language.md: it takes its context's type like any literal.
	F f("u8", "(3 < 5) + a(0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	ASSERT_EQ(f.e->args[0]->kind, IR_CONST);
	EXPECT_EQ(ty(f.e->args[0]->type), "u8");
	EXPECT_EQ(f.e->args[0]->u.cval, 1u);
	expect_const("u1", "3 < 5", 1);
	expect_const("u16", "3 == 5", 0);
	expect_const("u8", "u8(5 > 3)", 1);
	expect_ok("u8", "select(3 < 5, a(0), a(1))");
}

TEST(t_fe_typing, literal_without_context_bad)
{
	// docs/language.md: min(1, 2) < 3 has no context for 1 and 2.
	expect_bad("u1", "min(1, 2) < 3");
	expect_bad("u1", "max(1, 2) == 2");
}

TEST(t_fe_typing, logic_needs_u1)
{
	expect_ok("u1", "b(0) && b(1) || !b(2)");
	expect_ok("u1", "b(0) && 1");
	expect_ok("u1", "a(0) < 3 || a(0) > 5");
	expect_bad("u1", "a(0) && b(1)");
	expect_bad("u1", "b(0) || a(1)");
	expect_bad("u1", "!a(0)");
	expect_bad("u1", "b(0) && 2");
	expect_bad("u8", "b(0) && b(1)");
	F f("u1", "!b(0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u1");
}

TEST(t_fe_typing, bitwise_not_and_negation_keep_type)
{
	F f("u8", "~a(0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u8");
	F g("u16", "-w(0)");	// unary minus wraps, also on unsigned
	ASSERT_NE(g.e, nullptr) << g.fe.diags();
	EXPECT_EQ(ty(g.e->type), "u16");
	expect_ok("u1", "~b(0)");
}

TEST(t_fe_typing, condition_must_be_u1)
{
	expect_ok("u8", "b(0) ? a(1) : a(2)");
	expect_ok("u8", "1 ? a(1) : a(2)");
	expect_ok("u8", "0 ? a(1) : a(2)");
	expect_ok("u8", "select(1, a(1), a(2))");
	expect_ok("u8", "select(0, a(1), a(2))");
	expect_ok("u8", "a(0) < 3 ? a(1) : a(2)");
	expect_ok("u8", "b(0) ? 1 : 255");
	expect_bad("u8", "a(0) ? a(1) : a(2)");
	expect_bad("u8", "x ? a(1) : a(2)");
	expect_bad("u8", "2 ? a(1) : a(2)");
	expect_bad("u8", "select(a(0), a(1), a(2))");
	expect_bad("u8", "select(2, a(1), a(2))");
	expect_bad("u8", "b(0) ? 1 : 256");
}

TEST(t_fe_typing, select_arms_give_type)
{
	F f("u16", "b(0) ? w(1) : 7");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u16");
	EXPECT_EQ(ty(f.e->args[0]->type), "u1");
	EXPECT_EQ(ty(f.e->args[2]->type), "u16");
}

// ---- min, max, clamp take the context's type; they are not folded

TEST(t_fe_typing, min_max_literals_take_context)
{
	// docs/language.md: min(300, 5) in a u8 context is an error.
	expect_bad("u8", "min(300, 5)");
	expect_bad("u8", "max(a(0), 300)");
	expect_bad("u8", "clamp(a(0), 0, 256)");
	expect_ok("u8", "min(255, 5)");
	expect_ok("u8", "max(a(0), 255)");
	expect_ok("i8", "clamp(s(0), -128, 127)");
	expect_bad("i8", "clamp(s(0), -129, 127)");
	F f("u16", "min(w(0), 1000)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u16");
	EXPECT_EQ(ty(f.e->args[1]->type), "u16");
}

// ---- divisors

TEST(t_fe_typing, divisor_constant_nonzero)
{
	expect_ok("u8", "a(0) / 3");
	expect_ok("u8", "a(0) % 3");
	expect_ok("u8", "a(0) / (1 + 2)");
	expect_ok("u8", "a(0) / u8(3)");	// docs: a cast of a constant
	expect_ok("i8", "s(0) / -1");
	expect_ok("i8", "s(0) % -3");
	expect_ok("i32", "x / 2");
	expect_ok("u8", "a(0) / 255");
}

TEST(t_fe_typing, divisor_bad)
{
	expect_bad("u8", "a(0) / a(1)");
	expect_bad("u8", "a(0) % a(1)");
	expect_bad("u8", "a(0) / 0");
	expect_bad("u8", "a(0) % 0");
	expect_bad("u8", "a(0) / (2 - 2)");
	expect_bad("u8", "a(0) / u8(0)");
	expect_bad("u8", "a(0) / u8(256)");	// the cast folds to 0
	expect_bad("u8", "a(0) / -1");	// does not fit u8
	expect_bad("u8", "a(0) / 256");
	expect_bad("i32", "x / x");
	expect_bad("u8", "a(0) / sum(r in 0..2) 1");
}

// ---- table look-ups

TEST(t_fe_typing, table_lookup_ok)
{
	// g has 256 entries: a u8 (or narrower) value indexes it.
	expect_ok("u8", "g(a(0))");
	expect_ok("u8", "g(b(0))");
	expect_ok("u8", "g(a(0) + a(1))");
	expect_ok("u8", "g(g(a(0)))");
	expect_ok("u8", "g(u8(w(0) >> 8))");
	expect_ok("u8", "t(u4(a(0)))");
	expect_ok("u8", "c2(x % 4, a(0))");
	F f("u8", "g(a(0))");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	EXPECT_EQ(ty(f.e->type), "u8");
	EXPECT_EQ(ty(f.e->args[0]->type), "u8");
}

TEST(t_fe_typing, table_lookup_bad)
{
	expect_bad("u8", "g(w(0))");	// u16 index into 256 entries
	expect_bad("u8", "g(s(0))");	// signed index
	expect_bad("u8", "g(n(0))");
	expect_bad("u8", "t(a(0))");	// u8 index into 16 entries
	expect_bad("u8", "c2(a(0), a(1))");	// u8 index into 4 rows
}

TEST(t_fe_typing, value_index_into_input_or_func_bad)
{
	// docs/language.md: data-dependent indices only into consts.
	expect_bad("u8", "a(a(0))");
	expect_bad("u8", "a(u4(a(0)))");
	Fe f("input a : u8[256];\n"
	     "func h(x) : u8 = a(x);\n"
	     "func f(x) : u8 = h(a(x));\n"
	     "output f[8];\n");
	EXPECT_FALSE(f.ok());
}

// ---- indices

TEST(t_fe_typing, index_constant_subexpressions_folded)
{
	// docs/language.md: (1 + 1) * x and x / (2 + 2) are accepted.
	expect_ok("u8", "a((1 + 1) * x / 2)");
	expect_ok("u8", "a(x / (2 + 2))");
	expect_ok("u8", "a(x * (3 - 2))");
	expect_ok("u8", "a(-(-x))");
	expect_ok("u8", "a(clamp(x - 1, 0, 7))");
	expect_ok("u8", "a(x % 8)");
}

// The folded value of the index of "a(INDEX)", a constant index.
void expect_index(const std::string &index, int64_t v)
{
	F f("u8", "a(" + index + ")");
	ASSERT_NE(f.e, nullptr) << index << ": " << f.fe.diags();
	ASSERT_EQ(f.e->kind, IR_ACCESS) << index;
	const ir_expr *i = f.e->args[0];
	ASSERT_EQ(i->kind, IR_CONST) << index << " -> " << f.print(i);
	EXPECT_EQ(ty(i->type), "none") << index;
	EXPECT_EQ((int64_t) i->u.cval, v) << index;
}

TEST(t_fe_typing, index_constants_fold_as_indices)
{
	// spec, "Accesses and index expressions": every subexpression of an
	// index is an index expression, so / is floor and % non-negative
	// there, also when constant (value folding would truncate).
	expect_index("(0 - 1) / 2 + 1", 0);	// floor(-0.5) = -1; truncated: 1
	expect_index("-3 / 2 + 2", 0);		// floor(-1.5) = -2
	expect_index("(0 - 2) % 0x11 - 8", 7);	// -2 mod 17 = 15
	expect_index("(1 - 3) % 3 + 5", 6);	// -2 mod 3 = 1
	expect_index("-(0 - 7) / 2", 3);	// 7 / 2, the minus applies first
	expect_index("(0 - 7) / 4 + 2", 0);	// floor(-1.75) = -2
	// min is no operator: its constant operands are folded one by one.
	F m("u8", "a(min((0 - 1) / 2, 3) + 1)");
	ASSERT_NE(m.e, nullptr) << m.fe.diags();
	EXPECT_EQ(m.print(m.e->args[0]), "(min(-1, 3) + 1)");
	// A constant factor or divisor of a variable index is folded alike.
	F f("u8", "a(x * ((1 - 3) % 3) + 0)");
	ASSERT_NE(f.e, nullptr) << f.fe.diags();
	const ir_expr *mul = f.e->args[0]->args[0];
	ASSERT_EQ(mul->kind, IR_BINARY);
	EXPECT_EQ(mul->op, IR_OP_MUL);
	ASSERT_EQ(mul->args[1]->kind, IR_CONST);
	EXPECT_EQ((int64_t) mul->args[1]->u.cval, 1);
	// A value expression keeps truncation: (0 - 1) / 2 is 0 there.
	expect_const("i32", "(0 - 1) / 2 + 1", 1);
	expect_const("i32", "(0 - 2) % 0x11 + 3", 1);
}

TEST(t_fe_typing, index_constant_divisor_positive_bad)
{
	expect_bad("u8", "a(3 / (1 - 2) + 3)");	// -1: as for x / -1
	expect_bad("u8", "a(3 % (0 - 2))");
	expect_bad("u8", "a(x / (0 - 2))");
	expect_bad("u8", "a(1 / 0)");
	expect_bad("u8", "a((0 - 1) / 2)");	// -1: out of bounds
}

TEST(t_fe_typing, index_form_bad)
{
	expect_bad("u8", "a(x * x)");	// not affine
	expect_bad("u8", "a(x / x)");
	expect_bad("u8", "a(x / 0)");
	expect_bad("u8", "a(x % 0)");
	expect_bad("u8", "a(x / -2)");	// docs: the divisor must be positive
	expect_bad("u8", "a(x & 1)");
	expect_bad("u8", "a(x << 1)");
	expect_bad("u8", "a(u8(x))");
}

} // namespace
