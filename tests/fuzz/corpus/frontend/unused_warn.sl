input in : u8[4];
func unused(x) : u8 = in(x);
func o(x) : u8 = in(x);
output o[4];
