# Structure tensor: gradients, their products, 3x3 box sums, a Harris-like score.
param W = 64;
param H = 48;
input  in : u8[H][W];
func   ix(y, x) : i32 = i32(in(y + 1, x + 2)) - i32(in(y + 1, x));
func   iy(y, x) : i32 = i32(in(y + 2, x + 1)) - i32(in(y, x + 1));
func   sxx(y, x) : i32 = sum(r in 0..3, s in 0..3) ix(y + r, x + s) * ix(y + r, x + s);
func   syy(y, x) : i32 = sum(r in 0..3, s in 0..3) iy(y + r, x + s) * iy(y + r, x + s);
func   sxy(y, x) : i32 = sum(r in 0..3, s in 0..3) ix(y + r, x + s) * iy(y + r, x + s);
func   structure_tensor(y, x) : i32 = ((sxx(y, x) * syy(y, x)) >> 8) - ((sxy(y, x) * sxy(y, x)) >> 8)
                                    - ((sxx(y, x) + syy(y, x)) * (sxx(y, x) + syy(y, x)) >> 12);
output structure_tensor[H - 4][W - 4];
