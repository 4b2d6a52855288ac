// tests/unit/t_estimate.cpp: the logic estimate (fpga/logic.c) of tiny
// programs against costs worked out by hand from the generated structure
// (rtlgen/lib/*.v, rtlgen/*.c) and the cost rules of the banners of fpga/logic.c, datapath.c and ports.c
// (k = LUT inputs; iCE40 and ECP5 k = 4, one LUT site per adder bit).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "frontend/frontend.h"
#include "scheduler/scheduler.h"
#include "ubuffer/ubuffer.h"
#include "fpga/fpga.h"

namespace {

struct Est {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *design = nullptr;
	sched_program *sp = nullptr;
	ub_set *set = nullptr;
	tg_report rep = {};
	const tg_logic &r = rep.logic;

	// pipelined: for the board, as `sluice synth` builds it; unroll:
	// --unroll K (0: none)
	Est(const std::string &text, const char *board_name, bool pipelined = false,
		int unroll = 0)
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options fo;
		flow_options_default(&fo);
		fo.bd = board_find(ctx, board_name);
		if (!fo.bd)
			return;
		if (pipelined)
			fo.sched.timing = fo.bd;
		fo.sched.unroll = unroll;
		design = flow_compile_text(ctx, "t.sl", text.data(), text.size(), &fo);
		if (!design)
			return;
		sp = design->sp;
		set = design->ubs;
		tg_predict(fo.bd, sp, set, &rep);
	}
	~Est()
	{
		tg_report_release(&rep);
		flow_free(design);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Est(const Est &) = delete;
	Est &operator=(const Est &) = delete;

	const tg_stage *stage(const char *name) const
	{
		for (int i = 0; i < r.n; i++)
			if (strcmp(r.stages[i].s->name, name) == 0)
				return &r.stages[i];
		return nullptr;
	}
};

// One 8-bit add stage on the iCE40 UP5K:
//   input in : u8[16]; func f(x) : u8 = in(x) + 3; output f[16];
// Schedule: in at t = x, f at t = 1 + x, latency 1 each; the run ends at
// cycle 18 (f's last write 1 + 15 + 1 + 1), so the cycle counter is
// TW = (bits for 18 = 5) + 1 = 6 bits.
// sl_sched of each (rtlgen/lib/sl_sched.v): one dimension of extent 16,
// DELTA 1, START 0 (in) or 1 (f), so the largest wait is 1 and the down
// counter is CW = bits(1) + 1 = 2 bits; its load after a fire is
// DELTA - 3 = -2 = 0b10.
// Flip-flops, per sl_sched: the counter ni, bits(15) = 4, and nl (ci,
// idx, is removed with the flattened design: neither stage reads its
// index, f's read of in is a chain tap): 5; the down counter 2 and lz 1;
// the registered wait over its two rows (the dimension: load 0b10,
// next_one 1, is_final 0; the final row: 0, 0, 1): bit 0 is 0 in both
// (constant), bit 1 and next_one are the column (1, 0), is_final (0, 1):
// 2 flip-flops; fire, active 2: 12 (Yosys 0.23 keeps 16 of the module
// alone, ci included).  sl_pipe L(W+1) = 1 * 9 = 9: 21 each.  f's read
// register is loaded with the tap's bypass (wen ? wdata : pos0), as
// in_pos0 is: Yosys merges the two, so it costs nothing.  Control
// (rtlgen.c rtl_control): 'remain' of bits(19 predicted cycles) + 1 = 6
// bits, busy, done, go: 9.  Total 51 (the tap register in_pos0 is
// storage, fit.c's).
// LUTs, per sl_sched: the 4-bit incrementer 4 and its last-value test
// against a constant (4 bits, one LUT) 1; the down counter's decrement 2
// and load select 2; 9 + N = 10 for the rest: 19 (Yosys: 20 for in's
// module alone, 17 for f's).  f adds the 8-bit adder (8); the bypass is
// in_pos0's enable: 27.  Control: the 6-bit decrement 6, and 5 for its
// load, go, busy and done: 11 (Yosys: 11 LUTs and 9 flip-flops for this
// control alone).  Total 19 + 27 + 11 = 57.
TEST(t_estimate, add8_ice40)
{
	Est e("input in : u8[16];\nfunc f(x) : u8 = in(x) + 3;\noutput f[16];\n",
		"ice40up5k");
	ASSERT_NE(e.set, nullptr);
	ASSERT_NE(e.stage("in"), nullptr);
	ASSERT_NE(e.stage("f"), nullptr);
	EXPECT_EQ(e.stage("in")->ffs, 21);
	EXPECT_EQ(e.stage("f")->ffs, 21);
	EXPECT_EQ(e.r.ffs, 51);
	EXPECT_EQ(e.stage("in")->luts, 19);
	EXPECT_EQ(e.stage("f")->luts, 27);
	EXPECT_EQ(e.r.luts, 57);
	EXPECT_EQ(e.r.dsps, 0);
}

// The same program on the ECP5-85F.  Its LUTs are LUT4 sites (k = 4, as
// the iCE40), and a carry-chain adder is CCU2C cells of two bits, each one
// slice of 2 LUT4 sites (boards/ecp5-85f.board `cells lut CCU2C=2`): one
// LUT4 site a bit, as the iCE40's SB_LUT4 beside each SB_CARRY.  The
// buffer is a delay chain (tap 0 a register, no LUT RAM), so every count
// of add8_ice40 holds: in 19, f 27, total 57 LUTs, 51 flip-flops.
TEST(t_estimate, add8_ecp5_carry_sites)
{
	Est e("input in : u8[16];\nfunc f(x) : u8 = in(x) + 3;\noutput f[16];\n",
		"ecp5-85f");
	ASSERT_NE(e.set, nullptr);
	ASSERT_NE(e.stage("f"), nullptr);
	EXPECT_EQ(e.stage("in")->luts, 19);
	EXPECT_EQ(e.stage("f")->luts, 27);
	EXPECT_EQ(e.r.luts, 57);
	EXPECT_EQ(e.r.ffs, 51);
}

// u16(a) * u16(b) of two u8 inputs: an 8 x 8 product.
//   iCE40 (synth_ice40 -dsp): one SB_MAC16 (8 <= 16, product 16 bits >=
//   11), nothing in LUTs: p's schedule (as in add8_ice40, one dimension,
//   DELTA 1, START 1, but of extent 4: a 2-bit incrementer 2 and its test
//   1, the 2-bit down counter 2 + 2, 10: 17); the two tap bypasses are
//   their taps' enables (add8_ice40): 17.
//   ECP5: one MULT18X18D (8 <= 18).  Artix-7: signed-only 9 x 9 fits one
//   DSP48E1, product 18 bits >= 9.
TEST(t_estimate, mul8_dsp)
{
	const char *prog = "input a : u8[4];\ninput b : u8[4];\n"
		"func p(x) : u16 = u16(a(x)) * u16(b(x));\noutput p[4];\n";
	Est i(prog, "ice40up5k"), e(prog, "ecp5-85f"), x(prog, "artix7-100t");
	ASSERT_NE(i.stage("p"), nullptr);
	ASSERT_NE(e.stage("p"), nullptr);
	ASSERT_NE(x.stage("p"), nullptr);
	EXPECT_EQ(i.stage("p")->dsps, 1);
	EXPECT_EQ(i.stage("p")->luts, 17);
	EXPECT_EQ(e.stage("p")->dsps, 1);
	EXPECT_EQ(x.stage("p")->dsps, 1);
}

// i32 x i32 kept in 32 bits on the ECP5: 18 x 18 tiles, 2 x 2, but the
// tile of the two high halves lands at bit 36, past the result, and Yosys
// removes it: 3 (measured, boards/README.md "DSP blocks": 32x32 -> 32 is 3
// MULT18X18D).
TEST(t_estimate, mul32_ecp5)
{
	Est e("input a : i32[4];\ninput b : i32[4];\n"
		"func p(x) : i32 = a(x) * b(x);\noutput p[4];\n", "ecp5-85f");
	ASSERT_NE(e.stage("p"), nullptr);
	EXPECT_EQ(e.stage("p")->dsps, 3);
}

// The mul2dsp model (fpga/dsp.c) against Yosys 0.23: each row is a
// registered A x B -> Y multiplier synthesized alone with the board's
// flow, the DSP cells counted in `stat` (boards/README.md "DSP blocks").
struct MulCase {
	int a, b, sa, sb, y;
	int ice40, ecp5, xc7;
};

TEST(t_estimate, mul2dsp_model_matches_yosys)
{
	static const MulCase cases[] = {
		{ 16, 16, 0, 0, 32, 1, 1, 1 }, { 16, 16, 1, 1, 32, 1, 1, 1 },
		{ 8, 8, 0, 0, 16, 1, 1, 1 }, { 5, 4, 0, 0, 9, 0, 1, 1 },
		{ 4, 4, 0, 0, 8, 0, 1, 0 }, { 4, 4, 1, 1, 8, 0, 1, 0 },
		{ 17, 16, 0, 0, 33, 1, 1, 1 }, { 17, 17, 0, 0, 34, 1, 1, 1 },
		{ 18, 18, 0, 0, 36, 3, 1, 2 }, { 18, 18, 1, 1, 36, 3, 1, 1 },
		{ 19, 18, 1, 1, 37, 3, 1, 1 }, { 25, 18, 1, 1, 43, 4, 2, 1 },
		{ 24, 17, 0, 0, 41, 2, 2, 1 }, { 26, 18, 1, 1, 44, 4, 2, 2 },
		{ 32, 32, 1, 1, 32, 3, 3, 3 }, { 32, 32, 0, 0, 32, 3, 3, 3 },
		{ 32, 32, 1, 1, 64, 4, 4, 4 }, { 24, 24, 0, 0, 48, 4, 4, 2 },
		{ 20, 10, 0, 0, 30, 2, 2, 1 }, { 36, 36, 1, 1, 72, 8, 4, 6 },
		{ 1, 16, 0, 0, 17, 0, 0, 0 }, { 2, 16, 0, 0, 18, 1, 1, 1 },
	};
	sl_ctx *ctx = sl_ctx_alloc();
	const board *bi = board_find(ctx, "ice40up5k"), *be = board_find(ctx, "ecp5-85f");
	const board *bx = board_find(ctx, "artix7-100t");
	ASSERT_TRUE(bi && be && bx);
	for (const MulCase &c : cases) {
		tg_mul m = {};
		m.a = c.a;
		m.b = c.b;
		m.sa = c.sa;
		m.sb = c.sb;
		m.y = c.y;
		const board *bs[] = { bi, be, bx };
		const int want[] = { c.ice40, c.ecp5, c.xc7 };
		for (int k = 0; k < 3; k++) {
			tg_mul_cost(bs[k], &m);
			EXPECT_EQ(m.dsps, want[k]) << c.a << "x" << c.b << (c.sa ? " signed" : "")
				<< " -> " << c.y << " on " << bs[k]->name;
		}
	}
	sl_ctx_free(ctx);
}

// More multipliers than DSPs: the widest take DSPs while they fit, the
// rest stay in logic.  Nine 16 x 16 products (1 DSP each) and one
// 32 x 32 -> 32 (3 DSPs) on the UP5K's 8 SB_MAC16: the 32 x 32 goes
// first, then the first five 16 x 16 by order; four stay in LUTs.
TEST(t_estimate, mul_split_within_count)
{
	sl_ctx *ctx = sl_ctx_alloc();
	const board *bi = board_find(ctx, "ice40up5k");
	ASSERT_NE(bi, nullptr);
	tg_mul ms[10] = {};
	for (int i = 0; i < 10; i++) {
		ms[i].a = ms[i].b = i == 9 ? 32 : 16;
		ms[i].y = 32;
		ms[i].order = i;
		tg_mul_cost(bi, &ms[i]);
	}
	EXPECT_EQ(ms[9].dsps, 3);
	EXPECT_EQ(tg_mul_split(bi->dsps, ms, 10, false), 8);
	EXPECT_TRUE(ms[9].in_dsp);
	int in = 0;
	for (int i = 0; i < 9; i++)
		in += ms[i].in_dsp;
	EXPECT_EQ(in, 5);	/* 3 + 5 = 8: the first five by order */
	EXPECT_TRUE(ms[4].in_dsp);
	EXPECT_FALSE(ms[5].in_dsp);
	sl_ctx_free(ctx);
}

// The multiplies of the lane program's datapaths, numbered in walk order
// (ir_expr.mul_id), into *out.
void decided_muls(const ir_expr *e, std::vector<const ir_expr *> *out)
{
	if (e->mul_id > 0 && (e->op == IR_OP_MUL || e->op == IR_OP_DIV || e->op == IR_OP_MOD))
		out->push_back(e);
	for (int i = 0; i < e->n_args; i++)
		decided_muls(e->args[i], out);
	if (e->kind == IR_REDUCE)
		decided_muls(e->u.reduce.body, out);
}

// One DSP decision (issue 23), before the schedule (fpga/logic.c
// tg_dsp_decide): nine 16 x 16 products (i16 widened to i32: Yosys keeps
// 16 bits of each, one SB_MAC16 apiece) on the UP5K's 8 DSPs: the widest
// first, ties to the earliest, so the first eight take one DSP each and
// the ninth stays in logic (tests/synth/dsp_over.sl, where Yosys is run).
// The timing model (sched_mul_on_dsp) and the estimate read the same
// choice, node by node.
TEST(t_estimate, dsp_decision_over_count)
{
	std::string prod;
	for (int k = 0; k < 9; k++)
		prod += std::string(k ? " + " : "") + "i32(a(x) + " + std::to_string(k) +
			") * i32(b(x))";
	Est e("input a : i16[8];\ninput b : i16[8];\nfunc p(x) : i32 = " + prod +
		";\noutput p[8];\n", "ice40up5k");
	ASSERT_NE(e.sp, nullptr);
	std::vector<const ir_expr *> ms;
	const ir_program *lp = e.sp->lowered;
	for (int i = 0; i < lp->n_decls; i++)
		if (lp->decls[i]->kind == IR_DECL_FUNC)
			decided_muls(lp->decls[i]->body, &ms);
	ASSERT_EQ(ms.size(), 9u);
	EXPECT_EQ(lp->dsp_board, e.rep.bd);
	int on = 0;
	for (const ir_expr *m : ms) {
		on += m->dsps;
		EXPECT_EQ(sched_mul_on_dsp(m), m->dsps > 0) << "mul " << m->mul_id;
		bool est = false, found = false;
		for (int i = 0; i < e.r.n_muls; i++)
			if (e.r.muls[i].node == m) {
				found = true;
				est = e.r.muls[i].in_dsp;
			}
		EXPECT_TRUE(found) << "mul " << m->mul_id;
		EXPECT_EQ(est, m->dsps > 0) << "mul " << m->mul_id;
		EXPECT_EQ(m->dsps, m->mul_id <= 8 ? 1 : 0) << "mul " << m->mul_id;
	}
	EXPECT_EQ(on, 8);
	EXPECT_EQ(e.r.dsps, 8);
}

// Operands wider than one DSP: i32 x i32 -> i32 on the UP5K is cut into
// halves, the high x high partial past bit 32 removed: 3 SB_MAC16, and
// the timing model times it in DSPs (before issue 23 it timed it as a
// 32-bit multiplier in LUTs).
TEST(t_estimate, dsp_decision_wide)
{
	Est e("input c : i32[8];\ninput d : i32[8];\nfunc q(x) : i32 = c(x) * d(x);\n"
		"output q[8];\n", "ice40up5k");
	ASSERT_NE(e.sp, nullptr);
	std::vector<const ir_expr *> ms;
	const ir_program *lp = e.sp->lowered;
	for (int i = 0; i < lp->n_decls; i++)
		if (lp->decls[i]->kind == IR_DECL_FUNC)
			decided_muls(lp->decls[i]->body, &ms);
	ASSERT_EQ(ms.size(), 1u);
	EXPECT_EQ(ms[0]->dsps, 3);
	EXPECT_TRUE(sched_mul_on_dsp(ms[0]));
	EXPECT_EQ(e.r.dsps, 3);
}

// A multiplication by a power of two is a shift: no DSP, no LUT.  The
// stage costs its schedule only (the tap bypass is free), as f of
// add8_ice40 without the adder: 19.
TEST(t_estimate, shift_is_free)
{
	Est e("input in : u8[16];\nfunc f(x) : u16 = u16(in(x)) * 4;\noutput f[16];\n",
		"ice40up5k");
	ASSERT_NE(e.stage("f"), nullptr);
	EXPECT_EQ(e.stage("f")->luts, 19);
	EXPECT_EQ(e.stage("f")->dsps, 0);
}

// A board of a family no .c file knows: every family fact comes from the
// file (boards/README.md "Logic").  "madeup" has 4-input LUTs like the
// iCE40 but two LUT sites per carry bit, and an 8 x 8 DSP that multiplies
// signed operands only.
std::string madeup_board(const char *name, const char *logic)
{
	std::string path = ::testing::TempDir() + name + ".board";
	FILE *f = fopen(path.c_str(), "w");
	if (!f)
		return path;
	fprintf(f, "name %s\npart MADEUP-1\nfamily madeup\nlut 20000 4\nff 20000\n"
		"dsp 16\nclock 50\nmemory block MADE_RAM count 8 units 1 bits 4096 "
		"shapes 256x16 512x8\nyosys synth -top {top}\n%s", name, logic);
	fclose(f);
	return path;
}

// add8_ice40 with carry 2: every carry-chain adder doubles.  Per
// sl_sched: incrementer 8, last-value test 1, the down counter's
// decrement 4 and select 2, 10: 25 (in).  f: 25 and the 8-bit adder 16:
// 41.  Control: the decrement 12, 5: 17.  Total 83; the flip-flops are
// add8_ice40's 51.
TEST(t_estimate, madeup_family_carry)
{
	std::string b = madeup_board("madeup-carry", "carry 2\n");
	Est e("input in : u8[16];\nfunc f(x) : u8 = in(x) + 3;\noutput f[16];\n", b.c_str());
	ASSERT_NE(e.set, nullptr);
	EXPECT_EQ(e.stage("in")->luts, 25);
	EXPECT_EQ(e.stage("f")->luts, 41);
	EXPECT_EQ(e.r.luts, 83);
	EXPECT_EQ(e.r.ffs, 51);
}

// A loop variable in value position on a flattening flow (iCE40):
// sl_sched's idx gives each dimension 32 bits, but above the counter (x in
// 0..15: 4 bits) they are constant zeros Yosys propagates once the design
// is flattened, so i32(in(x)) + x is a 9-bit adder (8 bits and 4, one
// carry out): f is add8_ice40's schedule 19 and 9: 28, as with a constant
// (i32(in(x)) + 5: 9 bits, 28).  Counted at 32 bits it was 51.
TEST(t_estimate, loop_variable_counter_bits_when_flattened)
{
	Est v("input in : u8[16];\nfunc f(x) : i32 = i32(in(x)) + x;\noutput f[16];\n",
		"ice40up5k");
	Est c("input in : u8[16];\nfunc f(x) : i32 = i32(in(x)) + 5;\noutput f[16];\n",
		"ice40up5k");
	ASSERT_NE(v.stage("f"), nullptr);
	ASSERT_NE(c.stage("f"), nullptr);
	EXPECT_EQ(v.stage("f")->luts, 28);
	EXPECT_EQ(c.stage("f")->luts, 28);
}

// A compare against a power-of-two bound is the OR of the bits above it
// (Yosys's opt_expr): for a u16 x, x > 255, x < 256, 255 < x and x >= 256
// each test x[15:8], 8 inputs, a tree of ceil(7 / 3) = 3 LUT4s; f is
// add8_ice40's schedule 19 and 3: 22 (Yosys 0.23: 56 LUTs for the whole
// design, estimated 52).  x > 254 is not such a bound: a carry chain.
TEST(t_estimate, compare_power_of_two_bound)
{
	const char *forms[] = { "in(x) > 255", "in(x) < 256", "255 < in(x)", "in(x) >= 256" };
	for (const char *c : forms) {
		std::string prog = std::string("input in : u16[16];\nfunc f(x) : u8 = select(") + c +
			", 1, 2);\noutput f[16];\n";
		Est e(prog, "ice40up5k");
		ASSERT_NE(e.stage("f"), nullptr) << c;
		EXPECT_EQ(e.stage("f")->luts, 22) << c;
	}
	Est n("input in : u16[16];\nfunc f(x) : u8 = select(in(x) > 254, 1, 2);\noutput f[16];\n",
		"ice40up5k");
	ASSERT_NE(n.stage("f"), nullptr);
	EXPECT_GT(n.stage("f")->luts, 22);
}

// A delay chain's registers on a board with shift-register LUTs (`srl 3
// 32`, the Artix-7): f reads in(x) and in(x + 6), so the chain is
// positions 0..6 (-dB: "chain 7: registers 0-6"), tap 0 reading wdata and
// pos0, tap 6 reading pos5 (its bypass) and pos6.  pos1..pos5 feed only
// the next register but for pos5, the run's last: one SRL16E a bit, 8
// LUTs; pos0 and pos6 stay flip-flops, 16.  On the iCE40 (no `srl`) all 7
// are flip-flops, 56.  Measured (Yosys 0.23, Artix-7): 8 SRL16E, 88
// flip-flops in all (estimated 89).
TEST(t_estimate, chain_runs_are_shift_register_luts)
{
	const char *prog = "input in : u8[64];\n"
		"func f(x) : u16 = u16(in(x)) + u16(in(x + 6));\noutput f[58];\n";
	Est x(prog, "artix7-100t"), i(prog, "ice40up5k");
	ASSERT_NE(x.set, nullptr);
	ASSERT_NE(i.set, nullptr);
	EXPECT_EQ(x.rep.lut_ram, 8);
	EXPECT_EQ(x.rep.ffs, 16);
	EXPECT_EQ(i.rep.lut_ram, 0);
	EXPECT_EQ(i.rep.ffs, 56);
}

// Known low bits (a lane's x * 8 + 2 is even whatever x is): (x * 8 + 2)
// % 2 is the constant 0, so the compare and the select fold and only the
// arm taken is built: f is add8_ice40's schedule 19 and in(x), a tap
// read: 19.  The add x * 8 + 2 sets bit 1, which x * 8 knows is 0: an OR,
// no logic (Yosys strips an add's low bits where an operand is a constant
// 0, opt_expr; costed before as an add from bit 1 up, 7 LUTs, f 26).  x % 2
// does not fold: the compare, a select of 8 bits and the + 3 arm are built
// too.
TEST(t_estimate, known_low_bits_fold_a_select)
{
	Est k("input in : u8[16];\nfunc f(x) : u8 = select((x * 8 + 2) % 2 == 0, in(x), in(x) + 3);\n"
		"output f[16];\n", "ice40up5k");
	Est u("input in : u8[16];\nfunc f(x) : u8 = select(x % 2 == 0, in(x), in(x) + 3);\n"
		"output f[16];\n", "ice40up5k");
	ASSERT_NE(k.stage("f"), nullptr);
	ASSERT_NE(u.stage("f"), nullptr);
	EXPECT_EQ(k.stage("f")->luts, 19);
	EXPECT_GT(u.stage("f")->luts, 19);
}

// add8_ice40 on a board whose carry chain has its own sum XOR ("carry 1
// const 0", as the Xilinx CARRY4/CARRY8): an add of a constant costs no
// LUT a bit beside the chain, only an inverter for each sum input that is
// x's bit inverted.  in(x) + 3: c's ones at bits 0 and 1, 2 inverters; f
// is add8_ice40's 27 less the 8 adder LUTs plus 2: 21.  in(x) - 3 is
// x + ~3 + 1: the sum inputs inverted at ~3's ones within 8 bits
// (0b11111100), 6: 25.  Measured on the Artix-7 (Yosys 0.23): INV cells
// 9 for + 3, 13 for - 3 (4 more), 10 for + 100 (0b1100100: its ones
// above its lowest 1 are 3, one more than + 3's 2).  in is unchanged: 19.
TEST(t_estimate, madeup_family_carry_const)
{
	std::string b = madeup_board("madeup-carry-const", "carry 1 const 0\n");
	Est add("input in : u8[16];\nfunc f(x) : u8 = in(x) + 3;\noutput f[16];\n", b.c_str());
	Est sub("input in : u8[16];\nfunc f(x) : u8 = in(x) - 3;\noutput f[16];\n", b.c_str());
	ASSERT_NE(add.stage("f"), nullptr);
	ASSERT_NE(sub.stage("f"), nullptr);
	EXPECT_EQ(add.stage("in")->luts, 19);
	EXPECT_EQ(add.stage("f")->luts, 21);
	EXPECT_EQ(sub.stage("f")->luts, 25);
}

// The same board: an add of two variables costs a LUT a bit only where
// both vary; above the narrower zero-extended operand the chain's select
// input is the wider one's bit.  u8 + u4 in 9 sum bits: 4 LUTs (f: 19 +
// 4 = 23); with a plain "carry 1" every sum bit, 9 (f: 28).
TEST(t_estimate, madeup_family_carry_const_vars)
{
	std::string c = madeup_board("madeup-carry-const2", "carry 1 const 0\n");
	std::string p = madeup_board("madeup-carry-plain", "carry 1\n");
	const char *prog = "input a : u8[16];\ninput b : u4[16];\n"
		"func f(x) : u16 = u16(a(x)) + u16(b(x));\noutput f[16];\n";
	Est ec(prog, c.c_str()), ep(prog, p.c_str());
	ASSERT_NE(ec.stage("f"), nullptr);
	ASSERT_NE(ep.stage("f"), nullptr);
	EXPECT_EQ(ec.stage("f")->luts, 23);
	EXPECT_EQ(ep.stage("f")->luts, 28);
}

// mul8_dsp on 8 x 8 DSPs: signed only, the u8 operands take a sign bit,
// 9 x 9 is ceil(9/8)^2 = 4 DSPs; unsigned, one; with "min 20" the 16-bit
// product stays in LUTs: p is mul8_dsp's 17 and 2 LUTs per partial-product
// bit of 8 x 8 (fpga/dsp.c), 128: 145.
TEST(t_estimate, madeup_family_dsp)
{
	const char *prog = "input a : u8[4];\ninput b : u8[4];\n"
		"func p(x) : u16 = u16(a(x)) * u16(b(x));\noutput p[4];\n";
	std::string s = madeup_board("madeup-signed", "dsp_mul 8x8 signed\n");
	std::string u = madeup_board("madeup-unsigned", "dsp_mul 8x8\n");
	std::string m = madeup_board("madeup-min", "dsp_mul 8x8 min 20\n");
	Est es(prog, s.c_str()), eu(prog, u.c_str()), em(prog, m.c_str());
	ASSERT_NE(es.stage("p"), nullptr);
	ASSERT_NE(eu.stage("p"), nullptr);
	ASSERT_NE(em.stage("p"), nullptr);
	EXPECT_EQ(es.stage("p")->dsps, 4);
	EXPECT_EQ(eu.stage("p")->dsps, 1);
	EXPECT_EQ(em.stage("p")->dsps, 0);
	EXPECT_EQ(em.stage("p")->luts, 145);
}

}  // namespace

