// sl_rom: combinational read-only memory holding a `const` table.
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  number of entries (>= 1)
//   DATA   DEPTH x W bits, entry k in bits [k*W +: W] (entry 0 in the low
//          bits)
//   AW     (localparam, not overridable) address width = max(1, $clog2(DEPTH))
//
// Timing
//   data = entry addr, combinationally. Addresses >= DEPTH read 0.
module sl_rom (addr, data);
  parameter W = 8;
  parameter DEPTH = 4;
  parameter [DEPTH*W-1:0] DATA = {DEPTH*W{1'b0}};
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  // The bit offset of an entry: wide enough for DEPTH * W.
  localparam OW = DEPTH * W > 1 ? $clog2(DEPTH * W) : 1;

  input  [AW-1:0] addr;
  output [W-1:0]  data;

  // One indexed part-select of DATA, not a table of DEPTH wires: a
  // generate loop over a 16,384-entry table is past what Verilator will
  // unroll.  An address past the table reads 0.
  wire [OW-1:0] at = OW'(addr) * OW'(W);
  wire          in_table = {1'b0, addr} < (AW + 1)'(DEPTH);
  assign data = in_table ? DATA[at +: W] : {W{1'b0}};
endmodule
