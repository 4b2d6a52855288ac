// tests/unit/t_unroll.cpp: lanes (scheduler/unroll.c, docs/language.md
// "Lanes").  The `unroll` declaration as the front end reads it; the lane
// counts propagated from the outputs to their producers (a downsample asks
// for twice the lanes of its reader, an upsample half, rate 0 nothing;
// conflicting or fractional demands are located errors); the lane
// dimension (an output's innermost with k points, a producer's the one its
// reader's lane variable moves, two of them for one producer an error); the lane rewrite
// (names, exact lane extents, which lane and word each access reads, a
// lane that varies along x or a reduction variable a choice among the
// lanes, each word clamped into its lane).  Every
// expected value is worked out by hand in the comment beside it from the
// rule x = k * xo + l.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "flow/flow.h"
#include "scheduler/scheduler.h"
#include "sim/sim.h"

namespace {

// One program: checked by the flow's front end (flow_front_text: its isl
// context is the one the stages of a compilation share), then lowered and
// optionally lane-rewritten with k by the stage under test.
struct Lanes {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *buf = nullptr;
	size_t buf_len = 0;
	flow_design *front = nullptr;	// the front end, through the flow
	isl_ctx *isl = nullptr;		// front's: the one the stages share
	ir_program *prog = nullptr, *lowered = nullptr, *lp = nullptr;
	std::vector<int> lanes, dims;
	int rc_counts = -2;

	explicit Lanes(const std::string &text, int k = 0, bool rewrite = true, bool pad = true)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&buf, &buf_len);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options o;
		flow_options_default(&o);
		front = flow_front_text(ctx, "t.sl", text.data(), text.size(), &o);
		if (!front)
			return;
		isl = front->isl;
		prog = front->prog;
		lowered = sched_lower(ctx, isl, prog, true);
		if (!lowered)
			return;
		lanes.assign(lowered->n_decls, 0);
		dims.assign(lowered->n_decls, -1);
		rc_counts = sched_lane_counts(ctx, lowered, k, lanes.data(), dims.data());
		if (rewrite)
			lp = sched_unroll(ctx, isl, lowered, k, pad);
	}
	~Lanes()
	{
		flow_free(front);	// then the context, as the driver does
		sl_ctx_free(ctx);
		fclose(diag);
		free(buf);
	}
	Lanes(const Lanes &) = delete;
	Lanes &operator=(const Lanes &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(buf ? buf : "", buf_len);
	}
	bool has(const std::string &s) { return diags().find(s) != std::string::npos; }
	int count_of(const char *name)
	{
		const ir_decl *d = ir_program_find(lowered, name);
		return d ? lanes[d->index] : -1;
	}
	int dim_of(const char *name)
	{
		const ir_decl *d = ir_program_find(lowered, name);
		return d ? dims[d->index] : -1;
	}
	const ir_decl *lane(const char *name) { return lp ? ir_program_find(lp, name) : nullptr; }
	std::string body(const char *name)
	{
		const ir_decl *d = lane(name);
		if (!d)
			return "(no " + std::string(name) + ")";
		char *b = nullptr;
		size_t n = 0;
		FILE *f = open_memstream(&b, &n);
		ir_expr_print(d->body, d, f);
		fclose(f);
		std::string s(b, n);
		free(b);
		return s;
	}
};

const char *DOWNSAMPLE =
	"input  in : u8[64][64];\n"
	"func   box(y, x) : u16 = sum(r in 0..2, s in 0..2) u16(in(2 * y + r, 2 * x + s));\n"
	"func   down(y, x) : u8 = u8((box(y, x) + 2) >> 2);\n"
	"output down[32][32];\n";

const char *UPSAMPLE =
	"input  in : u8[64][64];\n"
	"func   up(y, x) : u8 = in(y / 2, x / 2);\n"
	"output up[128][128];\n";

// ---------------------------------------------------------- the declaration

