# bad: 'r' is only visible inside the reduction's body.
input  in : u8[16][16];
func   f(y) : u8 = (sum(r in 0..4) in(y, r)) + in(y, r);
output f[16];
