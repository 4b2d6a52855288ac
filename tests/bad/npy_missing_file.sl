# bad: the file does not exist.
const  w : u8[4] = file("data/does_not_exist.npy");
func   f(x) : u8 = w(x);
output f[4];