namespace {

// A ROM read at a variable address: each data bit a function of the
// address bits that vary.  k(x) for x in 0..15 of a 16-entry i8 table: a
// 4-bit counter, one LUT4 per distinct data-bit column that is not
// constant: 0..7 have 3 (bits 0-2); a negative entry sets bits 3-7 of its
// row alike (an entry is stored sign-extended in 64 bits, which counted
// 64), so bits 3-7 are one column, one function more (Yosys merges equal
// LUTs); the add is 8 bits either way.  f costs 4 - 3 = 1 LUT more.  k(3, x) of a 4 x 16 table
// with the row constant reads a function of the same 4 bits (the
// constant part of the 6-bit address folds): the same cost as k(x).
TEST(t_estimate, rom_varying_address_bits)
{
	const char *pos = "const k : i8[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7 };\n";
	const char *neg = "const k : i8[16] = { 0, -1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7 };\n";
	const char *body = "input in : i8[16];\nfunc f(x) : i8 = in(x) + k(x);\noutput f[16];\n";
	Est p(std::string(pos) + body, "ice40up5k"), n(std::string(neg) + body, "ice40up5k");
	ASSERT_NE(p.stage("f"), nullptr);
	ASSERT_NE(n.stage("f"), nullptr);
	EXPECT_EQ(n.stage("f")->luts - p.stage("f")->luts, 1);
	std::string rows = "const k : i8[4][16] = {";
	for (int i = 0; i < 64; i++)
		rows += std::to_string(i % 16 == 1 ? -1 : i % 8) + (i < 63 ? ", " : " };\n");
	Est r(rows + "input in : i8[16];\nfunc f(x) : i8 = in(x) + k(3, x);\noutput f[16];\n",
		"ice40up5k");
	ASSERT_NE(r.stage("f"), nullptr);
	EXPECT_EQ(r.stage("f")->luts, n.stage("f")->luts);
}

// Block-RAM copies of one buffer where the flow flattens (ECP5): every
// copy's data1 register holds the buffer's wdata under ce, and a reader's
// copies address their windows from one base (the read's address less
// the window's first word is i's 16 i for every k of a(i, k)), so Yosys
// keeps one data1 and one ra per reader: each copy past the first adds
// its hit1 only.  Measured (Yosys 0.23, synth_ecp5 -abc9 -nowidelut,
// examples/matmul.sl: 16 copies of a and 16 of b, each read by matmul):
// 735 TRELLIS_FF; the estimate was 1,159 when every copy kept its ra and
// data1 (32 x (8 + 8) = 512 more, of which Yosys kept none but the
// first's).  And matmul's a at 2 lanes (capacity 143, so % 143 per copy)
// is a function of i's 4 bits, a LUT4 an address bit at most.
TEST(t_estimate, sram_copies_share_data_and_base)
{
	Est m(
		"param N = 16;\ninput a : i8[N][N];\ninput b : i8[N][N];\n"
		"func matmul(i, j) : i32 = sum(k in 0..N) i32(a(i, k)) * i32(b(k, j));\n"
		"output matmul[N][N];\n", "ecp5-85f", true);
	fflush(m.diag);
	ASSERT_NE(m.set, nullptr) << (m.dbuf ? m.dbuf : "");
	EXPECT_NEAR((double) m.r.ffs, 735.0, 735.0 * 0.05);
}

}  // namespace

