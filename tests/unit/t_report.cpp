// tests/unit/t_report.cpp: report/ (report.html) and the live-word profile
// it draws (ub_live_profile).  The page in a browser is tested by
// tests/report/check_report.py; here: the escaping, the Pareto front on
// configurations whose front is worked out by hand, the page's bytes the
// same every time, and the profile's properties (its peak is the
// analysis's max_live_words, wider bins are the envelope of narrower ones,
// a frame a whole run later repeats the first).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "flow/flow.h"
#include "report/report.h"

namespace {

const char kBlur[] =
	"input in : u8[8][10];\n"
	"func blur(y, x) : u16 = u16(in(y, x)) + u16(in(y, x + 1)) + u16(in(y + 1, x + 2));\n"
	"func out(y, x) : u16 = blur(y, x) / 3;\n"
	"output out[7][8];\n";

std::string capture(void (*fn)(const void *, FILE *), const void *arg)
{
	char *buf = nullptr;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fn(arg, f);
	fclose(f);
	std::string s(buf, len);
	free(buf);
	return s;
}

struct Design {
	sl_ctx *ctx = sl_ctx_alloc();
	flow_design *d = nullptr;
	explicit Design(sched_policy pol)
	{
		flow_options fo;
		flow_options_default(&fo);
		fo.sched.policy = pol;
		d = flow_compile_text(ctx, "t.sl", kBlur, strlen(kBlur), &fo);
	}
	~Design()
	{
		flow_free(d);
		sl_ctx_free(ctx);
	}
};

std::vector<int64_t> profile(const ub_buffer *b, int frames, int64_t period, int64_t bin,
	int n_bins)
{
	std::vector<int64_t> p((size_t) n_bins + 1, -1);
	EXPECT_EQ(ub_live_profile(b, frames, period, bin, n_bins, p.data()), 0);
	p.pop_back();
	return p;
}

}  // namespace

TEST(t_report, escape)
{
	std::string s = capture([](const void *a, FILE *f) {
		rp_html_str(f, static_cast<const char *>(a));
	}, "a&<b>\"c'd");
	EXPECT_EQ(s, "a&amp;&lt;b&gt;&quot;c&#39;d");
	s = capture([](const void *, FILE *f) { rp_html_str(f, nullptr); }, nullptr);
	EXPECT_EQ(s, "");
}

// Board A: (10 cycles, 100 LUTs, 1 BRAM) and (10, 200, 0) trade LUTs for
// block RAM, (5, 500, 9) is the fastest: all three on the front.
// (20, 150, 2) is beaten by (10, 100, 1) in every measure.  (1, 1, 0) does
// not fit: not on the front, and it beats nothing.  (10, 100, 1) twice:
// neither is smaller in one measure, both stay.  Board B's one
// configuration is on its own front although board A's beat its numbers.
TEST(t_report, pareto)
{
	std::vector<rp_config> c = {
		{ "A", "stream", 8, "auto", 10, 100, 1, true, true, "X", "ok" },
		{ "A", "stream", 8, "lut", 10, 200, 0, true, true, "X", "ok" },
		{ "A", "sequential", 8, "auto", 20, 150, 2, true, true, "X", "ok" },
		{ "A", "stream", 64, "auto", 5, 500, 9, false, true, "X", "ok" },
		{ "A", "sequential", 8, "lut", 1, 1, 0, false, false, "X", "does not fit" },
		{ "A", "stream", 16, "auto", 10, 100, 1, true, true, "X", "ok" },
		{ "B", "stream", 8, "auto", 30, 300, 3, true, true, "Y", "ok" },
	};
	rp_study s = { "t.sl", (int) c.size(), c.data() };
	bool p[7];
	rp_pareto(&s, p);
	const bool want[7] = { true, true, false, true, false, true, true };
	for (int i = 0; i < 7; i++)
		EXPECT_EQ(p[i], want[i]) << "configuration " << i;
	std::string page = capture([](const void *a, FILE *f) {
		rp_study_html(static_cast<const rp_study *>(a), f);
	}, &s);
	// Both scatters draw every configuration; the front is marked in each.
	size_t n = 0, np = 0;
	for (size_t at = 0; (at = page.find("<circle class=\"pt", at)) != std::string::npos; at++)
		n++;
	for (size_t at = 0; (at = page.find("<circle class=\"pt pareto", at)) != std::string::npos;
	     at++)
		np++;
	EXPECT_EQ(n, 14u);
	EXPECT_EQ(np, 10u);
}

TEST(t_report, page_same_bytes_no_script)
{
	Design g(SCHED_STREAM);
	ASSERT_NE(g.d, nullptr);
	rp_design rd = { "t.sl", g.d->sp, g.d->ubs, 2, nullptr, nullptr };
	auto draw = [](const void *a, FILE *f) {
		rp_design_html(static_cast<const rp_design *>(a), f);
	};
	std::string a = capture(draw, &rd), b = capture(draw, &rd);
	EXPECT_EQ(a, b);
	EXPECT_EQ(a.find("<script"), std::string::npos);
	EXPECT_NE(a.find("data-stmt=\"blur\" data-frame=\"1\""), std::string::npos);
}

TEST(t_report, live_profile)
{
	for (sched_policy pol : { SCHED_STREAM, SCHED_SEQUENTIAL }) {
		Design g(pol);
		ASSERT_NE(g.d, nullptr);
		int64_t T = g.d->sp->predicted_cycles;
		int checked = 0;
		for (int i = 0; i < g.d->ubs->n_buffers; i++) {
			const ub_buffer *b = g.d->ubs->buffers[i];
			if (b->n_ports < 2)
				continue;
			checked++;
			std::vector<int64_t> one = profile(b, 1, 0, 1, (int) T);
			int64_t most = 0;
			for (int64_t v : one)
				most = v > most ? v : most;
			EXPECT_EQ(most, b->max_live_words) << b->name;
			// Bins of 7 cycles: the most of their cycles.
			int n7 = (int) ((T + 6) / 7);
			std::vector<int64_t> seven = profile(b, 1, 0, 7, n7);
			for (int k = 0; k < n7; k++) {
				int64_t m = 0;
				for (int64_t c = 7 * k; c < 7 * k + 7 && c < T; c++)
					m = one[c] > m ? one[c] : m;
				EXPECT_EQ(seven[k], m) << b->name << " bin " << k;
			}
			// Two frames a whole run apart: the first run twice.
			std::vector<int64_t> two = profile(b, 2, T, 1, (int) (2 * T));
			for (int64_t c = 0; c < 2 * T; c++)
				EXPECT_EQ(two[c], one[c % T]) << b->name << " cycle " << c;
		}
		EXPECT_EQ(checked, 2);
	}
}
