# 3x3 box clamped on x only; rows valid-region (H - 2 output rows).
param W = 15;
param H = 9;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(y, clamp(x, 0, W - 1)));
func   bx(y, x) : u16 = px(y, x - 1) + 2 * px(y + 1, x) + px(y + 2, x + 1) + px(y, x + 1);
inline px;
output bx[H - 2][W];
