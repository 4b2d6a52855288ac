const w : i8[3][3] = file("mobilenet_dw.npy");
const z : u8[2] = file("nonexistent.npy");
input a : u8[2];
func f(x) : u8 = a(x);
output f[2];
