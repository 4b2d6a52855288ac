// sl_pipe: L pipeline registers of a valid bit and a W-bit data word, the
// tail of every datapath (a func stage of latency L writes L cycles after
// it fires).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W  data width in bits (>= 1)
//   L  latency in cycles (>= 1)
//
// Timing
//   in_valid / in_data presented in cycle t appear on out_valid / out_data in
//   cycle t + L (both outputs come straight from registers). rst
//   (synchronous, active high) clears the valid bits; the data registers are
//   not reset and load in_data every cycle.
//   ce (clock enable): an edge with ce low changes nothing; rst still acts.
module sl_pipe #(
  parameter W = 8,
  parameter L = 1
) (
  input          clk,
  input          rst,
  input          ce,
  input          in_valid,
  input  [W-1:0] in_data,
  output         out_valid,
  output [W-1:0] out_data
);
  reg [L-1:0]   valid_q;
  reg [L*W-1:0] data_q;

  // Stage k is bits [k] of valid_q and [k*W +: W] of data_q; stage 0 takes
  // the input, stage L-1 drives the outputs.
  always @(posedge clk)
    if (rst || ce) begin
      valid_q[0] <= rst ? 1'b0 : in_valid;
      data_q[W-1:0] <= in_data;
    end

  genvar k;
  generate
    for (k = 1; k < L; k = k + 1) begin : g_stage
      always @(posedge clk)
        if (rst || ce) begin
          valid_q[k] <= rst ? 1'b0 : valid_q[k-1];
          data_q[k*W +: W] <= data_q[(k-1)*W +: W];
        end
    end
  endgenerate

  assign out_valid = valid_q[L-1];
  assign out_data = data_q[(L-1)*W +: W];
endmodule
