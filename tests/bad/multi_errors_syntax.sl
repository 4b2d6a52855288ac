# bad: a lexical error and a later type error, both reported.
input  in : u8[16][16];
func   a(y, x) : u8 = in(y, x) + 007;
func   b(y, x) : u16 = in(y, x);
output a[16][16];
output b[16][16];
