# bad: five independent errors, all of which must be reported.
input  in : u8[16][16];
input  w : u16[16][16];
func   a(y, x) : u8 = img(y, x);
func   b(y, x) : u16 = in(y, x) + w(y, x);
func   c(y, x) : u8 = in(y, x) + 256;
func   d(y, x) : u8 = in(y, x) / in(y, 0);
func   e(y, x) : u8 = in(y, x, 1);
output a[16][16];
output b[16][16];
output c[16][16];
output d[16][16];
output e[16][16];