TEST(t_unroll, declaration_sets_the_factor)
{
	Lanes l("input in : u8[4][16];\n"
		"func f(y, x) : u8 = in(y, x);\n"
		"output f[4][16];\n"
		"unroll f 4;\n", 0, false);
	ASSERT_NE(l.prog, nullptr) << l.diags();
	EXPECT_EQ(ir_program_find(l.prog, "f")->unroll, 4);
	EXPECT_EQ(l.rc_counts, 0);
	EXPECT_EQ(l.count_of("f"), 4);
	EXPECT_EQ(l.count_of("in"), 4);
}

TEST(t_unroll, command_line_overrides_the_declaration)
{
	Lanes l("input in : u8[4][16];\n"
		"func f(y, x) : u8 = in(y, x);\n"
		"output f[4][16];\n"
		"unroll f 4;\n", 2, false);
	EXPECT_EQ(l.count_of("f"), 2);
	EXPECT_EQ(l.count_of("in"), 2);
}

TEST(t_unroll, one_lane_is_the_lowered_program)
{
	// No output unrolled: not even the downsample's input gets lanes.
	Lanes l(DOWNSAMPLE, 1);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.lp, l.lowered);
	EXPECT_EQ(l.lp->lanes_of, nullptr);
}

// ------------------------------------------------------------- propagation

TEST(t_unroll, downsample_gives_its_input_twice_the_lanes)
{
	// box reads in(2y + r, 2x + s): the innermost index moves 2 per x.
	for (int k : { 2, 4, 8 }) {
		Lanes l(DOWNSAMPLE, k, false);
		ASSERT_EQ(l.rc_counts, 0) << l.diags();
		EXPECT_EQ(l.count_of("down"), k);
		EXPECT_EQ(l.count_of("box"), k);
		EXPECT_EQ(l.count_of("in"), 2 * k) << "k = " << k;
	}
}

TEST(t_unroll, upsample_gives_its_input_half_the_lanes)
{
	// in(y / 2, x / 2): half a point per x; below one lane it is one.
	Lanes l4(UPSAMPLE, 4, false), l2(UPSAMPLE, 2, false);
	EXPECT_EQ(l4.count_of("in"), 2);
	EXPECT_EQ(l2.count_of("in"), 1);
}

TEST(t_unroll, rate_zero_asks_nothing)
{
	// b is read at column 0 only: it keeps one lane.
	Lanes l("input a : u8[4][16];\n"
		"input b : u8[4][16];\n"
		"func f(y, x) : u8 = a(y, x) + b(y, 0);\n"
		"output f[4][16];\n", 4, false);
	EXPECT_EQ(l.count_of("a"), 4);
	EXPECT_EQ(l.count_of("b"), 1);
}

TEST(t_unroll, mirrored_read_asks_the_same_lanes)
{
	// in(y, 15 - x) moves -1 per x: |rate| * k lanes.
	Lanes l("input in : u8[4][16];\n"
		"func f(y, x) : u8 = in(y, 15 - x);\n"
		"output f[4][16];\n", 4);
	EXPECT_EQ(l.count_of("in"), 4);
	// Lane 1: x = 4xo + 1, 15 - x = 4(3 - xo) + 2: lane 2 at word 3 - xo.
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.body("f.lane1"), "in.lane2(y, ((x * -1) + 3))");
}

TEST(t_unroll, multiple_demands_take_the_larger)
{
	// in(y, x) asks 2 lanes, in(y, 2 * x) asks 4: 4, a multiple of 2.
	// Lane 0 of g (x = 2xo) reads in(2xo): in's lane 2xo mod 4, 0 or 2
	// by the parity of xo, so through a select; in(4xo) is lane 0.
	Lanes l("input in : u8[4][32];\n"
		"func g(y, x) : u8 = in(y, x) + in(y, 2 * x);\n"
		"output g[4][16];\n", 2, true);
	EXPECT_EQ(l.rc_counts, 0) << l.diags();
	EXPECT_EQ(l.count_of("in"), 4);
	EXPECT_EQ(l.count_of("g"), 2);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	std::string b0 = l.body("g.lane0");
	EXPECT_NE(b0.find("in.lane0"), std::string::npos) << b0;
	EXPECT_NE(b0.find("in.lane2"), std::string::npos) << b0;
	EXPECT_NE(b0.find("?"), std::string::npos) << b0;
}

