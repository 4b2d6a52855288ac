# bad: reduction variable 'x' shadows the func's variable 'x'.
input  in : u8[16][20];
func   f(y, x) : u8 = sum(x in 0..4) in(y, x);
output f[16][16];
