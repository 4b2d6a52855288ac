# bad: a variable used as a value is i32, but 'f' is declared u8.
input  in : u8[16][16];
func   f(y, x) : u8 = x;
output f[16][16];
