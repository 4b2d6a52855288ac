# found by tests/diff/run_diff.py --engine model (seed 35, sequential; reduced).
# both policies: "cannot size the buffer of 'in': expecting integer affine
# expression" (ubuffer/analysis.c:341).  A clamped (min) row index with a
# column index -(j / 2) % 6; (j / 2) % 6, j % 6, j / 2 or an unclamped row
# index pass.
input in : u8[3][6];
func f1(i, j) : u8 = in(min(i, 2), -(j / 2) % 6);
output f1[4][12];
