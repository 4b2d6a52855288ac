// tests/unit/t_model.cpp: the cycle-level model (sim/model.c).
// Programs are compiled from source, scheduled and buffered by the real
// stages; the model runs the mapped design on seeded random inputs, and
// its outputs are compared here, value by value, with the CPU reference's
// (ref_run, an independent evaluator over dense arrays).  Its
// measured cycle count must equal the schedule's prediction.  Negative
// tests corrupt a ub_set (one word too few) and expect a violation,
// which shows the check can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <isl/ctx.h>

#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "flow/flow.h"
#include "frontend/frontend.h"
#include "sim/sim.h"

namespace {

// One program through every stage up to the buffers, diagnostics kept in
// memory.
struct Mdl {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *design = nullptr;
	ir_program *prog = nullptr;
	sched_program *sp = nullptr;
	ub_set *ubs = nullptr;
	std::vector<ir_decl *> in_decls;
	std::vector<io_array *> in_arrays, ref, out;
	ref_inputs in{};
	sim_model_stats stats{};
	double ref_seconds = 0, model_seconds = 0;
	std::vector<sl_define> defines;

	// From source text, or from a file when "text" is empty.
	Mdl(const std::string &text, const char *path = "t.sl",
	    sched_policy policy = SCHED_STREAM, const std::vector<sl_define> &defs = {})
	{
		ctx = sl_ctx_alloc();
		defines = defs;
		sl_ctx_set_defines(ctx, defines.data(), (int) defines.size());
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options fo;
		flow_options_default(&fo);
		fo.sched.policy = policy;
		design = text.empty() ? flow_compile(ctx, path, &fo)
			: flow_compile_text(ctx, path, text.data(), text.size(), &fo);
		if (!design)
			return;
		prog = design->prog;
		sp = design->sp;
		ubs = design->ubs;
	}
	~Mdl()
	{
		for (io_array *a : in_arrays)
			io_array_free(a);
		for (io_array *a : ref)
			io_array_free(a);
		for (io_array *a : out)
			io_array_free(a);
		sim_model_stats_release(&stats);
		flow_free(design);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Mdl(const Mdl &) = delete;
	Mdl &operator=(const Mdl &) = delete;

	std::string diags()
	{
		sl_diag_flush(ctx);
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	bool built() const { return ubs != nullptr; }

	void make_inputs(uint64_t seed)
	{
		for (int i = 0; i < prog->n_decls; i++) {
			ir_decl *d = prog->decls[i];
			if (d->kind != IR_DECL_INPUT)
				continue;
			in_decls.push_back(d);
			in_arrays.push_back(io_random_array(d->type, d->n_dims,
				d->extents, seed, d->name));
		}
		in.n = (int) in_decls.size();
		in.decls = in_decls.data();
		in.arrays = in_arrays.data();
	}

	// Reference and model (inputs made on the first call); 0 when both
	// ran.
	int run(uint64_t seed = 1)
	{
		if (in_arrays.empty())
			make_inputs(seed);
		for (io_array *a : ref)
			io_array_free(a);
		for (io_array *a : out)
			io_array_free(a);
		ref.assign(prog->n_outputs, nullptr);
		out.assign(prog->n_outputs, nullptr);
		auto t0 = std::chrono::steady_clock::now();
		if (ref_run(ctx, prog, &in, ref.data()) < 0)
			return -2;
		auto t1 = std::chrono::steady_clock::now();
		sim_model_stats_release(&stats);
		int rc = sim_model_run(ctx, sp, ubs, &in, out.data(), &stats);
		auto t2 = std::chrono::steady_clock::now();
		ref_seconds = std::chrono::duration<double>(t1 - t0).count();
		model_seconds = std::chrono::duration<double>(t2 - t1).count();
		return rc;
	}

	// The first difference between model and reference, or "".
	std::string compare()
	{
		for (int k = 0; k < prog->n_outputs; k++) {
			const io_array *a = ref[k], *b = out[k];
			if (!a || !b)
				return "missing output " + std::to_string(k);
			if (a->size != b->size || a->n_dims != b->n_dims)
				return "shape of output " + std::to_string(k);
			for (int64_t i = 0; i < a->size; i++)
				if (a->data[i] != b->data[i])
					return std::string(prog->outputs[k]->name) + " at offset "
						+ std::to_string(i) + ": ref "
						+ std::to_string(a->data[i]) + " model "
						+ std::to_string(b->data[i]);
		}
		return "";
	}

	ub_buffer *buffer(const char *name)
	{
		for (int k = 0; k < ubs->n_buffers; k++)
			if (!strcmp(ubs->buffers[k]->name, name))
				return ubs->buffers[k];
		return nullptr;
	}
};

// The cycle after the last write of an output value, from the schedule
// alone: each output's last box point in row-major order (with its
// reduction dims at their last value) starts last, since a statement's
// times grow in lexicographic order; its value is written a latency later.
int64_t cycles_from_schedule(const sched_program *sp)
{
	int64_t last = -1;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (s->is_input) {	/* done waits for the last element taken */
			int64_t it[SCHED_MAX_DIMS];
			for (int d = 0; d < s->n_dims; d++)
				it[d] = s->lo[d] + s->ext[d] - 1;
			last = std::max(last, sched_time(s, it));
			continue;
		}
		if (!s->is_output)
			continue;
		int64_t it[SCHED_MAX_DIMS];
		for (int d = 0; d < s->n_dims; d++)
			it[d] = d < s->n_vars ? s->decl->out_extents[d] - 1
				: s->lo[d] + s->ext[d] - 1;
		last = std::max(last, sched_time(s, it) + s->latency);
	}
	return last + 1;
}

// The whole check on one program: outputs equal, cycles as predicted,
// live values as the buffer analysis computed.
void expect_model_matches(Mdl &m, uint64_t seed = 1)
{
	ASSERT_TRUE(m.built()) << m.diags();
	ASSERT_EQ(m.run(seed), 0) << m.diags();
	EXPECT_EQ(m.compare(), "");
	EXPECT_EQ(m.stats.cycles, m.sp->predicted_cycles);
	EXPECT_EQ(m.stats.cycles, cycles_from_schedule(m.sp));
	int64_t n_out = 0;
	for (int k = 0; k < m.prog->n_outputs; k++)
		n_out += m.ref[k]->size;
	EXPECT_EQ(m.stats.outputs_checked, n_out);
	ASSERT_EQ(m.stats.n_buffers, m.ubs->n_buffers);
	for (int k = 0; k < m.ubs->n_buffers; k++)
		EXPECT_EQ(m.stats.max_live[k], m.ubs->buffers[k]->max_live_words)
			<< "buffer " << m.ubs->buffers[k]->name;
}

void expect_source_matches(const std::string &src,
	sched_policy policy = SCHED_STREAM)
{
	Mdl m(src, "t.sl", policy);
	expect_model_matches(m);
}

// ------------------------------------------------------------- examples

class t_model_example : public testing::TestWithParam<const char *> {};

TEST_P(t_model_example, matches_reference_stream)
{
	std::string path = std::string(SLUICE_SOURCE_DIR "/examples/") + GetParam();
	Mdl m("", path.c_str());
	expect_model_matches(m);
}

TEST_P(t_model_example, matches_reference_sequential)
{
	std::string path = std::string(SLUICE_SOURCE_DIR "/examples/") + GetParam();
	Mdl m("", path.c_str(), SCHED_SEQUENTIAL);
	expect_model_matches(m, 7);
}

INSTANTIATE_TEST_SUITE_P(examples, t_model_example,
	testing::Values("brighten.sl", "gaussian.sl", "cascade.sl", "harris.sl",
		"unsharp.sl", "upsample.sl", "downsample.sl", "camera_pipeline.sl",
		"laplacian_pyramid.sl", "jacobi.sl", "resnet_layer.sl",
		"mobilenet.sl", "matmul.sl"),
	[](const testing::TestParamInfo<const char *> &p) {
		std::string s = p.param;
		return s.substr(0, s.find('.'));
	});

// ------------------------------------------------------------- patterns

TEST(t_model, pointwise_chain)
{
	expect_source_matches(
		"input in : u8[8][8];\n"
		"func a(y, x) : u8 = in(y, x) + 3;\n"
		"func b(y, x) : u8 = a(y, x) * 2;\n"
		"output b[8][8];\n");
}

TEST(t_model, multi_rate_downsample_upsample)
{
	expect_source_matches(
		"input in : u8[16][16];\n"
		"func d(y, x) : u16 = u16(in(2*y, 2*x)) + u16(in(2*y + 1, 2*x + 1));\n"
		"func u(y, x) : u16 = d(y / 2, x / 2) + u16(in(y / 2, x / 2));\n"
		"output d[8][8];\n"
		"output u[16][16];\n");
}

TEST(t_model, strided)
{
	expect_source_matches(
		"input in : u8[24][24];\n"
		"func s(y, x) : u8 = in(3*y + 2, 3*x) ^ in(3*y, 3*x + 1);\n"
		"output s[7][8];\n");
}

TEST(t_model, transposed)
{
	expect_source_matches(
		"input in : u8[8][12];\n"
		"func a(y, x) : u8 = in(y, x) + 1;\n"
		"func t(x, y) : u8 = a(y, x);\n"
		"output t[12][8];\n");
}

TEST(t_model, flipped)
{
	expect_source_matches(
		"input in : u16[10][10];\n"
		"func a(y, x) : u16 = in(y, x) >> 1;\n"
		"func f(y, x) : u16 = a(9 - y, 9 - x) + a(y, x);\n"
		"output f[10][10];\n");
}

TEST(t_model, clamped_borders)
{
	expect_source_matches(
		"input in : u8[12][12];\n"
		"func b(y, x) : u16 = u16(in(clamp(y - 1, 0, 11), x)) "
		"+ u16(in(y, max(x - 1, 0))) + u16(in(min(y + 1, 11), clamp(x + 1, 0, 11)));\n"
		"output b[12][12];\n");
}

TEST(t_model, reduction_sum_max_min)
{
	expect_source_matches(
		"input in : u8[10][10];\n"
		"func s(y, x) : u16 = sum(r in 0..5, c in 0..5) u16(in(y + r, x + c));\n"
		"func mx(y, x) : u8 = maximum(r in 0..3) in(y + r, x);\n"
		"func mn(y, x) : u8 = minimum(c in -1..2) in(y + 2, x + c + 1);\n"
		"output s[6][6];\n"
		"output mx[6][6];\n"
		"output mn[6][6];\n");
}

TEST(t_model, reduction_over_a_func_and_matvec)
{
	expect_source_matches(
		"input a : i8[6][20];\n"
		"input v : i8[20];\n"
		"func p(i, k) : i16 = i16(a(i, k)) * i16(v(k));\n"
		"func mv(i) : i32 = sum(k in 0..20) i32(p(i, k));\n"
		"output mv[6];\n");
}

TEST(t_model, lookup_table)
{
	expect_source_matches(
		"input in : u8[8][8];\n"
		"const lut : u8[256] = { " + [] {
			std::string s;
			for (int i = 0; i < 256; i++)
				s += std::to_string((i * 37 + 11) % 256) + (i < 255 ? ", " : "");
			return s;
		}() + " };\n"
		"func g(y, x) : u8 = lut(in(y, x)) + lut(in(y, 7 - x));\n"
		"output g[8][8];\n");
}

TEST(t_model, signed_arithmetic)
{
	expect_source_matches(
		"input in : i8[9][9];\n"
		"func d(y, x) : i16 = i16(in(y, x + 1)) - i16(in(y + 1, x)) * 3;\n"
		"func q(y, x) : i8 = i8(clamp(d(y, x) / 5 + (d(y, x) % 7) - i16(abs(d(y, x))) >> 2, -128, 127));\n"
		"func s(y, x) : i8 = d(y, x) < 0 ? -in(y, x) : in(y, x) >> 1;\n"
		"output q[8][8];\n"
		"output s[8][8];\n");
}

TEST(t_model, index_cast_of_variables)
{
	expect_source_matches(
		"input in : u8[6][6];\n"
		"func r(y, x) : u8 = in(y, x) + u8(x * 7 - y);\n"
		"output r[6][6];\n");
}

TEST(t_model, multi_output_shared_producer)
{
	expect_source_matches(
		"input in : u8[16][16];\n"
		"func bx(y, x) : u16 = u16(in(y, x)) + u16(in(y, x + 1)) + u16(in(y, x + 2));\n"
		"func by(y, x) : u16 = bx(y, x) + bx(y + 1, x) + bx(y + 2, x);\n"
		"func e(y, x) : u8 = u8(by(y, x) / 9);\n"
		"output bx[14][14];\n"
		"output e[14][14];\n");
}

// An inline func that reads stored funcs, after another inline func (so
// the lowered declarations are numbered differently from the source's).
TEST(t_model, inline_reading_stored_funcs)
{
	expect_source_matches(
		"input in : u8[8][8];\n"
		"func q(y, x) : u8 = in(y, x) + 2;\n"
		"func a(y, x) : u8 = q(y, x) + 1;\n"
		"func b(y, x) : u8 = in(y, x) * 3;\n"
		"func t(y, x) : u8 = a(y, x) - b(y, x);\n"
		"func c(y, x) : u8 = t(y, x) ^ a(y, x);\n"
		"inline q;\n"
		"inline t;\n"
		"output c[8][8];\n");
}

// "a" is computed over rows 0..11 for "b", but only its rows 0..1 are
// output values: the cycle count ends with the last output value, not
// with a's unread tail a(11, 4..7).
TEST(t_model, output_domain_past_its_box)
{
	expect_source_matches(
		"input in : u8[12][8];\n"
		"func a(y, x) : u8 = in(y, x) + 1;\n"
		"func b(y, x) : u8 = a(y + 10, x) * 2;\n"
		"output a[2][8];\n"
		"output b[2][4];\n");
}

// ------------------------------------------------------------- violations

const char *kBlur =
	"input in : u8[16][16];\n"
	"func b(y, x) : u16 = u16(in(y, x)) + u16(in(y + 2, x + 1));\n"
	"output b[14][14];\n";

// One word too few in the buffer of "in": the newest write overtakes the
// value the y + 0 read still needs.
TEST(t_model, capacity_one_short_bad)
{
	Mdl m(kBlur);
	ASSERT_TRUE(m.built()) << m.diags();
	ub_buffer *b = m.buffer("in");
	ASSERT_NE(b, nullptr);
	ASSERT_GT(b->capacity_words, 1);
	b->capacity_words -= 1;
	// A delay chain one word shorter: its deepest tap moves one closer.
	for (int i = 0; i < b->n_ports; i++)
		if (!b->ports[i].is_write && b->ports[i].dist_const
		    && b->ports[i].dist == b->capacity_words)
			b->ports[i].dist -= 1;
	EXPECT_EQ(m.run(), -1);
	std::string d = m.diags();
	EXPECT_NE(d.find("t.sl:2:"), std::string::npos) << d;
	EXPECT_NE(d.find("reads 'in'"), std::string::npos) << d;
	EXPECT_NE(d.find("cycle"), std::string::npos) << d;
}

// Capacity one short on a circular buffer (addressed by write index): the
// slot of the oldest still-needed value has been overwritten.
TEST(t_model, circular_one_short_bad)
{
	Mdl m(kBlur);
	ASSERT_TRUE(m.built()) << m.diags();
	ub_buffer *b = m.buffer("in");
	ASSERT_NE(b, nullptr);
	b->storage = UB_CIRCULAR;
	b->capacity_words -= 1;
	EXPECT_EQ(m.run(), -1);
	std::string d = m.diags();
	EXPECT_NE(d.find("overwritten before its last read"), std::string::npos) << d;
}

// A delay-chain tap one write too close to the write side finds a newer
// element; the uncorrupted design passes.
TEST(t_model, tap_one_short_bad)
{
	Mdl m(kBlur);
	ASSERT_TRUE(m.built());
	ub_buffer *b = m.buffer("in");
	b->storage = UB_CIRCULAR;
	int64_t cap = b->capacity_words;
	// The uncorrupted design passes.
	ASSERT_EQ(m.run(), 0) << m.diags();
	EXPECT_EQ(m.compare(), "");
	b->capacity_words = cap;
	b->storage = UB_DELAY_CHAIN;
	bool moved = false;
	for (int i = 0; i < b->n_ports; i++)
		if (!b->ports[i].is_write && b->ports[i].dist > 0 && !moved) {
			b->ports[i].dist -= 1;
			moved = true;
		}
	ASSERT_TRUE(moved);
	EXPECT_EQ(m.run(), -1);
	EXPECT_NE(m.diags().find("a newer value: the tap is too close"),
		std::string::npos) << m.diags();
}

// Without output arrays the model computes no values and gives the same
// cycles, output count and live values; a corrupted buffer still fails.
TEST(t_model, cycles_only_without_values)
{
	Mdl m("", SLUICE_SOURCE_DIR "/examples/harris.sl");
	ASSERT_TRUE(m.built()) << m.diags();
	ASSERT_EQ(m.run(), 0) << m.diags();
	sim_model_stats st{};
	ASSERT_EQ(sim_model_run(m.ctx, m.sp, m.ubs, &m.in, nullptr, &st), 0) << m.diags();
	EXPECT_EQ(st.cycles, m.stats.cycles);
	EXPECT_EQ(st.cycles, m.sp->predicted_cycles);
	EXPECT_EQ(st.outputs_checked, m.stats.outputs_checked);
	ASSERT_EQ(st.n_buffers, m.stats.n_buffers);
	for (int k = 0; k < st.n_buffers; k++)
		EXPECT_EQ(st.max_live[k], m.stats.max_live[k]) << k;
	sim_model_stats_release(&st);
	ub_buffer *b = m.ubs->buffers[0];
	b->storage = UB_CIRCULAR;
	b->capacity_words -= 1;
	EXPECT_EQ(sim_model_run(m.ctx, m.sp, m.ubs, &m.in, nullptr, &st), -1);
	EXPECT_NE(m.diags().find("overwritten before its last read"), std::string::npos)
		<< m.diags();
	sim_model_stats_release(&st);
}

TEST(t_model, command_end_to_end)
{
	std::string src = kBlur;
	sl_ctx *ctx = sl_ctx_alloc();
	char *dbuf = nullptr;
	size_t dlen = 0;
	FILE *diag = open_memstream(&dbuf, &dlen);
	sl_ctx_set_diag_stream(ctx, diag);
	flow_options fo;
	flow_options_default(&fo);
	flow_design *design = flow_compile_text(ctx, "t.sl", src.data(), src.size(), &fo);
	ASSERT_NE(design, nullptr);
	ir_decl *d = ir_program_find(design->prog, "in");
	io_array *a = io_random_array(d->type, d->n_dims, d->extents, 3, "in");
	ref_inputs in{1, &d, &a, false, 0};
	io_array *out = nullptr;
	char *rbuf = nullptr;
	size_t rlen = 0;
	FILE *rep = open_memstream(&rbuf, &rlen);
	EXPECT_EQ(sim_check_model(ctx, design->prog, design->sp, design->ubs, &in, &out, rep), 0);
	fclose(rep);
	sl_diag_flush(ctx);
	EXPECT_EQ(std::string(dbuf ? dbuf : "", dlen), "");
	ASSERT_NE(out, nullptr);
	// b(y, x) = in(y, x) + in(y + 2, x + 1), by hand.
	for (int y = 0; y < 14; y++)
		for (int x = 0; x < 14; x++)
			ASSERT_EQ(out->data[y * 14 + x],
				a->data[y * 16 + x] + a->data[(y + 2) * 16 + x + 1]);
	EXPECT_NE(std::string(rbuf, rlen).find("196 output values"), std::string::npos)
		<< rbuf;
	free(rbuf);
	io_array_free(out);
	io_array_free(a);
	flow_free(design);
	sl_ctx_free(ctx);
	fclose(diag);
	free(dbuf);
}

// ------------------------------------------------------------- speed

// 1080p gaussian through the model; prints the time (a benchmark figure,
// not a timed test).
TEST(t_model, gaussian_1080p)
{
	auto t0 = std::chrono::steady_clock::now();
	Mdl m("", SLUICE_SOURCE_DIR "/examples/gaussian.sl", SCHED_STREAM,
		{ { "W", 1920 }, { "H", 1080 } });
	auto t1 = std::chrono::steady_clock::now();
	ASSERT_TRUE(m.built()) << m.diags();
	EXPECT_EQ(m.prog->outputs[0]->out_extents[0], 1078);	// H - 2
	EXPECT_EQ(m.prog->outputs[0]->out_extents[1], 1918);	// W - 2
	ASSERT_EQ(m.run(5), 0) << m.diags();
	EXPECT_EQ(m.compare(), "");
	EXPECT_EQ(m.stats.cycles, m.sp->predicted_cycles);
	printf("[ model    ] gaussian 1080p: %lld cycles, %lld iterations, "
		"%lld reads; compile %.2f s, reference %.2f s, model %.2f s\n",
		(long long) m.stats.cycles, (long long) m.stats.iterations,
		(long long) m.stats.reads,
		std::chrono::duration<double>(t1 - t0).count(), m.ref_seconds,
		m.model_seconds);
}

} // namespace

// A chain with border taps (ubuffer/border.c): the model reads the tap its
// edges name at each iteration, so a border tap one position off finds
// another element, and the uncorrupted design passes.
TEST(t_model, border_tap_off_bad)
{
	const char *box =
		"input in : u8[6][7];\n"
		"func px(y, x) : u16 = u16(in(clamp(y, 0, 5), clamp(x, 0, 6)));\n"
		"func b(y, x) : u16 = px(y - 1, x - 1) + px(y, x) + px(y + 1, x + 1);\n"
		"inline px;\n"
		"output b[6][7];\n";
	Mdl m(box);
	ASSERT_TRUE(m.built()) << m.diags();
	ub_buffer *b = m.buffer("in");
	ASSERT_NE(b, nullptr);
	ASSERT_TRUE(b->border);
	ASSERT_EQ(m.run(), 0) << m.diags();
	EXPECT_EQ(m.compare(), "");
	ub_edge *e = nullptr;
	for (int i = 1; i < b->n_ports && !e; i++)
		if (b->ports[i].n_edges > 0)
			e = &b->ports[i].edges[0];
	ASSERT_NE(e, nullptr);
	e->shift += 1;
	EXPECT_EQ(m.run(), -1);
	EXPECT_NE(m.diags().find("reads 'in'"), std::string::npos) << m.diags();
}
