// tests/unit/t_fe_parser.cpp: the parser (frontend/parser.c) against the
// "Expressions" and "Declarations" sections of the spec and the decisions
// in docs/language.md.  The shape of a parsed tree is read from the fully
// parenthesised ir_expr_print form of a compiled func body, whose operands
// are distinct array reads (never folded); expected shapes are derived by
// hand from the precedence table.
#include "fe_test.h"

#include <unistd.h>

using fe_test::Fe;

namespace {

// A program with arrays a (u8), b (u1), w (u16), s (i8) of 8 elements and
// one func f(x) : TYPE = EXPR.
std::string prog(const std::string &type, const std::string &expr)
{
	return "input a : u8[8];\n"
	       "input b : u1[8];\n"
	       "input w : u16[8];\n"
	       "input s : i8[8];\n"
	       "func f(x) : " + type + " = " + expr + ";\n"
	       "output f[1];\n";
}

// The printed body of f, or the diagnostics when it does not compile.
std::string shape(const std::string &type, const std::string &expr)
{
	Fe f(prog(type, expr));
	if (!f.ok())
		return "ERROR: " + f.diags();
	return f.body("f");
}

struct Case {
	const char *type, *expr, *want;
};

void check(const std::vector<Case> &cases)
{
	for (const Case &c : cases)
		EXPECT_EQ(shape(c.type, c.expr), c.want) << c.expr;
}

// ---- precedence: each level against the next one, in both orders

TEST(t_fe_parser, precedence_ternary_below_oror)
{
	check({
		{ "u8", "b(0) || b(1) ? a(2) : a(3)", "((b(0) || b(1)) ? a(2) : a(3))" },
		{ "u1", "b(0) ? b(1) : b(2) || b(3)", "(b(0) ? b(1) : (b(2) || b(3)))" },
		{ "u8", "b(0) ? a(1) + a(2) : a(3) * a(4)",
		  "(b(0) ? (a(1) + a(2)) : (a(3) * a(4)))" },
	});
}

TEST(t_fe_parser, precedence_oror_andand)
{
	check({
		{ "u1", "b(0) || b(1) && b(2)", "(b(0) || (b(1) && b(2)))" },
		{ "u1", "b(0) && b(1) || b(2)", "((b(0) && b(1)) || b(2))" },
	});
}

TEST(t_fe_parser, precedence_andand_or)
{
	check({
		{ "u1", "b(0) && b(1) | b(2)", "(b(0) && (b(1) | b(2)))" },
		{ "u1", "b(0) | b(1) && b(2)", "((b(0) | b(1)) && b(2))" },
	});
}

TEST(t_fe_parser, precedence_or_xor_and)
{
	check({
		{ "u8", "a(0) | a(1) ^ a(2)", "(a(0) | (a(1) ^ a(2)))" },
		{ "u8", "a(0) ^ a(1) | a(2)", "((a(0) ^ a(1)) | a(2))" },
		{ "u8", "a(0) ^ a(1) & a(2)", "(a(0) ^ (a(1) & a(2)))" },
		{ "u8", "a(0) & a(1) ^ a(2)", "((a(0) & a(1)) ^ a(2))" },
	});
}

TEST(t_fe_parser, precedence_and_equality)
{
	check({
		{ "u1", "b(0) & a(1) == a(2)", "(b(0) & (a(1) == a(2)))" },
		{ "u1", "a(1) != a(2) & b(0)", "((a(1) != a(2)) & b(0))" },
	});
}

TEST(t_fe_parser, precedence_equality_relational)
{
	check({
		{ "u1", "b(0) == a(1) < a(2)", "(b(0) == (a(1) < a(2)))" },
		{ "u1", "a(1) >= a(2) != b(0)", "((a(1) >= a(2)) != b(0))" },
	});
}

TEST(t_fe_parser, precedence_relational_shift)
{
	check({
		{ "u1", "a(0) < a(1) << a(2)", "(a(0) < (a(1) << a(2)))" },
		{ "u1", "a(0) >> a(1) <= a(2)", "((a(0) >> a(1)) <= a(2))" },
		{ "u1", "a(0) > a(1) >> a(2)", "(a(0) > (a(1) >> a(2)))" },
	});
}

TEST(t_fe_parser, precedence_shift_additive)
{
	check({
		{ "u8", "a(0) << a(1) + a(2)", "(a(0) << (a(1) + a(2)))" },
		{ "u8", "a(0) - a(1) >> a(2)", "((a(0) - a(1)) >> a(2))" },
	});
}

TEST(t_fe_parser, precedence_additive_multiplicative)
{
	check({
		{ "u8", "a(0) + a(1) * a(2)", "(a(0) + (a(1) * a(2)))" },
		{ "u8", "a(0) * a(1) - a(2)", "((a(0) * a(1)) - a(2))" },
		{ "u8", "a(0) - a(1) / 3", "(a(0) - (a(1) / 3))" },
		{ "u8", "a(0) % 3 + a(1)", "((a(0) % 3) + a(1))" },
	});
}

TEST(t_fe_parser, precedence_multiplicative_unary)
{
	check({
		{ "u8", "-a(0) * a(1)", "((-a(0)) * a(1))" },
		{ "u8", "a(0) * -a(1)", "(a(0) * (-a(1)))" },
		{ "u8", "~a(0) + a(1)", "((~a(0)) + a(1))" },
		{ "u1", "!b(0) && b(1)", "((!b(0)) && b(1))" },
		{ "u1", "!b(0) == b(1)", "((!b(0)) == b(1))" },
		{ "u8", "-a(0) << a(1)", "((-a(0)) << a(1))" },
	});
}

TEST(t_fe_parser, unary_operators_nest)
{
	check({
		{ "u8", "- -a(0)", "(-(-a(0)))" },
		{ "u8", "-~a(0)", "(-(~a(0)))" },
		{ "u1", "!!b(0)", "(!(!b(0)))" },
		{ "u8", "-u8(w(0))", "(-u8(w(0)))" },
	});
}

TEST(t_fe_parser, parentheses_override)
{
	check({
		{ "u8", "(a(0) + a(1)) * a(2)", "((a(0) + a(1)) * a(2))" },
		{ "u8", "a(0) - (a(1) - a(2))", "(a(0) - (a(1) - a(2)))" },
		{ "u8", "((((a(0)))))", "a(0)" },
		{ "u8", "-(a(0) * a(1))", "(-(a(0) * a(1)))" },
	});
}

// ---- associativity

TEST(t_fe_parser, binary_operators_left_associative)
{
	check({
		{ "u1", "b(0) || b(1) || b(2)", "((b(0) || b(1)) || b(2))" },
		{ "u1", "b(0) && b(1) && b(2)", "((b(0) && b(1)) && b(2))" },
		{ "u8", "a(0) | a(1) | a(2)", "((a(0) | a(1)) | a(2))" },
		{ "u8", "a(0) ^ a(1) ^ a(2)", "((a(0) ^ a(1)) ^ a(2))" },
		{ "u8", "a(0) & a(1) & a(2)", "((a(0) & a(1)) & a(2))" },
		{ "u1", "b(0) == b(1) != b(2)", "((b(0) == b(1)) != b(2))" },
		{ "u1", "b(0) != b(1) == b(2)", "((b(0) != b(1)) == b(2))" },
		{ "u8", "a(0) << a(1) >> a(2)", "((a(0) << a(1)) >> a(2))" },
		{ "u8", "a(0) - a(1) + a(2)", "((a(0) - a(1)) + a(2))" },
		{ "u8", "a(0) - a(1) - a(2)", "((a(0) - a(1)) - a(2))" },
		{ "u8", "a(0) * a(1) % 3", "((a(0) * a(1)) % 3)" },
		{ "u8", "a(0) / 3 / 5", "((a(0) / 3) / 5)" },
		{ "u8", "a(0) / 3 * a(1)", "((a(0) / 3) * a(1))" },
	});
}

TEST(t_fe_parser, relational_left_associative)
{
	// (a < b) gives u1, so (a < b) < c needs a u1 c: b(2).
	check({
		{ "u1", "a(0) < a(1) < b(2)", "((a(0) < a(1)) < b(2))" },
		{ "u1", "a(0) >= a(1) > b(2)", "((a(0) >= a(1)) > b(2))" },
	});
}

TEST(t_fe_parser, relational_is_not_right_associative_bad)
{
	// Left-associative: (b(0) < a(1)) < a(2) compares u1 with u8 and
	// fails; a right-associative b(0) < (a(1) < a(2)) would be u1 < u1.
	Fe f(prog("u1", "b(0) < a(1) < a(2)"));
	EXPECT_FALSE(f.ok());
}

TEST(t_fe_parser, ternary_right_associative)
{
	check({
		{ "u8", "b(0) ? a(1) : b(2) ? a(3) : a(4)",
		  "(b(0) ? a(1) : (b(2) ? a(3) : a(4)))" },
		{ "u8", "b(0) ? b(1) ? a(2) : a(3) : a(4)",
		  "(b(0) ? (b(1) ? a(2) : a(3)) : a(4))" },
		{ "u8", "b(0) ? a(0) : b(1) ? a(1) : b(2) ? a(2) : a(3)",
		  "(b(0) ? a(0) : (b(1) ? a(1) : (b(2) ? a(2) : a(3))))" },
	});
}

// ---- builtins

TEST(t_fe_parser, clamp_is_min_of_max)
{
	check({
		{ "u8", "clamp(a(0), a(1), a(2))", "min(max(a(0), a(1)), a(2))" },
		{ "i8", "clamp(s(0), -3, 5)", "min(max(s(0), -3), 5)" },
		{ "u8", "min(a(0), a(1))", "min(a(0), a(1))" },
		{ "u8", "max(a(0), a(1) + a(2))", "max(a(0), (a(1) + a(2)))" },
	});
}

TEST(t_fe_parser, select_is_ternary)
{
	check({
		{ "u8", "select(b(0), a(1), a(2))", "(b(0) ? a(1) : a(2))" },
		{ "u8", "select(b(0) || b(1), a(1) + a(2), a(3))",
		  "((b(0) || b(1)) ? (a(1) + a(2)) : a(3))" },
	});
}

TEST(t_fe_parser, builtin_arguments_are_full_expressions)
{
	check({
		{ "u8", "min(b(0) ? a(1) : a(2), a(3))", "min((b(0) ? a(1) : a(2)), a(3))" },
		{ "u8", "u8(w(0) >> 8)", "u8((w(0) >> 8))" },
		{ "u8", "abs(s(0) * s(1))", "abs((s(0) * s(1)))" },
	});
}

TEST(t_fe_parser, access_arguments)
{
	check({
		{ "u8", "a(x + 1 - 1)", "a(((x + 1) - 1))" },
		{ "u8", "a(x) + a(min(x, 2))", "(a(x) + a(min(x, 2)))" },
	});
}

// ---- reductions

// The top node of f's body in a compiled program.
struct Body {
	Fe fe;
	const ir_expr *e;
	Body(const std::string &type, const std::string &expr) : fe(prog(type, expr))
	{
		e = fe.ok() ? fe.decl("f")->body : nullptr;
	}
};

TEST(t_fe_parser, reduction_body_reaches_right)
{
	// sum(r in 0..3) a(r) * 2 + 1 sums the whole a(r) * 2 + 1.
	Body b("u8", "sum(r in 0..3) a(r) * 2 + 1");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_REDUCE);
	EXPECT_EQ(b.e->u.reduce.op, IR_RED_SUM);
	ASSERT_EQ(b.e->u.reduce.n_rvars, 1);
	EXPECT_EQ(b.e->u.reduce.rvars[0].lo, 0);
	EXPECT_EQ(b.e->u.reduce.rvars[0].hi, 3);
	EXPECT_EQ(Fe::print(b.e->u.reduce.body, b.fe.decl("f")), "((a(r) * 2) + 1)");
}

