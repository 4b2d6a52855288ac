# jacobi_1080p: four time steps of 5-point Jacobi averaging on an 8-bit grid,
#   t[k+1](y, x) = (N + W + C + E + S) / 5     (floor division, in u16)
# one func per time step; each step trims one point on every side (valid
# part only, no boundary condition), so 1080x1920 -> ... -> 1072x1912.
# The sum of five values <= 255 is at most 1275, which fits u16, and the
# average stays <= 255, so the final cast to u8 is exact.
# Sizes: a 1080p frame, 1080x1920 in, 4 steps, 1072x1912 out; the same
# program as examples/jacobi.sl (64x64) with 1080p extents.  For benchmarks.
input  in : u8[1080][1920];
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
output jacobi[1072][1912];
