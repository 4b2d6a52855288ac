// tests/unit/t_pack.cpp: packs of delay chains (ubuffer/ubuffer.c, "a
// pack"): buffers written on the same cycles with the same layout share
// one memory per SRAM group, their words side by side, and the block-RAM
// prediction (fpga/storage.c) counts the shared memory.  Expected
// figures are worked out here from the schedules, the layout rule and the
// board's shapes (boards/zu9eg.board: RAMB18E2 512x36 .. 16384x1, one
// pool unit; RAMB36E2 two).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "flow/flow.h"
#include "fpga/fpga.h"
#include "ubuffer/ubuffer.h"

namespace {

struct Packed {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	const board *bd = nullptr;
	flow_design *design = nullptr;
	tg_report rep = {};

	Packed(const std::string &text, bool pack = true, const char *board_name = "zu9eg")
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options fo;
		flow_options_default(&fo);
		fo.ub.pack = pack;
		fo.bd = bd = board_find(ctx, board_name);
		if (!fo.bd)
			return;
		design = flow_compile_text(ctx, "t.sl", text.data(), text.size(), &fo);
		if (design)
			tg_predict_storage(bd, design->ubs, &rep);
	}
	~Packed()
	{
		tg_report_release(&rep);
		flow_free(design);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Packed(const Packed &) = delete;
	Packed &operator=(const Packed &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	const ub_set *set() const { return design->ubs; }
	const ub_buffer *buf(const char *name) const
	{
		for (int i = 0; i < set()->n_buffers; i++)
			if (!strcmp(set()->buffers[i]->name, name))
				return set()->buffers[i];
		return nullptr;
	}
	// Block-RAM cells of the design of the board's memory "cell".
	int64_t cells(const char *cell) const
	{
		for (int m = 0; m < bd->n_mems; m++)
			if (!strcmp(bd->mems[m].cell, cell))
				return rep.cells[m];
		return -1;
	}
	std::string dump() const
	{
		char *b = nullptr;
		size_t n = 0;
		FILE *f = open_memstream(&b, &n);
		ub_set_dump(set(), f);
		fclose(f);
		std::string s(b, n);
		free(b);
		return s;
	}
};

// tests/golden/compile/pack: a (8 bits) and b (10 bits: in << 2 is at
// most 1020, value-range widths) are both read two rows apart (20 wide):
// taps 0 and 40, a chain of 41 with registers 0, 39-40 and one SRAM run
// 1-38.  Both read in(y, x) only, so both are at t = 1 + 20y + x with
// latency 1: one pack, a in bits 0-7, b in 8-17 of one 38x18 memory.  c
// (12 bits: 255 + 255 + 1020 + 1020 = 2550, read three rows apart: taps
// 0, 60, run 1-58) is alone.
const char *two =
	"input in : u8[12][20];\n"
	"func a(y, x) : u8 = in(y, x) + 1;\n"
	"func b(y, x) : u16 = u16(in(y, x)) << 2;\n"
	"func c(y, x) : u16 = u16(a(y, x)) + u16(a(y + 2, x)) + b(y, x) + b(y + 2, x);\n"
	"func d(y, x) : u16 = c(y, x) + c(y + 3, x);\n"
	"output d[7][20];\n";

TEST(t_pack, two_buffers_one_memory)
{
	Packed p(two);
	ASSERT_TRUE(p.design) << p.diags();
	const ub_buffer *a = p.buf("a"), *b = p.buf("b"), *c = p.buf("c");
	ASSERT_TRUE(a && b && c);
	ASSERT_EQ(a->storage, UB_DELAY_CHAIN);
	ASSERT_EQ(a->n_groups, 1);
	EXPECT_EQ(a->pack, b->pack);
	EXPECT_NE(c->pack, a->pack);
	ASSERT_EQ(p.set()->n_packs, 2);
	const ub_pack *pk = &p.set()->packs[a->pack];
	ASSERT_EQ(pk->n_members, 2);
	EXPECT_EQ(pk->members[0], a);
	EXPECT_EQ(pk->members[1], b);
	EXPECT_EQ(pk->width_bits, 18);
	EXPECT_EQ(a->pack_bits_below, 0);
	EXPECT_EQ(b->pack_bits_below, 8);
	int64_t depth = 0;
	int width = 0;
	ub_pack_memory(pk, 0, &depth, &width);
	EXPECT_EQ(depth, 38);
	EXPECT_EQ(width, 18);
	EXPECT_EQ(ub_set_check(p.ctx, p.set()), 0) << p.diags();
	std::string d = p.dump();
	EXPECT_NE(d.find("chain 41: registers 0, 39-40; sram 1-38 as bits 0-7 of one 38x18 fifo\n"
		"  pack a, b:"), std::string::npos) << d;
	EXPECT_NE(d.find("sram 1-38 as bits 8-17 of one 38x18 fifo\n"), std::string::npos) << d;
	EXPECT_NE(d.find("chain 61: registers 0, 59-60; sram 1-58 as a 58x12 fifo\n"),
		std::string::npos) << d;
	// 38x18 is one RAMB18E2 (1024x18), counted at a; c's 58x12 another
	// (1024x18).  Apart, a (2048x9) and b (1024x18) would take one each.
	EXPECT_EQ(p.cells("RAMB18E2"), 2);
	EXPECT_EQ(p.cells("RAMB36E2"), 0);
	for (int i = 0; i < p.rep.n; i++) {
		if (p.rep.bufs[i].b == b) {
			EXPECT_EQ(p.rep.bufs[i].units, 0);
		} else if (p.rep.bufs[i].b == a || p.rep.bufs[i].b == c) {
			EXPECT_EQ(p.rep.bufs[i].units, 1);
		}
	}
	Packed q(two, false);
	ASSERT_TRUE(q.design) << q.diags();
	EXPECT_EQ(q.set()->n_packs, 3);
	EXPECT_EQ(q.cells("RAMB18E2"), 3);
}

// The same layout on other cycles does not pack: b's producer moved a
// cycle later (its chain would shift a cycle after a's).  The checker
// rejects the pack until a remap splits it.  The same cycles with another
// layout do not pack either: b read on three rows (taps 0, 20, 40:
// registers 0, 19-21, 39-40, SRAM runs 1-18 and 22-38), a on two (taps 0,
// 40: one run 1-38), both chains of 41.
TEST(t_pack, other_cycles_or_runs_apart)
{
	Packed p(two);
	ASSERT_TRUE(p.design) << p.diags();
	const ub_buffer *a = p.buf("a"), *b = p.buf("b");
	ASSERT_TRUE(a && b);
	ASSERT_EQ(a->pack, b->pack);
	sched_stmt *bs = const_cast<sched_stmt *>(b->producer);
	bs->offset += 1;
	EXPECT_EQ(ub_set_check(p.ctx, p.set()), -1);
	EXPECT_NE(p.diags().find("internal: buffer 'b' fails its check: a pack member shifts "
		"on other cycles"), std::string::npos) << p.diags();
	ub_set_remap(p.design->ubs, &p.design->opts.ub);
	EXPECT_NE(a->pack, b->pack);
	EXPECT_EQ(p.set()->n_packs, 3);
	bs->offset -= 1;
	ub_set_remap(p.design->ubs, &p.design->opts.ub);
	EXPECT_EQ(a->pack, b->pack);

	Packed q("input in : u8[12][20];\n"
		"func a(y, x) : u8 = in(y, x) + 1;\n"
		"func b(y, x) : u8 = in(y, x) + 2;\n"
		"func c(y, x) : u8 = a(y, x) + a(y + 2, x) + b(y, x) + b(y + 1, x)"
		" + b(y + 2, x);\n"
		"output c[10][20];\n");
	ASSERT_TRUE(q.design) << q.diags();
	a = q.buf("a");
	b = q.buf("b");
	ASSERT_TRUE(a && b);
	EXPECT_EQ(a->producer->offset, b->producer->offset);
	EXPECT_EQ(a->capacity_words, 41);
	EXPECT_EQ(b->capacity_words, 41);
	ASSERT_EQ(a->storage, UB_DELAY_CHAIN);
	ASSERT_EQ(b->storage, UB_DELAY_CHAIN);
	EXPECT_EQ(a->n_runs, 3);
	EXPECT_EQ(b->n_runs, 5);
	EXPECT_NE(a->pack, b->pack);
}

// A remap that leaves no SRAM run leaves no pack; back at the default
// threshold the pack is as before.
TEST(t_pack, remap)
{
	Packed p(two);
	ASSERT_TRUE(p.design) << p.diags();
	std::string before = p.dump();
	ub_options o;
	ub_options_default(&o);
	o.register_threshold = 1000;
	ub_set_remap(p.design->ubs, &o);
	EXPECT_EQ(ub_set_check(p.ctx, p.set()), 0) << p.diags();
	EXPECT_EQ(p.set()->n_packs, 0);
	EXPECT_EQ(p.buf("a")->pack, -1);
	o.register_threshold = 8;
	ub_set_remap(p.design->ubs, &o);
	EXPECT_EQ(p.dump(), before);
}

// 32 chains of 16 bits on the same cycles (the shape of 32 lanes of
// blur_xy's row pass at 1920 wide: 60 words a row), each read on three
// rows: taps 0, 60, 120, registers 0, 59-60, 119-120 and two SRAM runs
// 1-58 and 61-118, 32 bits a word.  Packed: one 58x1024 memory,
// ceil(1024/36) = 29 RAMB18E2 of 512x36 (RAMB36E2 512x72 would be 15
// cells of two units); apart: 32 of 58x32, one RAMB18E2 each.  Yosys
// 0.23 maps the packed memory to 29 RAMB18E2 (sluice synth --board zu9eg
// on this program).
TEST(t_pack, thirty_two_lanes)
{
	std::string text = "input in : u16[8][60];\n";
	for (int l = 0; l < 32; l++)
		text += "func b" + std::to_string(l) + "(y, x) : u16 = in(y, x) + " +
			std::to_string(l + 1) + ";\nfunc o" + std::to_string(l) +
			"(y, x) : u16 = b" + std::to_string(l) + "(y, x) + b" + std::to_string(l) +
			"(y + 1, x) + b" + std::to_string(l) + "(y + 2, x);\n";
	for (int l = 0; l < 32; l++)
		text += "output o" + std::to_string(l) + "[6][60];\n";
	Packed p(text);
	ASSERT_TRUE(p.design) << p.diags();
	ASSERT_EQ(p.set()->n_packs, 1);
	const ub_pack *pk = &p.set()->packs[0];
	EXPECT_EQ(pk->n_members, 32);
	EXPECT_EQ(pk->width_bits, 512);
	int64_t depth = 0;
	int width = 0;
	ub_pack_memory(pk, 0, &depth, &width);
	EXPECT_EQ(depth, 58);
	EXPECT_EQ(width, 1024);
	EXPECT_EQ(p.buf("b1")->pack_bits_below, 16);
	EXPECT_NE(p.dump().find("buffer b1:"), std::string::npos);
	EXPECT_NE(p.dump().find("sram 1-58, 61-118 as bits 32-63 of one 58x1024 fifo\n"),
		std::string::npos);
	EXPECT_EQ(p.cells("RAMB18E2"), 29);
	EXPECT_EQ(p.cells("RAMB36E2"), 0);
	Packed q(text, false);
	ASSERT_TRUE(q.design) << q.diags();
	EXPECT_EQ(q.cells("RAMB18E2"), 32);
}

}  // namespace
