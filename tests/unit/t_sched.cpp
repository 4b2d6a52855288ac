// tests/unit/t_sched.cpp: the scheduler (scheduler/) and its legality
// checker.  Programs are compiled from source (fe_compile_text or the
// examples), lowered and scheduled with sched_program_build under both
// policies, and then checked three ways:
//   - sched_check, on a fresh isl_ctx;
//   - an independent brute-force checker written here: it enumerates
//     every iteration of every statement, evaluates each read's index
//     expressions itself (floor division, non-negative modulo, min/max as
//     in the spec), computes when the element read was written (the
//     producer's last iteration for that element plus its latency, from
//     t = offset + sum coef * (i - lo), the header's definition) and
//     requires the read to happen at or after it; it also requires one
//     iteration per cycle per statement and no negative times;
//   - properties derived by hand from the issue: rate matching (gaussian
//     at row stride 64 and column stride 1, a 2x downsample's rows at the
//     producer's row rate, an upsample's producer waiting), predicted /
//     ideal cycle bounds for stencils, the sequential policy's ordering,
//     and the minimality of stream offsets (one cycle earlier is illegal).
// A negative test corrupts a built schedule and requires both checkers to
// see it, so neither can pass vacuously.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <isl/ctx.h>
#include <isl/options.h>

#include "flow/flow.h"
#include "scheduler/scheduler.h"

namespace {

const sched_policy POLICIES[] = { SCHED_STREAM, SCHED_SEQUENTIAL };

std::string src_path(const std::string &rel)
{
	return std::string(SLUICE_SOURCE_DIR) + "/" + rel;
}

// One compilation through the flow, as every command's: context with
// diagnostics captured in memory, the checked program and its schedule
// (the design's; its buffers are built too, and not looked at here).
struct Compiled {
	sl_ctx *ctx = nullptr;
	FILE *diag = nullptr;
	char *buf = nullptr;
	size_t buf_len = 0;
	flow_design *d = nullptr;
	const ir_program *prog = nullptr;
	isl_ctx *isl = nullptr;
	sched_program *sp = nullptr;
	std::vector<sl_define> defines;

	// "unroll": --unroll K (0: none); "defs": the program's -D values.
	Compiled(const std::string &text, sched_policy pol, const std::string &path = "t.sl",
		int unroll = 0, const std::vector<sl_define> &defs = {}, bool no_blocks = false)
	{
		ctx = sl_ctx_alloc();
		defines = defs;
		sl_ctx_set_defines(ctx, defines.data(), (int) defines.size());
		diag = open_memstream(&buf, &buf_len);
		sl_ctx_set_diag_stream(ctx, diag);
		flow_options o;
		flow_options_default(&o);
		o.sched.policy = pol;
		o.sched.unroll = unroll;
		o.sched.no_block_links = no_blocks;
		d = flow_compile_text(ctx, path.c_str(), text.data(), text.size(), &o);
		if (!d)
			return;
		prog = d->prog;
		isl = d->isl;
		sp = d->sp;
	}
	~Compiled()
	{
		flow_free(d);
		sl_ctx_free(ctx);
		fclose(diag);
		free(buf);
	}
	Compiled(const Compiled &) = delete;
	Compiled &operator=(const Compiled &) = delete;

	std::string diags()
	{
		fflush(diag);
		return std::string(buf ? buf : "", buf_len);
	}
	const sched_stmt *stmt(const char *name) const
	{
		for (int i = 0; sp && i < sp->n_stmts; i++)
			if (!strcmp(sp->stmts[i]->name, name))
				return sp->stmts[i];
		return nullptr;
	}
	sched_stmt *mut_stmt(const char *name)
	{
		return const_cast<sched_stmt *>(stmt(name));
	}
};

std::string read_text(const std::string &path)
{
	size_t len = 0;
	char *t = sl_read_file(path.c_str(), &len);
	if (!t)
		return std::string();
	std::string s(t, len);
	free(t);
	return s;
}

std::unique_ptr<Compiled> compile_example(const std::string &name, sched_policy pol,
	int unroll = 0, const std::vector<sl_define> &defs = {})
{
	std::string path = src_path("examples/" + name + ".sl");
	return std::make_unique<Compiled>(read_text(path), pol, path, unroll, defs);
}

// The examples' 1080p size: -D W=1920 -D H=1080.
const std::vector<sl_define> AT_1080P = { { "W", 1920 }, { "H", 1080 } };

// sched_check on its own isl context.
int run_sched_check(const sched_program *sp)
{
	isl_ctx *isl = isl_ctx_alloc();
	int rc = sched_check(sp, isl);
	isl_ctx_free(isl);
	return rc;
}

// ------------------------------------------------------------ brute force

int64_t floordiv(int64_t a, int64_t d)
{
	int64_t q = a / d;
	if (a % d != 0 && ((a < 0) != (d < 0)))
		q--;
	return q;
}

int64_t floormod(int64_t a, int64_t d)
{
	return a - d * floordiv(a, d);
}

// An index expression over the statement's slots, as the spec defines it.
int64_t eval_index(const ir_expr *e, const std::vector<int64_t> &env, bool *ok)
{
	switch (e->kind) {
	case IR_CONST:
		return (int64_t) e->u.cval;
	case IR_VAR:
		if (e->u.var.slot < 0 || e->u.var.slot >= (int) env.size()) {
			*ok = false;
			return 0;
		}
		return env[e->u.var.slot];
	case IR_UNARY:
		if (e->op == IR_OP_NEG)
			return -eval_index(e->args[0], env, ok);
		break;
	case IR_BINARY: {
		int64_t a = eval_index(e->args[0], env, ok);
		int64_t b = eval_index(e->args[1], env, ok);
		switch (e->op) {
		case IR_OP_ADD: return a + b;
		case IR_OP_SUB: return a - b;
		case IR_OP_MUL: return a * b;
		case IR_OP_DIV:
			if (b > 0)
				return floordiv(a, b);
			break;
		case IR_OP_MOD:
			if (b > 0)
				return floormod(a, b);
			break;
		case IR_OP_MIN: return std::min(a, b);
		case IR_OP_MAX: return std::max(a, b);
		default: break;
		}
		break;
	}
	default:
		break;
	}
	*ok = false;
	return 0;
}

// t = offset + sum coef[d] * (i[d] - lo[d]), computed here.
int64_t time_of(const sched_stmt *s, const std::vector<int64_t> &it)
{
	int64_t t = s->offset;
	for (int d = 0; d < s->n_dims; d++)
		t += s->coef[d] * (it[d] - s->lo[d]);
	return t;
}

// Calls f(it) for every point of the statement's box (row-major).
template <typename F> void for_each_iter(const sched_stmt *s, F f)
{
	std::vector<int64_t> it(s->lo, s->lo + s->n_dims);
	if (s->n_dims == 0) {
		f(it);
		return;
	}
	for (;;) {
		f(it);
		int d = s->n_dims - 1;
		while (d >= 0 && ++it[d] == s->lo[d] + s->ext[d]) {
			it[d] = s->lo[d];
			d--;
		}
		if (d < 0)
			return;
	}
}

// Position of element "e" in the statement's variable box, or -1.
int64_t elem_pos(const sched_stmt *s, const std::vector<int64_t> &e)
{
	int64_t pos = 0;
	for (int d = 0; d < s->n_vars; d++) {
		if (e[d] < s->lo[d] || e[d] >= s->lo[d] + s->ext[d])
			return -1;
		pos = pos * s->ext[d] + (e[d] - s->lo[d]);
	}
	return pos;
}

int64_t box_size(const sched_stmt *s)
{
	int64_t n = 1;
	for (int d = 0; d < s->n_vars; d++)
		n *= s->ext[d];
	return n;
}

struct Brute {
	long violations = 0;
	long reads = 0;
	std::vector<std::string> first;	// a few descriptions

