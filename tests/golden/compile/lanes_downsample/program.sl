# downsample: 2x2 average (box) downsampling of an 8-bit grey image:
#   downsample(y, x) = (sum of in(2y + r, 2x + s), r, s in {0,1}, + 2) >> 2
# i.e. the mean of each 2x2 block, rounded to nearest (ties up).  The sum
# is formed in u16 (at most 4 * 255 + 2 = 1022).
# Sizes: 64x64 in, 32x32 out (a 64x64 tile, as in the unified-buffer work,
# Liu et al., TACO 2022, halved).
input  in : u8[64][64];
func   box(y, x) : u16 = sum(r in 0..2, s in 0..2) u16(in(2 * y + r, 2 * x + s));
func   downsample(y, x) : u8 = u8((box(y, x) + 2) >> 2);
output downsample[32][32];
