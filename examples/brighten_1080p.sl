# brighten_1080p: saturating brighten of an 8-bit grey image, point-wise:
#   brighten(y, x) = min(in(y, x) + 64, 255)
# The sum is formed in u16 so that it cannot wrap, clamped with min, then
# cast back to u8.
# Sizes: a 1080p frame, 1080x1920 in and out; the same program as
# examples/brighten.sl (64x64) with 1080p extents.  Used for benchmarks.
input  in : u8[1080][1920];
func   brighten(y, x) : u8 = u8(min(u16(in(y, x)) + 64, 255));
output brighten[1080][1920];
