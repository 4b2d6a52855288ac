# bad: variable 'w' has the name of a const.
input  in : u8[16][16];
const  w : u8[2] = { 1, 2 };
func   f(y, w) : u8 = in(y, 0);
output f[16][16];
