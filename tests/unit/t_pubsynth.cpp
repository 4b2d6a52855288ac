// tests/unit/t_pubsynth.cpp: push-memory tiles on the boards (--memory pub
// with --board): the memory cells of a tile's SRAM and configuration ROM
// (fpga/storage.c), the SPRAMs in the fit check, and the flip-flops of a
// tile (fpga/pub.c), against counts worked out by hand from the shapes
// and from sl_pub's structure (docs/pub.md "Structure", "Synthesis").
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "flow/flow.h"
#include "fpga/fpga.h"

namespace {

// SB_SPRAM256KA cells Yosys 0.23 (synth_ice40 -spram) used for sl_pub_sram
// alone, SPRAM=1, W x DEPTH (docs/pub.md "Synthesis").  The rule: the fewest
// ceil(W / w) x ceil(DEPTH / d) over 16384x16, 32768x8 and 65536x4 (the
// 16-bit row holds 2 or 4 narrow words through its nibble write enables).
struct HugeCase {
	int w;
	int64_t depth;
	int64_t cells;
};

TEST(t_pubsynth, spram_cells_match_yosys)
{
	const HugeCase cases[] = {
		{ 4, 65536, 1 }, { 8, 32768, 1 }, { 8, 65536, 2 }, { 16, 2, 1 },
		{ 16, 16384, 1 }, { 16, 32768, 2 }, { 16, 65536, 4 }, { 24, 512, 2 },
		{ 24, 32768, 3 }, { 24, 65536, 6 }, { 32, 512, 2 }, { 32, 32768, 4 },
		{ 48, 16384, 3 }, { 64, 512, 4 }, { 64, 65536, 16 }, { 72, 16384, 5 },
		{ 72, 32768, 9 }, { 72, 65536, 18 }, { 128, 2, 8 }, { 128, 32768, 16 },
	};
	sl_ctx *ctx = sl_ctx_alloc();
	const board *b = board_find(ctx, "ice40up5k");
	ASSERT_NE(b, nullptr);
	const board_mem *h = board_huge_mem(b);
	ASSERT_NE(h, nullptr);
	EXPECT_STREQ(h->cell, "SB_SPRAM256KA");
	EXPECT_EQ(h->count, 4);
	EXPECT_STREQ(h->yosys, "-spram");
	for (const HugeCase &c : cases)
		EXPECT_EQ(board_huge_cells(h, c.w, c.depth), c.cells) << c.w << " x " << c.depth;
	for (const char *name : { "ecp5-85f", "artix7-100t", "zu9eg" }) {
		const board *o = board_find(ctx, name);
		ASSERT_NE(o, nullptr);
		EXPECT_EQ(board_huge_mem(o), nullptr) << name;
	}
	sl_ctx_free(ctx);
}

// A tile's SRAM, FW x W bits by DEPTH words: SPRAM on the UP5K, block RAM
// in single-port use elsewhere, the shapes of board_bram_cells (measured:
// ECP5 128 x 2048 is 15 DP16KD of 2048 x 9; Artix-7 64 x 512 one RAMB36E1
// of 512 x 72; iCE40 RAM4K 64 x 512 eight of 512 x 8).
TEST(t_pubsynth, tile_cells)
{
	sl_ctx *ctx = sl_ctx_alloc();
	pub_params p;
	p.fw = 4;
	p.depth = 512;
	p.n_in = p.n_out = 2;
	p.levels = 6;
	p.cw = p.ew = 16;
	const board_mem *m = nullptr;
	const board *up = board_find(ctx, "ice40up5k"), *ec = board_find(ctx, "ecp5-85f");
	const board *xc = board_find(ctx, "artix7-100t");
	ASSERT_TRUE(up && ec && xc);
	EXPECT_EQ(tg_tile_cells(up, true, &p, 16, &m), 4);
	EXPECT_STREQ(m->cell, "SB_SPRAM256KA");
	// the UP5K's tiles in RAM4K when the mapping did not choose SPRAM:
	// 64 bits x 512 words, a RAM4K holding 16 x 256 (4 wide, 2 deep)
	EXPECT_EQ(tg_tile_cells(up, false, &p, 16, &m), 8);
	EXPECT_STREQ(m->cell, "SB_RAM40_4K");
	EXPECT_EQ(tg_tile_cells(xc, false, &p, 16, &m), 1);
	EXPECT_STREQ(m->cell, "RAMB36E1");
	EXPECT_EQ(tg_tile_cells(ec, false, &p, 16, &m), 2);
	EXPECT_STREQ(m->cell, "DP16KD");
	p.fw = 8;
	p.depth = 2048;
	EXPECT_EQ(tg_tile_cells(ec, false, &p, 16, &m), 15);
	p.depth = 65536;
	EXPECT_EQ(tg_tile_cells(up, true, &p, 16, &m), 32);
	sl_ctx_free(ctx);
}

struct Design {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *d = nullptr;

