# bad: the file ends in the middle of a declaration.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output f[16][16];
func   g(y, x) : u8 =
