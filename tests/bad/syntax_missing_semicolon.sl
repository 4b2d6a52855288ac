# bad: the input declaration lacks its ';'.
input  in : u8[16][16]
func   f(y, x) : u8 = in(y, x);
output f[16][16];
