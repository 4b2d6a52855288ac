# upsample: 2x nearest-neighbour upsampling of an 8-bit grey image;
# each input pixel becomes a 2x2 block:
#   upsample(y, x) = in(y / 2, x / 2)
# (index division is floor division, so y in [0,128) reads rows [0,63]).
# Sizes: 64x64 in, 128x128 out, as the upsample app of the unified-buffer
# work (Liu et al., TACO 2022; Halide-to-Hardware apps/upsample).
input  in : u8[64][64];
func   upsample(y, x) : u8 = in(y / 2, x / 2);
output upsample[128][128];
