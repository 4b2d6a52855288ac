# bad: a constant expression divides by zero.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 12 / (3 - 3);
output f[16][16];
