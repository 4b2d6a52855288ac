// tests/unit/t_reference.cpp: the CPU reference evaluator (ref/reference.c).
// Programs are built by hand as typed, bounds-inferred IR (the front end's
// contract), or compiled from source text; every expected value is worked
// out by hand from the language spec.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

// ir/ir.h spells a C11 _Noreturn, which C++17 does not know.
#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "frontend/frontend.h"
#include "ref/ref.h"

namespace {

const ir_type NONE = ir_type_make(false, 0);
const ir_type U1 = ir_type_make(false, 1);
const ir_type U4 = ir_type_make(false, 4);
const ir_type U8 = ir_type_make(false, 8);
const ir_type U16 = ir_type_make(false, 16);
const ir_type U32 = ir_type_make(false, 32);
const ir_type U64 = ir_type_make(false, 64);
const ir_type I8 = ir_type_make(true, 8);
const ir_type I16 = ir_type_make(true, 16);
const ir_type I32 = ir_type_make(true, 32);
const ir_type I64 = ir_type_make(true, 64);

// The kernels of the compiled reference go into the build tree's cache
// unless the caller chose one.
static const bool cref_cache_set = [] {
	return setenv("SLUICE_CACHE_DIR", SLUICE_BINARY_DIR "/cref_cache", 0) == 0;
}();

// Every evaluator of the reference on one program: the row kernels'
// results (the default engine), after checking that the tree-walking
// evaluator and the compiled reference (ref/cref.c) give the same bits.  A failing run is not repeated (its
// errors come from the code both share, and would be reported twice).
static int run_both(sl_ctx *ctx, const ir_program *prog, const ref_inputs *in,
	std::vector<io_array *> &results)
{
	int rc = ref_run_engine(ctx, prog, in, results.data(), REF_ENGINE_ROWS);
	if (rc != 0)
		return rc;
	std::vector<io_array *> tree((size_t) prog->n_outputs + 1, nullptr);
	EXPECT_EQ(ref_run_engine(ctx, prog, in, tree.data(), REF_ENGINE_TREE), 0);
	for (int i = 0; i < prog->n_outputs; i++) {
		const io_array *a = results[(size_t) i], *b = tree[(size_t) i];
		EXPECT_TRUE(a && b && a->size == b->size
			&& !memcmp(a->data, b->data, (size_t) a->size * sizeof(uint64_t)))
			<< "output " << prog->outputs[i]->name
			<< ": the row kernels and the tree-walking evaluator differ";
		io_array_free(tree[(size_t) i]);
	}
	EXPECT_TRUE(cref_cache_set);
	std::vector<io_array *> comp((size_t) prog->n_outputs + 1, nullptr);
	EXPECT_EQ(ref_run_engine(ctx, prog, in, comp.data(), REF_ENGINE_C), 0);
	for (int i = 0; i < prog->n_outputs; i++) {
		const io_array *a = results[(size_t) i], *b = comp[(size_t) i];
		EXPECT_TRUE(a && b && a->size == b->size
			&& !memcmp(a->data, b->data, (size_t) a->size * sizeof(uint64_t)))
			<< "output " << prog->outputs[i]->name
			<< ": the row kernels and the compiled reference differ";
		io_array_free(comp[(size_t) i]);
	}
	return rc;
}

// A hand-built program: nodes and decls in the context's arena, input
// arrays on the heap.  Values are given as int64 within their type's range,
// so (uint64_t) v is already the normalised form.
struct Prog {
	sl_ctx *ctx;
	FILE *diag;
	std::vector<ir_decl *> decls, outs, in_decls;
	std::vector<io_array *> in_arrays, results;
	ir_program prog{};

	Prog()
	{
		ctx = sl_ctx_alloc();
		diag = tmpfile();
		sl_ctx_set_diag_stream(ctx, diag);
	}
	~Prog()
	{
		for (io_array *a : in_arrays)
			io_array_free(a);
		for (io_array *a : results)
			io_array_free(a);
		sl_ctx_free(ctx);
		fclose(diag);
	}

	std::string diagnostics()
	{
		std::string s;
		fflush(diag);
		rewind(diag);
		for (int c; (c = fgetc(diag)) != EOF;)
			s += (char) c;
		return s;
	}

	int64_t *i64s(const std::vector<int64_t> &v)
	{
		auto *p = (int64_t *) sl_alloc(ctx, (v.size() + 1) * sizeof(int64_t));
		for (size_t i = 0; i < v.size(); i++)
			p[i] = v[i];
		return p;
	}

	ir_expr *node(ir_expr_kind k, ir_type t, std::vector<ir_expr *> args = {})
	{
		auto *e = (ir_expr *) sl_alloc(ctx, sizeof(ir_expr));
		e->kind = k;
		e->type = t;
		e->loc = sl_noloc;
		e->n_args = (int) args.size();
		e->args = (ir_expr **) sl_alloc(ctx, (args.size() + 1) * sizeof(ir_expr *));
		for (size_t i = 0; i < args.size(); i++)
			e->args[i] = args[i];
		return e;
	}
	ir_expr *c(ir_type t, int64_t v)
	{
		ir_expr *e = node(IR_CONST, t);
		e->u.cval = (uint64_t) v;
		return e;
	}
	ir_expr *cu(ir_type t, uint64_t v)
	{
		ir_expr *e = node(IR_CONST, t);
		e->u.cval = v;
		return e;
	}
	ir_expr *ic(int64_t v) { return c(NONE, v); }
	ir_expr *var(int slot, ir_type t = NONE)
	{
		ir_expr *e = node(IR_VAR, t);
		e->u.var.slot = slot;
		e->u.var.name = "v";
		return e;
	}
	ir_expr *bin(ir_op op, ir_type t, ir_expr *a, ir_expr *b)
	{
		ir_expr *e = node(IR_BINARY, t, { a, b });
		e->op = op;
		return e;
	}
	ir_expr *un(ir_op op, ir_type t, ir_expr *a)
	{
		ir_expr *e = node(IR_UNARY, t, { a });
		e->op = op;
		return e;
	}
	ir_expr *cast(ir_type t, ir_expr *a) { return node(IR_CAST, t, { a }); }
	ir_expr *sel(ir_type t, ir_expr *c, ir_expr *a, ir_expr *b)
	{
		return node(IR_SELECT, t, { c, a, b });
	}
	ir_expr *acc(ir_decl *d, std::vector<ir_expr *> args)
	{
		ir_expr *e = node(IR_ACCESS, d->type, args);
		e->u.access.decl = d;
		return e;
	}
	// rvars: {slot, lo, hi} each.
	ir_expr *reduce(ir_reduce_op op, ir_type t,
		std::vector<std::vector<int64_t>> rvars, ir_expr *body)
	{
		ir_expr *e = node(IR_REDUCE, t);
		e->u.reduce.op = op;
		e->u.reduce.n_rvars = (int) rvars.size();
		e->u.reduce.rvars = (ir_rvar *) sl_alloc(ctx, rvars.size() * sizeof(ir_rvar));
		for (size_t i = 0; i < rvars.size(); i++) {
			e->u.reduce.rvars[i].name = "r";
			e->u.reduce.rvars[i].loc = sl_noloc;
			e->u.reduce.rvars[i].slot = (int) rvars[i][0];
			e->u.reduce.rvars[i].lo = rvars[i][1];
			e->u.reduce.rvars[i].hi = rvars[i][2];
		}
		e->u.reduce.body = body;
		return e;
	}