TEST(t_fe_parser, reduction_in_parentheses_sums_first)
{
	Body b("u8", "(sum(r in 0..3) a(r)) * 2 + 1");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_BINARY);
	EXPECT_EQ(b.e->op, IR_OP_ADD);
	const ir_expr *mul = b.e->args[0];
	ASSERT_EQ(mul->kind, IR_BINARY);
	EXPECT_EQ(mul->op, IR_OP_MUL);
	ASSERT_EQ(mul->args[0]->kind, IR_REDUCE);
	EXPECT_EQ(Fe::print(mul->args[0]->u.reduce.body, b.fe.decl("f")), "a(r)");
}

TEST(t_fe_parser, reduction_inside_larger_expression)
{
	// a(0) + sum(...) a(r) * 2 + 1: the sum is the right operand of the
	// first +, and takes everything after it.
	Body b("u8", "a(0) + sum(r in 0..3) a(r) * 2 + 1");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_BINARY);
	EXPECT_EQ(b.e->op, IR_OP_ADD);
	EXPECT_EQ(Fe::print(b.e->args[0], b.fe.decl("f")), "a(0)");
	ASSERT_EQ(b.e->args[1]->kind, IR_REDUCE);
	EXPECT_EQ(Fe::print(b.e->args[1]->u.reduce.body, b.fe.decl("f")), "((a(r) * 2) + 1)");
}