// Weight tables in block RAM (fpga/storage.c fit_roms, scheduler/pipeline.c):
// on the zu9eg, pipelined for its delay model as `sluice synth` builds it,
// a read of
// t : u8[4][1024] at t(2, x) reaches the slice of 1,024 entries (more than
// SCHED_ROM_BRAM_DEPTH = 256): one sl_rom_sync of 1,024 x 8, which
// board_bram_cells puts in one RAMB18E2 (shape 2048x9; a RAMB18 scores
// 129 against a RAMB36's 257).  The read of s : u8[4][256] at s(1, x)
// reaches 256 entries: a LUT ROM, no cell.
TEST(t_estimate, weight_table_in_block_ram)
{
	std::string big = "{", small = "{";
	for (int i = 0; i < 4 * 1024; i++)
		big += std::to_string((i * 37 + 11) % 256) + (i + 1 < 4 * 1024 ? ", " : "}");
	for (int i = 0; i < 4 * 256; i++)
		small += std::to_string((i * 53 + 7) % 256) + (i + 1 < 4 * 256 ? ", " : "}");
	Est e("input in : u8[1024];\n"
	      "const t : u8[4][1024] = " + big + ";\n"
	      "const s : u8[4][256] = " + small + ";\n"
	      "func f(x) : u8 = in(x) + t(2, x) + s(1, x % 256);\n"
	      "output f[1024];\n", "zu9eg", true);
	ASSERT_NE(e.design, nullptr) << (e.dbuf ? e.dbuf : "");
	const board *bd = e.rep.bd;
	int ramb18 = -1;
	for (int m = 0; m < bd->n_mems; m++)
		if (!strcmp(bd->mems[m].cell, "RAMB18E2"))
			ramb18 = m;
	ASSERT_GE(ramb18, 0);
	EXPECT_EQ(e.rep.n_roms, 1);
	for (int m = 0; m < bd->n_mems; m++)
		EXPECT_EQ(e.rep.rom_cells[m], m == ramb18 ? 1 : 0) << bd->mems[m].cell;
}

