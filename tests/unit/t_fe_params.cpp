// tests/unit/t_fe_params.cpp: params ("param NAME = E;") and their -D
// values (docs/language.md, "Params").  Expected extents, domains and
// values are worked out by hand from the rules there: a param is replaced
// by its value wherever it is read, extents are constant expressions, and
// a -D value replaces the declared one before any later declaration reads
// it.
#include "fe_test.h"

using fe_test::Fe;

namespace {

const char *const SIZED =
	"param W = 8;\n"
	"param H = W / 2;\n"
	"param K = 3;\n"
	"input in : u8[H][W];\n"
	"const c : u16[K] = { 1, K, 5 };\n"
	"func f(y, x) : u16 = sum(r in 0..K) u16(in(y, x + r)) * c(r) + W;\n"
	"output f[H][W - K + 1];\n";

std::vector<int64_t> extents(const int64_t *e, int n)
{
	return std::vector<int64_t>(e, e + n);
}

TEST(t_fe_params, defaults_in_extents_consts_and_bounds)
{
	Fe f(SIZED);
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(extents(f.decl("in")->extents, 2), (std::vector<int64_t>{ 4, 8 }));
	EXPECT_EQ(extents(f.decl("f")->out_extents, 2), (std::vector<int64_t>{ 4, 6 }));
	EXPECT_EQ(f.decl("c")->extents[0], 3);
	EXPECT_EQ(f.decl("c")->data[1], 3u);
	// x + r with r in 0..3 over x in 0..5 reads columns 0..7 of 8: in bounds.
	EXPECT_EQ(f.dom("f"), "0..3, 0..5");
	EXPECT_NE(f.body("f").find("+ 8"), std::string::npos) << f.body("f");
	ASSERT_EQ(f.prog->n_params, 3);
	EXPECT_STREQ(f.prog->params[1].name, "H");
	EXPECT_EQ(f.prog->params[1].value, 4);
	EXPECT_FALSE(f.prog->params[1].defined);
}

TEST(t_fe_params, define_replaces_the_value_before_later_params_read_it)
{
	Fe f(SIZED, "t.sl", { { "W", 20 } });
	ASSERT_TRUE(f.ok()) << f.diags();
	// H = W / 2 = 10; the output W - K + 1 = 18.
	EXPECT_EQ(extents(f.decl("in")->extents, 2), (std::vector<int64_t>{ 10, 20 }));
	EXPECT_EQ(extents(f.decl("f")->out_extents, 2), (std::vector<int64_t>{ 10, 18 }));
	EXPECT_NE(f.body("f").find("+ 20"), std::string::npos) << f.body("f");
	EXPECT_TRUE(f.prog->params[0].defined);
	EXPECT_EQ(f.prog->params[0].value, 20);
	EXPECT_FALSE(f.prog->params[1].defined);
	char *buf = nullptr;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	ir_program_dump(f.prog, out);
	fclose(out);
	std::string dump(buf, len);
	free(buf);
	EXPECT_EQ(dump.rfind("param  W = 20  (-D)\nparam  H = 10\nparam  K = 3\ninput  in : u8[10][20]\n", 0),
		0u) << dump;
}

TEST(t_fe_params, negative_param_in_an_index)
{
	// x - OFF = x + 1: f(x) reads in(1..7) over x in 0..6.
	Fe f("param OFF = -1;\ninput in : u8[8];\nfunc f(x) : u8 = in(x - OFF);\noutput f[7];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	Fe bad("param OFF = -1;\ninput in : u8[8];\nfunc f(x) : u8 = in(x - OFF);\noutput f[8];\n");
	EXPECT_FALSE(bad.ok());
	EXPECT_TRUE(bad.has("t.sl:3:21: error: 'in' is read at index 8 in dimension 1, past its last index 7\n"))
		<< bad.diags();
}

TEST(t_fe_params, value_that_does_not_fit_its_context_bad)
{
	// A param is a literal: 300 in a u8 sum does not fit, at the read.
	Fe f("param V = 300;\ninput in : u8[4];\nfunc f(x) : u8 = in(x) + V;\noutput f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:3:26: error:")) << f.diags();
}

TEST(t_fe_params, access_leaving_its_input_names_the_sizes)
{
	const char *text =
		"param W = 64;\n"
		"param H = 64;\n"
		"input in : u8[H][W];\n"
		"func g(y, x) : u8 = in(y + 2, x + 2);\n"
		"output g[H - 2][W - 1];\n";
	Fe f(text, "t.sl", { { "W", 1920 }, { "H", 1080 } });
	EXPECT_FALSE(f.ok());
	// x + 2 over x in 0..1918 reaches 1920 in an extent of 1920.
	EXPECT_TRUE(f.has("t.sl:4:31: error: 'in' is read at index 1920 in dimension 2, past its "
		"last index 1919 (its extent W = 1920)\n")) << f.diags();
	EXPECT_TRUE(f.has("t.sl:3:7: note: 'in' is declared here with extents [H = 1080][W = 1920]\n"))
		<< f.diags();
	EXPECT_TRUE(f.has("(its output box [H - 2 = 1078, where H = 1080][W - 1 = 1919, where W = 1920])"))
		<< f.diags();
	EXPECT_EQ(f.count("error"), 1);
}

TEST(t_fe_params, extent_that_is_not_positive_bad)
{
	Fe f("param W = 2;\ninput in : u8[W - 2];\nfunc f(x) : u8 = in(x);\noutput f[1];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:15: error: an extent must be positive: W - 2 = 0, where W = 2\n"))
		<< f.diags();
	Fe g("param W = 4;\ninput in : u8[W];\nfunc f(x) : u8 = in(x);\noutput f[W];\n",
		"t.sl", { { "W", -3 } });
	EXPECT_FALSE(g.ok());
	EXPECT_TRUE(g.has("t.sl:2:15: error: an extent must be positive: W = -3\n")) << g.diags();
}

