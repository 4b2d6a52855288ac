// tests/unit/t_ubuffer.cpp: unified buffers (ubuffer/) on real programs.
// Each program is compiled, scheduled and buffered; every buffer's sizes,
// delays and distances are compared with a brute force written here from
// the definitions alone: enumerate every element (write time from the
// schedule's coefficients) and every read (index expressions evaluated
// directly, no isl), then count live values cycle by cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "scheduler/scheduler.h"
#include "ubuffer/ubuffer.h"

namespace {

struct Ub {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *dbuf = nullptr;
	size_t dlen = 0;
	flow_design *d = nullptr;	// built through the flow, as every command's
	const ir_program *prog = nullptr;
	sched_program *sp = nullptr;
	isl_ctx *isl = nullptr;
	ub_set *set = nullptr;
	int64_t threshold = 8;		// the register threshold of "set"

	// Without "opts", the defaults but every buffer sized symbolically
	// (walk_below 0): the programs here are small enough for the walk.
	explicit Ub(const std::string &text, sched_policy pol = SCHED_STREAM,
		const ub_options *opts = nullptr)
	{
		flow_options o;
		flow_options_default(&o);
		o.ub.walk_below = 0;
		if (opts)
			o.ub = *opts;
		o.sched.policy = pol;
		threshold = o.ub.register_threshold;
		ctx = sl_ctx_alloc();
		diag = open_memstream(&dbuf, &dlen);
		sl_ctx_set_diag_stream(ctx, diag);
		d = flow_compile_text(ctx, "t.sl", text.data(), text.size(), &o);
		if (!d)
			return;
		// A leaked isl object makes isl_ctx_free fail, which then aborts.
		isl = d->isl;
		isl_options_set_on_error(isl, ISL_ON_ERROR_ABORT);
		prog = d->prog;
		sp = d->sp;
		set = d->ubs;
	}
	~Ub()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		fclose(diag);
		free(dbuf);
	}
	Ub(const Ub &) = delete;
	Ub &operator=(const Ub &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(dbuf ? dbuf : "", dlen);
	}
	const sched_stmt *stmt(const char *name) const
	{
		for (int i = 0; sp && i < sp->n_stmts; i++)
			if (strcmp(sp->stmts[i]->name, name) == 0)
				return sp->stmts[i];
		return nullptr;
	}
	const ub_buffer *buf(const char *name) const
	{
		const sched_stmt *s = stmt(name);
		return s && set ? ub_set_find(set, s) : nullptr;
	}
	std::string dump() const
	{
		char *b = nullptr;
		size_t n = 0;
		FILE *f = open_memstream(&b, &n);
		ub_set_dump(set, f);
		fclose(f);
		std::string s(b, n);
		free(b);
		return s;
	}
};

// ---------------------------------------------------------- brute force

int64_t floordiv(int64_t a, int64_t d) { return a / d - (a % d != 0 && (a < 0) != (d < 0)); }

// An index expression at iteration "j" (slots = the statement's dims).
int64_t eval_index(const ir_expr *e, const std::vector<int64_t> &j)
{
	switch (e->kind) {
	case IR_CONST:
		return (int64_t) e->u.cval;
	case IR_VAR:
		return j.at(e->u.var.slot);
	case IR_UNARY:
		EXPECT_EQ(e->op, IR_OP_NEG);
		return -eval_index(e->args[0], j);
	case IR_BINARY:
		break;
	default:
		ADD_FAILURE() << "not an index expression";
		return 0;
	}
	int64_t a = eval_index(e->args[0], j), b = eval_index(e->args[1], j);
	switch (e->op) {
	case IR_OP_ADD: return a + b;
	case IR_OP_SUB: return a - b;
	case IR_OP_MUL: return a * b;
	case IR_OP_DIV: return floordiv(a, b);
	case IR_OP_MOD: return a - b * floordiv(a, b);
	case IR_OP_MIN: return std::min(a, b);
	case IR_OP_MAX: return std::max(a, b);
	default: ADD_FAILURE() << "operator in index"; return 0;
	}
}

// Every point of a box, row-major.
template <class F> void for_box(int n, const int64_t *lo, const int64_t *ext, F f)
{
	std::vector<int64_t> p(lo, lo + n);
	for (int d = 0; d < n; d++)
		if (ext[d] <= 0)
			return;
	for (;;) {
		f(p);
		int d = n - 1;
		while (d >= 0 && ++p[d] == lo[d] + ext[d]) {
			p[d] = lo[d];
			d--;
		}
		if (d < 0)
			return;
	}
}

int64_t start_time(const sched_stmt *s, const std::vector<int64_t> &j)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		t += s->coef[d] * (j[d] - s->lo[d]);
	return t;
}

struct Brute {
	int64_t max_live = 0, capacity = 0;
	std::vector<std::set<int64_t>> delays, dists;	// per read port
	std::vector<std::set<int64_t>> read;		// write indices each port reads
};

