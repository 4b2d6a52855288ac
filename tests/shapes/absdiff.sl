# Two frames: absolute difference, 3x3 box of it, thresholded motion mask.
param W = 64;
param H = 48;
input  a : u8[H][W];
input  b : u8[H][W];
func   d(y, x) : u8 = u8(abs(i16(a(y, x)) - i16(b(y, x))));
func   box(y, x) : u16 = sum(r in 0..3, s in 0..3) u16(d(y + r, x + s));
func   absdiff(y, x) : u8 = select(box(y, x) > 180, 255, 0);
output absdiff[H - 2][W - 2];
