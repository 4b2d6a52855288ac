# bad: the first func lacks its ';'.
input  in : u8[16][16];
func   g(y, x) : u8 = in(y, x)
func   f(y, x) : u8 = in(y, x) + 1;
output f[16][16];
