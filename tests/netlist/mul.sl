# mul.sl: point-wise products of two signed 16x16 grids, for the netlist
# check of a DSP cell (tests/netlist.cmake): on the Xilinx boards a 12 x 12
# signed product is one DSP48 (dsp_mul 25x18 signed, min 9 bits), no buffer
# and so no block RAM.
input  a : i12[16][16];
input  b : i12[16][16];
func   p(y, x) : i24 = i24(a(y, x)) * i24(b(y, x));
output p[16][16];
