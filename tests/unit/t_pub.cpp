// tests/unit/t_pub.cpp: unified buffers on the push-memory tile
// (pub/map.c).  Every expected figure below is derived by hand from
// the program's port domains and schedule (the derivation sits beside
// it), never copied from the program's output: the counts of the
// vectorized ports, the tiles a buffer needs, the first colliding cycle
// of a schedule the single SRAM port cannot serve, and the field that
// does not fit the configuration width.  Every mapping also runs through
// the tile model inside pub_map (a wrong word or a collision there is
// an error), so a test that maps at all has had its configuration run.
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
#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

namespace {

struct Pub {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *d = nullptr;	// built through the flow, as every command's
	const ir_program *prog = nullptr;
	sched_program *sp = nullptr;
	isl_ctx *isl = nullptr;
	ub_set *set = nullptr;
	pub_set *ps = nullptr;

	Pub(const std::string &path, const std::string &text, const pub_params &p)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options o;
		flow_options_default(&o);
		o.memory_pub = true;
		o.pub = p;
		d = flow_compile_text(ctx, path.c_str(), text.data(), text.size(), &o);
		if (!d)
			return;
		isl = d->isl;
		isl_options_set_on_error(isl, ISL_ON_ERROR_ABORT);	// a leaked isl object
		prog = d->prog;
		sp = d->sp;
		set = d->ubs;
		ps = d->pub;
	}
	~Pub()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Pub(const Pub &) = delete;
	Pub &operator=(const Pub &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	const pub_buf *buf(const char *name) const
	{
		for (int i = 0; ps && i < ps->n_bufs; i++)
			if (!strcmp(ps->bufs[i].buf->name, name))
				return &ps->bufs[i];
		return nullptr;
	}
};

std::string read_example(const char *name)
{
	std::ifstream f(std::string(SLUICE_SOURCE_DIR) + "/examples/" + name);
	std::stringstream ss;
	ss << f.rdbuf();
	return ss.str();
}

pub_params params(int fw, int64_t depth = 512)
{
	pub_params p;
	pub_params_default(&p);
	p.fw = fw;
	p.depth = depth;
	return p;
}

void expect_counts(const pub_tile &t, int64_t in, int64_t wr, int64_t rd,
	std::initializer_list<int64_t> outs)
{
	EXPECT_EQ(t.counts.agg_writes, in);
	EXPECT_EQ(t.counts.sram_writes, wr);
	EXPECT_EQ(t.counts.sram_reads, rd);
	ASSERT_EQ(t.n_outs, (int) outs.size());
	int64_t sum = 0;
	int j = 0;
	for (int64_t o : outs) {
		EXPECT_EQ(t.counts.tb_reads_port[j++], o);
		sum += o;
	}
	EXPECT_EQ(t.counts.tb_reads, sum);
	// every fire is a controller step
	EXPECT_EQ(t.counts.steps, in + wr + rd + sum);
}

}  // namespace

// The Clockwork cross-check: gaussian 64x64 at FW 4.
// Port domains (examples/gaussian.sl): the input "in" is written one
// pixel a cycle in raster order, 64x64 = 4,096 words.  blur(y, x), y, x
// in 0..61, reads in(y+r, x+s), r, s in 0..2: nine ports at delays
// 130 - 64r - s.  Ports within the register threshold of each other share
// a tile output plus registers: {0,1,2} (r = 2: too close to the write
// for the tile, registers on the input stream), {64,65,66} (r = 1) and
// {128,129,130} (r = 0): two tile outputs.
//   aggregator-to-SRAM writes: 4,096 words / 4 = 1,024.
//   output r = 1 reads rows 1..62, columns 0..63 (x + s covers 0..63):
//   62 x 64 = 3,968 words, 3,968 / 4 = 992 SRAM reads; output r = 0 reads
//   rows 0..61, the same 3,968 words and 992 reads.
//   SRAM reads: 2 x 992 = 1,984.  Transpose-buffer reads: 3,968 per
//   output (each transpose buffer), 7,936 over the tile's two.
// Clockwork's figures are 1,024 / 1,984 / 3,968: the last is one
// transpose buffer's.
TEST(t_pub, gaussian_clockwork_counts)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4));
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_buf *in = u.buf("in");
	ASSERT_TRUE(in);
	EXPECT_FALSE(in->native_why);
	ASSERT_EQ(in->n_tiles, 1);
	EXPECT_EQ(in->n_groups, 2);
	expect_counts(in->tiles[0], 4096, 1024, 1984, { 3968, 3968 });
	// registers: 2 words after each output (delays 65, 66 and 129, 130)
	// and 2 on the input stream (delays 1, 2)
	EXPECT_EQ(in->reg_words, 6);
	EXPECT_EQ(in->tiles[0].out_delay[0], 64);
	EXPECT_EQ(in->tiles[0].out_delay[1], 128);
	// blur is read at delay 0 only: registers, not a tile
	ASSERT_TRUE(u.buf("blur"));
	EXPECT_TRUE(u.buf("blur")->native_why);
}

