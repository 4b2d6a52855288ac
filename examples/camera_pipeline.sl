# camera_pipeline: from an 8-bit Bayer RGGB raw image to an RGB image.
#   1. demosaic by bilinear interpolation.  Raw pixel (Y, X) is red where
#      Y and X are even, blue where both are odd, green elsewhere.  The
#      missing colours are the mean of the 2 (left/right or up/down), 4
#      (cross) or 4 (diagonal) nearest raw pixels of that colour, chosen
#      with selects on Y % 2 and X % 2 (in value position these are i32);
#   2. colour correction with a 3x3 integer matrix in 8.8 fixed point
#      (each row sums to 256, so grey stays grey), in i32, >> 8;
#   3. clamp to [0, 255] and a gamma curve as a 256-entry look-up table,
#      gamma(i) = round(255 * (i/255)^(1/2.2)), from camera_gamma.npy
#      (written by make_data.py), indexed by the u8 value.
# Valid part only: output pixel (y, x, c) is raw pixel (Y, X) =
# (y + 1, x + 1).
# Streaming order: the channel is the innermost dimension, so the three
# channels of a pixel come out on three consecutive cycles and red, green
# and blue are each read three times in a row (a register, not a plane;
# written channel-outer, camera[3][H - 2][W - 2], each would hold a whole
# plane: docs/hardware.md, "A plane kept by the output order").
# 64x64 raw in, 62x62x3 RGB out by default (channel innermost), after the
# camera pipeline app of the unified-buffer work (Liu et al., TACO 2022;
# Halide-to-Hardware apps/camera_pipeline) on a 64x64 tile.
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  raw : u8[H][W];
const  gamma : u8[256] = file("camera_gamma.npy");
const  ccm : i32[3][3] = {  358,  -70,  -32,
                            -48,  336,  -32,
                            -16,  -96,  368 };
func   raw16(y, x) : u16 = u16(raw(y, x));
# Neighbourhoods of raw pixel (y + 1, x + 1).
func   centre(y, x) : u16 = raw16(y + 1, x + 1);
func   horiz(y, x) : u16 = (raw16(y + 1, x) + raw16(y + 1, x + 2)) >> 1;
func   vert(y, x) : u16 = (raw16(y, x + 1) + raw16(y + 2, x + 1)) >> 1;
func   cross(y, x) : u16 = (raw16(y, x + 1) + raw16(y + 2, x + 1)
                          + raw16(y + 1, x) + raw16(y + 1, x + 2)) >> 2;
func   diag(y, x) : u16 = (raw16(y, x) + raw16(y, x + 2)
                         + raw16(y + 2, x) + raw16(y + 2, x + 2)) >> 2;
# Bilinear demosaic, RGGB.
func   red(y, x) : u16 = select((y + 1) % 2 == 0,
                                select((x + 1) % 2 == 0, centre(y, x), horiz(y, x)),
                                select((x + 1) % 2 == 0, vert(y, x), diag(y, x)));
func   green(y, x) : u16 = select((y + 1) % 2 == (x + 1) % 2, cross(y, x), centre(y, x));
func   blue(y, x) : u16 = select((y + 1) % 2 == 0,
                                 select((x + 1) % 2 == 0, diag(y, x), vert(y, x)),
                                 select((x + 1) % 2 == 0, horiz(y, x), centre(y, x)));
func   rgb(y, x, c) : i32 = select(c == 0, i32(red(y, x)),
                                   select(c == 1, i32(green(y, x)), i32(blue(y, x))));
# Colour correction: corrected = (ccm * rgb) >> 8, per pixel.
func   corrected(y, x, c) : i32 = (sum(k in 0..3) ccm(c, k) * rgb(y, x, k)) >> 8;
func   camera(y, x, c) : u8 = gamma(u8(clamp(corrected(y, x, c), 0, 255)));
inline raw16;
inline centre;
inline horiz;
inline vert;
inline cross;
inline diag;
inline rgb;
output camera[H - 2][W - 2][3];
