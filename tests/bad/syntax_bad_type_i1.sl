# bad: signed types start at i2; i1 is not a type.
input  in : i1[16][16];
func   f(y, x) : u8 = u8(in(y, x));
output f[16][16];
