// tests/unit/t_pubcost.cpp: the push-memory tile's area and energy model
// (pub/cost.c, docs/pub.md "Area and energy").  The tile's
// flip-flops and LUTs are checked against Yosys 0.23 cell counts of sl_pub
// (`synth -flatten -lut 4`, the SRAM a black box, measured by
// tests/bench/pub_area_fit.py): the flip-flop formula must be exact, and
// the LUTs of the five points the fit leaves out ("check", three of them
// with EW < CW) must be within the error the bench reports for them.  The dual-port baseline and the
// peak accesses a cycle are worked out by hand beside each expectation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

namespace {

pub_params params(int fw, int64_t depth, int ni, int no, int levels, int cw, int ew)
{
	pub_params p;
	pub_params_default(&p);
	p.fw = fw;
	p.depth = depth;
	p.n_in = ni;
	p.n_out = no;
	p.levels = levels;
	p.cw = cw;
	p.ew = ew;
	return p;
}

// Yosys 0.23 counts of sl_pub (tests/bench/pub_area_fit.py, points
// "default", "mix1", "mix2", "gauss", "cam" and "mix3"; all but the first
// are not in the LUT fit).  "gauss" is gaussian's tile with --pub-width
// fit (CW 9, EW 6), "cam" camera_pipeline's UP5K tile with fitted widths
// (CW 13, EW 6).
struct Measured {
	int w, fw;
	int64_t depth;
	int ni, no, levels, cw, ew;
	int64_t flops, luts;
};
// A bus-configured tile (STATIC 0) of these counts: pub_cost_tile
// reads only its counts and fixed_cfg.
const pub_tile &bus_tile(const pub_counts &c)
{
	static pub_tile t;
	t = pub_tile();
	t.counts = c;
	return t;
}

const Measured measured[] = {
	{ 16, 4, 512, 2, 2, 6, 16, 16, 4016, 4568 },
	{ 12, 2, 128, 2, 3, 5, 14, 14, 3531, 4109 },
	{ 24, 8, 256, 1, 2, 6, 18, 18, 4063, 4462 },
	{ 8, 4, 256, 2, 2, 6, 9, 6, 2237, 2694 },
	{ 16, 2, 2048, 1, 1, 3, 13, 6, 865, 966 },
	{ 12, 2, 128, 2, 3, 5, 14, 7, 2831, 3347 },
};
const int n_measured = sizeof measured / sizeof measured[0];

TEST(PubCost, FlopsEqualYosys)
{
	pub_counts c = {};
	for (const Measured &m : measured) {
		pub_params p = params(m.fw, m.depth, m.ni, m.no, m.levels, m.cw, m.ew);
		pub_cost cost;
		pub_cost_tile(&p, &bus_tile(c), m.w, &cost);
		EXPECT_EQ(cost.flops, m.flops) << "W " << m.w << " FW " << m.fw << " EW " << m.ew;
		EXPECT_EQ(cost.sram_bits, m.depth * m.fw * m.w);
	}
}

TEST(PubCost, LutsOfPointsOutsideTheFit)
{
	// The bench reports 0.1, 2.7, 3.3, 0.5 and 0.7 % on these five; 4 %
	// bounds them all.
	pub_counts c = {};
	for (int i = 1; i < n_measured; i++) {
		const Measured &m = measured[i];
		pub_params p = params(m.fw, m.depth, m.ni, m.no, m.levels, m.cw, m.ew);
		pub_cost cost;
		pub_cost_tile(&p, &bus_tile(c), m.w, &cost);
		double err = std::fabs((double) cost.ctrl_luts - (double) m.luts) / (double) m.luts;
		EXPECT_LT(err, 0.04) << "W " << m.w << ": " << cost.ctrl_luts << " against " << m.luts;
	}
}

// gaussian's tile with fitted widths (W 8, FW 4, DEPTH 256: AW 8, SW 3;
// 2x2 ports, 8 controllers, 6 levels, CW 9, EW 6), by hand from
// docs/pub.md "Structure": configuration 8 (1 + 9 x 7 + 6 x 6) + 4 x 7 x 11
// = 800 + 308; state 8 (6 x 12 + 2 x 9 + 4) + 2 x 4 x 11 = 752 + 88; the
// aggregators 2 (2 x 32 + 1), the transpose buffers and output registers
// 2 (2 x 32 + 8 + 3), the cycle counter 9: 2,237.  At EW = CW the
// extents and indices take 3 bits more each, 8 x 6 x 3 = 144 of
// configuration and 144 of state; and the LUTs lose the index counters'
// share, 2.2541 x 8 x 6 x 3 = 324.6.
TEST(PubCost, NarrowExtentsByHand)
{
	pub_counts c = {};
	pub_params p = params(4, 256, 2, 2, 6, 9, 6);
	pub_cost fitted, wide;
	pub_cost_tile(&p, &bus_tile(c), 8, &fitted);
	EXPECT_EQ(fitted.flops, 2237);
	p.ew = 9;
	pub_cost_tile(&p, &bus_tile(c), 8, &wide);
	EXPECT_EQ(wide.flops - fitted.flops, 288);
	EXPECT_NEAR((double) (wide.ctrl_luts - fitted.ctrl_luts), 324.6, 1.0);
}

// gaussian's tile at FW 4, DEPTH 256 (W 8, 2x2 ports, 6 levels, CW 16):
// 4,096 words in, 2 x 3,968 words out.  The dual-port buffer holds the
// same 256 x 4 x 8 = 8,192 bits as 1,024 words of 8 bits (AW 10).
TEST(PubCost, DualPortByHand)
{
	pub_params p = params(4, 256, 2, 2, 6, 16, 16);
	pub_counts c = {};
	c.agg_writes = 4096;
	c.tb_reads = 7936;
	pub_cost dp;
	pub_cost_dualport(&p, 8, &c, &dp);
	EXPECT_EQ(dp.sram_bits, 8192);
	// 4 controllers: configuration 4 (1 + 16 x 13) + 7 x 4 x 10 = 1,116;
	// state 4 (6 x 22 + 2 x 16 + 4) + 2 x 40 = 752 (docs/pub.md
	// "Structure"); output registers and valid flags 2 x 9; the cycle
	// counter 16: 1,902.
	EXPECT_EQ(dp.flops, 1902);
	// (2.2541 + 1.1144) x 4 x 6 x 16 + 9.6746 x 4 x 6 + 4.8634 x 4 x 16 +
	// 1.4891 x 7 x 40 = 1,293.5 + 232.2 + 311.3 + 416.9 = 2,253.9, rounded;
	// one LUT per bit of the 4 ports' 8-bit muxes: 2,286.
	EXPECT_EQ(dp.ctrl_luts, 2286);
	// 8,192 x 0.75 + 1,902 x 5 + 2,286 x 3 um^2
	EXPECT_NEAR(dp.area_um2, 6144.0 + 9510.0 + 6858.0, 1e-6);
	// 12,032 accesses of 8 bits of a 1 KB macro: 10 pJ x 8/64 x sqrt(1/8);
	// 12,032 steps of 2 x 0.1 pJ x 16/32
	double e = 12032 * 10.0 * 0.125 * std::sqrt(0.125) + 12032 * 0.1;
	EXPECT_NEAR(dp.energy_pj, e, 1e-6);
	// The same tile as a PUB: the SRAM costs less per bit (0.5 against
	// 0.75 um^2), so at this depth the difference is the logic.
	pub_cost pub;
	c.sram_writes = 1024;
	c.sram_reads = 1984;
	pub_cost_tile(&p, &bus_tile(c), 8, &pub);
	EXPECT_EQ(pub.sram_bits, dp.sram_bits);
	EXPECT_GT(pub.flops, dp.flops);
}

pub_ctrl ctrl(pub_kind kind, bool enable, int64_t start, int n, const int64_t *ext,
	const int64_t *sg)
{
	pub_ctrl c = {};
	c.kind = kind;
	c.enable = enable;
	c.sg_start = start;
	c.n_levels = n;
	for (int l = 0; l < n; l++) {
		c.ext[l] = ext[l];
		c.sg[l] = sg[l];
	}
	return c;
}

TEST(PubCost, DualPortPeak)
{
	// IN fires at 0, 2, .., 18; OUT_0 at 1, 3, .., 19: never together.
	const int64_t e10[] = { 10 }, s2[] = { 2 };
	pub_ctrl cs[4];
	cs[0] = ctrl(PUB_IN, true, 0, 1, e10, s2);
	cs[1] = ctrl(PUB_OUT, true, 1, 1, e10, s2);
	pub_tile t = {};
	t.ctrl = cs;
	t.n_ctrl = 2;
	EXPECT_EQ(pub_dualport_peak(&t), 1);
	// OUT_1 at 4, 6, 8 (3 fires) meets IN there; a WR controller firing
	// with them, and a disabled OUT, do not count.
	const int64_t e3[] = { 3 };
	cs[2] = ctrl(PUB_OUT, true, 4, 1, e3, s2);
	cs[3] = ctrl(PUB_WR, true, 4, 1, e3, s2);
	t.n_ctrl = 4;
	EXPECT_EQ(pub_dualport_peak(&t), 2);
	// Two levels: OUT_1 walks 3 rows of 4 fires a cycle apart, a row
	// every 10 cycles (0..3, 10..13, 20..23); the last controller is
	// disabled.  At 0 and 2: IN and OUT_1; at 1 and 3: OUT_0 and OUT_1;
	// at 10, 12: IN and OUT_1 again: never three.
	const int64_t e43[] = { 4, 3 }, s1_10[] = { 1, 10 };
	cs[2] = ctrl(PUB_OUT, true, 0, 2, e43, s1_10);
	cs[3] = ctrl(PUB_OUT, false, 0, 1, e10, s2);
	EXPECT_EQ(pub_dualport_peak(&t), 2);
	cs[3] = ctrl(PUB_OUT, true, 2, 1, e3, s2);
	// enabled at 2, 4, 6: at 2 with IN and OUT_1: 3
	EXPECT_EQ(pub_dualport_peak(&t), 3);
}

}  // namespace
