// tests/unit/t_pipeline.cpp: pipelined datapaths (scheduler/pipeline.c).
// Each test writes a board whose delay model makes the arithmetic easy
// (every adder 2 ns whatever its width, 1 ns of register overhead), so the
// expected register placement follows by hand from the period:
// at 100 MHz a cycle holds floor((10 - 1) / 2) = 4 adders in a chain.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "flow/flow.h"

namespace {

std::string board_text(const char *extra)
{
	return std::string(
		"name pipe_unit\npart none\nfamily test\nlut 100000 4\nff 100000\n"
		"dsp 0\nclock 100\n"
		"memory block R count 1000 units 1 bits 4096 ports 1r1w shapes 256x16\n"
		"yosys synth -top {top}\n"
		"delay ff 1 0\ndelay lut 1 0\ndelay add 2 0\ndelay mul 5 0\ndelay bram 1 0\n") +
		extra;
}

struct Fixture {
	sl_ctx *ctx = sl_ctx_alloc();
	char path[64];
	const board *bd = nullptr;
	flow_design *d = nullptr;
	explicit Fixture(const char *extra = "")
	{
		snprintf(path, sizeof path, "/tmp/t_pipeline_%d.board", (int) getpid());
		std::string t = board_text(extra);
		FILE *f = fopen(path, "w");
		fwrite(t.data(), 1, t.size(), f);
		fclose(f);
		bd = board_load(ctx, path);
	}
	~Fixture()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		remove(path);
	}
	const sched_stmt *compile(const char *src, double mhz, const char *stmt)
	{
		flow_options fo;
		flow_options_default(&fo);
		fo.bd = bd;
		fo.sched.timing = bd;
		fo.sched.clock_mhz = mhz;
		d = flow_compile_text(ctx, "t.sl", src, strlen(src), &fo);
		if (!d)
			return nullptr;
		for (int i = 0; i < d->sp->n_stmts; i++)
			if (!strcmp(d->sp->stmts[i]->name, stmt))
				return d->sp->stmts[i];
		return nullptr;
	}
};

// Seven adders in a left-leaning chain over eight reads.
const char kChain[] =
	"input in : u16[4][16];\n"
	"func s(y, x) : u16 = in(y, x) + in(y, x + 1) + in(y, x + 2) + in(y, x + 3) +\n"
	"    in(y, x + 4) + in(y, x + 5) + in(y, x + 6) + in(y, x + 7);\n"
	"output s[4][8];\n";

TEST(Pipeline, ChainSplitsEveryFourAdders)
{
	Fixture f;
	ASSERT_NE(f.bd, nullptr);
	ASSERT_TRUE(f.bd->has_delays);
	const sched_stmt *s = f.compile(kChain, 100, "s");
	ASSERT_NE(s, nullptr);
	// Reads in cycle 0, registered: the chain starts in cycle 1.  Adders
	// 1-4 end at 2, 4, 6, 8 ns (<= 9); adder 5 would end at 10, so it
	// starts cycle 2 and adders 5-7 end at 2, 4, 6 ns there.
	const ir_expr *e = s->decl->body;	// adder 7 (the root)
	for (int k = 7; k >= 1; k--) {
		ASSERT_EQ(e->kind, IR_BINARY);
		EXPECT_EQ(sched_node_cycle(s, e), k >= 5 ? 2 : 1) << "adder " << k;
		e = e->args[0];
	}
	EXPECT_EQ(sched_node_cycle(s, e), 1);	// the first read, registered
	EXPECT_EQ(sched_value_cycle(s), 2);
	EXPECT_EQ(s->latency, 3);
	EXPECT_DOUBLE_EQ(sched_path_ns(s), 1 + 4 * 2);
}

TEST(Pipeline, SlowerClockNeedsFewerRegisters)
{
	Fixture f;
	// 50 MHz: 19 ns of logic, all seven adders (14 ns) in cycle 1.
	const sched_stmt *s = f.compile(kChain, 50, "s");
	ASSERT_NE(s, nullptr);
	EXPECT_EQ(sched_value_cycle(s), 1);
	EXPECT_EQ(s->latency, 2);
	EXPECT_DOUBLE_EQ(sched_path_ns(s), 1 + 7 * 2);
}

