# A 32-bit signed product that overflows, carried in a word wider than 32
# bits: f is computed past its box (g reads f(x + 8)), so its pipe carries
# {in-box flag, product}.  Verilator 5.006 built without -fwrapv set the
# bits above a negative product (GCC, knowing the operand is 8 bits,
# widened the product sign-extended), so the flag read 1 outside the box
# and f came out 11 times where its box has 8 (verilator/run.c,
# vl_verilate).  The product wraps for most inputs; the reference wraps
# as the spec says.
input in : u8[16];
func f(x) : i32 = i32(in(x)) * 1161275849;
output f[8];
func g(x) : i32 = f(x + 8) + 1;
output g[8];
