input  a : i8[16][16];
input  b : i8[16][16];
func   matmul(i, j) : i32 = sum(k in 0..16) i32(a(i, k)) * i32(b(k, j));
output matmul[16][16];
