// sl_pub: the push-memory tile, a physical unified buffer. One wide
// single-port SRAM (sl_pub_sram, FW words of W bits per SRAM word), an
// aggregator per input (serial to wide, two rows of FW words), a transpose
// buffer per output (wide to serial, two rows), and 2 * (NI + NO)
// controllers (sl_pub_ctrl: iteration domain, address and schedule
// generators) configured through a register bus.
// Part of the sluice hardware library (rtlgen/lib/). The contract, with the
// register map, the timing of every port and what the compiler must prove
// (one SRAM access per cycle: the tile does not detect a collision), is
// docs/pub.md.
//
// Parameters: W, FW (a power of two), DEPTH, NI, NO, LEVELS, CW
// (clog2(DEPTH) <= CW), EW (<= CW, default CW), SPRAM; see docs/pub.md.
// STATIC 1: the configuration is the constant CFG (every controller's
// registers, each CW bits, controller c's (3 LEVELS + 3) registers in
// bits [c*(3*LEVELS+3)*CW +: (3*LEVELS+3)*CW], offset r of them at
// [r*CW +: CW]: the values the bus would write), the bus unused; SHARE
// (with STATIC) the controllers that repeat another's fires (below).
module sl_pub (clk, rst, clk_en, flush, cfg_we, cfg_addr, cfg_data, in_data,
               in_en, out_valid, out_data, chain_valid, chain_data, busy);
  parameter W = 16;
  parameter FW = 4;
  parameter DEPTH = 512;
  parameter NI = 2;
  parameter NO = 2;
  parameter LEVELS = 6;
  parameter CW = 16;
  parameter SPRAM = 0;
  parameter EW = CW;
  parameter STATIC = 0;
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam SW = $clog2(FW) + 1;
  localparam NC = 2 * (NI + NO);
  localparam RB = $clog2(3 * LEVELS + 3);
  localparam CB = NC > 1 ? $clog2(NC) : 1;
  localparam CA = CB + RB;
  localparam RW = (3 * LEVELS + 3) * CW;  // one controller's configuration
  parameter [NC*RW-1:0] CFG = 0;
  parameter [NC*8-1:0] SHARE = 0;

  input               clk;
  input               rst;
  input               clk_en;
  input               flush;
  input               cfg_we;
  input  [CA-1:0]     cfg_addr;
  input  [CW-1:0]     cfg_data;
  input  [NI*W-1:0]   in_data;
  output [NI-1:0]     in_en;
  output [NO-1:0]     out_valid;
  output [NO*W-1:0]   out_data;
  input  [NO-1:0]     chain_valid;
  input  [NO*W-1:0]   chain_data;
  output              busy;

  localparam WW = FW * W;            // SRAM word
  localparam C_WR = NI;              // first controller of each kind
  localparam C_RD = 2 * NI;
  localparam C_OUT = 2 * NI + NO;

  reg  [CW-1:0]    cycn;              // the cycle counter cyc plus 1
  wire [NI-1:0]    in_fire, wr_fire;
  wire [NO-1:0]    rd_fire, out_fire;
  wire [NI*SW-1:0] in_slot;
  wire [NI*AW-1:0] wr_addr;
  wire [NO*AW-1:0] rd_addr;
  wire [NO*SW-1:0] out_slot;
  wire [NC-1:0]    act;
  wire [NI*WW-1:0] agg_row;          // the row each aggregator writes next
  wire [31:0]      cfg_c = {{(32-CB){1'b0}}, cfg_addr[CA-1:RB]};
  wire [RB-1:0]    cfg_off = cfg_addr[RB-1:0];
  reg  [3*LEVELS+2:0] cfg_hot;    // cfg_off decoded once, for every controller
  integer h;
  always @*
    for (h = 0; h < 3 * LEVELS + 3; h = h + 1)
      cfg_hot[h] = {{(32-RB){1'b0}}, cfg_off} == h;
  // cfg_data is 0 or 1 (the controllers' flags): two levels of logic, the
  // 4-bit groups kept (else synthesis chains the compare, and the flag
  // writes become the tile's longest path).
  localparam NZ = (CW + 3) / 4;      // 4-bit groups of cfg_data
  (* keep *)
  reg  [NZ-1:0]    cfg_z4;           // group g is 0 (group 0: bits 3..0)
  (* keep *)
  reg              cfg_lo1;          // group 0 is 1
  integer q;
  always @* begin
    cfg_z4 = {NZ{1'b1}};
    cfg_lo1 = cfg_data[0];
    for (q = 0; q < CW; q = q + 1)
      if (cfg_data[q]) begin
        cfg_z4[q/4] = 1'b0;
        if (q > 0 && q < 4)
          cfg_lo1 = 1'b0;
      end
  end
  wire             cfg_is0 = &cfg_z4;
  localparam [NZ-1:0] Z4_LO = 1;
  wire             cfg_is1 = cfg_lo1 && &(cfg_z4 | Z4_LO);
  localparam [EW-1:0] EW_TWO = 2;
  wire [EW-1:0]    cfg_m2 = cfg_data[EW-1:0] - EW_TWO;

  always @(posedge clk)
    if (flush)
      cycn <= {{(CW-1){1'b0}}, 1'b1};
    else if (clk_en)
      cycn <= cycn + {{(CW-1){1'b0}}, 1'b1};

  assign in_en = in_fire;
  assign busy = |act;

  // The SRAM's one port: the lowest-numbered firing controller (WR_0 first)
  // has it; the compiler guarantees that at most one fires (docs/pub.md).
  reg          s_we;
  reg [AW-1:0] s_addr;
  reg [WW-1:0] s_wdata;
  wire         s_en = clk_en && (|wr_fire || |rd_fire);
  wire [WW-1:0] s_rdata;
  integer p;
  always @* begin
    s_we = |wr_fire;
    s_addr = {AW{1'b0}};
    s_wdata = {WW{1'b0}};
    for (p = NO - 1; p >= 0; p = p - 1)
      if (rd_fire[p])
        s_addr = rd_addr[p*AW +: AW];
    for (p = NI - 1; p >= 0; p = p - 1)
      if (wr_fire[p]) begin
        s_addr = wr_addr[p*AW +: AW];
        s_wdata = agg_row[p*WW +: WW];
      end
  end

  sl_pub_sram #(.W(WW), .DEPTH(DEPTH), .SPRAM(SPRAM))
    sram (.clk(clk), .en(s_en), .we(s_we), .addr(s_addr), .wdata(s_wdata),
          .rdata(s_rdata));

  // The controllers, register-map order.  With STATIC, controller c
  // whose SHARE byte has bit 7 set is no controller of its own: it repeats
  // controller SHARE[4:0]'s fires SHARE[6:5] cycles later, at that
  // controller's address plus the difference of their AG_START
  // (sl_pub_follow), which the compiler gives only when the two nests,
  // strides and extents are the same (docs/pub.md, "Shared controllers").
  localparam MW = AW > SW ? AW : SW;
  wire [NC-1:0]    src_fire, src_act;  // the controllers' own (a follower: 0)
  wire [NC*MW-1:0] src_addr;
  wire [NC-1:0]    all_fire;           // every controller's fire and address
  wire [NC*MW-1:0] all_addr;
  wire             unused_addr = ^{src_addr, all_addr};  // the pads: 0
  genvar c;
  generate
    for (c = 0; c < NC; c = c + 1) begin : ctl
      localparam AG = (c < NI || c >= C_OUT) ? SW : AW;
      localparam FOL = SHARE[c*8+7];
      localparam integer SRC = {27'd0, SHARE[c*8 +: 5]};
      localparam integer DLY = {30'd0, SHARE[c*8+5 +: 2]};
      if (AG < MW) begin : pad
        assign src_addr[c*MW+AG +: MW-AG] = {(MW-AG){1'b0}};
        assign all_addr[c*MW+AG +: MW-AG] = {(MW-AG){1'b0}};
      end
      if (STATIC != 0 && FOL == 1'b1) begin : f
        localparam [AG-1:0] OFF = CFG[c*RW+2*CW +: AG] - CFG[SRC*RW+2*CW +: AG];
        sl_pub_follow #(.AGW(AG), .D(DLY), .OFF(OFF))
          u (.clk(clk), .clk_en(clk_en), .flush(flush), .rst(rst),
             .src_fire(src_fire[SRC]), .src_addr(src_addr[SRC*MW +: AG]),
             .src_active(src_act[SRC]), .fire(all_fire[c]),
             .addr(all_addr[c*MW +: AG]), .active(act[c]));
        assign src_fire[c] = 1'b0;
        assign src_act[c] = 1'b0;
        assign src_addr[c*MW +: AG] = {AG{1'b0}};
      end else begin : k
        sl_pub_ctrl #(.LEVELS(LEVELS), .CW(CW), .EW(EW), .AGW(AG),
                      .STATIC(STATIC), .CFG(CFG[c*RW +: RW]))
          u (.clk(clk), .rst(rst), .clk_en(clk_en), .flush(flush),
             .cfg_we(cfg_we && cfg_c == c), .cfg_hot(cfg_hot),
             .cfg_data(cfg_data), .cfg_is0(cfg_is0), .cfg_is1(cfg_is1),
             .cfg_m2(cfg_m2), .cycn(cycn), .fire(src_fire[c]),
             .addr(src_addr[c*MW +: AG]), .active(src_act[c]));
        assign all_fire[c] = src_fire[c];
        assign all_addr[c*MW +: AG] = src_addr[c*MW +: AG];
        assign act[c] = src_act[c];
      end
    end
  endgenerate
  assign in_fire = all_fire[0 +: NI];
  assign wr_fire = all_fire[C_WR +: NI];
  assign rd_fire = all_fire[C_RD +: NO];
  assign out_fire = all_fire[C_OUT +: NO];

  genvar g;
  generate
    for (g = 0; g < NI; g = g + 1) begin : inp
      assign in_slot[g*SW +: SW] = all_addr[g*MW +: SW];
      assign wr_addr[g*AW +: AW] = all_addr[(C_WR+g)*MW +: AW];
      reg [2*WW-1:0] agg;
      reg            ra;               // the row WR_g writes next
      wire [SW-1:0]  slot = in_slot[g*SW +: SW];
      integer a;
      always @(posedge clk) begin
        for (a = 0; a < 2 * FW; a = a + 1)
          if (in_fire[g] && {{(32-SW){1'b0}}, slot} == a)
            agg[a*W +: W] <= in_data[g*W +: W];
        if (flush)
          ra <= 1'b0;
        else if (wr_fire[g])
          ra <= !ra;
      end
      assign agg_row[g*WW +: WW] = ra ? agg[WW +: WW] : agg[0 +: WW];
    end

    for (g = 0; g < NO; g = g + 1) begin : outp
      assign rd_addr[g*AW +: AW] = all_addr[(C_RD+g)*MW +: AW];
      assign out_slot[g*SW +: SW] = all_addr[(C_OUT+g)*MW +: SW];
      reg [2*WW-1:0] tb;
      reg            rd_d;             // RD_g read the SRAM in the last cycle
      reg            rt;               // the row the next read fills
      reg            own_v;
      reg [W-1:0]    own_d;
      wire [SW-1:0]  slot = out_slot[g*SW +: SW];
      reg [W-1:0] tb_word;             // the slot OUT_g reads
      integer b;
      always @* begin
        tb_word = tb[0 +: W];
        for (b = 1; b < 2 * FW; b = b + 1)
          if ({{(32-SW){1'b0}}, slot} == b)
            tb_word = tb[b*W +: W];
      end
      always @(posedge clk) begin
        if (clk_en && rd_d && !rt)
          tb[0 +: WW] <= s_rdata;
        if (clk_en && rd_d && rt)
          tb[WW +: WW] <= s_rdata;
        if (flush) begin
          rd_d <= 1'b0;
          rt <= 1'b0;
          own_v <= 1'b0;
        end else if (clk_en) begin
          rd_d <= rd_fire[g];
          if (rd_d)
            rt <= !rt;
          own_v <= out_fire[g];
        end
        if (out_fire[g])
          own_d <= tb_word;
      end
      assign out_valid[g] = own_v || chain_valid[g];
      assign out_data[g*W +: W] = own_v ? own_d : chain_data[g*W +: W];
    end
  endgenerate
`ifdef SL_PUB_COUNT
  // Simulation only (the Verilator harness of `sluice sim --memory pub`
  // defines SL_PUB_COUNT; docs/pub.md, "Counts in Verilator"): the fires of
  // every controller c in this run, cnt_n[c], register-map order. flush
  // starts a run; a fire in a cycle ending with flush or rst belongs to
  // none (the controller does not step: the tile models count the steps of
  // a run). A run's counts are printed when the next flush ends it and at
  // the end of the simulation, one line an instance:
  //   sl_pub_count PATH run R ni NI no NO N_0 N_1 ... N_{NC-1}
  // (run 0: fires before the first flush, printed only when there are any).
  wire [NC-1:0] cnt_fire = {out_fire, rd_fire, wr_fire, in_fire} & {NC{!rst}};
  reg  [63:0]   cnt_n [0:NC-1];
  reg  [31:0]   cnt_run;
  reg           cnt_any;
  integer       cq;
  initial begin
    cnt_run = 32'd0;
    cnt_any = 1'b0;
    for (cq = 0; cq < NC; cq = cq + 1)
      cnt_n[cq] = 64'd0;
  end
  always @(posedge clk) begin
    if (flush && (cnt_run != 32'd0 || cnt_any)) begin
      $write("sl_pub_count %m run %0d ni %0d no %0d", cnt_run, NI, NO);
      for (cq = 0; cq < NC; cq = cq + 1)
        $write(" %0d", cnt_n[cq]);
      $write("\n");
    end
    if (flush) begin
      cnt_run <= cnt_run + 32'd1;
      cnt_any <= 1'b0;
    end else if (|cnt_fire) begin
      cnt_any <= 1'b1;
    end
    for (cq = 0; cq < NC; cq = cq + 1)
      if (flush)
        cnt_n[cq] <= 64'd0;
      else if (cnt_fire[cq])
        cnt_n[cq] <= cnt_n[cq] + 64'd1;
  end
  final
    if (cnt_run != 32'd0 || cnt_any) begin
      $write("sl_pub_count %m run %0d ni %0d no %0d", cnt_run, NI, NO);
      for (cq = 0; cq < NC; cq = cq + 1)
        $write(" %0d", cnt_n[cq]);
      $write("\n");
    end
`endif
endmodule