	Design(const char *board_name, int levels, int n_in, int n_out, int fw = 4,
		const char *prog = "gaussian", int64_t depth = 512, const char *only = nullptr,
		int width = 16, bool declared = false)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options fo;
		flow_options_default(&fo);
		fo.memory_pub = true;
		fo.declared_widths = declared;
		fo.pub.levels = levels;
		fo.pub.n_in = n_in;
		fo.pub.n_out = n_out;
		fo.pub.fw = fw;
		fo.pub.depth = depth;
		fo.pub.only = only;
		fo.pub.cw = fo.pub.ew = width;
		fo.bd = board_find(ctx, board_name);
		fo.check_fit = true;
		// an example's name, or a path from the source tree
		path = std::string(SLUICE_SOURCE_DIR) + (strchr(prog, '/') ? "/" : "/examples/")
			+ prog + ".sl";
		if (fo.bd)
			d = flow_compile(ctx, path.c_str(), &fo);
	}
	std::string path;
	~Design()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Design(const Design &) = delete;
	Design &operator=(const Design &) = delete;
	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	const pub_buf *buf(const char *name) const
	{
		for (int i = 0; d && d->pub && i < d->pub->n_bufs; i++)
			if (std::string(d->pub->bufs[i].buf->name) == name)
				return &d->pub->bufs[i];
		return nullptr;
	}
	const pub_buf *in() const { return buf("in"); }
};

// gaussian's 'in' (u8) on one tile of the UP5K, 2 levels, 1x2 ports: the
// SRAM 32 x 512 is 2 SPRAMs; the ROM 6 x 9 = 54 writes of 23 bits, all
// lanes (54 is not a power of two), 64 words: 2 RAM4K of 256 x 16.  The
// flip-flops: controllers of AGW 3 (IN_0, OUT_0, OUT_1) take
// 1 + 16 + 3 + 2 (2 x 16 + 3) = 90 configuration and 2 (16 + 6) + 2 x 16
// + 2 x 3 + 4 = 86 state bits (docs/pub.md "Structure"), 176; of AGW 9
// (WR_0, RD_0, RD_1) 108 + 98 = 206; input 0 2 x 32 + 1, each output
// 2 x 32 + 8 + 3, the counter 16: 3 x 176 + 3 x 206 + 65 + 2 x 75 + 16 =
// 1377 (Yosys synth_ice40 keeps exactly these, docs/pub.md "Synthesis").
TEST(t_pubsynth, up5k_tile_storage_and_flip_flops)
{
	Design g("ice40up5k", 2, 1, 2);
	ASSERT_NE(g.d, nullptr) << g.diags();
	const pub_buf *pb = g.in();
	ASSERT_NE(pb, nullptr);
	ASSERT_EQ(pb->n_tiles, 1);
	EXPECT_TRUE(g.d->pub->spram);
	const board *bd = g.d->pred.bd;
	const board_mem *m = nullptr;
	EXPECT_EQ(tg_pub_rom_cells(bd, g.d->pub, &m), 2);
	EXPECT_STREQ(m->cell, "SB_RAM40_4K");
	int64_t ffs = 0, luts = 0;
	tg_pub_tile_logic(bd, g.d->pub, &pb->tiles[0], 8, 8, &ffs, &luts);
	EXPECT_EQ(ffs, 1377);
	ASSERT_EQ(bd->n_mems, 2);
	EXPECT_STREQ(bd->mems[0].cell, "SB_RAM40_4K");
	EXPECT_EQ(g.d->pred.cells[0], 2);	/* the ROM; the native buffers none */
	EXPECT_STREQ(bd->mems[1].cell, "SB_SPRAM256KA");
	EXPECT_EQ(g.d->pred.cells[1], 2);
	EXPECT_TRUE(tg_huge_fits(&g.d->pred));
}

