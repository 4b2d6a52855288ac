# bad: min takes 2 arguments.
input  in : u8[16][16];
func   f(y, x) : u8 = min(in(y, x));
output f[16][16];
