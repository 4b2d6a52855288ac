# bad: the sum is u8 (its body's type), but 'f' is declared u16.
input  in : u8[16][16];
func   f(y) : u16 = sum(r in 0..16) in(y, r);
output f[16];
