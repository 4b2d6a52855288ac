// sl_sched: iteration counter and schedule generator of one statement. It
// walks the statement's N-dimensional iteration box in lexicographic order
// (dimension 0 outermost) and fires iteration i in cycle
// t(i) = START + sum_d coef[d] * i[d] of the schedule, counted from the
// run's cycle 0 (docs/hardware.md).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   N      number of dimensions (>= 1)
//   TW     width of DELTA and START (<= 63)
//   EXT    N x 32 bits: EXT[d] (bits [d*32 +: 32]) is the extent of
//          dimension d, >= 1
//   DELTA  N x TW bits: DELTA[d] (bits [d*TW +: TW]) is the number of
//          cycles from a fire to the next when dimension d increments and
//          the inner ones return to 0:
//          DELTA[d] = coef[d] - sum_{k>d} coef[k] * (EXT[k]-1), mod 2^TW.
//          Every DELTA[d] of a dimension with EXT[d] > 1 must be >= 1 (the
//          schedule is strictly increasing in lexicographic order); the
//          DELTA of a dimension with EXT[d] = 1 is never used.
//   START  TW bits: the fire cycle of iteration 0 (0 fires in cycle 0)
//
// Ports and timing (every output comes straight from a flip-flop)
//   go      a one-cycle pulse in cycle -1: at the next edge idx = 0,
//           active = 1 and the run starts (go wins over a fire in the same
//           cycle; rst wins over go).
//   fire    the iteration idx fires in this cycle (idx[d*32 +: 32] = i[d]).
//   active  high from the cycle after go until the cycle after the last fire.
//   nidx    the value idx takes at the next edge if neither go nor rst is
//           high in this cycle: in the cycle before a fire it is the index
//           of the iteration that fires, which lets a block RAM be addressed
//           one cycle early (sl_sram_pf). It is 0 while the generator is
//           idle (after its last fire or after rst), so it is also right in
//           the go cycle of a run started from idle; a go that restarts a
//           run still active sees the running value there.
//   At the edge ending a fire cycle, the innermost dimension d with
//   i[d] < EXT[d]-1 increments and the dimensions inside it return to 0 (after
//   the last iteration every dimension returns to 0 and active falls); the
//   next fire is DELTA[d] cycles later.
//   rst (synchronous, active high) clears active and fire and returns nidx
//   to 0; idx keeps its value.
//   ce      clock enable: an edge with ce low changes nothing (rst still
//           acts), so the generator counts enabled cycles only.
//
// Structure: nidx runs one cycle ahead of idx. Per dimension the counter
// is as wide as its extent needs, with a registered "at its last value"
// flag (nlast) for nidx; when idx takes nidx, the flags select the wait
// before the next fire (the DELTA of the dimension that will increment),
// which is registered too. A down counter loaded with that wait minus 3
// raises fire one cycle after its sign bit sets, so no comparator, adder or
// priority logic sits between a register and fire.
module sl_sched #(
  parameter N = 1,
  parameter TW = 32,
  parameter [N*32-1:0] EXT = {N{32'd1}},
  parameter [N*TW-1:0] DELTA = {N{{(TW-1){1'b0}}, 1'b1}},
  parameter [TW-1:0] START = {TW{1'b0}}
) (
  input               clk,
  input               rst,
  input               ce,
  input               go,
  output reg          fire,
  output [N*32-1:0]   idx,
  output [N*32-1:0]   nidx,
  output reg          active
);
  // Bits needed for v (at least 1).
  function integer bits_of;
    input [63:0] v;
    integer b;
    begin
      bits_of = 1;
      for (b = 1; b < 64; b = b + 1)
        if (v >= (64'd1 << b))
          bits_of = b + 1;
    end
  endfunction

  function [63:0] ext_of;
    input integer d;
    ext_of = {32'd0, EXT[d*32 +: 32]};
  endfunction

  function [63:0] delta_of;
    input integer d;
    delta_of = {{(64-TW){1'b0}}, DELTA[d*TW +: TW]};
  endfunction

  // The largest wait the counter holds: START and every used DELTA.
  function [63:0] max_wait;
    input [TW-1:0] first;
    integer d;
    begin
      max_wait = {{(64-TW){1'b0}}, first};
      for (d = 0; d < N; d = d + 1)
        if (ext_of(d) > 64'd1 && delta_of(d) > max_wait)
          max_wait = delta_of(d);
    end
  endfunction

  // The dimension that increments after index 0 (N if none does).
  function integer first_inc;
    input [N*32-1:0] ext;
    integer d;
    begin
      first_inc = N;
      for (d = 0; d < N; d = d + 1)
        if (ext[d*32 +: 32] > 32'd1)
          first_inc = d;
    end
  endfunction

  // Counter width: values -2 .. max_wait-2, two's complement.
  localparam CW = bits_of(max_wait(START)) + 1;
  localparam FIRST = first_inc(EXT);
  localparam START0 = START == {TW{1'b0}};
  localparam [63:0] START_CNT = {{(64-TW){1'b0}}, START} - 64'd2;
  localparam [CW-1:0] CNT0 = START_CNT[CW-1:0];
  // The down counter in two parts: the low LW bits count every cycle, the
  // high part takes the borrow from a register (lz: the low part is 0), so
  // no carry chain is longer than about half the counter.
  localparam LW = CW >= 6 ? CW / 2 : CW - 1;   // CW >= 2: the high part has a bit
  localparam [LW-1:0] LO_ONE = 1;
  function [CW-LW-1:0] HI_BORROW;
    input b;
    begin
      HI_BORROW = {(CW-LW){1'b0}};
      HI_BORROW[0] = b;
    end
  endfunction

  wire [N-1:0]    last0;    // the last-value flags of index 0
  wire [N-1:0]    nlast;    // nidx[d] == EXT[d]-1
  wire [N-1:0]    one;      // DELTA[d] == 1
  wire [N*CW-1:0] load;     // DELTA[d] - 3, the counter's load after a fire
  reg  [N-1:0]    inner;    // inner[d]: every dimension inside d is at its last value
  reg  [CW-1:0]   cnt;      // down counter; its sign bit means "fire next"
  reg             lz;       // cnt's low LW bits are 0: the high part borrows next
  reg             is_final; // idx is the last iteration
  reg             next_one; // the fire after idx's is in the next cycle
  reg  [CW-1:0]   wait_cnt; // the counter's load after idx's fire
  integer k;

  // For an index with last-value flags 'last': {it is the last iteration,
  // the next fire is in the next cycle, the counter's load after its fire}.
  function [CW+1:0] wait_of;
    input [N-1:0] last;
    integer d;
    reg found;
    begin
      found = 1'b0;
      wait_of = {1'b1, 1'b0, {CW{1'b0}}};
      for (d = N - 1; d >= 0; d = d - 1)
        if (!found && !last[d]) begin
          found = 1'b1;
          wait_of = {1'b0, one[d], load[d*CW +: CW]};
        end
    end
  endfunction

  always @* begin
    inner[N-1] = 1'b1;
    for (k = N - 2; k >= 0; k = k - 1)
      inner[k] = inner[k+1] && nlast[k+1];
  end

  // fire in the next cycle
  wire fire_n = !rst && (go ? START0 : fire ? next_one : active && cnt[CW-1]);

  always @(posedge clk)
    if (rst || ce) begin
      fire <= fire_n;
      if (rst)
        active <= 1'b0;
      else if (go)
        active <= 1'b1;
      else if (fire)
        active <= !is_final;
      if (go) begin
        cnt <= CNT0;
        lz <= CNT0[LW-1:0] == {LW{1'b0}};
      end else if (fire) begin
        cnt <= wait_cnt;
        lz <= wait_cnt[LW-1:0] == {LW{1'b0}};
      end else begin
        cnt[LW-1:0] <= cnt[LW-1:0] - LO_ONE;
        lz <= cnt[LW-1:0] == LO_ONE;
        cnt[CW-1:LW] <= cnt[CW-1:LW] - HI_BORROW(lz);
      end
      if (!rst && go)
        {is_final, next_one, wait_cnt} <= wait_of(last0);
      else if (!rst && fire)
        {is_final, next_one, wait_cnt} <= wait_of(nlast);
    end

  genvar g;
  generate
    for (g = 0; g < N; g = g + 1) begin : dim
      localparam [63:0] E = ext_of(g);
      localparam IW = bits_of(E - 64'd1);
      localparam [63:0] LD = delta_of(g) - 64'd3;
      localparam [63:0] PEN = E - 64'd2;         // the value before the last
      localparam GO_ONE = START0 && FIRST == g;  // nidx = 1 after go
      localparam GO_LAST = GO_ONE ? E == 64'd2 : E == 64'd1;
      localparam [IW-1:0] I_ONE = 1;
      localparam [IW-1:0] I_GO = GO_ONE ? 1 : 0;
      reg [IW-1:0] ni;   // nidx of this dimension
      reg [IW-1:0] ci;   // idx of this dimension
      reg          nl;   // ni == E-1
      assign nlast[g] = nl;
      assign last0[g] = E == 64'd1;
      assign one[g] = delta_of(g) == 64'd1;
      assign load[g*CW +: CW] = LD[CW-1:0];
      always @(posedge clk)
        if (rst || ce) begin
          if (rst) begin
            ni <= {IW{1'b0}};
            nl <= E == 64'd1;
          end else if (go) begin
            ni <= I_GO;
            nl <= GO_LAST != 0;
          end else if (fire_n && inner[g]) begin
            if (nl) begin
              ni <= {IW{1'b0}};
              nl <= E == 64'd1;
            end else begin
              ni <= ni + I_ONE;
              nl <= ni == PEN[IW-1:0];
            end
          end
          if (!rst && go)
            ci <= {IW{1'b0}};
          else if (!rst && fire)
            ci <= ni;
        end
      if (IW < 32) begin : pad
        assign idx[g*32 +: 32] = {{(32-IW){1'b0}}, ci};
        assign nidx[g*32 +: 32] = {{(32-IW){1'b0}}, ni};
      end else begin : full
        assign idx[g*32 +: 32] = ci;
        assign nidx[g*32 +: 32] = ni;
      end
    end
  endgenerate
endmodule
