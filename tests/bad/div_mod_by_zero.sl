# bad: remainder by zero.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) % 0;
output f[16][16];
