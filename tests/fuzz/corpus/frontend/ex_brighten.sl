input  in : u8[64][64];
func   brighten(y, x) : u8 = u8(min(u16(in(y, x)) + 64, 255));
output brighten[64][64];
