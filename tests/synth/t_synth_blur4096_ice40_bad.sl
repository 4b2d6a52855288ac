# t_synth_blur4096_ice40_bad: a 3x3 box blur of a u16 image with 4096-pixel
# rows does not fit the iCE40 UP5K.  The stream schedule's line buffer of
# 'in' is a delay chain with taps at 4096*k + j (k, j in 0..2), so its SRAM
# runs are positions 3..4094 and 4099..8190: two runs of 4092 words of 16
# bits.  A RAM4K holds 256x16 (or 512x8, 1024x4, 2048x2): ceil(4092/256) =
# 16 per run (512x8: 2 * 8 = 16 as well), 32 in all, over the 30 of the part.
input  in : u16[8][4096];
func   blur(y, x) : u16 = sum(r in 0..3, s in 0..3) in(y + r, x + s) / 9;
output blur[6][4094];
