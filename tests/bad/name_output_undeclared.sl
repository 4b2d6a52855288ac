# bad: the output 'g' is not declared.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
output g[16][16];
