# bad: a value read from 'sel' cannot index the input 'in'.
input  sel : u8[16][16];
input  in : u8[256][16];
func   f(y, x) : u8 = in(sel(y, x), x);
output f[16][16];
