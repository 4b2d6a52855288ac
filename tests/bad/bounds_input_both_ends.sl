# bad: in(y, 2 * x - 1) reads columns -1 to 29 of a 16-column input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, 2 * x - 1);
output f[16][16];
