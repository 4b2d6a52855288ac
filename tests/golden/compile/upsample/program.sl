# upsample: 2x nearest-neighbour upsampling, as examples/upsample.sl but
# smaller (16x16 in, 32x32 out).
input  in : u8[16][16];
func   upsample(y, x) : u8 = in(y / 2, x / 2);
output upsample[32][32];
