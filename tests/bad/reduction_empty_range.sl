# bad: 3..3 is empty (ranges are half-open).
input  in : u8[16][16];
func   f(y) : u8 = sum(r in 3..3) in(y, r);
output f[16];
