# bad: 'g' is read before it is declared (a program is a DAG in order).
input  in : u8[16][16];
func   f(y, x) : u8 = g(y, x) + 1;
func   g(y, x) : u8 = in(y, x);
output f[16][16];
