input a : u8[10];
func f(x) : u16 = sum(r in 0..3) u16(a(x + r)) * 2 + 1;
func g(x) : u16 = (sum(r in 0..3) u16(a(x + r))) * 2 + 1;
func h(x) : u8 = maximum(r in -2..3) a(clamp(x + r, 0, 9));
func k(x) : u8 = 0 < 1 ? minimum(r in 0..1) a(x + r) : 3;
output f[7];
output g[7];
output h[10];
output k[9];
