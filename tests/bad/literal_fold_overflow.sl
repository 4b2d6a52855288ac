# bad: folding 0xFFFFFFFFFFFFFFFF + 1 leaves [-2^63, 2^64).
input  in : u64[16][16];
func   f(y, x) : u64 = in(y, x) ^ (0xFFFFFFFFFFFFFFFF + 1);
output f[16][16];
