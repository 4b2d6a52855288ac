# values_wide: 32- and 64-bit and odd-width values divided by constants
# (tests/divconst.cmake); the seed's random values.
input  a : u32[16][8];
input  b : i32[16][8];
input  c : u64[16][8];
input  d : i64[16][8];
input  e : u5[16][8];
input  f : i13[16][8];
input  g : u33[16][8];
func   wa(y, x) : u32 = (a(y, x) / 7) ^ (a(y, x) % 1000000007) ^ (a(y, x) / 10);
func   wb(y, x) : i32 = (b(y, x) / -7) ^ (b(y, x) % 641) ^ (b(y, x) / -2147483648) ^ (b(y, x) % 3);
func   wc(y, x) : u64 = (c(y, x) / 7) ^ (c(y, x) % 1000000007) ^ (c(y, x) / 10000000000000000000);
func   wd(y, x) : i64 = (d(y, x) / -7) ^ (d(y, x) % 1000) ^ (d(y, x) / 3);
func   we(y, x) : u5 = (e(y, x) / 3) ^ (e(y, x) % 7) ^ (e(y, x) / 17);
func   wf(y, x) : i13 = (f(y, x) / -5) ^ (f(y, x) % 100) ^ (f(y, x) / -4096) ^ (f(y, x) % -1);
func   wg(y, x) : u33 = (g(y, x) / 3) ^ (g(y, x) % 5000000000) ^ (g(y, x) / 6);
output wa[16][8];
output wb[16][8];
output wc[16][8];
output wd[16][8];
output we[16][8];
output wf[16][8];
output wg[16][8];
