# found by tests/diff/gen.py (seed 20074): `sluice compile` took 2 min 50 s
# in the symbolic analysis of in2's buffer (floor-mods by 5 and 7 of the
# row and of x - y, under a reduction).  Now the walk sizes it
# (ubuffer/sweep.c).
input in : u8[11][8];
input in1 : u8[9][5][10];
input in2 : i4[5][5][7];
const k0 : i24[2][8] = {-3, -2, -6, -14, 2, -11, 16, 2, 26, 40, -3, 15, 32, 7, -16, 18};
const k1 : i24[8] = {0x1e, 0x11, 0x21, 0x11, -7, 0xd, 0x9, 0x21};
func f3(z, y, x) : u8 = in(2 * z + 2, (3 * y + 1) % 8) / 1 - (in1(clamp(2 - z, 0, 8), clamp(y + 2, 0, 4), 5 - x) >> in2(z, y % 5, ((x - y) % 7)));
inline f3;
func f1(n, m, k) : u8 = (sum(r0 in 1..5) f3(max(n + -2, 3), m - 2 + r0, clamp(k + 2, 0, 6) - r0)) % 0xdc;
output f1[2][7][9];
func f2(n, m, k) : i32 = ~1520926155 >> 3;
output f2[3][4][5];
func f0(z, y, x) : i24 = min(k0(z, clamp(y + 1, 0, 7)) * k1(x + 2), clamp(-7735700, -10 / 3, -13620820 / 3));
output f0[1][8][6];
