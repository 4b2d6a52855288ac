// sl_pub_sram: the single-port SRAM of the push-memory tile (sl_pub), written
// in the pattern Yosys maps to a single-port block memory: SB_SPRAM256KA on
// the iCE40 UP5K (SPRAM = 1, with synth_ice40 -spram), block RAM used
// through one port elsewhere (SPRAM = 0).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/pub.md).
//
// Parameters
//   W      word width in bits (>= 1)
//   DEPTH  number of words (>= 2)
//   SPRAM  1: the memory carries ram_style = "huge" (iCE40 SPRAM only)
//
// Timing (one port, registered read, "no change" on a write)
//   At a rising edge with en high: we high writes mem[addr] <= wdata, we low
//   reads rdata <= mem[addr]. rdata keeps its value at every other edge (so a
//   word read stays on rdata across writes, as the SPRAM's output does).
//   Addresses >= DEPTH are not allowed; the contents at power-up are
//   undefined.
module sl_pub_sram (clk, en, we, addr, wdata, rdata);
  parameter W = 64;
  parameter DEPTH = 512;
  parameter SPRAM = 0;
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  input              clk;
  input              en;
  input              we;
  input  [AW-1:0]    addr;
  input  [W-1:0]     wdata;
  output reg [W-1:0] rdata;

  generate
    if (SPRAM != 0) begin : huge
      (* ram_style = "huge" *)
      reg [W-1:0] mem [0:DEPTH-1];
      always @(posedge clk)
        if (en) begin
          if (we)
            mem[addr] <= wdata;
          else
            rdata <= mem[addr];
        end
    end else begin : block
      reg [W-1:0] mem [0:DEPTH-1];
      always @(posedge clk)
        if (en) begin
          if (we)
            mem[addr] <= wdata;
          else
            rdata <= mem[addr];
        end
    end
  endgenerate
endmodule
