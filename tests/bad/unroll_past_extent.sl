# bad: more lanes than points in every dimension of the output.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[6][6];
unroll f 8;
