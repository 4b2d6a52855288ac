# resnet_layer: one 3x3 convolution layer of a quantised ResNet, in int8:
#   conv(k, y, x) = bias(k) + sum over c < 16, r < 3, s < 3 of
#                   act(c, y + r, x + s) * w(k, c, r, s)      (i32)
#   out(k, y, x)  = ReLU and requantise to i8: clamp(conv >> 6, 0, 127)
# No padding (valid convolution, stride 1): 30x30 -> 28x28.
# Weights: i8 in [-8, 7], pseudo-random from a fixed seed, in resnet_w.npy
# (written by make_data.py); biases inline.
# Sizes: 16 input channels of 30x30 (a 28x28 output tile plus its 1-pixel
# halo), 8 output channels.  The unified-buffer work (Liu et al., TACO 2022)
# evaluates ResNet layers at full size; this is a small tile of one, kept
# small so that the CPU reference and simulation run fast.
input  act : i8[16][30][30];
const  w : i8[8][16][3][3] = file("resnet_w.npy");
const  bias : i32[8] = { 64, -32, 0, 128, -96, 16, -8, 256 };
func   conv(k, y, x) : i32 = bias(k) + sum(c in 0..16, r in 0..3, s in 0..3)
                                         i32(act(c, y + r, x + s)) * i32(w(k, c, r, s));
func   resnet_layer(k, y, x) : i8 = i8(clamp(conv(k, y, x) >> 6, 0, 127));
output resnet_layer[8][28][28];
