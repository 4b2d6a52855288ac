# bad: min of i16 and u16.
input  a : i16[16][16];
input  b : u16[16][16];
func   f(y, x) : u16 = min(a(y, x), b(y, x));
output f[16][16];
