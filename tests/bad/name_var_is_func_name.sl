# bad: a variable has the name of its own func.
input  in : u8[16][16];
func   f(y, f) : u8 = in(y, 0);
output f[16][16];