TEST(t_unroll, conflict_between_readers_takes_the_larger)
{
	// f (2 lanes) reads p at rate 1 (2 lanes), g (2 lanes) at rate 2 (4).
	Lanes l("input in : u8[4][32];\n"
		"func p(y, x) : u8 = in(y, x) + 1;\n"
		"func f(y, x) : u8 = p(y, x);\n"
		"func g(y, x) : u8 = p(y, 2 * x);\n"
		"output f[4][16];\n"
		"output g[4][16];\n", 2, true);
	EXPECT_EQ(l.rc_counts, 0) << l.diags();
	EXPECT_EQ(l.count_of("p"), 4);
	EXPECT_EQ(l.count_of("in"), 4);	// p reads in at rate 1
	ASSERT_NE(l.lp, nullptr) << l.diags();
}

TEST(t_unroll, demands_not_multiples_bad)
{
	// in(y, 2 * x) asks 4 lanes, in(y, 3 * x) asks 6: neither divides.
	Lanes l("input in : u8[4][64];\n"
		"func g(y, x) : u8 = in(y, 2 * x) + in(y, 3 * x);\n"
		"output g[4][16];\n", 2, false);
	EXPECT_EQ(l.rc_counts, -1);
	EXPECT_TRUE(l.has("'g' needs 6 lanes of 'in' here, but 'g' needs 4")) << l.diags();
}

TEST(t_unroll, fractional_demand_bad)
{
	// Three lanes of up read in at 1/2 a point per x: 3/2 lanes.
	Lanes l(UPSAMPLE, 3, false);
	EXPECT_EQ(l.rc_counts, -1);
	EXPECT_TRUE(l.has("t.sl:2:24: error:")) << l.diags();
	EXPECT_TRUE(l.has("3/2 lanes are not a whole number")) << l.diags();
}

TEST(t_unroll, more_lanes_than_points_bad)
{
	// g's 2 lanes read p(y, 2x): 4 lanes of p, whose domain is x in 0..2.
	Lanes l("input in : u8[4][3];\n"
		"func p(y, x) : u8 = in(y, x) + 1;\n"
		"func g(y, x) : u8 = p(y, 2 * x);\n"
		"output g[4][2];\n", 2, false);
	EXPECT_EQ(l.rc_counts, -1);
	EXPECT_TRUE(l.has("t.sl:3:21: error: 'p' would have 4 lanes but only 3 points in its "
		"innermost dimension")) << l.diags();
}

// ------------------------------------------------------ the lane dimension

// An output whose innermost dimension has fewer points than lanes (a
// pixel's channels, as camera_pipeline's) runs them along the innermost
// dimension that has enough: x here (7 points), not c (3).
const char *CHANNELS =
	"input  in : u8[4][8];\n"
	"func   p(y, x) : u8 = in(y, x) + in(y, x + 1);\n"
	"func   q(y, x, c) : u8 = p(y, x) + u8(c);\n"
	"output q[4][7][3];\n";

TEST(t_unroll, lane_dimension_innermost_with_enough_points)
{
	// k = 4: q's channel has 3 points, x 7, so q's lanes run along x
	// (dimension 1); q reads p(y, x), whose x moves with q's x at rate 1:
	// 4 lanes of p along its x, and p (lanes along its innermost) asks for
	// 4 lanes of in's innermost, as before.
	Lanes l(CHANNELS, 4, false);
	ASSERT_EQ(l.rc_counts, 0) << l.diags();
	EXPECT_EQ(l.count_of("q"), 4);
	EXPECT_EQ(l.dim_of("q"), 1);
	EXPECT_EQ(l.count_of("p"), 4);
	EXPECT_EQ(l.dim_of("p"), 1);
	EXPECT_EQ(l.count_of("in"), 4);
	EXPECT_EQ(l.dim_of("in"), 1);
}

