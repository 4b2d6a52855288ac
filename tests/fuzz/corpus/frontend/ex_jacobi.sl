input  in : u8[64][64];
func   t0(y, x) : u16 = u16(in(y, x));
func   t1(y, x) : u16 = (t0(y, x + 1) + t0(y + 1, x) + t0(y + 1, x + 1)
                         + t0(y + 1, x + 2) + t0(y + 2, x + 1)) / 5;
func   t2(y, x) : u16 = (t1(y, x + 1) + t1(y + 1, x) + t1(y + 1, x + 1)
                         + t1(y + 1, x + 2) + t1(y + 2, x + 1)) / 5;
func   t3(y, x) : u16 = (t2(y, x + 1) + t2(y + 1, x) + t2(y + 1, x + 1)
                         + t2(y + 1, x + 2) + t2(y + 2, x + 1)) / 5;
func   t4(y, x) : u16 = (t3(y, x + 1) + t3(y + 1, x) + t3(y + 1, x + 1)
                         + t3(y + 1, x + 2) + t3(y + 2, x + 1)) / 5;
func   jacobi(y, x) : u8 = u8(t4(y, x));
output jacobi[56][56];
