# bad: t(x) reads entries 0 to 7 of a 4-entry const.
const  t : u8[4] = { 1, 2, 3, 4 };
func   f(x) : u8 = t(x);
output f[8];
