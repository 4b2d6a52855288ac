# values8: u8 and i8 values divided by many constants (tests/divconst.cmake).
# Row 0 holds the edge values (MIN, MIN + 1, -1, 0, 1, MAX - 1, MAX) from
# the tables; the other rows are the seed's random values.
input  ra : u8[16][8];
input  rb : i8[16][8];
const  ea : u8[8] = { 0, 1, 2, 127, 128, 129, 254, 255 };
const  eb : i8[8] = { -128, -127, -1, 0, 1, 126, 127, -3 };
func   a(y, x) : u8 = select(y == 0, ea(x), ra(y, x));
func   b(y, x) : i8 = select(y == 0, eb(x), rb(y, x));
func   ua(y, x) : u8 = (a(y, x) / 3) ^ (a(y, x) % 3) ^ (a(y, x) / 7) ^ (a(y, x) % 10);
func   ub(y, x) : u8 = (a(y, x) / 200) ^ (a(y, x) % 200) ^ (a(y, x) / 255) ^ (a(y, x) % 128);
func   uc(y, x) : u8 = (a(y, x) / 64) ^ (a(y, x) / 1) + (a(y, x) % 1) + (a(y, x) / 85) ^ (a(y, x) % 127);
func   sa(y, x) : i8 = (b(y, x) / 3) ^ (b(y, x) % 3) ^ (b(y, x) / -3) ^ (b(y, x) % -3);
func   sb(y, x) : i8 = (b(y, x) / -1) ^ (b(y, x) % -1) ^ (b(y, x) / 1) ^ (b(y, x) % 1);
func   sc(y, x) : i8 = (b(y, x) / -128) ^ (b(y, x) % -128) ^ (b(y, x) / 127) ^ (b(y, x) % 127);
func   sd(y, x) : i8 = (b(y, x) / 4) ^ (b(y, x) % 4) ^ (b(y, x) / -64) ^ (b(y, x) % -8);
func   se(y, x) : i8 = (b(y, x) / 7) ^ (b(y, x) % -10) ^ (b(y, x) / -100) ^ (b(y, x) % 100);
func   sf(y, x) : i8 = (b(y, x) / i8(-1)) ^ (b(y, x) / i8(6)) ^ (b(y, x) % i8(-126));
output ua[16][8];
output ub[16][8];
output uc[16][8];
output sa[16][8];
output sb[16][8];
output sc[16][8];
output sd[16][8];
output se[16][8];
output sf[16][8];
