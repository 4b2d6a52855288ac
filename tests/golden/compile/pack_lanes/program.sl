# pack_lanes: blur_xy (examples/blur_xy.sl) at 4 lanes.  bx's lanes are
# padded to 16 words a row (lanes 2 and 3 hold one pad word), so all four
# shift together with one layout: one pack, one memory of four lanes.
input  in : u16[64][64];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[62][62];
unroll by 4;
