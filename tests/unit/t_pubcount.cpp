// tests/unit/t_pubcount.cpp: the push-memory tiles' counts measured in
// Verilator against the tile model (verilator/pubcount.c, docs/pub.md
// "Counts in Verilator").  vl_pub_check is fed the lines sl_pub
// prints under SL_PUB_COUNT, written here by hand from the counts derived
// by hand in tests/unit/t_pub.cpp and below (never copied from a run): it
// must take the right ones and reject every line that differs in one
// count, a missing, repeated or unknown instance, another run, and a
// malformed line, naming the buffer, the tile, the count and both values;
// vl_pub_check_runs does the same for each of the AXI4-Stream
// testbench's 20 runs, and vl_pub_last_fire gives the cycle the
// harness clocks on to after done.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "scheduler/scheduler.h"
#include "sim/sim.h"
#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

namespace {

// An example (examples/NAME.sl, gaussian unless named) mapped on tiles of
// FW 4 and "depth" words.
struct Example {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *d = nullptr;	// built through the flow, as every command's
	sched_program *sp = nullptr;
	isl_ctx *isl = nullptr;
	ub_set *set = nullptr;
	pub_set *ps = nullptr;

	explicit Example(int64_t depth, const std::string &name = "gaussian")
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		std::string file = "examples/" + name + ".sl";
		std::ifstream f(std::string(SLUICE_SOURCE_DIR) + "/" + file);
		std::stringstream ss;
		ss << f.rdbuf();
		std::string text = ss.str();
		flow_options o;
		flow_options_default(&o);
		o.memory_pub = true;
		pub_params_default(&o.pub);
		o.pub.fw = 4;
		o.pub.depth = depth;
		d = flow_compile_text(ctx, file.c_str(), text.data(), text.size(), &o);
		if (!d)
			return;
		isl = d->isl;
		isl_options_set_on_error(isl, ISL_ON_ERROR_ABORT);	// a leaked isl object
		sp = d->sp;
		set = d->ubs;
		ps = d->pub;
	}
	~Example()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Example(const Example &) = delete;
	Example &operator=(const Example &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	// vl_pub_check on "log"; the diagnostics in *out.
	int check(const std::string &log, std::string *out)
	{
		size_t before = diags().size();
		int rc = vl_pub_check(ctx, ps, log.c_str());
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
	Example g(512);
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
	Example g(512);
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
	Example g(512);
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
	Example g(32);
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

// The AXI4-Stream testbench runs gaussian 1 + 5 x 3 + 2 + 2 = 20 times
// (3 stall seeds; verilator/axis_tb.c), run 17 cut by a reset mid-frame:
// every other run must have the hand-derived counts, run 17 at most
// them; a missing run, a run 17 past the model, a complete run short of
// it (a stalled one, or the one after the reset) is an error naming the
// run.  A check of run 1 alone would pass every one of these logs.
TEST(t_pubcount, axis_runs)
{
	Example g(512);
	ASSERT_TRUE(g.ps) << g.diags();
	const char *full = "4096 0 1024 0 992 992 3968 3968";
	const char *half = "2000 0 500 0 400 400 1600 1600";
	const char *one_short = "4096 0 1023 0 992 992 3968 3968";
	auto log = [&](int skip, const char *cut, int bad_run, const char *bad) {
		std::string s;
		for (int r = 1; r <= 20; r++)
			if (r != skip)
				s += g_line_with(r == 17 ? cut : r == bad_run ? bad : full,
					std::to_string(r).c_str());
		return s;
	};
	std::string d;
	auto check = [&](const std::string &l) {
		size_t before = g.diags().size();
		int rc = vl_pub_check_runs(g.ctx, g.ps, l.c_str(), 20, 17);
		d = g.diags().substr(before);
		return rc;
	};
	EXPECT_EQ(check(log(0, half, 0, full)), 0) << d;
	EXPECT_EQ(d, "");
	EXPECT_EQ(check(log(0, full, 0, full)), 0) << d;	// a cut that came late enough
	EXPECT_EQ(check(log(5, half, 0, full)), -1);
	EXPECT_NE(d.find("Verilator reported 19 runs, the AXI4-Stream testbench makes 20"),
		std::string::npos) << d;
	EXPECT_EQ(check(log(0, "4097 0 1024 0 992 992 3968 3968", 0, full)), -1);
	EXPECT_NE(d.find("aggregator writes: the tile model counts 4096, Verilator 4097 in run "
		"17 (cut by a reset: at most the model's)"), std::string::npos) << d;
	EXPECT_EQ(check(log(0, half, 18, half)), -1);
	EXPECT_NE(d.find("SRAM writes: the tile model counts 1024, Verilator 500 in run 18"),
		std::string::npos) << d;
	// one SRAM write short in a stalled run (run 5: seed 1's bursts)
	EXPECT_EQ(check(log(0, half, 5, one_short)), -1);
	EXPECT_NE(d.find("the push-memory tile 0 of 'in' (in_pub0): SRAM writes: the tile model "
		"counts 1024, Verilator 1023 in run 5"), std::string::npos) << d;
	EXPECT_NE(d.find("controller steps: the tile model counts 15040, Verilator 15039 in run 5"),
		std::string::npos) << d;
	EXPECT_EQ(d.find("in run 1:"), std::string::npos) << d;
	// a run twice (and so one missing) is refused though the count is right
	std::string twice = log(6, half, 0, full) + g_line_with(full, "7");
	EXPECT_EQ(check(twice), -1);
	EXPECT_NE(d.find("reported runs other than 1 to 20"), std::string::npos) << d;
	// the one-run harness still wants exactly one line
	EXPECT_EQ(g.check(log(0, half, 0, full), &d), -1);
	EXPECT_NE(d.find("Verilator reported 20 runs, the harness makes one"), std::string::npos)
		<< d;
}

// The cycle of the tiles' last fire (the harness clocks on after done
// until it), from the controllers by hand (pub.json's fields, the
// schedules of schedule.txt):
// - gaussian: 'in' arrives a word a cycle from cycle 0 (t = 64 i0 + i1,
//   latency 1: IN_0 at 1 .. 4,096); WR_0 writes every 4 words, 4 cycles
//   after the first of them, at 5 + 4 k for k < 4,096 / 4: the last at
//   5 + 4 x 1,023 = 4,097.  The reads end earlier (the last output
//   word at 4,095).  The design's last cycle is 4,099 (gaussian(61, 61)
//   at 132 + 64 x 61 + 61 = 4,097, latency 2: 4,100 cycles; blur's
//   kernel products are shifts, latency 1), so no fire comes after it.
// - blur_xy: bx(y, x) at 3 + 64 y + x, latency 2 (IN_0 at 5 + 64 y + x);
//   its 62-word rows take 16 SRAM words each (15 whole and one padded,
//   x = 60, 61), WR_0 at 9 + 4 k for k < 64 x 16: the last, the padded
//   word of row 63, at 9 + 4 x 1,023 = 4,101.  The design ends, as
//   gaussian, after cycle 4,100 (by(61, 61) at 133 + 3,904 + 61, latency
//   2): one fire past its last cycle, in the cycle done is high.
TEST(t_pubcount, last_fire)
{
	Example g(512);
	ASSERT_TRUE(g.ps) << g.diags();
	EXPECT_EQ(vl_pub_last_fire(g.ps), 4097);
	EXPECT_EQ(g.sp->predicted_cycles, 4100);
	Example b(512, "blur_xy");
	ASSERT_TRUE(b.ps) << b.diags();
	EXPECT_EQ(vl_pub_last_fire(b.ps), 4101);
	EXPECT_EQ(b.sp->predicted_cycles, 4101);
	EXPECT_EQ(vl_pub_last_fire(nullptr), -1);
}

// blur_xy's one tile (bx): 64 rows of 62 words in (3,968 aggregator
// writes), 16 SRAM words a row (1,024 writes), each output reads 62 rows
// (62 x 16 = 992 SRAM reads, 62 x 62 = 3,844 words); controller steps
// 3,968 + 1,024 + 1,984 + 7,688 = 14,664.  The last SRAM write falls in
// the cycle done rises (last_fire above): a harness that stops at done
// measures 1,023 writes, which the check refuses; the whole run's line
// agrees.
TEST(t_pubcount, blur_xy_tail_write)
{
	Example b(512, "blur_xy");
	ASSERT_TRUE(b.ps) << b.diags();
	const std::string pre = "sl_pub_count TOP.sluice_blur_xy.bx_pub0 run 1 ni 2 no 2 ";
	std::string d;
	EXPECT_EQ(b.check(pre + "3968 0 1024 0 992 992 3844 3844\n", &d), 0) << d;
	EXPECT_EQ(d, "");
	EXPECT_EQ(b.check(pre + "3968 0 1023 0 992 992 3844 3844\n", &d), -1);
	EXPECT_NE(d.find("the push-memory tile 0 of 'bx' (bx_pub0): SRAM writes: the tile model "
		"counts 1024, Verilator 1023"), std::string::npos) << d;
	EXPECT_NE(d.find("controller steps: the tile model counts 14664, Verilator 14663"),
		std::string::npos) << d;
}
