# bad: 'in' is an array; it must be read with indices.
input  in : u8[16][16];
func   f(y, x) : u8 = in + 1;
output f[16][16];
