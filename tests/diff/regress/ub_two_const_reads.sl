# found by tests/diff/run_diff.py --engine model (seed 6; reduced).
# both policies: "cannot size the buffer of 'in': expecting integer affine
# expression" (ubuffer/analysis.c:341).  Two reads at constant indices in
# different rows and different columns; in(3, 1) + in(1, 1) passes, as does
# the 1-D in(3) + in(1).
input in : u8[4][2];
func f0(y, x) : u8 = in(3, 0) + in(1, 1);
output f0[1][1];
