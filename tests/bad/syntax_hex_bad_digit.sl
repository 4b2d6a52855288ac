# bad: 'g' is not a hexadecimal digit.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) & 0x1g;
output f[16][16];
