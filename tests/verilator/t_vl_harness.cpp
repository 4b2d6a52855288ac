// tests/verilator/t_vl_harness.cpp: the Verilator harness (verilator/run.c,
// verilator/testbench.c) on a hand-written module, tests/verilator/two.v, for
// tests/verilator/two.sl (inputs a: u8, b: i16 [3][5]; outputs
// s = i16(a) + b, m = a ^ 90; 17 cycles).  Expected values are computed
// here from the program's meaning; the negative tests edit the module
// text (a wrong constant, a late or missing done, one element too many)
// and expect the harness to see it.  Label "verilator": each distinct
// module is verilated once (about 10 s) into one cache shared by the
// tests (t_verilator_harness_two's has its own, to see a miss).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "flow/flow.h"
#include "frontend/frontend.h"
#include "sim/sim.h"

namespace {

const std::string src = SLUICE_SOURCE_DIR "/tests/verilator/";

std::string read_text(const std::string &path)
{
	size_t len = 0;
	char *t = sl_read_file(path.c_str(), &len);
	EXPECT_NE(t, nullptr) << path;
	std::string s = t ? std::string(t, len) : std::string();
	free(t);
	return s;
}

// s = i16(a) + b wrapped to 16 bits, m = a ^ 90: from the program text.
int64_t want_s(uint64_t a, int64_t b)
{
	return (int16_t) (uint16_t) (a + (uint64_t) b);
}

struct VlRun {
	sl_ctx *ctx = sl_ctx_alloc();
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *design = nullptr;
	ir_program *prog = nullptr;
	sched_program *sp = nullptr;
	io_array *a = nullptr, *b = nullptr;
	io_array *out[2] = { nullptr, nullptr };
	vl_stats st{};
	vl_cycles cyc{};
	int rc = -1;

	// vl_run on the module, or with "sim" the whole check of `sluice sim`
	// (sim_check_verilator: the reference, the comparison, the cycles).
	explicit VlRun(const std::string &verilog, bool sim = false)
	{
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options fo;
		flow_options_default(&fo);
		design = flow_compile(ctx, (src + "two.sl").c_str(), &fo);
		if (!design)
			return;
		prog = design->prog;
		sp = design->sp;
		int64_t dims[2] = { 3, 5 };
		a = io_array_alloc(ir_type_make(false, 8), 2, dims);
		b = io_array_alloc(ir_type_make(true, 16), 2, dims);
		const int64_t bs[] = { -32768, 32767, -1, 0, 1, 12345, -12345, 100 };
		for (int k = 0; k < 15; k++) {
			a->data[k] = k == 1 ? 255 : (uint64_t) (k * 37 + 200) & 255;
			b->data[k] = (uint64_t) bs[k % 8];
		}
		ir_decl *decls[2] = { ir_program_find(prog, "a"), ir_program_find(prog, "b") };
		io_array *arrays[2] = { a, b };
		ref_inputs in{ 2, decls, arrays, false, 0 };
		vl_options vo{ nullptr, 0, nullptr, nullptr, sim ? nullptr : &cyc, 1, 0, nullptr,
			nullptr, 0, 0, nullptr, nullptr, false, 0, nullptr, false };
		rc = sim ? sim_check_verilator(ctx, prog, sp, "sluice_two", verilog.data(),
				verilog.size(), &in, &vo, out, nullptr)
			: vl_run(ctx, sp, "sluice_two", verilog.data(), verilog.size(), &in, &vo,
				out, &st);
	}
	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf, dlen);
	}
	~VlRun()
	{
		for (io_array *x : { a, b, out[0], out[1] })
			io_array_free(x);
		vl_cycles_release(&cyc);
		flow_free(design);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
};

std::string edit(std::string text, const std::string &from, const std::string &to)
{
	size_t at = text.find(from);
	EXPECT_NE(at, std::string::npos) << from;
	if (at != std::string::npos)
		text.replace(at, from.size(), to);
	return text;
}

class VlHarness : public ::testing::Test {
protected:
	// One cache for the suite, kept between runs (ctest runs each test in
	// its own process, in parallel: the cache's per-entry lock makes
	// concurrent runs of one module build it once).  The test that must
	// see a miss first uses a cache of its own, emptied first.
	static void SetUpTestSuite()
	{
		setenv("SLUICE_CACHE_DIR", SLUICE_BINARY_DIR "/verilator_cache_unit", 1);
	}
	static void fresh_cache(const char *name)
	{
		std::string cache = SLUICE_BINARY_DIR "/verilator_cache_unit_" + std::string(name);
		std::string cmd = "rm -rf '" + cache + "'";
		ASSERT_EQ(std::system(cmd.c_str()), 0);
		setenv("SLUICE_CACHE_DIR", cache.c_str(), 1);
	}
};

TEST_F(VlHarness, t_verilator_harness_two)
{
	fresh_cache("two");
	std::string v = read_text(src + "two.v");
	VlRun r(v);
	ASSERT_EQ(r.rc, 0) << r.diags();
	EXPECT_FALSE(r.st.cached);
	EXPECT_EQ(r.st.cycles, 17);	// inputs at 0..14, written at +2, done +1
	EXPECT_EQ(r.st.outputs_received, 30);
	ASSERT_TRUE(r.out[0] && r.out[1]);
	for (int k = 0; k < 15; k++) {
		EXPECT_EQ((int64_t) io_array_get(r.out[0], k),
			want_s(r.a->data[k], (int64_t) r.b->data[k])) << "s at " << k;
		EXPECT_EQ(io_array_get(r.out[1], k), r.a->data[k] ^ 90) << "m at " << k;
	}
	EXPECT_EQ((int64_t) io_array_get(r.out[0], 1), -32514);	// 255 + 32767 wraps

	VlRun again(v);
	ASSERT_EQ(again.rc, 0) << again.diags();
	EXPECT_TRUE(again.st.cached);
	EXPECT_EQ(again.st.build_seconds, 0.0);
	for (int k = 0; k < 15; k++)
		EXPECT_EQ(io_array_get(again.out[0], k), io_array_get(r.out[0], k));
}

