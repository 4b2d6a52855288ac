# 3x3 box at stride 2 with clamp-to-edge borders (a downsampling filter):
# output (y, x) is centred on input (2y, 2x).
param W = 16;
param H = 10;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1)));
func   d2(y, x) : u16 = sum(r in 0..3, s in 0..3) px(2 * y + r - 1, 2 * x + s - 1);
inline px;
output d2[H / 2][W / 2];
