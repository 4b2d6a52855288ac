# bad: only a func can be an output; 'in' is an input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output f[16][16];
output in[16][16];
