# bad: the arms of select are u8 and u16.
input  a : u8[16][16];
input  b : u16[16][16];
func   f(y, x) : u16 = select(y < x, a(y, x), b(y, x));
output f[16][16];
