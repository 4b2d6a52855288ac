# lanes_row: a three-tap row sum with 4 lanes declared in the program, on an
# input 13 wide (an output 11 wide: not a multiple of 4).  Lane l holds
# ceil((13 - l) / 4) input words (4 3 3 3) and ceil((11 - l) / 4) output
# words (3 3 3 2); lane 3 reads in(y, x + 1) and in(y, x + 2) as lanes 0 and
# 1 of the next word.
input  in : u8[2][13];
func   f(y, x) : u8 = in(y, x) + in(y, x + 1) + in(y, x + 2);
output f[2][11];
unroll f 4;
