// The numbers of `sluice explore` (explore/pareto.c) and its space
// (explore/space.c), on cases computed by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "explore/explore.h"

static ex_obj O(double a, double b)
{
	ex_obj o;
	o.f[0] = a;
	o.f[1] = b;
	return o;
}

TEST(Explore, ParetoKeepsDuplicatesDropsDominated)
{
	// (3,4) is dominated by (2,3); the two (2,3) dominate neither other.
	ex_obj p[] = { O(1, 5), O(2, 3), O(3, 4), O(4, 1), O(2, 3) };
	bool f[5];
	EXPECT_EQ(ex_pareto(p, 5, f), 4);
	EXPECT_TRUE(f[0]);
	EXPECT_TRUE(f[1]);
	EXPECT_FALSE(f[2]);
	EXPECT_TRUE(f[3]);
	EXPECT_TRUE(f[4]);
	EXPECT_TRUE(ex_dominates(&p[1], &p[2]));
	EXPECT_FALSE(ex_dominates(&p[1], &p[4]));	// equal: no
}

TEST(Explore, AdrsByHand)
{
	// ref (1,4): (1,4) is 0 away.  (2,2): (1,4) is max(0, 2/2) = 1 away,
	// (3,2) is max(1/2, 0) = 0.5.  (4,1): (1,4) is 3 away, (3,2) is 1.
	// ADRS = (0 + 0.5 + 1) / 3 = 0.5.
	ex_obj ref[] = { O(1, 4), O(2, 2), O(4, 1) };
	ex_obj approx[] = { O(1, 4), O(3, 2) };
	EXPECT_DOUBLE_EQ(ex_adrs(ref, 3, approx, 2), 0.5);
	EXPECT_DOUBLE_EQ(ex_adrs(ref, 3, ref, 3), 0.0);
	EXPECT_GE(ex_adrs(ref, 3, approx, 0), 1e9);
	// an approximate point better than the reference costs nothing
	ex_obj better[] = { O(0.5, 0.5) };
	EXPECT_DOUBLE_EQ(ex_adrs(ref, 3, better, 1), 0.0);
}

TEST(Explore, HypervolumeStaircase)
{
	// (1,3), (2,2), (3,1) under (4,4): columns 1 + 2 + 3 = 6; a dominated
	// point and a point past the reference add nothing.
	ex_obj p[] = { O(1, 3), O(2, 2), O(3, 1), O(3, 3), O(5, 0) };
	ex_obj r = O(4, 4);
	EXPECT_DOUBLE_EQ(ex_hypervolume(p, 3, &r), 6.0);
	EXPECT_DOUBLE_EQ(ex_hypervolume(p, 5, &r), 6.0);
	EXPECT_DOUBLE_EQ(ex_hypervolume(p, 1, &r), 3.0);	// (4-1) x (4-3)
	EXPECT_DOUBLE_EQ(ex_hypervolume(p, 0, &r), 0.0);
}

TEST(Explore, KendallTauB)
{
	// 1,2,3,4 against 1,3,2,4: 5 concordant pairs, 1 discordant: 4/6.
	double x[] = { 1, 2, 3, 4 }, y[] = { 1, 3, 2, 4 }, rev[] = { 4, 3, 2, 1 };
	EXPECT_NEAR(ex_kendall_tau(x, y, 4), 4.0 / 6.0, 1e-12);
	EXPECT_NEAR(ex_kendall_tau(x, rev, 4), -1.0, 1e-12);
	// ties: x 1,1,2 against 1,2,3: 2 concordant, 1 pair tied in x:
	// 2 / sqrt((3 - 1) (3 - 0)) = 0.8165
	double tx[] = { 1, 1, 2 }, ty[] = { 1, 2, 3 };
	EXPECT_NEAR(ex_kendall_tau(tx, ty, 3), 2.0 / std::sqrt(6.0), 1e-12);
	double c[] = { 5, 5, 5 };
	EXPECT_EQ(ex_kendall_tau(c, ty, 3), 0.0);
}

