# bad: three independent lexical errors, all reported.
input  in : u8[16][16];
func   a(y, x) : u8 = in(y, x) + 007;
func   b(y, x) : u8 = in(y, x) $ 1;
func   c(y, x) : u8 = in(y, x) & 0x1g;
output a[16][16];
output b[16][16];
output c[16][16];
