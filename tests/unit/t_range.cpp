// tests/unit/t_range.cpp: the intervals of values/range.c (va_expr_range)
// against the language's arithmetic (ir_eval_*, which the CPU reference
// runs): random expression trees over two variables of random small
// intervals, at narrow and full widths; every value the tree takes at
// every point must lie in the interval (conservative), and a tree of
// constants must give its one value (exact).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ir/ir.h"
#include "values/values.h"

namespace {

uint64_t splitmix(uint64_t &s)
{
	uint64_t z = (s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

struct Gen {
	sl_ctx *ctx;
	uint64_t seed;
	ir_type types[10] = { ir_type_make(false, 1), ir_type_make(false, 3), ir_type_make(true, 2),
		ir_type_make(true, 4), ir_type_make(false, 8), ir_type_make(true, 8),
		ir_type_make(false, 33), ir_type_make(true, 33), ir_type_make(false, 64),
		ir_type_make(true, 64) };

	ir_expr *node(ir_expr_kind k, ir_type t, int n)
	{
		ir_expr *e = (ir_expr *) sl_alloc(ctx, sizeof(ir_expr));
		e->kind = k;
		e->type = t;
		e->n_args = n;
		e->args = (ir_expr **) sl_alloc(ctx, (n + 1) * sizeof(ir_expr *));
		return e;
	}
	ir_expr *cst(ir_type t, uint64_t v)
	{
		ir_expr *e = node(IR_CONST, t, 0);
		e->u.cval = ir_norm(t, v);
		return e;
	}
	uint64_t edge(ir_type t)
	{
		uint64_t c[6] = { 0, 1, ~0ull, ir_type_min(t), ir_type_max(t), splitmix(seed) };
		return ir_norm(t, c[splitmix(seed) % 6] + splitmix(seed) % 3 - 1);
	}
	// A leaf of type t: a constant, or T(x) / T(y) (x, y: i32 variables).
	ir_expr *leaf(ir_type t)
	{
		if (splitmix(seed) % 3 == 0)
			return cst(t, edge(t));
		ir_expr *v = node(IR_VAR, ir_type_make(true, 32), 0);
		v->u.var.slot = (int) (splitmix(seed) % 2);
		ir_expr *c = node(IR_CAST, t, 1);
		c->args[0] = v;
		return c;
	}
	// - ~ abs ! (abs of iN gives uN: a uN of width >= 2 from an iN)
	ir_expr *unary(ir_type t, int depth, int k)
	{
		static const ir_op u[4] = { IR_OP_NEG, IR_OP_NOT, IR_OP_ABS, IR_OP_LNOT };
		ir_op op = u[k];
		ir_type at = op == IR_OP_LNOT ? ir_type_make(false, 1) : t;
		if (op == IR_OP_ABS) {
			if (t.is_signed || t.bits == 1)
				return tree(t, depth - 1);
			at = ir_type_make(true, t.bits);
		}
		if (op == IR_OP_LNOT && t.bits != 1)
			return tree(t, depth - 1);
		ir_expr *e = node(IR_UNARY, t, 1);
		e->op = op;
		e->args[0] = tree(at, depth - 1);
		return e;
	}
	ir_expr *tree(ir_type t, int depth)
	{
		if (depth == 0)
			return leaf(t);
		int k = (int) (splitmix(seed) % 26);
		if (k < 4)
			return unary(t, depth, k);
		if (k == 4) {
			ir_expr *e = node(IR_SELECT, t, 3);
			e->args[0] = tree(ir_type_make(false, 1), depth - 1);
			e->args[1] = tree(t, depth - 1);
			e->args[2] = tree(t, depth - 1);
			return e;
		}
		if (k == 5) {
			ir_expr *e = node(IR_CAST, t, 1);
			e->args[0] = tree(types[splitmix(seed) % 10], depth - 1);
			return e;
		}
		ir_op op = (ir_op) (k - 6);	/* ADD .. MAX: the 20 binary operators */
		bool cmp = op >= IR_OP_EQ && op <= IR_OP_GE;
		bool logic = op == IR_OP_LAND || op == IR_OP_LOR;
		if ((cmp || logic) && t.bits != 1)
			return tree(t, depth - 1);
		ir_type at = cmp ? types[splitmix(seed) % 10] : t;
		ir_expr *e = node(IR_BINARY, t, 2);
		e->op = op;
		e->args[0] = tree(at, depth - 1);
		if (op == IR_OP_DIV || op == IR_OP_MOD)
			e->args[1] = cst(at, edge(at));
		else if (op == IR_OP_SHL || op == IR_OP_SHR)
			e->args[1] = tree(types[splitmix(seed) % 10], depth - 1);
		else
			e->args[1] = tree(at, depth - 1);
		return e;
	}
};

uint64_t eval(const ir_expr *e, const int64_t *env)
{
	switch (e->kind) {
	case IR_CONST: return e->u.cval;
	case IR_VAR: return ir_norm(e->type, (uint64_t) env[e->u.var.slot]);
	case IR_CAST: return ir_eval_cast(e->type, e->args[0]->type, eval(e->args[0], env));
	case IR_UNARY: return ir_eval_unop(e->op, e->args[0]->type, eval(e->args[0], env));
	case IR_SELECT: return eval(e->args[eval(e->args[0], env) ? 1 : 2], env);
	case IR_BINARY: {
		uint64_t a = eval(e->args[0], env), b = eval(e->args[1], env);
		if (e->op == IR_OP_SHL || e->op == IR_OP_SHR)
			b = ir_shift_amount(e->args[1]->type, b);
		return ir_eval_binop(e->op, e->args[0]->type, a, b);
	}
	default: return 0;
	}
}

__int128 math(ir_type t, uint64_t v)
{
	return t.is_signed ? (__int128) (int64_t) v : (__int128) v;
}

// The two variables' intervals: small, near 0 or far from it, often one
// point.
void random_intervals(Gen &g, int64_t lo[2], int64_t hi[2])
{
	for (int s = 0; s < 2; s++) {
		int64_t base = (int64_t) (splitmix(g.seed) % 700) - 350;
		if (splitmix(g.seed) % 4 == 0)
			base = (int64_t) splitmix(g.seed) >> (splitmix(g.seed) % 40);
		lo[s] = base;
		hi[s] = base + (int64_t) (splitmix(g.seed) % 4 ? splitmix(g.seed) % 12 : 0);
	}
}

TEST(Range, ConservativeAndExact)
{
	Gen g;
	g.ctx = sl_ctx_alloc();
	g.seed = 24;
	int singles = 0, points = 0;
	for (int it = 0; it < 20000; it++) {
		ir_type t = g.types[splitmix(g.seed) % 10];
		ir_expr *e = g.tree(t, 1 + (int) (splitmix(g.seed) % 3));
		int64_t lo[2], hi[2];
		random_intervals(g, lo, hi);
		ir_range r = va_expr_range(e, lo, hi, 2);
		for (int64_t x = lo[0]; x <= hi[0]; x++)
			for (int64_t y = lo[1]; y <= hi[1]; y++) {
				int64_t env[2] = { x, y };
				__int128 v = math(e->type, eval(e, env));
				points++;
				ASSERT_TRUE(v >= r.lo && v <= r.hi) << "iteration " << it
					<< " value " << (long long) v << " outside ["
					<< (long long) r.lo << ", " << (long long) r.hi << "]";
			}
		if (lo[0] == hi[0] && lo[1] == hi[1]) {
			singles++;
			ASSERT_EQ(r.lo, r.hi) << "iteration " << it << ": constant not exact";
		}
	}
	EXPECT_GT(singles, 1000);
	EXPECT_GT(points, 100000);
	sl_ctx_free(g.ctx);
}

// Value-range widths (values/narrow.c) are exact: on the same random trees,
// the narrowed tree gives the original's value at every point of the
// variables' intervals, and has the original's type; most trees narrow.
int count_nodes(const ir_expr *e, int *narrow, ir_type t)
{
	int n = 1;
	if (!ir_type_none(e->type) && e->type.bits < t.bits && e->kind != IR_CAST &&
	    e->kind != IR_CONST)
		(*narrow)++;
	for (int i = 0; i < e->n_args; i++)
		n += count_nodes(e->args[i], narrow, t);
	return n;
}

TEST(Range, NarrowingIsExact)
{
	Gen g;
	g.ctx = sl_ctx_alloc();
	g.seed = 25;
	int points = 0, narrowed = 0;
	for (int it = 0; it < 20000; it++) {
		ir_type t = g.types[splitmix(g.seed) % 10];
		ir_expr *e = g.tree(t, 1 + (int) (splitmix(g.seed) % 4));
		int64_t lo[2], hi[2];
		random_intervals(g, lo, hi);
		ir_expr *n = va_narrow_expr(g.ctx, e, lo, hi, 2);
		ASSERT_TRUE(ir_type_eq(n->type, e->type)) << "iteration " << it;
		int k = 0;
		count_nodes(n, &k, t);
		narrowed += k > 0;
		for (int64_t x = lo[0]; x <= hi[0]; x++)
			for (int64_t y = lo[1]; y <= hi[1]; y++) {
				int64_t env[2] = { x, y };
				points++;
				ASSERT_EQ(eval(n, env), eval(e, env)) << "iteration " << it
					<< " at x = " << (long long) x << ", y = " << (long long) y;
			}
	}
	EXPECT_GT(points, 100000);
	EXPECT_GT(narrowed, 2000);	// a tenth of the trees at least
	sl_ctx_free(g.ctx);
}

TEST(Range, CompareDecides)
{
	ir_range a = { 0, 255 }, z = { 0, 0 }, big = { 256, 300 };
	EXPECT_EQ(va_range_compare(IR_OP_LT, a, z), 0);
	EXPECT_EQ(va_range_compare(IR_OP_GE, a, z), 1);
	EXPECT_EQ(va_range_compare(IR_OP_LT, a, big), 1);
	EXPECT_EQ(va_range_compare(IR_OP_NE, a, big), 1);
	EXPECT_EQ(va_range_compare(IR_OP_EQ, a, big), 0);
	EXPECT_EQ(va_range_compare(IR_OP_LE, z, a), 1);
	EXPECT_EQ(va_range_compare(IR_OP_LT, z, a), -1);
	EXPECT_EQ(va_range_compare(IR_OP_EQ, z, z), 1);
}

}  // namespace
