# pack: two delay chains written on the same cycles with the same layout
# (a and b: one schedule, both read two rows apart) share one memory, their
# words side by side (ubuffer/ubuffer.c, "a pack"); c's chain is alone.
input  in : u8[12][20];
func   a(y, x) : u8 = in(y, x) + 1;
func   b(y, x) : u16 = u16(in(y, x)) << 2;
func   c(y, x) : u16 = u16(a(y, x)) + u16(a(y + 2, x)) + b(y, x) + b(y + 2, x);
func   d(y, x) : u16 = c(y, x) + c(y + 3, x);
output d[7][20];
