# A separable 7-tap binomial blur, clamp-to-edge in both directions.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1)));
func   hb(y, x) : u16 = px(y, x - 3) + 6 * px(y, x - 2) + 15 * px(y, x - 1) + 20 * px(y, x)
                      + 15 * px(y, x + 1) + 6 * px(y, x + 2) + px(y, x + 3);
func   vb(y, x) : u32 = u32(hb(y - 3, x)) + 6 * u32(hb(y - 2, x)) + 15 * u32(hb(y - 1, x))
                      + 20 * u32(hb(y, x)) + 15 * u32(hb(y + 1, x)) + 6 * u32(hb(y + 2, x))
                      + u32(hb(y + 3, x));
func   sep7(y, x) : u8 = u8((vb(y, x) + 2048) >> 12);
inline px;
output sep7[H][W];
