input  act : i8[16][30][30];
const  w : i8[8][16][3][3] = file("resnet_w.npy");
const  bias : i32[8] = { 64, -32, 0, 128, -96, 16, -8, 256 };
func   conv(k, y, x) : i32 = bias(k) + sum(c in 0..16, r in 0..3, s in 0..3)
                                         i32(act(c, y + r, x + s)) * i32(w(k, c, r, s));
func   resnet_layer(k, y, x) : i8 = i8(clamp(conv(k, y, x) >> 6, 0, 127));
output resnet_layer[8][28][28];
