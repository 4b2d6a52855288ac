# An extent computed from params that is not positive: located at the
# extent, naming the params' values.
param W = 4;
param PAD = 3;
input in : u8[W];
func f(x) : u8 = in(x + PAD);
output f[W - 2 * PAD];
