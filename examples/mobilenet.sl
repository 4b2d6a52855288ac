# mobilenet: one depthwise-separable block of a quantised MobileNet, int8:
#   depthwise 3x3, one filter per channel (i32 accumulation), ReLU and
#     requantise to i8: dw_q = clamp(dw >> 4, 0, 127);
#   pointwise 1x1, 16 -> 8 channels (i32 accumulation), ReLU and
#     requantise to i8: clamp(pw >> 4, 0, 127).
# No padding (valid, stride 1): 30x30 -> 28x28.
# Weights: i8 in [-8, 7], pseudo-random from fixed seeds, in
# mobilenet_dw.npy ([16][3][3]) and mobilenet_pw.npy ([8][16]), written by
# make_data.py.
# Sizes: 16 channels of 30x30 in, 8 channels of 28x28 out: a small tile of
# the MobileNet layer of the unified-buffer work (Liu et al., TACO 2022),
# kept small so that the CPU reference and simulation run fast.
input  act : i8[16][30][30];
const  wd : i8[16][3][3] = file("mobilenet_dw.npy");
const  wp : i8[8][16] = file("mobilenet_pw.npy");
func   dw(c, y, x) : i32 = sum(r in 0..3, s in 0..3) i32(act(c, y + r, x + s)) * i32(wd(c, r, s));
func   dw_q(c, y, x) : i8 = i8(clamp(dw(c, y, x) >> 4, 0, 127));
func   pw(k, y, x) : i32 = sum(m in 0..16) i32(dw_q(m, y, x)) * i32(wp(k, m));
func   mobilenet(k, y, x) : i8 = i8(clamp(pw(k, y, x) >> 4, 0, 127));
output mobilenet[8][28][28];
