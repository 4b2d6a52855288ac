# harris: Harris corner detector on an 8-bit grey image (after the
# Halide-to-Hardware harris app), in signed integer arithmetic:
#   1. Sobel gradients gx, gy (i16, clamped to [-255, 255]);
#   2. products gx*gx, gy*gy, gx*gy in i32, scaled down by >> 7;
#   3. 3x3 box sums of the products (i32), scaled by >> 6;
#   4. corner response R = det - k * trace^2 with k = 1/16 as >> 4,
#      where det = Sxx*Syy - Sxy^2 and trace = Sxx + Syy;
#   5. non-maximum suppression over the 3x3 neighbourhood and the
#      threshold R >= 100: a corner is 255, anything else 0.
# Each of the three 3x3 stages trims one pixel on every side (valid part
# only): 64 -> 62 (gradients) -> 60 (box sums, R) -> 58 (suppression).
# Output pixel (y, x) is centred on input pixel (y + 3, x + 3).
# 64x64 in, 58x58 out by default, as the harris app of the unified-buffer work
# (Liu et al., TACO 2022; Halide-to-Hardware apps/harris).
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
func   px(y, x) : i16 = i16(in(y, x));
func   gx(y, x) : i16 = clamp(  px(y,     x + 2) -     px(y,     x)
                              + 2 * px(y + 1, x + 2) - 2 * px(y + 1, x)
                              +     px(y + 2, x + 2) -     px(y + 2, x), -255, 255);
func   gy(y, x) : i16 = clamp(  px(y + 2, x) + 2 * px(y + 2, x + 1) + px(y + 2, x + 2)
                              - px(y,     x) - 2 * px(y,     x + 1) - px(y,     x + 2), -255, 255);
func   lxx(y, x) : i32 = (i32(gx(y, x)) * i32(gx(y, x))) >> 7;
func   lyy(y, x) : i32 = (i32(gy(y, x)) * i32(gy(y, x))) >> 7;
func   lxy(y, x) : i32 = (i32(gx(y, x)) * i32(gy(y, x))) >> 7;
func   sxx(y, x) : i32 = (sum(r in 0..3, s in 0..3) lxx(y + r, x + s)) >> 6;
func   syy(y, x) : i32 = (sum(r in 0..3, s in 0..3) lyy(y + r, x + s)) >> 6;
func   sxy(y, x) : i32 = (sum(r in 0..3, s in 0..3) lxy(y + r, x + s)) >> 6;
func   trace(y, x) : i32 = sxx(y, x) + syy(y, x);
func   cim(y, x) : i32 = sxx(y, x) * syy(y, x) - sxy(y, x) * sxy(y, x)
                         - ((trace(y, x) * trace(y, x)) >> 4);
func   harris(y, x) : u8 = select(   cim(y + 1, x + 1) > cim(y,     x)
                                  && cim(y + 1, x + 1) > cim(y,     x + 1)
                                  && cim(y + 1, x + 1) > cim(y,     x + 2)
                                  && cim(y + 1, x + 1) > cim(y + 1, x)
                                  && cim(y + 1, x + 1) > cim(y + 1, x + 2)
                                  && cim(y + 1, x + 1) > cim(y + 2, x)
                                  && cim(y + 1, x + 1) > cim(y + 2, x + 1)
                                  && cim(y + 1, x + 1) > cim(y + 2, x + 2)
                                  && cim(y + 1, x + 1) >= 100, 255, 0);
inline px;
inline trace;
output harris[H - 6][W - 6];
