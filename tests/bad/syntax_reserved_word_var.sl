# bad: 'max' is a reserved word and cannot name a variable.
input  in : u8[16][16];
func   f(y, max) : u8 = in(y, 0);
output f[16][16];
