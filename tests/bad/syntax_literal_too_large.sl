# bad: 2^64 is not a literal (literals are below 2^64).
input  in : u64[16][16];
func   f(y, x) : u64 = in(y, x) & 18446744073709551616;
output f[16][16];