	ir_decl *decl(ir_decl_kind k, const char *name, ir_type t, int n_dims)
	{
		auto *d = (ir_decl *) sl_alloc(ctx, sizeof(ir_decl));
		d->kind = k;
		d->name = sl_strdup(ctx, name);
		d->loc = sl_noloc;
		d->index = (int) decls.size();
		d->type = t;
		d->n_dims = n_dims;
		decls.push_back(d);
		return d;
	}
	ir_decl *input(const char *name, ir_type t, std::vector<int64_t> dims,
		std::vector<int64_t> values)
	{
		ir_decl *d = decl(IR_DECL_INPUT, name, t, (int) dims.size());
		d->extents = i64s(dims);
		io_array *a = io_array_alloc(t, (int) dims.size(), dims.data());
		EXPECT_EQ((size_t) a->size, values.size());
		for (size_t i = 0; i < values.size() && i < (size_t) a->size; i++)
			a->data[i] = (uint64_t) values[i];
		in_decls.push_back(d);
		in_arrays.push_back(a);
		return d;
	}
	ir_decl *cnst(const char *name, ir_type t, std::vector<int64_t> dims,
		std::vector<int64_t> values)
	{
		ir_decl *d = decl(IR_DECL_CONST, name, t, (int) dims.size());
		d->extents = i64s(dims);
		d->data = (uint64_t *) sl_alloc(ctx, (values.size() + 1) * sizeof(uint64_t));
		for (size_t i = 0; i < values.size(); i++)
			d->data[i] = (uint64_t) values[i];
		return d;
	}
	ir_decl *func(const char *name, ir_type t, int n_dims, int n_slots,
		ir_expr *body, std::vector<int64_t> lo, std::vector<int64_t> ext)
	{
		ir_decl *d = decl(IR_DECL_FUNC, name, t, n_dims);
		d->n_slots = n_slots;
		d->body = body;
		d->dom_lo = i64s(lo);
		d->dom_ext = i64s(ext);
		return d;
	}
	void output(ir_decl *f, std::vector<int64_t> dims)
	{
		f->is_output = true;
		f->out_extents = i64s(dims);
		outs.push_back(f);
	}

	// Run; on success the results are in "results" (in output order).
	int run()
	{
		prog.path = "test.sl";
		prog.n_decls = (int) decls.size();
		prog.decls = decls.data();
		prog.n_outputs = (int) outs.size();
		prog.outputs = outs.data();
		ref_inputs in{ (int) in_decls.size(), in_decls.data(), in_arrays.data(), false, 0 };
		results.assign(outs.size(), nullptr);
		return run_both(ctx, &prog, &in, results);
	}

	// Output i as int64 values (normalised uint64 read as int64).
	std::vector<int64_t> vals(size_t i)
	{
		std::vector<int64_t> v;
		if (i < results.size() && results[i])
			for (int64_t k = 0; k < results[i]->size; k++)
				v.push_back((int64_t) results[i]->data[k]);
		return v;
	}
};

typedef std::vector<int64_t> V;

TEST(t_reference, three_tap_sum)
{
	Prog p;
	ir_decl *in = p.input("in", I32, { 5 }, { 10, 20, 30, 40, 50 });
	ir_expr *x = p.var(0);
	ir_expr *body = p.bin(IR_OP_ADD, I32,
		p.bin(IR_OP_ADD, I32, p.acc(in, { x }),
			p.acc(in, { p.bin(IR_OP_ADD, NONE, x, p.ic(1)) })),
		p.acc(in, { p.bin(IR_OP_ADD, NONE, x, p.ic(2)) }));
	ir_decl *f = p.func("f", I32, 1, 1, body, { 0 }, { 3 });
	p.output(f, { 3 });
	ASSERT_EQ(p.run(), 0);
	ASSERT_NE(p.results[0], nullptr);
	EXPECT_EQ(p.results[0]->n_dims, 1);
	EXPECT_EQ(p.results[0]->dims[0], 3);
	EXPECT_TRUE(ir_type_eq(p.results[0]->type, I32));
	EXPECT_EQ(p.vals(0), (V{ 60, 90, 120 }));
}

TEST(t_reference, u8_wraps)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 3 }, { 100, 55, 56 });
	ir_expr *x = p.var(0);
	ir_decl *add = p.func("add", U8, 1, 1,
		p.bin(IR_OP_ADD, U8, p.acc(in, { x }), p.c(U8, 200)), { 0 }, { 3 });
	ir_decl *sub = p.func("sub", U8, 1, 1,
		p.bin(IR_OP_SUB, U8, p.acc(in, { x }), p.c(U8, 101)), { 0 }, { 3 });
	ir_decl *mul = p.func("mul", U8, 1, 1,
		p.bin(IR_OP_MUL, U8, p.acc(in, { x }), p.c(U8, 3)), { 0 }, { 3 });
	ir_decl *neg = p.func("neg", U8, 1, 1,
		p.un(IR_OP_NEG, U8, p.acc(in, { x })), { 0 }, { 3 });
	p.output(add, { 3 });
	p.output(sub, { 3 });
	p.output(mul, { 3 });
	p.output(neg, { 3 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 44, 255, 0 }));	// 300, 255, 256
	EXPECT_EQ(p.vals(1), (V{ 255, 210, 211 }));	// -1, -46, -45
	EXPECT_EQ(p.vals(2), (V{ 44, 165, 168 }));	// 300, 165, 168
	EXPECT_EQ(p.vals(3), (V{ 156, 201, 200 }));	// 256 - v
}

TEST(t_reference, i8_division)
{
	Prog p;
	ir_decl *in = p.input("in", I8, { 4 }, { -7, 7, -128, 127 });
	ir_decl *un = p.input("un", U8, { 1 }, { 200 });
	ir_expr *x = p.var(0);
	struct { ir_op op; ir_decl *src; ir_type t; int64_t d; } cases[] = {
		{ IR_OP_DIV, in, I8, 2 }, { IR_OP_MOD, in, I8, 2 },
		{ IR_OP_DIV, in, I8, -1 }, { IR_OP_MOD, in, I8, -1 },
		{ IR_OP_DIV, in, I8, -2 }, { IR_OP_MOD, in, I8, -2 },
		{ IR_OP_DIV, un, U8, 3 }, { IR_OP_MOD, un, U8, 3 },
	};
	for (auto &k : cases) {
		int64_t n = k.src->extents[0];
		ir_decl *f = p.func("f", k.t, 1, 1,
			p.bin(k.op, k.t, p.acc(k.src, { x }), p.c(k.t, k.d)), { 0 }, { n });
		p.output(f, { n });
	}
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ -3, 3, -64, 63 }));	// toward zero
	EXPECT_EQ(p.vals(1), (V{ -1, 1, 0, 1 }));	// sign of the dividend
	EXPECT_EQ(p.vals(2), (V{ 7, -7, -128, -127 }));	// -128 / -1 wraps
	EXPECT_EQ(p.vals(3), (V{ 0, 0, 0, 0 }));
	EXPECT_EQ(p.vals(4), (V{ 3, -3, 64, -63 }));
	EXPECT_EQ(p.vals(5), (V{ -1, 1, 0, 1 }));
	EXPECT_EQ(p.vals(6), (V{ 66 }));
	EXPECT_EQ(p.vals(7), (V{ 2 }));
}