Brute brute(const sched_program *sp, const sched_stmt *p)
{
	Brute b;
	std::vector<int64_t> W, LR;
	int64_t n = 0;
	// Elements in row-major order: the k-th one has write index k; its
	// value is ready at the start of its last iteration plus the latency.
	for_box(p->n_vars, p->lo, p->ext, [&](const std::vector<int64_t> &e) {
		int64_t t = p->offset + p->latency;
		for (int d = 0; d < p->n_dims; d++)
			t += p->coef[d] * ((d < p->n_vars ? e[d] : p->lo[d] + p->ext[d] - 1) - p->lo[d]);
		W.push_back(t);
		n++;
	});
	LR.assign(n, INT64_MIN);
	std::vector<int64_t> sorted_w = W;
	std::sort(sorted_w.begin(), sorted_w.end());
	auto n_written = [&](int64_t t) {
		return (int64_t) (std::upper_bound(sorted_w.begin(), sorted_w.end(), t) - sorted_w.begin());
	};
	auto rank = [&](const std::vector<int64_t> &e) {
		int64_t r = 0;
		for (int d = 0; d < p->n_vars; d++) {
			EXPECT_GE(e[d], p->lo[d]);
			EXPECT_LT(e[d], p->lo[d] + p->ext[d]);
			r = r * p->ext[d] + e[d] - p->lo[d];
		}
		return r;
	};
	for (int c = 0; c < sp->n_stmts; c++) {
		const sched_stmt *cs = sp->stmts[c];
		for (int k = 0; k < cs->n_reads; k++) {
			const sched_access *a = &cs->reads[k];
			if (a->producer != p)
				continue;
			b.delays.emplace_back();
			b.dists.emplace_back();
			b.read.emplace_back();
			for_box(cs->n_dims, cs->lo, cs->ext, [&](const std::vector<int64_t> &j) {
				std::vector<int64_t> e;
				for (int d = 0; d < a->expr->n_args; d++)
					e.push_back(eval_index(a->expr->args[d], j));
				int64_t i = rank(e), t = start_time(cs, j);
				LR[i] = std::max(LR[i], t);
				b.delays.back().insert(t - W[i]);
				b.dists.back().insert(n_written(t) - 1 - i);
				b.read.back().insert(i);
			});
		}
	}
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	for (int64_t i = 0; i < n; i++) {
		if (LR[i] == INT64_MIN)
			continue;
		b.capacity = std::max(b.capacity, n_written(LR[i]) - i);
		lo = std::min(lo, W[i]);
		hi = std::max(hi, LR[i]);
	}
	// Live values, cycle by cycle.
	for (int64_t c = lo; c <= hi; c++) {
		int64_t live = 0;
		for (int64_t i = 0; i < n; i++)
			live += LR[i] != INT64_MIN && W[i] <= c && c <= LR[i];
		b.max_live = std::max(b.max_live, live);
	}
	return b;
}

// ---------------------------------------------------------- layout

// The delay-chain layout of "b" from the rule's words (storage/storage.c),
// position by position: a tap at d reads d and, through the bypass, d-1,
// so both are registers ('r'); a stretch of other positions is SRAM ('s')
// when at least max(threshold, 2) long, else registers.
std::string chain_rule(const ub_buffer *b, int64_t threshold)
{
	std::string k((size_t) b->capacity_words, '?');
	for (int i = 1; i < b->n_ports; i++) {
		int64_t d = b->ports[i].dist;
		k.at((size_t) d) = 'r';
		if (d > 0)
			k.at((size_t) d - 1) = 'r';
	}
	size_t min_run = (size_t) std::max<int64_t>(threshold, 2);
	for (size_t p = 0; p < k.size();) {
		size_t q = p;
		while (q < k.size() && k[q] == '?')
			q++;
		for (size_t i = p; i < q; i++)
			k[i] = q - p >= min_run ? 's' : 'r';
		p = q > p ? q : p + 1;
	}
	return k;
}

// The layout of b->runs, position by position ('x' where two runs overlap).
std::string chain_of_runs(const ub_buffer *b)
{
	std::string k((size_t) b->capacity_words, '?');
	for (int i = 0; i < b->n_runs; i++)
		for (int64_t p = b->runs[i].start; p < b->runs[i].start + b->runs[i].len; p++)
			if (p >= 0 && p < b->capacity_words)
				k[(size_t) p] = k[(size_t) p] == '?' ? (b->runs[i].sram ? 's' : 'r') : 'x';
	return k;
}

// A delay chain's runs: the rule's layout, maximal runs, SRAM runs grouped
// by length (groups numbered in chain order), storage from the groups.
void check_chain(const ub_buffer *b, int64_t threshold)
{
	EXPECT_EQ(chain_of_runs(b), chain_rule(b, threshold));
	std::vector<int64_t> lens;	// of each group, in group order
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		if (i > 0) {
			EXPECT_TRUE(r->sram || b->runs[i - 1].sram) << "two register runs meet";
		}
		if (!r->sram) {
			EXPECT_EQ(r->group, -1);
			continue;
		}
		auto at = std::find(lens.begin(), lens.end(), r->len);
		if (at == lens.end()) {
			EXPECT_EQ(r->group, (int) lens.size());
			lens.push_back(r->len);
		} else {
			EXPECT_EQ(r->group, at - lens.begin());
		}
		int size = 0;
		for (int j = 0; j < b->n_runs; j++)
			size += b->runs[j].sram && b->runs[j].len == r->len;
		EXPECT_EQ(r->group_size, size);
	}
	EXPECT_EQ(b->n_groups, (int) lens.size());
	EXPECT_EQ(b->storage, lens.empty() ? UB_REGISTERS : UB_DELAY_CHAIN);
}

// A circular buffer's read window from the write indices the port reads:
// every address it reads (index modulo the capacity) lies in the window;
// the window runs from the least to the greatest index read when both are
// in one lap of the buffer and it is shorter than the buffer, else it is
// the whole buffer.
void check_window(const ub_buffer *b, const ub_port *p, const std::set<int64_t> &read)
{
	int64_t cap = b->capacity_words;
	ASSERT_FALSE(read.empty());
	int64_t lo = *read.begin(), hi = *read.rbegin();
	bool one_lap = lo / cap == hi / cap && hi - lo + 1 < cap;
	EXPECT_EQ(p->win_lo, one_lap ? lo % cap : 0);
	EXPECT_EQ(p->win_len, one_lap ? hi - lo + 1 : cap);
	for (int64_t i : read) {
		EXPECT_GE(i % cap, p->win_lo);
		EXPECT_LT(i % cap, p->win_lo + p->win_len);
	}
}

