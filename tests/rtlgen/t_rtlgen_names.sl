# t_rtlgen_names: names that the generated wires could collide with.
# Variables named like rtlgen's node wires (n0) and slot wires (v0, x0), a
# func whose name is another's plus a slot suffix (a_v0 beside a's slot
# wire a_v0 of variable 0), and a reversed read, so that 'in' is a
# circular buffer whose read address uses next-cycle wires (a_x0, a_x1).
input  in : u8[8][8];
func   a(n0, v0) : u8 = in(n0, v0) + in(n0, 7 - v0) * 3;
func   a_v0(x0, n1) : u8 = a(x0, n1) + 1;
output a_v0[8][8];
