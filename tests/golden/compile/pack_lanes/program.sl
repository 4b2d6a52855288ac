# pack_lanes: blur_xy (examples/blur_xy.sl) at 4 lanes.  bx's lanes 0 and
# 1 (16 words a row) shift together with one layout, and so do lanes 2 and
# 3 (15 words): two packs, each one memory of two lanes' runs side by side.
input  in : u16[64][64];
func   bx(y, x) : u16 = (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3;
func   by(y, x) : u16 = (bx(y, x) + bx(y + 1, x) + bx(y + 2, x)) / 3;
output by[62][62];
unroll by 4;
