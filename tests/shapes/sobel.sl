# Sobel gradient magnitude |gx| + |gy|, clamp-to-edge borders, saturated to u8.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   p(y, x) : i16 = i16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1)));
func   gx(y, x) : i16 = (p(y - 1, x + 1) + 2 * p(y, x + 1) + p(y + 1, x + 1))
                      - (p(y - 1, x - 1) + 2 * p(y, x - 1) + p(y + 1, x - 1));
func   gy(y, x) : i16 = (p(y + 1, x - 1) + 2 * p(y + 1, x) + p(y + 1, x + 1))
                      - (p(y - 1, x - 1) + 2 * p(y - 1, x) + p(y - 1, x + 1));
func   mag(y, x) : u16 = abs(gx(y, x)) + abs(gy(y, x));
func   sobel(y, x) : u8 = u8(min(mag(y, x), 255));
inline p;
output sobel[H][W];
