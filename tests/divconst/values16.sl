# values16: u16 and i16 values divided by many constants (tests/divconst.cmake).
# Row 0 holds the edge values from the tables; the other rows are the
# seed's random values.
input  ra : u16[16][8];
input  rb : i16[16][8];
const  ea : u16[8] = { 0, 1, 2, 32767, 32768, 32769, 65534, 65535 };
const  eb : i16[8] = { -32768, -32767, -1, 0, 1, 32766, 32767, -3 };
func   a(y, x) : u16 = select(y == 0, ea(x), ra(y, x));
func   b(y, x) : i16 = select(y == 0, eb(x), rb(y, x));
func   ua(y, x) : u16 = (a(y, x) / 3) ^ (a(y, x) % 3) ^ (a(y, x) / 7) ^ (a(y, x) % 10);
func   ub(y, x) : u16 = (a(y, x) / 1000) ^ (a(y, x) % 641) ^ (a(y, x) / 65535) ^ (a(y, x) % 40000);
func   uc(y, x) : u16 = (a(y, x) / 4096) ^ (a(y, x) % 4096) ^ (a(y, x) / 12) ^ (a(y, x) % 24);
func   sa(y, x) : i16 = (b(y, x) / 3) ^ (b(y, x) % 3) ^ (b(y, x) / -3) ^ (b(y, x) % -3);
func   sb(y, x) : i16 = (b(y, x) / -1) ^ (b(y, x) % -1) ^ (b(y, x) / -32768) ^ (b(y, x) % -32768);
func   sc(y, x) : i16 = (b(y, x) / 32767) ^ (b(y, x) % 32767) ^ (b(y, x) / -16384) ^ (b(y, x) % 16);
func   sd(y, x) : i16 = (b(y, x) / 10) ^ (b(y, x) % -1000) ^ (b(y, x) / -7) ^ (b(y, x) % 9);
output ua[16][8];
output ub[16][8];
output uc[16][8];
output sa[16][8];
output sb[16][8];
output sc[16][8];
output sd[16][8];
