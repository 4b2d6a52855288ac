# found by tests/diff/gen.py (seed 1711): `sluice compile` took 2.4 s of CPU
# (15 s on the loaded machine), most in the symbolic analysis of in's
# buffer (floor-mods by 11 and 3 under reductions).  Now the walk sizes
# it (ubuffer/sweep.c).
input in : u1[4][11];
input in1 : i32[15][10];
input in2 : u9[13][7][3];
# comment: func f(x) : u8 = 1; input in3 
input in3 : i8[26][11];
const k0 : i32[8] =
	 {-144926311, -638094712, -179694570, 1374809421, -4247825, 1726910151, 2093520051, -2109503788};
const k1 : u1[8] = {1, 0, 0, 0, 0, 0, 1, 1};
const k2 : u8[1] =
	 {191};  # trailing ; comment
# comment: func f(x) : u8 = 1; const k3 :
const k3 : u8[8] = {0x6f, 0xd4, 0x84, 0x7d, 0x5f, 0x6e, 0x77, 0x35};
const lut4 : i8[16] = {-77, 0xa, -56, 0x6f, 0x43, -70, 0x3a, 0x57, -39, -20, -96, -115, 0x77, -119, -78, -4};
const lut5 : u48[4] =
	 {0x2f550062c540, 0x16d92fcfcf64, 0x4bf517d74e3b, 0x9370fffc3896};  # trailing ; comment
func f5(i, j) : i32 = maximum(r6 in -1..0) i32(8067748253 - 19);
func f11(x) : u48 =
	 (lut5(u2(-121 / 3)) << (abs(i4(u16((x - 6) % -4))) & 7));
# comment: func f(x) : u8 = 1; func f9(i)
func f9(i) : i8 =
	 (in3(i, i) >> 10 / 3) * lut4(u4((i - 1) % 2)) - (i8(i) << 10 / 3) * (in3(i, 3) | in3(2 * i + 1, 1));  # trailing ; comment
func f10(z, y, x) : u1 = sum(r4 in 0..2, r5 in 1..3) in(clamp(z - 2, 0, 3), (y + 2 + r5) % 11) % 1 * (f11(x / 3 - r5) >= 8);
inline f10;
func f8(n, m, k) : u8 = minimum(r3 in 0..4) f10(k + 3 - r3, m, clamp(3 * n + 2 - r3, 0, 2)) << 0 ? ~k3(clamp(k - m - r3, 0, 7)) : u8(4143353913);  # trailing ; comment
func f7(i) : u1 = i33(i % 5) - i33((i - 3) % 2) << f9(i) / 22 <= clamp(i33((i - 1) % 4), -993190717, ~208628656);  # trailing ; comment
func f6(i, j) : u8 = max(u8(i + i) | k2(max(0, min(0, i))), in(min(max(7 - i, 0), 3), clamp(j, 0, 10)) ? f8(i - 2, j + 1, clamp(1 - i, 0, 14)) : 18) * ((maximum(r2 in -2..1) u8((j * r2))) - (f8(clamp(1 - j, 0, 8), clamp(j + i, 0, 1), (i + 2) / 2) >> 2));
inline f6;  # trailing ; comment
func f4(y, x) : u1 =
	 clamp((in3(max(y + 0, 6), (x - y) % 11) > in3(3 * y + 2, max(0, min(10, x)))), i13(x * x) != i13(y), u1(y % 2) >> 0) - (u8(x - 2) < f6(1, x) | select(k1(max(0, min(7, x))), f7((y + 1) / 3), in(clamp(x + 3, 0, 3), (y + 1) / 3)));  # trailing ; comment
func f3(i, j) : i32 = (u1(i13(j / 5)) - max(in(clamp(i, 0, 3), ((j + 3) % 3)), in(clamp(clamp(i - 2, 0, 6), 0, 3), (j + 3) % 3))) ? f5(i, j) : f4(clamp(i - 2, 0, 7), j - i) << f6(j - 3, i) ? i32(in2(i, min(j + 2, 4), 2)) : in1(i, clamp(5 - j, 0, 9)) | k0(clamp(j + 1, 0, 7));
func f0(i, j) : u1 = !(f4(3 * i + 1, j) % 1 - (in(i + 1, j) | 0));
output f0[3][11];
func f2(y, x) : u32 =
	 abs(f3(x + y, 3 * y + 0) % 568362210) % 3648695887;
# comment: func f(x) : u8 = 1; func f1(y,
func f1(y, x) : u32 =
	 maximum(r0 in -1..1, r1 in -1..2) (u32((x - 1) % 4) + 8) * (f2((11 - y - r1), x / 3) + u32(x));  # trailing ; comment
output f1[7][3];
