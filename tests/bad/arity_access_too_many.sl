# bad: 'in' has 2 dimensions but is read with 3 indices.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x, 0);
output f[16][16];
