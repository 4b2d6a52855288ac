# bad: const 'r' takes the name of a reduction variable above it (the
# rule for a func's variables holds for reduction variables too:
# docs/language.md, "Names").
input  in : u8[16];
func   f(x) : u16 = sum(r in 0..3) u16(in(x));
const  r : u8[2] = { 1, 2 };
func   g(x) : u16 = f(x) + u16(r(0));
output g[16];
