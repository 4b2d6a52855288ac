# bad: clamp takes 3 arguments.
input  in : u8[16][16];
func   f(y, x) : u8 = clamp(in(y, x), 16);
output f[16][16];