	void report(const std::string &what)
	{
		if (violations++ < 5)
			first.push_back(what);
	}
	std::string text() const
	{
		std::string r;
		for (const std::string &s : first)
			r += s + "\n";
		return r;
	}
};

// Environment slot of each statement dimension: variables are slots
// 0..n_vars-1, reduction variables the slots the IR gives them.
std::vector<int> dim_slots(const sched_stmt *s)
{
	std::vector<int> slot(s->n_dims);
	for (int d = 0; d < s->n_dims; d++)
		slot[d] = d < s->n_vars ? d : s->decl->body->u.reduce.rvars[d - s->n_vars].slot;
	return slot;
}

Brute brute_check(const sched_program *sp)
{
	Brute b;
	// When each element of each statement is written: the latest
	// iteration that produces it, plus the latency.
	std::vector<std::vector<int64_t>> written(sp->n_stmts);
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		std::vector<int64_t> &w = written[i];
		w.assign(box_size(s), INT64_MIN);
		std::vector<int64_t> times;
		for_each_iter(s, [&](const std::vector<int64_t> &it) {
			int64_t t = time_of(s, it);
			times.push_back(t);
			if (t < 0)
				b.report(std::string(s->name) + " runs at negative time");
			int64_t &slot = w[elem_pos(s, it)];
			slot = std::max(slot, t + s->latency);
		});
		std::sort(times.begin(), times.end());
		if (std::adjacent_find(times.begin(), times.end()) != times.end())
			b.report(std::string(s->name) + " issues two iterations in one cycle");
	}
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *c = sp->stmts[i];
		if (c->is_input)
			continue;
		std::vector<int> slot = dim_slots(c);
		std::vector<int64_t> env(std::max(c->decl->n_slots, c->n_dims), 0);
		for_each_iter(c, [&](const std::vector<int64_t> &it) {
			for (int d = 0; d < c->n_dims; d++)
				env[slot[d]] = it[d];
			int64_t t = time_of(c, it);
			for (int k = 0; k < c->n_reads; k++) {
				const sched_access *a = &c->reads[k];
				const sched_stmt *p = a->producer;
				bool ok = true;
				std::vector<int64_t> e(a->expr->n_args);
				for (int d = 0; d < a->expr->n_args; d++)
					e[d] = eval_index(a->expr->args[d], env, &ok);
				b.reads++;
				int64_t pos = ok && (int) e.size() == p->n_vars ? elem_pos(p, e) : -1;
				if (pos < 0) {
					b.report(std::string(c->name) + " reads " + p->name +
						" outside its domain (or an index we cannot evaluate)");
					continue;
				}
				int64_t w = written[p->index][pos];
				if (t < w)
					b.report(std::string(c->name) + " at t=" + std::to_string(t) +
						" reads " + p->name + " written at t=" + std::to_string(w));
			}
		});
	}
	return b;
}

// Everything a legal schedule must satisfy, checked both ways.
void expect_legal(Compiled &c, const std::string &what)
{
	ASSERT_NE(c.sp, nullptr) << what << ":\n" << c.diags();
	EXPECT_EQ(run_sched_check(c.sp), 0) << what << ":\n" << c.diags();
	Brute b = brute_check(c.sp);
	EXPECT_EQ(b.violations, 0) << what << ":\n" << b.text();
	EXPECT_GT(b.reads, 0) << what;
}

