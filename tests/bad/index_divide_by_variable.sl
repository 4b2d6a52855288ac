# bad: an index divides only by a positive constant.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y / (x + 1), x);
output f[16][16];
