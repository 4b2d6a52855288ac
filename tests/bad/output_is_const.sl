# bad: only a func can be an output; 't' is a const.
const  t : u8[4] = { 1, 2, 3, 4 };
func   f(x) : u8 = t(x);
output f[4];
output t[4];