TEST(t_unroll, lane_dimension_innermost_when_it_has_enough)
{
	// k = 3: the channel has 3 points, so q's lanes run along it (today's
	// rule); p(y, x) does not move with c (rate 0): p and in one lane.
	Lanes l(CHANNELS, 3, false);
	ASSERT_EQ(l.rc_counts, 0) << l.diags();
	EXPECT_EQ(l.count_of("q"), 3);
	EXPECT_EQ(l.dim_of("q"), 2);
	EXPECT_EQ(l.count_of("p"), 1);
	EXPECT_EQ(l.count_of("in"), 1);
}

TEST(t_unroll, lane_dimension_none_has_enough_bad)
{
	// k = 8: 4, 7 and 3 points: no dimension of q has 8, the error names
	// the innermost.
	Lanes l(CHANNELS, 8, false);
	EXPECT_EQ(l.rc_counts, -1);
	EXPECT_TRUE(l.has("t.sl:3:8: error: 'q' would have 8 lanes but only 3 points in its "
		"innermost dimension")) << l.diags();
}

TEST(t_unroll, lane_rewrite_along_a_middle_dimension)
{
	// k = 4 along x: q.lane1 is x = 4 * xo + 1, reading p(y, 4xo + 1):
	// lane 1 of p at word xo.  q's box in x: ceil((7 - l) / 4) words, 2 2
	// 2 1; c keeps its 3 points.  p is read off its point (2 indices for
	// q's 3), so its lanes are padded: x in 0..6 is words 0 .. floor(6/4)
	// = 1, 2 words, as the input's ceil(8 / 4) = 2.  in (8 wide, a
	// multiple of 4) keeps exact lanes: ceil((8 - l) / 4) = 2.
	Lanes l(CHANNELS, 4);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_NE(l.body("q.lane1").find("p.lane1(y, x)"), std::string::npos) << l.body("q.lane1");
	EXPECT_NE(l.body("q.lane3").find("p.lane3(y, x)"), std::string::npos) << l.body("q.lane3");
	const int64_t q_words[4] = { 2, 2, 2, 1 };
	for (int i = 0; i < 4; i++) {
		std::string n = "q.lane" + std::to_string(i);
		const ir_decl *q = l.lane(n.c_str());
		ASSERT_NE(q, nullptr) << n;
		EXPECT_EQ(q->lane_dim, 1) << n;
		EXPECT_EQ(q->out_extents[1], q_words[i]) << n;
		EXPECT_EQ(q->out_extents[2], 3) << n;
		EXPECT_EQ(q->dom_ext[2], 3) << n;
		const ir_decl *p = l.lane(("p.lane" + std::to_string(i)).c_str());
		ASSERT_NE(p, nullptr);
		EXPECT_EQ(p->dom_lo[1], 0) << i;
		EXPECT_EQ(p->dom_ext[1], 2) << i;
		const ir_decl *a = l.lane(("in.lane" + std::to_string(i)).c_str());
		ASSERT_NE(a, nullptr);
		EXPECT_EQ(a->extents[1], 2) << i;
	}
}

TEST(t_unroll, lane_dimension_outermost_and_a_downsample)
{
	// f is 8 x 2: k = 4 runs along y.  f reads in(2y, x): in's row index
	// moves at rate 2 with y, so in gets 8 lanes along y (dimension 0);
	// f.lane1 (y = 4yo + 1) reads row 8yo + 2: lane 2 of in at word yo,
	// and in.lane2 holds rows 2, 10: ceil((16 - 2) / 8) = 2 words.
	Lanes l("input in : u8[16][16];\n"
		"func f(y, x) : u8 = in(2 * y, x) + 1;\n"
		"output f[8][2];\n", 4);
	ASSERT_EQ(l.rc_counts, 0) << l.diags();
	EXPECT_EQ(l.dim_of("f"), 0);
	EXPECT_EQ(l.count_of("in"), 8);
	EXPECT_EQ(l.dim_of("in"), 0);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.body("f.lane1"), "(in.lane2(y, x) + 1)");
	const ir_decl *a = l.lane("in.lane2");
	ASSERT_NE(a, nullptr);
	EXPECT_EQ(a->extents[0], 2);
	EXPECT_EQ(a->extents[1], 16);
}

