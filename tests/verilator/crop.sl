# crop: the output needs only the top-left 4x4 of a 16x16 input, so done
# rises in cycle 54 (the last output write + 1) while the input stream goes
# on to its element 255 in cycle 255: the harness must keep clocking and
# feeding it after done (t_verilator_sim_crop).
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x) + 1;
output f[4][4];