// A 10x10 image read at rows y and y+2: f(y, x), y in 0..7, x in 0..9.
// Input at t = 10y + x, written a cycle later; f reads a(y+2, x) at its
// write (delay 0: registers) and a(y, x) 20 cycles after its write: one
// tile output over rows 0..7, columns 0..9.  Rows of 10 words are padded
// to whole SRAM words: ceil(10 / FW) words a row.
static const char two_rows[] =
	"input a : u8[10][10];\n"
	"func f(y, x) : u16 = u16(a(y, x)) + u16(a(y + 2, x));\n"
	"output f[8][10];\n";

TEST(t_pub, vectorize_padded_rows)
{
	struct { int fw; int64_t words_per_row; } cases[] = { { 2, 5 }, { 4, 3 }, { 8, 2 } };
	for (auto c : cases) {
		Pub u("t.sl", two_rows, params(c.fw));
		ASSERT_TRUE(u.ps) << "FW " << c.fw << ": " << u.diags();
		const pub_buf *a = u.buf("a");
		ASSERT_TRUE(a && !a->native_why) << "FW " << c.fw;
		ASSERT_EQ(a->n_tiles, 1);
		EXPECT_EQ(a->tiles[0].out_delay[0], 20);
		// IN: 100 words; WR: 10 rows x words a row; RD: 8 rows x words a
		// row; OUT: 8 x 10 words
		expect_counts(a->tiles[0], 100, 10 * c.words_per_row, 8 * c.words_per_row, { 80 });
	}
}

// Four rows of a 16x16 image: f(y, x) = a(y,x) + ... + a(y+3,x), y in
// 0..12.  Delays 0 (registers), 16, 32 and 48: three tile outputs, two a
// tile, so two tiles in series.  Tile 0 serves delays 16 (rows 2..14) and
// 32 (rows 1..13), the latter widened to every row the next tile needs
// (rows 0..12 of the delay-48 port): rows 0..13, and feeds tile 1, which
// serves delay 48 (rows 0..12) from it.
//   tile 0: IN 256, WR 256/4 = 64, OUT 13x16 = 208 and 14x16 = 224,
//           RD 13x4 + 14x4 = 108;
//   tile 1: IN 224, WR 224/4 = 56, OUT 208, RD 13x4 = 52.
TEST(t_pub, chain_for_outputs)
{
	Pub u("t.sl",
		"input a : u8[16][16];\n"
		"func f(y, x) : u16 = u16(a(y, x)) + u16(a(y + 1, x)) + u16(a(y + 2, x)) + u16(a(y + 3, x));\n"
		"output f[13][16];\n", params(4));
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_buf *a = u.buf("a");
	ASSERT_TRUE(a && !a->native_why);
	ASSERT_EQ(a->n_tiles, 2);
	EXPECT_EQ(a->tiles[0].feeds, 1);
	EXPECT_EQ(a->tiles[1].feeds, -1);
	expect_counts(a->tiles[0], 256, 64, 108, { 208, 224 });
	expect_counts(a->tiles[1], 224, 56, 52, { 208 });
}

// gaussian with 32-word tiles: the delay-64 output needs 64/4 = 16 words
// plus 4 of rows and slack (20 <= 32); the delay-128 one 32 + 4 = 36 > 32,
// so it goes on a second tile fed by the first tile's output, 64 cycles
// behind: (128 - 64)/4 + 4 = 20 words.  Tile 0's output is widened to rows
// 0..62 (63 x 64 = 4,032 words, 1,008 reads); tile 1 takes those 4,032
// words (1,008 writes) and serves rows 0..61 (3,968 words, 992 reads).
TEST(t_pub, chain_for_capacity)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4, 32));
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_buf *in = u.buf("in");
	ASSERT_TRUE(in && in->n_tiles == 2);
	expect_counts(in->tiles[0], 4096, 1024, 1008, { 4032 });
	expect_counts(in->tiles[1], 4032, 1008, 992, { 3968 });
	for (int k = 0; k < 2; k++)
		EXPECT_LE(in->tiles[k].live_words, 32);
}

