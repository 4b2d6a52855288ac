# cascade_1080p: two 3x3 binomial blurs in sequence (a blur of a blur), each
#   weights  1 2 1 / 2 4 2 / 1 2 1, sum >> 4
# computed in u16 (each sum is at most 16 * 255 = 4080) with the second blur
# reading the stored result of the first.  Valid parts only: each blur
# trims one pixel on every side, 1080x1920 -> 1078x1918 -> 1076x1916.
# Sizes: a 1080p frame, 1080x1920 in, 1076x1916 out; the same program as
# examples/cascade.sl (64x64) with 1080p extents.  Used for benchmarks.
input  in : u8[1080][1920];
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
output cascade[1076][1916];
