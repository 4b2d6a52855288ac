# blur_xy: separable 3x3 box blur of a 16-bit image, a row pass then a
# column pass, each the mean of three taps rounded down:
#   bx(y, x) = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3
#   by(y, x) = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3
# All arithmetic is u16, as in the benchmark: a sum of three taps above
# 65535 wraps modulo 2^16 before the division (inputs below 21846 never
# wrap).  The divisions by the constant 3 are the operators a compiler may
# turn into a multiply-high.  Valid part only: H x W in, (H-2) x (W-2) out.
# The blur benchmark of SODA (Chi et al., ICCAD 2018) and Clockwork (Huff
# et al., FCCM 2021), there on larger frames (-D W=1920 -D H=1080).
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u16[H][W];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[H - 2][W - 2];