TEST(t_fe_parser, reduction_body_takes_ternary)
{
	Body b("u8", "maximum(r in 0..4) b(r) ? a(r) : a(0)");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_REDUCE);
	EXPECT_EQ(b.e->u.reduce.op, IR_RED_MAXIMUM);
	EXPECT_EQ(Fe::print(b.e->u.reduce.body, b.fe.decl("f")), "(b(r) ? a(r) : a(0))");
}

TEST(t_fe_parser, reduction_in_ternary_arm_stops_at_colon)
{
	Body b("u8", "b(0) ? minimum(r in 0..4) a(r) + 1 : a(0)");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_SELECT);
	ASSERT_EQ(b.e->args[1]->kind, IR_REDUCE);
	EXPECT_EQ(b.e->args[1]->u.reduce.op, IR_RED_MINIMUM);
	EXPECT_EQ(Fe::print(b.e->args[1]->u.reduce.body, b.fe.decl("f")), "(a(r) + 1)");
	EXPECT_EQ(Fe::print(b.e->args[2], b.fe.decl("f")), "a(0)");
}

TEST(t_fe_parser, reduction_under_unary_minus)
{
	Body b("u8", "-sum(r in 0..2) a(r) + 1");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_UNARY);
	EXPECT_EQ(b.e->op, IR_OP_NEG);
	ASSERT_EQ(b.e->args[0]->kind, IR_REDUCE);
	EXPECT_EQ(Fe::print(b.e->args[0]->u.reduce.body, b.fe.decl("f")), "(a(r) + 1)");
}

