# bad: 'unroll' is reserved for a later version of the language.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
unroll f;
output f[16][16];
