# An index constant's remainder by a hex divisor is non-negative:
# (0 - 2) % 0x11 is 15 (a value remainder would be -2, out of bounds).
input in : u16[3][20];
const w : i8[16] = {1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16};
func g(y, x) : u16 = in(y, (0 - 2) % 0x11 + x) + u16(w((0 - 1) % 0X10));
output g[3][5];
