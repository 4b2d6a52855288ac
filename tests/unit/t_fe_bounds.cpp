// tests/unit/t_fe_bounds.cpp: bounds inference (frontend/bounds.c) against
// "Declarations" and "Accesses and index expressions" in the spec and the
// "Bounds" and "Indices" sections of docs/language.md.  Each expected
// domain is the bounding box of what the consumers read, worked out by
// hand; domains are written "lo..last" with the last point included.
#include "fe_test.h"

using fe_test::Fe;

namespace {

TEST(t_fe_bounds, output_box_only)
{
	Fe f("input in : u8[16][16];\n"
	     "func g(y, x) : u8 = in(y, x);\n"
	     "output g[16][8];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("g"), "0..15, 0..7");
	EXPECT_EQ(ir_decl_dom_size(f.decl("g")), 128);
}

TEST(t_fe_bounds, stencil)
{
	Fe f("input in : u8[16][16];\n"
	     "func f(y, x) : u8 = in(y, x) + in(y + 2, x + 3);\n"
	     "func g(y, x) : u8 = f(y, x) + f(y + 1, x + 2);\n"
	     "output g[10][10];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("g"), "0..9, 0..9");
	EXPECT_EQ(f.dom("f"), "0..10, 0..11");
	EXPECT_EQ(ir_decl_dom_size(f.decl("f")), 11 * 12);
}

TEST(t_fe_bounds, max_with_an_empty_piece)
{
	// j = max(x - 3, y + 2) over y in 0..2, x in 0..3: x - 3 <= 0 < 2 <=
	// y + 2, so j is y + 2, in 2..4 (isl's min over the image, which has
	// an empty piece, said 0 before it was coalesced); either order.
	for (const char *m : { "max(x - 3, y + 2)", "max(y + 2, x - 3)" }) {
		Fe f(std::string("input in : u8[8];\n"
		     "func f(i, j) : u8 = in(j - 2);\n"
		     "func g(y, x) : u8 = f(y, ") + m + ");\n"
		     "output g[3][4];\n");
		ASSERT_TRUE(f.ok()) << m << ": " << f.diags();
		EXPECT_EQ(f.dom("f"), "0..2, 2..4") << m;
	}
}

TEST(t_fe_bounds, spec_blur_example)
{
	// The spec's separable blur: blur_x is needed over rows 0..63 (y + 2
	// for y up to 61) and columns 0..61.
	Fe f("input  in : u16[64][64];\n"
	     "func blur_x(y, x) : u16 = (in(y, x) + 2 * in(y, x + 1) + in(y, x + 2)) >> 2;\n"
	     "func blur(y, x)   : u16 = (blur_x(y, x) + 2 * blur_x(y + 1, x) + blur_x(y + 2, x)) >> 2;\n"
	     "output blur[62][62];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("blur"), "0..61, 0..61");
	EXPECT_EQ(f.dom("blur_x"), "0..63, 0..61");
}

TEST(t_fe_bounds, upsample)
{
	Fe f("input in : u8[8][8];\n"
	     "func f(y, x) : u8 = in(y, x);\n"
	     "func g(y, x) : u8 = f(y / 2, x / 2);\n"
	     "output g[16][15];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..7, 0..7");
}

TEST(t_fe_bounds, downsample)
{
	Fe f("input in : u8[20];\n"
	     "func f(x) : u8 = in(x);\n"
	     "func g(x) : u8 = f(2 * x) + f(2 * x + 1);\n"
	     "output g[8];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..15");
}

TEST(t_fe_bounds, strided_read_takes_bounding_box)
{
	// f is read at 0, 3, 6, 9 only; its domain is the box 0..9.
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(x * 3);\n"
	     "output g[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..9");
	EXPECT_EQ(ir_decl_dom_size(f.decl("f")), 10);
}

TEST(t_fe_bounds, transpose)
{
	Fe f("input in : u8[6][4];\n"
	     "func f(y, x) : u8 = in(y, x);\n"
	     "func g(y, x) : u8 = f(x, y);\n"
	     "output g[4][6];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("g"), "0..3, 0..5");
	EXPECT_EQ(f.dom("f"), "0..5, 0..3");
}

TEST(t_fe_bounds, transpose_3d)
{
	Fe f("func f(c, y, x) : i32 = c + y + x;\n"
	     "func g(y, x, c) : i32 = f(c, y, x + 1);\n"
	     "output g[5][6][3];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..2, 0..4, 1..6");
}

TEST(t_fe_bounds, clamps)
{
	Fe f("input in : u8[8];\n"
	     "func f(x) : u8 = in(x);\n"
	     "func g(x) : u8 = f(clamp(x - 2, 0, 7)) + f(clamp(x + 2, 0, 7));\n"
	     "output g[12];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..7");
}

TEST(t_fe_bounds, min_and_max)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func h(x) : i32 = x;\n"
	     "func g(x) : i32 = f(min(x, 3)) + h(max(x - 5, 0));\n"
	     "output g[8];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..3");
	EXPECT_EQ(f.dom("h"), "0..2");
}

TEST(t_fe_bounds, clamp_keeps_input_in_bounds)
{
	Fe f("input in : u8[16];\n"
	     "func f(x) : u8 = in(clamp(x - 3, 0, 15)) + in(clamp(x + 3, 0, 15));\n"
	     "output f[16];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

TEST(t_fe_bounds, reduction_adds_its_range)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = sum(r in 0..3) f(x + r);\n"
	     "output g[5];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..6");
}

TEST(t_fe_bounds, reduction_2d_centred)
{
	Fe f("func f(y, x) : i32 = y * x;\n"
	     "func g(y, x) : i32 = sum(r in -1..2, s in -1..2) f(y + r, x + s);\n"
	     "output g[4][6];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "-1..4, -1..6");
}

TEST(t_fe_bounds, reduction_with_stride)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = maximum(r in 0..2) f(2 * x + r);\n"
	     "output g[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..7");
}

TEST(t_fe_bounds, reduction_only_variable)
{
	// f is read only at reduction points 2..5, independent of x.
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = sum(r in 2..6) f(r);\n"
	     "output g[100];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "2..5");
}

TEST(t_fe_bounds, spec_conv_example)
{
	Fe f("input  act : i8[16][30][30];\n"
	     "const  w   : i8[8][16][3][3] = {" + [] {
		     std::string s;
		     for (int i = 0; i < 8 * 16 * 9; i++)
			     s += i ? ",1" : "1";
		     return s;
	     }() + "};\n"
	     "func conv(k, y, x) : i32 = sum(c in 0..16, r in 0..3, s in 0..3)\n"
	     "                           i32(act(c, y + r, x + s)) * i32(w(k, c, r, s));\n"
	     "func relu(k, y, x) : i8 = i8(clamp(conv(k, y, x) >> 6, 0, 127));\n"
	     "output relu[8][28][28];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("conv"), "0..7, 0..27, 0..27");
	EXPECT_EQ(f.dom("relu"), "0..7, 0..27, 0..27");
}

TEST(t_fe_bounds, negative_offsets)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(x - 2);\n"
	     "output g[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "-2..1");
	EXPECT_EQ(f.decl("f")->dom_lo[0], -2);
	EXPECT_EQ(f.decl("f")->dom_ext[0], 4);
}

TEST(t_fe_bounds, negated_variable)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(-x) + f(5 - x);\n"
	     "output g[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "-3..5");
}

