# bad: more lanes than points in the output's innermost dimension.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][6];
unroll f 8;