namespace {

// x % 21 of a u8 (values/divconst.c: x * 49 >> 10 in 9 bits, the
// quotient 0..12 in 4 bits, the remainder in rbits = 5) costs what x / 21
// does and its remainder x - q * 21 in 5 bits, as rtlgen/divconst.c
// dc_rem writes it: q + {q[2:0], 2'd0} + {q[0], 4'd0}, then x[4:0] less
// the sum.  The shifted terms' low bits are zeros (Yosys strips them from
// the adds), so the adds are of 5 - 2 = 3 and 5 - 4 = 1 bits and the
// subtract of 5: 9 LUTs on the iCE40 (one a bit beside the carry chain),
// where a 5-bit add per set bit of 21 made 15.  The stages differ in
// nothing else (the value's bits change only flip-flops).
TEST(t_estimate, remainder_adds_above_each_shift)
{
	Est m("input in : u8[16];\nfunc f(x) : u8 = in(x) % 21;\noutput f[16];\n", "ice40up5k");
	Est d("input in : u8[16];\nfunc f(x) : u8 = in(x) / 21;\noutput f[16];\n", "ice40up5k");
	ASSERT_NE(m.stage("f"), nullptr) << (m.dbuf ? m.dbuf : "");
	ASSERT_NE(d.stage("f"), nullptr) << (d.dbuf ? d.dbuf : "");
	EXPECT_EQ(m.stage("f")->luts - d.stage("f")->luts, 9);
}

// A register-file read in LUT RAM with sl_ram's same-cycle bypass
// (wen && waddr == a ? wdata : mem[a]), registered at once by a pipelined
// reader: on ECP5, whose flow flattens the design, Yosys makes the read,
// the bypass and the register one transparent synchronous port, the
// asynchronous read of a registered address (memory_dff, memory_libmap),
// and the bypass costs no LUT.  Not pipelined (no board delay model),
// the read feeds f's value unregistered and the bypass stays: the address
// compare (aw bits against aw bits: ceil(aw / 2) LUT4 and, past one, their
// AND) and a 2:1 mux a data bit.  f reads g and nothing else, so its
// other logic (its schedule generator, the read's address) is the same.
TEST(t_estimate, lutram_bypass_transparent_when_pipelined)
{
	const char *prog = "input in : u8[16][16];\n"
		"func g(y, x) : u8 = in(y, x) + 1;\n"
		"func f(y, x) : u8 = g(y / 2, x / 2);\noutput f[32][32];\n";
	Est a(prog, "ecp5-85f", true), b(prog, "ecp5-85f", false);
	ASSERT_NE(a.set, nullptr) << (a.dbuf ? a.dbuf : "");
	ASSERT_NE(b.set, nullptr) << (b.dbuf ? b.dbuf : "");
	const ub_buffer *g = nullptr;
	for (int i = 0; i < a.set->n_buffers; i++)
		if (!strcmp(a.set->buffers[i]->name, "g"))
			g = a.set->buffers[i];
	ASSERT_NE(g, nullptr);
	ASSERT_EQ(g->storage, UB_CIRCULAR);
	ASSERT_EQ(g->n_ports, 2);	/* the write and one read */
	int aw = 1;
	while (((int64_t) 1 << aw) < g->capacity_words)
		aw++;
	int bypass = (aw + 1) / 2 + ((aw + 1) / 2 > 1 ? 1 : 0) + 8;
	EXPECT_EQ(b.stage("f")->luts - a.stage("f")->luts, bypass);
}

}  // namespace

