# bad: reduction variable 'in' has the name of the input.
input  in : u8[16][16];
func   f(y) : u8 = sum(in in 0..4) u8(in);
output f[16];
