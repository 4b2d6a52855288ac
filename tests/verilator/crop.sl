# crop: the output needs only the top-left 4x4 of a 16x16 input.  The input
# streams one element a cycle, t = 16*y + x, its last in cycle 255; the last
# output f(3, 3) is written in cycle 16*3 + 3 + 2 = 53.  done waits for the
# later of the two (docs/hardware.md): cycle 256, and every one of the 256
# elements must have been taken by then (t_verilator_sim_crop).
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[4][4];