// Every buffer of "u" against the brute force; returns how many.
int check_all(const Ub &u)
{
	EXPECT_TRUE(u.set != nullptr);
	if (!u.set)
		return 0;
	EXPECT_EQ(sched_check(u.sp, u.isl), 0);
	for (int i = 0; i < u.set->n_buffers; i++) {
		const ub_buffer *b = u.set->buffers[i];
		SCOPED_TRACE(b->name);
		Brute br = brute(u.sp, b->producer);
		EXPECT_EQ(b->max_live_words, br.max_live);
		if (b->border) {
			// a chain with border taps: no longer than the circular
			// buffer, every live value held (ubuffer/border.c)
			EXPECT_LE(b->capacity_words, br.capacity);
			EXPECT_GE(b->capacity_words, br.max_live);
		} else
			EXPECT_EQ(b->capacity_words, br.capacity);
		EXPECT_EQ(b->why != nullptr, b->max_live_words < b->capacity_words);
		EXPECT_TRUE(b->ports[0].is_write);
		EXPECT_EQ((size_t) b->n_ports - 1, br.delays.size());
		bool chain = b->n_ports > 1;
		int64_t max_dist = -1;
		for (int k = 1; k < b->n_ports && (size_t) k <= br.delays.size(); k++) {
			const ub_port *p = &b->ports[k];
			SCOPED_TRACE(k);
			EXPECT_FALSE(p->is_write);
			EXPECT_EQ(p->delay_const, br.delays[k - 1].size() == 1);
			if (p->delay_const) {
				EXPECT_EQ(p->delay, *br.delays[k - 1].begin());
			}
			EXPECT_EQ(p->dist_const, br.dists[k - 1].size() == 1);
			if (p->dist_const) {
				EXPECT_EQ(p->dist, *br.dists[k - 1].begin());
			}
			chain = chain && p->dist_const;
			max_dist = std::max(max_dist, p->dist);
		}
		if (b->n_ports == 1) {
			EXPECT_EQ(b->storage, UB_NONE);
			EXPECT_EQ(b->capacity_words, 0);
		} else if (b->border) {
			EXPECT_FALSE(chain);
			EXPECT_TRUE(b->storage == UB_REGISTERS || b->storage == UB_DELAY_CHAIN);
		} else if (chain) {
			EXPECT_TRUE(b->storage == UB_REGISTERS || b->storage == UB_DELAY_CHAIN);
			EXPECT_EQ(b->capacity_words, max_dist + 1);
			check_chain(b, u.threshold);
		} else {
			EXPECT_EQ(b->storage, UB_CIRCULAR);
			EXPECT_EQ(b->n_banks, b->n_ports - 1);
			for (int k = 1; k < b->n_ports && (size_t) k <= br.read.size(); k++)
				check_window(b, &b->ports[k], br.read[k - 1]);
		}
	}
	return u.set->n_buffers;
}

// Options that size every buffer by the walk (ubuffer/sweep.c).
ub_options walk_only()
{
	ub_options o;
	ub_options_default(&o);
	o.walk_below = INT64_MAX;
	o.max_walk_steps = INT64_MAX;
	return o;
}

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	return buf;
}

// A 3x3 window, nine reads of the input, valid part only.
std::string gauss(int h, int w)
{
	return fmt("input in : u8[%d][%d];\n"
		"func blur(y, x) : u16 =\n"
		"    u16(in(y, x))     + u16(in(y, x + 1))     + u16(in(y, x + 2))\n"
		"  + u16(in(y + 1, x)) + u16(in(y + 1, x + 1)) + u16(in(y + 1, x + 2))\n"
		"  + u16(in(y + 2, x)) + u16(in(y + 2, x + 1)) + u16(in(y + 2, x + 2));\n"
		"output blur[%d][%d];\n", h, w, h - 2, w - 2);
}

}  // namespace

// ------------------------------------------------------------------ tests

// The textbook line buffer.  The input streams one pixel per cycle, row
// by row (row period W); blur runs its rows at the same rate, and its
// iteration (y, x) can start only once in(y + 2, x + 2), the newest pixel
// of its window, is written.  At that cycle the tap (r, s) of the window is
// (2 - r) * W + (2 - s) writes older, so the taps sit at distances
// 0, 1, 2, W, W+1, W+2, 2W, 2W+1, 2W+2 and the oldest value must survive
// 2W + 2 further writes: 2W + 3 words (two rows plus three pixels).  The
// taps and the positions before them are registers: 0-2, W-1..W+2 and
// 2W-1..2W+2; between them two untapped stretches of W-4 positions, 3..W-2
// and W+3..2W-2, SRAM when W-4 >= 8, sharing one memory (equal lengths).
// At W = 10 and 11 the gaps between taps are 8 and 9 words but only 6 and
// 7 positions are untapped: registers.
TEST(t_ubuffer, gauss_textbook_line_buffer)
{
	const int sizes[][2] = { { 8, 8 }, { 12, 16 }, { 16, 12 }, { 5, 9 }, { 10, 20 },
		{ 6, 10 }, { 6, 11 } };
	for (auto &hw : sizes) {
		int h = hw[0], w = hw[1];
		SCOPED_TRACE(gauss(h, w));
		Ub u(gauss(h, w));
		ASSERT_TRUE(u.set) << u.diags();
		check_all(u);
		const ub_buffer *b = u.buf("in");
		ASSERT_TRUE(b);
		EXPECT_EQ(b->capacity_words, 2 * w + 3);
		EXPECT_EQ(b->max_live_words, 2 * w + 3);
		EXPECT_EQ(b->why, nullptr);
		EXPECT_EQ(b->n_ports, 10);
		EXPECT_EQ(b->width_bits, 8);
		EXPECT_EQ(b->n_elems, h * w);
		if (w - 4 >= 8) {
			const ub_run want[] = { { 0, 3, false, -1, 0 }, { 3, w - 4, true, 0, 2 },
				{ w - 1, 4, false, -1, 0 }, { w + 3, w - 4, true, 0, 2 },
				{ 2 * w - 1, 4, false, -1, 0 } };
			ASSERT_EQ(b->n_runs, 5);
			for (int r = 0; r < 5; r++) {
				SCOPED_TRACE(r);
				EXPECT_EQ(b->runs[r].start, want[r].start);
				EXPECT_EQ(b->runs[r].len, want[r].len);
				EXPECT_EQ(b->runs[r].sram, want[r].sram);
				EXPECT_EQ(b->runs[r].group, want[r].group);
				EXPECT_EQ(b->runs[r].group_size, want[r].group_size);
			}
			EXPECT_EQ(b->n_groups, 1);
			EXPECT_EQ(b->storage, UB_DELAY_CHAIN);
		} else {
			ASSERT_EQ(b->n_runs, 1);
			EXPECT_FALSE(b->runs[0].sram);
			EXPECT_EQ(b->runs[0].len, 2 * w + 3);
			EXPECT_EQ(b->n_groups, 0);
			EXPECT_EQ(b->storage, UB_REGISTERS);
		}
		EXPECT_EQ(ub_chain_registers(b), w - 4 >= 8 ? 11 : 2 * w + 3);
		const ub_buffer *o = u.buf("blur");
		ASSERT_TRUE(o);
		EXPECT_EQ(o->storage, UB_NONE);
		EXPECT_EQ(o->n_ports, 1);
		EXPECT_EQ(o->capacity_words, 0);
		EXPECT_EQ(o->max_live_words, 0);
	}
}

