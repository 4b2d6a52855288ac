# bad: '&' is not an index operator (use % 2).
input  in : u8[16][16];
func   f(y, x) : u8 = in(y & 1, x);
output f[16][16];
