# bad: the inner reduction variable 'r' shadows the outer one.
input  in : u8[16][16];
func   f(y) : u8 = sum(r in 0..4) sum(r in 0..4) in(y, r);
output f[16];
