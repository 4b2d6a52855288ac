# laplacian_pyramid: a two-level Laplacian pyramid of an 8-bit grey image,
# taken down and collapsed back up, in i16.
#   down:  g0 = in (64x64); g1 = downsample(blur(g0)) (32x32);
#          g2 = downsample(blur(g1)) (16x16), where blur is the separable
#          1 2 1 binomial (>> 2 per pass) with edge pixels repeated
#          (clamped indices) and downsample keeps the even pixels;
#   laplacians: l0 = g0 - up(g1), l1 = g1 - up(g2), with up the 2x
#          nearest-neighbour upsampling (index / 2);
#   up:    two collapses, each "upsample and add back the laplacian":
#          recon    = up(up(g2) + l1) + l0, which must equal the input
#                     exactly (a built-in self-check);
#          enhanced = the same with each laplacian scaled by 3/2
#                     ((3 * l) >> 1), a local-contrast boost, clamped to
#                     [0, 255].
# Sizes: 64x64 in (the tile size of the unified-buffer work, Liu et al.,
# TACO 2022, whose laplacian pyramid app this follows), two levels
# (32x32, 16x16), two 64x64 outputs.
input  in : u8[64][64];
func   g0(y, x) : i16 = i16(in(y, x));
func   b0x(y, x) : i16 = (g0(y, clamp(x - 1, 0, 63)) + 2 * g0(y, x) + g0(y, clamp(x + 1, 0, 63))) >> 2;
func   b0(y, x) : i16 = (b0x(clamp(y - 1, 0, 63), x) + 2 * b0x(y, x) + b0x(clamp(y + 1, 0, 63), x)) >> 2;
func   g1(y, x) : i16 = b0(2 * y, 2 * x);
func   b1x(y, x) : i16 = (g1(y, clamp(x - 1, 0, 31)) + 2 * g1(y, x) + g1(y, clamp(x + 1, 0, 31))) >> 2;
func   b1(y, x) : i16 = (b1x(clamp(y - 1, 0, 31), x) + 2 * b1x(y, x) + b1x(clamp(y + 1, 0, 31), x)) >> 2;
func   g2(y, x) : i16 = b1(2 * y, 2 * x);
func   l0(y, x) : i16 = g0(y, x) - g1(y / 2, x / 2);
func   l1(y, x) : i16 = g1(y, x) - g2(y / 2, x / 2);
func   r1(y, x) : i16 = g2(y / 2, x / 2) + l1(y, x);
func   recon(y, x) : u8 = u8(r1(y / 2, x / 2) + l0(y, x));
func   e1(y, x) : i16 = g2(y / 2, x / 2) + ((3 * l1(y, x)) >> 1);
func   enhanced(y, x) : u8 = u8(clamp(e1(y / 2, x / 2) + ((3 * l0(y, x)) >> 1), 0, 255));
output recon[64][64];
output enhanced[64][64];
