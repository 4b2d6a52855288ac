# bad: 'in' has 2 dimensions but is read with 1 index.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y);
output f[16][16];
