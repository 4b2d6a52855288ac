// tests/unit/t_pubcost.cpp: the push-memory tile's area and energy model
// (tile/cost.c, docs/pub_mapping.md "Area and energy").  The tile's
// flip-flops and LUTs are checked against Yosys 0.23 cell counts of sl_pub
// (`synth -flatten -lut 4`, the SRAM a black box, measured by
// tests/bench/pub_area_fit.py): the flip-flop formula must be exact, and
// the LUTs of the five points the fit leaves out ("check", three of them
// with EW < CW) must be within the error the bench reports for them.
// Tiles with constant configuration (the default build) are real tiles
// of gaussian and camera_pipeline, their flip-flops derived by hand from
// what synthesis keeps (docs/pub_mapping.md "What synthesis keeps") and equal
// to Yosys's, their LUTs within 3 % of Yosys's.  The dual-port baseline
// and the peak accesses a cycle are worked out by hand beside each
// expectation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <vector>

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

// A controller of a tile with constant configuration: enabled, strides
// and extents by level (level 0 innermost).
pub_ctrl sctrl(pub_kind kind, int port, int agw, int64_t sg0, int64_t ag0,
	const std::vector<int64_t> &ext, const std::vector<int64_t> &sg,
	const std::vector<int64_t> &ag)
{
	pub_ctrl c = {};
	c.kind = kind;
	c.port = port;
	c.agw = agw;
	c.enable = true;
	c.sg_start = sg0;
	c.ag_start = ag0;
	c.n_levels = (int) ext.size();
	for (int l = 0; l < c.n_levels; l++) {
		c.ext[l] = ext[l];
		c.sg[l] = sg[l];
		c.ag[l] = ag[l];
	}
	return c;
}

void share(pub_ctrl &c, int src, int delay)
{
	c.shared = true;
	c.src = src;
	c.delay = delay;
}

pub_cost static_cost(const pub_params &p, std::vector<pub_ctrl> &cs, int w)
{
	pub_tile t = {};
	t.fixed_cfg = true;
	t.ctrl = cs.data();
	t.n_ctrl = (int) cs.size();
	pub_cost c;
	pub_cost_tile(&p, &t, w, &c);
	return c;
}

double rel(int64_t model, int64_t yosys)
{
	return std::fabs((double) (model - yosys)) / (double) yosys;
}

