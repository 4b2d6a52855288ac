# bad: a value read from 'in' cannot index the func 'g'.
input  in : u8[16][16];
func   g(y, x) : u8 = in(y, x) + 1;
func   f(y, x) : u8 = g(in(y, x), x);
output f[16][16];