TEST(t_reference, shift_corners)
{
	Prog p;
	struct { ir_op op; ir_type t; int64_t a; ir_type ta; int64_t b; uint64_t want; } cases[] = {
		{ IR_OP_SHL, U8, 0x81, U8, 1, 0x02 },
		{ IR_OP_SHL, U8, 0x81, U32, 8, 0 },
		{ IR_OP_SHR, U8, 0x81, U8, 7, 1 },
		{ IR_OP_SHR, U8, 0xF0, U1, 1, 0x78 },
		{ IR_OP_SHR, I8, -128, U8, 7, (uint64_t) -1 },
		{ IR_OP_SHR, I8, -128, U8, 8, (uint64_t) -1 },
		{ IR_OP_SHR, I8, -128, U8, 200, (uint64_t) -1 },
		{ IR_OP_SHR, I8, 64, U8, 9, 0 },
		{ IR_OP_SHR, I8, 64, U8, 6, 1 },
		{ IR_OP_SHL, I8, 1, U8, 7, (uint64_t) -128 },
		{ IR_OP_SHL, U8, 1, I8, -1, 0 },		// amount read as 255
		{ IR_OP_SHR, I8, -128, I8, -1, (uint64_t) -1 },
		{ IR_OP_SHR, I8, 100, I8, -1, 0 },
		{ IR_OP_SHR, I16, -5, U8, 1, (uint64_t) -3 },	// floor
		{ IR_OP_SHL, U64, 1, U64, 63, (uint64_t) 1 << 63 },
		{ IR_OP_SHR, U64, -1, U8, 63, 1 },
		{ IR_OP_SHL, U64, 1, U8, 64, 0 },
		{ IR_OP_SHR, I64, INT64_MIN, U8, 64, (uint64_t) -1 },
		{ IR_OP_SHL, I32, 3, I16, 2, 12 },
		{ IR_OP_SHL, U8, 0x81, ir_type_make(true, 2), -1, 0x08 },	// i2 -1 is 3
		{ IR_OP_SHL, U16, 1, ir_type_make(true, 4), -8, 256 },	// i4 -8 is 8
		{ IR_OP_SHR, I16, -256, ir_type_make(true, 4), -8, (uint64_t) -1 },
	};
	for (auto &k : cases) {
		// (uint64_t) -1 is the normalised u64 all-ones
		ir_decl *f = p.func("f", k.t, 1, 1,
			p.bin(k.op, k.t, p.c(k.t, k.a), p.c(k.ta, k.b)), { 0 }, { 1 });
		p.output(f, { 1 });
	}
	ASSERT_EQ(p.run(), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ASSERT_NE(p.results[i], nullptr);
		EXPECT_EQ(p.results[i]->data[0], cases[i].want) << "case " << i;
	}
}

TEST(t_reference, abs_not_lnot)
{
	Prog p;
	ir_decl *in = p.input("in", I8, { 4 }, { -128, -5, 0, 127 });
	ir_decl *un = p.input("un", U8, { 2 }, { 200, 0x0F });
	ir_decl *b = p.input("b", U1, { 2 }, { 0, 1 });
	ir_expr *x = p.var(0);
	ir_decl *f = p.func("f", U8, 1, 1, p.un(IR_OP_ABS, U8, p.acc(in, { x })),
		{ 0 }, { 4 });
	ir_decl *g = p.func("g", U8, 1, 1, p.un(IR_OP_ABS, U8, p.acc(un, { x })),
		{ 0 }, { 2 });
	ir_decl *h = p.func("h", U8, 1, 1, p.un(IR_OP_NOT, U8, p.acc(un, { x })),
		{ 0 }, { 2 });
	ir_decl *n = p.func("n", I8, 1, 1, p.un(IR_OP_NEG, I8, p.acc(in, { x })),
		{ 0 }, { 4 });
	ir_decl *l = p.func("l", U1, 1, 1, p.un(IR_OP_LNOT, U1, p.acc(b, { x })),
		{ 0 }, { 2 });
	ir_decl *m = p.func("m", I8, 1, 1, p.un(IR_OP_NOT, I8, p.acc(in, { x })),
		{ 0 }, { 4 });
	p.output(f, { 4 });
	p.output(g, { 2 });
	p.output(h, { 2 });
	p.output(n, { 4 });
	p.output(l, { 2 });
	p.output(m, { 4 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 128, 5, 0, 127 }));
	EXPECT_EQ(p.vals(1), (V{ 200, 0x0F }));
	EXPECT_EQ(p.vals(2), (V{ 0x37, 0xF0 }));
	EXPECT_EQ(p.vals(3), (V{ -128, 5, 0, -127 }));
	EXPECT_EQ(p.vals(4), (V{ 1, 0 }));
	EXPECT_EQ(p.vals(5), (V{ 127, 4, -1, -128 }));
}

TEST(t_reference, cast_chain)
{
	Prog p;
	ir_decl *in = p.input("in", I8, { 2 }, { -1, -56 });
	ir_decl *un = p.input("un", U8, { 2 }, { 200, 127 });
	ir_expr *x = p.var(0);
	// i32(u8(u16(in(x))))
	ir_decl *f = p.func("f", I32, 1, 1,
		p.cast(I32, p.cast(U8, p.cast(U16, p.acc(in, { x })))), { 0 }, { 2 });
	// u4(i32(in(x)))
	ir_decl *g = p.func("g", U4, 1, 1,
		p.cast(U4, p.cast(I32, p.acc(in, { x }))), { 0 }, { 2 });
	// i64(i8(un(x)))
	ir_decl *h = p.func("h", I64, 1, 1,
		p.cast(I64, p.cast(I8, p.acc(un, { x }))), { 0 }, { 2 });
	// u64(in(x)): sign-extends into all 64 bits
	ir_decl *k = p.func("k", U64, 1, 1, p.cast(U64, p.acc(in, { x })),
		{ 0 }, { 2 });
	// i16(x) * i16(in(x)): a variable as a value is an i32
	ir_decl *v = p.func("v", I16, 1, 1,
		p.bin(IR_OP_MUL, I16, p.cast(I16, p.var(0, I32)),
			p.cast(I16, p.acc(in, { x }))), { 0 }, { 2 });
	p.output(f, { 2 });
	p.output(g, { 2 });
	p.output(h, { 2 });
	p.output(k, { 2 });
	p.output(v, { 2 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 255, 200 }));
	EXPECT_EQ(p.vals(1), (V{ 15, 8 }));	// 0xC8 & 0xF
	EXPECT_EQ(p.vals(2), (V{ -56, 127 }));
	EXPECT_EQ(p.vals(3), (V{ -1, -56 }));	// as uint64 bit patterns
	EXPECT_EQ(p.vals(4), (V{ 0, -56 }));
}

TEST(t_reference, transpose_2d)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 2, 3 }, { 1, 2, 3, 4, 5, 6 });
	ir_decl *f = p.func("f", U8, 2, 2, p.acc(in, { p.var(1), p.var(0) }),
		{ 0, 0 }, { 3, 2 });
	p.output(f, { 3, 2 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.results[0]->dims[0], 3);
	EXPECT_EQ(p.results[0]->dims[1], 2);
	EXPECT_EQ(p.vals(0), (V{ 1, 4, 2, 5, 3, 6 }));
}

