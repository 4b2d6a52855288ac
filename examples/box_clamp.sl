# box_clamp: 3x3 box filter of an 8-bit grey image with clamp-to-edge
# borders (OpenCV's BORDER_REPLICATE: a read past an edge takes the edge
# pixel), the output as large as the input: the shape of xfopencv's
# boxFilter.  The nine taps are summed in u16 (at most 9 * 255) and
# divided by 9.  The clamped reads are at a fixed distance except near the
# borders, so the input is one line buffer whose border reads pick, by the
# output's index, the tap the clamped index names (docs/hardware.md,
# "Border taps").  64x64 by default; -D W=1920 -D H=1080 for a 1080p
# frame (tests/bench/border_bench.sh).
param W = 64;
param H = 64;
input  in : u8[H][W];
func   px(y, x) : u16 = u16(in(clamp(y, 0, H - 1), clamp(x, 0, W - 1)));
func   box_clamp(y, x) : u8 = u8((px(y - 1, x - 1) + px(y - 1, x) + px(y - 1, x + 1)
                                + px(y, x - 1)     + px(y, x)     + px(y, x + 1)
                                + px(y + 1, x - 1) + px(y + 1, x) + px(y + 1, x + 1)) / 9);
inline px;
output box_clamp[H][W];
