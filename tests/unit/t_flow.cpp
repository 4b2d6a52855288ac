// tests/unit/t_flow.cpp: the flow (flow/flow.c) and its checkers.
// The checkers run in every build type: this binary is built with the
// README's build type (RelWithDebInfo, NDEBUG defined) in build/ and as
// Debug in build-asan/, and both must see an illegal schedule rejected.
// Each checker is shown able to fail by corrupting what its stage built.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include "flow/flow.h"
#include "frontend/frontend.h"

namespace {

// A 3-tap blur: in, then blur reading it, then the output.
const char kBlur[] =
	"input in : u8[8][10];\n"
	"func blur(y, x) : u16 = u16(in(y, x)) + u16(in(y, x + 1)) + u16(in(y, x + 2));\n"
	"func out(y, x) : u16 = blur(y, x) / 3;\n"
	"output out[8][8];\n";

struct Diag {
	sl_ctx *ctx = sl_ctx_alloc();
	char *buf = nullptr;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	Diag() { sl_ctx_set_diag_stream(ctx, f); }
	~Diag()
	{
		sl_ctx_free(ctx);
		fclose(f);
		free(buf);
	}
	std::string text()
	{
		sl_diag_flush(ctx);
		fflush(f);
		return std::string(buf ? buf : "", len);
	}
};

flow_design *compile(Diag &d, const char *src, const flow_options &fo)
{
	return flow_compile_text(d.ctx, "t.sl", src, strlen(src), &fo);
}

// The dumps "letters" of compiling kBlur under "fo"; *ok: it compiled.
std::string dumps(flow_options fo, const char *letters, bool *ok)
{
	Diag d;
	char *buf = nullptr;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fo.dump = letters;
	fo.dump_out = f;
	flow_design *fd = compile(d, kBlur, fo);
	*ok = fd != nullptr;
	flow_free(fd);
	fclose(f);
	std::string o(buf, len);
	free(buf);
	return o;
}

// The hook: the first statement that reads starts at cycle 0, before any
// value it reads can have been written (every write is at least one
// cycle after its producer's start, itself at cycle 0 or later).
void start_reader_at_zero(sched_program *sp, void *arg)
{
	for (int i = 0; i < sp->n_stmts; i++)
		if (sp->stmts[i]->n_reads > 0) {
			sp->stmts[i]->offset = 0;
			*static_cast<const char **>(arg) = sp->stmts[i]->name;
			return;
		}
}

void no_change(sched_program *, void *arg)
{
	*static_cast<int *>(arg) += 1;
}

} // namespace

TEST(t_flow, builds_every_stage)
{
	Diag d;
	flow_options fo;
	flow_options_default(&fo);
	int calls = 0;
	fo.after_schedule = no_change;
	fo.hook_arg = &calls;
	flow_design *fd = compile(d, kBlur, fo);
	ASSERT_NE(fd, nullptr) << d.text();
	EXPECT_EQ(calls, 1);
	EXPECT_STREQ(fd->name, "t");
	ASSERT_NE(fd->sp, nullptr);
	ASSERT_NE(fd->ubs, nullptr);
	EXPECT_EQ(fd->sp->lowered->n_outputs, 1);
	flow_free(fd);
	EXPECT_EQ(d.text(), "");
}

TEST(t_flow, schedule_checker_rejects_an_illegal_schedule)
{
#ifdef NDEBUG
	RecordProperty("build", "NDEBUG (release)");
#else
	RecordProperty("build", "debug");
#endif
	Diag d;
	flow_options fo;
	flow_options_default(&fo);
	const char *moved = nullptr;
	fo.after_schedule = start_reader_at_zero;
	fo.hook_arg = &moved;
	flow_design *fd = compile(d, kBlur, fo);
	EXPECT_EQ(fd, nullptr);
	ASSERT_NE(moved, nullptr);
	std::string diags = d.text();
	EXPECT_NE(diags.find(std::string("schedule violation: '") + moved + "' reads"),
		std::string::npos) << diags;
	flow_free(fd);
}

