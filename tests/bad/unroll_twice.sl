# bad: an output is unrolled once.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][16];
unroll f 2;
unroll f 4;