TEST(t_fe_bounds, floor_division_and_modulo)
{
	// Index / and % are floor division and a non-negative remainder:
	// (x - 3) / 2 over x in 0..3 is -2..0; (x - 5) % 3 covers 0..2.
	Fe f("func f(x) : i32 = x;\n"
	     "func h(x) : i32 = x;\n"
	     "func g(x) : i32 = f((x - 3) / 2) + h((x - 5) % 3);\n"
	     "output g[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "-2..0");
	EXPECT_EQ(f.dom("h"), "0..2");
}

TEST(t_fe_bounds, chain_of_funcs)
{
	// h(x) reads g(x + 1) and g(x - 1): g over -1..4; g(x) reads f(2x):
	// f over -2..8.
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(2 * x);\n"
	     "func h(x) : i32 = g(x + 1) + g(x - 1);\n"
	     "output h[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("h"), "0..3");
	EXPECT_EQ(f.dom("g"), "-1..4");
	EXPECT_EQ(f.dom("f"), "-2..8");
}

TEST(t_fe_bounds, long_chain_widens)
{
	// Each stage reads x - 1 and x + 1: the box grows by one each way.
	Fe f("func f0(x) : i32 = x;\n"
	     "func f1(x) : i32 = f0(x - 1) + f0(x + 1);\n"
	     "func f2(x) : i32 = f1(x - 1) + f1(x + 1);\n"
	     "func f3(x) : i32 = f2(x - 1) + f2(x + 1);\n"
	     "func f4(x) : i32 = f3(x - 1) + f3(x + 1);\n"
	     "output f4[10];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f3"), "-1..10");
	EXPECT_EQ(f.dom("f2"), "-2..11");
	EXPECT_EQ(f.dom("f1"), "-3..12");
	EXPECT_EQ(f.dom("f0"), "-4..13");
}

