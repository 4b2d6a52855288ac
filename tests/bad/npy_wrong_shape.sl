# bad: the file holds a [2][2] array but 'w' is declared [4].
const  w : u8[4] = file("data/u8_2x2.npy");
func   f(x) : u8 = w(x);
output f[4];
