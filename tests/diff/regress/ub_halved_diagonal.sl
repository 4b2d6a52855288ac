# found by tests/diff/run_diff.py --engine model (seed 33; reduced).
# stream: "cannot size the buffer of 'f2': expecting integer affine
# expression" (ubuffer/analysis.c:341).  f2 read along the diagonal f2(i, i),
# itself reading f3 at x / 2.  Reading f3(y, x / 2) + f3(y, x / 2 + 1) passes.
# sequential passes.
func f3(i, j) : u8 = 1;
func f2(y, x) : u8 = f3(y, x / 2);
func f0(i, j) : u8 = f2(i, i);
output f0[5][8];
