// sl_rom_sync: read-only memory in block RAM holding a `const` table.
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
//   data = entry addr of the previous cycle in which ce was high: the
//   address is registered into the memory's output register, one cycle
//   of latency, which the schedule counts (scheduler/pipeline.c).  The
//   memory is initialised and never written, so Yosys infers a ROM and
//   maps it to block RAM (rom_style; fpga/storage.c predicts the cells).
//   The address is always below DEPTH (the front end checks the bounds).
module sl_rom_sync (clk, ce, addr, data);
  parameter W = 8;
  parameter DEPTH = 4;
  parameter [DEPTH*W-1:0] DATA = {DEPTH*W{1'b0}};
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  input           clk;
  input           ce;
  input  [AW-1:0] addr;
  output [W-1:0]  data;

  (* rom_style = "block" *) reg [W-1:0] mem [0:DEPTH-1];
  reg [W-1:0] q;

  integer k;
  initial begin
    for (k = 0; k < DEPTH; k = k + 1)
      mem[k] = DATA[k*W +: W];
  end

  always @(posedge clk)
    if (ce)
      q <= mem[addr];

  assign data = q;
endmodule
