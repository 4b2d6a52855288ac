# index: floor division and remainder of index expressions by constants
# that are not powers of two, on operands that go negative (tests/divconst.cmake):
# in table look-ups (an address from the index), in reads of inputs and
# funcs, and with a reduction variable.
input  in : u8[24][24];
const  k5 : u8[5] = { 11, 23, 37, 41, 59 };
const  k7 : u8[7][3] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                         19, 20, 21 };
func   a(y, x) : u8 = k5((x - 11) % 5) + k7((y - 20) % 7, (x + 100) / 3 % 3);
func   b(y, x) : u8 = in(clamp((y - 13) / 3 + 8, 0, 23), clamp((x - 20) % 7 + (x - 5) / 5, 0, 23));
func   c(y, x) : u16 = sum(r in -4..5) u16(in(clamp(y + r, 0, 23), clamp((x - 3 * r - 7) / 3 + 5, 0, 23)));
func   d(y, x) : u16 = u16(a(y, x)) + u16(b(y, x)) + c(y, x) + u16(k5((y * 7 - x * 3 - 1000) % 5));
output d[30][30];
