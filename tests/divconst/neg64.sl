# neg64: i64 division and modulo by negative constants whose magic number
# takes 64 bits (-3, -3553, -(2^32 - 1), -(2^62 - 1): the multiplier is then
# 129 bits wide and its sign bits sit above bit 127), beside ones whose magic
# takes 63 (-5, -641, -(2^63 - 1)) and 62 (-1000) bits, and the positive
# divisors of the same magnitudes (tests/divconst.cmake).  The magic widths
# are those of the smallest exact shift l in ir/divconst.c's banner:
# m = ceil(2^l / d) with |x| <= 2^63.
input  d : i64[4][8];
func   q3(y, x)  : i64 = (d(y, x) / -3) ^ (d(y, x) % -3) ^ (d(y, x) / 3);
func   q3553(y, x) : i64 = (d(y, x) / -3553) ^ (d(y, x) % -3553) ^ (d(y, x) % 3553);
func   q32(y, x) : i64 = (d(y, x) / -4294967295) ^ (d(y, x) % -4294967295);
func   q62(y, x) : i64 = (d(y, x) / -4611686018427387903) ^ (d(y, x) % -4611686018427387903);
func   q63(y, x) : i64 = (d(y, x) / -5) ^ (d(y, x) % -641) ^ (d(y, x) / -9223372036854775807) ^ (d(y, x) % -1000);
func   m3553(y, x) : i64 = d(y, x) % -3553;
func   v3553(y, x) : i64 = d(y, x) / -3553;
output q3[4][8];
output q3553[4][8];
output q32[4][8];
output q62[4][8];
output q63[4][8];
output m3553[4][8];
output v3553[4][8];
