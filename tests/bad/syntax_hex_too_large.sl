# bad: 0x10000000000000000 is 2^64, too large for a literal.
input  in : u64[16][16];
func   f(y, x) : u64 = in(y, x) & 0x10000000000000000;
output f[16][16];
