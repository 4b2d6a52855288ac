# matmul: integer matrix product C = A * B of two int8 matrices with i32
# accumulation (the core of a quantised fully-connected or GEMM layer):
#   matmul(i, j) = sum over k < 16 of A(i, k) * B(k, j)
# Sizes: 16x16 by 16x16 -> 16x16 i32, a small tile of the GEMM of the
# unified-buffer work (Liu et al., TACO 2022).  Both matrices are inputs
# (random with --seed, or given as .npy files).
# The size is a param: N = 16 by default, -D N=... for others
# (docs/language.md, "Params").
param N = 16;
input  a : i8[N][N];
input  b : i8[N][N];
func   matmul(i, j) : i32 = sum(k in 0..N) i32(a(i, k)) * i32(b(k, j));
output matmul[N][N];
