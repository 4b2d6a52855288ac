# bad: the divisor must be a constant.
input  a : u8[16][16];
input  b : u8[16][16];
func   f(y, x) : u8 = a(y, x) / b(y, x);
output f[16][16];
