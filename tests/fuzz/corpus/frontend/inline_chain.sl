input in : u8[16];
func a(x) : u8 = in(x) + 1;
func b(x) : u8 = a(x) + a(x + 1);
func c(x) : u8 = b(x) * b(x + 2);
inline a;
inline b;
output c[12];
func d(x) : u8 = c(x) - b(x);
output d[3];