namespace {

// A ROM column that changes value t times along the address is t
// threshold tests of the address, ceil(s / k) LUTs each, where that is
// less than the function of its s bits: the varying n less the trailing
// zeros z shared by every change's address (below them it is constant).
// A 64-entry table read at x (n = 6 bits) on the iCE40 (LUT4, no free wide
// multiplexers): the function of 6 bits is 4 LUT4 and 3 for their 4:1
// mux, 7; a threshold test of 6 bits 2.  Bit 0 only, as (x >= 33): 1
// change (z 0), 2 LUTs; as 17 <= x < 49: 2 changes, 4; as x & 1: 63
// changes, the function, 7; as (x >= 32): z 5, a function of 1 bit, 1;
// as 16 <= x < 48: z 4, of 2 bits, 1.  The rest of f is the same.
static std::string rom_prog(int (*bit)(int))
{
	std::string p = "const t : u8[64] = {";
	for (int i = 0; i < 64; i++)
		p += std::to_string(bit(i)) + (i < 63 ? ", " : "};\n");
	return p + "input in : u8[64];\nfunc f(x) : u8 = t(x) + in(x);\noutput f[64];\n";
}

TEST(t_estimate, rom_column_by_its_changes)
{
	Est one(rom_prog([](int i) { return i >= 33 ? 1 : 0; }), "ice40up5k");
	Est two(rom_prog([](int i) { return i >= 17 && i < 49 ? 1 : 0; }), "ice40up5k");
	Est many(rom_prog([](int i) { return i & 1; }), "ice40up5k");
	Est top1(rom_prog([](int i) { return i >= 32 ? 1 : 0; }), "ice40up5k");
	Est top2(rom_prog([](int i) { return i >= 16 && i < 48 ? 1 : 0; }), "ice40up5k");
	for (Est *e : {&one, &two, &many, &top1, &top2})
		ASSERT_NE(e->stage("f"), nullptr) << (e->dbuf ? e->dbuf : "");
	EXPECT_EQ(two.stage("f")->luts - one.stage("f")->luts, 4 - 2);
	EXPECT_EQ(many.stage("f")->luts - one.stage("f")->luts, 7 - 2);
	EXPECT_EQ(top1.stage("f")->luts - one.stage("f")->luts, 1 - 2);
	EXPECT_EQ(top2.stage("f")->luts - one.stage("f")->luts, 1 - 2);
}

// `cost ram_read L1 .. Ln` (measured on the xcup, where Yosys builds an
// sl_ram read of 3 address bits as LUT1-fed MUXF7-9 trees): a register-file
// read in LUT RAM costs L(aw) LUTs a data bit, in place of the bypass (the
// address compare, (aw + 1) / 2 LUT4 and, past one, their AND, and a 2:1
// mux a bit) of the board without the line; Ln past n address bits.  g's
// single read port (8 bits) in f: with 1 2 3 .. 8, aw x 8 LUTs; with the
// one-number line 5, 40 (every aw the last); the LUT-RAM cells the same.
TEST(t_estimate, ram_read_cost_by_address_bits)
{
	const char *prog = "input in : u8[16][16];\n"
		"func g(y, x) : u8 = in(y, x) + 1;\n"
		"func f(y, x) : u8 = g(y / 2, x / 2);\noutput f[32][32];\n";
	std::string n = madeup_board("madeup-rr-none", "lutram 64\nflatten 0\n");
	std::string t = madeup_board("madeup-rr-table", "lutram 64\nflatten 0\n"
		"cost ram_read 1 2 3 4 5 6 7 8\n");
	std::string o = madeup_board("madeup-rr-one", "lutram 64\nflatten 0\ncost ram_read 5\n");
	Est a(prog, n.c_str()), b(prog, t.c_str()), c(prog, o.c_str());
	ASSERT_NE(a.stage("f"), nullptr) << (a.dbuf ? a.dbuf : "");
	ASSERT_NE(b.stage("f"), nullptr) << (b.dbuf ? b.dbuf : "");
	ASSERT_NE(c.stage("f"), nullptr) << (c.dbuf ? c.dbuf : "");
	const ub_buffer *g = nullptr;
	for (int i = 0; i < a.set->n_buffers; i++)
		if (!strcmp(a.set->buffers[i]->name, "g"))
			g = a.set->buffers[i];
	ASSERT_NE(g, nullptr);
	ASSERT_EQ(g->storage, UB_CIRCULAR);
	ASSERT_NE(g->mem, UB_MEM_SRAM);
	ASSERT_EQ(g->n_ports, 2);	/* the write and one read */
	int aw = 1;
	while (((int64_t) 1 << aw) < g->capacity_words)
		aw++;
	ASSERT_LE(aw, 8);
	int bypass = (aw + 1) / 2 + ((aw + 1) / 2 > 1 ? 1 : 0) + 8;
	EXPECT_EQ(b.stage("f")->luts - a.stage("f")->luts, 8 * aw - bypass);
	EXPECT_EQ(c.stage("f")->luts - a.stage("f")->luts, 40 - bypass);
}

}  // namespace

