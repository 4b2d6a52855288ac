# bad: ~0 folds to -1, which does not fit u16 (write 0xFFFF).
input  in : u16[16][16];
func   f(y, x) : u16 = in(y, x) & ~0;
output f[16][16];
