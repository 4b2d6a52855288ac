# found by tests/diff/run_diff.py --engine model (seed 12, reduced).
# stream: "cannot size the buffer of 'in': expecting integer affine
# expression" (ubuffer/analysis.c:341; isl_ilp.c:379).  A read with a constant
# index in one dimension and a stride of 2 in the other; in(i, 2 * j) and
# in(0, j) are fine.  sequential passes.
input in : u8[20][2];
func f0(i, j) : u8 = in(2 * i, 0);
output f0[10][1];