namespace {

// Block-RAM windows (the circular buffer d read by p at four channels,
// each read a copy of one window: sl_sram_pf) on ECP5, pipelined: copy m
// writes d's words 1024 m to 1024 m + 1023, its write enable the tests
// waddr >= 1024 m (m > 0) and waddr <= 1024 m + 1023 (where that is
// not d's last word) and their AND.  The upper test of a window and the
// lower one of the next are the one compare of waddr with 1024 (m + 1)
// (Yosys merges them), costed once.  12 address bits: waddr < 1024 and
// waddr < 2048 are ORs of the bits above (est_lt_const: a 3-input and a
// 2-input OR, one LUT each, and the sign: 2 each); waddr < 3072 is a
// 12-bit carry chain (12 LUT sites).  Four channels: 2 + 2 + 12 and 4
// ANDs, 20 (each test once per window: 36); three channels (capacity
// 3072, the same 12 bits and write counter): 2 + 2 and 3 ANDs, 7 (11).
// The window offsets (waddr - 1024 m) have no bits below 10 to add.
// The read addresses (1024 m + 32 y + x less 1024 m) are one sum that
// Yosys makes 32 y + x (alumacc sums a chain's constants), the same for
// every window (opt_merge): p at four channels costs what it does at
// three and the fourth read's sl_sram_pf (its two tests of 10 bits, 5
// LUT4 and a 2-LUT AND of them each, and its 3:1 select of 8 bits, 16:
// 30) and the fourth add of its sum (11 and 8 bits into 12: 12), 42
// more (with each window's address costed as its own, 54).
TEST(t_estimate, block_ram_windows_share_bounds)
{
	auto prog = [](int ch) {
		std::string s = "input act : u8[" + std::to_string(ch) + "][32][32];\n"
			"func d(c, y, x) : u8 = act(c, y, x) + 1;\nfunc p(k, y, x) : u16 = u16(k)";
		for (int m = 0; m < ch; m++)
			s += " + u16(d(" + std::to_string(m) + ", y, x))";
		return s + ";\noutput p[2][32][32];\n";
	};
	Est four(prog(4), "ecp5-85f", true), three(prog(3), "ecp5-85f", true);
	ASSERT_NE(four.stage("d"), nullptr) << (four.dbuf ? four.dbuf : "");
	ASSERT_NE(three.stage("d"), nullptr) << (three.dbuf ? three.dbuf : "");
	EXPECT_EQ(four.stage("d")->luts - three.stage("d")->luts, 20 - 7);
	EXPECT_EQ(four.stage("p")->luts - three.stage("p")->luts, 30 + 12);
}

}  // namespace

namespace {

// known_low_bits_fold_a_select with an odd value: i32(x * 8) + 1 is odd
// and, x counting up from 0, never negative, so its % 2 is 1 (Yosys
// propagates the constant low bit; a negative odd value's % 2 would be
// -1), and the + 1 sets a bit x * 8 knows is 0: an OR, no logic (Yosys
// strips an add's low bits where an operand is a constant 0).  The select
// builds only in(x): f costs what f(x) = in(x) does.  i32(x * 8) - 7 is
// odd too but may be negative: the test stays, f costs more.
TEST(t_estimate, known_low_bits_of_a_sum_that_cannot_be_negative)
{
	Est k("input in : u8[16];\n"
		"func f(x) : u8 = select((i32(x * 8) + 1) % 2 == 1, in(x), in(x) + 3);\n"
		"output f[16];\n", "ice40up5k");
	Est n("input in : u8[16];\n"
		"func f(x) : u8 = select((i32(x * 8) - 7) % 2 == 1, in(x), in(x) + 3);\n"
		"output f[16];\n", "ice40up5k");
	Est p("input in : u8[16];\nfunc f(x) : u8 = in(x);\noutput f[16];\n", "ice40up5k");
	ASSERT_NE(k.stage("f"), nullptr) << (k.dbuf ? k.dbuf : "");
	ASSERT_NE(n.stage("f"), nullptr) << (n.dbuf ? n.dbuf : "");
	ASSERT_NE(p.stage("f"), nullptr) << (p.dbuf ? p.dbuf : "");
	EXPECT_EQ(k.stage("f")->luts, p.stage("f")->luts);
	EXPECT_GT(n.stage("f")->luts, p.stage("f")->luts);
}

}  // namespace

namespace {

// A block-RAM read port (sl_sram_pf) where the flow keeps it a module of
// its own (flatten 0): with a `cost sram_pf C0 C1 C2` line its LUTs are
// the fitted C0 + C1 W + C2 AW (ABC maps the module's bypass alone, in
// Yosys 0.23 about twice the structural count on the Xilinx boards:
// tests/bench/sram_pf_cost.py), else two address compares and a 3:1
// select.  d (2 x 16 x 16 u8, read by p once per k) is two windows of 256
// words, 8 bits: per port the structural count on a 4-input LUT is two
// 8-bit equalities (4 LUTs and a 1-LUT AND each) and 2 LUTs a bit, 26;
// the line "cost sram_pf 10 2 1" says 10 + 16 + 8 = 34.  p's two ports:
// 16 more; nothing else differs.
TEST(t_estimate, sram_pf_fitted_where_kept_a_module)
{
	std::string s = madeup_board("madeup-pf-struct", "flatten 0\n");
	std::string c = madeup_board("madeup-pf-cost", "flatten 0\ncost sram_pf 10 2 1\n");
	const char *prog = "input act : u8[2][16][16];\n"
		"func d(c, y, x) : u8 = act(c, y, x) + 1;\n"
		"func p(k, y, x) : u16 = u16(k) + u16(d(0, y, x)) + u16(d(1, y, x));\n"
		"output p[2][16][16];\n";
	Est a(prog, s.c_str()), b(prog, c.c_str());
	ASSERT_NE(a.stage("p"), nullptr) << (a.dbuf ? a.dbuf : "");
	ASSERT_NE(b.stage("p"), nullptr) << (b.dbuf ? b.dbuf : "");
	const ub_buffer *d = nullptr;
	for (int i = 0; i < a.set->n_buffers; i++)
		if (!strcmp(a.set->buffers[i]->name, "d"))
			d = a.set->buffers[i];
	ASSERT_NE(d, nullptr);
	ASSERT_EQ(d->mem, UB_MEM_SRAM);
	EXPECT_EQ(b.stage("p")->luts - a.stage("p")->luts, 2 * (34 - 26));
}

}  // namespace

namespace {

// A DSP's pre-adder (`dsp_mul ... preadd N`, the DSP48E1's A + D, which
// Yosys's xilinx_dsp packs): the add of two variables that is a DSP
// multiplier's operand costs no LUT.  (u9(a) + u9(b)) * i32(c): the sum
// of two u8 in 9 bits, a LUT a bit beside the carry chain on this 4-input
// made-up family, 9; the product of 10 x 9 bits (the i32 operands' kept
// widths, a sign bit each) one DSP of 25x18 on both boards.  f costs 9
// fewer LUTs with the pre-adder, the same DSPs.
TEST(t_estimate, dsp_preadder_takes_the_operand_add)
{
	std::string p = madeup_board("madeup-preadd", "dsp_mul 25x18 signed preadd 25\n");
	std::string n = madeup_board("madeup-nopreadd", "dsp_mul 25x18 signed\n");
	const char *prog = "input a : u8[16];\ninput b : u8[16];\ninput c : u8[16];\n"
		"func f(x) : i32 = i32(u9(a(x)) + u9(b(x))) * i32(c(x));\noutput f[16];\n";
	Est with(prog, p.c_str()), without(prog, n.c_str());
	ASSERT_NE(with.stage("f"), nullptr) << (with.dbuf ? with.dbuf : "");
	ASSERT_NE(without.stage("f"), nullptr) << (without.dbuf ? without.dbuf : "");
	EXPECT_EQ(with.stage("f")->dsps, 1);
	EXPECT_EQ(without.stage("f")->dsps, 1);
	EXPECT_EQ(without.stage("f")->luts - with.stage("f")->luts, 9);
}

}  // namespace

