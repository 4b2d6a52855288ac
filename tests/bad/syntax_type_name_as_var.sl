# bad: 'i32' is a type name and cannot name a variable.
input  in : u8[16][16];
func   f(y, i32) : u8 = in(y, 0);
output f[16][16];
