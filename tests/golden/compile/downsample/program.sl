# downsample: 2x2 average, as examples/downsample.sl (64x64 in, 32x32 out).
input  in : u8[64][64];
func   box(y, x) : u16 = sum(r in 0..2, s in 0..2) u16(in(2 * y + r, 2 * x + s));
func   downsample(y, x) : u8 = u8((box(y, x) + 2) >> 2);
output downsample[32][32];
