input  in : u8[3][64][64];
func   in16(c, y, x) : i16 = i16(in(c, y, x));
func   blur_x(c, y, x) : i16 = (in16(c, y, x) + 2 * in16(c, y, x + 1) + in16(c, y, x + 2)) >> 2;
func   blur(c, y, x) : i16 = (blur_x(c, y, x) + 2 * blur_x(c, y + 1, x) + blur_x(c, y + 2, x)) >> 2;
func   unsharp(c, y, x) : u8 = u8(clamp(2 * in16(c, y + 1, x + 1) - blur(c, y, x), 0, 255));
output unsharp[3][62][62];