// 16-word tiles: even the delay-64 output needs 20 words.
TEST(t_pub, capacity_bad)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4, 16));
	EXPECT_FALSE(u.ps);
	EXPECT_NE(u.diags().find("examples/gaussian.sl:14:8: error: the push-memory tile of "
		"'in': a read 64 writes behind its write needs 20 SRAM words, more than a "
		"tile's 16"), std::string::npos) << u.diags();
}

// gaussian at FW 2: each pair of input words is one wide write, and each
// output reads a wide word every 2 cycles: 3 SRAM accesses every 2
// cycles, more than one port has.  The first collision, by hand: the
// delay-64 output's first word is in(1, 0), written at cycle 64 + 1 = 65,
// due at 65 + 64 = 129, so OUT_0 fires at 128 and RD_0 at the latest
// 128 - 2 = 126; the delay-128 output's first word in(0, 0) is written
// at 1 and due at 129: RD_1's latest cycle is 126 too.
TEST(t_pub, collision_bad)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(2));
	EXPECT_FALSE(u.ps);
	std::string d = u.diags();
	EXPECT_NE(d.find("examples/gaussian.sl:14:8: error: the push-memory tile of 'in' would "
		"access its single-port SRAM twice in cycle 126 (RD_0 and RD_1)"), std::string::npos)
		<< d;
	EXPECT_NE(d.find("the port-rate rule"), std::string::npos) << d;
	EXPECT_NE(d.find("14 | input  in : u8[H][W];"), std::string::npos) << d;
}

// A 7-bit configuration (64-word tiles, so the 6-bit SRAM address fits
// the fields): OUT_0 first fires at cycle 128 (above), past 2^7 - 1 =
// 127; the controllers before it fit (IN_0 starts at 1, WR_0 at 5, the
// RDs at 124 and 126, every extent at most 64 once the levels stay apart,
// every delta at most 64).  A width below the address width is refused.
TEST(t_pub, width_bad)
{
	{
		pub_params p = params(4);
		p.cw = p.ew = 8;
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), p);
		EXPECT_FALSE(u.ps);
		EXPECT_NE(u.diags().find("error: the push-memory tile's configuration width CW 8 (--pub-width) is "
			"narrower than its SRAM address (9 bits for DEPTH 512, --depth)"), std::string::npos)
			<< u.diags();
	}
	pub_params p = params(4, 64);
	p.cw = p.ew = 7;
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), p);
	EXPECT_FALSE(u.ps);
	EXPECT_NE(u.diags().find("error: the push-memory tile of 'in': OUT_0's SG_START is 128, "
		"past the 7-bit configuration fields (--pub-width 8 would fit)"), std::string::npos)
		<< u.diags();
}

// Folding: with 16-bit fields IN_0's 64x64 raster (row stride 64 = 64 x
// the column stride 1, slots likewise) folds into one level of 4,096;
// with 8-bit fields (and 256-word tiles) 4,096 - 1 does not fit, so it
// keeps two levels of 64 and a tile of one level cannot hold it.
TEST(t_pub, fold_levels)
{
	{
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4));
		ASSERT_TRUE(u.ps) << u.diags();
		const pub_ctrl &in0 = u.buf("in")->tiles[0].ctrl[0];
		ASSERT_EQ(in0.kind, PUB_IN);
		ASSERT_EQ(in0.n_levels, 1);
		EXPECT_EQ(in0.ext[0], 4096);
	}
	pub_params p = params(4, 256);
	p.cw = p.ew = 8;
	p.levels = 1;
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), p);
	EXPECT_FALSE(u.ps);
	EXPECT_NE(u.diags().find("IN_0 needs 2 loop levels, the tile has 1"), std::string::npos)
		<< u.diags();
}

// Configuration bits (docs/pub.md): NC (1 + CW (2 LEVELS + 1)) + (NI +
// NO)(LEVELS + 1)(SW + AW); the defaults: 8 x 209 + 4 x 7 x (3 + 9) =
// 2,008 bits; cfg_addr: 3 controller bits + 5 offset bits.
TEST(t_pub, config_bits)
{
	pub_params p = params(4);
	EXPECT_EQ(pub_config_bits(&p), 2008);
	EXPECT_EQ(pub_addr_bits(&p), 8);
}

