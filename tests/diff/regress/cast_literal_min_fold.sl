# The operand of a cast made of literals, operators and min, max, abs and
# clamp folds exactly, then the cast converts it (docs/language.md,
# "Constants and typing"): u8(min(300, 5)) is 5, u8(min(300, 400)) is 44.
input a : u8[4];
func p(x) : u8 = u8(min(300, 5)) + a(x);
func q(x) : u8 = a(x) ^ u8(min(300, 400));
func r(x) : i8 = i8(clamp(1000, -3, 100) - abs(-7)) + i8(a(x) & 7);
func s(x) : u4 = u4(max(-1, 2) * 10) + u4(a(x));
output p[4];
output q[4];
output r[4];
output s[4];
