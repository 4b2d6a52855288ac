# bad: the rows are fine, but in(y, x + 3) reads columns 3 to 18.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x + 3);
output f[16][16];
