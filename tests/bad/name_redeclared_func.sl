# bad: func 'in' has the name of the input.
input  in : u8[16][16];
func   in(y, x) : u8 = 1;
func   f(y, x) : u8 = in(y, x);
output f[16][16];
