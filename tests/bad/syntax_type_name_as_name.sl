# bad: 'u8' is a type name and cannot name a func.
input  in : u8[16][16];
func   u8(y, x) : u8 = in(y, x);
output u8[16][16];
