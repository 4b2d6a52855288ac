# g is used by f; the index of f's read reaches beyond +-2^40, which is the
# only diagnostic (no warning that g is unused).
input in : u8[4];
func g(x) : u8 = in(x - 1099511627776);
func f(x) : u8 = g(x + 1099511627776);
output f[4];