// Three taps of a 1-D stream: distances 0, 1, 2, three registers.
TEST(t_ubuffer, taps_1d)
{
	Ub u("input in : u8[32];\n"
		"func f(x) : u8 = in(x) + in(x + 1) + in(x + 2);\n"
		"output f[30];\n");
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	EXPECT_EQ(b->capacity_words, 3);
	EXPECT_EQ(b->max_live_words, 3);
	EXPECT_EQ(b->storage, UB_REGISTERS);
	ASSERT_EQ(b->n_ports, 4);
	EXPECT_EQ(b->ports[1].dist, 2);	// in(x): two writes behind in(x + 2)
	EXPECT_EQ(b->ports[2].dist, 1);
	EXPECT_EQ(b->ports[3].dist, 0);
	EXPECT_EQ(b->ports[1].delay - b->ports[3].delay, 2);
	ASSERT_EQ(b->n_runs, 1);
	EXPECT_EQ(b->runs[0].start, 0);
	EXPECT_EQ(b->runs[0].len, 3);
	EXPECT_FALSE(b->runs[0].sram);
}

// A register threshold of 1 (or 2) puts every untapped stretch of two or
// more positions in SRAM: at W = 8 the stretches 3-6 and 11-14 (one 4x16
// memory); registers 0-2, 7-10, 15-18.
TEST(t_ubuffer, register_threshold_option)
{
	ub_options o;
	ub_options_default(&o);
	EXPECT_EQ(o.register_threshold, 8);
	EXPECT_EQ(o.sram_read_ports, 1);
	o.register_threshold = 1;
	Ub u(gauss(8, 8), SCHED_STREAM, &o);
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	EXPECT_EQ(b->storage, UB_DELAY_CHAIN);
	ASSERT_EQ(b->n_runs, 5);
	EXPECT_EQ(b->n_groups, 1);
	EXPECT_TRUE(b->runs[1].sram);
	EXPECT_EQ(b->runs[1].start, 3);
	EXPECT_EQ(b->runs[1].len, 4);
	EXPECT_TRUE(b->runs[3].sram);
	EXPECT_EQ(b->runs[3].start, 11);
	EXPECT_EQ(ub_chain_registers(b), 11);
}

// Taps 0 and 3 leave one untapped position (1: 0, 2 and 3 are registers):
// registers even at threshold 1, since an SRAM run is at least 2 long.
// Taps 0 and 4 leave two (1-2): SRAM at thresholds 1 and 2, not at 3.
TEST(t_ubuffer, short_untapped_stretches)
{
	const struct { int gap; int64_t threshold; bool sram; } cases[] = {
		{ 3, 1, false }, { 3, 8, false }, { 4, 1, true }, { 4, 2, true }, { 4, 3, false },
	};
	for (auto &c : cases) {
		std::string p = fmt("input in : u8[32];\n"
			"func f(x) : u8 = in(x) + in(x + %d);\n"
			"output f[%d];\n", c.gap, 32 - c.gap);
		SCOPED_TRACE(p);
		SCOPED_TRACE(c.threshold);
		ub_options o;
		ub_options_default(&o);
		o.register_threshold = c.threshold;
		Ub u(p, SCHED_STREAM, &o);
		ASSERT_TRUE(u.set) << u.diags();
		check_all(u);
		const ub_buffer *b = u.buf("in");
		ASSERT_TRUE(b);
		EXPECT_EQ(b->capacity_words, c.gap + 1);
		EXPECT_EQ(b->storage, c.sram ? UB_DELAY_CHAIN : UB_REGISTERS);
		EXPECT_EQ(b->n_runs, c.sram ? 3 : 1);
		EXPECT_EQ(ub_chain_registers(b), c.sram ? 3 : c.gap + 1);
	}
}

// A threshold axis is a remap: the layout follows the threshold and comes
// back unchanged, without rebuilding the set.
TEST(t_ubuffer, remap_threshold)
{
	Ub u(gauss(8, 20));
	ASSERT_TRUE(u.set) << u.diags();
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	std::string before = u.dump();
	ASSERT_EQ(b->storage, UB_DELAY_CHAIN);
	ub_options o;
	ub_options_default(&o);
	o.register_threshold = 100000;
	ub_set_remap(u.set, &o);
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0) << u.diags();
	EXPECT_EQ(b->storage, UB_REGISTERS);
	ASSERT_EQ(b->n_runs, 1);
	EXPECT_EQ(b->runs[0].len, 43);
	EXPECT_EQ(chain_of_runs(b), chain_rule(b, 100000));
	o.register_threshold = 8;
	ub_set_remap(u.set, &o);
	EXPECT_EQ(u.dump(), before);
}

