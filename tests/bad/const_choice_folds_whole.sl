# A constant ?: is a constant expression, folded whole before it takes the
# context's type: (1 ? 200 : 0) * 2 is 400, which does not fit u8 (it does
# not wrap to 144 as u8 arithmetic would).
input a : u8[4];
func f(x) : u8 = a(x) + (1 ? 200 : 0) * 2;
output f[4];