TEST(Explore, MapeSkipsZeroMeasurements)
{
	double est[] = { 110, 90, 50 }, meas[] = { 100, 100, 0 };
	EXPECT_NEAR(ex_mape(est, meas, 3), 10.0, 1e-12);
	EXPECT_EQ(ex_mape(est, meas + 2, 1), -1.0);
}

TEST(Explore, LogRatioFit)
{
	// two points twice their estimate: b = 0, a = log 2
	double e2[] = { 100, 1000 }, m2[] = { 200, 2000 };
	ex_fit f;
	ex_fit_log_ratio(e2, m2, 2, &f);
	EXPECT_EQ(f.n, 2);
	EXPECT_NEAR(f.a, std::log(2.0), 1e-12);
	EXPECT_EQ(f.b, 0.0);
	EXPECT_NEAR(ex_fit_apply(&f, 500), 1000, 1e-9);
	// meas = 2 est^1.1: log(meas/est) = log 2 + 0.1 log est
	double e3[] = { 10, 100, 1000 }, m3[3];
	for (int i = 0; i < 3; i++)
		m3[i] = 2 * std::pow(e3[i], 1.1);
	ex_fit_log_ratio(e3, m3, 3, &f);
	EXPECT_NEAR(f.b, 0.1, 1e-9);
	EXPECT_NEAR(f.a, std::log(2.0), 1e-9);
	EXPECT_NEAR(ex_fit_apply(&f, 10000), 2 * std::pow(10000.0, 1.1), 1e-3);
	// meas = est^3 would be a slope of 2: kept at 1
	double m4[] = { 1e3, 1e6, 1e9 };
	ex_fit_log_ratio(e3, m4, 3, &f);
	EXPECT_EQ(f.b, 1.0);
	// nothing synthesized: the estimate itself
	ex_fit_log_ratio(e3, m4, 0, &f);
	EXPECT_EQ(ex_fit_apply(&f, 123), 123);
}

TEST(Explore, SplitFlipFlopFit)
{
	// logic 100 and 100, storage 0 and 1000, measured 80 and 130:
	// 0.8 per logic flip-flop, 0.05 per storage flip-flop
	double lg[] = { 100, 100 }, st[] = { 0, 1000 }, m[] = { 80, 130 };
	ex_fit2 f;
	ex_fit_split(lg, st, m, 2, &f);
	EXPECT_NEAR(f.s[0], 0.8, 1e-12);
	EXPECT_NEAR(f.s[1], 0.05, 1e-12);
	EXPECT_NEAR(ex_fit_split_apply(&f, 200, 2000), 260, 1e-9);
	// one point: the ratio of the sums, 80 / 100
	ex_fit_split(lg, st, m, 1, &f);
	EXPECT_NEAR(f.s[0], 0.8, 1e-12);
	EXPECT_NEAR(f.s[1], 0.8, 1e-12);
	// storage that costs "less than nothing" is clamped: measured 80 and
	// 30 would give s1 = -0.05; s1 = 0 and s0 = (100 80 + 100 30) / (2 100^2)
	double m2[] = { 80, 30 };
	ex_fit_split(lg, st, m2, 2, &f);
	EXPECT_EQ(f.s[1], 0.0);
	EXPECT_NEAR(f.s[0], 0.55, 1e-12);
	ex_fit_split(lg, st, m, 0, &f);
	EXPECT_EQ(f.s[0], 1.0);
	EXPECT_EQ(f.s[1], 1.0);
}

TEST(Explore, HashIsFnv1a)
{
	EXPECT_EQ(ex_hash(""), 0xcbf29ce484222325ull);
	EXPECT_EQ(ex_hash("a"), 0xaf63dc4c8601ec8cull);
}

