# jacobi: four time steps of 5-point Jacobi averaging on an 8-bit grid,
#   t[k+1](y, x) = (N + W + C + E + S) / 5     (floor division, in u16)
# one func per time step.  Borders are clamped to the edge (indices
# clamped to [0, H - 1] x [0, W - 1], like Halide's
# BoundaryConditions::repeat_edge), so every step keeps the full size.
# Why clamped rather than the valid part only: with valid-region
# borders the border elements of an intermediate are read by fewer
# consumers than the interior ones and die early, so a circular buffer
# addressed by write order needs a word or two more than the most live
# values; with clamped borders every element is last read at the same
# delay and the line buffers hold exactly the live values.
# The sum of five values <= 255 is at most 1275, which fits u16, and the
# average stays <= 255, so the final cast to u8 is exact.
# 64x64 in by default (the tile size of the unified-buffer work, Liu et al.,
# TACO 2022), 4 steps, 64x64 out.
# Sizes are params: W x H = 64 x 64 by default, -D W=1920 -D H=1080 for a
# 1080p frame (docs/language.md, "Params").
param W = 64;
param H = 64;
input  in : u8[H][W];
func   t0(y, x) : u16 = u16(in(y, x));
func   t1(y, x) : u16 = (t0(clamp(y - 1, 0, H - 1), x) + t0(y, clamp(x - 1, 0, W - 1)) + t0(y, x)
                         + t0(y, clamp(x + 1, 0, W - 1)) + t0(clamp(y + 1, 0, H - 1), x)) / 5;
func   t2(y, x) : u16 = (t1(clamp(y - 1, 0, H - 1), x) + t1(y, clamp(x - 1, 0, W - 1)) + t1(y, x)
                         + t1(y, clamp(x + 1, 0, W - 1)) + t1(clamp(y + 1, 0, H - 1), x)) / 5;
func   t3(y, x) : u16 = (t2(clamp(y - 1, 0, H - 1), x) + t2(y, clamp(x - 1, 0, W - 1)) + t2(y, x)
                         + t2(y, clamp(x + 1, 0, W - 1)) + t2(clamp(y + 1, 0, H - 1), x)) / 5;
func   t4(y, x) : u16 = (t3(clamp(y - 1, 0, H - 1), x) + t3(y, clamp(x - 1, 0, W - 1)) + t3(y, x)
                         + t3(y, clamp(x + 1, 0, W - 1)) + t3(clamp(y + 1, 0, H - 1), x)) / 5;
func   jacobi(y, x) : u8 = u8(t4(y, x));
output jacobi[H][W];
