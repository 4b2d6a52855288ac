input a : u8[8];
const c : u8[4] = { 1, 2, 3, 4 };
func f(x) : u8 = a(x + 1) + c(a(x));
func g(x) : u8 = a(x * x);
output f[8];
