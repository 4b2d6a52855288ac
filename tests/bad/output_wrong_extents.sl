# bad: 'f' has 2 variables but its output box has 1 extent.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output f[16];
