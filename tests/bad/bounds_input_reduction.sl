# bad: through the reduction, in(y, x + r) reads columns 0 to 18.
input  in : u8[16][16];
func   f(y, x) : u16 = sum(r in 0..4) u16(in(y, x + r));
output f[16][16];
