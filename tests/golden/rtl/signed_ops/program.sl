# signed_ops: the operators whose hardware semantics are easy to get wrong:
# division and remainder of negative values (by -1 too), shifts by amounts
# past the width, abs of the minimum, casts that narrow and widen, signed
# comparison, select, and a table look-up with a data-dependent index.
input  a : i8[4][4];
input  s : u8[4][4];
const  lut : i16[4] = { -7, 100, -32768, 5 };
func   q(y, x) : i8 = a(y, x) / -3 + a(y, x) % 5 + a(y, x) / i8(-1);
func   sh(y, x) : i16 = (i16(a(y, x)) >> s(y, x)) ^ (i16(a(y, x)) << (s(y, x) % 20));
func   m(y, x) : u8 = abs(a(y, x)) + u8(select(a(y, x) < i8(-5), q(y, x), a(y, x)));
func   out(y, x) : i32 = i32(sh(y, x)) * 3 + i32(m(y, x)) - i32(lut(u2(s(y, x))));
output out[4][4];
