# 5x5 box with clamp-to-edge borders, output as large as the input: two
# taps a side bend near each border (tests/border/run_border.sh).
param W = 17;
param H = 11;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1)));
func   box5(y, x) : u16 = sum(r in 0..5, s in 0..5) px(y + r - 2, x + s - 2);
inline px;
output box5[H][W];
