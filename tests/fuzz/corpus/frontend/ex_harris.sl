input  in : u8[64][64];
func   px(y, x) : i16 = i16(in(y, x));
func   gx(y, x) : i16 = clamp(  px(y,     x + 2) -     px(y,     x)
                              + 2 * px(y + 1, x + 2) - 2 * px(y + 1, x)
                              +     px(y + 2, x + 2) -     px(y + 2, x), -255, 255);
func   gy(y, x) : i16 = clamp(  px(y + 2, x) + 2 * px(y + 2, x + 1) + px(y + 2, x + 2)
                              - px(y,     x) - 2 * px(y,     x + 1) - px(y,     x + 2), -255, 255);
func   lxx(y, x) : i32 = (i32(gx(y, x)) * i32(gx(y, x))) >> 7;
func   lyy(y, x) : i32 = (i32(gy(y, x)) * i32(gy(y, x))) >> 7;
func   lxy(y, x) : i32 = (i32(gx(y, x)) * i32(gy(y, x))) >> 7;
func   sxx(y, x) : i32 = (sum(r in 0..3, s in 0..3) lxx(y + r, x + s)) >> 6;
func   syy(y, x) : i32 = (sum(r in 0..3, s in 0..3) lyy(y + r, x + s)) >> 6;
func   sxy(y, x) : i32 = (sum(r in 0..3, s in 0..3) lxy(y + r, x + s)) >> 6;
func   trace(y, x) : i32 = sxx(y, x) + syy(y, x);
func   cim(y, x) : i32 = sxx(y, x) * syy(y, x) - sxy(y, x) * sxy(y, x)
                         - ((trace(y, x) * trace(y, x)) >> 4);
func   harris(y, x) : u8 = select(   cim(y + 1, x + 1) > cim(y,     x)
                                  && cim(y + 1, x + 1) > cim(y,     x + 1)
                                  && cim(y + 1, x + 1) > cim(y,     x + 2)
                                  && cim(y + 1, x + 1) > cim(y + 1, x)
                                  && cim(y + 1, x + 1) > cim(y + 1, x + 2)
                                  && cim(y + 1, x + 1) > cim(y + 2, x)
                                  && cim(y + 1, x + 1) > cim(y + 2, x + 1)
                                  && cim(y + 1, x + 1) > cim(y + 2, x + 2)
                                  && cim(y + 1, x + 1) >= 100, 255, 0);
inline px;
inline trace;
output harris[58][58];
