# bad: the file is text, not a NumPy .npy file.
const  w : u8[4] = file("data/not_npy.npy");
func   f(x) : u8 = w(x);
output f[4];