TEST(t_reference, downsample_floor_division)
{
	Prog p;
	// g(x) = x * 10 over [-2, 2)
	ir_decl *g = p.func("g", I32, 1, 1,
		p.bin(IR_OP_MUL, I32, p.var(0, I32), p.c(I32, 10)), { -2 }, { 4 });
	ir_expr *xm3 = p.bin(IR_OP_SUB, NONE, p.var(0), p.ic(3));
	// f(x) = g((x - 3) / 2), h(x) = g((x - 3) % 2), d(x) = g(2 * x - 2)
	ir_decl *f = p.func("f", I32, 1, 1,
		p.acc(g, { p.bin(IR_OP_DIV, NONE, xm3, p.ic(2)) }), { 0 }, { 5 });
	ir_decl *h = p.func("h", I32, 1, 1,
		p.acc(g, { p.bin(IR_OP_MOD, NONE, xm3, p.ic(2)) }), { 0 }, { 5 });
	ir_decl *d = p.func("d", I32, 1, 1,
		p.acc(g, { p.bin(IR_OP_SUB, NONE,
			p.bin(IR_OP_MUL, NONE, p.ic(2), p.var(0)), p.ic(2)) }),
		{ 0 }, { 2 });
	// n(x) = g(-x / 3): -x floor-divided
	ir_decl *n = p.func("n", I32, 1, 1,
		p.acc(g, { p.bin(IR_OP_DIV, NONE, p.un(IR_OP_NEG, NONE, p.var(0)),
			p.ic(3)) }), { 0 }, { 5 });
	p.output(f, { 5 });
	p.output(h, { 5 });
	p.output(d, { 2 });
	p.output(n, { 5 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ -20, -10, -10, 0, 0 }));	// -3/2 = -2
	EXPECT_EQ(p.vals(1), (V{ 10, 0, 10, 0, 10 }));		// -3%2 = 1
	EXPECT_EQ(p.vals(2), (V{ -20, 0 }));
	EXPECT_EQ(p.vals(3), (V{ 0, -10, -10, -10, -20 }));	// -4/3 = -2
}

TEST(t_reference, clamp_index)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 4 }, { 5, 6, 7, 8 });
	ir_expr *idx = p.bin(IR_OP_MIN, NONE,
		p.bin(IR_OP_MAX, NONE, p.bin(IR_OP_SUB, NONE, p.var(0), p.ic(1)), p.ic(0)),
		p.ic(3));
	ir_decl *f = p.func("f", U8, 1, 1, p.acc(in, { idx }), { 0 }, { 6 });
	// the same clamp as an i32 value: clamp(x - 2, 0, 2)
	ir_expr *val = p.bin(IR_OP_MIN, I32,
		p.bin(IR_OP_MAX, I32, p.bin(IR_OP_SUB, I32, p.var(0, I32), p.c(I32, 2)),
			p.c(I32, 0)), p.c(I32, 2));
	ir_decl *c = p.func("c", I32, 1, 1, val, { 0 }, { 6 });
	p.output(f, { 6 });
	p.output(c, { 6 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 5, 5, 6, 7, 8, 8 }));
	EXPECT_EQ(p.vals(1), (V{ 0, 0, 0, 1, 2, 2 }));
}

TEST(t_reference, sum_reductions)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 5 }, { 100, 90, 80, 70, 60 });
	ir_decl *in2 = p.input("in2", I32, { 2, 3 }, { 1, 2, 3, 4, 5, 6 });
	// f(x) = sum(r in -1..2) in(x + r + 1), in u8
	ir_expr *body = p.acc(in, { p.bin(IR_OP_ADD, NONE,
		p.bin(IR_OP_ADD, NONE, p.var(0), p.var(1)), p.ic(1)) });
	ir_decl *f = p.func("f", U8, 1, 2,
		p.reduce(IR_RED_SUM, U8, { { 1, -1, 2 } }, body), { 0 }, { 3 });
	// g(x) = sum(r in -3..0) r + x
	ir_decl *g = p.func("g", I32, 1, 2, p.reduce(IR_RED_SUM, I32, { { 1, -3, 0 } },
		p.bin(IR_OP_ADD, I32, p.var(1, I32), p.var(0, I32))), { 0 }, { 2 });
	// h(x) = sum(r in 0..2, s in 0..3) in2(r, s) * (r * 10 + s)
	ir_expr *w = p.bin(IR_OP_ADD, I32,
		p.bin(IR_OP_MUL, I32, p.var(1, I32), p.c(I32, 10)), p.var(2, I32));
	ir_decl *h = p.func("h", I32, 1, 3, p.reduce(IR_RED_SUM, I32,
		{ { 1, 0, 2 }, { 2, 0, 3 } },
		p.bin(IR_OP_MUL, I32, p.acc(in2, { p.var(1), p.var(2) }), w)),
		{ 0 }, { 1 });
	// k(x) = sum(r in 0..2) maximum(s in 0..3) in2(r, s) - x
	ir_expr *inner = p.reduce(IR_RED_MAXIMUM, I32, { { 2, 0, 3 } },
		p.bin(IR_OP_SUB, I32, p.acc(in2, { p.var(1), p.var(2) }), p.var(0, I32)));
	ir_decl *k = p.func("k", I32, 1, 3,
		p.reduce(IR_RED_SUM, I32, { { 1, 0, 2 } }, inner), { 0 }, { 2 });
	// s(x) = u8(x) + sum(r in 0..3) u8(1): a reduction inside an expression
	ir_decl *s = p.func("s", U8, 1, 2, p.bin(IR_OP_ADD, U8, p.cast(U8, p.var(0, I32)),
		p.reduce(IR_RED_SUM, U8, { { 1, 0, 3 } }, p.c(U8, 1))), { 0 }, { 2 });
	p.output(f, { 3 });
	p.output(g, { 2 });
	p.output(h, { 1 });
	p.output(k, { 2 });
	p.output(s, { 2 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 14, 240, 210 }));	// 270 wraps to 14
	EXPECT_EQ(p.vals(1), (V{ -6, -3 }));
	EXPECT_EQ(p.vals(2), (V{ 175 }));
	EXPECT_EQ(p.vals(3), (V{ 9, 7 }));		// (3 - x) + (6 - x)
	EXPECT_EQ(p.vals(4), (V{ 3, 4 }));
}

