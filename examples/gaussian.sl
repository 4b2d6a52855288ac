# gaussian: 3x3 Gaussian blur of an 8-bit grey image.
#   weights  1 2 1 / 2 4 2 / 1 2 1, sum / 16
# The weighted sum is formed in u16 (at most 16 * 255 = 4080, no overflow)
# and divided by 16 before the cast back to u8.  No padding: the output is
# the (H-2) x (W-2) "valid" part, so every read stays inside the input.
# 64x64 in, 62x62 out by default, as the gaussian app of the unified-buffer
# work (Liu et al., TACO 2022; Halide-to-Hardware apps/gaussian).
# The input is a u8 named "in": a grey PNG/PGM can be fed with
#   sluice run examples/gaussian.sl --input in=photo.pgm
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
const  kernel : u16[3][3] = { 1, 2, 1,
                              2, 4, 2,
                              1, 2, 1 };
func   in16(y, x) : u16 = u16(in(y, x));
func   blur(y, x) : u16 = sum(r in 0..3, s in 0..3) in16(y + r, x + s) * kernel(r, s);
func   gaussian(y, x) : u8 = u8(blur(y, x) / 16);
inline in16;
output gaussian[H - 2][W - 2];
