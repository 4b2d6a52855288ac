# fold: expressions whose value is one constant, and comparisons the
# operands' intervals decide, emitted as literals (rtlgen/datapath.c,
# ir/range.c): each of these made Verilator's UNSIGNED or CMPCONST fatal
# or left a constant comparison in the Verilog (issue 24).
input  in : u8[16];
input  sn : i8[16];
const  lut : u8[4] = { 7, 7, 7, 7 };
func   a(x) : u8 = max(in(x), in(x) % 1);
func   b(x) : u8 = min(in(x), in(x) * 0) + max(in(x) & 0, in(x));
func   c(x) : u1 = u8(u4(in(x))) < 16;
func   d(x) : u1 = (in(x) >> 7) <= 1 && i16(sn(x)) >= -128;
func   e(x) : u8 = select(u16(in(x)) < 256, in(x), 0) + maximum(r in 0..3) (in(x) % 1);
func   f(x) : i8 = minimum(r in 0..2) (sn(x) | -1) + clamp(sn(x), -128, 127);
func   g(x) : u8 = max(lut(x % 4), u8(3)) + u8(abs(sn(x)) > 128) + u8(x < 16) + u8(x >= 0);
func   h(x) : u8 = in(x) / 255 + u8(in(x) << 8) + u8(in(x) != u8(300));
output a[16];
output b[16];
output c[16];
output d[16];
output e[16];
output f[16];
output g[16];
output h[16];
