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
  localparam SIZE = 1 << AW;

  input  [AW-1:0] addr;
  output [W-1:0]  data;

  // The table padded with zero entries to a power of two, so that every
  // address value selects a defined entry.
  wire [W-1:0] table_w [0:SIZE-1];

  // The table in blocks of at most 1024 entries: Verilator unrolls no
  // generate loop past 1024 iterations (--unroll-count), and a weight ROM
  // has 16,384 words and more.
  localparam BLK = SIZE < 1024 ? SIZE : 1024;
  localparam NB = SIZE / BLK;

  genvar b, k;
  generate
    for (b = 0; b < NB; b = b + 1) begin : g_blk
      for (k = 0; k < BLK; k = k + 1) begin : g_entry
        if (b * BLK + k < DEPTH) begin : g_data
          assign table_w[b * BLK + k] = DATA[(b * BLK + k) * W +: W];
        end else begin : g_pad
          assign table_w[b * BLK + k] = {W{1'b0}};
        end
      end
    end
  endgenerate

  assign data = table_w[addr];
endmodule
