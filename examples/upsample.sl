# upsample: 2x nearest-neighbour upsampling of an 8-bit grey image;
# each input pixel becomes a 2x2 block:
#   upsample(y, x) = in(y / 2, x / 2)
# (index division is floor division, so y in [0,128) reads rows [0,63]).
# Sizes: 64x64 in, 128x128 out, as the upsample app of the unified-buffer
# work (Liu et al., TACO 2022; Halide-to-Hardware apps/upsample).
# Sizes are params: W x H = 64 x 64 by default, -D W=... -D H=... for
# others (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
func   upsample(y, x) : u8 = in(y / 2, x / 2);
output upsample[2 * H][2 * W];