TEST(t_reference, maximum_minimum_reductions)
{
	Prog p;
	ir_decl *in = p.input("in", I8, { 5 }, { -100, -50, -120, -7, -128 });
	ir_decl *big = p.input("big", U64, { 2 }, { INT64_MIN, 5 });
	ir_decl *sbig = p.input("sbig", I64, { 2 }, { INT64_MIN, 5 });
	ir_decl *pos = p.input("pos", I8, { 2 }, { 5, 3 });
	// f(x) = maximum(r in -2..0) in(x + r + 2): all values negative
	ir_decl *f = p.func("f", I8, 1, 2, p.reduce(IR_RED_MAXIMUM, I8, { { 1, -2, 0 } },
		p.acc(in, { p.bin(IR_OP_ADD, NONE,
			p.bin(IR_OP_ADD, NONE, p.var(0), p.var(1)), p.ic(2)) })),
		{ 0 }, { 4 });
	ir_expr *rp1 = p.bin(IR_OP_ADD, NONE, p.var(1), p.ic(1));
	ir_decl *mu = p.func("mu", U64, 1, 2, p.reduce(IR_RED_MINIMUM, U64,
		{ { 1, -1, 1 } }, p.acc(big, { rp1 })), { 0 }, { 1 });
	ir_decl *xu = p.func("xu", U64, 1, 2, p.reduce(IR_RED_MAXIMUM, U64,
		{ { 1, -1, 1 } }, p.acc(big, { rp1 })), { 0 }, { 1 });
	ir_decl *ms = p.func("ms", I64, 1, 2, p.reduce(IR_RED_MINIMUM, I64,
		{ { 1, -1, 1 } }, p.acc(sbig, { rp1 })), { 0 }, { 1 });
	ir_decl *xs = p.func("xs", I64, 1, 2, p.reduce(IR_RED_MAXIMUM, I64,
		{ { 1, -1, 1 } }, p.acc(sbig, { rp1 })), { 0 }, { 1 });
	ir_decl *mp = p.func("mp", I8, 1, 2, p.reduce(IR_RED_MINIMUM, I8,
		{ { 1, -1, 1 } }, p.acc(pos, { rp1 })), { 0 }, { 1 });
	p.output(f, { 4 });
	p.output(mu, { 1 });
	p.output(xu, { 1 });
	p.output(ms, { 1 });
	p.output(xs, { 1 });
	p.output(mp, { 1 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ -50, -50, -7, -7 }));
	EXPECT_EQ(p.vals(1), (V{ 5 }));
	EXPECT_EQ(p.vals(2), (V{ INT64_MIN }));	// 2^63 as a u64
	EXPECT_EQ(p.vals(3), (V{ INT64_MIN }));
	EXPECT_EQ(p.vals(4), (V{ 5 }));
	EXPECT_EQ(p.vals(5), (V{ 3 }));
}

TEST(t_reference, table_lookup)
{
	Prog p;
	V lut;
	for (int i = 0; i < 256; i++)
		lut.push_back(255 - i);
	ir_decl *gamma = p.cnst("gamma", U8, { 256 }, lut);
	ir_decl *tab = p.cnst("tab", I16, { 2, 2 }, { -5, 9, 11, -300 });
	ir_decl *in = p.input("in", U8, { 3 }, { 0, 7, 255 });
	ir_expr *x = p.var(0);
	ir_decl *f = p.func("f", U8, 1, 1, p.acc(gamma, { p.acc(in, { x }) }),
		{ 0 }, { 3 });
	// g(x) = tab(x, in(x) > 3): an index and a u1 value
	ir_decl *g = p.func("g", I16, 1, 1, p.acc(tab, { x,
		p.bin(IR_OP_GT, U1, p.acc(in, { x }), p.c(U8, 3)) }), { 0 }, { 2 });
	p.output(f, { 3 });
	p.output(g, { 2 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 255, 248, 0 }));
	EXPECT_EQ(p.vals(1), (V{ -5, -300 }));
}

TEST(t_reference, two_outputs_shared_domain)
{
	Prog p;
	ir_decl *in = p.input("in", I32, { 5 }, { 1, 2, 3, 4, 5 });
	ir_expr *x = p.var(0);
	// f(x) = in(x + 1) * 2 over [-1, 4); g(x) = f(x - 1) + f(x + 1)
	ir_decl *f = p.func("f", I32, 1, 1, p.bin(IR_OP_MUL, I32,
		p.acc(in, { p.bin(IR_OP_ADD, NONE, x, p.ic(1)) }), p.c(I32, 2)),
		{ -1 }, { 5 });
	// an inline func and an unneeded func that must not be evaluated
	ir_decl *i = p.func("i", I32, 1, 1, p.acc(f, { x }), { -1 }, { 5 });
	i->is_inline = true;
	ir_decl *u = p.func("u", I32, 1, 1,
		p.acc(in, { p.bin(IR_OP_ADD, NONE, x, p.ic(100)) }), { 0 }, { 0 });
	u->dom_empty = true;
	ir_decl *g = p.func("g", I32, 1, 1, p.bin(IR_OP_ADD, I32,
		p.acc(i, { p.bin(IR_OP_SUB, NONE, x, p.ic(1)) }),
		p.acc(f, { p.bin(IR_OP_ADD, NONE, x, p.ic(1)) })), { 0 }, { 3 });
	p.output(f, { 3 });
	p.output(g, { 3 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 4, 6, 8 }));
	EXPECT_EQ(p.vals(1), (V{ 8, 12, 16 }));
}

TEST(t_reference, output_box_inside_2d_domain)
{
	Prog p;
	// f(y, x) = y * 100 + x over y in [-1, 2), x in [0, 4)
	ir_decl *f = p.func("f", I32, 2, 2, p.bin(IR_OP_ADD, I32,
		p.bin(IR_OP_MUL, I32, p.var(0, I32), p.c(I32, 100)), p.var(1, I32)),
		{ -1, 0 }, { 3, 4 });
	// g(y, x) = f(y - 1, x + 2)
	ir_decl *g = p.func("g", I32, 2, 2, p.acc(f, {
		p.bin(IR_OP_SUB, NONE, p.var(0), p.ic(1)),
		p.bin(IR_OP_ADD, NONE, p.var(1), p.ic(2)) }), { 0, 0 }, { 2, 2 });
	p.output(f, { 2, 3 });
	p.output(g, { 2, 2 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ 0, 1, 2, 100, 101, 102 }));
	EXPECT_EQ(p.vals(1), (V{ -98, -97, 2, 3 }));
}

TEST(t_reference, select_and_logic)
{
	Prog p;
	ir_decl *in = p.input("in", I32, { 4 }, { -3, 0, 5, 9 });
	ir_expr *x = p.var(0);
	// (in(x) > 0 && in(x) < 6) ? in(x) : -1
	ir_expr *cond = p.bin(IR_OP_LAND, U1,
		p.bin(IR_OP_GT, U1, p.acc(in, { x }), p.c(I32, 0)),
		p.bin(IR_OP_LT, U1, p.acc(in, { x }), p.c(I32, 6)));
	ir_decl *f = p.func("f", I32, 1, 1,
		p.sel(I32, cond, p.acc(in, { x }), p.c(I32, -1)), { 0 }, { 4 });
	// in(x) == 0 || in(x) >= 9
	ir_decl *g = p.func("g", U1, 1, 1, p.bin(IR_OP_LOR, U1,
		p.bin(IR_OP_EQ, U1, p.acc(in, { x }), p.c(I32, 0)),
		p.bin(IR_OP_GE, U1, p.acc(in, { x }), p.c(I32, 9))), { 0 }, { 4 });
	// u8(in(x)) <= 5: -3 is 253 as a u8
	ir_decl *h = p.func("h", U1, 1, 1, p.bin(IR_OP_LE, U1,
		p.cast(U8, p.acc(in, { x })), p.c(U8, 5)), { 0 }, { 4 });
	// in(x) & 6 ^ 1 | 16, and in(x) != 5
	ir_decl *k = p.func("k", I32, 1, 1, p.bin(IR_OP_OR, I32,
		p.bin(IR_OP_XOR, I32, p.bin(IR_OP_AND, I32, p.acc(in, { x }), p.c(I32, 6)),
			p.c(I32, 1)), p.c(I32, 16)), { 0 }, { 4 });
	ir_decl *ne = p.func("ne", U1, 1, 1, p.bin(IR_OP_NE, U1, p.acc(in, { x }),
		p.c(I32, 5)), { 0 }, { 4 });
	p.output(f, { 4 });
	p.output(g, { 4 });
	p.output(h, { 4 });
	p.output(k, { 4 });
	p.output(ne, { 4 });
	ASSERT_EQ(p.run(), 0);
	EXPECT_EQ(p.vals(0), (V{ -1, -1, 5, -1 }));
	EXPECT_EQ(p.vals(1), (V{ 0, 1, 0, 1 }));
	EXPECT_EQ(p.vals(2), (V{ 0, 1, 1, 0 }));
	// -3 = ...11101: &6 = 4, ^1 = 5, |16 = 21; 0 -> 17; 5 -> 4^1|16 = 21;
	// 9 = 1001: &6 = 0 -> 17
	EXPECT_EQ(p.vals(3), (V{ 21, 17, 21, 17 }));
	EXPECT_EQ(p.vals(4), (V{ 1, 1, 0, 1 }));
}

