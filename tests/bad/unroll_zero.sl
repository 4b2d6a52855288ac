# bad: an unroll factor is at least 1.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][16];
unroll f 0;