// ideal_cycles: most iterations of any statement; predicted_cycles: the
// later of the last write of an output's box and the last input element
// taken, plus one.  Computed here by enumeration.
void expect_cycle_counts(Compiled &c, const std::string &what)
{
	int64_t ideal = 0, predicted = 0;
	for (int i = 0; i < c.sp->n_stmts; i++) {
		const sched_stmt *s = c.sp->stmts[i];
		int64_t n = 0;
		for_each_iter(s, [&](const std::vector<int64_t> &it) {
			n++;
			if (s->is_input)
				predicted = std::max(predicted, time_of(s, it) + 1);
			if (!s->is_output)
				return;
			bool in_box = true;
			for (int d = 0; d < s->n_vars; d++)
				in_box = in_box && it[d] >= 0 && it[d] < s->decl->out_extents[d];
			if (in_box)
				predicted = std::max(predicted, time_of(s, it) + s->latency + 1);
		});
		ideal = std::max(ideal, n);
	}
	EXPECT_EQ(c.sp->ideal_cycles, ideal) << what;
	EXPECT_EQ(c.sp->predicted_cycles, predicted) << what;
}

// ------------------------------------------------------------- programs

struct NamedProg {
	const char *name;
	std::string text;
};

std::string lut_decl()
{
	std::string s = "const lut : u8[256] = {";
	for (int i = 0; i < 256; i++)
		s += (i ? ", " : " ") + std::to_string((i * 7 + 3) % 256);
	return s + " };\n";
}

// Small hand-written programs (12x10 outputs) covering the access
// patterns of the issue.
std::vector<NamedProg> small_programs()
{
	return {
		{ "pointwise", "input in : u8[12][10];\n"
			"func f(y, x) : u8 = in(y, x) + 1;\n"
			"output f[12][10];\n" },
		{ "stencil3x3", "input in : u8[14][12];\n"
			"func f(y, x) : u16 = sum(r in 0..3, s in 0..3) u16(in(y + r, x + s));\n"
			"output f[12][10];\n" },
		{ "stencil5x5", "input in : u8[16][14];\n"
			"func g(y, x) : u16 = u16(in(y, x));\n"
			"func f(y, x) : u16 = sum(r in 0..5, s in 0..5) g(y + r, x + s);\n"
			"output f[12][10];\n" },
		{ "separable", "input in : u8[14][12];\n"
			"func bx(y, x) : u16 = u16(in(y, x)) + 2 * u16(in(y, x + 1)) + u16(in(y, x + 2));\n"
			"func by(y, x) : u16 = bx(y, x) + 2 * bx(y + 1, x) + bx(y + 2, x);\n"
			"output by[12][10];\n" },
		{ "upsample", "input in : u8[6][5];\n"
			"func up(y, x) : u8 = in(y / 2, x / 2);\n"
			"output up[12][10];\n" },
		{ "upsample_stored", "input in : u8[6][5];\n"
			"func g(y, x) : u8 = in(y, x) + 3;\n"
			"func up(y, x) : u8 = g(y / 2, x / 2) ^ g((y + 1) / 2, x / 2);\n"
			"output up[11][10];\n" },
		{ "downsample", "input in : u8[24][20];\n"
			"func g(y, x) : u8 = in(y, x);\n"
			"func d(y, x) : u8 = g(2 * y, 2 * x) + g(2 * y + 1, 2 * x + 1);\n"
			"output d[12][10];\n" },
		{ "strided", "input in : u8[37][20];\n"
			"func g(y, x) : u8 = in(y, x) * 3;\n"
			"func f(y, x) : u8 = g(3 * y + 1, 2 * x) - g(3 * y, 2 * x + 1);\n"
			"output f[12][10];\n" },
		{ "transposed", "input in : u8[10][12];\n"
			"func g(y, x) : u8 = in(y, x) + 1;\n"
			"func f(y, x) : u8 = g(x, y);\n"
			"output f[12][10];\n" },
		{ "flipped", "input in : u8[12][10];\n"
			"func g(y, x) : u8 = in(y, x) + 1;\n"
			"func f(y, x) : u8 = g(11 - y, x) + g(y, 9 - x);\n"
			"output f[12][10];\n" },
		{ "clamped", "input in : u8[12][10];\n"
			"func g(y, x) : u8 = in(y, x) >> 1;\n"
			"func f(y, x) : u8 = g(clamp(y - 1, 0, 11), x) + g(clamp(y + 1, 0, 11), clamp(x + 2, 0, 9))\n"
			"                  + g(max(y - 2, 0), min(x + 1, 9));\n"
			"output f[12][10];\n" },
		{ "grown_domain", "input in : u8[12][10];\n"
			"func g(y, x) : u8 = in(clamp(y, 0, 11), clamp(x, 0, 9));\n"
			"func f(y, x) : u8 = g(y - 1, x - 2) + g(y + 1, x + 1);\n"
			"output f[12][10];\n" },
		{ "modulo", "input in : u8[12][10];\n"
			"func g(y, x) : u8 = in(y, x);\n"
			"func f(y, x) : u8 = g(y, (x + 3) % 10) + g((y + 11) % 12, x);\n"
			"output f[12][10];\n" },
		{ "reduction_unrolled", "input in : u8[14][12];\n"
			"func g(y, x) : i32 = i32(in(y, x)) - 128;\n"
			"func f(y, x) : i32 = sum(r in 0..3, s in 0..3) g(y + r, x + s) * (r - s);\n"
			"output f[12][10];\n" },
		{ "reduction_pipelined", "input a : i8[12][40];\n"
			"func rowsum(y, x) : i32 = sum(k in 0..40) i32(a(y, k)) * (x + 1);\n"
			"output rowsum[12][10];\n" },
		{ "reduction_2d_pipelined", "input in : u8[20][18];\n"
			"func m(y, x) : u8 = maximum(r in 0..9, s in 0..9) in(y + r, x + s);\n"
			"output m[12][10];\n" },
		{ "reduction_in_expression", "input in : u8[12][45];\n"
			"func g(y, x) : u16 = u16(in(y, x));\n"
			"func f(y, x) : u16 = (sum(k in 0..36) g(y, x + k)) + g(y, x) + 1;\n"
			"output f[12][9];\n" },
		{ "matmul_pipelined", "input a : i8[12][48];\ninput b : i8[48][10];\n"
			"func c(i, j) : i32 = sum(k in 0..48) i32(a(i, k)) * i32(b(k, j));\n"
			"output c[12][10];\n" },
		{ "lookup_table", "input in : u8[12][10];\n" + lut_decl() +
			"func g(y, x) : u8 = lut(in(y, x));\n"
			"func f(y, x) : u8 = lut(g(y, x) ^ g(y, 9 - x));\n"
			"output f[12][10];\n" },
		{ "multi_output", "input in : u8[14][12];\n"
			"func g(y, x) : u8 = in(y + 1, x + 1);\n"
			"func a(y, x) : u8 = g(y, x) + g(y + 1, x);\n"
			"func b(y, x) : u8 = g(y, x) - in(y + 2, x + 2);\n"
			"output a[12][10];\noutput b[12][10];\n" },
		{ "inline_funcs", "input in : u8[14][13];\n"
			"func h(y, x) : u16 = u16(in(y, x)) * 3;\n"
			"func g(y, x) : u16 = h(y, x) + h(y + 2, x + 2);\n"
			"func f(y, x) : u16 = g(y, x) + g(y, x + 1);\n"
			"inline h;\ninline g;\n"
			"output f[12][10];\n" },
		{ "three_dims", "input in : u8[3][14][12];\n"
			"func g(c, y, x) : u8 = in(c, y + 1, x) + in(2 - c, y, x + 2);\n"
			"func f(c, y, x) : u8 = g(c, y, x) + g(c, y + 1, x);\n"
			"output f[3][12][10];\n" },
		{ "rate_two_thirds", "input in : u8[8][10];\n"
			"func g(y, x) : u8 = in(y, x) + 1;\n"
			"func f(y, x) : u8 = g(2 * y / 3, x) + g((2 * y + 1) / 3, x);\n"
			"output f[12][10];\n" },
		{ "upsample3_window", "input in : u8[5][4];\n"
			"func f(y, x) : u8 = in(y / 3, x / 3) + in((y + 1) / 3, (x + 2) / 3);\n"
			"output f[12][10];\n" },
		{ "downsample_of_reduction", "input in : u8[24][45];\n"
			"func r(y, x) : u16 = sum(k in 0..36) u16(in(y, x + k));\n"
			"func d(y, x) : u16 = r(2 * y, x) + r(2 * y + 1, x);\n"
			"output d[12][9];\n" },
		{ "transpose_of_reduction", "input in : u8[10][48];\n"
			"func r(y, x) : u16 = sum(k in 0..36) u16(in(y, x + k));\n"
			"func t(y, x) : u16 = r(x, y);\n"
			"output t[12][10];\n" },
		{ "reduction_reads_transposed", "input in : u8[40][12];\n"
			"func g(y, x) : u8 = in(y, x) ^ 5;\n"
			"func r(y) : u8 = maximum(k in 0..40) g(k, y);\n"
			"output r[12];\n" },
		{ "up_then_down", "input in : u8[6][5];\n"
			"func u(y, x) : u8 = in(y / 2, x / 2);\n"
			"func d(y, x) : u8 = u(2 * y, 2 * x) + u(2 * y + 1, 2 * x + 1);\n"
			"func f(y, x) : u8 = d(y / 2, x / 2) + u(y, x);\n"
			"output f[12][10];\n" },
	};
}