// gaussian 64x64's tile as `sluice compile --memory pub` builds it (W 8,
// FW 4, DEPTH 512: AW 9, SW 3; 1 input, 2 outputs, 1 level, CW = EW = 12;
// pub.json).  Every controller's one level is live (EXT_M1 > 0), so each
// keeps EW + 3 = 15 (index, "one before the last", step, "the step is
// inner"), fire and active 2, and one delta bit: its SG_DELTA, AG_DELTA
// and "SG_DELTA is 1" bits form one column (1).  IN_0 and OUT_1 (deltas
// 1, 1): 15 + 1 + 2 + 12 schedule + 3 address = 33; WR_0 and RD_1
// (SG_DELTA 4: the schedule's 2 low bits never change): 15 + 1 + 2 + 10 +
// 9 = 37.  RD_0 repeats RD_1 2 cycles later: 2 (1 + 9) = 20; OUT_0
// repeats OUT_1 at once: nothing, and shares its valid flag.  The
// aggregator's 8 words (every slot reached) 64 and its toggle 1; RD's
// read flag and toggle 2 x 2; OUT_1 64 + 8 + 1, OUT_0 64 + 8; the cycle
// counter 12: 160 + 65 + 4 + 145 + 12 = 386, Yosys's count.  Unshared,
// RD_0 and OUT_0 are controllers of their own (37 and 33) and OUT_0 has
// its valid flag: 386 - 20 + 70 + 1 = 437, Yosys's.  LUTs: Yosys 487 and
// 614 (both points of the fit).
TEST(PubCost, StaticGaussianByHand)
{
	pub_params p = params(4, 512, 1, 2, 1, 12, 12);
	p.fixed_cfg = true;
	std::vector<pub_ctrl> cs = {
		sctrl(PUB_IN, 0, 3, 1, 0, { 4096 }, { 1 }, { 1 }),
		sctrl(PUB_WR, 0, 9, 5, 0, { 1024 }, { 4 }, { 1 }),
		sctrl(PUB_RD, 0, 9, 126, 16, { 992 }, { 4 }, { 1 }),
		sctrl(PUB_RD, 1, 9, 124, 0, { 992 }, { 4 }, { 1 }),
		sctrl(PUB_OUT, 0, 3, 128, 0, { 3968 }, { 1 }, { 1 }),
		sctrl(PUB_OUT, 1, 3, 128, 0, { 3968 }, { 1 }, { 1 }),
	};
	pub_cost own = static_cost(p, cs, 8);
	EXPECT_EQ(own.flops, 437);
	EXPECT_LT(rel(own.ctrl_luts, 614), 0.03) << own.ctrl_luts;
	share(cs[2], 3, 2);
	share(cs[4], 5, 0);
	pub_cost shared = static_cost(p, cs, 8);
	EXPECT_EQ(shared.flops, 386);
	EXPECT_LT(rel(shared.ctrl_luts, 487), 0.03) << shared.ctrl_luts;
	EXPECT_EQ(shared.sram_bits, 512 * 4 * 8);
	// The same tile bus-configured: the formula of docs/pub.md
	// "Structure" (configuration 6 (1 + 12 x 2 + 12) + 3 x 2 x 12 = 294,
	// state 6 (18 + 24 + 4) + 2 x 3 x 12 = 348; 65; 2 x 75; 12): 869.
	pub_tile bus = {};
	bus.ctrl = cs.data();
	bus.n_ctrl = 6;
	pub_cost b;
	pub_cost_tile(&p, &bus, 8, &b);
	EXPECT_EQ(b.flops, 869);
}

// Two points outside the static fit ("check"), tiles of the default build.
// gaussian 1920x1080's first tile (W 8, FW 4, DEPTH 512, 1 input, 1
// output, 2 levels, CW 12, EW 11): every controller's two levels are live
// (2 (11 + 3) = 28) and its delta registers (IN_0, OUT_0: SG 1, 1 and AG
// 1, 1; WR_0, RD_0: SG 4, 4 and AG 1, 1 = 480 - 479) one column (1, 1):
// IN_0 and OUT_0 28 + 1 + 2 + 12 + 3 = 46, WR_0 and RD_0 28 + 1 + 2 + 10 +
// 9 = 50; 65 + 2 + 73 + 12 of the data path and counter: 344, Yosys's;
// LUTs 495.
TEST(PubCost, StaticCheckPoints)
{
	pub_params p = params(4, 512, 1, 1, 2, 12, 11);
	p.fixed_cfg = true;
	std::vector<pub_ctrl> g = {
		sctrl(PUB_IN, 0, 3, 1, 0, { 1920, 1080 }, { 1, 1920 }, { 1, 0 }),
		sctrl(PUB_WR, 0, 9, 5, 0, { 480, 1080 }, { 4, 1920 }, { 1, 480 }),
		sctrl(PUB_RD, 0, 9, 1918, 0, { 480, 1079 }, { 4, 1920 }, { 1, 480 }),
		sctrl(PUB_OUT, 0, 3, 1920, 0, { 1920, 1079 }, { 1, 1920 }, { 1, 0 }),
	};
	pub_cost gc = static_cost(p, g, 8);
	EXPECT_EQ(gc.flops, 344);
	EXPECT_LT(rel(gc.ctrl_luts, 495), 0.03) << gc.ctrl_luts;
	// camera_pipeline 640x480's raw tile (1 input, 3 outputs, 2 levels, CW
	// 12, EW 10): live levels 2 (10 + 3) = 26 each.  IN_0, OUT_0 (SG 3, 3;
	// AG 1, 1: one column) 26 + 1 + 2 + 12 + 3 = 44; WR_0, RD_0, RD_1 (SG
	// 12, 12; AG 1, 1 = 160 - 159) 26 + 1 + 2 + 10 + 9 = 48; OUT_1 (SG 3, 9;
	// AG 1, 3: columns (1, 1), (1, 0), (0, 1)) 26 + 3 + 2 + 12 + 3 = 46; RD_2
	// repeats RD_0 3 cycles later, 3 (1 + 9) = 30, OUT_2 OUT_0, 3 (1 + 3) =
	// 12.  Controllers 44 + 3 x 48 + 30 + 44 + 46 + 12 = 320; the data path
	// 65 + 3 x 2 + 3 x 73 and the counter 12: 622, Yosys's; LUTs 831.
	pub_params q = params(4, 512, 1, 3, 2, 12, 10);
	q.fixed_cfg = true;
	std::vector<pub_ctrl> c = {
		sctrl(PUB_IN, 0, 3, 1, 0, { 640, 480 }, { 3, 1920 }, { 1, 0 }),
		sctrl(PUB_WR, 0, 9, 11, 0, { 160, 480 }, { 12, 1920 }, { 1, 160 }),
		sctrl(PUB_RD, 0, 9, 3835, 160, { 160, 478 }, { 12, 1920 }, { 1, 160 }),
		sctrl(PUB_RD, 1, 9, 3844, 160, { 160, 478 }, { 12, 1920 }, { 1, 160 }),
		sctrl(PUB_RD, 2, 9, 3838, 0, { 160, 478 }, { 12, 1920 }, { 1, 160 }),
		sctrl(PUB_OUT, 0, 3, 3837, 0, { 640, 478 }, { 3, 1920 }, { 1, 0 }),
		sctrl(PUB_OUT, 1, 3, 3846, 0, { 638, 478 }, { 3, 1920 }, { 1, 0 }),
		sctrl(PUB_OUT, 2, 3, 3840, 0, { 640, 478 }, { 3, 1920 }, { 1, 0 }),
	};
	share(c[4], 2, 3);
	share(c[7], 5, 3);
	pub_cost cc = static_cost(q, c, 8);
	EXPECT_EQ(cc.flops, 622);
	EXPECT_LT(rel(cc.ctrl_luts, 831), 0.03) << cc.ctrl_luts;
}