TEST(t_flow, ir_check_rejects_a_broken_lowered_program)
{
	Diag d;
	flow_options fo;
	flow_options_default(&fo);
	fo.declared_widths = true;	// out's body the division itself, no cast
	flow_design *fd = compile(d, kBlur, fo);
	ASSERT_NE(fd, nullptr) << d.text();
	ir_program *lw = fd->sp->lowered;
	EXPECT_EQ(ir_check(d.ctx, lw), 0);
	// out(y, x) = blur(y, x) / 3: point its y at a slot it does not have.
	ir_decl *out = ir_program_find(lw, "out");
	ASSERT_NE(out, nullptr);
	ir_expr *div = out->body;
	ASSERT_EQ(div->kind, IR_BINARY);
	ir_expr *read = div->args[0];
	while (read->kind != IR_ACCESS && read->n_args > 0)
		read = read->args[0];
	ASSERT_EQ(read->kind, IR_ACCESS);
	ir_expr *y = read->args[0];
	while (y->kind != IR_VAR && y->n_args > 0)
		y = y->args[0];
	ASSERT_EQ(y->kind, IR_VAR);
	int slot = y->u.var.slot;
	y->u.var.slot = 7;
	EXPECT_EQ(ir_check(d.ctx, lw), -1);
	EXPECT_NE(d.text().find("internal error: lowered func 'out': a variable names a slot "
		"out of range"), std::string::npos) << d.text();
	y->u.var.slot = slot;
	// A read of a later declaration.
	ir_decl *blur = ir_program_find(lw, "blur");
	read->u.access.decl = out;
	EXPECT_EQ(ir_check(d.ctx, lw), -1);
	EXPECT_NE(d.text().find("reads a declaration that does not come before it"),
		std::string::npos) << d.text();
	read->u.access.decl = blur;
	EXPECT_EQ(ir_check(d.ctx, lw), 0);
	flow_free(fd);
}

TEST(t_flow, reschedule_equals_a_fresh_compile)
{
	Diag d;
	flow_options fo;
	flow_options_default(&fo);
	flow_design *a = compile(d, kBlur, fo);
	ASSERT_NE(a, nullptr) << d.text();
	fo.sched.policy = SCHED_SEQUENTIAL;
	flow_design *b = compile(d, kBlur, fo);
	ASSERT_NE(b, nullptr) << d.text();
	EXPECT_NE(a->sp->predicted_cycles, b->sp->predicted_cycles);
	ASSERT_EQ(flow_reschedule(a, &fo.sched), 0);
	EXPECT_EQ(a->sp->predicted_cycles, b->sp->predicted_cycles);
	ASSERT_EQ(a->ubs->n_buffers, b->ubs->n_buffers);
	for (int i = 0; i < a->ubs->n_buffers; i++)
		EXPECT_EQ(a->ubs->buffers[i]->capacity_words, b->ubs->buffers[i]->capacity_words);
	flow_free(a);
	flow_free(b);
}

// Dumps come right after their stage, in the order of the stages, and
// are the same bytes on every run.
TEST(t_flow, dumps_are_ordered_and_stable)
{
	std::string out[2];
	flow_options fo;
	flow_options_default(&fo);
	for (std::string &o : out) {
		bool ok = false;
		o = dumps(fo, "BSLP", &ok);
		EXPECT_TRUE(ok);
	}
	EXPECT_EQ(out[0], out[1]);
	size_t p = out[0].find("==== t: checked program (-dP)\ninput  in : u8[8][10]\n");
	size_t l = out[0].find("==== t: lowered program (-dL)\n");
	size_t s = out[0].find("==== t: schedule (-dS)\npolicy stream\n");
	size_t b = out[0].find("==== t: buffers (-dB)\n");
	EXPECT_EQ(p, 0u) << out[0];
	EXPECT_LT(p, l);
	EXPECT_LT(l, s);
	EXPECT_LT(s, b);
	EXPECT_NE(b, std::string::npos) << out[0];
}