std::string prog_text(const char *name)
{
	for (const NamedProg &p : small_programs())
		if (!strcmp(p.name, name))
			return p.text;
	ADD_FAILURE() << "no program " << name;
	return std::string();
}

const char *const EXAMPLES[] = {
	"brighten", "gaussian", "cascade", "harris", "unsharp", "upsample", "downsample",
	"camera_pipeline", "laplacian_pyramid", "jacobi", "resnet_layer", "mobilenet", "matmul",
};

const char *const STENCIL_EXAMPLES[] = {
	"gaussian", "cascade", "harris", "unsharp", "jacobi", "brighten",
};

// Own stencils, sized by "h" x "w" output.
std::string stencil3(int h, int w)
{
	return "input in : u8[" + std::to_string(h + 2) + "][" + std::to_string(w + 2) + "];\n"
		"func f(y, x) : u16 = sum(r in 0..3, s in 0..3) u16(in(y + r, x + s));\n"
		"func g(y, x) : u8 = u8(f(y, x) / 9);\n"
		"output g[" + std::to_string(h) + "][" + std::to_string(w) + "];\n";
}

std::string stencil5(int h, int w)
{
	return "input in : u8[" + std::to_string(h + 4) + "][" + std::to_string(w + 4) + "];\n"
		"func p(y, x) : u16 = u16(in(y, x));\n"
		"func f(y, x) : u16 = sum(r in 0..5, s in 0..5) p(y + r, x + s);\n"
		"func g(y, x) : u8 = u8(f(y, x) >> 5);\n"
		"output g[" + std::to_string(h) + "][" + std::to_string(w) + "];\n";
}

std::string policy_name(sched_policy p)
{
	return p == SCHED_STREAM ? "stream" : "sequential";
}

// ------------------------------------------------------------- legality

TEST(t_sched, examples_legal_both_policies)
{
	for (const char *ex : EXAMPLES)
		for (sched_policy pol : POLICIES) {
			auto c = compile_example(ex, pol);
			std::string what = std::string(ex) + " " + policy_name(pol);
			expect_legal(*c, what);
			if (c->sp)
				expect_cycle_counts(*c, what);
		}
}

