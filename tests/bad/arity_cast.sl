# bad: a cast takes 1 argument.
input  in : u8[16][16];
func   f(y, x) : u16 = u16(in(y, x), 1);
output f[16][16];
