# bad: extents are positive.
input  in : u8[0][16];
func   f(y, x) : u8 = in(y, x);
output f[16][16];
