input  in : u8[64][64];
func   upsample(y, x) : u8 = in(y / 2, x / 2);
output upsample[128][128];
