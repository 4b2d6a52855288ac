# tests/pub/passes_aligned.sl: 'in' read in 8 passes (one per row i of f)
# that follow one another with no idle cycle, as lanes make them
# (docs/pub_mapping.md, "Lanes").  f streams 12 columns a row, one a cycle, so a
# pass lasts 12 cycles and the next starts 12 cycles later; the box,
# columns 4 .. 15, is FW 4 SRAM words 1 .. 3, whose reads span 8 cycles:
# both the OUT and the RD controller step forward between passes, and
# 'in' goes on a tile (pass 0 from the stream, 1 .. 7 from the tile).
input  in : u8[1][17];
func   f(i, j) : u8 = in(0, j + 4) + u8(i);
output f[8][12];