TEST(t_sched, small_programs_legal_both_policies)
{
	for (const NamedProg &p : small_programs())
		for (sched_policy pol : POLICIES) {
			Compiled c(p.text, pol);
			std::string what = std::string(p.name) + " " + policy_name(pol);
			expect_legal(c, what);
			if (c.sp)
				expect_cycle_counts(c, what);
		}
}

// The issue: offsets are the smallest legal ones.  With the rates fixed,
// moving any statement one cycle earlier must break a read (or start
// before cycle 0), as the brute-force checker sees it.
TEST(t_sched, stream_offsets_are_minimal)
{
	std::vector<NamedProg> progs = small_programs();
	for (const char *ex : { "gaussian", "downsample", "upsample", "harris", "laplacian_pyramid" })
		progs.push_back({ ex, read_text(src_path(std::string("examples/") + ex + ".sl")) });
	for (const NamedProg &p : progs) {
		Compiled c(p.text, SCHED_STREAM);
		ASSERT_NE(c.sp, nullptr) << p.name << c.diags();
		for (int i = 0; i < c.sp->n_stmts; i++) {
			sched_stmt *s = c.sp->stmts[i];
			if (s->is_input)
				continue;
			s->offset--;
			EXPECT_GT(brute_check(c.sp).violations, 0)
				<< p.name << ": " << s->name << " could start one cycle earlier";
			s->offset++;
		}
	}
}

// Block links (scheduler/schedule.c outer_block): acc reads per step the
// block part(n, 0..1, j) of a fully connected layer's partial sums.  By
// hand: a streams 64 values per row n; part's q takes a chunk of 32 of
// them (the deep link of q * 32 + r) and its 16 j inside, so part runs
// 64 cycles per n from cycle 32 (a(n, 31) at 64 n + 31), latency 2.
// Linked, acc's n takes part's 64 cycles: acc(n, j) reads part(n, 1, j),
// written at 32 + 64 n + 32 + j + 2, so acc starts at 66.  A value
// part(n, 0, j) lives from its write (34 + 64 n + j) to its read
// (66 + 64 n + j): 16 of them, plus part(n, 1, j) written in the cycle it
// is read, 17 words.  Without the link acc keeps its own pace (16 cycles
// per n) and starts when the last block is written, 402 = 32 + 64 * 7 +
// 32 + 15 + 2 - (16 * 7 + 15): the same 531 cycles, part holding most of
// the batch.  flow_choose_links keeps the links (not worse in either).
TEST(t_sched, block_links_follow_partial_sums)
{
	const char *text = "input a : u8[8][64];\n"
		"func part(n, q, j) : i32 = sum(r in 0..32) i32(a(n, q * 32 + r)) * i32(j + 1);\n"
		"func acc(n, j) : i32 = part(n, 0, j) + part(n, 1, j);\n"
		"output acc[8][16];\n";
	Compiled linked(text, SCHED_STREAM), apart(text, SCHED_STREAM, "t.sl", 0, {}, true);
	ASSERT_NE(linked.sp, nullptr) << linked.diags();
	ASSERT_NE(apart.sp, nullptr) << apart.diags();
	const sched_stmt *acc = linked.stmt("acc"), *part = linked.stmt("part");
	ASSERT_TRUE(acc && part);
	EXPECT_EQ(linked.sp->block_links, 2);	// both accesses, part(n, 0, j) and part(n, 1, j)
	EXPECT_EQ(part->offset, 32);
	EXPECT_EQ(part->coef[0], 64);
	EXPECT_EQ(acc->coef[0], 64);
	EXPECT_EQ(acc->offset, 66);
	EXPECT_EQ(linked.sp->predicted_cycles, 531);
	const ub_buffer *pb = ub_set_find(linked.d->ubs, part);
	ASSERT_NE(pb, nullptr);
	EXPECT_EQ(pb->max_live_words, 17);
	const sched_stmt *acc2 = apart.stmt("acc"), *part2 = apart.stmt("part");
	ASSERT_TRUE(acc2 && part2);
	EXPECT_EQ(apart.sp->block_links, 0);
	EXPECT_EQ(acc2->coef[0], 16);
	EXPECT_EQ(acc2->offset, 402);
	EXPECT_EQ(apart.sp->predicted_cycles, 531);
	EXPECT_GT(ub_set_find(apart.d->ubs, part2)->max_live_words, 17);
}

// The reduction that the lowering keeps (more than 32 iterations) is a
// statement with its reduction variables as inner loops at II = 1; a
// small one (up to 32 iterations) is unrolled into the datapath.
TEST(t_sched, reductions_pipelined_or_unrolled)
{
	Compiled big(prog_text("reduction_pipelined"), SCHED_STREAM);
	ASSERT_NE(big.sp, nullptr) << big.diags();
	const sched_stmt *r = big.stmt("rowsum");
	ASSERT_NE(r, nullptr);
	EXPECT_TRUE(r->is_reduction);
	ASSERT_EQ(r->n_dims, 3);
	EXPECT_EQ(r->n_vars, 2);
	EXPECT_EQ(r->ext[2], 40);
	EXPECT_EQ(r->coef[2], 1);	// the k loop at one iteration a cycle
	EXPECT_GE(r->coef[1], 40);	// a whole reduction per x step

	Compiled small(prog_text("stencil3x3"), SCHED_STREAM);
	ASSERT_NE(small.sp, nullptr) << small.diags();
	const sched_stmt *f = small.stmt("f");
	ASSERT_NE(f, nullptr);
	EXPECT_FALSE(f->is_reduction);
	EXPECT_EQ(f->n_dims, 2);
	EXPECT_EQ(f->n_reads, 9);	// the 3x3 window, unrolled
	EXPECT_EQ(f->coef[0], 12);	// the input's row: 12 columns
	EXPECT_EQ(f->coef[1], 1);
}

// ------------------------------------------------------------ negative