namespace {

// A DSP's post-adder (`dsp_mul ... postadd N`, the DSP48E1's Z + M, which
// Yosys 0.23's xilinx_dsp packs when the add is the product's only user,
// fed at once or through one register, the MREG; xilinx_dsp_cascade then
// brings a second product in through PCIN): the add costs no LUT.
// i32(a(x)) * i32(b(x)) + i32(c(x)) unpipelined: at most 255 * 255 + 255
// = 65280 < 2^16, so the front end's value ranges narrow it to u16: a
// 16-bit add, a LUT a bit beside the carry chain on this made-up family;
// the product one 25x18 DSP on both boards.  f costs 16 fewer LUTs with
// the post-adder.
TEST(t_estimate, dsp_postadder_takes_the_product_add)
{
	std::string p = madeup_board("madeup-postadd", "dsp_mul 25x18 signed postadd 48\n");
	std::string n = madeup_board("madeup-nopostadd", "dsp_mul 25x18 signed\n");
	const char *prog = "input a : u8[16];\ninput b : u8[16];\ninput c : u8[16];\n"
		"func f(x) : i32 = i32(a(x)) * i32(b(x)) + i32(c(x));\noutput f[16];\n";
	Est with(prog, p.c_str()), without(prog, n.c_str());
	ASSERT_NE(with.stage("f"), nullptr) << (with.dbuf ? with.dbuf : "");
	ASSERT_NE(without.stage("f"), nullptr) << (without.dbuf ? without.dbuf : "");
	EXPECT_EQ(with.stage("f")->dsps, 1);
	EXPECT_EQ(without.stage("f")->dsps, 1);
	EXPECT_EQ(without.stage("f")->luts - with.stage("f")->luts, 16);
}

// The same product used twice (Yosys merges the two $mul, opt_merge): the
// product has two users, so neither add is the DSP's; the outer add of two
// sums is no product's.  No LUT fewer.  The same sum used twice is one add
// (merged with its product): the product's one user, the DSP's post-add,
// 16 LUTs fewer as in dsp_postadder_takes_the_product_add (the outer add
// of (p + c) << 1 and p + c is no product's).
TEST(t_estimate, dsp_postadder_not_for_a_shared_product)
{
	{
		std::string p = madeup_board("madeup-postadd5", "dsp_mul 25x18 signed postadd 48\n");
		std::string n = madeup_board("madeup-nopostadd5", "dsp_mul 25x18 signed\n");
		const char *prog = "input a : u8[16];\ninput b : u8[16];\ninput c : u8[16];\n"
			"func f(x) : i32 = ((i32(a(x)) * i32(b(x)) + i32(c(x))) << 1) + "
			"(i32(a(x)) * i32(b(x)) + i32(c(x)));\noutput f[16];\n";
		Est with(prog, p.c_str()), without(prog, n.c_str());
		ASSERT_NE(with.stage("f"), nullptr) << (with.dbuf ? with.dbuf : "");
		ASSERT_NE(without.stage("f"), nullptr) << (without.dbuf ? without.dbuf : "");
		EXPECT_EQ(with.stage("f")->dsps, 1);
		EXPECT_EQ(without.stage("f")->luts - with.stage("f")->luts, 16);
	}
	std::string p = madeup_board("madeup-postadd2", "dsp_mul 25x18 signed postadd 48\n");
	std::string n = madeup_board("madeup-nopostadd2", "dsp_mul 25x18 signed\n");
	const char *prog = "input a : u8[16];\ninput b : u8[16];\ninput c : u8[16];\n"
		"input d : u8[16];\nfunc f(x) : i32 = (i32(a(x)) * i32(b(x)) + i32(c(x))) + "
		"(i32(a(x)) * i32(b(x)) + i32(d(x)));\noutput f[16];\n";
	Est with(prog, p.c_str()), without(prog, n.c_str());
	ASSERT_NE(with.stage("f"), nullptr) << (with.dbuf ? with.dbuf : "");
	ASSERT_NE(without.stage("f"), nullptr) << (without.dbuf ? without.dbuf : "");
	EXPECT_EQ(with.stage("f")->dsps, 1);
	EXPECT_EQ(without.stage("f")->luts - with.stage("f")->luts, 0);
}

// Pipelined (a made-up 50 MHz board whose DSP takes 15 of the 20 ns): in
// i32(a(x)) * i32(b(x)) + i32(c(x)) * i32(d(x)) * i32(e(x)) the product
// a b is ready two cycles before the add (its MREG and PREG both hold it:
// xilinx_dsp finds no add after MREG), c d e one cycle before (its MREG),
// so the add is the post-add of c d e's DSP, once.  The sum is at most
// 255^2 + 255^3 = 16646400 < 2^24: a 24-bit add, 24 LUTs (the Verilog's
// [23:0]).  Measured on the Artix-7 (sluice
// synth, Yosys 0.23): one "postadder" in xilinx_dsp's log, on the third
// $mul.  With the second product shifted (>> 2: not the DSP's P), no add
// is a DSP's.
TEST(t_estimate, dsp_postadder_only_one_register_after_the_product)
{
	const char *delays = "delay ff 0 0\ndelay lut 1 0\ndelay add 2 0\ndelay cmp 2 0\n"
		"delay eq 1 0\ndelay mux 1 0\ndelay shift 1 0\ndelay mul 10 0\n"
		"delay dsp 15 0\ndelay bram 2 0\n";
	std::string p = madeup_board("madeup-postadd3",
		(std::string("dsp_mul 25x18 signed postadd 48\n") + delays).c_str());
	std::string n = madeup_board("madeup-nopostadd3",
		(std::string("dsp_mul 25x18 signed\n") + delays).c_str());
	std::string in = "input a : u8[16];\ninput b : u8[16];\ninput c : u8[16];\n"
		"input d : u8[16];\ninput e : u8[16];\n";
	std::string one = in + "func f(x) : i32 = i32(a(x)) * i32(b(x)) + "
		"i32(c(x)) * i32(d(x)) * i32(e(x));\noutput f[16];\n";
	std::string none = in + "func f(x) : i32 = i32(a(x)) * i32(b(x)) + "
		"((i32(c(x)) * i32(d(x)) * i32(e(x))) >> 2);\noutput f[16];\n";
	Est w1(one, p.c_str(), true), n1(one, n.c_str(), true);
	Est w0(none, p.c_str(), true), n0(none, n.c_str(), true);
	for (Est *e : {&w1, &n1, &w0, &n0})
		ASSERT_NE(e->stage("f"), nullptr) << (e->dbuf ? e->dbuf : "");
	const sched_stmt *s = w1.stage("f")->s;
	const ir_expr *add = s->decl->body;
	while (add->kind == IR_CAST)
		add = add->args[0];
	ASSERT_EQ(add->kind, IR_BINARY);
	const ir_expr *ab = add->args[0], *cde = add->args[1];
	while (ab->kind == IR_CAST)
		ab = ab->args[0];
	while (cde->kind == IR_CAST)
		cde = cde->args[0];
	ASSERT_EQ(sched_node_cycle(s, add) - sched_node_cycle(s, ab), 2);
	ASSERT_EQ(sched_node_cycle(s, add) - sched_node_cycle(s, cde), 1);
	EXPECT_EQ(w1.stage("f")->dsps, 3);
	EXPECT_EQ(n1.stage("f")->luts - w1.stage("f")->luts, 24);
	EXPECT_EQ(n0.stage("f")->luts - w0.stage("f")->luts, 0);
}

}  // namespace

namespace {

// A product wider than one DSP (mul2dsp's partial products) with a
// post-adder: each partial product's add is the next DSP's, its P brought
// in through the cascade (Yosys 0.23 on the Artix-7: a(x) * b(x) of two
// i32, 3 DSP48E1, two "postadder" in xilinx_dsp's log and 17 LUTs in the
// top module).  By hand, 25x18 signed in chunks of 17 bits and a sign bit:
// A0 B0 + (A0 B1 << 17) + (A1 B0 << 17) (A1 B1 lands at bit 34, past the
// 32-bit result: removed), 3 DSPs and two adds of the 15 bits from 17 up,
// 30 LUTs a bit beside the carry chain, none with `postadd`.
TEST(t_estimate, dsp_postadder_takes_the_partial_products_add)
{
	std::string p = madeup_board("madeup-postadd4", "dsp_mul 25x18 signed partial 18 postadd 48\n");
	std::string n = madeup_board("madeup-nopostadd4", "dsp_mul 25x18 signed partial 18\n");
	const char *prog = "input a : i32[16];\ninput b : i32[16];\n"
		"func f(x) : i32 = a(x) * b(x);\noutput f[16];\n";
	Est with(prog, p.c_str()), without(prog, n.c_str());
	ASSERT_NE(with.stage("f"), nullptr) << (with.dbuf ? with.dbuf : "");
	ASSERT_NE(without.stage("f"), nullptr) << (without.dbuf ? without.dbuf : "");
	EXPECT_EQ(with.stage("f")->dsps, 3);
	EXPECT_EQ(without.stage("f")->dsps, 3);
	EXPECT_EQ(without.stage("f")->luts - with.stage("f")->luts, 30);
}

}  // namespace

