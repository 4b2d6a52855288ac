# bad: u8 + u16 without a cast.
input  a : u8[16][16];
input  b : u16[16][16];
func   f(y, x) : u16 = a(y, x) + b(y, x);
output f[16][16];