TEST(t_unroll, lane_dimensions_conflict_bad)
{
	// b (lanes along its innermost x) reads q(y, 0, x): 4 lanes of q along
	// q's innermost; a (8 x 2 in x, c: lanes along x) reads q(y, x, c): 4
	// lanes along q's dimension 2.  b is the later declaration, so it asks
	// first; a's demand is the error.
	Lanes l("input in : u8[4][8][8];\n"
		"func q(y, x, c) : u8 = in(y, x, c) + 1;\n"
		"func a(y, x, c) : u8 = q(y, x, c);\n"
		"func b(y, x) : u8 = q(y, 0, x);\n"
		"output a[4][8][2];\n"
		"output b[4][8];\n", 4, false);
	EXPECT_EQ(l.rc_counts, -1);
	EXPECT_TRUE(l.has("t.sl:3:24: error: 'a' needs 4 lanes of 'q' here, but 'b' needs them "
		"along its innermost dimension, not dimension 2")) << l.diags();
	EXPECT_TRUE(l.has("t.sl:4:21: note: 'b' reads 'q' with 4 lanes here")) << l.diags();
}

// ---------------------------------------------------------------- rewrite

const char *ROW3 =
	"input  in : u8[2][13];\n"
	"func   f(y, x) : u8 = in(y, x) + in(y, x + 1) + in(y, x + 2);\n"
	"output f[2][11];\n";

TEST(t_unroll, lane_names_and_exact_extents)
{
	// Unpadded (as under --memory pub).
	Lanes l(ROW3, 4, true, false);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.lp->lanes_of, l.lowered);
	// Input extent 13: lane l holds ceil((13 - l) / 4) words: 4 3 3 3.
	// Output extent 11 (f's domain 0..10): 3 3 3 2.
	const int64_t in_words[] = { 4, 3, 3, 3 }, f_words[] = { 3, 3, 3, 2 };
	for (int i = 0; i < 4; i++) {
		std::string n = std::to_string(i);
		const ir_decl *a = l.lane(("in.lane" + n).c_str());
		const ir_decl *f = l.lane(("f.lane" + n).c_str());
		ASSERT_NE(a, nullptr);
		ASSERT_NE(f, nullptr);
		EXPECT_EQ(a->extents[1], in_words[i]);
		EXPECT_EQ(a->extents[0], 2);
		EXPECT_EQ(f->dom_lo[1], 0);
		EXPECT_EQ(f->dom_ext[1], f_words[i]);
		EXPECT_EQ(f->out_extents[1], f_words[i]);
		EXPECT_EQ(f->lane, i);
		EXPECT_EQ(f->lanes, 4);
		EXPECT_EQ(std::string(f->lane_of->name), "f");
		EXPECT_EQ(std::string(a->lane_of->name), "in");
	}
	// Outputs: the lanes of f, in lane order.
	ASSERT_EQ(l.lp->n_outputs, 4);
	for (int i = 0; i < 4; i++)
		EXPECT_EQ(l.lp->outputs[i]->lane, i);
	// Padded (the default): the input, read at x + 1 and x + 2, holds
	// ceil(13 / 4) = 4 words in every lane (lanes 1..3's word 3, x = 13..15,
	// is pad); f, an output, keeps its exact 3 3 3 2.
	Lanes p(ROW3, 4);
	ASSERT_NE(p.lp, nullptr) << p.diags();
	for (int i = 0; i < 4; i++) {
		std::string n = std::to_string(i);
		const ir_decl *a = p.lane(("in.lane" + n).c_str());
		const ir_decl *f = p.lane(("f.lane" + n).c_str());
		ASSERT_NE(a, nullptr);
		ASSERT_NE(f, nullptr);
		EXPECT_EQ(a->extents[1], 4) << n;
		EXPECT_EQ(f->dom_ext[1], f_words[i]) << n;
	}
}

