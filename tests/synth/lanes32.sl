# A pack of lane banks in block RAM (tests/synth.cmake t_synth_xcup_lanes32):
# blur_xy's row and column passes on 1920-wide rows, four of them, at 32
# lanes.  bx is 1918 wide (by's box), so its lanes 0-29 hold 60 words a row
# and 30-31 hold 59, which read their row's last word again for x = 59 (a
# border tap, "x=59 +1" in buffers.txt) and so keep the others' layout:
# each lane is read on three rows (taps 0, 60, 120), two SRAM runs of 58
# words of 15 bits (value-range widths: the sum of three u16 wraps, so only
# / 3 bounds bx, 65535 / 3 = 21845 < 2^15).  All 32 lanes shift together
# with one layout: one pack, a 58 x 960 memory (32 lanes x 2 runs x 15
# bits), ceil(960 / 36) = 27 RAMB18E2 of 512x36 (as RAMB36E2 of 512x72,
# ceil(960 / 72) = 14, 28 units).  27 units where 32 lanes apart would take
# 32 RAMB18E2 (30 bits each).  (Before lanes 30-31 took border taps they
# were a pack of their own, 57 x 60, one RAMB36E2 beside 25 RAMB18E2: 27
# units too.)
input  in : u16[4][1920];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[2][1918];
unroll by 32;
