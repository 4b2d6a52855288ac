# An index constant divides like every index: by a positive constant only.
input in : u8[4][8];
func f(y, x) : u8 = in(y, 3 / (1 - 2) + 3);
output f[4][8];