static int line(ex_space *s, const char *text, char *why, int *col)
{
	return ex_space_line(s, text, strlen(text), why, 300, col);
}

TEST(Explore, SpaceLinesAndRanges)
{
	ex_space s;
	memset(&s, 0, sizeof s);
	char why[300];
	int col;
	ASSERT_EQ(line(&s, "threshold=4..64:*2", why, &col), 0) << why;
	ASSERT_EQ(s.knobs[EX_THRESHOLD].n, 5);
	EXPECT_STREQ(s.knobs[EX_THRESHOLD].values[4], "64");
	ASSERT_EQ(line(&s, "clock = default, 20..40:10", why, &col), 0) << why;
	ASSERT_EQ(s.knobs[EX_CLOCK].n, 4);
	EXPECT_STREQ(s.knobs[EX_CLOCK].values[0], "default");
	EXPECT_STREQ(s.knobs[EX_CLOCK].values[3], "40");
	EXPECT_EQ(line(&s, "unroll=1,0", why, &col), -1);
	EXPECT_EQ(col, 9);	// the '0'
	EXPECT_NE(strstr(why, "lane counts"), nullptr) << why;
	EXPECT_EQ(line(&s, "bogus=1", why, &col), -1);
	EXPECT_NE(strstr(why, "unknown knob 'bogus'"), nullptr) << why;
	EXPECT_EQ(line(&s, "ram=auto,auto", why, &col), -1);
	EXPECT_NE(strstr(why, "given twice"), nullptr) << why;
	EXPECT_EQ(line(&s, "threshold=1", why, &col), -1);	// the knob again
	EXPECT_EQ(line(&s, "fetch=3", why, &col), -1);	// not a power of two
	EXPECT_EQ(line(&s, "depth=2..16:*0.5", why, &col), -1);
	ex_space_free(&s);
}

TEST(Explore, SpaceCountsNativeOnce)
{
	ex_space s;
	memset(&s, 0, sizeof s);
	char why[300];
	int col;
	ASSERT_EQ(line(&s, "memory=native,pub", why, &col), 0);
	ASSERT_EQ(line(&s, "fetch=1,2,4", why, &col), 0);
	ASSERT_EQ(line(&s, "unroll=1,2", why, &col), 0);
	ex_space_defaults(&s, true);
	// per lane count: native once, pub with 3 fetch widths: 2 x (1 + 3)
	EXPECT_EQ(ex_space_points(&s), 8);
	ex_coord c;
	memset(&c, 0, sizeof c);
	int n = 1;
	char key[400];
	ex_coord_key(&s, &c, key, sizeof key);
	EXPECT_STREQ(key, "unroll=1,schedule=stream,threshold=8,ram=auto,clock=default,memory=native");
	while (ex_coord_next(&s, &c))
		n++;
	EXPECT_EQ(n, 8);
	ex_space_free(&s);
}

// Two made-up boards of 1000 LUTs, 1000 FFs, 10 block-RAM units and 10
// DSPs, two lane counts each, every point "synthesized".
static ex_point *tx_point(ex_run *r, int b, int lanes, int64_t luts, int64_t dsps)
{
	ex_coord c;
	memset(&c, 0, sizeof c);
	c.v[EX_UNROLL] = lanes - 1;
	ex_point *p = ex_point_get(r, b, &c);
	p->evaluated = p->legal = p->synthesized = true;
	p->cycles = 1000 / lanes;
	p->clock_mhz = 100;
	p->time_us = p->cycles / 100.0;
	p->units = 1;
	p->luts_est = 2 * luts;	// the estimate is twice Yosys everywhere
	p->luts_syn = luts;
	p->ffs_est = p->ffs_syn = luts;
	p->dsps_est = p->dsps_syn = dsps;
	ex_point_area(r, p);
	return p;
}