// A failing stage leaves the dumps of the stages before it.
TEST(t_flow, dumps_before_a_failing_stage_remain)
{
	flow_options fo;
	flow_options_default(&fo);
	const char *moved = nullptr;
	fo.after_schedule = start_reader_at_zero;
	fo.hook_arg = &moved;
	bool ok = true;
	std::string o = dumps(fo, "PLSB", &ok);
	EXPECT_FALSE(ok);
	EXPECT_NE(o.find("(-dP)"), std::string::npos);
	EXPECT_NE(o.find("(-dL)"), std::string::npos);
	EXPECT_EQ(o.find("(-dS)"), std::string::npos);
	EXPECT_EQ(o.find("(-dB)"), std::string::npos);
}

TEST(t_flow, dump_letters)
{
	char bad = 0;
	EXPECT_TRUE(flow_dump_letters_ok("PLSBR", &bad));
	EXPECT_FALSE(flow_dump_letters_ok("PX", &bad));
	EXPECT_EQ(bad, 'X');
	EXPECT_FALSE(flow_dump_letters_ok("", &bad));
}

// A study maps one schedule again for each threshold, RAM choice and
// board: the remapped design must be the one a fresh compile with those
// options builds (buffers.txt and Verilog byte for byte).
TEST(t_flow, remap_equals_a_fresh_compile)
{
	const char *src =
		"input in : u8[6][40];\n"
		"func b(y, x) : u16 = u16(in(y, x)) + u16(in(y + 2, x + 1)) + u16(in(y + 1, x));\n"
		"output b[4][39];\n";
	auto text = [](flow_design *fd, std::string *buffers) {
		char *v = nullptr, *u = nullptr;
		size_t vn = 0, un = 0;
		const char *top = nullptr;
		EXPECT_EQ(flow_verilog(fd, &v, &vn, &top), 0);
		FILE *f = open_memstream(&u, &un);
		ub_set_dump(fd->ubs, f);
		fclose(f);
		*buffers = std::string(u, un);
		std::string s(v ? v : "", vn);
		free(v);
		free(u);
		return s;
	};
	const int64_t thresholds[] = { 1, 8, 100000 };
	const ub_ram rams[] = { UB_RAM_AUTO, UB_RAM_BLOCK, UB_RAM_LUT };
	Diag d;
	flow_options fo;
	flow_options_default(&fo);
	flow_design *a = compile(d, src, fo);
	ASSERT_NE(a, nullptr) << d.text();
	std::set<std::string> layouts;
	for (int64_t thr : thresholds)
		for (ub_ram ram : rams) {
			flow_options fresh_o = fo;
			fresh_o.ub.register_threshold = thr;
			fresh_o.ub.ram = ram;
			flow_remap(a, &fresh_o.ub, nullptr);
			flow_design *fresh = compile(d, src, fresh_o);
			ASSERT_NE(fresh, nullptr) << d.text();
			std::string ba, bf;
			EXPECT_EQ(text(a, &ba), text(fresh, &bf)) << "threshold " << thr;
			EXPECT_EQ(ba, bf) << "threshold " << thr;
			layouts.insert(ba);
			flow_free(fresh);
		}
	// The axes change the layout (SRAM runs at 8, none at 100000).
	EXPECT_GE(layouts.size(), 2u);
	flow_free(a);
}

namespace {

// Three channels of one 8 x 8 plane, read by a channel-outer output: each
// plane value is read once per c, a whole plane (64 values, 64 cycles)
// apart, so 'p' holds all 64 (ub_set_warn_order); written with the
// channel innermost it is read three cycles in a row and needs no plane.
const char kChannelOuter[] =
	"input in : u8[8][8];\n"
	"func p(y, x) : u16 = u16(in(y, x)) * 3;\n"
	"func o(c, y, x) : u16 = p(y, x) + u16(c);\n"
	"output o[3][8][8];\n";
const char kChannelInner[] =
	"input in : u8[8][8];\n"
	"func p(y, x) : u16 = u16(in(y, x)) * 3;\n"
	"func o(y, x, c) : u16 = p(y, x) + u16(c);\n"
	"output o[8][8][3];\n";

} // namespace

