# bad: 'img' is not declared (the input is 'in').
input  in : u8[16][16];
func   f(y, x) : u8 = img(y, x);
output f[16][16];