TEST(t_reference, domain_too_large_bad)
{
	Prog p;
	ir_decl *f = p.func("f", U8, 3, 3, p.c(U8, 1),
		{ 0, 0, 0 }, { 1 << 20, 1 << 20, 1 << 20 });
	p.output(f, { 1, 1, 1 });
	EXPECT_EQ(p.run(), -1);
	EXPECT_EQ(p.results[0], nullptr);
	EXPECT_GT(sl_n_errors(p.ctx), 0);
	EXPECT_NE(p.diagnostics().find("'f'"), std::string::npos);
}

TEST(t_reference, input_shape_bad)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 4 }, { 1, 2, 3, 4 });
	in->extents[0] = 5;	// declared [5], given [4]
	ir_decl *f = p.func("f", U8, 1, 1, p.acc(in, { p.var(0) }), { 0 }, { 5 });
	p.output(f, { 5 });
	EXPECT_EQ(p.run(), -1);
	EXPECT_EQ(p.results[0], nullptr);
	EXPECT_NE(p.diagnostics().find("'in'"), std::string::npos);
}

TEST(t_reference, input_type_bad)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 2 }, { 1, 2 });
	in->type = U16;	// declared u16, given u8
	ir_decl *f = p.func("f", U16, 1, 1, p.acc(in, { p.var(0) }), { 0 }, { 2 });
	p.output(f, { 2 });
	EXPECT_EQ(p.run(), -1);
	EXPECT_EQ(p.results[0], nullptr);
}

TEST(t_reference, input_missing_bad)
{
	Prog p;
	ir_decl *in = p.input("in", U8, { 2 }, { 1, 2 });
	p.in_decls.clear();	// no array for "in"
	ir_decl *f = p.func("f", U8, 1, 1, p.acc(in, { p.var(0) }), { 0 }, { 2 });
	p.output(f, { 2 });
	EXPECT_EQ(p.run(), -1);
	EXPECT_NE(p.diagnostics().find("'in'"), std::string::npos);
}

