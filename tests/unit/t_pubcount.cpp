// tests/unit/t_pubcount.cpp: the push-memory tiles' counts measured in
// Verilator against the tile model (sim/vl_pubcount.c, docs/pub.md
// "Counts in Verilator").  sim_vl_pub_check is fed the lines sl_pub
// prints under SL_PUB_COUNT, written here by hand from the counts derived
// by hand in tests/unit/t_pub.cpp (never copied from a run): it must take
// the right ones and reject every line that differs in one count, a
// missing, repeated or unknown instance, another run, and a malformed
// line, naming the buffer, the tile, the count and both values.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <isl/ctx.h>
#include <isl/options.h>

#include "frontend/frontend.h"
#include "scheduler/scheduler.h"
#include "sim/sim.h"
#include "ubuffer/ubuffer.h"

namespace {

// gaussian (examples/gaussian.sl) mapped on tiles of FW 4 and "depth" words.
struct Gaussian {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	sched_program *sp = nullptr;
	isl_ctx *isl = nullptr;
	ub_set *set = nullptr;
	ub_pub_set *ps = nullptr;

	explicit Gaussian(int64_t depth)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		isl = isl_ctx_alloc();
		isl_options_set_on_error(isl, ISL_ON_ERROR_CONTINUE);
		std::ifstream f(std::string(SLUICE_SOURCE_DIR) + "/examples/gaussian.sl");
		std::stringstream ss;
		ss << f.rdbuf();
		std::string text = ss.str();
		ir_program *prog = fe_compile_text(ctx, "examples/gaussian.sl", text.data(),
			text.size());
		if (!prog)
			return;
		sched_options so{};
		so.policy = SCHED_STREAM;
		sp = sched_program_build(ctx, isl, prog, &so);
		if (!sp)
			return;
		set = ub_set_build(ctx, sp, isl, nullptr);
		ub_pub_params p;
		ub_pub_params_default(&p);
		p.fw = 4;
		p.depth = depth;
		if (set)
			ps = ub_pub_map(ctx, isl, set, &p, 8);
	}
	~Gaussian()
	{
		ub_pub_set_free(ps);
		ub_set_free(set);
		sched_program_free(sp);
		isl_ctx_free(isl);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Gaussian(const Gaussian &) = delete;
	Gaussian &operator=(const Gaussian &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	// sim_vl_pub_check on "log"; the diagnostics in *out.
	int check(const std::string &log, std::string *out)
	{
		size_t before = diags().size();
		int rc = sim_vl_pub_check(ctx, ps, log.c_str(), false, INT64_MAX);
		*out = diags().substr(before);
		return rc;
	}
};

// The line of gaussian's one tile (FW 4, 512 words), controllers in
// register-map order IN_0 IN_1 WR_0 WR_1 RD_0 RD_1 OUT_0 OUT_1 (the tile
// serves one buffer: IN_1 and WR_1 never fire).  By hand (t_pub.cpp):
// 64 x 64 = 4,096 words in, 4,096 / 4 = 1,024 SRAM writes; each output
// reads 62 rows of 64 words: 62 x 16 = 992 SRAM reads and 3,968 words.
const char g_line[] =
	"sl_pub_count TOP.sluice_gaussian.in_pub0 run 1 ni 2 no 2 "
	"4096 0 1024 0 992 992 3968 3968\n";

std::string g_line_with(const char *counts, const char *run = "1")
{
	return std::string("sl_pub_count TOP.sluice_gaussian.in_pub0 run ") + run +
		" ni 2 no 2 " + counts + "\n";
}

}  // namespace

TEST(t_pubcount, gaussian_agrees)
{
	Gaussian g(512);
	ASSERT_TRUE(g.ps) << g.diags();
	std::string d;
	// the testbench's other output around the line is ignored
	EXPECT_EQ(g.check(std::string("- tb starting\n") + g_line + "done\n", &d), 0) << d;
	EXPECT_EQ(d, "");
	// the line as the last, without its newline
	std::string last(g_line);
	last.pop_back();
	EXPECT_EQ(g.check(last, &d), 0) << d;
}

// One count off at a time: each is an error naming the buffer, the tile,
// the count and both values; the controller steps (all fires, 15,040 =
// 4,096 + 1,024 + 1,984 + 7,936) differ as well.
TEST(t_pubcount, gaussian_one_count_off)
{
	Gaussian g(512);
	ASSERT_TRUE(g.ps) << g.diags();
	struct {
		const char *counts, *want;
	} cases[] = {
		{ "4095 0 1024 0 992 992 3968 3968",
		  "the push-memory tile 0 of 'in' (in_pub0): aggregator writes: the tile model "
		  "counts 4096, Verilator 4095" },
		{ "4096 0 1024 1 992 992 3968 3968",
		  "SRAM writes: the tile model counts 1024, Verilator 1025" },
		{ "4096 0 1024 0 992 991 3968 3968",
		  "SRAM reads: the tile model counts 1984, Verilator 1983" },
		{ "4096 0 1024 0 992 992 3968 3967",
		  "transpose-buffer reads of output 1: the tile model counts 3968, Verilator 3967" },
		{ "4096 0 1024 0 992 992 3969 3968",
		  "transpose-buffer reads of output 0: the tile model counts 3968, Verilator 3969" },
	};
	for (auto &c : cases) {
		std::string d;
		EXPECT_EQ(g.check(g_line_with(c.counts), &d), -1) << c.counts;
		EXPECT_NE(d.find(c.want), std::string::npos) << c.counts << ": " << d;
		EXPECT_NE(d.find("controller steps: the tile model counts 15040"), std::string::npos)
			<< c.counts << ": " << d;
	}
	// counts moved between two outputs keep the sums but not the outputs
	std::string d;
	EXPECT_EQ(g.check(g_line_with("4096 0 1024 0 992 992 3967 3969"), &d), -1);
	EXPECT_NE(d.find("of output 0: the tile model counts 3968, Verilator 3967"),
		std::string::npos) << d;
}

TEST(t_pubcount, gaussian_lines_refused)
{
	Gaussian g(512);
	ASSERT_TRUE(g.ps) << g.diags();
	struct {
		std::string log;
		const char *want;
	} cases[] = {
		{ "", "Verilator reported no counts of instance 'in_pub0'" },
		{ std::string(g_line) + g_line_with("0 0 0 0 0 0 0 0", "2"),
		  "Verilator reported 2 runs, the harness makes one" },
		{ g_line_with("4096 0 1024 0 992 992 3968 3968", "2"),
		  "reported run 2 alone, the harness makes run 1" },
		{ g_line_with("4096 0 1024 0 992 992 3968 3968", "0"),
		  "reported run 0 alone" },
		{ std::string(g_line) + "sl_pub_count TOP.sluice_gaussian.blur_pub0 run 1 ni 2 no 2 "
		  "0 0 0 0 0 0 0 0\n", "the counts of 'blur_pub0', which is no push-memory tile" },
		{ "sl_pub_count TOP.sluice_gaussian.in_pub0 run 1 ni 1 no 1 4096 1024 1984 7936\n",
		  "reported 1x1 ports, the tile has 2x2" },
		{ g_line_with("4096 0 1024 0 992 992 3968"), "malformed count line" },
		{ g_line_with("4096 0 1024 0 992 992 3968 3968 0"), "malformed count line" },
		{ g_line_with("4096 0 1024 0 992 992 3968 -1"), "malformed count line" },
		{ g_line_with("4096 0 1024 0 992 992 3968 3968x"), "malformed count line" },
		{ "sl_pub_count in_pub0\n", "malformed count line" },
	};
	for (auto &c : cases) {
		std::string d;
		EXPECT_EQ(g.check(c.log, &d), -1) << c.log;
		EXPECT_NE(d.find(c.want), std::string::npos) << c.log << ": " << d;
		EXPECT_NE(d.find("error: "), std::string::npos) << d;
	}
}

// gaussian on 32-word tiles: two in series (t_pub.cpp, chain_for_depth).
// Tile 0 (in_pub0) takes 4,096 words, 1,024 SRAM writes, and presents
// rows 0..62 on its one output (63 x 64 = 4,032 words, 1,008 reads) to
// tile 1 (in_pub1): 4,032 words in, 1,008 writes, 62 rows out (3,968
// words, 992 reads).  Each line goes to its own tile, in any order.
TEST(t_pubcount, two_tiles_in_series)
{
	Gaussian g(32);
	ASSERT_TRUE(g.ps) << g.diags();
	const std::string t0 = "sl_pub_count TOP.sluice_gaussian.in_pub0 run 1 ni 2 no 2 "
		"4096 0 1024 0 1008 0 4032 0\n";
	const std::string t1 = "sl_pub_count TOP.sluice_gaussian.in_pub1 run 1 ni 2 no 2 "
		"4032 0 1008 0 992 0 3968 0\n";
	const std::string t1_as_0 = "sl_pub_count TOP.sluice_gaussian.in_pub0 run 1 ni 2 no 2 "
		"4032 0 1008 0 992 0 3968 0\n";
	const std::string t0_as_1 = "sl_pub_count TOP.sluice_gaussian.in_pub1 run 1 ni 2 no 2 "
		"4096 0 1024 0 1008 0 4032 0\n";
	std::string d;
	EXPECT_EQ(g.check(t1 + t0, &d), 0) << d;
	EXPECT_EQ(g.check(t0_as_1 + t1_as_0, &d), -1);
	EXPECT_NE(d.find("tile 0 of 'in' (in_pub0): aggregator writes: the tile model counts "
		"4096, Verilator 4032"), std::string::npos) << d;
	EXPECT_NE(d.find("tile 1 of 'in' (in_pub1): aggregator writes: the tile model counts "
		"4032, Verilator 4096"), std::string::npos) << d;
	EXPECT_EQ(g.check(t0, &d), -1);
	EXPECT_NE(d.find("tile 1 of 'in': Verilator reported no counts of instance 'in_pub1'"),
		std::string::npos) << d;
}
