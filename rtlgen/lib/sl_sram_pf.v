// sl_sram_pf: one read port of a circular buffer in block RAM. A 1R1W
// sl_sram read one cycle ahead ("prefetched"), with a write bypass for the
// cycle of the prefetch and for the cycle of the read, so that rdata sees
// every write up to and including the current cycle, like sl_ram.
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  number of words (>= 1)
//   AW     (localparam, not overridable) address width = max(1, $clog2(DEPTH))
//
// Timing
//   Write: when wen is high at a rising edge, mem[waddr] <= wdata.
//   Read:  raddr_nx presented in cycle t-1 is the address read in cycle t.
//          In cycle t, rdata is wdata when wen is high and waddr equals that
//          address (the write of cycle t); else the wdata of cycle t-1 when
//          that cycle wrote the address; else mem at that address (every
//          write of cycles <= t-2, read by the block RAM at the edge ending
//          cycle t-1).
//   Addresses >= DEPTH are not allowed; the contents at power-up are
//   undefined.
//   ce (clock enable): an edge with ce low changes nothing, so the
//   cycles above are enabled cycles.
module sl_sram_pf (clk, ce, wen, waddr, wdata, raddr_nx, rdata);
  parameter W = 8;
  parameter DEPTH = 16;
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  input           clk;
  input           ce;
  input           wen;
  input  [AW-1:0] waddr;
  input  [W-1:0]  wdata;
  input  [AW-1:0] raddr_nx;
  output [W-1:0]  rdata;

  wire [W-1:0] q;        // mem[ra], as read at the edge ending cycle t-1
  reg  [AW-1:0] ra;      // the address of this cycle's read
  reg           hit1;    // cycle t-1 wrote ra
  reg  [W-1:0]  data1;   // what it wrote

  sl_sram #(.W(W), .DEPTH(DEPTH)) m (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr),
    .wdata(wdata), .raddr(raddr_nx), .rdata(q));

  always @(posedge clk)
    if (ce) begin
      ra <= raddr_nx;
      hit1 <= wen && waddr == raddr_nx;
      data1 <= wdata;
    end

  assign rdata = (wen && waddr == ra) ? wdata : hit1 ? data1 : q;
endmodule
