# bad: 128 does not fit i8.
input  in : i8[16][16];
func   f(y, x) : i8 = in(y, x) + 128;
output f[16][16];