TEST(t_fe_parser, reduction_several_variables_and_negative_range)
{
	Body b("u8", "sum(r in -2..0, t in 0..3) a(x + r + 2 + t)");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_REDUCE);
	ASSERT_EQ(b.e->u.reduce.n_rvars, 2);
	EXPECT_EQ(b.e->u.reduce.rvars[0].lo, -2);
	EXPECT_EQ(b.e->u.reduce.rvars[0].hi, 0);
	EXPECT_EQ(b.e->u.reduce.rvars[1].lo, 0);
	EXPECT_EQ(b.e->u.reduce.rvars[1].hi, 3);
}

TEST(t_fe_parser, reductions_nest)
{
	Body b("u8", "sum(r in 0..2) maximum(t in 0..3) a(r + t)");
	ASSERT_NE(b.e, nullptr) << b.fe.diags();
	ASSERT_EQ(b.e->kind, IR_REDUCE);
	ASSERT_EQ(b.e->u.reduce.body->kind, IR_REDUCE);
	EXPECT_EQ(b.e->u.reduce.body->u.reduce.op, IR_RED_MAXIMUM);
}

TEST(t_fe_parser, sibling_reductions_reuse_a_name)
{
	Fe f(prog("u8", "(sum(r in 0..2) a(r)) + (sum(r in 0..3) a(r))"));
	EXPECT_TRUE(f.ok()) << f.diags();
}

TEST(t_fe_parser, nested_reduction_reuses_a_name_bad)
{
	// The body of the first sum reaches right, so the second sum is inside
	// it and its r would shadow the first.
	Fe f(prog("u8", "sum(r in 0..2) a(r) + sum(r in 0..2) a(r)"));
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.n_errors(), 1) << f.diags();
}

TEST(t_fe_parser, reduction_empty_range_bad)
{
	for (const char *r : { "3..3", "3..1", "0..0", "-1..-1", "-1..-2" }) {
		Fe f(prog("u8", std::string("sum(r in ") + r + ") a(0)"));
		EXPECT_FALSE(f.ok()) << r;
		EXPECT_EQ(f.n_errors(), 1) << r << ": " << f.diags();
	}
}

TEST(t_fe_parser, reduction_range_not_constant_bad)
{
	for (const char *r : { "0..x", "x..4", "0..1+2", "0..a(0)" }) {
		Fe f(prog("u8", std::string("sum(r in ") + r + ") a(r)"));
		EXPECT_FALSE(f.ok()) << r;
	}
}

TEST(t_fe_parser, reduction_variable_shadows_bad)
{
	// A func variable, and a declared name.
	Fe f1(prog("u8", "sum(x in 0..2) a(x)"));
	EXPECT_FALSE(f1.ok());
	Fe f2(prog("u8", "sum(a in 0..2) u8(w(0))"));
	EXPECT_FALSE(f2.ok());
	Fe f3(prog("u8", "sum(r in 0..2, r in 0..2) a(r)"));
	EXPECT_FALSE(f3.ok());
}

TEST(t_fe_parser, reduction_variable_out_of_scope_bad)
{
	Fe f(prog("u8", "(sum(r in 0..2) a(r)) + a(r)"));
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:5:44: error:")) << f.diags();
}

// ---- arity