TEST(Explore, TransferAndSignAgreement)
{
	board ba, bb;
	memset(&ba, 0, sizeof ba);
	ba.name = "A";
	ba.luts = ba.ffs = 1000;
	ba.block_units = 10;
	ba.dsps = 10;
	bb = ba;
	bb.name = "B";
	ex_run r;
	memset(&r, 0, sizeof r);
	r.nb = 2;
	r.boards[0] = &ba;
	r.boards[1] = &bb;
	char why[300];
	int col;
	ASSERT_EQ(ex_space_line(&r.space, "unroll=1,2", 10, why, sizeof why, &col), 0);
	ex_space_defaults(&r.space, true);
	// A: shares (0.1, 0.1, 0.1, 0) -> mean 0.075; two lanes (0.2, 0.2, 0.1, 0) -> 0.125
	ex_point *a1 = tx_point(&r, 0, 1, 100, 0), *a2 = tx_point(&r, 0, 2, 200, 0);
	// B: (0.1, 0.1, 0.1, 0.2) -> 0.125; two lanes (0.05, 0.05, 0.1, 0) -> 0.05
	ex_point *b1 = tx_point(&r, 1, 1, 100, 2), *b2 = tx_point(&r, 1, 2, 50, 0);
	EXPECT_DOUBLE_EQ(a1->area, 0.075);
	EXPECT_DOUBLE_EQ(a2->area, 0.125);
	EXPECT_STREQ(a2->bound, "luts");
	EXPECT_DOUBLE_EQ(b1->area, 0.125);
	EXPECT_STREQ(b1->bound, "dsps");
	EXPECT_DOUBLE_EQ(b2->area, 0.05);
	EXPECT_STREQ(b2->bound, "block_ram");
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ex_transfer_report(&r, f, true);
	fclose(f);
	std::string j(buf, len);
	free(buf);
	// the estimate is 100% off; the fit on the other board (log ratio
	// log 1/2) makes it exact, as does the board's own
	EXPECT_NE(j.find("\"board\": \"A\", \"points\": 2, \"mape_none\": 100.00, \"mape_others\": 0.00, "
		"\"mape_self\": 0.00"), std::string::npos) << j;
	// two lanes: area up on A, down on B: one pair, no agreement, one reversal
	EXPECT_NE(j.find("{ \"a\": \"A\", \"b\": \"B\", \"pairs\": 1, \"agree\": 0 }"), std::string::npos) << j;
	EXPECT_NE(j.find("\"knob\": \"unroll\", \"from\": \"1\", \"to\": \"2\", \"area_a\": 0.05, "
		"\"area_b\": -0.075, \"bound_a\": \"luts\", \"bound_b\": \"block_ram\""), std::string::npos) << j;
	// the true front of each board is both points on A (faster or smaller),
	// and on B the two-lane point alone (faster and smaller)
	EXPECT_NE(j.find("\"board\": \"B\", \"points\": 2, \"mape_none\": 100.00"), std::string::npos) << j;
	ex_run_release(&r);
}

/* ratios 1, 1.5, 3, 1.2 at equal weights, by hand: mean 6.7 / 4 = 1.675;
 * deviations -0.675, -0.175, 1.325, -0.475, squares summing to 2.4675,
 * variance 0.616875, stddev 0.785414...; worst regret 3 - 1 = 2;
 * CVaR(0.75) the worst quarter of the weight, 3; CVaR(0.5) the worst
 * half, (3 + 1.5) / 2 = 2.25; CVaR(0.6) 0.25 of 3 and 0.15 of 1.5 over
 * 0.4 = 2.4375; CVaR(0) the mean. */