TEST(Pipeline, OperandsOfDifferentCyclesAreAligned)
{
	Fixture f;
	// a + (b * c): the product (5 ns) and the sum (2 ns) fit one cycle at
	// 100 MHz (7 <= 9), so both are in cycle 1; at 125 MHz (7 ns of
	// logic) the sum moves to cycle 2 and the registered product waits
	// for it.
	const char src[] =
		"input in : u16[4][8];\n"
		"func m(y, x) : u16 = in(y, x) + in(y, x + 1) * in(y, x + 2);\n"
		"output m[4][6];\n";
	const sched_stmt *s = f.compile(src, 100, "m");
	ASSERT_NE(s, nullptr);
	EXPECT_EQ(sched_value_cycle(s), 1);
	Fixture g;
	const sched_stmt *t = g.compile(src, 1000.0 / 7, "m");
	ASSERT_NE(t, nullptr);
	const ir_expr *sum = t->decl->body;
	EXPECT_EQ(sched_node_cycle(t, sum->args[1]), 1);	// the product
	EXPECT_EQ(sched_node_cycle(t, sum), 2);
	EXPECT_EQ(t->latency, 3);
	// Register bits: 3 reads (16 each), the first read delayed a further
	// cycle (16), the product registered for the sum (16), the valid bit
	// delayed 2 cycles.
	EXPECT_EQ(sched_pipe_reg_bits(t), 3 * 16 + 16 + 16 + 2);
}

TEST(Pipeline, ReductionAccumulatorFollowsTheBody)
{
	Fixture f;
	// sum over x of in * in (too long to unroll into adders): the product (5) and the accumulator's adder
	// and mux (2 + 1) make 8 ns <= 9 at 100 MHz, so the accumulator is in
	// cycle 1 (the reads' cycle); at 125 MHz (7 ns) it moves to cycle 2.
	const char src[] =
		"input in : u16[4][100];\n"
		"func r(y) : u16 = sum(x in 0..100) in(y, x) * in(y, x);\n"
		"output r[4];\n";
	const sched_stmt *s = f.compile(src, 100, "r");
	ASSERT_NE(s, nullptr);
	ASSERT_TRUE(s->is_reduction);
	EXPECT_EQ(sched_acc_cycle(s), 1);
	EXPECT_EQ(s->latency, 2);
	Fixture g;
	const sched_stmt *t = g.compile(src, 1000.0 / 7, "r");
	ASSERT_NE(t, nullptr);
	EXPECT_EQ(sched_acc_cycle(t), 2);
	EXPECT_EQ(t->latency, 3);
}

TEST(Pipeline, NoDelayModelKeepsTheOldLatency)
{
	sl_ctx *ctx = sl_ctx_alloc();
	flow_options fo;
	flow_options_default(&fo);
	flow_design *d = flow_compile_text(ctx, "t.sl", kChain, strlen(kChain), &fo);
	ASSERT_NE(d, nullptr);
	const sched_stmt *s = d->sp->stmts[1];
	EXPECT_EQ(s->pipe, nullptr);
	EXPECT_EQ(s->latency, 1);	// no multiplier: one register
	EXPECT_EQ(sched_node_cycle(s, s->decl->body), 0);
	flow_free(d);
	sl_ctx_free(ctx);
}

TEST(Pipeline, IncompleteDelayModelIsALocatedError)
{
	sl_ctx *ctx = sl_ctx_alloc();
	char *buf = nullptr;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	sl_ctx_set_diag_stream(ctx, f);
	char path[64];
	snprintf(path, sizeof path, "/tmp/t_pipeline_bad_%d.board", (int) getpid());
	std::string t = board_text("");
	t.erase(t.find("delay mul"), strlen("delay mul 5 0\n"));
	FILE *b = fopen(path, "w");
	fwrite(t.data(), 1, t.size(), b);
	fclose(b);
	EXPECT_EQ(board_load(ctx, path), nullptr);
	sl_diag_flush(ctx);
	fflush(f);
	EXPECT_NE(std::string(buf, len).find("no 'delay mul'"), std::string::npos)
		<< std::string(buf, len);
	sl_ctx_free(ctx);
	fclose(f);
	free(buf);
	remove(path);
}

}  // namespace
