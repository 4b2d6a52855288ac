# bad: only an output can be unrolled (its producers get lanes by propagation).
input  in : u8[16][16];
func   g(y, x) : u8 = in(y, x) + 1;
func   f(y, x) : u8 = g(y, x) * 2;
output f[16][16];
unroll g 2;
