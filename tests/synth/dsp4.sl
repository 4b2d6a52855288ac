# DSP count on the iCE40 UP5K (tests/synth.cmake t_synth_ice40_dsp_count):
#   p: u16(a) * u16(b) of two u8 is an 8 x 8 -> 16 product: one SB_MAC16
#      (16 x 16 multiplier; 16 result bits >= the flow's minimum 11);
#   q: an i32 x i32 product kept in 32 bits: mul2dsp cuts each operand in
#      two 16-bit halves, 4 partial products, and the high x high one lands
#      at bit 32, past the result, and is removed: 3 SB_MAC16.
# 4 DSPs of the 8.
input a : u8[8];
input b : u8[8];
input c : i32[8];
input d : i32[8];
func  p(x) : u16 = u16(a(x)) * u16(b(x));
func  q(x) : i32 = c(x) * d(x);
output p[8];
output q[8];
