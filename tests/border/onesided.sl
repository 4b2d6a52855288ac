# One-sided clamps: max(a, 0) on y and x - 1, min(a, W - 1) on x + 2.
param W = 15;
param H = 9;
input  in : u8[H][W];
func   f(y, x) : u16 = u16(in(max(y - 1, 0), x)) + u16(in(y, min(x + 2, W - 1))) + u16(in(y, max(x - 1, 0)));
output f[H][W];
