# bad: types stop at 64 bits.
input  in : u8[16][16];
func   f(y, x) : u65 = u65(in(y, x));
output f[16][16];
