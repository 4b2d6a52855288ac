# tests/order/camera_pipeline.sl: examples/camera_pipeline.sl as it
# was written before issue 25, channel outermost (camera[3][H - 2][W - 2],
# corrected(c, y, x)): corrected reads each of red, green and blue once
# per c, a plane of cycles apart, so each holds a whole plane and
# `compile` warns (docs/hardware.md, "A plane kept by the output order";
# tests/order/check_order.sh).  The same demosaic, colour correction and
# gamma as the example.
# (Named as the example, so its designs' module and file names are the
# ones the tests of push-memory tiles (tests/pub/) were written for: those
# tests map its planes onto tiles and use this file.)
param W = 64;
param H = 64;
input  raw : u8[H][W];
const  gamma : u8[256] = file("../../examples/camera_gamma.npy");
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
func   rgb(c, y, x) : i32 = select(c == 0, i32(red(y, x)),
                                   select(c == 1, i32(green(y, x)), i32(blue(y, x))));
# Colour correction: corrected = (ccm * rgb) >> 8, per pixel.
func   corrected(c, y, x) : i32 = (sum(k in 0..3) ccm(c, k) * rgb(k, y, x)) >> 8;
func   camera(c, y, x) : u8 = gamma(u8(clamp(corrected(c, y, x), 0, 255)));
inline raw16;
inline centre;
inline horiz;
inline vert;
inline cross;
inline diag;
inline rgb;
output camera[3][H - 2][W - 2];
