# bad: '0x' with no hexadecimal digits.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 0x;
output f[16][16];
