input  in : u8[64][64];
func   in16(y, x) : u16 = u16(in(y, x));
func   blur1(y, x) : u16 =
         (     in16(y,     x) + 2 * in16(y,     x + 1) +     in16(y,     x + 2)
         + 2 * in16(y + 1, x) + 4 * in16(y + 1, x + 1) + 2 * in16(y + 1, x + 2)
         +     in16(y + 2, x) + 2 * in16(y + 2, x + 1) +     in16(y + 2, x + 2)) >> 4;
func   blur2(y, x) : u16 =
         (     blur1(y,     x) + 2 * blur1(y,     x + 1) +     blur1(y,     x + 2)
         + 2 * blur1(y + 1, x) + 4 * blur1(y + 1, x + 1) + 2 * blur1(y + 1, x + 2)
         +     blur1(y + 2, x) + 2 * blur1(y + 2, x + 1) +     blur1(y + 2, x + 2)) >> 4;
func   cascade(y, x) : u8 = u8(blur2(y, x));
output cascade[60][60];
