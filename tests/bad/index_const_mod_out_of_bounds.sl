# An index constant's remainder is non-negative: (0 - 2) % 0x11 is 15,
# past the last element 7 (value arithmetic would give -2).
input in : u8[4][8];
func f(y, x) : u8 = in(y, x % 8 + (0 - 2) % 0x11 - 8);
output f[4][8];
