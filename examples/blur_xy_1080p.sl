# blur_xy_1080p: separable 3x3 box blur of a 16-bit image, a row pass then
# a column pass, each the mean of three taps rounded down:
#   bx(y, x) = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3
#   by(y, x) = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3
# All arithmetic is u16, as in the benchmark: a sum of three taps above
# 65535 wraps modulo 2^16 before the division (inputs below 21846 never
# wrap).  Valid part only.
# Sizes: a 1080p frame, 1080x1920 in, 1078x1918 out; the same program as
# examples/blur_xy.sl (64x64) with 1080p extents.  Used for benchmarks.
input  in : u16[1080][1920];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[1078][1918];
