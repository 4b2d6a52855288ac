# bad: abs takes 1 argument.
input  in : i8[16][16];
func   f(y, x) : u8 = abs(in(y, x), in(y, x));
output f[16][16];