// Gaussian: blur(y, x) reads in(y + 2, x + 2), written at 64y + x + 131
// (the input streams at 64y + x with latency 1).  Stream: blur runs at
// 131 + 64y + x, so one cycle earlier is exactly one cycle too early.
// Sequential: blur has slack (it starts after the whole input), so it is
// moved to start at cycle 130, which reads in(2, 2) one cycle too early.
// Both checkers must see the violation.
TEST(t_sched, corrupted_schedule_bad)
{
	for (sched_policy pol : POLICIES) {
		auto c = compile_example("gaussian", pol);
		ASSERT_NE(c->sp, nullptr) << c->diags();
		ASSERT_EQ(run_sched_check(c->sp), 0) << c->diags();
		ASSERT_EQ(brute_check(c->sp).violations, 0);
		sched_stmt *blur = c->mut_stmt("blur");
		ASSERT_NE(blur, nullptr);
		if (pol == SCHED_STREAM) {
			ASSERT_EQ(blur->offset, 131);
			blur->offset--;
		} else {
			blur->offset = 130;
		}
		EXPECT_EQ(run_sched_check(c->sp), -1) << policy_name(pol);
		const char *msg = pol == SCHED_STREAM
			? "schedule violation: 'blur' reads 'in' 1 cycle before it is written"
			: "schedule violation: 'blur' reads 'in' ";
		EXPECT_NE(c->diags().find(msg), std::string::npos) << c->diags();
		Brute b = brute_check(c->sp);
		EXPECT_GT(b.violations, 0) << policy_name(pol);
		EXPECT_NE(b.text().find("blur at t=130 reads in written at t=131"), std::string::npos)
			<< b.text();
	}
}

// Two iterations in one cycle: the column coefficient set to 0.
TEST(t_sched, collision_bad)
{
	auto c = compile_example("gaussian", SCHED_STREAM);
	ASSERT_NE(c->sp, nullptr) << c->diags();
	sched_stmt *g = c->mut_stmt("gaussian");
	ASSERT_NE(g, nullptr);
	g->coef[1] = 0;
	g->offset += 1000;	// reads stay legal: only the collision is wrong
	EXPECT_EQ(run_sched_check(c->sp), -1);
	EXPECT_NE(c->diags().find("issues two iterations in one cycle"), std::string::npos)
		<< c->diags();
	Brute b = brute_check(c->sp);
	EXPECT_GT(b.violations, 0);
	EXPECT_NE(b.text().find("two iterations in one cycle"), std::string::npos) << b.text();
}

// A consumer reading a flipped producer is corrupted by making it start
// at cycle 0: both checkers see the violation.
TEST(t_sched, flipped_corrupted_bad)
{
	Compiled c(prog_text("flipped"), SCHED_STREAM);
	ASSERT_NE(c.sp, nullptr) << c.diags();
	sched_stmt *f = c.mut_stmt("f");
	ASSERT_NE(f, nullptr);
	f->offset -= 1;
	EXPECT_EQ(run_sched_check(c.sp), -1);
	EXPECT_GT(brute_check(c.sp).violations, 0);
}

// ------------------------------------------------------------- rates

// Every statement of gaussian at row stride 64, column stride 1: the input
// streams one pixel a cycle and every stage keeps its pace.  Offsets by
// hand: in(y, x) is written at 64y + x + 1 (latency 1); blur(y, x) reads
// in(y + 2, x + 2), so 131 + 64y + x; blur's latency is 1 (adders and
// shifts: its kernel's coefficients 1, 2, 4 are literals, value-range
// widths), so gaussian(y, x) reads blur(y, x) at 131 + 1 = 132 + 64y + x.
TEST(t_sched, gaussian_rate_matched)
{
	auto c = compile_example("gaussian", SCHED_STREAM);
	ASSERT_NE(c->sp, nullptr) << c->diags();
	ASSERT_EQ(c->sp->n_stmts, 3);
	for (int i = 0; i < c->sp->n_stmts; i++) {
		const sched_stmt *s = c->sp->stmts[i];
		EXPECT_EQ(s->n_dims, 2) << s->name;
		EXPECT_EQ(s->coef[0], 64) << s->name;
		EXPECT_EQ(s->coef[1], 1) << s->name;
	}
	EXPECT_EQ(c->stmt("in")->offset, 0);
	EXPECT_EQ(c->stmt("blur")->offset, 131);
	EXPECT_EQ(c->stmt("gaussian")->offset, 132);
	// last output write: 132 + 64*61 + 61 + latency 2, plus one
	EXPECT_EQ(c->sp->predicted_cycles, 132 + 64 * 61 + 61 + 2 + 1);
	EXPECT_EQ(c->sp->ideal_cycles, 64 * 64);
}

// A 2x downsample runs its rows at the producer's row rate: box row y
// consumes input rows 2y and 2y + 1, so its row takes two input rows
// (128 cycles) and its column two input columns; the input itself is not
// slowed.  Offsets by hand: box(y, x) reads in(2y + 1, 2x + 1), written at
// 64(2y + 1) + 2x + 1 + 1 = 128y + 2x + 66; downsample reads box(y, x)
// written at 66 + 1 (latency 1: adders only) = 67.
TEST(t_sched, downsample_rates)
{
	auto c = compile_example("downsample", SCHED_STREAM);
	ASSERT_NE(c->sp, nullptr) << c->diags();
	const sched_stmt *in = c->stmt("in"), *box = c->stmt("box"), *ds = c->stmt("downsample");
	ASSERT_TRUE(in && box && ds);
	EXPECT_EQ(in->coef[0], 64);
	EXPECT_EQ(in->coef[1], 1);
	EXPECT_EQ(box->coef[0], 2 * in->coef[0]);
	EXPECT_EQ(box->coef[1], 2 * in->coef[1]);
	EXPECT_EQ(ds->coef[0], box->coef[0]);
	EXPECT_EQ(ds->coef[1], box->coef[1]);
	EXPECT_EQ(box->offset, 66);
	EXPECT_EQ(ds->offset, 67);
	EXPECT_EQ(c->sp->predicted_cycles, 67 + 128 * 31 + 2 * 31 + 1 + 1);
}