namespace {

// `cost ram_deep L1 .. Ln` and the tiling of a LUT RAM deeper than one cell
// (the xc7's `lutram_cell 64x3 4 reads 3`: a RAM64M of one bit for 3 read
// ports, or at half depth a RAM32M of 2 bits; Yosys takes the fewer cells,
// the full depth on a tie).  f reads b's sl_ram (W 8, 4 ports).  Each port
// costs L(s) LUTs a bit, s the bits that select the cell, in place of the
// bypass of the board without the line: the 8-bit address compare (4 LUT4
// and their AND, 5) and a 2:1 mux a bit, 13.  96 deep: full depth 2 x 8 x
// ceil(4 / 3) = 32 cells, half 3 x 4 x 2 = 24: half, 3 cells deep, s 2, L2
// 5: 4 x (40 - 13) = 108 more.  256 deep: 4 x 8 x 2 = 64 both ways: full,
// 4 deep, s 2: 108 again (8 deep, s 3, would be 4 x (56 - 13) = 172).
TEST(t_estimate, ram_deep_cost_by_cell_select_bits)
{
	const char *base = "lutram 64\nflatten 0\nlutram_cell 64x3 4 reads 3\n";
	std::string n = madeup_board("madeup-rdeep-none", base);
	std::string t = madeup_board("madeup-rdeep", (std::string(base) +
		"cost ram_deep 3 5 7\n").c_str());
	const char *p96 = "input b : u8[8][12];\n"
		"func f(i, j) : u16 = sum(k in 0..4) u16(b(k, j));\noutput f[8][12];\n";
	const char *p256 = "input b : u8[16][16];\n"
		"func f(i, j) : u16 = sum(k in 0..4) u16(b(k, j));\noutput f[16][16];\n";
	Est a(p96, n.c_str()), b(p96, t.c_str()), c(p256, n.c_str()), d(p256, t.c_str());
	for (Est *e : {&a, &b, &c, &d})
		ASSERT_NE(e->stage("f"), nullptr) << (e->dbuf ? e->dbuf : "");
	for (Est *e : {&a, &c}) {
		const ub_buffer *g = nullptr;
		for (int i = 0; i < e->set->n_buffers; i++)
			if (!strcmp(e->set->buffers[i]->name, "b"))
				g = e->set->buffers[i];
		ASSERT_NE(g, nullptr);
		ASSERT_EQ(g->storage, UB_CIRCULAR);
		ASSERT_NE(g->mem, UB_MEM_SRAM);
		ASSERT_EQ(g->n_ports, 5);	/* the write and 4 reads */
		ASSERT_EQ(g->capacity_words, e == &a ? 96 : 256);
	}
	EXPECT_EQ(b.stage("f")->luts - a.stage("f")->luts, 108);
	EXPECT_EQ(d.stage("f")->luts - c.stage("f")->luts, 108);
}

}  // namespace

namespace {

// Where the flow keeps the library modules (`flatten 0`, synth_xilinx)
// every stage's sl_pipe is a module of its own, and its registers' enable
// rst || ce is one LUT in each (the kept runs' stat: brighten at 8 lanes,
// 16 sl_pipe of one LUT2 each, on xc7 and xcup); flattened, Yosys merges
// it into one for the design.  add8's two stages (in, f): one LUT more
// each with flatten 0, nothing else in their LUTs differs.
TEST(t_estimate, pipe_enable_per_module_when_not_flattened)
{
	std::string f1 = madeup_board("madeup-flat1", "");
	std::string f0 = madeup_board("madeup-flat0", "flatten 0\n");
	const char *prog = "input in : u8[16];\nfunc f(x) : u8 = in(x) + 3;\noutput f[16];\n";
	Est a(prog, f1.c_str()), b(prog, f0.c_str());
	for (Est *e : {&a, &b}) {
		ASSERT_NE(e->stage("in"), nullptr) << (e->dbuf ? e->dbuf : "");
		ASSERT_NE(e->stage("f"), nullptr) << (e->dbuf ? e->dbuf : "");
	}
	EXPECT_EQ(b.stage("in")->luts - a.stage("in")->luts, 1);
	EXPECT_EQ(b.stage("f")->luts - a.stage("f")->luts, 1);
}

// Two lanes on one schedule generator (f[16] at --unroll 2: two lanes of
// 8 columns, one box, so lane 1 reads lane 0's counters, rtlgen's
// `assign f_lane1_idx = f_lane0_idx`) reading a weight table
// w : i8[16][9] at w(c, s), its entries floor(a / 16) of the flat
// address a = 9 c + s (0..8).  Lane 0's read: the address's product
// c * 9 (4 x 4 bits) is an address multiply the board's DSPs take (16
// left), one DSP, and its add of s 8 bits, 8 LUTs (carry 1); the table's
// bits 0-3 are its non-constant columns, each changing value only at
// multiples of 16, so each a function of the address's top 4 bits, one
// LUT4: 4.  Lane 1's read is at the same sum of the same counters: Yosys
// merges the product and the add (opt_merge), so no DSP and no LUT.  Its
// table is an sl_rom instance of its own: where the flow keeps the
// library's modules (`flatten 0`) its 4 LUTs stay; flattened, it is
// lane 0's logic on the same inputs, 0.  So lane 1 costs 4 LUTs more
// with `flatten 0`, and the sl_pipe enable 1 (as
// pipe_enable_per_module_when_not_flattened): 5.  DSPs: the two lanes'
// products (i8 x 0..8: 8 x 4 bits, one 18x18 each) and the one address
// product: 3 (4 when each lane kept its own address).  Resnet_layer's
// shape: measured on its Artix-7 run at 8 lanes, giving lanes 1-3 and 5-7
// their own copy of the counters costs 12 DSPs and 537 LUTs more.
TEST(t_estimate, lanes_on_one_generator_share_address_arithmetic)
{
	std::string w;
	for (int a = 0; a < 144; a++)
		w += std::to_string(a / 16) + (a < 143 ? ", " : "");
	std::string prog = "input act : i8[16][16];\nconst w : i8[16][9] = { " + w + " };\n"
		"func f(x) : i32 = sum(c in 0..16, s in 0..9) i32(act(c, x)) * i32(w(c, s));\n"
		"output f[16];\n";
	std::string b0 = madeup_board("madeup-lanes0", "dsp_mul 18x18\nflatten 0\n");
	std::string b1 = madeup_board("madeup-lanes1", "dsp_mul 18x18\n");
	Est e0(prog, b0.c_str(), false, 2), e1(prog, b1.c_str(), false, 2);
	for (Est *e : {&e0, &e1}) {
		ASSERT_NE(e->stage("f.lane0"), nullptr) << (e->dbuf ? e->dbuf : "");
		ASSERT_NE(e->stage("f.lane1"), nullptr) << (e->dbuf ? e->dbuf : "");
		EXPECT_EQ(e->stage("f.lane0")->dsps, 2);
		EXPECT_EQ(e->stage("f.lane1")->dsps, 1);
		EXPECT_EQ(e->r.dsps, 3);
	}
	EXPECT_EQ(e0.stage("f.lane1")->luts - e1.stage("f.lane1")->luts, 5);
}

// A LUT-RAM read port holds only the cells its window reaches (ports
// past the first: a copy each, on a board whose `lutram_cell` has one
// read port).  matmul of N = 8 at --unroll 2: each lane's b holds its 4
// columns, 8 x 4 = 32 words, and its 8 reads b(k, j) are at 4 k + j, a
// window of 4 words in one 16-word row of cells: 2 cells of 16 x 4 (8
// bits) on one board, 2 of 32 x 4 on the other, the same 12 sites.  Lane
// 1 reads only its b (its a reads are lane 0's, at the same addresses),
// so it costs the same on both; a whole copy of 32 words would be 4
// cells of 16 x 4, 12 sites more for each of its 7 copies: 84.  (Yosys
// 0.23 on ECP5: sl_ram 32 x 8 with ports at 14 + v, 16 + v and a free
// address is 2 + 2 + 4 TRELLIS_DPR16X4; matmul at 8 lanes 256, 2 a port.)
TEST(t_estimate, lutram_copy_only_the_cells_of_its_window)
{
	const char *prog = "param N = 8;\ninput a : i8[N][N];\ninput b : i8[N][N];\n"
		"func matmul(i, j) : i32 = sum(k in 0..N) i32(a(i, k)) * i32(b(k, j));\n"
		"output matmul[N][N];\n";
	std::string b16 = madeup_board("madeup-cell16", "dsp_mul 18x18\nlutram 10\nlutram_cell 16x4 6\n");
	std::string b32 = madeup_board("madeup-cell32", "dsp_mul 18x18\nlutram 10\nlutram_cell 32x4 6\n");
	Est e16(prog, b16.c_str(), false, 2), e32(prog, b32.c_str(), false, 2);
	for (Est *e : {&e16, &e32})
		ASSERT_NE(e->stage("matmul.lane1"), nullptr) << (e->dbuf ? e->dbuf : "");
	EXPECT_EQ(e16.stage("matmul.lane1")->luts, e32.stage("matmul.lane1")->luts);
}

}  // namespace
