# 3x3 sum with a constant (zero) border: OpenCV's BORDER_CONSTANT, written
# as a select on the position around a clamped read.
param W = 15;
param H = 9;
input  in : u8[H][W];
func   px(y, x) : u16 = select(y >= 0 && y < H && x >= 0 && x < W,
                               u16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1))), 0);
func   s3(y, x) : u16 = sum(r in 0..3, s in 0..3) px(y + r - 1, x + s - 1);
inline px;
output s3[H][W];
