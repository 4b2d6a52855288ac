# Read windows of a circular buffer in block RAM (tests/synth.cmake
# t_synth_ice40_window, tests/netlist.cmake t_netlist_ice40_window): the
# shape of mobilenet's dw_q, small.  p re-reads all of a for each k, so a
# is a circular buffer of the whole array, 4 x 24 x 24 = 2304 words of 8
# bits, in block RAM, one copy per distinct read a(c, y, x), c = 0..3.
# Read c touches only channel c, write indices c*576 .. c*576+575: its
# window.  Each copy is 576 x 8: two SB_RAM40_4K as 1024x4 (one cell
# deep), 8 in all.  A copy of the whole buffer (before windows) is
# 2304 x 8, 5 cells of 512x8 deep, 20 in all, of which Yosys 0.23 kept 19:
# it drops the cells whose select bits it proves constant in a copy's
# address arithmetic, by bit (mobilenet's 401 predicted, 236 used).
input  a : u8[4][24][24];
func   p(k, y, x) : u16 = u16(a(0, y, x)) + u16(a(1, y, x)) + u16(a(2, y, x)) + u16(a(3, y, x));
output p[2][24][24];
