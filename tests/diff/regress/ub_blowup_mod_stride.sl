# issue 15 (compile time): `sluice compile` ran for more than 600 s in the
# symbolic buffer analysis of in0 (ubuffer/analysis.c: the last-read lexmax,
# then the capacity and the liveness proof, on maps whose floor-mods by 38
# and 17 and the stride of 3 make a lattice of many pieces); with a stride
# of 1 or 2 it compiled at once.  Now the walk sizes in0 (ubuffer/sweep.c).
input in0 : i32[38][17][19];
func f2(row, col) : i32 = sum(u in 1..3, kk in 1..4) in0((col + kk + 3) % 38, (u - col) % 17, clamp(row, 0, 18));
func f4(y, x) : i32 = f2(y, 3 * x + 1);
output f4[22][16];
