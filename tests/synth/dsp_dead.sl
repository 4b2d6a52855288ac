# A multiplier whose result Yosys removes (tests/synth.cmake
# t_synth_ice40_dsp_dead), on the iCE40 UP5K:
#   m: the high byte of an 8 x 8 -> 16 product, which alone would take one
#      SB_MAC16 (16 result bits >= the flow's minimum 11);
#   n: keeps m's low 4 bits (m & 15) and ANDs them with c << 4, whose low
#      4 bits are 0: n is 0 whatever m is.  Only Yosys's fine-grained
#      opt_expr (run after mul2dsp) sees it, so m's SB_MAC16 is mapped and
#      then removed: it takes no DSP;
#   p: an 8 x 8 -> 16 product: one SB_MAC16.
# 1 DSP of the 8 (before the fix, synth failed: 2 expected, 1 in the netlist).
input a : u8[8];
input b : u8[8];
input c : u8[8];
func m(x) : u8 = u8((u16(a(x)) * u16(b(x))) >> 8);
func n(x) : u8 = (c(x) << 4) & (m(x) & 15);
func p(x) : u16 = u16(b(x)) * u16(c(x));
output n[8];
output p[8];
