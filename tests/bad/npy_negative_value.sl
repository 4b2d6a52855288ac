# bad: the file (i8) holds -1, which does not fit u8.
const  w : u8[4] = file("data/i8_minus1.npy");
func   f(x) : u8 = w(x);
output f[4];
