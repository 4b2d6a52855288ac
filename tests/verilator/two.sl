# two: a hand-written fixture of the Verilator harness (tests/verilator/two.v):
# two inputs, two outputs, one of them signed; 3x5 so that a run is 17 cycles.
input  a : u8[3][5];
input  b : i16[3][5];
func   s(y, x) : i16 = i16(a(y, x)) + b(y, x);
func   m(y, x) : u8 = a(y, x) ^ 90;
output s[3][5];
output m[3][5];
