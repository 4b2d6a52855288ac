# tests/axis/odd_widths.sl: streams whose data do not fill their TDATA
# bytes (u12 in 16 bits, i5 and u1 in 8 bits), a 1-D input (one row of
# 12 per frame) and a 3-D output (rows of 3).
input  a : u12[4][12];
input  v : i5[12];
func   s(y, x) : i5 = i5(a(y, x)) + v(x);
func   t(c, y, x) : u1 = u1(a(y, x * 3 + c) >> 11);
output s[4][12];
output t[3][4][4];
