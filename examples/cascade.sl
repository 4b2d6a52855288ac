# cascade: two 3x3 binomial blurs in sequence (a blur of a blur), each
#   weights  1 2 1 / 2 4 2 / 1 2 1, sum >> 4
# computed in u16 (each sum is at most 16 * 255 = 4080) with the second blur
# reading the stored result of the first.  Valid parts only: each blur
# trims one pixel on every side, 64 -> 62 -> 60.
# Sizes: 64x64 in, 60x60 out, as the cascade app of the unified-buffer work
# (Liu et al., TACO 2022; Halide-to-Hardware apps/cascade).
input  in : u8[64][64];
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
output cascade[60][60];