TEST(t_unroll, accesses_read_their_lane_and_word)
{
	Lanes l(ROW3, 4);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	// Lane 0: x = 4xo: x, x+1, x+2 are lanes 0 1 2 of word xo.
	EXPECT_EQ(l.body("f.lane0"), "((in.lane0(y, x) + in.lane1(y, x)) + in.lane2(y, x))");
	// Lane 3: x = 4xo + 3: lane 3 of word xo, then x + 1 = 4(xo + 1)
	// and x + 2 = 4(xo + 1) + 1: lanes 0 and 1 of word xo + 1.
	EXPECT_EQ(l.body("f.lane3"),
		"((in.lane3(y, x) + in.lane0(y, (x + 1))) + in.lane1(y, (x + 1)))");
}

// A func read at other points than its reader's (g by f's three taps),
// 13 wide at k = 4: its lanes would hold 4 3 3 3 words, so they are
// padded to floor(12 / 4) + 1 = 4 each; lane l's word 3 is x = 12 + l,
// a pad point for l >= 1.  Its read in(y, x) there is word 3 of in.lane l,
// which the input (exact, 13 wide: lane 0 holds x = 0 4 8 12, the others 3
// words) has only in lane 0: clamped into words 0..2 in lanes 1..3.  The
// output f keeps its exact lanes (3 3 3 2 words), and its reads of g stay
// inside g's padded words without a clamp.
TEST(t_unroll, buffered_func_lanes_are_padded)
{
	Lanes l("input  in : u8[2][13];\n"
		"func   g(y, x) : u8 = in(y, x) + 1;\n"
		"func   f(y, x) : u8 = g(y, x) + g(y, x + 1) + g(y, x + 2);\n"
		"output f[2][11];\n", 4);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	const int64_t f_words[] = { 3, 3, 3, 2 };
	for (int i = 0; i < 4; i++) {
		std::string n = std::to_string(i);
		const ir_decl *g = l.lane(("g.lane" + n).c_str());
		const ir_decl *f = l.lane(("f.lane" + n).c_str());
		ASSERT_NE(g, nullptr);
		ASSERT_NE(f, nullptr);
		EXPECT_EQ(g->dom_lo[1], 0) << n;
		EXPECT_EQ(g->dom_ext[1], 4) << n;
		EXPECT_EQ(f->dom_ext[1], f_words[i]) << n;
	}
	EXPECT_EQ(l.body("g.lane0"), "(in.lane0(y, x) + 1)");
	EXPECT_EQ(l.body("g.lane1"), "(in.lane1(y, min(x, 2)) + 1)");
	EXPECT_EQ(l.body("g.lane3"), "(in.lane3(y, min(x, 2)) + 1)");
	// f's lane 3 holds x = 3 and 7 (xo 0..1) and reads g at x + 1 =
	// 4(xo + 1) and x + 2 = 4(xo + 1) + 1: words xo + 1 <= 2 of lanes 0
	// and 1, inside their 4 words.
	EXPECT_EQ(l.body("f.lane3"),
		"((g.lane3(y, x) + g.lane0(y, (x + 1))) + g.lane1(y, (x + 1)))");
}

TEST(t_unroll, upsample_lanes_read_half_a_word)
{
	Lanes l(UPSAMPLE, 4);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	// Lane l: x = 4xo + l, x / 2 = 2xo + l / 2: lane l / 2 of 2, word xo.
	EXPECT_EQ(l.body("up.lane0"), "in.lane0((y / 2), x)");
	EXPECT_EQ(l.body("up.lane1"), "in.lane0((y / 2), x)");
	EXPECT_EQ(l.body("up.lane2"), "in.lane1((y / 2), x)");
	EXPECT_EQ(l.body("up.lane3"), "in.lane1((y / 2), x)");
}

