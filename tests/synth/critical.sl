# critical-path report across stages (tests/synth.cmake t_synth_ice40_critical_path):
# u8 x u8 -> u8 products have 8 result bits, under the UP5K flow's minimum 11
# for an SB_MAC16, so they are LUTs and the datapath of f is the longest path.
input  in : u8[64];
func   f(x) : u8 = in(x) * (in(x) + 1) * (in(x) + 3);
func   g(x) : u8 = f(x) * f(x + 1) + f(x + 2);
output g[62];