// The 3x3 binomial blur of a 1080p u8 image; checks the corners and a few
// points against a direct computation, and that it runs in seconds.
TEST(t_reference, gaussian_1080p)
{
	const int64_t H = 1080, W = 1920;
	Prog p;
	V pix((size_t) (H * W));
	for (int64_t i = 0; i < H * W; i++)
		pix[(size_t) i] = (i * 2654435761u >> 7) & 0xFF;
	ir_decl *in = p.input("in", U8, { H, W }, pix);
	ir_expr *sum = nullptr;
	const int w[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
	for (int dy = 0; dy < 3; dy++)
		for (int dx = 0; dx < 3; dx++) {
			ir_expr *a = p.cast(U16, p.acc(in, {
				p.bin(IR_OP_ADD, NONE, p.var(0), p.ic(dy)),
				p.bin(IR_OP_ADD, NONE, p.var(1), p.ic(dx)) }));
			ir_expr *t = p.bin(IR_OP_MUL, U16, a, p.c(U16, w[dy][dx]));
			sum = sum ? p.bin(IR_OP_ADD, U16, sum, t) : t;
		}
	ir_expr *body = p.cast(U8, p.bin(IR_OP_SHR, U16, sum, p.c(U8, 4)));
	ir_decl *blur = p.func("blur", U8, 2, 2, body, { 0, 0 }, { H - 2, W - 2 });
	p.output(blur, { H - 2, W - 2 });
	auto t0 = std::chrono::steady_clock::now();
	ASSERT_EQ(p.run(), 0);
	double secs = std::chrono::duration<double>(
		std::chrono::steady_clock::now() - t0).count();
	auto at = [&](int64_t y, int64_t x) { return pix[(size_t) (y * W + x)]; };
	auto want = [&](int64_t y, int64_t x) {
		int64_t s = 0;
		for (int dy = 0; dy < 3; dy++)
			for (int dx = 0; dx < 3; dx++)
				s += w[dy][dx] * at(y + dy, x + dx);
		return s / 16;
	};
	const io_array *out = p.results[0];
	int64_t pts[][2] = { { 0, 0 }, { 0, W - 3 }, { H - 3, 0 }, { H - 3, W - 3 },
		{ 517, 1033 }, { 1, 2 } };
	for (auto &pt : pts)
		EXPECT_EQ((int64_t) out->data[pt[0] * (W - 2) + pt[1]], want(pt[0], pt[1]))
			<< pt[0] << "," << pt[1];
	int64_t bad = 0;
	for (int64_t y = 0; y < H - 2; y += 7)
		for (int64_t x = 0; x < W - 2; x++)
			bad += (int64_t) out->data[y * (W - 2) + x] != want(y, x);
	EXPECT_EQ(bad, 0);
	// A figure to read, not a limit: speed is measured in tests/bench.
	printf("gaussian 1080p: %.3f s\n", secs);
}


// ------------------------------------------------------------ from source

// A program compiled from text (or a file) by the front end, with inputs
// filled by the test.
struct Src {
	sl_ctx *ctx;
	FILE *diag;
	ir_program *prog = nullptr;
	std::vector<ir_decl *> in_decls;
	std::vector<io_array *> in_arrays, results;

	explicit Src(const std::string &text, const char *path = nullptr)
	{
		ctx = sl_ctx_alloc();
		diag = tmpfile();
		sl_ctx_set_diag_stream(ctx, diag);
		prog = path ? fe_compile_file(ctx, path)
			: fe_compile_text(ctx, "t.sl", text.data(), text.size());
		for (int i = 0; prog && i < prog->n_decls; i++)
			if (prog->decls[i]->kind == IR_DECL_INPUT) {
				ir_decl *d = prog->decls[i];
				in_decls.push_back(d);
				in_arrays.push_back(io_array_alloc(d->type, d->n_dims, d->extents));
			}
	}
	~Src()
	{
		for (io_array *a : in_arrays)
			io_array_free(a);
		for (io_array *a : results)
			io_array_free(a);
		sl_ctx_free(ctx);
		fclose(diag);
	}
	std::string diagnostics()
	{
		std::string s;
		fflush(diag);
		rewind(diag);
		for (int c; (c = fgetc(diag)) != EOF;)
			s += (char) c;
		return s;
	}
	io_array *in(const char *name)
	{
		for (size_t i = 0; i < in_decls.size(); i++)
			if (!strcmp(in_decls[i]->name, name))
				return in_arrays[i];
		ADD_FAILURE() << "no input " << name;
		return nullptr;
	}
	void set(const char *name, const V &values)
	{
		io_array *a = in(name);
		ASSERT_NE(a, nullptr);
		ASSERT_EQ((size_t) a->size, values.size());
		for (size_t i = 0; i < values.size(); i++)
			a->data[i] = (uint64_t) values[i];
	}
	int run()
	{
		if (!prog)
			return -2;
		ref_inputs inp{ (int) in_decls.size(), in_decls.data(), in_arrays.data(), false, 0 };
		results.assign((size_t) prog->n_outputs, nullptr);
		return run_both(ctx, prog, &inp, results);
	}
	const io_array *out(const char *name)
	{
		for (int i = 0; prog && i < prog->n_outputs; i++)
			if (!strcmp(prog->outputs[i]->name, name) && i < (int) results.size())
				return results[(size_t) i];
		ADD_FAILURE() << "no output " << name;
		return nullptr;
	}
	V vals(const char *name)
	{
		V v;
		const io_array *a = out(name);
		for (int64_t k = 0; a && k < a->size; k++)
			v.push_back((int64_t) a->data[k]);
		return v;
	}
};

TEST(t_reference, src_three_tap_u8)
{
	Src s("input in : u8[5];\n"
	      "func f(x) : u8 = in(x) + in(x + 1) + in(x + 2);\n"
	      "output f[3];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("in", { 100, 90, 80, 70, 60 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 14, 240, 210 }));	// 270 wraps
}

TEST(t_reference, src_literals_and_casts)
{
	Src s("func f(x) : u8 = u8(300) + 0xFF;\n"		// 44 + 255 = 299 -> 43
	      "func g(x) : i32 = i32(u8(i8(-1)));\n"		// 255
	      "func h(x) : u8 = abs(i8(-128));\n"		// 128
	      "func k(x) : i8 = i8(-128) / -1;\n"		// wraps: -128
	      "output f[1]; output g[1]; output h[1]; output k[1];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 43 }));
	EXPECT_EQ(s.vals("g"), (V{ 255 }));
	EXPECT_EQ(s.vals("h"), (V{ 128 }));
	EXPECT_EQ(s.vals("k"), (V{ -128 }));
}

TEST(t_reference, src_signed_ops)
{
	Src s("input in : i8[3];\n"
	      "func q(x) : i8 = in(x) / -2;\n"
	      "func r(x) : i8 = in(x) % 2;\n"
	      "func s(x) : i8 = in(x) >> 1;\n"
	      "func a(x) : u8 = abs(in(x));\n"
	      "output q[3]; output r[3]; output s[3]; output a[3];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("in", { -7, -128, 127 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("q"), (V{ 3, 64, -63 }));
	EXPECT_EQ(s.vals("r"), (V{ -1, 0, 1 }));
	EXPECT_EQ(s.vals("s"), (V{ -4, -64, 63 }));
	EXPECT_EQ(s.vals("a"), (V{ 7, 128, 127 }));
}

TEST(t_reference, src_floor_division_domain)
{
	// g's domain is inferred as [-2, 0]: (x - 3) / 2 floors
	Src s("input in : i32[4];\n"
	      "func g(x) : i32 = in(x + 2) * 10;\n"
	      "func f(x) : i32 = g((x - 3) / 2);\n"
	      "func m(x) : i32 = g((x - 3) % 2 - 1);\n"
	      "output f[5]; output m[5];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("in", { 1, 2, 3, 4 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 10, 20, 20, 30, 30 }));
	// (x-3)%2 = 1 0 1 0 1, minus 1: g(0) g(-1) g(0) g(-1) g(0)
	EXPECT_EQ(s.vals("m"), (V{ 30, 20, 30, 20, 30 }));
}

TEST(t_reference, src_variables_as_values)
{
	Src s("func f(y, x) : i32 = select(x % 2 == 1, y * 10, -x);\n"
	      "output f[2][3];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 0, 0, -2, 0, 10, -2 }));
}

TEST(t_reference, src_reductions)
{
	Src s("input a : i8[2][3];\n"
	      "func s(x) : i32 = sum(r in 0..2, c in 0..3) i32(a(r, c)) * (x + 1);\n"
	      "func m(x) : i8 = maximum(r in -3..0) a(x, r + 3);\n"
	      "func n(x) : i8 = minimum(r in -3..0) a(x, r + 3);\n"
	      "func w(x) : u8 = sum(r in 0..3) 100;\n"		// 300 wraps to 44
	      "output s[2]; output m[2]; output n[2]; output w[1];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("a", { 1, -2, 3, -4, 5, -6 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("s"), (V{ -3, -6 }));
	EXPECT_EQ(s.vals("m"), (V{ 3, 5 }));
	EXPECT_EQ(s.vals("n"), (V{ -2, -6 }));
	EXPECT_EQ(s.vals("w"), (V{ 44 }));
}

TEST(t_reference, src_table_lookup_and_clamp)
{
	Src s("const g : u8[4] = {3, 2, 1, 0};\n"
	      "input in : u2[3];\n"
	      "input p : u8[4];\n"
	      "func f(x) : u8 = g(in(x));\n"
	      "func c(x) : u8 = p(clamp(x - 1, 0, 3));\n"
	      "output f[3]; output c[6];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("in", { 0, 1, 3 });
	s.set("p", { 5, 6, 7, 8 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 3, 2, 0 }));
	EXPECT_EQ(s.vals("c"), (V{ 5, 5, 6, 7, 8, 8 }));
}

TEST(t_reference, src_two_outputs_inline)
{
	Src s("input in : u8[6];\n"
	      "func h(x) : u16 = u16(in(x));\n"
	      "inline h;\n"
	      "func f(x) : u16 = h(x) * 2;\n"
	      "func g(x) : u16 = f(x) + f(x + 1);\n"
	      "output f[3];\n"
	      "output g[5];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("in", { 1, 2, 3, 4, 5, 6 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("f"), (V{ 2, 4, 6 }));
	EXPECT_EQ(s.vals("g"), (V{ 6, 10, 14, 18, 22 }));
}

TEST(t_reference, src_matmul_signed)
{
	Src s("input a : i8[2][2];\n"
	      "input b : i8[2][2];\n"
	      "func c(i, j) : i32 = sum(k in 0..2) i32(a(i, k)) * i32(b(k, j));\n"
	      "output c[2][2];\n");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	s.set("a", { -1, 2, 3, -128 });
	s.set("b", { 5, 6, -7, 8 });
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	EXPECT_EQ(s.vals("c"), (V{ -19, 10, 911, -1006 }));
}

// examples/gaussian.sl against a direct computation of the same formula.
TEST(t_reference, src_example_gaussian)
{
	Src s("", SLUICE_SOURCE_DIR "/examples/gaussian.sl");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	io_array *in = s.in("in");
	ASSERT_NE(in, nullptr);
	for (int64_t i = 0; i < in->size; i++)
		in->data[i] = (uint64_t) ((i * 40503 + 17) >> 3) & 0xFF;
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	const io_array *o = s.out("gaussian");
	ASSERT_NE(o, nullptr);
	ASSERT_EQ(o->dims[0], 62);
	ASSERT_EQ(o->dims[1], 62);
	const int w[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
	int64_t bad = 0;
	for (int64_t y = 0; y < 62; y++)
		for (int64_t x = 0; x < 62; x++) {
			int64_t sum = 0;
			for (int r = 0; r < 3; r++)
				for (int c = 0; c < 3; c++)
					sum += w[r][c] * (int64_t) in->data[(y + r) * 64 + x + c];
			bad += (int64_t) o->data[y * 62 + x] != sum / 16;
		}
	EXPECT_EQ(bad, 0);
}

// examples/laplacian_pyramid.sl: "recon" rebuilds its input exactly.
TEST(t_reference, src_example_laplacian_recon)
{
	Src s("", SLUICE_SOURCE_DIR "/examples/laplacian_pyramid.sl");
	ASSERT_NE(s.prog, nullptr) << s.diagnostics();
	io_array *in = s.in("in");
	ASSERT_NE(in, nullptr);
	for (int64_t i = 0; i < in->size; i++)
		in->data[i] = (uint64_t) ((i * 2654435761u) >> 11) & 0xFF;
	ASSERT_EQ(s.run(), 0) << s.diagnostics();
	const io_array *o = s.out("recon");
	ASSERT_NE(o, nullptr);
	ASSERT_EQ(o->size, in->size);
	int64_t bad = 0;
	for (int64_t i = 0; i < in->size; i++)
		bad += o->data[i] != in->data[i];
	EXPECT_EQ(bad, 0);
}

}  // namespace

// ------------------------------------------------- the two evaluators

// The row kernels against the tree-walking evaluator (run_both) on every
// operator in every width class: each type's extremes, zero and -1 among
// pseudo-random values, rows of 300 points (longer than one run of the
// row kernels, so a run boundary falls inside), affine reads, gathers
// (floor / and % indices), reductions, selects and inline funcs.
static std::string type_str(bool is_signed, int bits)
{
	return (is_signed ? "i" : "u") + std::to_string(bits);
}

// Literal divisors that fit the type (and are nonzero).
static std::vector<int64_t> divisors(bool is_signed, int bits)
{
	std::vector<int64_t> out;
	for (int64_t d : { 1, 2, 3, 7, 16, 255, 1000003, -1, -2, -5, -16 }) {
		bool fits = is_signed ? (bits >= 64 || (d >= -((int64_t) 1 << (bits - 1))
				&& d < ((int64_t) 1 << (bits - 1))))
			: d > 0 && (bits >= 63 || d < ((int64_t) 1 << bits));
		if (fits)
			out.push_back(d);
	}
	return out;
}

static std::string operator_program(bool is_signed, int bits)
{
	std::string T = type_str(is_signed, bits), s;
	s += "input a : " + T + "[3][300];\ninput b : " + T + "[3][300];\n";
	s += "input n : u8[3][300];\ninput c : u1[3][300];\n";
	std::vector<std::string> outs;
	auto func = [&](const std::string &name, const std::string &type,
			const std::string &body, const std::string &extent = "[3][300]") {
		s += "func " + name + "(y, x) : " + type + " = " + body + ";\n";
		outs.push_back("output " + name + extent + ";\n");
	};
	const char *ops[][2] = { { "add", "+" }, { "sub", "-" }, { "mul", "*" },
		{ "and", "&" }, { "or", "|" }, { "xor", "^" } };
	for (auto &o : ops)
		func(std::string("f_") + o[0], T, std::string("a(y, x) ") + o[1] + " b(y, x)");
	const char *cmps[][2] = { { "eq", "==" }, { "ne", "!=" }, { "lt", "<" },
		{ "le", "<=" }, { "gt", ">" }, { "ge", ">=" } };
	for (auto &o : cmps)
		func(std::string("f_") + o[0], "u1", std::string("a(y, x) ") + o[1] + " b(y, x)");
	func("f_min", T, "min(a(y, x), b(y, x))");
	func("f_max", T, "max(a(y, x), b(y, x))");
	func("f_addk", T, "a(y, x) + " + std::string(is_signed ? "b(y, 0)" : "b(1, 2)"));
	func("f_mulk", T, "b(y, 7) * a(y, x)");
	int k = 0;
	for (int64_t d : divisors(is_signed, bits)) {
		std::string lit = d < 0 ? "(" + std::to_string(d) + ")" : std::to_string(d);
		func("f_div" + std::to_string(k), T, "a(y, x) / " + lit);
		func("f_mod" + std::to_string(k++), T, "a(y, x) % " + lit);
	}
	func("f_shl", T, "a(y, x) << n(y, x)");
	func("f_shr", T, "a(y, x) >> n(y, x)");
	func("f_shrb", T, "a(y, x) >> b(y, x)");
	func("f_neg", T, "-a(y, x)");
	func("f_not", T, "~a(y, x)");
	func("f_lnot", "u1", "!c(y, x) && (a(y, x) < b(y, x) || c(y, x))");
	func("f_abs", type_str(false, bits), "abs(a(y, x))");
	func("f_sel", T, "c(y, x) ? a(y, x) : b(y, x)");
	func("f_selk", T, "c(1, 1) ? a(y, x) : b(y, x)");
	for (int tb : { 1, 8, 16, 32, 64 })
		for (bool ts : { false, true })
			if (tb > 1 || !ts)
				func("f_cast" + type_str(ts, tb), type_str(ts, tb),
					type_str(ts, tb) + "(a(y, x))");
	func("f_sum", T, "sum(r in 0..3) a(y, x + r) * b(y, x + r)", "[3][298]");
	func("f_sum2", T, "sum(r in 0..2, q in -1..1) a(y + r, x + q + 1) + b(y, x)", "[2][299]");
	func("f_maxr", T, "maximum(r in 0..3) a(y, min(x + r, 299))");
	func("f_minr", T, "minimum(r in 0..3) b(min(y + r, 2), x)");
	func("f_gather", T, "a(y, x / 3) - b(y, x % 7) + a(2 - y, 299 - x)");
	func("f_var", "i32", "(x * 3 - y) / 2");
	s += "func g(y, x) : " + T + " = a(y, x) ^ b(y, 299 - x);\ninline g;\n";
	func("f_inline", T, "g(y, x + 1) * g(y, x) + g(2, x)", "[3][299]");
	for (auto &o : outs)
		s += o;
	return s;
}

// Each type's extremes, 0, 1, -1 (as the type holds it) and
// pseudo-random values, normalised.
static std::vector<int64_t> operator_values(ir_type t, int64_t n, uint64_t seed)
{
	std::vector<int64_t> v;
	uint64_t x = seed;
	uint64_t special[] = { ir_type_min(t), ir_type_max(t), 0, 1, ~(uint64_t) 0 };
	for (int64_t i = 0; i < n; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t r = x ^ (x >> 29);
		if (i % 5 == 0)
			r = special[(i / 5) % 5];
		v.push_back((int64_t) ir_norm(t, r));
	}
	return v;
}

TEST(t_reference, rows_equal_tree_on_every_operator_and_type)
{
	for (bool is_signed : { false, true })
		for (int bits : { 1, 2, 4, 7, 8, 16, 31, 32, 33, 63, 64 }) {
			if (is_signed && bits < 2)
				continue;
			Src s(operator_program(is_signed, bits));
			ASSERT_NE(s.prog, nullptr) << type_str(is_signed, bits) << "\n"
						   << s.diagnostics();
			ir_type t = ir_type_make(is_signed, bits);
			s.set("a", operator_values(t, 900, 1 + bits));
			s.set("b", operator_values(t, 900, 77 + bits));
			s.set("n", operator_values(ir_type_make(false, 8), 900, 5));
			std::vector<int64_t> c;
			for (int i = 0; i < 900; i++)
				c.push_back((i * 7 / 3) % 2);
			s.set("c", c);
			ASSERT_EQ(s.run(), 0) << type_str(is_signed, bits) << "\n" << s.diagnostics();
			EXPECT_FALSE(HasFailure()) << type_str(is_signed, bits);
		}
}
