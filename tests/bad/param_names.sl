# A param's name is a declaration's name: never declared twice, never a
# variable, never read with indices.
param W = 4;
param W = 5;
input in : u8[W];
func f(W) : u8 = in(0);
func g(x) : u8 = in(x) + W(0);
output g[W];