TEST(Explore, RobustStatsByHand)
{
	const double x[4] = { 1, 1.5, 3, 1.2 }, w[4] = { 1, 1, 1, 1 };
	ex_robust st;
	ex_robust_stats(x, w, 4, 1.0, 0.75, &st);
	EXPECT_NEAR(st.mean, 1.675, 1e-12);
	EXPECT_NEAR(st.stddev, sqrt(0.616875), 1e-12);
	EXPECT_NEAR(st.mean_k_std, 1.675 + sqrt(0.616875), 1e-12);
	EXPECT_NEAR(st.worst_regret, 2.0, 1e-12);
	EXPECT_NEAR(st.cvar, 3.0, 1e-12);
	EXPECT_NEAR(ex_cvar(x, w, 4, 0.5), 2.25, 1e-12);
	EXPECT_NEAR(ex_cvar(x, w, 4, 0.6), 2.4375, 1e-12);
	EXPECT_NEAR(ex_cvar(x, w, 4, 0.0), 1.675, 1e-12);
	/* weights 2, 1, 1, 0 (scale free): 0.5, 0.25, 0.25, 0; mean 0.5 + 0.375
	 * + 0.75 = 1.625; the zero-weight ratio counts in no tail: CVaR(0.75)
	 * is 3, CVaR(0.5) (0.25 * 3 + 0.25 * 1.5) / 0.5 = 2.25 */
	const double w2[4] = { 2, 1, 1, 0 };
	ex_robust_stats(x, w2, 4, 2.0, 0.75, &st);
	EXPECT_NEAR(st.mean, 1.625, 1e-12);
	EXPECT_NEAR(st.cvar, 3.0, 1e-12);
	EXPECT_NEAR(ex_cvar(x, w2, 4, 0.5), 2.25, 1e-12);
	/* a ratio below 1 (the big hardware beating a shape's own best) is a
	 * negative regret, and the worst regret is the largest */
	const double y[2] = { 0.8, 0.9 }, w3[2] = { 1, 3 };
	ex_robust_stats(y, w3, 2, 0.0, 0.5, &st);
	EXPECT_NEAR(st.worst_regret, -0.1, 1e-12);
	EXPECT_NEAR(st.mean, 0.875, 1e-12);
	EXPECT_NEAR(st.mean_k_std, 0.875, 1e-12);
	EXPECT_NEAR(st.cvar, 0.9, 1e-12);
}

/* The knob shifts: one knob, residuals 0 at value 0 and 0.3, 0.5 at value
 * 1, ridge 1: d[1] = 0.8 / (2 + 1), d[0] = 0 / (1 + 1); a value never
 * seen keeps 0.  Two knobs whose residuals add exactly, ridge 0: every
 * point's shift sum is its residual. */
TEST(Explore, KnobFitByHand)
{
	bool used[EX_N_KNOBS] = { false };
	used[EX_CLOCK] = true;
	ex_coord v[4];
	memset(v, 0, sizeof v);
	v[1].v[EX_CLOCK] = v[2].v[EX_CLOCK] = 1;
	const double e[3] = { 0, 0.3, 0.5 };
	ex_knobfit kf;
	ex_knob_fit(v, e, 3, used, 1.0, &kf);
	EXPECT_NEAR(kf.d[EX_CLOCK][1], 0.8 / 3, 1e-12);
	EXPECT_NEAR(kf.d[EX_CLOCK][0], 0.0, 1e-12);
	EXPECT_EQ(kf.n[EX_CLOCK][1], 2);
	EXPECT_EQ(kf.n[EX_CLOCK][2], 0);
	EXPECT_EQ(kf.d[EX_CLOCK][2], 0.0);
	used[EX_UNROLL] = true;
	memset(v, 0, sizeof v);
	v[1].v[EX_UNROLL] = 1;
	v[2].v[EX_CLOCK] = 1;
	v[3].v[EX_UNROLL] = v[3].v[EX_CLOCK] = 1;
	const double e2[4] = { 0, 0.4, 0.2, 0.6 };
	ex_knob_fit(v, e2, 4, used, 0.0, &kf);
	for (int i = 0; i < 4; i++)
		EXPECT_NEAR(ex_knob_shift(&kf, &v[i], used), e2[i], 1e-9) << i;
}
