# bad: no output declaration (a program has at least one output).
input  in : u8[16][16];
func   f(y, x) : u8 = in(y, x);
