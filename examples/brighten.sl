# brighten: saturating brighten of an 8-bit grey image, point-wise:
#   brighten(y, x) = min(in(y, x) + 64, 255)
# The sum is formed in u16 so that it cannot wrap, clamped with min, then
# cast back to u8.
# A 64x64 tile in, 64x64 out by default, the tile size of the image-processing
# benchmarks of the unified-buffer work (Liu et al., TACO 2022).
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
func   brighten(y, x) : u8 = u8(min(u16(in(y, x)) + 64, 255));
output brighten[H][W];