// The register values in delta form: WR_0 of gaussian walks 1,024 words
// 4 cycles apart from cycle 5 (the IN of in(0, 3) at cycle 4, plus one),
// addresses 0, 1, ... : ENABLE 1, SG_START 5, AG_START 0, EXT_M1[0] 1023,
// SG_DELTA[0] 4, AG_DELTA[0] 1, every other level 0.
TEST(t_pub, register_values)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4));
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_tile &t = u.buf("in")->tiles[0];
	const pub_ctrl &wr = t.ctrl[2];
	ASSERT_EQ(wr.kind, PUB_WR);
	int64_t regs[3 * PUB_MAX_LEVELS + 3];
	pub_ctrl_regs(&u.ps->params, &wr, regs);
	int L = u.ps->params.levels;
	EXPECT_EQ(regs[0], 1);
	EXPECT_EQ(regs[1], 5);
	EXPECT_EQ(regs[2], 0);
	EXPECT_EQ(regs[3], 1023);
	EXPECT_EQ(regs[3 + L], 4);
	EXPECT_EQ(regs[3 + 2 * L], 1);
	for (int l = 1; l < L; l++)
		EXPECT_EQ(regs[3 + l], 0);
}

// Fitted widths (--pub-width fit): at the defaults (FW 4, 512 words, 6
// levels) every controller of gaussian keeps its rows and columns apart
// (two levels of at most 64: EXT_M1 63, 6 bits), the starts are below
// 256 (OUT_0's 128 is the latest, width_bad above) and the deltas at most
// 64, so CW is the SRAM address's 9 bits.  With one level IN_0's raster
// must fold into 4,096 points (fold_levels): EW 12, and CW 12 so that
// cfg_data carries it.  A width given is kept: EW 8 beside CW fit gives
// CW 9 still.  The fitted tiles are configured as the fixed ones.
TEST(t_pub, fit_widths)
{
	pub_params p = params(4);
	p.cw = p.ew = 0;
	{
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), p);
		ASSERT_TRUE(u.ps) << u.diags();
		EXPECT_EQ(u.ps->params.cw, 9);
		EXPECT_EQ(u.ps->params.ew, 6);
		const pub_ctrl &in0 = u.buf("in")->tiles[0].ctrl[0];
		ASSERT_EQ(in0.n_levels, 2);
		EXPECT_EQ(in0.ext[0], 64);
		EXPECT_EQ(in0.ext[1], 64);
		// NC (1 + CW (LEVELS + 1) + EW LEVELS) + (NI + NO)(LEVELS + 1)(SW + AW)
		EXPECT_EQ(pub_config_bits(&u.ps->params), 8 * (1 + 9 * 7 + 6 * 6) + 4 * 7 * (3 + 9));
	}
	{
		pub_params q = p;
		q.levels = 1;
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), q);
		ASSERT_TRUE(u.ps) << u.diags();
		EXPECT_EQ(u.ps->params.cw, 12);
		EXPECT_EQ(u.ps->params.ew, 12);
	}
	{
		pub_params q = p;
		q.ew = 8;
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), q);
		ASSERT_TRUE(u.ps) << u.diags();
		EXPECT_EQ(u.ps->params.cw, 9);
		EXPECT_EQ(u.ps->params.ew, 8);
	}
	{
		// --pub-levels fit as well: the tile of the fewest flip-flops
		// (docs/pub.md "Structure": configuration NC (1 + CW (L + 1) +
		// EW L) + (NI + NO)(L + 1)(SW + AW), state NC (L (EW + 6) + 2 CW
		// + 4) + 2 (NI + NO)(AW + SW), the counter CW).  One level (EW 12,
		// CW 12): 8 x 37 + 4 x 2 x 12 = 392 and 8 x 46 + 96 = 464, 868
		// with the counter; two (EW 6, CW 9): 8 x 40 + 4 x 3 x 12 = 464
		// and 8 x 46 + 96 = 464, 937.  One level wins.
		pub_params q = p;
		q.levels = 0;
		Pub u("examples/gaussian.sl", read_example("gaussian.sl"), q);
		ASSERT_TRUE(u.ps) << u.diags();
		EXPECT_EQ(u.ps->params.levels, 1);
		EXPECT_EQ(u.ps->params.cw, 12);
		EXPECT_EQ(u.ps->params.ew, 12);
	}
	// one width narrower than the fit is refused, located, naming the field
	pub_params q = params(4);
	q.cw = 9;
	q.ew = 5;
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), q);
	EXPECT_FALSE(u.ps);
	EXPECT_NE(u.diags().find("examples/gaussian.sl:14:8: error: the push-memory tile of 'in': "
		"IN_0's EXT_M1[0] is 63, past the 5-bit extent fields (--pub-ext-width 6 would fit)"),
		std::string::npos) << u.diags();
	pub_params r = params(4);
	r.cw = 10;
	r.ew = 11;
	Pub v("examples/gaussian.sl", read_example("gaussian.sl"), r);
	EXPECT_FALSE(v.ps);
	EXPECT_NE(v.diags().find("extent width EW 11 (--pub-ext-width) is wider than its configuration width CW 10"),
		std::string::npos) << v.diags();
}

