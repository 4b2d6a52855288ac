input a : u8[007];
func f(x) : u8 = a(x) $ 1;
const s : u8[1] = file("unterminated);
