# bad: 'f' is declared an output twice.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output f[16][16];
output f[16][16];
