# bad: 4..2 is empty.
input  in : u8[16][16];
func   f(y) : u8 = maximum(r in 4..2) in(y, r);
output f[16];
