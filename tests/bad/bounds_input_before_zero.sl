# bad: in(y, x - 1) reads column -1.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x - 1);
output f[16][16];
