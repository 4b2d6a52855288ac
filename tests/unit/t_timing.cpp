// tests/unit/t_timing.cpp: the critical path named by program stage
// (fpga/timing.c) from a stored nextpnr-ice40 0.4 log excerpt,
// tests/synth/nextpnr_critical_path.log: `sluice synth --board ice40up5k
// --pnr` of the program of tests/synth/critical.sl (run from /tmp/cp3.sl
// without its comment lines, as the log's paths show; here the stages in,
// f, g are given the lines 4, 5, 6 of critical.sl).  The expected hops were read off the log
// by hand:
//   Source in_pipe.valid_q... 1.4, Net in_wen 4.3      -> in, pipeline register, 4.3 ns
//   Source f_rd0_... 5.2, Net f_rd0[1] 7.0             -> f, read port, 7.0 - 4.3 = 2.7 ns
//   f_n0..., f_pipe.in_data..., f_n1... up to Setup f_pipe.in_data_... 46.9
//                                                      -> f, datapath, 46.9 - 7.0 = 39.9 ns
//   "18.6 ns logic, 28.3 ns routing"; the second report (the start input's
//   cross-domain path, 17.2 ns) is not the clock's and is not read.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "fpga/fpga.h"

namespace {

TEST(t_timing, critical_path_by_stage)
{
	size_t len = 0;
	char *log = sl_read_file(SLUICE_SOURCE_DIR "/tests/synth/nextpnr_critical_path.log", &len);
	ASSERT_NE(log, nullptr);
	const char *names[] = { "in", "f", "g" };
	const int lines[] = { 4, 5, 6 };
	tg_stage_names st = { 3, names, lines };
	tg_path p;
	ASSERT_TRUE(tg_parse_critical_path(log, &st, &p));
	free(log);
	EXPECT_DOUBLE_EQ(p.ns, 46.9);
	EXPECT_DOUBLE_EQ(p.logic_ns, 18.6);
	EXPECT_DOUBLE_EQ(p.route_ns, 28.3);
	ASSERT_EQ(p.n, 3);
	EXPECT_EQ(p.hops[0].stage, 0);
	EXPECT_STREQ(p.hops[0].role, "pipeline register");
	EXPECT_NEAR(p.hops[0].to_ns - p.hops[0].from_ns, 4.3, 1e-9);
	EXPECT_EQ(p.hops[1].stage, 1);
	EXPECT_STREQ(p.hops[1].role, "read port");
	EXPECT_NEAR(p.hops[1].to_ns - p.hops[1].from_ns, 2.7, 1e-9);
	EXPECT_EQ(p.hops[2].stage, 1);
	EXPECT_STREQ(p.hops[2].role, "datapath");
	EXPECT_EQ(p.hops[2].line, 5);
	EXPECT_NEAR(p.hops[2].to_ns - p.hops[2].from_ns, 39.9, 1e-9);
	char *buf = nullptr;
	size_t blen = 0;
	FILE *o = open_memstream(&buf, &blen);
	tg_print_path(&p, &st, o);
	fclose(o);
	EXPECT_STREQ(buf, "critical path 46.9 ns (18.6 ns logic, 28.3 ns routing): "
		"in (pipeline register, line 4, 4.3 ns) -> f (read port, line 5, 2.7 ns) -> "
		"f (datapath, line 5, 39.9 ns)");
	free(buf);
}

// A net of no stage is the run control; the longest stage name that
// prefixes a name wins ("ab" over "a" for "ab_n3").
TEST(t_timing, control_and_longest_prefix)
{
	const char *log = "Info: Critical path report for clock 'clk' (posedge -> posedge):\n"
		"Info: curr total\n"
		"Info:  1.0  1.0  Source cyc_SB_DFF_Q_LC.O\n"
		"Info:  2.0  3.0    Net cyc[1] budget 1.0 ns (1,1) -> (1,2)\n"
		"Info:  1.0  4.0  Source ab_n3_SB_LUT4_O_LC.O\n"
		"Info:  1.5  5.5    Net ab_n3[0] budget 1.0 ns (1,2) -> (1,3)\n"
		"Info:  0.5  6.0  Setup a_pipe.in_data_SB_LUT4_O_LC.I0\n"
		"Info: 2.5 ns logic, 3.5 ns routing\n";
	const char *names[] = { "a", "ab" };
	tg_stage_names st = { 2, names, nullptr };
	tg_path p;
	ASSERT_TRUE(tg_parse_critical_path(log, &st, &p));
	ASSERT_EQ(p.n, 3);
	EXPECT_EQ(p.hops[0].stage, -1);
	EXPECT_EQ(p.hops[1].stage, 1);
	EXPECT_STREQ(p.hops[1].role, "datapath");
	EXPECT_EQ(p.hops[2].stage, 0);
	EXPECT_NEAR(p.hops[2].to_ns - p.hops[2].from_ns, 0.5, 1e-9);
	EXPECT_DOUBLE_EQ(p.ns, 6.0);
	EXPECT_FALSE(tg_parse_critical_path("no report here", &st, &p));
}

// A net the tools named ("$nextpnr_...", "$abc$...") is the logic between
// the named nets around it: it extends the hop before it and is never the
// run control (gaussian at 2 lanes on the UP5K was reported as "control
// (run control, 18.1 ns)" for a path in blur_lane0's adder, because its
// stage names were the IR's "blur.lane0" and one carry net was nextpnr's).
TEST(t_timing, tool_named_nets_join_the_hop_before)
{
	const char *log = "Info: Critical path report for clock 'clk' (posedge -> posedge):\n"
		"Info: curr total\n"
		"Info:  1.4  1.4  Source blur_lane1_p0_SB_DFFE_Q_6_DFFLC.O\n"
		"Info:  3.1  4.5    Net blur_lane0_n5[1] budget 5.2 ns (2,2) -> (3,7)\n"
		"Info:  8.5 13.0  Source blur_lane0_n18_SB_LUT4_O_LC.COUT\n"
		"Info:  1.2 14.2    Net $nextpnr_ICESTORM_LC_15$I3 budget 1.2 ns (2,8) -> (2,9)\n"
		"Info:  0.9 15.1  Source $nextpnr_ICESTORM_LC_15.O\n"
		"Info:  1.8 16.9    Net blur_lane0_n18[10] budget 12.2 ns (2,9) -> (3,9)\n"
		"Info:  1.2 18.1  Setup blur_lane0_p19_SB_DFF_Q_DFFLC.I0\n"
		"Info: 8.6 ns logic, 9.5 ns routing\n";
	const char *names[] = { "in", "blur_lane0", "blur_lane1" };
	tg_stage_names st = { 3, names, nullptr };
	tg_path p;
	ASSERT_TRUE(tg_parse_critical_path(log, &st, &p));
	for (int i = 0; i < p.n; i++)
		EXPECT_GE(p.hops[i].stage, 1) << "hop " << i << " is not in a stage";
	ASSERT_EQ(p.n, 3);
	EXPECT_EQ(p.hops[0].stage, 2);
	EXPECT_EQ(p.hops[1].stage, 1);
	EXPECT_STREQ(p.hops[1].role, "datapath");
	// blur_lane0's datapath from 1.4 ns to 16.9 ns, the $nextpnr nets within
	EXPECT_NEAR(p.hops[1].to_ns - p.hops[1].from_ns, 15.5, 1e-9);
	EXPECT_EQ(p.hops[2].stage, 1);
	EXPECT_STREQ(p.hops[2].role, "pipeline register");
	EXPECT_DOUBLE_EQ(p.ns, 18.1);
}

// Yosys's ltp report gives the depth; a prediction without a board with a
// delay model gives no Fmax estimate.
TEST(t_timing, depth_and_no_estimate)
{
	EXPECT_EQ(tg_parse_logic_depth("Longest topological path in top (length=16):\n"), 16);
	EXPECT_EQ(tg_parse_logic_depth("nothing"), -1);
	double mhz = 1;
	char why[64];
	tg_report r{};
	EXPECT_FALSE(tg_estimate_fmax(&r, &mhz, why, sizeof why));
	EXPECT_EQ(mhz, 0);
}

}  // namespace
