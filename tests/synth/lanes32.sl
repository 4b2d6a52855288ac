# A pack of lane banks in block RAM (tests/synth.cmake t_synth_xcup_lanes32):
# blur_xy's row and column passes on 1920-wide rows, four of them, at 32
# lanes.  bx is 1918 wide (by's box), so its lanes 0-29 hold 60 words a row
# and 30-31 hold 59; each lane is read on three rows (taps 0, 60, 120, or 0,
# 59, 118), two SRAM runs of 58 (57) words of 15 bits (value-range widths:
# the sum of three u16 wraps, so only / 3 bounds bx, 65535 / 3 = 21845 <
# 2^15).  Lanes 0-29 shift together with one layout: one pack, a 58 x 900
# memory (30 lanes x 2 runs x 15 bits), ceil(900 / 36) = 25 RAMB18E2 of
# 512x36; lanes 30-31 a 57 x 60 memory, one RAMB36E2 of 512x72 (the same
# two units as two RAMB18E2, in one cell).  27 units where 32 lanes apart
# would take 32 RAMB18E2 (at 16 bits, --widths declared: 27 + 1).
input  in : u16[4][1920];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[2][1918];
unroll by 32;
