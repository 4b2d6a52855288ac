# 3x3 weighted sum with mirrored borders that repeat the edge (OpenCV's
# BORDER_REFLECT: index -1 reads 0, index W reads W - 1), with min and max.
param W = 15;
param H = 9;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(min(max(y, 0 - 1 - y), 2 * H - 1 - y),
                               min(max(x, 0 - 1 - x), 2 * W - 1 - x)));
func   m3(y, x) : u16 = px(y - 1, x - 1) + 2 * px(y - 1, x + 1) + 3 * px(y, x)
                      + 4 * px(y + 1, x - 1) + 5 * px(y + 1, x + 1);
inline px;
output m3[H][W];
