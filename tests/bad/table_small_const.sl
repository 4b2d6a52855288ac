# bad: a u8 index can reach 255, past the 16 entries of 't'.
input  in : u8[16][16];
const  t : u8[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
func   f(y, x) : u8 = t(in(y, x));
output f[16][16];
