# bad: reduction bounds are integer constants, not variables.
input  in : u8[16][16];
func   f(y) : u8 = sum(r in 0..y) in(y, r);
output f[16];
