# bad: func 'g' has 2 variables but is read with 1 index.
input  in : u8[16][16];
func   g(y, x) : u8 = in(y, x);
func   f(y, x) : u8 = g(y);
output f[16][16];