// An upsample makes the producer wait: the output runs at one pixel a
// cycle (row stride 128) and the input row y feeds output rows 2y, 2y + 1,
// so the input advances at half the output's pace in both dimensions.
// up(y, x) reads in(y/2, x/2), written at 256 floor(y/2) + 2 floor(x/2) + 1;
// the largest gap to 128y + x is at even y and x: offset 1.
TEST(t_sched, upsample_rates)
{
	auto c = compile_example("upsample", SCHED_STREAM);
	ASSERT_NE(c->sp, nullptr) << c->diags();
	const sched_stmt *in = c->stmt("in"), *up = c->stmt("upsample");
	ASSERT_TRUE(in && up);
	EXPECT_EQ(up->coef[0], 128);
	EXPECT_EQ(up->coef[1], 1);
	EXPECT_EQ(in->coef[0], 2 * up->coef[0]);
	EXPECT_EQ(in->coef[1], 2 * up->coef[1]);
	EXPECT_EQ(up->offset, 1);
	EXPECT_EQ(c->sp->predicted_cycles, 1 + 128 * 127 + 127 + 1 + 1);
}

// ------------------------------------------------------- cycle bounds

void expect_ratio(Compiled &c, const std::string &what, double bound)
{
	ASSERT_NE(c.sp, nullptr) << what << ":\n" << c.diags();
	ASSERT_GT(c.sp->ideal_cycles, 0) << what;
	double r = (double) c.sp->predicted_cycles / (double) c.sp->ideal_cycles;
	EXPECT_LE(r, bound) << what << ": predicted " << c.sp->predicted_cycles << ", ideal "
			    << c.sp->ideal_cycles;
}

TEST(t_sched, stream_stencils_64x64_within_10_percent)
{
	for (const char *ex : STENCIL_EXAMPLES) {
		auto c = compile_example(ex, SCHED_STREAM);
		expect_ratio(*c, ex, 1.10);
	}
	Compiled s3(stencil3(62, 62), SCHED_STREAM), s5(stencil5(60, 60), SCHED_STREAM);
	expect_ratio(s3, "stencil3 64x64", 1.10);
	expect_ratio(s5, "stencil5 64x64", 1.10);
	expect_legal(s3, "stencil3 64x64");
	expect_legal(s5, "stencil5 64x64");
}

TEST(t_sched, stream_stencils_1080p_within_1_percent)
{
	for (const char *ex : STENCIL_EXAMPLES) {
		std::string name = std::string(ex) + " -D W=1920 -D H=1080";
		auto c = compile_example(ex, SCHED_STREAM, 0, AT_1080P);
		expect_ratio(*c, name, 1.01);
		if (c->sp) {
			EXPECT_EQ(run_sched_check(c->sp), 0) << name << c->diags();
		}
	}
	Compiled s3(stencil3(1078, 1918), SCHED_STREAM), s5(stencil5(1076, 1916), SCHED_STREAM);
	expect_ratio(s3, "stencil3 1080p", 1.01);
	expect_ratio(s5, "stencil5 1080p", 1.01);
}

// ------------------------------------------------------------- lanes

// The examples whose accesses keep one lane each (no clamp, no reduction
// loop along x; docs/language.md, "Lanes").
const char *const LANE_EXAMPLES[] = {
	"brighten", "gaussian", "cascade", "blur_xy", "harris", "upsample", "downsample",
	"camera_pipeline", "mobilenet", "matmul",
};

// The lanes of one declaration run in lockstep: the same coefficients,
// and word xo of every lane in the same cycle (offset - sum coef * lo is
// one number).
void expect_lockstep(Compiled &c, const std::string &what)
{
	ASSERT_NE(c.sp, nullptr) << what;
	int groups = 0;
	for (int i = 0; i < c.sp->n_stmts; i++) {
		const sched_stmt *z = c.sp->stmts[i];
		if (z->decl->lanes <= 1 || z->decl->lane != 0)
			continue;
		groups++;
		auto base = [](const sched_stmt *s) {
			int64_t b = s->offset;
			for (int d = 0; d < s->n_vars; d++)
				b -= s->coef[d] * s->lo[d];
			return b;
		};
		for (int l = 1; l < z->decl->lanes; l++) {
			ASSERT_LT(i + l, c.sp->n_stmts) << what;
			const sched_stmt *s = c.sp->stmts[i + l];
			ASSERT_EQ(s->decl->lane_of, z->decl->lane_of) << what << " " << s->name;
			for (int d = 0; d < s->n_dims; d++)
				EXPECT_EQ(s->coef[d], z->coef[d]) << what << " " << s->name << " dim " << d;
			EXPECT_EQ(base(s), base(z)) << what << " " << s->name;
		}
	}
	EXPECT_GT(groups, 0) << what << ": no lanes";
}

TEST(t_sched, lanes_legal_both_policies)
{
	for (const char *ex : LANE_EXAMPLES)
		for (int k4 : { 2, 4 })
			for (sched_policy pol : POLICIES) {
				// camera_pipeline's innermost dimension is the channel,
				// 3 points: its 4 lanes run along x
				int k = k4;
				auto c = compile_example(ex, pol, k);
				std::string what = std::string(ex) + " k=" + std::to_string(k) + " " +
					policy_name(pol);
				expect_legal(*c, what);
				if (!c->sp)
					continue;
				expect_cycle_counts(*c, what);
				expect_lockstep(*c, what);
			}
}

