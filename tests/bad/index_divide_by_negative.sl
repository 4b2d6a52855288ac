# bad: an index divisor must be positive.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y / -2, x);
output f[16][16];
