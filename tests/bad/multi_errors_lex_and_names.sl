# bad: four independent errors found while reading names, all reported.
input  in : u8[16][16];
func   a(y, x) : u8 = img(y, x);
func   b(y, x) : u8 = in(y, x, 1);
func   c(y, x) : u8 = in(y, x) + 007;
input  in : u8[16][16];
output a[16][16];
output b[16][16];
output c[16][16];
