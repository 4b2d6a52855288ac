# bad: unroll follows the output declaration (declare before use).
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
unroll f 2;
output f[16][16];
