# bad: 300 does not fit the const's type u8.
const  t : u8[4] = { 10, 20, 300, 40 };
func   f(x) : u8 = t(x);
output f[4];
