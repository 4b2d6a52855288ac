# rowsum: a reduction too long to unroll (40 > 32 iterations), so it stays
# a pipelined inner loop; then a point-wise stage reads its result.
input  a : u8[8][40];
func   rowsum(y) : u16 = sum(k in 0..40) u16(a(y, k));
func   mean(y) : u8 = u8(rowsum(y) / 40);
output mean[8];
