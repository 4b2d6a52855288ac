# bad: the file's header promises 4 values but holds 2.
const  w : u8[4] = file("data/truncated.npy");
func   f(x) : u8 = w(x);
output f[4];
