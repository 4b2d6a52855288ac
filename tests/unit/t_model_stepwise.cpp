// tests/unit/t_model_stepwise.cpp: the cycle-level model (sim/model.c,
// which checks each read against its buffer's write count, statement by
// statement) against the model that steps every cycle and tags every slot
// (tests/unit/model_stepwise.c, the model before it).  On every example,
// intact and with its buffers corrupted one way at a time (capacity one
// word short, as a circular buffer and as a chain; each read port's tap
// one closer and one further; each border edge's shift one off), both
// must agree: the same exit, the same first violation word for word, and
// when both pass the same cycles, live values and outputs.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "flow/flow.h"
#include "sim/sim.h"

extern "C" int stepwise_model_run_frames(sl_ctx *ctx, const sched_program *sp,
	const ub_set *ubs, const ref_inputs *in, int n_frames, io_array **outputs,
	sim_model_stats *stats);

namespace {

typedef int (*model_fn)(sl_ctx *, const sched_program *, const ub_set *, const ref_inputs *,
	int, io_array **, sim_model_stats *);

// One engine's verdict on a design: exit, diagnostics, stats, outputs.
struct Verdict {
	int rc = 0;
	std::string diag;
	int64_t cycles = 0, outputs_checked = 0;
	std::vector<int64_t> max_live;
	std::vector<uint64_t> values;
};

struct Design {
	sl_ctx *ctx = nullptr;
	flow_design *d = nullptr;
	std::vector<ir_decl *> decls;
	std::vector<io_array *> arrays;
	std::vector<ref_inputs> frames;

	Design(const std::string &path, sched_policy policy, int n_frames)
	{
		ctx = sl_ctx_alloc();
		flow_options fo;
		flow_options_default(&fo);
		fo.sched.policy = policy;
		d = flow_compile(ctx, path.c_str(), &fo);
		if (!d)
			return;
		const ir_program *lp = d->sp->lowered;
		for (int f = 0; f < n_frames; f++)
			for (int i = 0; i < lp->n_decls; i++) {
				ir_decl *x = lp->decls[i];
				if (x->kind != IR_DECL_INPUT)
					continue;
				decls.push_back(x);
				arrays.push_back(io_random_array(x->type, x->n_dims, x->extents,
					(uint64_t) (11 + f), x->name));
			}
		size_t per = decls.size() / (size_t) n_frames;
		for (int f = 0; f < n_frames; f++) {
			ref_inputs in{};
			in.n = (int) per;
			in.decls = decls.data() + f * per;
			in.arrays = arrays.data() + f * per;
			frames.push_back(in);
		}
	}
	~Design()
	{
		for (io_array *a : arrays)
			io_array_free(a);
		flow_free(d);
		sl_ctx_free(ctx);
	}
	Design(const Design &) = delete;
	Design &operator=(const Design &) = delete;

