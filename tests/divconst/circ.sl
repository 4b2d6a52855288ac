# circ: circular buffers whose capacities are not powers of two, read at
# addresses (write index % capacity) of a multiply-high or a compare, with
# index floor division by 3 (an upsampling by 3) and strided reads (a 3x3
# downsampling) (tests/divconst.cmake).
input  in : u8[20][21];
func   up(y, x) : u8 = in(y / 3, x / 3) + in((y + 1) / 3 % 20, (x + 2) / 3 % 21);
func   down(y, x) : u16 = sum(r in 0..3, s in 0..3) u16(in(3 * y + r, 3 * x + s));
func   both(y, x) : u16 = u16(up(3 * y + 1, 3 * x + 2)) + down(y, x) + u16(up((y * 5) / 3, (x * 7) / 3));
output up[60][63];
output both[6][7];
