# gaussian16_1080p: the 3x3 Gaussian blur of examples/gaussian.sl at 1080p on
# 16-bit pixels, for the issue's bar: a 1920-wide frame on the iCE40 UP5K
# in no more block RAMs than the port-aware lower bound.
# The line buffer of 'in' is a delay chain tapped at 1920*r + s (r, s in
# 0..2): positions 0..3842.  Each tap d makes d-1 and d registers, so the
# registers are 0..2, 1919..1922 and 3839..3842, and the two runs between
# them, 3..1918 and 1923..3838, are 1916 words of 16 bits each, each read
# (shifted) every cycle: one SRAM each.  Lower bound per run:
# ceil(1916 * 16 / 4096) = 8 RAM4K; the 256x16 shape gives
# ceil(1916 / 256) = 8.  Total 16 of 30.
input  in : u16[1080][1920];
const  kernel : u32[3][3] = { 1, 2, 1,
                              2, 4, 2,
                              1, 2, 1 };
func   in32(y, x) : u32 = u32(in(y, x));
func   blur(y, x) : u32 = sum(r in 0..3, s in 0..3) in32(y + r, x + s) * kernel(r, s);
func   gaussian16_1080p(y, x) : u16 = u16(blur(y, x) / 16);
inline in32;
output gaussian16_1080p[1078][1918];
