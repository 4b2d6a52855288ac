# bad: a [2][3] const needs 6 values; 5 are given.
const  t : u8[2][3] = { 1, 2, 3, 4, 5 };
func   f(y, x) : u8 = t(y, x);
output f[2][3];
