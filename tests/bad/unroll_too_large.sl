# bad: an unroll factor is at most 256.
input  in : u8[16][1024];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][1024];
unroll f 257;
