# bad: an output cannot be inline.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
inline f;
output f[16][16];