TEST(t_ubuffer, downsample)
{
	const int sizes[][2] = { { 8, 8 }, { 16, 12 }, { 12, 10 } };
	for (auto &hw : sizes) {
		std::string p = fmt("input in : u8[%d][%d];\n"
			"func box(y, x) : u16 = sum(r in 0..2, s in 0..2) u16(in(2 * y + r, 2 * x + s));\n"
			"func ds(y, x) : u8 = u8((box(y, x) + 2) >> 2);\n"
			"output ds[%d][%d];\n", hw[0], hw[1], hw[0] / 2, hw[1] / 2);
		SCOPED_TRACE(p);
		Ub u(p);
		ASSERT_TRUE(u.set) << u.diags();
		EXPECT_GE(check_all(u), 2);
		std::string q = fmt("input in : u8[%d][%d];\n"
			"func ds(y, x) : u8 = in(2 * y, 2 * x) + in(2 * y + 1, 2 * x + 1);\n"
			"output ds[%d][%d];\n", hw[0], hw[1], hw[0] / 2, hw[1] / 2);
		SCOPED_TRACE(q);
		Ub v(q);
		ASSERT_TRUE(v.set) << v.diags();
		EXPECT_GE(check_all(v), 2);
	}
}

// Half the input's columns and rows are never read: the circular buffer
// still keeps a word for each.
TEST(t_ubuffer, strided_reads_leave_holes)
{
	Ub u("input in : u8[8][8];\n"
		"func ds(y, x) : u8 = in(2 * y, 2 * x);\n"
		"output ds[4][4];\n");
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	EXPECT_LE(b->max_live_words, b->capacity_words);
}

TEST(t_ubuffer, upsample)
{
	const int sizes[][2] = { { 4, 4 }, { 8, 6 }, { 6, 8 } };
	for (auto &hw : sizes) {
		std::string p = fmt("input in : u8[%d][%d];\n"
			"func up(y, x) : u8 = in(y / 2, x / 2);\n"
			"output up[%d][%d];\n", hw[0], hw[1], 2 * hw[0], 2 * hw[1]);
		SCOPED_TRACE(p);
		Ub u(p);
		ASSERT_TRUE(u.set) << u.diags();
		check_all(u);
		const ub_buffer *b = u.buf("in");
		ASSERT_TRUE(b);
		// Each input row is read by two output rows: at least a row.
		EXPECT_GE(b->max_live_words, hw[1]);
	}
}

// A transpose reads columns of a row-major stream: the live values are
// not one run of writes, the circular buffer needs more.
TEST(t_ubuffer, transpose_out_of_order)
{
	const int sizes[][2] = { { 8, 8 }, { 6, 10 }, { 10, 6 } };
	for (auto &hw : sizes) {
		std::string p = fmt("input in : u8[%d][%d];\n"
			"func t(y, x) : u8 = in(x, y);\n"
			"output t[%d][%d];\n", hw[0], hw[1], hw[1], hw[0]);
		SCOPED_TRACE(p);
		Ub u(p);
		ASSERT_TRUE(u.set) << u.diags();
		check_all(u);
		const ub_buffer *b = u.buf("in");
		ASSERT_TRUE(b);
		EXPECT_LT(b->max_live_words, b->capacity_words);
		ASSERT_TRUE(b->why);
		EXPECT_TRUE(strstr(b->why, "write order")) << b->why;
		EXPECT_EQ(b->storage, UB_CIRCULAR);
	}
}

TEST(t_ubuffer, flip_out_of_order)
{
	Ub u("input in : u8[6][10];\n"
		"func f(y, x) : u8 = in(y, 9 - x);\n"
		"output f[6][10];\n");
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	EXPECT_LT(b->max_live_words, b->capacity_words);
	EXPECT_TRUE(b->why && strstr(b->why, "write order"));
}

// Reductions: a matrix product reads its operands once per k, and a
// reduction's result is read by a stencil.
TEST(t_ubuffer, reductions)
{
	Ub u("input a : i8[6][4];\n"
		"input b : i8[4][5];\n"
		"func mm(i, j) : i32 = sum(k in 0..4) i32(a(i, k)) * i32(b(k, j));\n"
		"output mm[6][5];\n");
	ASSERT_TRUE(u.set) << u.diags();
	EXPECT_GE(check_all(u), 3);
	Ub v("input in : u8[8][6];\n"
		"func rs(y) : u16 = sum(r in 0..6) u16(in(y, r));\n"
		"func g(y) : u16 = rs(y) + rs(y + 1) + rs(y + 2);\n"
		"output g[6];\n");
	ASSERT_TRUE(v.set) << v.diags();
	EXPECT_GE(check_all(v), 3);
	const ub_buffer *b = v.buf("rs");
	ASSERT_TRUE(b);
	EXPECT_EQ(b->n_elems, 8);
	EXPECT_EQ(b->width_bits, 11);	// 6 x 255 = 1530 < 2^11 (value-range widths)
}