// The tile model rejects what the hardware would get wrong: gaussian's
// configuration with RD_1 moved onto RD_0's cycles (126, 130, ...) is a
// collision in cycle 126; with OUT_0's first slot moved by one lane, its
// first word (cycle 128) is in(1, 1), write index 65, where its port reads
// in(1, 0), 64.
TEST(t_pub, model_rejects)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), params(4));
	ASSERT_TRUE(u.ps) << u.diags();
	pub_buf *in = &u.ps->bufs[0];
	ASSERT_STREQ(in->buf->name, "in");
	pub_tile &t = in->tiles[0];
	pub_counts c;
	int64_t live;
	char why[256];
	ASSERT_EQ(pub_model(u.ps, in, 0, &c, &live, why, sizeof why), 0) << why;
	pub_ctrl &rd0 = t.ctrl[4], &rd1 = t.ctrl[5], &out0 = t.ctrl[6];
	ASSERT_EQ(rd0.kind, PUB_RD);
	ASSERT_EQ(out0.kind, PUB_OUT);
	int64_t keep = rd1.sg_start;
	rd1.sg_start = rd0.sg_start;
	EXPECT_EQ(pub_model(u.ps, in, 0, &c, &live, why, sizeof why), -1);
	EXPECT_STREQ(why, "RD_0 and RD_1 both access the SRAM in cycle 126");
	rd1.sg_start = keep;
	out0.ag_start += 1;
	EXPECT_EQ(pub_model(u.ps, in, 0, &c, &live, why, sizeof why), -1);
	EXPECT_STREQ(why, "OUT_0 presents element 65 in cycle 128, its port reads element 64 "
		"(write order)");
}

// Fitted parameters (docs/pub_mapping.md "Fitted parameters"), everything
// left to the fit (0): gaussian's "in" at FW 4 (the first width tried), one input,
// two outputs (its two SRAM groups), and, as tests/golden/README.md
// derives, 1 level (654 controller flip-flops against 705 at 2 levels),
// CW 12 and EW 12 (the extent 4095).
static pub_params fitted()
{
	pub_params p;
	pub_params_default(&p);
	p.fw = p.n_in = p.n_out = p.levels = p.cw = p.ew = 0;
	return p;
}

TEST(t_pub, fitted_gaussian)
{
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), fitted());
	ASSERT_TRUE(u.ps) << u.diags();
	EXPECT_EQ(u.ps->params.fw, 4);
	EXPECT_EQ(u.ps->params.n_in, 1);
	EXPECT_EQ(u.ps->params.n_out, 2);
	EXPECT_EQ(u.ps->params.levels, 1);
	EXPECT_EQ(u.ps->params.cw, 12);
	EXPECT_EQ(u.ps->params.ew, 12);
	const pub_buf *in = u.buf("in");
	ASSERT_TRUE(in && !in->native_why);
	EXPECT_EQ(in->params.fw, 4);
	expect_counts(in->tiles[0], 4096, 1024, 1984, { 3968, 3968 });
	// A bus-configured tile (pub_params_default: fixed_cfg false) shares
	// no controller: every one has its registers.
	int src[32], dly[32];
	ASSERT_EQ(in->tiles[0].n_ctrl, 6);
	EXPECT_FALSE(in->tiles[0].fixed_cfg);
	pub_tile_shares(&in->params, &in->tiles[0], src, dly);
	for (int c = 0; c < 6; c++)
		EXPECT_EQ(src[c], -1) << c;
}

