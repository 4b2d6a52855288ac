# bad: 'x' appears twice among the variables.
input  in : u8[16][16];
func   f(x, x) : u8 = in(x, x);
output f[16][16];
