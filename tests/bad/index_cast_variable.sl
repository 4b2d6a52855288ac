# bad: a cast of a variable is a value, not an index, and 'in' is an input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(u8(y), x);
output f[16][16];
