# Issue 15, item 1: in(y, (0 - 1) / 2 + 1) reads in(y, 0), since
# (0 - 1) / 2 in an index is floor(-1/2) = -1, the value (x - 1) / 2 takes at
# x = 0 (it was folded by truncation to 0, reading in(y, 1)); g compares the
# two spellings, so it is 1 everywhere.
input in : u8[4][4];
func f(y, x) : u8 = in(y, (0 - 1) / 2 + 1);
func g(y, x) : u1 = in(y, (x - 1) / 2 + 1) == in(y, (0 - 1) / 2 + 1);
output f[4][1];
output g[4][1];
