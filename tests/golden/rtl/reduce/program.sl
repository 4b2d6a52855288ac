# reduce: reductions too long to unroll (33 terms), one of them along
# columns, both read transposed by the next stage through circular buffers;
# a table look-up indexed by data.
input  img : u8[33][33];
const  sq : u8[16] = { 0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225 };
func   rowmax(y) : u8 = maximum(x in 0..33) img(y, x);
func   colmin(x) : u8 = minimum(y in 0..33) img(y, x);
func   spread(y, x) : u8 = sq(u4(rowmax(x) - colmin(y)));
output spread[33][33];
