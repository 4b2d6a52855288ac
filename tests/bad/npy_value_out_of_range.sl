# bad: the file (u16) holds 256, which does not fit u8.
const  w : u8[4] = file("data/u16_256.npy");
func   f(x) : u8 = w(x);
output f[4];