TEST(t_unroll, downsample_lanes)
{
	Lanes l(DOWNSAMPLE, 2);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	// box lane 1: x = 2xo + 1; 2x + s = 4xo + 2 + s: in lanes 2 (s = 0)
	// and 3 (s = 1) of 4, word xo; the 2x2 sum is written out by lowering.
	std::string b = l.body("box.lane1");
	EXPECT_NE(b.find("in.lane2(((2 * y) + 0), x)"), std::string::npos) << b;
	EXPECT_NE(b.find("in.lane3(((2 * y) + 1), x)"), std::string::npos) << b;
	EXPECT_EQ(b.find("in.lane0"), std::string::npos) << b;
	// in: 64 columns in 4 lanes of 16 words.
	EXPECT_EQ(l.lane("in.lane3")->extents[1], 16);
}

TEST(t_unroll, value_use_of_x_is_the_point)
{
	// x as a value (an i32) in lane 1 of 2 is 2xo + 1.
	Lanes l("input in : u8[2][8];\n"
		"func f(y, x) : u8 = in(y, x) + u8(x);\n"
		"output f[2][8];\n", 2);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.body("f.lane1"), "(in.lane1(y, x) + u8(i32(((x * 2) + 1))))");
}

TEST(t_unroll, clamped_lanes_choose_and_clamp_the_word)
{
	// in: 15 columns in 2 lanes, unpadded (as under --memory pub): lane 0
	// words 0..7, lane 1 words 0..6.
	// f lane 0 (x = 2xo, xo in 0..7) reads e = clamp(2xo + 1, 0, 14):
	// 2xo + 1 in lane 1 for xo <= 6, 14 in lane 0 at xo = 7, so a choice
	// on e mod 2, which isl finds is lane 0 exactly at xo = 7: the test
	// is x == 7 (x cast to i4, which holds 0..7), not the clamp's
	// arithmetic and a modulo; floor(e / 2) spans 0..7, past lane 1's last
	// word 6, so lane 1's word is min(., 6) and lane 0's is left alone.
	const char *text = "input in : u8[4][15];\n"
		"func f(y, x) : u8 = in(y, clamp(x + 1, 0, 14));\n"
		"output f[4][15];\n";
	Lanes l(text, 2, true, false);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	const std::string e = "min(max(((x * 2) + 1), 0), 14)";
	EXPECT_EQ(l.body("f.lane0"), "((i4(x) == 7) ? in.lane0(y, (" + e +
		" / 2)) : in.lane1(y, min((" + e + " / 2), 6)))");
	// Padded (the default), in's lanes hold 8 words each (lane 1's word 7
	// is the pad x = 15), so the word needs no clamp in either lane.
	Lanes p(text, 2);
	ASSERT_NE(p.lp, nullptr) << p.diags();
	EXPECT_EQ(p.body("f.lane0"), "((i4(x) == 7) ? in.lane0(y, (" + e +
		" / 2)) : in.lane1(y, (" + e + " / 2)))");
	// f lane 1 (x = 2xo + 1, xo in 0..6): e = 2xo + 2 <= 14, always lane 0.
	std::string b1 = l.body("f.lane1");
	EXPECT_EQ(b1.find("?"), std::string::npos) << b1;
	EXPECT_EQ(b1.find("in.lane1"), std::string::npos) << b1;
	EXPECT_NE(b1.find("in.lane0(y, "), std::string::npos) << b1;
}