// The default build's tile: constant configuration (fixed_cfg), whose
// fit weighs the flip-flops a constant-configuration controller keeps at
// most (pub_ctrl_flops, docs/pub_mapping.md "What synthesis keeps"), per
// controller L (EW + 2) + (L - 1) + min(CW + AGW + 1, 2^L - 1) + 3 + CW +
// AGW, 3 ports of an IN/OUT (AGW 3) and a WR/RD (AGW 9) controller, and
// the counter CW: one level (EW 12, CW 12) 3 (39 + 33) + 12 = 228; two
// (EW 6, CW 9) 3 (41 + 35) + 9 = 237; three or more at least 3 (2 + 2) + 2
// + 7 + 3 + 9 = 33 + AGW a controller, above one level's 30 + AGW.  So one
// level, as on the bus-configured tile.
TEST(t_pub, fitted_gaussian_static_shares)
{
	pub_params p = fitted();
	p.fixed_cfg = true;
	Pub u("examples/gaussian.sl", read_example("gaussian.sl"), p);
	ASSERT_TRUE(u.ps) << u.diags();
	EXPECT_EQ(u.ps->params.levels, 1);
	EXPECT_EQ(u.ps->params.cw, 12);
	EXPECT_EQ(u.ps->params.ew, 12);
	EXPECT_EQ(pub_ctrl_flops(&u.ps->params), 228);
	const pub_buf *in = u.buf("in");
	ASSERT_TRUE(in && !in->native_why);
	EXPECT_TRUE(in->tiles[0].fixed_cfg);
	// Shared controllers, in register-map order IN_0 WR_0 RD_0 RD_1 OUT_0
	// OUT_1: RD_0 (start 126, address 16) repeats RD_1 (124, 0) 2 cycles
	// later, both 992 fires 4 cycles apart; OUT_0 repeats OUT_1 (both 3968
	// fires from 128, slot 0) at once.  IN_0 and WR_0 differ in extents.
	int src[32], dly[32];
	ASSERT_EQ(in->tiles[0].n_ctrl, 6);
	pub_tile_shares(&in->params, &in->tiles[0], src, dly);
	const int want_src[] = { -1, -1, 3, -1, 5, -1 }, want_dly[] = { 0, 0, 2, 0, 0, 0 };
	for (int c = 0; c < 6; c++) {
		EXPECT_EQ(src[c], want_src[c]) << c;
		EXPECT_EQ(dly[c], want_dly[c]) << c;
		EXPECT_EQ(in->tiles[0].ctrl[c].shared, want_src[c] >= 0) << c;
	}
}

// mobilenet's act collides at FW 4 for every placement (docs/pub_mapping.md "No
// collision, proved"); fitted, it takes FW 8, the next width, on one tile.
TEST(t_pub, fitted_fetch_per_buffer)
{
	Pub u(std::string(SLUICE_SOURCE_DIR) + "/examples/mobilenet.sl",
		read_example("mobilenet.sl"), fitted());
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_buf *act = u.buf("act");
	ASSERT_TRUE(act && !act->native_why);
	EXPECT_EQ(act->params.fw, 8);
	EXPECT_EQ(act->n_tiles, 1);
}

// A fixed fetch width that refuses a buffer is an error (strict); the
// fitted one takes the next width.  A 13-wide image read one and two rows
// behind: rows of 13 words at FW 4 meet the transpose buffer's bound b = 1
// (docs/pub_mapping.md, "No collision, proved") and collide; at FW 8 the tile's
// least delay, (2 x 8 - 1) + 5 = 20 cycles, is past the read one row (13
// cycles) behind, which reads the producer's stream through 13 registers,
// and the read two rows (26 cycles) behind is the tile's one output.
static const char rows13[] =
	"input a : u8[16][13];\n"
	"func f(y, x) : u16 = u16(a(y, x)) + u16(a(y + 1, x)) + u16(a(y + 2, x));\n"
	"output f[14][13];\n";

TEST(t_pub, fitted_next_width)
{
	Pub u("rows13.sl", rows13, fitted());
	ASSERT_TRUE(u.ps) << u.diags();
	const pub_buf *a = u.buf("a");
	ASSERT_TRUE(a && !a->native_why);
	EXPECT_EQ(a->params.fw, 8);
	ASSERT_EQ(a->n_tiles, 1);
	EXPECT_EQ(a->tiles[0].n_outs, 1);
	EXPECT_EQ(a->tiles[0].out_delay[0], 26);
	EXPECT_EQ(a->reg_words, 13);
	pub_params fixed = fitted();
	fixed.strict = true;
	fixed.fw = 4;
	Pub v("rows13.sl", rows13, fixed);
	EXPECT_FALSE(v.ps);
	EXPECT_NE(v.diags().find("would access its single-port SRAM twice"), std::string::npos)
		<< v.diags();
}
