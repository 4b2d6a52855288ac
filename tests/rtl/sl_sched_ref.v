// tests/rtl/sl_sched_ref.v: a frozen copy of the first sl_sched (the one that
// compared a global cycle counter with a next-fire register), renamed
// sl_sched_ref. tests/rtl/tb_sl_sched.cpp runs it next to rtlgen/lib/sl_sched.v
// and compares their outputs in every cycle. Do not change it.
//
// sl_sched (reference): iteration counter and schedule generator of one statement. It
// walks the statement's N-dimensional iteration box in lexicographic order
// (dimension 0 outermost) and fires iteration i in the cycle
// t(i) = START + sum_d coef[d] * i[d] of the schedule (docs/hardware.md).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   N      number of dimensions (>= 1)
//   TW     width of the cycle counter and of the schedule arithmetic
//   EXT    N x 32 bits: EXT[d] (bits [d*32 +: 32]) is the extent of
//          dimension d, >= 1
//   DELTA  N x TW bits: DELTA[d] (bits [d*TW +: TW]) is the cycle step when
//          dimension d increments and the inner ones return to 0:
//          DELTA[d] = coef[d] - sum_{k>d} coef[k] * (EXT[k]-1), mod 2^TW.
//          Every DELTA[d] of a dimension with EXT[d] > 1 must be >= 1 (the
//          schedule is strictly increasing in lexicographic order), else the
//          counter never reaches its next fire cycle.
//   START  TW bits: the fire cycle of iteration 0
//
// Ports and timing
//   go      a one-cycle pulse in cycle -1: at the next edge idx = 0,
//           next = START, active = 1 (go wins over a fire in the same cycle;
//           rst wins over go).
//   cyc     the global cycle counter (cycle number of the run).
//   fire    combinational: active && cyc == next. The iteration fires in
//           this cycle, and idx is its index (idx[d*32 +: 32] = i[d]).
//   active  registered: high from the cycle after go until the cycle after
//           the last fire.
//   nidx    combinational: the value idx takes at the next edge (0 after go,
//           the next iteration after a fire, else idx). In the cycle before
//           a fire it is the index of the iteration that fires, which lets a
//           block RAM be addressed one cycle early (sl_sram_pf).
//   At the edge ending a fire cycle, the innermost dimension d with
//   i[d] < EXT[d]-1 increments, the dimensions inside it return to 0 and
//   next += DELTA[d]; if there is none (the last iteration) active falls.
//   rst (synchronous, active high) clears active.
module sl_sched_ref #(
  parameter N = 1,
  parameter TW = 32,
  parameter [N*32-1:0] EXT = {N{32'd1}},
  parameter [N*TW-1:0] DELTA = {N{{(TW-1){1'b0}}, 1'b1}},
  parameter [TW-1:0] START = {TW{1'b0}}
) (
  input               clk,
  input               rst,
  input               go,
  input  [TW-1:0]     cyc,
  output              fire,
  output reg [N*32-1:0] idx,
  output     [N*32-1:0] nidx,
  output reg          active
);
  reg [TW-1:0]   next;
  reg [N*32-1:0] idx_step;   // idx after a fire
  reg [TW-1:0]   delta_step; // DELTA of the dimension that increments
  reg            wrap_all;   // every dimension was at its last value
  integer d;

  assign fire = active && cyc == next;
  assign nidx = rst ? idx : go ? {N*32{1'b0}} : fire ? idx_step : idx;

  // The odometer: a carry enters the innermost dimension and moves outwards
  // through the dimensions at their last value, which return to 0.
  always @* begin
    idx_step = idx;
    delta_step = {TW{1'b0}};
    wrap_all = 1'b1;
    for (d = N - 1; d >= 0; d = d - 1) begin
      if (wrap_all) begin
        if (idx[d*32 +: 32] == EXT[d*32 +: 32] - 32'd1) begin
          idx_step[d*32 +: 32] = 32'd0;
        end else begin
          idx_step[d*32 +: 32] = idx[d*32 +: 32] + 32'd1;
          delta_step = DELTA[d*TW +: TW];
          wrap_all = 1'b0;
        end
      end
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      active <= 1'b0;
    end else if (go) begin
      active <= 1'b1;
      idx <= {N*32{1'b0}};
      next <= START;
    end else if (fire) begin
      active <= !wrap_all;
      idx <= idx_step;
      next <= next + delta_step;
    end
  end
endmodule