// Read windows (the addresses a block-RAM copy holds), by hand.  p reads
// channels 0 and 2 of a[3][4][5] for each k: a is a circular buffer of all
// 60 words, channel c at write indices 20c .. 20c+19, so the windows are
// 0-19 and 40-59.  In a matrix product of a[6][4] and b[4][5], b is kept
// whole (20 words, mm starts once it is written) and its row b(c, j) is
// read at write indices 5c .. 5c+4: window 5c .. 5c+4.  a streams in at
// mm's row rate (a block link since the onnxnet merge: t = 5 i + k, mm at
// 16 + 5 i + j), so row i's last read, at 5 i + 20, sees rows i .. i + 3
// written: 16 of its 24 words (was 20 at t = 4 i + k; capacity checked
// by check_all); its column a(i, c) is read at write indices 4i + c,
// i = 0..5, a span of 21 words, more than the buffer: the window is the
// whole buffer.
TEST(t_ubuffer, read_windows)
{
	Ub u("input a : u8[3][4][5];\n"
		"func p(k, y, x) : u16 = u16(a(0, y, x)) + u16(a(2, y, x));\n"
		"output p[2][4][5];\n");
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("a");
	ASSERT_TRUE(b);
	ASSERT_EQ(b->storage, UB_CIRCULAR);
	ASSERT_EQ(b->capacity_words, 60);
	ASSERT_EQ(b->n_ports, 3);
	EXPECT_EQ(b->ports[1].win_lo, 0);
	EXPECT_EQ(b->ports[1].win_len, 20);
	EXPECT_EQ(b->ports[2].win_lo, 40);
	EXPECT_EQ(b->ports[2].win_len, 20);
	EXPECT_NE(u.dump().find("window 40-59"), std::string::npos) << u.dump();
	Ub m("input a : i8[6][4];\n"
		"input b : i8[4][5];\n"
		"func mm(i, j) : i32 = sum(k in 0..4) i32(a(i, k)) * i32(b(k, j));\n"
		"output mm[6][5];\n");
	ASSERT_TRUE(m.set) << m.diags();
	check_all(m);
	const ub_buffer *ba = m.buf("a"), *bb = m.buf("b");
	ASSERT_TRUE(ba && bb);
	ASSERT_EQ(ba->storage, UB_CIRCULAR);
	ASSERT_EQ(ba->n_ports, 5);
	ASSERT_EQ(ba->capacity_words, 16);
	for (int c = 0; c < 4; c++) {
		EXPECT_EQ(ba->ports[1 + c].win_lo, 0);
		EXPECT_EQ(ba->ports[1 + c].win_len, 16);
	}
	ASSERT_EQ(bb->storage, UB_CIRCULAR);
	ASSERT_EQ(bb->n_ports, 5);
	ASSERT_EQ(bb->capacity_words, 20);
	for (int c = 0; c < 4; c++) {
		EXPECT_EQ(bb->ports[1 + c].win_lo, 5 * c);
		EXPECT_EQ(bb->ports[1 + c].win_len, 5);
	}
}

// Many shapes at once, stream and sequential, against the brute force.
TEST(t_ubuffer, brute_force_shapes)
{
	const char *bodies[] = {
		// 3x3 blur of a blur
		"func b1(y, x) : u16 = u16(in(y, x)) + u16(in(y + 1, x + 1)) + u16(in(y + 2, x + 2))"
		" + u16(in(y, x + 2)) + u16(in(y + 2, x));\n"
		"func out(y, x) : u16 = b1(y, x) + b1(y + 1, x) + b1(y + 2, x) + b1(y, x + 2);\n",
		// clamped borders: piecewise accesses
		"func out(y, x) : u8 = in(clamp(y - 1, 0, H - 1), x) + in(y, clamp(x + 1, 0, W - 1))"
		" + in(clamp(y + 1, 0, H - 1), clamp(x - 1, 0, W - 1));\n",
		// two consumers of one func, one of them a column filter
		"func a(y, x) : u8 = in(y, x) + 1;\n"
		"func c(y, x) : u8 = a(y, x) + a(y + 2, x);\n"
		"func out(y, x) : u8 = c(y, x) + a(y, x + 1);\n",
		// a 5-point cross: the corners are never read
		"func out(y, x) : u8 = in(y, x + 1) + in(y + 1, x) + in(y + 1, x + 1) + in(y + 1, x + 2)"
		" + in(y + 2, x + 1);\n",
		// vertical 5-tap
		"func out(y, x) : u8 = in(y, x) + in(y + 1, x) + in(y + 2, x) + in(y + 3, x) + in(y + 4, x);\n",
		// a 2x2 box reduction
		"func out(y, x) : u16 = sum(r in 0..2, s in 0..2) u16(in(y + r, x + s));\n",
		// a row reduction then a column stencil
		"func rs(y, x) : u16 = sum(r in 0..3) u16(in(y, x + r));\n"
		"func out(y, x) : u16 = rs(y, x) + rs(y + 1, x) + rs(y + 2, x);\n",
		// mixed rates: downsample then upsample
		"func d(y, x) : u8 = in(2 * y, 2 * x) + in(2 * y + 1, 2 * x);\n"
		"func out(y, x) : u8 = d(y / 2, x / 2) + in(y, x);\n",
	};
	const int sizes[][2] = { { 8, 8 }, { 16, 12 }, { 12, 16 }, { 9, 13 } };
	const sched_policy pols[] = { SCHED_STREAM, SCHED_SEQUENTIAL };
	for (const char *body : bodies)
		for (auto &hw : sizes)
			for (sched_policy pol : pols) {
				int h = hw[0], w = hw[1];
				std::string b(body);
				for (size_t at; (at = b.find("H - 1")) != std::string::npos;)
					b.replace(at, 5, std::to_string(h - 1));
				for (size_t at; (at = b.find("W - 1")) != std::string::npos;)
					b.replace(at, 5, std::to_string(w - 1));
				std::string p = fmt("input in : u8[%d][%d];\n%soutput out[%d][%d];\n",
					h, w, b.c_str(), h - 4, w - 4);
				SCOPED_TRACE(p + (pol == SCHED_STREAM ? "stream" : "sequential"));
				Ub u(p, pol);
				ASSERT_TRUE(u.set) << u.diags();
				check_all(u);
				ub_options o = walk_only();
				Ub v(p, pol, &o);
				ASSERT_TRUE(v.set) << v.diags();
				check_all(v);
				EXPECT_EQ(v.dump(), u.dump());
			}
}

TEST(t_ubuffer, write_index)
{
	Ub u(gauss(6, 7));
	ASSERT_TRUE(u.set) << u.diags();
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	const int64_t e0[] = { 0, 0 }, e1[] = { 0, 6 }, e2[] = { 1, 0 }, e3[] = { 5, 6 };
	EXPECT_EQ(ub_write_index(b, e0), 0);
	EXPECT_EQ(ub_write_index(b, e1), 6);
	EXPECT_EQ(ub_write_index(b, e2), 7);
	EXPECT_EQ(ub_write_index(b, e3), 41);
}

