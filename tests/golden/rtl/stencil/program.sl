# stencil: a vertical 3-tap blur over 16-wide rows, then a horizontal
# difference of its result.  The rows make the input a delay chain with two
# SRAM stretches (taps 0, 16, 32); the blur is read through registers.
input  in : u8[6][16];
func   vblur(y, x) : u16 = u16(in(y, x)) + 2 * u16(in(y + 1, x)) + u16(in(y + 2, x));
func   hdiff(y, x) : i16 = i16(vblur(y, x + 1)) - i16(vblur(y, x));
output hdiff[4][15];
