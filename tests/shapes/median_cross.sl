# Median of the five-pixel cross (a min/max network), valid region only.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   a(y, x) : u8 = in(y, x + 1);
func   b(y, x) : u8 = in(y + 1, x);
func   c(y, x) : u8 = in(y + 1, x + 1);
func   d(y, x) : u8 = in(y + 1, x + 2);
func   e(y, x) : u8 = in(y + 2, x + 1);
func   lo1(y, x) : u8 = min(a(y, x), b(y, x));
func   hi1(y, x) : u8 = max(a(y, x), b(y, x));
func   lo2(y, x) : u8 = min(d(y, x), e(y, x));
func   hi2(y, x) : u8 = max(d(y, x), e(y, x));
func   m3(y, x) : u8 = max(lo1(y, x), lo2(y, x));
func   n3(y, x) : u8 = min(hi1(y, x), hi2(y, x));
func   median_cross(y, x) : u8 = max(min(m3(y, x), n3(y, x)),
                                     min(max(m3(y, x), n3(y, x)), c(y, x)));
inline a; inline b; inline c; inline d; inline e;
output median_cross[H - 2][W - 2];
