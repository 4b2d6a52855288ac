# Unsharp mask with a 3x3 box blur and saturation, in signed arithmetic.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   blur(y, x) : i16 = (sum(r in 0..3, s in 0..3) i16(in(y + r, x + s))) / 9;
func   sharp(y, x) : i16 = i16(in(y + 1, x + 1)) + ((i16(in(y + 1, x + 1)) - blur(y, x)) * 3 >> 1);
func   unsharp_sat(y, x) : u8 = u8(clamp(sharp(y, x), 0, 255));
output unsharp_sat[H - 2][W - 2];
