# A 5x5 integer convolution with signed weights from a const table.
param W = 64;
param H = 48;
input  in : u8[H][W];
const  k : i8[5][5] = { 1,  2,  0, -2, -1,
                        4,  8,  0, -8, -4,
                        6, 12,  0,-12, -6,
                        4,  8,  0, -8, -4,
                        1,  2,  0, -2, -1 };
func   acc(y, x) : i32 = sum(r in 0..5, s in 0..5) i32(k(r, s)) * i32(in(y + r, x + s));
func   conv5(y, x) : i16 = i16(clamp(acc(y, x) >> 4, -32768, 32767));
output conv5[H - 4][W - 4];
