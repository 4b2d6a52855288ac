# bad: only a func may be inlined; 'in' is an input.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
inline in;
output f[16][16];
