# An index constant divides like every index (floor): (0 - 1) / 2 is -1,
# before the first element (value arithmetic would truncate it to 0).
input in : u8[4][8];
func f(y, x) : u8 = in(y, (0 - 1) / 2);
output f[4][8];
