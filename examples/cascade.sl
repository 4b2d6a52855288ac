# cascade: two 3x3 binomial blurs in sequence (a blur of a blur), each
#   weights  1 2 1 / 2 4 2 / 1 2 1, sum >> 4
# computed in u16 (each sum is at most 16 * 255 = 4080) with the second blur
# reading the stored result of the first.  Valid parts only: each blur
# trims one pixel on every side, 64 -> 62 -> 60 (W -> W - 4).
# 64x64 in, 60x60 out by default, as the cascade app of the unified-buffer work
# (Liu et al., TACO 2022; Halide-to-Hardware apps/cascade).
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
func   in16(y, x) : u16 = u16(in(y, x));
func   blur1(y, x) : u16 =
         (     in16(y,     x) + 2 * in16(y,     x + 1) +     in16(y,     x + 2)
         + 2 * in16(y + 1, x) + 4 * in16(y + 1, x + 1) + 2 * in16(y + 1, x + 2)
         +     in16(y + 2, x) + 2 * in16(y + 2, x + 1) +     in16(y + 2, x + 2)) >> 4;
func   blur2(y, x) : u16 =
         (     blur1(y,     x) + 2 * blur1(y,     x + 1) +     blur1(y,     x + 2)
         + 2 * blur1(y + 1, x) + 4 * blur1(y + 1, x + 1) + 2 * blur1(y + 1, x + 2)
         +     blur1(y + 2, x) + 2 * blur1(y + 2, x + 1) +     blur1(y + 2, x + 2)) >> 4;
func   cascade(y, x) : u8 = u8(blur2(y, x));
output cascade[H - 4][W - 4];
