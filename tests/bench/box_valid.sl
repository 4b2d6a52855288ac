# box_valid: the 3x3 box filter on the valid region, issue 25's second
# box shape: a (H + 2) x (W + 2) 8-bit input (1922 x 1082 at 1080p), an
# H x W output, every read inside the input (no border handling).  At
# 8 px/clk the input's rows (1922 = 8 * 240 + 2) are not a multiple of the
# lanes: its lanes are padded to 241 words (docs/language.md, "Extents
# that are not a multiple of k").
param W = 64;
param H = 64;
input  in : u8[H + 2][W + 2];
func   px(y, x) : u16 = u16(in(y, x));
func   box_valid(y, x) : u8 = u8((px(y, x)     + px(y, x + 1)     + px(y, x + 2)
                                + px(y + 1, x) + px(y + 1, x + 1) + px(y + 1, x + 2)
                                + px(y + 2, x) + px(y + 2, x + 1) + px(y + 2, x + 2)) / 9);
inline px;
output box_valid[H][W];
