# bad: the condition of '?:' is u8, not u1.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) ? 1 : 2;
output f[16][16];
