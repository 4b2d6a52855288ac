# issue 15: ub_blowup_mod_stride.sl with 4000 output rows instead of 22, so
# that in0's walk (12274 elements + 6 * 4000 * 46 reads = 1116274 steps) is
# too long to be the first choice: the symbolic analysis runs, exceeds its
# budget of isl operations, and the walk sizes in0 (buffers.txt notes it).
# tests/ubuffer/check_walk_note.py checks the note.
input in0 : i32[38][17][19];
func f2(row, col) : i32 = sum(u in 1..3, kk in 1..4) in0((col + kk + 3) % 38, (u - col) % 17, clamp(row, 0, 18));
func f4(y, x) : i32 = f2(y, 3 * x + 1);
output f4[4000][16];
