# bad: the constant body 1000 does not fit u8.
input  in : u8[16][16];
func   f(y, x) : u8 = 1000;
output f[16][16];
