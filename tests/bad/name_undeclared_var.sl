# bad: 'z' is neither a variable of 'f' nor a declared name.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, z);
output f[16][16];
