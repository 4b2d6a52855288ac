# bad: 'sum' is a reserved word and cannot name an input.
input  sum : u8[16][16];
func   f(y, x) : u8 = sum(y, x);
output f[16][16];