// A func whose domain starts before 0 (f at x = -1): its lanes are
// padded to the same words, from xo = -1, and word xo of each fires in
// one cycle.
TEST(t_sched, lanes_with_a_negative_domain_start)
{
	const char *text =
		"input in : u8[6][20];\n"
		"func f(y, x) : u8 = in(y, x + 1) + 3;\n"
		"func g(y, x) : u8 = f(y, x - 1) + f(y, x) * 2;\n"
		"output g[6][19];\n";
	for (int k : { 2, 3, 4 })
		for (sched_policy pol : POLICIES) {
			Compiled c(text, pol, "t.sl", k);
			std::string what = "k=" + std::to_string(k) + " " + policy_name(pol);
			expect_legal(c, what);
			if (!c.sp)
				continue;
			expect_cycle_counts(c, what);
			expect_lockstep(c, what);
			// f's domain is x in [-1, 18]; padded, every lane holds the words
			// floor(-1 / k) = -1 .. floor(18 / k): the last lane's x = k * xo
			// + k - 1 is -1 at xo = -1, lane 0's -k there (a pad point).
			std::string last = "f.lane" + std::to_string(k - 1);
			const ir_decl *fl = ir_program_find(c.sp->lowered, last.c_str());
			const ir_decl *f0 = ir_program_find(c.sp->lowered, "f.lane0");
			ASSERT_NE(fl, nullptr) << what;
			ASSERT_NE(f0, nullptr) << what;
			EXPECT_EQ(fl->dom_lo[1], -1) << what;
			EXPECT_EQ(f0->dom_lo[1], -1) << what;
			EXPECT_EQ(f0->dom_ext[1], fl->dom_ext[1]) << what;
			EXPECT_EQ(f0->dom_ext[1], 18 / k + 2) << what;
		}
}

// Predicted cycles against ideal / k, the ideal being the original
// program's (its input's points for these stencils: one point a cycle
// at k = 1).  The pipeline's fill is a few rows of the input, and a row
// of k lanes takes 1/k of the cycles, so the bounds of one lane hold.
void expect_lane_ratio(const char *ex, int k, int64_t points, double bound,
	const std::vector<sl_define> &defs = {})
{
	auto c = compile_example(ex, SCHED_STREAM, k, defs);
	std::string what = std::string(ex) + " k=" + std::to_string(k);
	ASSERT_NE(c->sp, nullptr) << what << ":\n" << c->diags();
	double ideal = (double) points / k;
	EXPECT_LE((double) c->sp->predicted_cycles, bound * ideal)
		<< what << ": predicted " << c->sp->predicted_cycles << ", ideal/k " << ideal;
	EXPECT_GE((double) c->sp->predicted_cycles, ideal) << what;
}

TEST(t_sched, lanes_stencils_64x64_within_10_percent)
{
	for (const char *ex : { "gaussian", "cascade", "blur_xy", "harris", "brighten" })
		for (int k : { 2, 4, 8 })
			expect_lane_ratio(ex, k, 64 * 64, 1.10);
}

TEST(t_sched, lanes_blur_xy_1080p_within_1_percent)
{
	// The bar: blur_xy at 1920x1080, k = 16 and 32 (its output is
	// 1918 wide, a multiple of neither).
	for (int k : { 16, 32 })
		expect_lane_ratio("blur_xy", k, 1080 * 1920, 1.01, AT_1080P);
}

// -------------------------------------------------------- sequential

// Each statement's first iteration comes no earlier than the previous
// statement's last write (its last iteration plus its latency).
void expect_sequential_order(Compiled &c, const std::string &what)
{
	ASSERT_NE(c.sp, nullptr) << what << ":\n" << c.diags();
	EXPECT_EQ(c.sp->opts.policy, SCHED_SEQUENTIAL);
	for (int i = 1; i < c.sp->n_stmts; i++) {
		const sched_stmt *prev = c.sp->stmts[i - 1], *s = c.sp->stmts[i];
		int64_t prev_last_write = INT64_MIN, first = INT64_MAX;
		for_each_iter(prev, [&](const std::vector<int64_t> &it) {
			prev_last_write = std::max(prev_last_write, time_of(prev, it) + prev->latency);
		});
		for_each_iter(s, [&](const std::vector<int64_t> &it) {
			first = std::min(first, time_of(s, it));
		});
		EXPECT_GE(first, prev_last_write) << what << ": " << s->name << " after " << prev->name;
	}
}

TEST(t_sched, sequential_one_stage_after_another)
{
	for (const char *ex : EXAMPLES) {
		auto c = compile_example(ex, SCHED_SEQUENTIAL);
		expect_sequential_order(*c, ex);
	}
	for (const NamedProg &p : small_programs()) {
		Compiled c(p.text, SCHED_SEQUENTIAL);
		expect_sequential_order(c, p.name);
	}
}

// Sequential gaussian by hand: in takes 4096 cycles (0..4095, last write
// at 4096); blur 62x62 from 4096, last iteration 4096 + 3843, written at
// +1 = 7940 (latency 1: its kernel's products are shifts); gaussian from
// 7940, last write 7940 + 3843 + 2 = 11785, so 11786 cycles.
TEST(t_sched, sequential_gaussian_by_hand)
{
	auto c = compile_example("gaussian", SCHED_SEQUENTIAL);
	ASSERT_NE(c->sp, nullptr) << c->diags();
	EXPECT_EQ(c->stmt("in")->offset, 0);
	EXPECT_EQ(c->stmt("blur")->offset, 4096);
	EXPECT_EQ(c->stmt("blur")->coef[0], 62);
	EXPECT_EQ(c->stmt("blur")->coef[1], 1);
	EXPECT_EQ(c->stmt("gaussian")->offset, 7940);
	EXPECT_EQ(c->sp->predicted_cycles, 11786);
}

} // namespace
