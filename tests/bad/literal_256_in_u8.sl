# bad: 256 does not fit u8.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) & 256;
output f[16][16];
