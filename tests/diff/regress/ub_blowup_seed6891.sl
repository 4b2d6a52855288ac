# found by tests/diff/gen.py (seed 6891): `sluice compile` took 30 s of CPU
# (133 s on the loaded machine), all in the symbolic analysis of in1's
# buffer (floor-mods by 9 and 15 of 3 * y + 1 and x, a clamped 3 * x).
# Now the walk sizes it (ubuffer/sweep.c).
input in : u1[14][4];
input in1 : i13[9][15];
const k0 : u1[8] = {0x1, 0x0, 0x0, 0x0, 0x1, 0x0, 0x1, 0x0};
const k1 : u33[8] = {5283968716, 7389228627, 4800244957, 1273511034, 8534696871, 3755512541, 5423425210, 1704921188};
func f2(y, x) : i13 = select(in(y, (x + 4) % 2) & 1, (1 ? u1(y) : k0((2 * x + 2) % 8)) ? in1((3 * y + 1) % 9, x % 15) + i13(x + y) : in1(clamp(3 * x + 0, 0, 8), y) >> k1(clamp(y - 1, 0, 7)), ~in1(y / 2, x % 15));
func f1(y, x) : i13 = f2(y + 1, x) >> 10 / 3 << 2;
func f0(i, j) : i13 = (maximum(r0 in 1..2) sum(r1 in -2..1) i13((j - 4) % 3)) * (i13(i9((i - 5) % 4)) | (sum(r2 in 0..3) f1(11 - i, 2 * j + 0)));
output f0[9][10];
