# gaussian_1080p: 3x3 Gaussian blur of an 8-bit grey image.
#   weights  1 2 1 / 2 4 2 / 1 2 1, sum / 16
# The weighted sum is formed in u16 (at most 16 * 255 = 4080, no overflow)
# and divided by 16 before the cast back to u8.  No padding: the output is
# the 1078x1918 "valid" part, so every read stays inside the 1080x1920 input.
# Sizes: a 1080p frame, 1080x1920 in, 1078x1918 out (the valid part);
# the 64x64 version is examples/gaussian.sl.  Used for benchmarks.
# The input is a u8 named "in": a grey PNG/PGM can be fed with
#   sluice run examples/gaussian_1080p.sl --input in=photo.pgm
input  in : u8[1080][1920];
const  kernel : u16[3][3] = { 1, 2, 1,
                              2, 4, 2,
                              1, 2, 1 };
func   in16(y, x) : u16 = u16(in(y, x));
func   blur(y, x) : u16 = sum(r in 0..3, s in 0..3) in16(y + r, x + s) * kernel(r, s);
func   gaussian(y, x) : u8 = u8(blur(y, x) / 16);
inline in16;
output gaussian[1078][1918];
