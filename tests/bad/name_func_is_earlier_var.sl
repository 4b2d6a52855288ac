# bad: func 'x' takes the name of a variable of the func above it.  The
# spec's rule reads "a func's variables must differ from every declared
# name", not only from those declared before (docs/language.md, "Names"):
# no name is both a variable and a declaration, in either order.
input  in : u8[16];
func   f(x) : u8 = in(x);
func   x(y) : u8 = f(y);
output x[16];
