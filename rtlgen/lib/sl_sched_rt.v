// sl_sched_rt: sl_sched with its schedule from inputs. The same ports and
// cycle behaviour as sl_sched (docs/hardware.md, "Hardware library"), but EXT,
// DELTA and START are inputs (configuration registers of the top, written
// before go and held through the run: docs/pub.md, "Run-time
// configuration"), and the widths are parameters, upper bounds of the
// values the inputs may take.
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   N      number of dimensions (>= 1)
//   TW     width of delta and start, 2..63: every used DELTA and START
//          below 2^TW
//   XW     width of an extent and of an index counter, 2..32: every
//          extent 1 .. 2^XW - 1
//
// Inputs besides sl_sched's (meanings as sl_sched's parameters)
//   ext    N x XW bits: ext[d] (bits [d*XW +: XW]) the extent of
//          dimension d, >= 1
//   delta  N x TW bits: DELTA[d], the cycles from a fire to the next when
//          dimension d increments and the inner ones return to 0 (>= 1 for
//          a dimension with ext[d] > 1)
//   start  TW bits: the fire cycle of iteration 0
// They must not change from the cycle of go to the end of the run.
//
// Structure: sl_sched's, with its constants (the last-value flags of
// index 0, the dimension that steps first, the counter's loads) computed
// from the inputs by logic that only static registers feed.
module sl_sched_rt #(
  parameter N = 1,
  parameter TW = 16,
  parameter XW = 16
) (
  input               clk,
  input               rst,
  input               ce,
  input               go,
  input  [N*XW-1:0]   ext,
  input  [N*TW-1:0]   delta,
  input  [TW-1:0]     start,
  output reg          fire,
  output [N*32-1:0]   idx,
  output [N*32-1:0]   nidx,
  output reg          active
);
  // Counter width: values -2 .. 2^TW - 3, two's complement.
  localparam CW = TW + 1;
  localparam LW = CW >= 6 ? CW / 2 : CW - 1;
  localparam [LW-1:0] LO_ONE = 1;
  localparam [XW-1:0] X_ONE = 1;
  localparam [XW-1:0] X_TWO = 2;
  function [CW-LW-1:0] HI_BORROW;
    input b;
    begin
      HI_BORROW = {(CW-LW){1'b0}};
      HI_BORROW[0] = b;
    end
  endfunction

  wire          start0 = start == {TW{1'b0}};
  wire [CW-1:0] cnt0 = {1'b0, start} - {{(CW-2){1'b0}}, 2'd2};

  wire [N-1:0]    last0;    // the last-value flags of index 0
  wire [N-1:0]    nlast;    // nidx[d] == ext[d]-1
  wire [N-1:0]    one;      // delta[d] == 1
  wire [N*CW-1:0] load;     // delta[d] - 3, the counter's load after a fire
  wire [N-1:0]    stepper;  // ext[d] > 1
  reg  [N-1:0]    first;    // d is the innermost dimension with ext > 1
  reg  [N-1:0]    inner;    // inner[d]: every dimension inside d is at its last value
  reg  [CW-1:0]   cnt;      // down counter; its sign bit means "fire next"
  reg             lz;       // cnt's low LW bits are 0: the high part borrows next
  reg             is_final; // idx is the last iteration
  reg             next_one; // the fire after idx's is in the next cycle
  reg  [CW-1:0]   wait_cnt; // the counter's load after idx's fire
  integer k, j;
  reg seen;

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

  always @* begin
    seen = 1'b0;
    first = {N{1'b0}};
    for (j = N - 1; j >= 0; j = j - 1)
      if (!seen && stepper[j]) begin
        seen = 1'b1;
        first[j] = 1'b1;
      end
  end

  wire fire_n = !rst && (go ? start0 : fire ? next_one : active && cnt[CW-1]);

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
        cnt <= cnt0;
        lz <= cnt0[LW-1:0] == {LW{1'b0}};
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
      wire [XW-1:0] e = ext[g*XW +: XW];
      wire [TW-1:0] dl = delta[g*TW +: TW];
      wire          e1 = e == X_ONE;
      wire          go_one = start0 && first[g];   // nidx = 1 after go
      wire          go_last = go_one ? e == X_TWO : e1;
      reg [XW-1:0]  ni;   // nidx of this dimension
      reg [XW-1:0]  ci;   // idx of this dimension
      reg           nl;   // ni == e-1
      assign nlast[g] = nl;
      assign last0[g] = e1;
      assign stepper[g] = !e1;
      assign one[g] = dl == {{(TW-1){1'b0}}, 1'b1};
      assign load[g*CW +: CW] = {1'b0, dl} - {{(CW-2){1'b0}}, 2'd3};
      always @(posedge clk)
        if (rst || ce) begin
          if (rst) begin
            ni <= {XW{1'b0}};
            nl <= e1;
          end else if (go) begin
            ni <= go_one ? X_ONE : {XW{1'b0}};
            nl <= go_last;
          end else if (fire_n && inner[g]) begin
            if (nl) begin
              ni <= {XW{1'b0}};
              nl <= e1;
            end else begin
              ni <= ni + X_ONE;
              nl <= ni == e - X_TWO;
            end
          end
          if (!rst && go)
            ci <= {XW{1'b0}};
          else if (!rst && fire)
            ci <= ni;
        end
      if (XW < 32) begin : pad
        assign idx[g*32 +: 32] = {{(32-XW){1'b0}}, ci};
        assign nidx[g*32 +: 32] = {{(32-XW){1'b0}}, ni};
      end else begin : full
        assign idx[g*32 +: 32] = ci;
        assign nidx[g*32 +: 32] = ni;
      end
    end
  endgenerate
endmodule
