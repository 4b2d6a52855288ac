# bad: an input is not an output; only a func can be unrolled.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][16];
unroll in 2;
