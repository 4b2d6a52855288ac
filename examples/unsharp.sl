# unsharp: unsharp masking of an RGB image, each channel on its own:
#   blur    = separable 3x3 binomial blur (1 2 1 across, then down, >> 2
#             after each pass)
#   sharpen = clamp(2 * in - blur, 0, 255)     (in i16, so 2*in - blur,
#             in [-255, 510], cannot wrap), cast back to u8.
# Borders are clamped to the edge (indices clamped to [0, H - 1] x [0, W - 1],
# like Halide's BoundaryConditions::repeat_edge), so the output is the
# size of the input and pixel (c, y, x) is centred on input (c, y, x).
# Why clamped rather than the valid part only: with valid-region
# borders the border elements of an intermediate are read by fewer
# consumers than the interior ones and die early, so a circular buffer
# addressed by write order needs a word or two more than the most live
# values; with clamped borders every element is last read at the same
# delay and the line buffers hold exactly the live values.
# 3x64x64 in, 3x64x64 out by default (channel outermost), after the unsharp app
# of the unified-buffer work (Liu et al., TACO 2022; Halide-to-Hardware
# apps/unsharp) on a 64x64 tile.  An RGB PNG/PPM can be fed as "in".
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[3][H][W];
func   in16(c, y, x) : i16 = i16(in(c, y, x));
func   blur_x(c, y, x) : i16 = (in16(c, y, clamp(x - 1, 0, W - 1)) + 2 * in16(c, y, x)
                               + in16(c, y, clamp(x + 1, 0, W - 1))) >> 2;
func   blur(c, y, x) : i16 = (blur_x(c, clamp(y - 1, 0, H - 1), x) + 2 * blur_x(c, y, x)
                             + blur_x(c, clamp(y + 1, 0, H - 1), x)) >> 2;
func   unsharp(c, y, x) : u8 = u8(clamp(2 * in16(c, y, x) - blur(c, y, x), 0, 255));
output unsharp[3][H][W];
