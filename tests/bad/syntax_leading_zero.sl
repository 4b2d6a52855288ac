# bad: decimal literals have no leading zeros.
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 007;
output f[16][16];
