# bad: y * x is not affine.
input  in : u8[256][16];
func   f(y, x) : u8 = in(y * x, x);
output f[16][16];
