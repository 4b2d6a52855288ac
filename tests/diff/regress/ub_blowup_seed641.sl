# found by tests/diff/gen.py (seed 641): `sluice compile` took 1.1 s of CPU
# (12 s on the loaded machine), nearly all in the symbolic analysis of
# in's buffer, 63 elements read 186 times (floor-mods by 9 and 7 of y - 2
# and 3 * x).
# Now the walk sizes it (ubuffer/sweep.c).
# comment: func f(x) : u8 = 1; # generate
input in : u1[9][7];
input in1 : i6[5];  # trailing ; comment
const k0 : u32[4] = {0xe, 0x2, 0x19, 0x7};
# comment: func f(x) : u8 = 1; func f7(y,
func f7(y, x) : u1 =
	 (u31((x - 2) % 3) > u31((x - 4) % 2)) - (in((y - 2) % 9, (3 * x + 0) % 7) + in(clamp(y + 1, 0, 8), clamp(clamp(x + 2, 0, 8), 0, 6)));
func f8(i, j) : u1 = abs(in(i, clamp(j, 0, 6))) >> 0x3f;  # trailing ; comment
func f6(y, x) : u1 =
	 (f7(1, (x - 1)) && f8(clamp(y - 2, 0, 4), 4 - x)) * (u1((x - 5) % 3) + f7((x - 2), x + y));
func f5(i, j) : u1 = f6(i, j);  # trailing ; comment
# comment: func f(x) : u8 = 1; inline f5;
inline f5;
func f3(i, j) : u1 = (u1((i - 2) % -4) && f5(i, i)) / 1;
func f4(i, j) : u1 = f3(i / 3, j) / (110 - 109) > (k0(j) <= 412074192);
func f0(i) : i24 = (maximum(r2 in -2..-1) i24(i - 1)) << (sum(r3 in -1..0, r4 in 1..3) in1(i / 3));  # trailing ; comment
output f0[10];
func f1(y, x) : u1 = select(f3(y, y), in(clamp(y + 1, 0, 11), max(x + -2, 3)) + f4(x + y, clamp(y - 2, 0, 4)), u1(y) / (4 / 3));
output f1[6][7];
func f2(y, x) : i9 = sum(r0 in -2..-1) minimum(r1 in 1..4) i9(y + 3);
output f2[1][1];
