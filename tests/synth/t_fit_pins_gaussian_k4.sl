# t_fit_pins_gaussian_k4: gaussian at --unroll 4 on the iCE40 UP5K needs
# more I/O pins than the SG48 package has (ice40up5k.board: pins 39).
# Its ports: clk, rst, start, done (4 of control), in_en and
# gaussian_valid (2), in_data and gaussian_data of 4 lanes x 8 bits (32
# each): 4 + 2 + 64 = 70 pins.  At --unroll 2: 4 + 2 + 32 = 38, which fit.
param W = 64;
param H = 64;
input  in : u8[H][W];
const  kernel : u16[3][3] = { 1, 2, 1,
                              2, 4, 2,
                              1, 2, 1 };
func   in16(y, x) : u16 = u16(in(y, x));
func   blur(y, x) : u16 = sum(r in 0..3, s in 0..3) in16(y + r, x + s) * kernel(r, s);
func   gaussian(y, x) : u8 = u8(blur(y, x) / 16);
inline in16;
output gaussian[H - 2][W - 2];
