# bad: a func cannot read itself (it is not declared until its ';').
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + f(y, x - 1);
output f[16][16];