// The default tile on the ECP5: 6 x 21 + 2 = 128 writes, a power of two,
// and no write sets a data bit above 11 (every field of gaussian's
// controllers is below 4096): the ROM keeps 20 lanes (one DP16KD of
// 512 x 36, beside the SRAM's), and each 16-bit field keeps 12 bits and
// one flip-flop for the four that are the loader's "past the end"
// (13).  AGW 3: 1 + 13 + 3 + 6 (26 + 3) = 191 + state 6 x 22 + 2 x 16 +
// 2 x 3 + 4 = 174, 365; AGW 9: 1 + 13 + 9 + 6 x 35 = 233 + 186 = 419; the
// tile keeps IN_0, WR_0, WR_1, RD_0, RD_1, OUT_0, OUT_1: 3 x 365 +
// 4 x 419 + 65 + 2 x 75 + 16 = 3002 (Yosys synth_ecp5 -abc9 keeps these).
TEST(t_pubsynth, ecp5_default_tile)
{
	Design g("ecp5-85f", 6, 2, 2);
	ASSERT_NE(g.d, nullptr) << g.diags();
	const pub_buf *pb = g.in();
	ASSERT_NE(pb, nullptr);
	EXPECT_FALSE(g.d->pub->spram);
	const board *bd = g.d->pred.bd;
	const board_mem *m = nullptr;
	EXPECT_EQ(tg_pub_rom_cells(bd, g.d->pub, &m), 1);
	int64_t ffs = 0, luts = 0;
	tg_pub_tile_logic(bd, g.d->pub, &pb->tiles[0], 8, 8, &ffs, &luts);
	EXPECT_EQ(ffs, 3002);
	EXPECT_EQ(g.d->pred.cells[0], 2);
	EXPECT_TRUE(tg_fits(&g.d->pred));
}

// The Artix-7's flow keeps the hierarchy (`flatten 0`): the whole tile of
// docs/pub.md "Structure" stays, for W = 8: 2008 configuration bits, 1440
// of controller state (4 x 174 + 4 x 186), 2 x (2 x 32 + 1) +
// 2 x (2 x 32 + 8 + 3) + 16 = 3744 (Yosys synth_xilinx: the flip-flops of
// the sl_pub module).  Both
// memories one RAMB18E1 each (512 x 36).
TEST(t_pubsynth, xc7_whole_tile)
{
	Design g("artix7-100t", 6, 2, 2);
	ASSERT_NE(g.d, nullptr) << g.diags();
	const pub_buf *pb = g.in();
	ASSERT_NE(pb, nullptr);
	const board *bd = g.d->pred.bd;
	EXPECT_FALSE(bd->logic.flatten);
	int64_t ffs = 0, luts = 0;
	tg_pub_tile_logic(bd, g.d->pub, &pb->tiles[0], 8, 8, &ffs, &luts);
	EXPECT_EQ(ffs, 3744);
	ASSERT_STREQ(bd->mems[1].cell, "RAMB18E1");
	EXPECT_EQ(g.d->pred.cells[1], 2);
	EXPECT_EQ(g.d->pred.cells[0], 0);
}

// camera_pipeline channel outermost (tests/order/camera_pipeline.sl,
// the example before issue 25: red, green and blue each hold a plane; the
// example itself, channel innermost, keeps them in registers) on the UP5K
// with red and green on tiles (FW 2, DEPTH
// 2048, 1x1 ports, 3 levels; the command of issue 12's bar): each tile's
// SRAM 2 x 16 = 32 bits by 2048 words is 2 SPRAMs, 4 in all, the part's
// 4; the design's one ROM holds both tiles' 4 x (3 x 3 + 3) = 48 writes,
// 96 of 1 tile bit + CA 6 + CW 16 = 23 bits, 96 not a power of two, so
// 128 words with every lane: 2 RAM4K of 256 x 16 (a ROM a tile took 2
// each, 4); with blue (native, circular) 16 and raw 2, 20 RAM4K.  red's
// tile: controllers of AGW 2
// (IN_0, OUT_0) 1 + 16 + 2 + 3 (32 + 2) = 121 + 3 x 22 + 2 x 16 + 2 x 2 +
// 4 = 106, 227; of AGW 11 (WR_0, RD_0) 157 + 124 = 281; the aggregator
// holds red's values, which keep 9 bits (a sum of two u8 shifted right, as
// Yosys's wreduce sees it): 2 x 2 x 9 + 1; the output 2 x 2 x 16 + 16 + 3;
// the counter 16: 2 x 227 + 2 x 281 + 37 + 83 + 16 = 1152 (Yosys
// synth_ice40 keeps these in red's tile, docs/pub.md "Synthesis").
// (At the program's declared 16-bit words, --widths declared: with
// value-range widths red and green keep 9 bits.)
TEST(t_pubsynth, camera_red_green_on_spram)
{
	Design g("ice40up5k", 3, 1, 1, 2, "tests/order/camera_pipeline", 2048, "red,green", 16, true);
	ASSERT_NE(g.d, nullptr) << g.diags();
	const board *bd = g.d->pred.bd;
	ASSERT_STREQ(bd->mems[1].cell, "SB_SPRAM256KA");
	EXPECT_EQ(g.d->pred.cells[1], 4);
	EXPECT_TRUE(tg_huge_fits(&g.d->pred));
	for (const char *name : { "red", "green" }) {
		const pub_buf *pb = g.buf(name);
		ASSERT_NE(pb, nullptr) << name;
		ASSERT_EQ(pb->n_tiles, 1) << name;
		const board_mem *m = nullptr;
		EXPECT_EQ(tg_tile_cells(bd, g.d->pub->spram, &g.d->pub->params, 16, &m), 2) << name;
	}
	EXPECT_EQ(pub_n_tiles(g.d->pub), 2);
	EXPECT_EQ(pub_rom_tile_bits(g.d->pub), 1);
	EXPECT_EQ(pub_rom(g.d->pub, nullptr), 96);
	const board_mem *m = nullptr;
	EXPECT_EQ(tg_pub_rom_cells(bd, g.d->pub, &m), 2);
	EXPECT_STREQ(m->cell, "SB_RAM40_4K");
	ASSERT_STREQ(bd->mems[0].cell, "SB_RAM40_4K");
	EXPECT_EQ(g.d->pred.cells[0], 20);
	int64_t ffs = 0, luts = 0;
	tg_pub_tile_logic(bd, g.d->pub, &g.buf("red")->tiles[0], 16, 9, &ffs, &luts);
	EXPECT_EQ(ffs, 1152);
}

