# bad: 'f' needs 'g' at columns 1 to 16, so g's in(y, x) reads column 16.
input  in : u8[16][16];
func   g(y, x) : u8 = in(y, x);
func   f(y, x) : u8 = g(y, x + 1);
output f[16][16];
