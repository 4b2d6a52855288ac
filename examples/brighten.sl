# brighten: saturating brighten of an 8-bit grey image, point-wise:
#   brighten(y, x) = min(in(y, x) + 64, 255)
# The sum is formed in u16 so that it cannot wrap, clamped with min, then
# cast back to u8.
# Sizes: a 64x64 tile in, 64x64 out, the tile size of the image-processing
# benchmarks of the unified-buffer work (Liu et al., TACO 2022).
input  in : u8[64][64];
func   brighten(y, x) : u8 = u8(min(u16(in(y, x)) + 64, 255));
output brighten[64][64];
