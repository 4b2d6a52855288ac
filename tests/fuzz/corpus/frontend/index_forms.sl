input in : u16[32][32];
func down(y, x) : u16 = in(2 * y, x * 2 + 1);
func up(y, x) : u16 = down(y / 2, x / 2) + down(y % 2, (x + 1) % 2);
func mm(y, x) : u16 = in(min(y, 31), max(x - 1, 0)) + in(clamp(y - 2, 0, 31), -x + 31);
func neg(y, x) : u16 = up(-y + 14, x + 3);
func all(y, x) : u16 = mm(y, x) + neg(y + 7, x + 6) + up(y, x);
inline up;
output all[8][8];
