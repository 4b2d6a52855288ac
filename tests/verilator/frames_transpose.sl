# frames_transpose: a transpose, whose input lives in a circular buffer of
# 61 words (sluice compile: max live 49, capacity 61) while a frame writes
# 63 elements.  63 is not a multiple of 61, so with --frames the hardware's
# write address must restart at every frame's first write (rtlgen/buffers.c,
# docs/hardware.md "Frames"): frame 1 reads wrong values without it.
input  in : u8[9][7];
func   t(y, x) : u8 = in(x, y);
output t[7][9];
