# found by tests/diff/run_diff.py --engine model (seed 13; reduced); probably
# the same cause as ub_const_strided_read.sl.  stream: "cannot size the
# buffer of 'f1': expecting integer affine expression".
func f1(z, y, x) : i4 = 0;
func f0(n, m, k) : i8 = 0 >> f1(n, 2 * m, 1);
output f0[1][3][1];
