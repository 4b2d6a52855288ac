# bad: the 17x16 output box reads row 16 of a 16-row input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output f[17][16];
