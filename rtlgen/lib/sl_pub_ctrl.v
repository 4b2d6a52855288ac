// sl_pub_ctrl: one controller of the push-memory tile (sl_pub): an iteration
// domain of LEVELS nested counters (level 0 innermost), an affine address
// generator and a schedule generator, with its configuration registers.
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/pub.md,
// which gives the register map and the delta form of the strides).
//
// Parameters
//   LEVELS  loop levels (>= 1)
//   CW      cycle and schedule width; width of cfg_data (>= 2)
//   AGW     address width (1 .. CW): the address runs mod 2^AGW
//   EW      extent and index width (1 .. CW): EXT_M1 keeps its low EW bits
//   STATIC  1: the configuration is the constant CFG, not registers written
//           through the bus (cfg_* unused; rst does not clear ENABLE), so
//           synthesis folds it into the logic; 0: registers
//   CFG     with STATIC: the register values in register-map order, each
//           CW bits (offset r in bits [r*CW +: CW]), as the bus would write
//
// Ports and timing
//   cfg_we   write the register whose bit of cfg_hot is set (the tile
//            decodes the controller number and, once for all controllers,
//            the offset: bit r for offset r; none for an unmapped offset, so
//            it is ignored). cfg_is0, cfg_is1 and cfg_m2 (cfg_data == 0,
//            == 1, and cfg_data - 2, computed once in the tile) give what
//            the controller keeps of a field: the flags EXT_M1 0 or 1,
//            SG_DELTA 1, SG_START 0, and EXT_M1 - 2 in place of EXT_M1.
//   cycn     the tile's cycle counter plus 1 (cyc + 1, cyc being 0 in the
//            cycle after flush).
//   fire     active && clk_en && cyc == sched: the controller fires in this
//            cycle at address addr.
//   flush    (wins over a fire) active <= ENABLE, idx <= 0,
//            sched <= SG_START, addr <= AG_START.
//   rst      (wins over flush) active <= 0, ENABLE <= 0.
//   After a fire the innermost level not at its last value increments, the
//   levels inside it return to 0 and sched, addr add its deltas; after the
//   last point active falls.
//
// Structure (for the clock rate: no comparator, multiplexer or carry chain
// in series with another): each level counts its index up from 0 (a
// synchronous clear returns it to 0; the step bit is the carry in) with
// registered flags "at its last value" (up) and "one before it" (pen, set
// on a step from idx == EXT_M1 - 2); the level that steps at the next fire
// (step) and its deltas (add) are registers, chosen a cycle ahead, so
// that sched and addr add a register; and fire is a register, set a cycle
// ahead from cycn == sched, or after a fire from "the delta is 1".
module sl_pub_ctrl #(
  parameter LEVELS = 6,
  parameter CW = 16,
  parameter AGW = 9,
  parameter EW = CW,
  parameter STATIC = 0,
  parameter [(3*LEVELS+3)*CW-1:0] CFG = 0
) (
  input                clk,
  input                rst,
  input                clk_en,
  input                flush,
  input                cfg_we,
  input  [3*LEVELS+2:0] cfg_hot,
  input  [CW-1:0]      cfg_data,
  input                cfg_is0,
  input                cfg_is1,
  input  [EW-1:0]      cfg_m2,
  input  [CW-1:0]      cycn,
  output               fire,
  output reg [AGW-1:0] addr,
  output reg           active
);
  localparam R_ENABLE = 0;
  localparam R_SG_START = 1;
  localparam R_AG_START = 2;
  localparam R_EXT = 3;
  localparam R_SG_DELTA = 3 + LEVELS;
  localparam R_AG_DELTA = 3 + 2 * LEVELS;

  reg                  enable;
  reg [CW-1:0]         sg_start;
  reg [AGW-1:0]        ag_start;
  reg [LEVELS*EW-1:0]  ext_m2;   // per level: EXT_M1 - 2
  reg [LEVELS*CW-1:0]  sg_delta;
  reg [LEVELS*AGW-1:0] ag_delta;
  reg [LEVELS*EW-1:0]  idx;      // per level: the index
  reg [LEVELS-1:0]     pen;      // idx == EXT_M1 - 1
  reg [CW-1:0]         sched;
  reg                  fire_r;   // active && cyc == sched

  // The step of the next fire, a cycle ahead: step[l] for the level that
  // increments after it (none when it is the last point: fin), with that
  // level's deltas and "its schedule delta is 1" (add = {one, AG, SG}).
  localparam DW = CW + AGW + 1;
  reg [LEVELS-1:0]     step;
  reg [DW-1:0]         add;
  reg                  step_in;  // step is inner (below)
  reg [LEVELS-1:0]     up;       // at its last value (every level up to
                                 // inner reads 1: it never matters there)
  wire [CW-1:0]        sg_add = add[CW-1:0];
  wire [AGW-1:0]       ag_add = add[CW +: AGW];
  wire                 step_one = add[DW-1];
  wire                 fin = ~|step;

  assign fire = fire_r && clk_en;

  // Flags of the configuration, set when their field is written.
  reg [LEVELS-1:0] z;        // EXT_M1[l] == 0
  reg [LEVELS-1:0] o;        // EXT_M1[l] == 1
  reg [LEVELS-1:0] one;      // SG_DELTA[l] == 1
  reg              start0;   // SG_START == 0

  // The step after the next one. Levels with EXT_M1 = 0 never step, so the
  // first step of a run, and the step after one of a level above it, is
  // the innermost level with EXT_M1 > 0 (inner). After a step of inner it
  // is inner again (add keeps its deltas) unless that step takes inner to
  // its last value (pen; take_out): then it is the innermost level of
  // those above inner not at its last value (out, from up: those levels
  // keep their flags in that step). So one multiplexer (over sel: inner
  // at a flush and after a step of another level, else out) gives every
  // delta, from registers alone. below[l]: the levels inside the stepping
  // one, returned to 0 by the fire; nlst: the last-value flags as the fire
  // (or flush) leaves them.
  reg [LEVELS-1:0] inner, le, out, nstep, below, nlst;
  (* keep *)
  reg [LEVELS-1:0] sel;      // kept: two levels of logic, then the multiplexer
  reg              seen, take_out;
  reg [DW-1:0]     dsel;
  integer l;
  always @* begin
    below = {LEVELS{1'b0}};
    for (l = LEVELS - 1; l > 0; l = l - 1)
      below[l-1] = below[l] || step[l];
    for (l = 0; l < LEVELS; l = l + 1)
      nlst[l] = flush ? z[l] : step[l] ? pen[l] : below[l] ? z[l] : up[l];
    seen = 1'b0;
    for (l = 0; l < LEVELS; l = l + 1) begin
      le[l] = !seen;
      inner[l] = !seen && !z[l];
      seen = seen || !z[l];
    end
    seen = 1'b0;
    for (l = 0; l < LEVELS; l = l + 1) begin
      out[l] = !seen && !up[l];
      seen = seen || !up[l];
    end
    take_out = !flush && step_in && |(step & pen);
    sel = flush || !step_in ? inner : out;
    dsel = {DW{1'b0}};
    for (l = 0; l < LEVELS; l = l + 1)
      dsel = dsel | ({one[l], ag_delta[l*AGW +: AGW], sg_delta[l*CW +: CW]}
                     & {DW{sel[l]}});
    nstep = take_out ? out : inner;
  end

  integer k;
  always @(posedge clk) begin
    if (rst) begin
      active <= 1'b0;
      fire_r <= 1'b0;
    end else if (flush) begin
      active <= enable;
      fire_r <= enable && start0;
      sched <= sg_start;
      addr <= ag_start;
    end else if (fire) begin
      active <= !fin;
      fire_r <= !fin && step_one;
      sched <= sched + sg_add;
      addr <= addr + ag_add;
    end else if (clk_en) begin
      fire_r <= active && cycn == sched;
    end
    if (flush || fire) begin
      for (k = 0; k < LEVELS; k = k + 1)
        if (flush || below[k])
          idx[k*EW +: EW] <= {EW{1'b0}};
        else
          idx[k*EW +: EW] <= idx[k*EW +: EW] + {{(EW-1){1'b0}}, step[k]};
      for (k = 0; k < LEVELS; k = k + 1)
        if (flush || below[k])
          pen[k] <= o[k];
        else if (step[k])
          pen[k] <= idx[k*EW +: EW] == ext_m2[k*EW +: EW];
    end
    if (flush || fire) begin
      step <= nstep;
      step_in <= !take_out;
      up <= nlst | le;
      if (flush || !step_in || take_out)
        add <= dsel;
    end
  end

  // Configuration: constants (STATIC), or registers written by the bus.
  localparam [CW-1:0] CW_ZERO = 0;
  localparam [CW-1:0] CW_ONE = 1;
  localparam [EW-1:0] EW_TWO = 2;
  generate
    if (STATIC) begin : fixed
      wire unused_cfg = ^{cfg_we, cfg_hot, cfg_data, cfg_is0, cfg_is1, cfg_m2};
      integer s;
      always @* begin
        enable = CFG[R_ENABLE*CW];
        sg_start = CFG[R_SG_START*CW +: CW];
        start0 = CFG[R_SG_START*CW +: CW] == CW_ZERO;
        ag_start = CFG[R_AG_START*CW +: AGW];
        for (s = 0; s < LEVELS; s = s + 1) begin
          ext_m2[s*EW +: EW] = CFG[(R_EXT+s)*CW +: EW] - EW_TWO;
          z[s] = CFG[(R_EXT+s)*CW +: CW] == CW_ZERO;
          o[s] = CFG[(R_EXT+s)*CW +: CW] == CW_ONE;
          sg_delta[s*CW +: CW] = CFG[(R_SG_DELTA+s)*CW +: CW];
          one[s] = CFG[(R_SG_DELTA+s)*CW +: CW] == CW_ONE;
          ag_delta[s*AGW +: AGW] = CFG[(R_AG_DELTA+s)*CW +: AGW];
        end
      end
    end else begin : bus
      integer r;
      always @(posedge clk) begin
        if (rst)
          enable <= 1'b0;
        else if (cfg_we && cfg_hot[R_ENABLE])
          enable <= cfg_data[0];
        if (cfg_we && cfg_hot[R_SG_START]) begin
          sg_start <= cfg_data;
          start0 <= cfg_is0;
        end
        if (cfg_we && cfg_hot[R_AG_START])
          ag_start <= cfg_data[AGW-1:0];
        for (r = 0; r < LEVELS; r = r + 1) begin
          if (cfg_we && cfg_hot[R_EXT + r]) begin
            ext_m2[r*EW +: EW] <= cfg_m2;
            z[r] <= cfg_is0;
            o[r] <= cfg_is1;
          end
          if (cfg_we && cfg_hot[R_SG_DELTA + r]) begin
            sg_delta[r*CW +: CW] <= cfg_data;
            one[r] <= cfg_is1;
          end
          if (cfg_we && cfg_hot[R_AG_DELTA + r])
            ag_delta[r*AGW +: AGW] <= cfg_data[AGW-1:0];
        end
      end
    end
  endgenerate
endmodule
