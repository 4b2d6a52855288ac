input a : u8[4];
input b : i8[4];
func f(x) : u8 = a(x) + b(x);
func g(x) : u8 = -1;
func h(x) : u8 = a(x) / 0;
func k(x) : u8 = a(x) / a(x);
func m(x) : u1 = 2 ? a(x) : a(x);
func n(x) : u8 = a(x) << -1;
output f[4];
