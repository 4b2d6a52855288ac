# bad: in(y + 1, x) reads row 16 of a 16-row input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y + 1, x);
output f[16][16];