TEST(t_fe_parser, builtin_arity_bad)
{
	for (const char *e : { "min(a(0))", "min(a(0), a(1), a(2))", "max()",
		     "max(a(0))", "abs()", "abs(s(0), s(1))", "clamp(a(0), a(1))",
		     "clamp(a(0), a(1), a(2), a(3))", "select(b(0), a(1))",
		     "select(b(0), a(1), a(2), a(3))", "u8()", "u8(a(0), a(1))" }) {
		Fe f(prog("u8", e));
		EXPECT_FALSE(f.ok()) << e;
		EXPECT_EQ(f.n_errors(), 1) << e << ": " << f.diags();
		// Reported at the builtin's name, column 18 of line 5.
		EXPECT_TRUE(f.has("t.sl:5:18: error:")) << e << ": " << f.diags();
	}
}

TEST(t_fe_parser, access_arity_bad)
{
	for (const char *e : { "a()", "a(0, 0)", "g(0)", "g(0, 0, 0)" }) {
		Fe f("input a : u8[8];\n"
		     "func g(y, x) : u8 = a(x);\n"
		     "func f(x) : u8 = " + std::string(e) + ";\n"
		     "output f[1];\n");
		EXPECT_FALSE(f.ok()) << e;
		EXPECT_EQ(f.n_errors(), 1) << e << ": " << f.diags();
		EXPECT_TRUE(f.has("t.sl:3:18: error:")) << e << ": " << f.diags();
	}
}

TEST(t_fe_parser, name_without_indices_bad)
{
	Fe f(prog("u8", "a + 1"));
	EXPECT_FALSE(f.ok());
	Fe f2(prog("u8", "x(0)"));
	EXPECT_FALSE(f2.ok());
}

// ---- syntax errors and recovery