TEST(t_unroll, reduction_variable_lanes_choose)
{
	// 40 taps stay a loop: lane l reads e = 2xo + l + r, lane (l + r) mod 2,
	// both lanes along r; words floor(e / 2) <= floor((6 + 1 + 39) / 2) =
	// 23, inside the 24 words of each lane of in: no clamp.
	Lanes l("input in : u8[2][48];\n"
		"func f(y, x) : u16 = sum(r in 0..40) u16(in(y, x + r));\n"
		"output f[2][8];\n", 2);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	for (const char *name : { "f.lane0", "f.lane1" }) {
		std::string b = l.body(name);
		EXPECT_NE(b.find(" % 2)) == 0) ? in.lane0(y, "), std::string::npos)
			<< name << ": " << b;
		EXPECT_NE(b.find("in.lane0(y, "), std::string::npos) << name << ": " << b;
		EXPECT_NE(b.find("in.lane1(y, "), std::string::npos) << name << ": " << b;
		EXPECT_EQ(b.find("min("), std::string::npos) << name << ": " << b;
		EXPECT_EQ(b.find("max("), std::string::npos) << name << ": " << b;
	}
}

TEST(t_unroll, consts_are_not_split)
{
	Lanes l("input in : u8[2][8];\n"
		"const w : u8[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n"
		"func f(y, x) : u8 = in(y, x) * w(x);\n"
		"output f[2][8];\n", 4);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	EXPECT_EQ(l.count_of("w"), 1);
	// Lane 2: x = 4xo + 2, the const indexed at the point.
	EXPECT_EQ(l.body("f.lane2"), "(in.lane2(y, x) * w(((x * 4) + 2)))");
}

// ------------------------------------------------------------------ data

TEST(t_unroll, inputs_split_and_outputs_join)
{
	// in = 10 11 12 13 14 in one row; 2 lanes: lane 0 holds points 0 2 4,
	// lane 1 points 1 3.
	Lanes l("input in : u8[1][5];\n"
		"func f(y, x) : u8 = in(y, x);\n"
		"output f[1][5];\n", 2);
	ASSERT_NE(l.lp, nullptr) << l.diags();
	int64_t dims[2] = { 1, 5 };
	io_array *a = io_array_alloc(ir_type_make(false, 8), 2, dims);
	for (int i = 0; i < 5; i++)
		a->data[i] = 10 + i;
	ir_decl *d = ir_program_find(l.prog, "in");
	ref_inputs in = { 1, &d, &a, false, 0 };
	sim_lane_inputs li;
	ASSERT_EQ(sim_lane_inputs_make(l.ctx, l.prog, l.lp, &in, 1, &li), 0) << l.diags();
	ASSERT_EQ(li.in->n, 2);
	const io_array *l0 = li.in->arrays[0], *l1 = li.in->arrays[1];
	EXPECT_EQ(std::string(li.in->decls[0]->name), "in.lane0");
	ASSERT_EQ(l0->dims[1], 3);
	ASSERT_EQ(l1->dims[1], 2);
	EXPECT_EQ(l0->data[0], 10u);
	EXPECT_EQ(l0->data[1], 12u);
	EXPECT_EQ(l0->data[2], 14u);
	EXPECT_EQ(l1->data[0], 11u);
	EXPECT_EQ(l1->data[1], 13u);
	// The lanes of f as the engines would give them, joined back.
	io_array *lanes[2] = { io_array_alloc(l0->type, 2, l0->dims),
		io_array_alloc(l1->type, 2, l1->dims) };
	for (int i = 0; i < 3; i++)
		lanes[0]->data[i] = 20 + 2 * i;
	for (int i = 0; i < 2; i++)
		lanes[1]->data[i] = 21 + 2 * i;
	int n_out = 0;
	io_array **out = sim_lanes_join(l.lp, lanes, 1, &n_out);
	ASSERT_EQ(n_out, 1);
	ASSERT_EQ(out[0]->dims[1], 5);
	for (int i = 0; i < 5; i++)
		EXPECT_EQ(out[0]->data[i], (uint64_t) (20 + i));
	EXPECT_EQ(lanes[0], nullptr);
	io_array_free(out[0]);
	free(out);
	sim_lane_inputs_release(l.ctx, &li);
	io_array_free(a);
}

}  // namespace
