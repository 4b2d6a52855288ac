# found by tests/diff/run_diff.py (seeds 1766 and 1960 of the scale run;
# reduced).  f3 is read at j = max(x - 3, y + 2) over y in 0..2, x in 0..3,
# so j is in 2..4 and in2(j - 2) stays in bounds.  isl 0.25's
# isl_set_dim_min_val gave 0 on the image { [j] : 1 = 0 or 2 <= j <= 4 }
# (the empty piece x - 3 >= y + 2 of the max): a false out-of-bounds error.
# max(y + 2, x - 3) has no empty piece and always passed.
input in2 : u8[8];
func f3(i, j) : u8 = in2(j - 2) + u8(j);
func f1(y, x) : u8 = f3(y, max(x - 3, y + 2));
output f1[3][4];
