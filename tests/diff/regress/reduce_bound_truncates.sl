# Reduction bounds fold as values (docs/language.md): ((0 - 3) / 2) is -1,
# so r runs over -1, 0, 1 and f is (-10 + 1) + 1 + 11 = 3 at every x
# (a floor bound, -2, would give -16), and g reads in(x) .. in(x + 2),
# within 0..4 (a floor bound would read in(-1) at x = 0: out of bounds).
input in : u8[5];
func f(x) : i32 = sum(r in ((0 - 3) / 2)..2) r * 10 + 1;
func g(x) : u8 = sum(r in ((0 - 3) / 2)..2) in(r + x + 1);
output f[3];
output g[3];
