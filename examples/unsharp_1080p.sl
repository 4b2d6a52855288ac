# unsharp_1080p: unsharp masking of an RGB image, each channel on its own:
#   blur    = separable 3x3 binomial blur (1 2 1 across, then down, >> 2
#             after each pass)
#   sharpen = clamp(2 * in - blur, 0, 255)     (in i16, so 2*in - blur,
#             in [-255, 510], cannot wrap), cast back to u8.
# Valid part only: output pixel (c, y, x) is centred on input (c, y+1, x+1).
# Sizes: a 1080p RGB frame, 3x1080x1920 in, 3x1078x1918 out (channel
# outermost); the 64x64 version is examples/unsharp.sl.  For benchmarks.
# An RGB PNG/PPM can be fed as "in".
input  in : u8[3][1080][1920];
func   in16(c, y, x) : i16 = i16(in(c, y, x));
func   blur_x(c, y, x) : i16 = (in16(c, y, x) + 2 * in16(c, y, x + 1) + in16(c, y, x + 2)) >> 2;
func   blur(c, y, x) : i16 = (blur_x(c, y, x) + 2 * blur_x(c, y + 1, x) + blur_x(c, y + 2, x)) >> 2;
func   unsharp(c, y, x) : u8 = u8(clamp(2 * in16(c, y + 1, x + 1) - blur(c, y, x), 0, 255));
output unsharp[3][1078][1918];
