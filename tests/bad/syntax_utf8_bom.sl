input in : u8[4];
func f(x) : u8 = in(x);
output f[4];