// What synthesis drops: a disabled controller and its output (no
// controller, transpose buffer or output registers), a controller of one
// point (no live level: fire and active only), and slots an aggregator
// never reaches.  One input, two outputs, 1 level, CW = EW = 9, W 4, FW 4
// (SW 3).  IN_0 (deltas SG 1, AG 2: address bit 0 never changes) 12 + 1 +
// 2 + 9 + 2 = 26, its aggregator the 4 even slots, 16 + 1; WR_0 of one
// point (EXT_M1 0): 2; RD_0 (SG 4, AG 1) 12 + 1 + 2 + 7 + 9 = 31 and its
// flags 2; OUT_0 (SG 1, AG 1) 12 + 1 + 2 + 9 + 3 = 27, its 8 words,
// output word and flag 32 + 4 + 1; RD_1 and OUT_1 disabled: 0; the
// counter 9.  26 + 17 + 2 + 33 + 27 + 37 + 9 = 151, Yosys's.
TEST(PubCost, StaticDropsWhatNeverActs)
{
	pub_params p = params(4, 512, 1, 2, 1, 9, 9);
	p.fixed_cfg = true;
	std::vector<pub_ctrl> cs = {
		sctrl(PUB_IN, 0, 3, 1, 0, { 4 }, { 1 }, { 2 }),
		sctrl(PUB_WR, 0, 9, 5, 0, { 1 }, { 1 }, { 1 }),
		sctrl(PUB_RD, 0, 9, 6, 0, { 8 }, { 4 }, { 1 }),
		sctrl(PUB_RD, 1, 9, 0, 0, { 1 }, { 1 }, { 1 }),
		sctrl(PUB_OUT, 0, 3, 8, 0, { 8 }, { 1 }, { 1 }),
		sctrl(PUB_OUT, 1, 3, 0, 0, { 1 }, { 1 }, { 1 }),
	};
	cs[3].enable = false;
	cs[5].enable = false;
	EXPECT_EQ(static_cost(p, cs, 4).flops, 151);
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
