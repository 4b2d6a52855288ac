# blur_xy: separable 3x3 box blur of a 16-bit image, a row pass then a
# column pass, each the mean of three taps rounded down:
#   bx(y, x) = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3
#   by(y, x) = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3
# All arithmetic is u16, as in the benchmark: a sum of three taps above
# 65535 wraps modulo 2^16 before the division (inputs below 21846 never
# wrap).  The divisions by the constant 3 are the operators a compiler may
# turn into a multiply-high.  Valid part only: 64x64 in, 62x62 out.
# The blur benchmark of SODA (Chi et al., ICCAD 2018) and Clockwork (Huff
# et al., FCCM 2021), there on larger frames (examples/blur_xy_1080p.sl).
input  in : u16[64][64];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[62][62];