// The dump: sizes, ports with the source place of each access, the layout.
// W = 16: chain 35, registers at the taps 0-2, 15-18, 31-34; the untapped
// 3-14 and 19-30 (12 each) share one memory of 12 words x 2 x 8 bits.
TEST(t_ubuffer, dump)
{
	Ub u(gauss(8, 16));
	ASSERT_TRUE(u.set) << u.diags();
	std::string d = u.dump();
	EXPECT_NE(d.find("buffer in: 8 bits x 128 elements\n"), std::string::npos) << d;
	EXPECT_NE(d.find("max_live_words 35, capacity_words 35\n"), std::string::npos) << d;
	EXPECT_NE(d.find("storage delay_chain\n"), std::string::npos) << d;
	EXPECT_NE(d.find("port 0: write by in\n"), std::string::npos) << d;
	// in(y, x), the oldest tap, is the first access on line 3.
	EXPECT_NE(d.find("port 1: read by blur at 3:9, delay "), std::string::npos) << d;
	EXPECT_NE(d.find(", dist 34\n"), std::string::npos) << d;
	EXPECT_NE(d.find("  chain 35: registers 0-2, 15-18, 31-34; sram 3-14, 19-30 as one 12x16 fifo\n"),
		std::string::npos) << d;
	EXPECT_NE(d.find("buffer blur: 16 bits x 84 elements\n  storage none\n"), std::string::npos) << d;
	EXPECT_EQ(d.find("0x"), std::string::npos);
	EXPECT_EQ(d, u.dump());
}

// Sizes are symbolic: 1080p is as exact as 8x8 (and as quick).
TEST(t_ubuffer, gauss_1080p)
{
	Ub u(gauss(1080, 1920));
	ASSERT_TRUE(u.set) << u.diags();
	const ub_buffer *b = u.buf("in");
	ASSERT_TRUE(b);
	EXPECT_EQ(b->capacity_words, 2 * 1920 + 3);
	EXPECT_EQ(b->max_live_words, 2 * 1920 + 3);
	EXPECT_EQ(b->walk_steps, 0);
	EXPECT_EQ(b->storage, UB_DELAY_CHAIN);
}

// ub_set_check accepts every set built here, and rejects a built set
// corrupted one invariant at a time, with a located error.
TEST(t_ubuffer, check_bad)
{
	Ub u(gauss(8, 16));
	ASSERT_TRUE(u.set) << u.diags();
	ub_buffer *b = u.set->buffers[0];
	ASSERT_STREQ(b->name, "in");
	ASSERT_EQ(b->n_runs, 5);
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0);
	auto rejected = [&](const char *why) {
		SCOPED_TRACE(why);
		size_t before = u.diags().size();
		EXPECT_EQ(ub_set_check(u.ctx, u.set), -1);
		std::string d = u.diags().substr(before);
		EXPECT_EQ(d.find("t.sl:1:7: error: internal: buffer 'in' fails its check: "), 0u) << d;
	};
	b->capacity_words--;
	rejected("capacity below max live");
	b->capacity_words++;
	b->runs[1].start++;
	rejected("a gap between runs");
	b->runs[1].start--;
	b->runs[2].len++;
	rejected("overlapping runs");
	b->runs[2].len--;
	b->runs[4].len++;
	rejected("runs past the capacity");
	b->runs[4].len--;
	b->runs[3].len--;
	b->runs[4].start--;
	b->runs[4].len++;
	rejected("a group of two lengths");
	b->runs[3].len++;
	b->runs[4].start++;
	b->runs[4].len--;
	b->runs[1].group_size = 1;
	rejected("a wrong group size");
	b->runs[1].group_size = 2;
	b->n_groups = 2;
	rejected("a group count off");
	b->n_groups = 1;
	b->ports[9].dist = 3;
	rejected("a tap reading SRAM");
	b->ports[9].dist = 0;
	b->storage = UB_REGISTERS;
	rejected("storage against the runs");
	b->storage = UB_DELAY_CHAIN;
	b->n_banks = 2;
	rejected("a banked chain");
	b->n_banks = 1;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0);
}

// The same for a circular buffer: banks between 1 and the distinct reads.
TEST(t_ubuffer, check_bad_circular)
{
	Ub u(gauss(8, 8), SCHED_SEQUENTIAL);
	ASSERT_TRUE(u.set) << u.diags();
	ub_buffer *b = u.set->buffers[0];
	ASSERT_EQ(b->storage, UB_CIRCULAR);
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0);
	int banks = b->n_banks;
	b->n_banks = 0;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), -1);
	b->n_banks = b->n_ports;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), -1);
	b->n_banks = banks;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0);
	EXPECT_NE(u.diags().find("error: internal: buffer 'in' fails its check: banks"),
		std::string::npos) << u.diags();
	// A read window past the end of the buffer, or empty.
	ub_port *p = &b->ports[1];
	int64_t lo = p->win_lo, len = p->win_len;
	p->win_lo = 1;
	p->win_len = b->capacity_words;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), -1);
	p->win_lo = 0;
	p->win_len = 0;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), -1);
	p->win_lo = lo;
	p->win_len = len;
	EXPECT_EQ(ub_set_check(u.ctx, u.set), 0);
	EXPECT_NE(u.diags().find("fails its check: a read window is not inside the buffer"),
		std::string::npos) << u.diags();
}

