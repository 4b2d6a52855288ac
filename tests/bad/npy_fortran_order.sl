# bad: the file is in Fortran order; sluice reads C order only.
const  w : u8[2][2] = file("data/fortran.npy");
func   f(y, x) : u8 = w(y, x);
output f[2][2];
