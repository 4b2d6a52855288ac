# 2x bilinear upscale: even output points copy, odd ones average their two
# or four neighbours; clamp-to-edge past the last row and column.
param W = 32;
param H = 24;
input  in : u8[H][W];
func   p(y, x) : u16 = u16(in(min(y, H - 1), min(x, W - 1)));
func   bilinear2x(y, x) : u8 = u8((p(y / 2, x / 2) + p(y / 2 + y % 2, x / 2)
                                 + p(y / 2, x / 2 + x % 2) + p(y / 2 + y % 2, x / 2 + x % 2) + 2) >> 2);
inline p;
output bilinear2x[2 * H][2 * W];