	Verdict run(model_fn fn)
	{
		Verdict v;
		sl_ctx *c = sl_ctx_alloc();
		char *buf = nullptr;
		size_t len = 0;
		FILE *diag = open_memstream(&buf, &len);
		sl_ctx_set_diag_stream(c, diag);
		int n_frames = (int) frames.size(), n_out = d->sp->lowered->n_outputs;
		std::vector<io_array *> out((size_t) n_frames * n_out + 1, nullptr);
		sim_model_stats st{};
		v.rc = fn(c, d->sp, d->ubs, frames.data(), n_frames, out.data(), &st);
		sl_diag_flush(c);
		fflush(diag);
		v.diag.assign(buf ? buf : "", len);
		if (v.rc == 0) {
			v.cycles = st.cycles;
			v.outputs_checked = st.outputs_checked;
			v.max_live.assign(st.max_live, st.max_live + st.n_buffers);
			for (io_array *a : out)
				for (int64_t k = 0; a && k < a->size; k++)
					v.values.push_back(io_array_get(a, k));
		}
		for (io_array *a : out)
			io_array_free(a);
		sim_model_stats_release(&st);
		sl_ctx_free(c);
		fclose(diag);
		free(buf);
		return v;
	}
};

// Both engines on the design as it is now; the number of violations seen.
int expect_same(Design &m, const std::string &what)
{
	Verdict a = m.run(sim_model_run_frames), b = m.run(stepwise_model_run_frames);
	EXPECT_EQ(a.rc, b.rc) << what << "\nmodel: " << a.diag << "\nstepwise: " << b.diag;
	EXPECT_EQ(a.diag, b.diag) << what;
	EXPECT_EQ(a.cycles, b.cycles) << what;
	EXPECT_EQ(a.outputs_checked, b.outputs_checked) << what;
	EXPECT_EQ(a.max_live, b.max_live) << what;
	EXPECT_TRUE(a.values == b.values) << what;
	return b.rc < 0;
}

// Apply "change", compare, undo.
template <typename T>
int with(Design &m, T *field, T value, const std::string &what)
{
	T old = *field;
	*field = value;
	int n = expect_same(m, what);
	*field = old;
	return n;
}

// Every corruption of every buffer of one design; how many of them the
// models reject.
int corrupt_all(Design &m, const std::string &name)
{
	int bad = 0;
	expect_same(m, name + " intact");
	for (int k = 0; k < m.d->ubs->n_buffers; k++) {
		ub_buffer *b = m.d->ubs->buffers[k];
		std::string at = name + " buffer " + b->name;
		if (b->capacity_words > 1) {
			ub_storage s = b->storage;
			b->storage = UB_CIRCULAR;
			bad += with(m, &b->capacity_words, b->capacity_words - 1, at + " circular short");
			b->storage = s;
			bad += with(m, &b->capacity_words, b->capacity_words - 1, at + " short");
		}
		// the fields each storage reads: a chain's distances, a border
		// chain's taps and edges (a circular buffer reads neither)
		bool chain = b->storage == UB_DELAY_CHAIN || b->storage == UB_REGISTERS;
		for (int i = 1; chain && i < b->n_ports && i < 12; i++) {
			ub_port *p = &b->ports[i];
			if (p->is_write)
				continue;
			std::string pt = at + " port " + std::to_string(i);
			if (!b->border && p->dist > 0)
				bad += with(m, &p->dist, p->dist - 1, pt + " tap closer");
			if (!b->border)
				bad += with(m, &p->dist, p->dist + 1, pt + " tap further");
			if (b->border)
				bad += with(m, &p->tap, p->tap + 1, pt + " border tap further");
			for (int e = 0; b->border && e < p->n_edges; e++)
				bad += with(m, &p->edges[e].shift, p->edges[e].shift + 1,
					pt + " edge " + std::to_string(e));
		}
	}
	return bad;
}

// Both policies and three frames of the program at "path"; the
// corruptions caught.
int corrupt_program(const std::string &path, const std::string &name)
{
	int bad = 0;
	for (sched_policy pol : { SCHED_STREAM, SCHED_SEQUENTIAL }) {
		Design m(path, pol, 1);
		if (!m.d)
			return -1;
		bad += corrupt_all(m, name + (pol == SCHED_STREAM ? " stream" : " sequential"));
	}
	Design f(path, SCHED_STREAM, 3);
	if (!f.d)
		return -1;
	return bad + corrupt_all(f, name + " 3 frames");
}

// The programs of the random generator's regression corpus
// (tests/diff/regress), and with $SLUICE_STEPWISE_DIR every *.sl there
// (e.g. a few hundred from tests/diff/gen.py; those the flow refuses are
// skipped).
TEST(t_model_stepwise, random_programs)
{
	std::vector<std::string> dirs = { SLUICE_SOURCE_DIR "/tests/diff/regress" };
	if (const char *d = getenv("SLUICE_STEPWISE_DIR"))
		dirs.push_back(d);
	int n = 0, skipped = 0, bad = 0;
	for (const std::string &dir : dirs) {
		std::string cmd = "ls " + dir + "/*.sl 2>/dev/null";
		FILE *ls = popen(cmd.c_str(), "r");
		ASSERT_NE(ls, nullptr);
		char line[4096];
		while (fgets(line, sizeof line, ls)) {
			std::string path(line);
			path.erase(path.find_last_not_of("\n") + 1);
			int k = corrupt_program(path, path);
			if (k < 0) {
				skipped++;
				continue;
			}
			n++;
			bad += k;
		}
		pclose(ls);
	}
	EXPECT_GT(n, 10);
	printf("[ stepwise ] %d programs (%d refused by the flow): %d corruptions caught by both\n",
		n, skipped, bad);
}

class t_model_stepwise : public testing::TestWithParam<const char *> {};

TEST_P(t_model_stepwise, same_verdicts)
{
	std::string name = GetParam(), path = std::string(SLUICE_SOURCE_DIR "/examples/") + name
		+ ".sl";
	int bad = 0;
	for (sched_policy pol : { SCHED_STREAM, SCHED_SEQUENTIAL }) {
		Design m(path, pol, 1);
		ASSERT_NE(m.d, nullptr) << name;
		bad += corrupt_all(m, name + (pol == SCHED_STREAM ? " stream" : " sequential"));
	}
	Design f(path, SCHED_STREAM, 3);
	ASSERT_NE(f.d, nullptr);
	bad += corrupt_all(f, name + " 3 frames");
	// Corruptions that change nothing a read finds are no failure (a
	// register chain's unused positions), but most must be caught.
	EXPECT_GT(bad, 0) << name;
	printf("[ stepwise ] %s: %d corruptions caught by both\n", name.c_str(), bad);
}

INSTANTIATE_TEST_SUITE_P(examples, t_model_stepwise,
	testing::Values("brighten", "gaussian", "cascade", "harris", "unsharp", "upsample",
		"downsample", "camera_pipeline", "laplacian_pyramid", "jacobi", "resnet_layer",
		"mobilenet", "matmul", "blur_xy"),
	[](const testing::TestParamInfo<const char *> &p) { return std::string(p.param); });

} // namespace
