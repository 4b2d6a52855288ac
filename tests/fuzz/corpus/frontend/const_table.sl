# a look-up table indexed by a value
input px : u8[4][4];
const lut : u8[256] = file("camera_gamma.npy");
const k : i8[2][3] = { -128, 0, 127, -1, 0x10, 5 };
const t : u4[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
func g(y, x) : u8 = lut(px(y, x));
func h(y, x) : i8 = k(y % 2, x % 3);
func q(y, x) : u4 = t(u4(px(y, x)));
output g[4][4];
output h[4][4];
output q[4][4];
