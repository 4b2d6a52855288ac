// sl_ram: register-file memory with one write port and NR combinational
// read ports, each with same-cycle write bypass (the storage of small
// UB_CIRCULAR buffers, where a read must see the write of its own cycle).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  number of words (>= 1)
//   NR     number of read ports (>= 1)
//   AW     (localparam, not overridable) address width = max(1, $clog2(DEPTH))
//
// Ports
//   raddr[r*AW +: AW] and rdata[r*W +: W] are read port r (port 0 in the
//   low bits).
//
// Timing
//   Write: when wen is high at a rising edge, mem[waddr] <= wdata.
//   Read:  combinational. rdata of port r is wdata when wen is high and
//          waddr == raddr of port r (the write of this cycle), else
//          mem[raddr] (every write of earlier cycles).
//   Addresses >= DEPTH are not allowed; the contents at power-up are
//   undefined.
//   ce (clock enable): no write at an edge with ce low.
module sl_ram (clk, ce, wen, waddr, wdata, raddr, rdata);
  parameter W = 8;
  parameter DEPTH = 16;
  parameter NR = 1;
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  input             clk;
  input             ce;
  input             wen;
  input  [AW-1:0]   waddr;
  input  [W-1:0]    wdata;
  input  [NR*AW-1:0] raddr;
  output [NR*W-1:0] rdata;

  reg [W-1:0] mem [0:DEPTH-1];

  always @(posedge clk)
    if (ce && wen)
      mem[waddr] <= wdata;

  genvar r;
  generate
    for (r = 0; r < NR; r = r + 1) begin : g_read
      wire [AW-1:0] a = raddr[r*AW +: AW];
      assign rdata[r*W +: W] = (wen && waddr == a) ? wdata : mem[a];
    end
  endgenerate
endmodule
