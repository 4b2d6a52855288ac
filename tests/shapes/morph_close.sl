# Binary threshold, then a 3x3 dilation and a 3x3 erosion (closing).
param W = 64;
param H = 48;
input  in : u8[H][W];
func   bin(y, x) : u8 = select(in(y, x) > 96, 255, 0);
func   dil(y, x) : u8 = maximum(r in 0..3, s in 0..3) bin(y + r, x + s);
func   close(y, x) : u8 = minimum(r in 0..3, s in 0..3) dil(y + r, x + s);
output close[H - 4][W - 4];
