# Index constants fold with index semantics (floor /, non-negative %),
# like (x - 1) / 2 at x = 0: (0 - 1) / 2 + 1 is 0, -3 / 2 + 2 is 0 and
# (1 - 3) % 3 is 1.  Folded as values (truncation) they read elements 1.
input in : u8[2][20];
func f(y, x) : u8 = in(y, (0 - 1) / 2 + 1);
func h(y, x) : u8 = in(y, -3 / 2 + 2 + x);
func k(y, x) : u8 = in(y, x * ((1 - 3) % 3) + (x - 1) / 2 + 1);
func s(y, x) : u8 = f(y, x) + h(y, x) + k(y, x);
output f[2][1];
output h[2][2];
output s[2][2];
