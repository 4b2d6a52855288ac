# More multipliers than DSP blocks (tests/synth.cmake t_synth_ice40_dsp_over):
# nine independent 16 x 16 -> 32 products (i16 operands widened to i32, so
# Yosys keeps 16 bits of each: one SB_MAC16 apiece) on the UP5K's 8 DSPs.
# sluice keeps 8 in DSPs, the widest first and then the earliest; one stays
# in LUTs: 8 of 8 DSPs, predicted and measured.
input a : i16[8];
input b : i16[8];
func p(x) : i32 = i32(a(x)) * i32(b(x)) + i32(a(x) + 1) * i32(b(x)) + i32(a(x) + 2) * i32(b(x))
                + i32(a(x) + 3) * i32(b(x)) + i32(a(x) + 4) * i32(b(x)) + i32(a(x) + 5) * i32(b(x))
                + i32(a(x) + 6) * i32(b(x)) + i32(a(x) + 7) * i32(b(x)) + i32(a(x) + 8) * i32(b(x));
output p[8];