// A size past the limits names the params that made it, like every other
// size error (issue 24): the array's extents, or the func's domain and
// output box.  INT64_MAX as a -D (docs/language.md, "Params").
TEST(t_fe_params, size_past_the_limits_names_the_params_bad)
{
	const char *text = "param W = 4;\nparam H = 2;\ninput in : u8[H][W];\n"
		"func f(y, x) : u8 = in(y, x);\noutput f[H][W];\n";
	Fe f(text, "t.sl", { { "W", INT64_MAX } });
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:3:18: error: this array is too large: more than 2^40 elements "
		"(its extents [H = 2][W = 9223372036854775807])\n")) << f.diags();
	// 2^31 + 1 columns of two rows: past 2^31 points, within 2^40 elements
	Fe g(text, "t.sl", { { "W", 2147483649 } });
	EXPECT_FALSE(g.ok());
	EXPECT_TRUE(g.has("t.sl:4:6: error: func 'f' would be computed over more than 2^31 points: "
		"y in 0..1, x in 0..2147483648 (its output box [H = 2][W = 2147483649])\n"))
		<< g.diags();
	// an expression of params shows how it came about, its value past 2^62
	Fe h("param W = 4;\ninput in : u8[W * W];\nfunc f(x) : u8 = in(x);\noutput f[4];\n",
		"t.sl", { { "W", 3037000499 } });
	EXPECT_TRUE(h.has("t.sl:2:15: error: this array is too large: more than 2^40 elements "
		"(its extents [W * W = 9223372030926249001, where W = 3037000499])\n")) << h.diags();
}

TEST(t_fe_params, define_of_no_param_bad)
{
	Fe f(SIZED, "t.sl", { { "Q", 1 } });
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl: error: -D Q=1: the program declares no param 'Q'; its params are "
		"W, H, K\n")) << f.diags();
	Fe g("input in : u8[4];\nfunc f(x) : u8 = in(x);\noutput f[4];\n", "t.sl", { { "W", 2 } });
	EXPECT_FALSE(g.ok());
	EXPECT_TRUE(g.has("'W'; it declares no params")) << g.diags();
}

TEST(t_fe_params, names_bad)
{
	const char *const bad[] = {
		"param W = 1;\nparam W = 2;\n",			// declared twice
		"input W : u8[2];\nparam W = 2;\n",		// the name of an input
		"param W = 2;\nfunc W(x) : u8 = 1;\n",		// a func of its name
		"param W = 2;\nfunc g(W) : u8 = 1;\n",		// a variable of its name
		"func g(W) : u8 = 1;\nparam W = 2;\n",		// a variable's name, later
		"param W = 2;\nfunc g(x) : u8 = W(x);\n",	// read with indices
		"param W = V + 1;\nparam V = 2;\n",		// read before its declaration
		"param W = min(1, 2);\n",			// not a constant expression
		"param W = 9223372036854775808;\n",		// 2^63
		"param W;\n",					// no value
		"param = 3;\n",					// no name
	};
	for (const char *b : bad) {
		Fe f(std::string(b) + "input in : u8[4];\nfunc f(x) : u8 = in(x);\noutput f[4];\n");
		EXPECT_FALSE(f.ok()) << b;
		EXPECT_TRUE(f.has("t.sl:")) << b << f.diags();
	}
	Fe f("param W = 1;\nparam W = 2;\ninput in : u8[4];\nfunc f(x) : u8 = in(x);\noutput f[4];\n");
	EXPECT_TRUE(f.has("t.sl:2:7: error: 'W' is already declared\n")) << f.diags();
	EXPECT_TRUE(f.has("t.sl:1:7: note: 'W' is declared here as a param\n")) << f.diags();
}

TEST(t_fe_params, largest_values_fold_exactly)
{
	// -2^63 is a valid param; its use in a value context is a literal
	// -2^63, which fits i64.
	Fe f("param M = -9223372036854775807 - 1;\ninput in : i64[2];\n"
	     "func f(x) : i64 = in(x) + M;\noutput f[2];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.prog->params[0].value, INT64_MIN);
}

TEST(t_fe_params, param_is_not_a_reserved_word)
{
	// Only "param NAME" at the start of a declaration declares a param.
	Fe f("input in : u8[4];\nfunc param(x) : u8 = in(x);\noutput param[4];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

} // namespace
