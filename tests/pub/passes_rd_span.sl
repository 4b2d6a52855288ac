# tests/pub/passes_rd_span.sl: passes_aligned.sl with the box one column
# earlier, columns 3 .. 14: FW 4 SRAM words 0 .. 3, whose reads (each at
# its word's lane 0, column 0 before the box) span 12 cycles, a whole
# pass: the RD controller would fire a pass's last read and the next
# pass's first in one cycle (a schedule delta of 0), so 'in' stays on
# today's mapping ("passes that overlap in time", docs/pub.md "Passes").
input  in : u8[1][17];
func   f(i, j) : u8 = in(0, j + 3) + u8(i);
output f[8][12];