TEST_F(VlHarness, t_verilator_harness_wrong_value)
{
	VlRun r(edit(read_text(src + "two.v"), "a_q ^ 8'd90", "a_q ^ 8'd91"));
	ASSERT_EQ(r.rc, 0) << r.diags();
	EXPECT_EQ(io_array_get(r.out[1], 0), r.a->data[0] ^ 91);
	EXPECT_NE(io_array_get(r.out[1], 0), r.a->data[0] ^ 90);
}

TEST_F(VlHarness, t_verilator_harness_late_done)
{
	VlRun r(edit(read_text(src + "two.v"), "LAST = 16'd17", "LAST = 16'd19"));
	ASSERT_EQ(r.rc, 0) << r.diags();
	EXPECT_EQ(r.st.cycles, 19);
}

TEST_F(VlHarness, t_verilator_harness_no_done_bad)
{
	VlRun r(edit(read_text(src + "two.v"), "LAST = 16'd17", "LAST = 16'd9999"));
	EXPECT_EQ(r.rc, -1);
	EXPECT_NE(r.diags().find("did not raise done within 1034 cycles"), std::string::npos)
		<< r.diags();
}

TEST_F(VlHarness, t_verilator_harness_extra_element_bad)
{
	// en one cycle longer, done one cycle later: 16 elements each way.
	VlRun r(edit(edit(read_text(src + "two.v"), "N = 16'd15", "N = 16'd16"),
		"LAST = 16'd17", "LAST = 16'd18"));
	EXPECT_EQ(r.rc, -1);
	std::string d = r.diags();
	EXPECT_NE(d.find("input 'a': the hardware raised a_en in 16 cycles, the input has 15"),
		std::string::npos) << d;
	EXPECT_NE(d.find("output 's': the hardware presented 16 values"), std::string::npos) << d;
}

// The cycles come back as runs (the testbench's out_K.cyc): s and m are
// valid in cycles 2 .. 16, one a cycle, so one run each of 15 values;
// vl_cycles_frame spreads them over the elements, (y, x) in cycle
// 2 + 5 y + x.
TEST_F(VlHarness, t_verilator_harness_cycle_runs)
{
	VlRun r(read_text(src + "two.v"));
	ASSERT_EQ(r.rc, 0) << r.diags();
	ASSERT_EQ(r.cyc.n_ports, 2);
	for (int k = 0; k < 2; k++) {
		ASSERT_EQ(r.cyc.ports[k].n_runs, 1) << k;
		EXPECT_EQ(r.cyc.ports[k].first[0], 2) << k;
		EXPECT_EQ(r.cyc.ports[k].count[0], 15) << k;
	}
	io_array *when[2] = { nullptr, nullptr };
	vl_cycles_frame(&r.cyc, r.sp, 0, when);
	for (int i = 0; i < 2; i++) {
		ASSERT_TRUE(when[i]);
		ASSERT_EQ(when[i]->size, 15);
		for (int k = 0; k < 15; k++)
			EXPECT_EQ(when[i]->data[k], (uint64_t) (2 + k)) << i << " at " << k;
		io_array_free(when[i]);
	}
}

// The check of `sluice sim` on the module: it passes as it is, and each
// of its checks fails when the hardware is wrong in what it checks.
TEST_F(VlHarness, t_verilator_harness_sim)
{
	VlRun r(read_text(src + "two.v"), true);
	ASSERT_EQ(r.rc, 0) << r.diags();
	ASSERT_TRUE(r.out[0] && r.out[1]);
	for (int k = 0; k < 15; k++)
		EXPECT_EQ(io_array_get(r.out[1], k), r.a->data[k] ^ 90) << "m at " << k;
}

TEST_F(VlHarness, t_verilator_harness_sim_late_done_bad)
{
	VlRun r(edit(read_text(src + "two.v"), "LAST = 16'd17", "LAST = 16'd18"), true);
	EXPECT_EQ(r.rc, -1);
	EXPECT_NE(r.diags().find("the Verilated hardware took 18 cycles, the schedule "
		"predicts 17"), std::string::npos) << r.diags();
}

TEST_F(VlHarness, t_verilator_harness_sim_wrong_value_bad)
{
	// m = a ^ 91: its first element differs, presented in cycle 2 (t = 0
	// fires at 1, written at 2).
	VlRun r(edit(read_text(src + "two.v"), "a_q ^ 8'd90", "a_q ^ 8'd91"), true);
	EXPECT_EQ(r.rc, -1);
	char want[200];
	snprintf(want, sizeof want, "the Verilated hardware's output 'm' differs from the "
		"reference at (0, 0) (presented in cycle 2): hardware %llu, reference %llu",
		(unsigned long long) (r.a->data[0] ^ 91), (unsigned long long) (r.a->data[0] ^ 90));
	EXPECT_NE(r.diags().find(want), std::string::npos) << r.diags();
}

} // namespace
