# ?: and select of constants are constant expressions, folded exactly before
# they take the context's type (docs/language.md, "Constants and typing").
input a : u8[4];
func p(x) : u8 = a(x) + (1 ? 200 : 0) * 2 / 4;
func q(x) : i8 = i8(1 ? 200 : 0) + i8(a(x) & 7);
func r(x) : u8 = a(x) ^ select(0, 300, 7);
output p[4];
output q[4];
output r[4];
