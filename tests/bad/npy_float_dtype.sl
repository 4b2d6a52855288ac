# bad: the file is float32, not an integer dtype.
const  w : u8[4] = file("data/f4.npy");
func   f(x) : u8 = w(x);
output f[4];