TEST(t_fe_bounds, diamond_unites_consumers)
{
	// f is read by two funcs with different offsets.
	Fe f("func f(x) : i32 = x;\n"
	     "func a(x) : i32 = f(x + 10);\n"
	     "func b(x) : i32 = f(x - 3);\n"
	     "func c(x) : i32 = a(x) + b(x);\n"
	     "output c[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "-3..13");
}

TEST(t_fe_bounds, inline_funcs_do_not_change_domains)
{
	// With g inline, f must still cover what g's uses of f reach.
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(2 * x);\n"
	     "inline g;\n"
	     "func h(x) : i32 = g(x + 1) + g(x - 1);\n"
	     "output h[4];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("h"), "0..3");
	EXPECT_EQ(f.dom("f"), "-2..8");
}

TEST(t_fe_bounds, inline_func_input_checked_bad)
{
	// An inline func's input accesses are checked like any other.
	Fe f("input in : u8[8];\n"
	     "func g(x) : u8 = in(x + 1);\n"
	     "inline g;\n"
	     "func h(x) : u8 = g(x);\n"
	     "output h[8];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:")) << f.diags();
}

TEST(t_fe_bounds, output_united_with_consumers)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(x + 5);\n"
	     "output f[4];\n"
	     "output g[2];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..6");
	EXPECT_EQ(f.dom("g"), "0..1");
	ASSERT_EQ(f.prog->n_outputs, 2);
}

TEST(t_fe_bounds, output_box_larger_than_consumers)
{
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(x + 1);\n"
	     "output f[10];\n"
	     "output g[2];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("f"), "0..9");
}

