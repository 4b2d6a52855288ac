input a : u8[1];
func f(x) : u8 = a(x);
output f[1];
