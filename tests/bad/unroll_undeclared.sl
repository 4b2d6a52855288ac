# bad: unrolling a name nothing declares.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][16];
unroll h 2;
