// tests/divconst/t_divconst16.cpp: the constant-division plans of
// values/divconst.c on u16 and i16, every dividend (all 65,536) for each
// divisor of a set: every divisor 1..4096 (and their negatives on i16),
// every power of two 2^k and 2^k +- 1, +- 2, the type's MIN and MAX, and
// 1,000 random divisors; div and mod, against ir_eval_binop.  Not every
// divisor: all 65,535 take about ten minutes, past the suite's budget.
// Its own binary and label (divconst16), so that the sanitizer build,
// which runs the labels unit|frontend, leaves it out.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ir/ir.h"
#include "values/values.h"

namespace {

std::vector<uint64_t> divisors(ir_type t)
{
	std::vector<uint64_t> ds;
	auto add = [&](uint64_t d) {
		d = ir_norm(t, d);
		if (d)
			ds.push_back(d);
	};
	for (uint64_t d = 1; d <= 4096; d++) {
		add(d);
		if (t.is_signed)
			add(0 - d);
	}
	for (int k = 12; k < 16; k++)
		for (int64_t off = -2; off <= 2; off++) {
			add(((uint64_t) 1 << k) + (uint64_t) off);
			add(0 - (((uint64_t) 1 << k) + (uint64_t) off));
		}
	add(ir_type_min(t));
	add(ir_type_max(t));
	uint64_t s = 16;
	for (int i = 0; i < 1000; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		add(s >> 48);
	}
	return ds;
}

void sweep(ir_type t)
{
	for (uint64_t d : divisors(t))
		for (ir_op op : { IR_OP_DIV, IR_OP_MOD }) {
			va_divplan p = va_divconst_plan(t, op, d);
			for (uint64_t i = 0; i < 65536; i++) {
				uint64_t x = ir_norm(t, i);
				uint64_t got = va_divplan_eval(&p, x), want = ir_eval_binop(op, t, x, d);
				if (got != want) {
					ADD_FAILURE() << (int64_t) x << ir_op_str(op) << (int64_t) d
						<< " gives " << (int64_t) got << ", want " << (int64_t) want;
					return;
				}
			}
		}
}

TEST(t_divconst16, u16_every_dividend)
{
	sweep(ir_type_make(false, 16));
}

TEST(t_divconst16, i16_every_dividend)
{
	sweep(ir_type_make(true, 16));
}

} // namespace
