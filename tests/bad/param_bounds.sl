# A size that makes an access leave its input: the error stays at the
# access and names the size's value.
param N = 16;
input in : u8[N];
func f(x) : u8 = in(x + 1);
output f[N];
