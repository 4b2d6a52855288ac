input m : u8[4][6];
input n : u8[6][5];
func mm(i, j) : u32 = sum(k in 0..6) u32(m(i, k)) * u32(n(k, j));
func mx(i, j) : u8 = maximum(k in 0..6) minimum(r in -1..2) m(i, clamp(k + r, 0, 5));
func s2(i, j) : i64 = sum(r in -2..2, s in 0..3) i64(mm(i, j)) * (i64(r) - i64(s)) + 1;
output mm[4][5];
output mx[4][5];
output s2[4][5];
