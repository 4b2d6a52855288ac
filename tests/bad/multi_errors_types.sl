# bad: three independent type errors in three funcs, all reported.
input  in : u8[16][16];
input  w : u16[16][16];
func   b(y, x) : u16 = in(y, x) + w(y, x);
func   c(y, x) : u8 = in(y, x) + 256;
func   d(y, x) : u8 = in(y, x) / in(y, 0);
output b[16][16];
output c[16][16];
output d[16][16];