// The same with fitted widths (--pub-width fit, the bar's command): the
// largest start is OUT_0's first fire, past 4,096 (the second pass, a
// frame of 62 rows of 64 cycles after the first), so CW 13; OUT_0's 3
// levels (62 columns, 62 rows, 2 passes) fit the tile's 3 unfolded, so EW
// 6 (EXT_M1 61).  red's tile: controllers of AGW 2 take 1 + 13 + 2 +
// 3 (13 + 6 + 2) = 79 configuration and 3 (6 + 6) + 2 x 13 + 2 x 2 + 4 =
// 70 state bits, 149; of AGW 11 115 + 88 = 203; the aggregator 37, the
// output 83, the counter 13: 2 x 149 + 2 x 203 + 37 + 83 + 13 = 837, 315
// fewer than at 16 bits (Yosys: 3,115 flip-flops for the design at 16
// bits, 2,533 at CW 13 and EW 7, 2 x 291 fewer, as this count gives for
// EW 7).  The design's one ROM: 96 words of 1 tile bit + CA 6 + CW 13 =
// 20 bits, 128 words with every lane: 2 RAM4K still, 20 in all.
TEST(t_pubsynth, camera_fitted_widths)
{
	Design g("ice40up5k", 3, 1, 1, 2, "tests/order/camera_pipeline", 2048, "red,green", 0, true);
	ASSERT_NE(g.d, nullptr) << g.diags();
	EXPECT_EQ(g.d->pub->params.cw, 13);
	EXPECT_EQ(g.d->pub->params.ew, 6);
	const board *bd = g.d->pred.bd;
	EXPECT_EQ(g.d->pred.cells[1], 4);
	const board_mem *m = nullptr;
	EXPECT_EQ(tg_pub_rom_cells(bd, g.d->pub, &m), 2);
	EXPECT_EQ(g.d->pred.cells[0], 20);
	int64_t ffs = 0, luts = 0;
	tg_pub_tile_logic(bd, g.d->pub, &g.buf("red")->tiles[0], 16, 9, &ffs, &luts);
	EXPECT_EQ(ffs, 837);
}

// A tile of 16 x 8 = 128 bits a word needs 8 SPRAMs, the UP5K has 4: a
// located error naming them, before any Verilog.
TEST(t_pubsynth, spram_over_the_part)
{
	Design g("ice40up5k", 6, 2, 2, 16);
	EXPECT_EQ(g.d, nullptr);
	std::string e = g.diags();
	EXPECT_NE(e.find("gaussian.sl:14:8: error: the design does not fit the ice40up5k"),
		std::string::npos) << e;
	EXPECT_NE(e.find("needs 8 of 4 SB_SPRAM256KA"), std::string::npos) << e;
	EXPECT_NE(e.find("a smaller --fetch or --depth"), std::string::npos) << e;
}

} // namespace
