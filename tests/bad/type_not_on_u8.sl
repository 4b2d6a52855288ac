# bad: '!' takes a u1 operand; '~' is the bitwise not.
input  in : u8[16][16];
func   f(y, x) : u8 = !in(y, x);
output f[16][16];
