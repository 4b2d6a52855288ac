# bad: the body is u8 but 'f' is declared u16.
input  in : u8[16][16];
func   f(y, x) : u16 = in(y, x);
output f[16][16];
