# bad: the condition of select is u8, not u1.
input  in : u8[16][16];
func   f(y, x) : u8 = select(in(y, x), in(y, x), 0);
output f[16][16];
