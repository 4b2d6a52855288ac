# bad: select takes 3 arguments.
input  in : u8[16][16];
func   f(y, x) : u8 = select(in(y, x) > 3, in(y, x), 0, 1);
output f[16][16];
