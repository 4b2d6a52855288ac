# bad: the file name's string is never closed.
const  w : u8[4] = file("w.npy);
func   f(x) : u8 = w(x);
output f[4];
