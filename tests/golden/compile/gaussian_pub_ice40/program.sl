# gaussian: 3x3 Gaussian blur, as examples/gaussian.sl (64x64 in, 62x62
# out), kept here so that the golden does not move with the example.
input  in : u8[64][64];
const  kernel : u16[3][3] = { 1, 2, 1,
                              2, 4, 2,
                              1, 2, 1 };
func   in16(y, x) : u16 = u16(in(y, x));
func   blur(y, x) : u16 = sum(r in 0..3, s in 0..3) in16(y + r, x + s) * kernel(r, s);
func   gaussian(y, x) : u8 = u8(blur(y, x) / 16);
inline in16;
output gaussian[62][62];
