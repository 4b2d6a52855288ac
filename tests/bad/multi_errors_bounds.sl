# bad: two out-of-bounds reads in two funcs, both reported.
input  in : u8[16][16];
func   a(y, x) : u8 = in(y + 1, x);
func   b(y, x) : u8 = in(y, x - 2);
output a[16][16];
output b[16][16];