// The symbolic analysis and the walk agree on programs whose reads come
// out of write order, skip values, repeat or reduce.
TEST(t_ubuffer, walk_matches_symbolic)
{
	const char *progs[] = {
		"input in : u8[6][10];\nfunc t(y, x) : u8 = in(x % 6, y);\noutput t[10][6];\n",
		"input in : u8[6][10];\nfunc f(y, x) : u8 = in(y, 9 - x);\noutput f[6][10];\n",
		"input in : u8[8][8];\nfunc d(y, x) : u8 = in(2 * y + 1, x) + in(2 * y, (3 * x) % 8);\n"
		"output d[4][8];\n",
		"input in : u8[8][6];\nfunc rs(y) : u16 = sum(r in 0..6) u16(in(y, r));\n"
		"func g(y) : u16 = rs(y) + rs(y + 2) + rs(y / 2);\noutput g[6];\n",
		"input a : i8[6][4];\ninput b : i8[4][5];\n"
		"func mm(i, j) : i32 = sum(k in 0..4) i32(a(i, k)) * i32(b(k, j));\noutput mm[6][5];\n",
		"input in : u8[9][7];\nfunc u(y, x) : u8 = in(y / 2, clamp(x - 1, 0, 6)) + in(y % 9, x);\n"
		"output u[12][7];\n",
		// rs is written every 300 cycles: N(t) by a search, not a table
		"input in : u8[8][300];\nfunc rs(y) : u16 = sum(r in 0..300) u16(in(y, r));\n"
		"func g(y) : u16 = rs(y) + rs(y + 1) + rs(7 - y);\noutput g[7];\n",
	};
	const sched_policy pols[] = { SCHED_STREAM, SCHED_SEQUENTIAL };
	for (const char *p : progs)
		for (sched_policy pol : pols) {
			SCOPED_TRACE(std::string(p) + (pol == SCHED_STREAM ? "stream" : "sequential"));
			Ub u(p, pol);
			ASSERT_TRUE(u.set) << u.diags();
			check_all(u);
			ub_options o = walk_only();
			Ub v(p, pol, &o);
			ASSERT_TRUE(v.set) << v.diags();
			check_all(v);
			EXPECT_EQ(v.dump(), u.dump());
		}
}

// The program whose symbolic analysis ran for more than ten
// minutes: floor-mods by 38 and 17 of the column, a clamped row and a
// stride of 3 make isl's last-read map a lattice of many pieces.  Sized
// symbolically first (walk_below 0), it exceeds the budget and falls back
// to the walk: the brute force's figures, and a note.  in0 has
// 38 * 17 * 19 = 12274 elements; f2 runs 22 x 46 iterations (rows 0..21,
// columns 1..46, what f4 reads), each reading in0 six times (u in 1..3,
// kk in 1..4): 12274 + 6 * 1012 = 18346 steps.
TEST(t_ubuffer, budget_fallback)
{
	const char *p =
		"input in0 : i32[38][17][19];\n"
		"func f2(row, col) : i32 = sum(u in 1..3, kk in 1..4) "
		"in0((col + kk + 3) % 38, (u - col) % 17, clamp(row, 0, 18));\n"
		"func f4(y, x) : i32 = f2(y, 3 * x + 1);\n"
		"output f4[22][16];\n";
	Ub u(p);
	ASSERT_TRUE(u.set) << u.diags();
	check_all(u);
	const ub_buffer *b = u.buf("in0");
	ASSERT_TRUE(b);
	EXPECT_EQ(b->walk_steps, 12274 + 6 * 1012);
	EXPECT_EQ(b->storage, UB_CIRCULAR);
	std::string d = u.dump();
	EXPECT_NE(d.find("  note: sized by walking its elements and reads, the same exact "
		"figures: its symbolic analysis exceeded its budget of isl operations "
		"(18346 steps)\n"), std::string::npos) << d;
	// f2 is read at a stride of 3, one value per cycle of f4: sized
	// symbolically within the budget, no note.
	const ub_buffer *f = u.buf("f2");
	ASSERT_TRUE(f);
	EXPECT_EQ(f->walk_steps, 0);
	// The same figures when the walk alone sizes it (the default for a
	// buffer this small).
	ub_options o;
	ub_options_default(&o);
	Ub w(p, SCHED_STREAM, &o);
	ASSERT_TRUE(w.set) << w.diags();
	EXPECT_EQ(w.buf("in0")->walk_steps, 0);
	EXPECT_EQ(w.buf("in0")->capacity_words, b->capacity_words);
	EXPECT_EQ(w.buf("in0")->max_live_words, b->max_live_words);
	d.erase(d.find("  note: "), d.find("\n", d.find("  note: ")) + 1 - d.find("  note: "));
	EXPECT_EQ(w.dump(), d);
}

// Past the budget and past max_walk_steps: a located error, no crash,
// and the isl context still frees cleanly.  gauss(8, 16): 128 elements
// and nine reads by each of 6 x 14 iterations, 128 + 9 * 84 = 884 steps.
TEST(t_ubuffer, walk_limit_error)
{
	ub_options o;
	ub_options_default(&o);
	o.walk_below = 0;
	o.isl_budget = 100;
	o.max_walk_steps = 883;
	Ub u(gauss(8, 16), SCHED_STREAM, &o);
	EXPECT_FALSE(u.set);
	EXPECT_NE(u.diags().find("t.sl:1:7: error: cannot size the buffer of 'in': its "
		"symbolic analysis exceeds its budget of 100 isl operations, and walking "
		"its elements and reads would take 884 steps (the limit is 883)\n"),
		std::string::npos) << u.diags();
	o.max_walk_steps = 884;
	Ub v(gauss(8, 16), SCHED_STREAM, &o);
	ASSERT_TRUE(v.set) << v.diags();
	check_all(v);
	EXPECT_EQ(v.buf("in")->walk_steps, 884);
	// isl_budget 0: no symbolic analysis, so the walk is no fallback.
	o.isl_budget = 0;
	o.max_walk_steps = 883;
	Ub w(gauss(8, 16), SCHED_STREAM, &o);
	EXPECT_FALSE(w.set);
	EXPECT_NE(w.diags().find("t.sl:1:7: error: cannot size the buffer of 'in': walking "
		"its elements and reads would take 884 steps (the limit is 883), and its "
		"symbolic analysis is off\n"), std::string::npos) << w.diags();
	o.max_walk_steps = 884;
	Ub x(gauss(8, 16), SCHED_STREAM, &o);
	ASSERT_TRUE(x.set) << x.diags();
	check_all(x);
	EXPECT_EQ(x.buf("in")->walk_steps, 0);
}
