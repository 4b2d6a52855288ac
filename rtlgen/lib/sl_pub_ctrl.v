// sl_pub_ctrl: one controller of the push-memory tile (sl_pub): an iteration
// domain of LEVELS nested counters (level 0 innermost), an affine address
// generator and a schedule generator, with its configuration registers.
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/pub.md,
// which gives the register map and the delta form of the strides).
//
// Parameters
//   LEVELS  loop levels (>= 1)
//   CW      cycle, schedule and extent width; width of cfg_data (>= 2)
//   AGW     address width (1 .. CW): the address runs mod 2^AGW
//   RB      register-offset bits (>= clog2(3 * LEVELS + 3))
//
// Ports and timing
//   cfg_we   write the register at offset cfg_off (the tile decodes the
//            controller number); unmapped offsets are ignored.
//   cyc      the tile's cycle counter (0 in the cycle after flush).
//   fire     active && clk_en && cyc == sched: the controller fires in this
//            cycle at address addr.
//   flush    (wins over a fire) active <= ENABLE, idx <= 0,
//            sched <= SG_START, addr <= AG_START.
//   rst      (wins over flush) active <= 0, ENABLE <= 0.
//   After a fire the innermost level not at its last value increments, the
//   levels inside it return to 0 and sched, addr add its deltas; after the
//   last point active falls.
module sl_pub_ctrl #(
  parameter LEVELS = 6,
  parameter CW = 16,
  parameter AGW = 9,
  parameter RB = 5
) (
  input                clk,
  input                rst,
  input                clk_en,
  input                flush,
  input                cfg_we,
  input  [RB-1:0]      cfg_off,
  input  [CW-1:0]      cfg_data,
  input  [CW-1:0]      cyc,
  output               fire,
  output reg [AGW-1:0] addr,
  output reg           active
);
  localparam [RB-1:0] R_ENABLE = 0;
  localparam [RB-1:0] R_SG_START = 1;
  localparam [RB-1:0] R_AG_START = 2;
  localparam R_EXT = 3;
  localparam R_SG_DELTA = 3 + LEVELS;
  localparam R_AG_DELTA = 3 + 2 * LEVELS;

  reg                  enable;
  reg [CW-1:0]         sg_start;
  reg [AGW-1:0]        ag_start;
  reg [LEVELS*CW-1:0]  ext_m1;
  reg [LEVELS*CW-1:0]  sg_delta;
  reg [LEVELS*AGW-1:0] ag_delta;
  reg [LEVELS*CW-1:0]  idx;
  reg [CW-1:0]         sched;

  assign fire = active && clk_en && cyc == sched;

  // The step after a fire: inc[l] for the level that increments, clr[l] for
  // the levels inside it (all of them, and no inc, after the last point).
  reg [LEVELS-1:0] inc, clr;
  reg              found;
  reg [CW-1:0]     sg_add;
  reg [AGW-1:0]    ag_add;
  integer l;
  always @* begin
    found = 1'b0;
    inc = {LEVELS{1'b0}};
    clr = {LEVELS{1'b0}};
    sg_add = {CW{1'b0}};
    ag_add = {AGW{1'b0}};
    for (l = 0; l < LEVELS; l = l + 1)
      if (!found && idx[l*CW +: CW] != ext_m1[l*CW +: CW]) begin
        found = 1'b1;
        inc[l] = 1'b1;
        sg_add = sg_delta[l*CW +: CW];
        ag_add = ag_delta[l*AGW +: AGW];
      end else if (!found) begin
        clr[l] = 1'b1;
      end
  end

  integer k;
  always @(posedge clk) begin
    if (rst) begin
      active <= 1'b0;
    end else if (flush) begin
      active <= enable;
      sched <= sg_start;
      addr <= ag_start;
      idx <= {(LEVELS*CW){1'b0}};
    end else if (fire) begin
      active <= found;
      sched <= sched + sg_add;
      addr <= addr + ag_add;
      for (k = 0; k < LEVELS; k = k + 1)
        if (inc[k])
          idx[k*CW +: CW] <= idx[k*CW +: CW] + {{(CW-1){1'b0}}, 1'b1};
        else if (clr[k])
          idx[k*CW +: CW] <= {CW{1'b0}};
    end
  end

  // Configuration registers.
  integer r;
  always @(posedge clk) begin
    if (rst)
      enable <= 1'b0;
    else if (cfg_we && cfg_off == R_ENABLE)
      enable <= cfg_data[0];
    if (cfg_we && cfg_off == R_SG_START)
      sg_start <= cfg_data;
    if (cfg_we && cfg_off == R_AG_START)
      ag_start <= cfg_data[AGW-1:0];
    for (r = 0; r < LEVELS; r = r + 1) begin
      if (cfg_we && {{(32-RB){1'b0}}, cfg_off} == R_EXT + r)
        ext_m1[r*CW +: CW] <= cfg_data;
      if (cfg_we && {{(32-RB){1'b0}}, cfg_off} == R_SG_DELTA + r)
        sg_delta[r*CW +: CW] <= cfg_data;
      if (cfg_we && {{(32-RB){1'b0}}, cfg_off} == R_AG_DELTA + r)
        ag_delta[r*AGW +: AGW] <= cfg_data[AGW-1:0];
    end
  end
endmodule
