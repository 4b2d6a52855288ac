# Gradient energy, then 3x3 non-maximum suppression.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   gx(y, x) : i16 = i16(in(y + 1, x + 2)) - i16(in(y + 1, x));
func   gy(y, x) : i16 = i16(in(y + 2, x + 1)) - i16(in(y, x + 1));
func   en(y, x) : u16 = u16(abs(gx(y, x))) + u16(abs(gy(y, x)));
func   peak(y, x) : u16 = maximum(r in 0..3, s in 0..3) en(y + r, x + s);
func   nms(y, x) : u16 = select(en(y + 1, x + 1) == peak(y, x), en(y + 1, x + 1), 0);
output nms[H - 4][W - 4];
