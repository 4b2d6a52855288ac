# bad: a [4] const needs 4 values; 5 are given.
const  t : u8[4] = { 1, 2, 3, 4, 5 };
func   f(x) : u8 = t(x);
output f[4];
