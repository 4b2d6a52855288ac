input a : u8[4]
func f(x) : u8 = (a(x) + ;
func g(x) : = a(x;
const k : u8[2] = { 1 2 };
const j : u8[2] = { 1, 2, 3 };
output ;