TEST(t_fe_bounds, unused_func_is_a_warning)
{
	// docs/language.md: not evaluated, so its input accesses (which would
	// leave in here) are not checked.
	Fe f("input in : u8[8];\n"
	     "func u(x) : u8 = in(x + 100);\n"
	     "func g(x) : u8 = in(x);\n"
	     "output g[8];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.count("warning"), 1) << f.diags();
	EXPECT_TRUE(f.has("t.sl:2:6: warning:")) << f.diags();
	EXPECT_EQ(f.dom("u"), "(unused)");
	EXPECT_EQ(ir_decl_dom_size(f.decl("u")), 0);
}

TEST(t_fe_bounds, unused_chain_is_unused)
{
	// v is read only by u, which no output needs: both unused.
	Fe f("func v(x) : i32 = x;\n"
	     "func u(x) : i32 = v(x);\n"
	     "func g(x) : i32 = x;\n"
	     "output g[8];\n");
	ASSERT_TRUE(f.ok()) << f.diags();
	EXPECT_EQ(f.dom("u"), "(unused)");
	EXPECT_EQ(f.dom("v"), "(unused)");
	EXPECT_GE(f.count("warning"), 1);
}

// ---- out-of-bounds accesses to inputs and consts

TEST(t_fe_bounds, input_past_end_bad)
{
	Fe f("input in : u8[16][16];\n"
	     "func f(y, x) : u8 = in(y, x + 3);\n"
	     "output f[16][16];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1) << f.diags();
	EXPECT_TRUE(f.has("t.sl:2:")) << f.diags();
	EXPECT_TRUE(f.has("dimension 2")) << f.diags();
	EXPECT_TRUE(f.has("18")) << f.diags();
	EXPECT_TRUE(f.has("'in'")) << f.diags();
	// A note at the declaration with its extents, one with f's domain.
	EXPECT_TRUE(f.has("t.sl:1:7: note:")) << f.diags();
	EXPECT_TRUE(f.has("[16][16]")) << f.diags();
	EXPECT_GE(f.count("note"), 2) << f.diags();
}

TEST(t_fe_bounds, input_before_zero_bad)
{
	Fe f("input in : u8[16][16];\n"
	     "func f(y, x) : u8 = in(y - 2, x);\n"
	     "output f[16][16];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_EQ(f.count("error"), 1) << f.diags();
	EXPECT_TRUE(f.has("dimension 1")) << f.diags();
	EXPECT_TRUE(f.has("-2")) << f.diags();
}

TEST(t_fe_bounds, output_too_large_for_input_bad)
{
	Fe f("input in : u8[16];\n"
	     "func f(x) : u8 = in(x);\n"
	     "output f[17];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("16")) << f.diags();
}

TEST(t_fe_bounds, input_through_reduction_bad)
{
	// x + r reaches 13 + 3 = 16 in an input of 16.
	Fe f("input in : u8[16];\n"
	     "func f(x) : u8 = sum(r in 0..4) in(x + r);\n"
	     "output f[14];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("16")) << f.diags();
	EXPECT_TRUE(f.has("dimension 1")) << f.diags();
	// Thirteen outputs are fine.
	Fe g("input in : u8[16];\n"
	     "func f(x) : u8 = sum(r in 0..4) in(x + r);\n"
	     "output f[13];\n");
	EXPECT_TRUE(g.ok()) << g.diags();
}

TEST(t_fe_bounds, input_through_chain_bad)
{
	// g reads f(x + 4) for x up to 15: f's domain is 0..19, so f's read
	// of in(x) reaches 19.
	Fe f("input in : u8[16];\n"
	     "func f(x) : u8 = in(x);\n"
	     "func g(x) : u8 = f(x + 4);\n"
	     "output g[16];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:")) << f.diags();
	EXPECT_TRUE(f.has("19")) << f.diags();
}

TEST(t_fe_bounds, input_checked_over_whole_box_bad)
{
	// docs/language.md: g needs f only on the diagonal (where y - x = 0),
	// but f is computed over its whole box 0..3 x 0..3, where y - x
	// reaches -3 and 3.
	Fe f("input in : u8[4];\n"
	     "func f(y, x) : u8 = in(y - x);\n"
	     "func g(x) : u8 = f(x, x);\n"
	     "output g[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("t.sl:2:")) << f.diags();
}

TEST(t_fe_bounds, both_dimensions_out_bad)
{
	Fe f("input in : u8[8][8];\n"
	     "func f(y, x) : u8 = in(y + 1, x - 1);\n"
	     "output f[8][8];\n");
	EXPECT_FALSE(f.ok());
	// At least the first dimension that leaves is reported (sluice stops
	// at one error per access).
	EXPECT_TRUE(f.has("dimension 1")) << f.diags();
	EXPECT_TRUE(f.has("8")) << f.diags();
}

TEST(t_fe_bounds, const_index_checked_bad)
{
	Fe f("const c : u8[4] = {1, 2, 3, 4};\n"
	     "func f(x) : u8 = c(x + 1);\n"
	     "output f[4];\n");
	EXPECT_FALSE(f.ok());
	EXPECT_TRUE(f.has("'c'")) << f.diags();
	EXPECT_TRUE(f.has("dimension 1")) << f.diags();
}

TEST(t_fe_bounds, const_table_lookup_not_checked)
{
	// A u2 value indexes 4 entries: never out of bounds, whatever the
	// func's domain.
	Fe f("input a : u8[64];\n"
	     "const c : u8[4] = {1, 2, 3, 4};\n"
	     "func f(x) : u8 = c(u2(a(x)));\n"
	     "output f[64];\n");
	EXPECT_TRUE(f.ok()) << f.diags();
}

// ---- limits (docs/language.md)

TEST(t_fe_bounds, func_domain_at_most_2_31_points_bad)
{
	Fe ok("func f(y, x) : u8 = 1;\noutput f[32768][65536];\n");
	EXPECT_TRUE(ok.ok()) << ok.diags();
	Fe bad("func f(y, x) : u8 = 1;\noutput f[32768][65537];\n");
	EXPECT_FALSE(bad.ok());
	// Growth through a consumer counts too: f is read at columns 0..65536.
	Fe grow("func f(y, x) : u8 = 1;\n"
		"func g(y, x) : u8 = f(y, x) + f(y, x + 1);\n"
		"output g[32768][65536];\n");
	EXPECT_FALSE(grow.ok());
	EXPECT_TRUE(grow.has("t.sl:1:6: error:")) << grow.diags();
}

TEST(t_fe_bounds, index_beyond_2_40_bad)
{
	// 2^40 = 1099511627776.
	Fe f("func f(x) : i32 = x;\n"
	     "func g(x) : i32 = f(x + 2000000000000);\n"
	     "output g[1];\n");
	EXPECT_FALSE(f.ok());
	Fe ok("func f(x) : i32 = x;\n"
	      "func g(x) : i32 = f(x * 1000 - 1000 * x + 5);\n"
	      "output g[2];\n");
	ASSERT_TRUE(ok.ok()) << ok.diags();
	EXPECT_EQ(ok.dom("f"), "5..5");
}

} // namespace
