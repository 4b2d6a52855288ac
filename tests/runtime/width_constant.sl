# tests/runtime/width_constant.sl: a datapath constant taken from a size (+ W),
# so the Verilog of 48 columns is not the 64-column build's: refused by
# the comparison of the two texts (tests/runtime/errors.sh).
param W = 64;
param H = 64;
input  in : u8[H][W];
func   g(y, x) : u16 = u16(in(y, x)) + u16(in(y + 1, x)) + W;
output g[H - 1][W];
