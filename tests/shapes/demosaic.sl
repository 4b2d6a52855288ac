# RGGB bilinear demosaic, planes outermost (channel-outer output).
param W = 64;
param H = 48;
input  raw : u8[H][W];
func   r16(y, x) : u16 = u16(raw(y, x));
func   cross(y, x) : u16 = (r16(y, x + 1) + r16(y + 2, x + 1) + r16(y + 1, x) + r16(y + 1, x + 2)) >> 2;
func   diag(y, x) : u16 = (r16(y, x) + r16(y, x + 2) + r16(y + 2, x) + r16(y + 2, x + 2)) >> 2;
func   hz(y, x) : u16 = (r16(y + 1, x) + r16(y + 1, x + 2)) >> 1;
func   vt(y, x) : u16 = (r16(y, x + 1) + r16(y + 2, x + 1)) >> 1;
func   ctr(y, x) : u16 = r16(y + 1, x + 1);
func   red(y, x) : u16 = select((y + 1) % 2 == 0, select((x + 1) % 2 == 0, ctr(y, x), hz(y, x)),
                                                 select((x + 1) % 2 == 0, vt(y, x), diag(y, x)));
func   green(y, x) : u16 = select((y + 1) % 2 == (x + 1) % 2, cross(y, x), ctr(y, x));
func   blue(y, x) : u16 = select((y + 1) % 2 == 0, select((x + 1) % 2 == 0, diag(y, x), vt(y, x)),
                                                  select((x + 1) % 2 == 0, hz(y, x), ctr(y, x)));
func   demosaic(c, y, x) : u8 = u8(select(c == 0, red(y, x), select(c == 1, green(y, x), blue(y, x))));
inline r16; inline cross; inline diag; inline hz; inline vt; inline ctr;
output demosaic[3][H - 2][W - 2];