TEST(Flow, WarnsOfAPlaneKeptByTheOutputOrder)
{
	flow_options fo;
	flow_options_default(&fo);
	{
		// only when asked (compile): sim and synth build the same design
		Diag d;
		flow_design *fd = compile(d, kChannelOuter, fo);
		ASSERT_NE(fd, nullptr) << d.text();
		EXPECT_EQ(d.text().find("warning"), std::string::npos) << d.text();
		flow_free(fd);
	}
	fo.warn_order = true;
	{
		Diag d;
		flow_design *fd = compile(d, kChannelOuter, fo);
		ASSERT_NE(fd, nullptr) << d.text();
		std::string t = d.text();
		EXPECT_NE(t.find("t.sl:2:6: warning: buffer 'p' holds 64 values of 16 bits (1024 bits) "
			"at once: 'o' reads each of them 3 times, once per 'c', 64 cycles apart; "
			"with 'c' innermost (write the output o(y, x, c)) line buffers would do"),
			std::string::npos) << t;
		flow_free(fd);
	}
	{
		Diag d;
		flow_design *fd = compile(d, kChannelInner, fo);
		ASSERT_NE(fd, nullptr) << d.text();
		EXPECT_EQ(d.text().find("warning"), std::string::npos) << d.text();
		flow_free(fd);
	}
	{
		// the sequential schedule stores whole planes by design: no warning
		Diag d;
		fo.sched.policy = SCHED_SEQUENTIAL;
		flow_design *fd = compile(d, kChannelOuter, fo);
		ASSERT_NE(fd, nullptr) << d.text();
		EXPECT_EQ(d.text().find("warning"), std::string::npos) << d.text();
		flow_free(fd);
	}
}

namespace {

const ub_buffer *buffer_named(const flow_design *fd, const char *name)
{
	for (int i = 0; i < fd->ubs->n_buffers; i++)
		if (!strcmp(fd->ubs->buffers[i]->name, name))
			return fd->ubs->buffers[i];
	return nullptr;
}

const sched_stmt *stmt_named(const flow_design *fd, const char *name)
{
	for (int i = 0; i < fd->sp->n_stmts; i++)
		if (!strcmp(fd->sp->stmts[i]->name, name))
			return fd->sp->stmts[i];
	return nullptr;
}

} // namespace

// kChannelInner's o(y, x, c) reads p(y, x) once per c, c innermost (3
// points): o takes 3 cycles an x and 24 a row, and p, linked across a
// level to o's x (scheduler/schedule.c link_reads), the same, so each p
// value is read on the 3 cycles after it is written and the next is
// written 3 cycles later: one live word.  With links at one level only
// p runs at one x a cycle, 64 values in 64 cycles while o takes 192 for
// them: when p's last value is written o has read about a third, so p
// holds about 64 - 64 / 3 = 43 values, and flow_choose_links keeps the
// links (fewer bits).
TEST(Flow, ChannelInnerLinksTheProducerAcrossALevel)
{
	flow_options fo;
	flow_options_default(&fo);
	Diag d;
	flow_design *fd = compile(d, kChannelInner, fo);
	ASSERT_NE(fd, nullptr) << d.text();
	const sched_stmt *p = stmt_named(fd, "p"), *o = stmt_named(fd, "o");
	ASSERT_TRUE(p && o);
	EXPECT_EQ(o->coef[0], 24);
	EXPECT_EQ(o->coef[1], 3);
	EXPECT_EQ(o->coef[2], 1);
	EXPECT_EQ(p->coef[0], 24);
	EXPECT_EQ(p->coef[1], 3);
	EXPECT_EQ(fd->sp->deep_links, 1);
	ASSERT_NE(buffer_named(fd, "p"), nullptr);
	EXPECT_EQ(buffer_named(fd, "p")->max_live_words, 1);
	flow_free(fd);

	fo.sched.level_links_only = true;
	Diag d2;
	fd = compile(d2, kChannelInner, fo);
	ASSERT_NE(fd, nullptr) << d2.text();
	p = stmt_named(fd, "p");
	ASSERT_NE(p, nullptr);
	EXPECT_EQ(p->coef[1], 1);
	EXPECT_EQ(fd->sp->deep_links, 0);
	ASSERT_NE(buffer_named(fd, "p"), nullptr);
	EXPECT_GE(buffer_named(fd, "p")->max_live_words, 40);
	EXPECT_LE(buffer_named(fd, "p")->max_live_words, 44);
	flow_free(fd);
}
