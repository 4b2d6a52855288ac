// sl_sram: 1R1W memory with a registered (synchronous) read, written in the
// pattern Yosys maps to block RAM (SB_RAM40_4K on iCE40, BRAM elsewhere).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  number of words (>= 1)
//   AW     (localparam, not overridable) address width = max(1, $clog2(DEPTH))
//
// Timing
//   Write: when wen is high at a rising edge, mem[waddr] <= wdata.
//   Read:  at every rising edge rdata <= mem[raddr] (one cycle of latency).
//          A read of the address written at the same edge is undefined:
//          the memory carries no_rw_check, so Yosys adds no collision
//          logic (on the iCE40 it would be a comparator and registers on
//          the read path).  Simulation returns the old contents; no user
//          depends on it (sl_fifo_seg never reads the address it writes,
//          sl_sram_pf bypasses such a read).
//   Addresses >= DEPTH are not allowed; the contents at power-up are
//   undefined.
//   ce (clock enable): an edge with ce low neither writes nor reads.
module sl_sram (clk, ce, wen, waddr, wdata, raddr, rdata);
  parameter W = 8;
  parameter DEPTH = 16;
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  input              clk;
  input              ce;
  input              wen;
  input  [AW-1:0]    waddr;
  input  [W-1:0]     wdata;
  input  [AW-1:0]    raddr;
  // keep: Yosys would drop stored bits that no reader uses (e.g. the low
  // bits of a value read only as x / 16), narrowing the memory below the
  // width the block-RAM prediction counts.
  (* keep *)
  output reg [W-1:0] rdata;

  (* no_rw_check *)
  reg [W-1:0] mem [0:DEPTH-1];

  always @(posedge clk)
    if (ce) begin
      if (wen)
        mem[waddr] <= wdata;
      rdata <= mem[raddr];
    end
endmodule
