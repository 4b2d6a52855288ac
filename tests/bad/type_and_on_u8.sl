# bad: '&&' takes u1 operands.
input  a : u8[16][16];
input  b : u8[16][16];
func   f(y, x) : u1 = a(y, x) && b(y, x);
output f[16][16];
