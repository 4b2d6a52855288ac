input v : u8[2][2][2][2][2][2][2][2];
func w(a, b, c, d, e, f, g, h) : u8 = v(a, b, c, d, e, f, g, h) + 1;
output w[2][2][2][2][2][2][2][2];