TEST(t_fe_parser, several_syntax_errors_reported_bad)
{
	// Three broken declarations among good ones: all three are reported,
	// each at its place.
	Fe f("input a : u8[8];\n"
	     "func f(x) : u8 = a(x) + ;\n"
	     "func g(x) : u8 = a(x) a(x);\n"
	     "func h(x) : u8 = (a(x);\n"
	     "func k(x) : u8 = a(x);\n"
	     "output k[8];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 3) << f.diags();
	EXPECT_TRUE(f.has("t.sl:2:")) << f.diags();
	EXPECT_TRUE(f.has("t.sl:3:")) << f.diags();
	EXPECT_TRUE(f.has("t.sl:4:")) << f.diags();
}

TEST(t_fe_parser, errors_in_several_kinds_of_declaration_bad)
{
	Fe f("input a : u8[0];\n"
	     "const c : u8[2] = {1, 2, 3};\n"
	     "func f(x) : u99 = 1;\n"
	     "func g(x, x) : u8 = 1;\n"
	     "output nothing[4];\n"
	     "func k(x) : u8 = 1;\n"
	     "output k[8];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 5) << f.diags();
	for (int line = 1; line <= 5; line++)
		EXPECT_TRUE(f.has("t.sl:" + std::to_string(line) + ":")) << line << f.diags();
}

TEST(t_fe_parser, failed_declaration_not_reported_again_bad)
{
	// a's declaration fails; its uses are not reported as undeclared.
	Fe f("input a : u8[0];\n"
	     "func f(x) : u8 = a(x);\n"
	     "func g(x) : u8 = a(x) + f(x);\n"
	     "output g[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1) << f.diags();
	EXPECT_TRUE(f.has("t.sl:1:")) << f.diags();
}

TEST(t_fe_parser, missing_semicolon_bad)
{
	Fe f("input a : u8[8]\n"
	     "func f(x) : u8 = a(x);\n"
	     "output f[8];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_GE(f.n_errors(), 1);
	// Reported after the extents or at the next token, asking for ';'.
	EXPECT_TRUE(f.has("t.sl:1:16: error:") || f.has("t.sl:2:1: error:")) << f.diags();
	EXPECT_TRUE(f.has("';'")) << f.diags();
}

TEST(t_fe_parser, unexpected_end_bad)
{
	Fe f("input a : u8[8];\nfunc f(x) : u8 = a(x) +");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1) << f.diags();
}

TEST(t_fe_parser, stray_tokens_bad)
{
	for (const char *e : { "a(0) )", "a(0) a(1)", "(a(0)", "a(0) ? a(1)",
		     "a(0) +* a(1)", "", "a(0) ,", "[a(0)]" }) {
		Fe f(prog("u8", e));
		EXPECT_FALSE(f.ok()) << e;
	}
}

TEST(t_fe_parser, empty_program_bad)
{
	// A program has at least one output.
	Fe f("");
	EXPECT_FALSE(f.ok());
	Fe f2("# nothing but a comment\ninput a : u8[4];\n");
	EXPECT_FALSE(f2.ok());
}

// ---- declarations

TEST(t_fe_parser, declarations_parse)
{
	Fe f("input  in : u16[4][6];\n"
	     "const  k : i8[2][3] = { -1, 2, -128, 127, 0, 0x7F };\n"
	     "func   g(y, x) : i32 = i32(in(y, x)) * i32(k(y % 2, x % 3));\n"
	     "func   h(y, x) : i32 = g(y, x);\n"
	     "inline g;\n"
	     "output h[4][6];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	ASSERT_EQ(f.prog->n_decls, 4);
	ir_decl *in = f.decl("in"), *k = f.decl("k"), *g = f.decl("g"), *h = f.decl("h");
	ASSERT_TRUE(in && k && g && h);
	EXPECT_EQ(in->kind, IR_DECL_INPUT);
	EXPECT_EQ(in->n_dims, 2);
	EXPECT_EQ(in->extents[0], 4);
	EXPECT_EQ(in->extents[1], 6);
	EXPECT_EQ(in->type.bits, 16);
	EXPECT_FALSE(in->type.is_signed);
	EXPECT_EQ(k->kind, IR_DECL_CONST);
	int64_t want[] = { -1, 2, -128, 127, 0, 127 };
	for (int i = 0; i < 6; i++)
		EXPECT_EQ((int64_t) k->data[i], want[i]) << i;
	EXPECT_TRUE(g->is_inline);
	EXPECT_FALSE(g->is_output);
	EXPECT_TRUE(h->is_output);
	EXPECT_EQ(h->out_extents[0], 4);
	EXPECT_EQ(h->out_extents[1], 6);
	ASSERT_EQ(f.prog->n_outputs, 1);
	EXPECT_EQ(f.prog->outputs[0], h);
	EXPECT_EQ(in->index, 0);
	EXPECT_EQ(h->index, 3);
	EXPECT_EQ(in->loc.line, 1);
	EXPECT_EQ(in->loc.col, 8);
}

TEST(t_fe_parser, const_value_count_bad)
{
	Fe f1("const c : u8[2][2] = {1, 2, 3};\nfunc f(x) : u8 = c(0, x);\noutput f[2];\n");
	EXPECT_FALSE(f1.ok());
	Fe f2("const c : u8[2][2] = {1, 2, 3, 4, 5};\nfunc f(x) : u8 = c(0, x);\noutput f[2];\n");
	EXPECT_FALSE(f2.ok());
}

TEST(t_fe_parser, const_value_range_bad)
{
	for (const char *v : { "{-1, 0}", "{256, 0}", "{0, 0x100}" }) {
		Fe f(std::string("const c : u8[2] = ") + v + ";\nfunc f(x) : u8 = c(x);\noutput f[2];\n");
		EXPECT_FALSE(f.ok()) << v;
	}
	for (const char *v : { "{-129, 0}", "{128, 0}" }) {
		Fe f(std::string("const c : i8[2] = ") + v + ";\nfunc f(x) : i8 = c(x);\noutput f[2];\n");
		EXPECT_FALSE(f.ok()) << v;
	}
}

TEST(t_fe_parser, dimensions_one_to_eight)
{
	// docs/language.md: at least one and at most 8 dimensions.
	Fe f8("input a : u8[1][1][1][1][1][1][1][2];\n"
	      "func f(p, q, r, s, t, u, v, x) : u8 = a(p, q, r, s, t, u, v, x);\n"
	      "output f[1][1][1][1][1][1][1][2];\n");
	EXPECT_TRUE(f8.ok()) << f8.diags();
}

TEST(t_fe_parser, nine_dimensions_bad)
{
	Fe f("input a : u8[1][1][1][1][1][1][1][1][2];\n"
	     "func f(x) : u8 = 1;\noutput f[1];\n");
	EXPECT_FALSE(f.ok());
	Fe g("func f(p, q, r, s, t, u, v, w, x) : u8 = 1;\n"
	     "output f[1][1][1][1][1][1][1][1][1];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, zero_dimensions_bad)
{
	Fe f("input a : u8;\nfunc f(x) : u8 = 1;\noutput f[1];\n");
	EXPECT_FALSE(f.ok());
	Fe g("func f() : u8 = 1;\noutput f;\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, extents_positive_literals_bad)
{
	// Extents are constant expressions (docs/language.md, "Params"): [2+2]
	// is 4 (t_fe_params); these are not positive or not constants.
	for (const char *e : { "[0]", "[-4]", "[2-2]", "[n]", "[]", "[min(2, 3)]" }) {
		Fe f(std::string("input a : u8") + e + ";\nfunc f(x) : u8 = 1;\noutput f[1];\n");
		EXPECT_FALSE(f.ok()) << e;
	}
}

TEST(t_fe_parser, input_too_large_bad)
{
	// docs/language.md: at most 2^40 elements (2^20 * 2^20 is the limit).
	Fe ok("input a : u8[1048576][1048576];\nfunc f(x) : u8 = a(0, x);\noutput f[1];\n");
	EXPECT_TRUE(ok.ok()) << ok.diags();
	Fe bad("input a : u8[1048576][1048577];\nfunc f(x) : u8 = a(0, x);\noutput f[1];\n");
	EXPECT_FALSE(bad.ok());
	EXPECT_TRUE(bad.has("t.sl:1:")) << bad.diags();
}

TEST(t_fe_parser, inline_const_too_large_bad)
{
	// docs/language.md: an inline {...} const holds at most 2^24 values.
	Fe f("const c : u8[16777217] = {0};\nfunc f(x) : u8 = c(x);\noutput f[1];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("2^24")) << f.diags();
}

TEST(t_fe_parser, names_declared_once_bad)
{
	Fe f("input a : u8[4];\ninput a : u8[4];\nfunc f(x) : u8 = a(x);\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:7: error:")) << f.diags();
	Fe g("input a : u8[4];\nfunc a(x) : u8 = 1;\nfunc f(x) : u8 = 1;\noutput f[4];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, declare_before_use_bad)
{
	Fe f("func f(x) : u8 = a(x);\ninput a : u8[4];\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:1:18: error:")) << f.diags();
	// A func cannot read itself (the program is a DAG).
	Fe g("func f(x) : u8 = f(x);\noutput f[4];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, output_and_inline_declared_before_bad)
{
	// docs/language.md: output and inline follow declare-before-use.
	Fe f("output f[4];\nfunc f(x) : u8 = 1;\n");
	EXPECT_FALSE(f.ok());
	Fe g("input a : u8[4];\ninline g;\nfunc g(x) : u8 = a(x);\nfunc f(x) : u8 = g(x);\noutput f[4];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, output_twice_bad)
{
	Fe f("func f(x) : u8 = 1;\noutput f[4];\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:3:")) << f.diags();
	Fe g("func f(x) : u8 = 1;\noutput f[4];\noutput f[8];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, output_extents_match_variables_bad)
{
	Fe f("func f(y, x) : u8 = 1;\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	Fe g("func f(x) : u8 = 1;\noutput f[4][4];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, output_must_be_func_bad)
{
	Fe f("input a : u8[4];\nfunc f(x) : u8 = a(x);\noutput f[4];\noutput a[4];\n");
	EXPECT_FALSE(f.ok());
	Fe g("const c : u8[1] = {3};\nfunc f(x) : u8 = c(x);\noutput f[1];\noutput c[1];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, inline_twice_is_a_warning)
{
	// docs/language.md: inlining a func twice is a warning.
	Fe f("input a : u8[4];\nfunc g(x) : u8 = a(x);\ninline g;\ninline g;\n"
	     "func f(x) : u8 = g(x);\noutput f[4];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.count("warning"), 1) << f.diags();
	EXPECT_TRUE(f.has("t.sl:4:8: warning:")) << f.diags();
}

TEST(t_fe_parser, inline_output_bad)
{
	// docs/language.md: whichever of the two declarations comes first.
	Fe f("func f(x) : u8 = 1;\ninline f;\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	Fe g("func f(x) : u8 = 1;\noutput f[4];\ninline f;\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, inline_non_func_bad)
{
	Fe f("input a : u8[4];\ninline a;\nfunc f(x) : u8 = a(x);\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	Fe g("const c : u8[1] = {3};\ninline c;\nfunc f(x) : u8 = c(x);\noutput f[1];\n");
	EXPECT_FALSE(g.ok());
}

// ---- names are never shadowed (spec and docs/language.md)

TEST(t_fe_parser, variables_distinct_bad)
{
	Fe f("func f(x, x) : u8 = 1;\noutput f[4][4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:1:11: error:")) << f.diags();
}

TEST(t_fe_parser, variable_named_like_its_func_bad)
{
	Fe f("func f(f) : u8 = 1;\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
}

TEST(t_fe_parser, variable_named_like_declaration_bad)
{
	Fe f("input a : u8[4];\nfunc f(a) : u8 = 1;\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:8: error:")) << f.diags();
}

TEST(t_fe_parser, declaration_named_like_earlier_variable_bad)
{
	// docs/language.md: a name used as a variable may not be declared by a
	// later input, const or func.
	Fe f("input a : u8[4];\nfunc f(x) : u8 = a(x);\ninput x : u8[4];\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:3:7: error:")) << f.diags();
	Fe g("input a : u8[4];\nfunc f(x) : u8 = sum(r in 0..2) a(r);\n"
	     "func r(x) : u8 = f(x);\noutput r[4];\n");
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, same_variable_in_two_funcs)
{
	Fe f("input a : u8[4];\nfunc g(x) : u8 = a(x);\nfunc f(x) : u8 = g(x);\noutput f[4];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

// ---- limits (docs/language.md)

TEST(t_fe_parser, deep_nesting_bad)
{
	std::string deep = std::string(1000, '(') + "a(0)" + std::string(1000, ')');
	Fe f(prog("u8", deep));
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1) << f.diags().substr(0, 500);
	std::string neg = std::string(1000, '-') + "a(0)";
	Fe g(prog("u8", neg));
	EXPECT_FALSE(g.ok());
}

TEST(t_fe_parser, moderate_nesting_accepted)
{
	std::string e = std::string(100, '(') + "a(0)" + std::string(100, ')');
	EXPECT_EQ(shape("u8", e), "a(0)");
}

TEST(t_fe_parser, too_many_operators_bad)
{
	std::string e = "a(0)";
	for (int i = 0; i < 5000; i++)
		e += " + a(0)";
	Fe f(prog("u8", e));
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1);
	std::string ok = "a(0)";
	for (int i = 0; i < 1000; i++)
		ok += " + a(0)";
	Fe g(prog("u8", ok));
	EXPECT_TRUE(g.ok()) << g.diags().substr(0, 500);
}

// ---- diagnostics (docs/language.md: format) and file(...) consts

TEST(t_fe_parser, diagnostic_format_bad)
{
	// file:line:col: error: message, then the source line and a caret
	// under the column.
	Fe f("input a : u8[8];\n"
	     "func f(x) : u8 = a(x) +;\n"
	     "output f[8];\n");
	ASSERT_FALSE(f.ok());
	std::string d = f.diags();
	size_t at = d.find("t.sl:2:24: error: ");
	ASSERT_EQ(at, 0u) << d;
	size_t l1 = d.find('\n') + 1, l2 = d.find('\n', l1) + 1, l3 = d.find('\n', l2);
	std::string src = d.substr(l1, l2 - l1 - 1), caret = d.substr(l2, l3 - l2);
	EXPECT_NE(src.find("func f(x) : u8 = a(x) +;"), std::string::npos) << d;
	// The caret stands under the ';' of the source line.
	size_t col = src.find("func f(x)") + 23;
	EXPECT_EQ(caret.find('^'), col) << d;
}

TEST(t_fe_parser, const_file_relative_to_program)
{
	// A 4-element |u1 .npy written by hand next to a program in a
	// temporary folder; file("w.npy") is read from that folder.
	char dir[] = "/tmp/t_fe_parser_XXXXXX";
	ASSERT_NE(mkdtemp(dir), nullptr);
	std::string hdr = "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }";
	while ((10 + hdr.size() + 1) % 64)
		hdr += ' ';
	hdr += '\n';
	std::string npy = std::string("\x93NUMPY\x01\x00", 8);
	npy += (char) (hdr.size() & 0xff);
	npy += (char) (hdr.size() >> 8);
	npy += hdr;
	npy += std::string("\x05\x06\x07\xff", 4);
	std::string npath = std::string(dir) + "/w.npy";
	FILE *out = fopen(npath.c_str(), "wb");
	ASSERT_NE(out, nullptr);
	fwrite(npy.data(), 1, npy.size(), out);
	fclose(out);
	std::string path = std::string(dir) + "/t.sl";
	Fe f("const w : u8[4] = file(\"w.npy\");\n"
	     "func f(x) : u8 = w(x);\n"
	     "output f[4];\n", path.c_str());
	EXPECT_TRUE(f.ok()) << f.diags();
	if (f.ok()) {
		ir_decl *w = f.decl("w");
		EXPECT_EQ(w->data[0], 5u);
		EXPECT_EQ(w->data[3], 255u);
	}
	// Too small a type for the data: an error naming the file.
	Fe g("const w : u4[4] = file(\"w.npy\");\n"
	     "func f(x) : u4 = w(x);\n"
	     "output f[4];\n", path.c_str());
	EXPECT_FALSE(g.ok());
	EXPECT_TRUE(g.has("w.npy")) << g.diags();
	// Not found from a program elsewhere.
	Fe h("const w : u8[4] = file(\"w.npy\");\n"
	     "func f(x) : u8 = w(x);\n"
	     "output f[4];\n", "/nonexistent_dir_for_t_fe/t.sl");
	EXPECT_FALSE(h.ok());
	EXPECT_TRUE(h.has("w.npy")) << h.diags();
	remove(npath.c_str());
	rmdir(dir);
}

} // namespace
