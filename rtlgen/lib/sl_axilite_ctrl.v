// sl_axilite_ctrl: the AXI4-Lite control slave of a design built with
// --control axilite: the run control (start, done, idle, ready), a done
// irq, and the configuration bus of --runtime-config written
// through two address/data registers (docs/hardware.md, "AXI4-Lite
// control", where the register map is the contract).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   TA     width of cfg_addr, 1..32
//   CW     width of cfg_data, 1..64
//
// Registers (byte offsets, 32-bit words; reads of other offsets give 0,
// writes to them are ignored; every response is OKAY)
//   0x00 CTRL     [0] START: write 1 to start a run (read: still pending);
//                 [1] DONE: set when a run ends, cleared by the read that
//                 returns it or by writing 1; [2] IDLE (no run, none
//                 pending); [3] READY (the design takes a start: its
//                 configuration is loaded)
//   0x04 IER      [0] done irq enable
//   0x08 ISR      [0] done status, set when a run ends, write 1 to clear
//   0x10 CFG_ADDR [TA-1:0]
//   0x14 CFG_HI   [CW-33:0] (CW > 32), the high bits of cfg_data
//   0x18 CFG_LO   [min(CW,32)-1:0]: a write also writes the configuration
//                 register CFG_ADDR with {CFG_HI, CFG_LO} (cfg_we a cycle)
// Byte strobes apply to every stored register; a write to CTRL or ISR
// acts on the bits of the bytes it enables.
//
// Timing
//   A write takes effect at the edge where its address and data are both
//   held and the response channel is free; BVALID rises at that edge.
//   One write is in flight at a time (AWREADY and WREADY low while one is
//   held), and a read's data is held until RREADY.  'start' is high from
//   the edge of a START write until the edge after 'running' rises;
//   'irq' (the interrupt) is IER[0] && ISR[0], high from the edge after 'done' rises.
module sl_axilite_ctrl #(
  parameter TA = 8,
  parameter CW = 16
) (
  input               clk,
  input               rst,
  input  [4:0]        awaddr,
  input               awvalid,
  output              awready,
  input  [31:0]       wdata,
  input  [3:0]        wstrb,
  input               wvalid,
  output              wready,
  output [1:0]        bresp,
  output              bvalid,
  input               bready,
  input  [4:0]        araddr,
  input               arvalid,
  output              arready,
  output [31:0]       rdata,
  output [1:0]        rresp,
  output              rvalid,
  input               rready,
  output              irq,
  output              start,
  input               running,
  input               done,
  input               ready,
  output reg          cfg_we,
  output [TA-1:0]     cfg_addr,
  output [CW-1:0]     cfg_data
);
  // ---- the write channels: address and data held until both are in
  reg        aw_full, w_full, b_v;
  reg [4:0]  aw_q;
  reg [31:0] w_q;
  reg [3:0]  s_q;
  wire       do_w = aw_full && w_full && !b_v;
  assign awready = !aw_full;
  assign wready = !w_full;
  assign bvalid = b_v;
  assign bresp = 2'b00;
  always @(posedge clk)
    if (rst) begin
      aw_full <= 1'b0;
      w_full <= 1'b0;
      b_v <= 1'b0;
    end else begin
      if (awvalid && !aw_full) begin
        aw_full <= 1'b1;
        aw_q <= awaddr;
      end
      if (wvalid && !w_full) begin
        w_full <= 1'b1;
        w_q <= wdata;
        s_q <= wstrb;
      end
      if (do_w) begin
        aw_full <= 1'b0;
        w_full <= 1'b0;
        b_v <= 1'b1;
      end else if (b_v && bready)
        b_v <= 1'b0;
    end

  // the written word over the old value of a register, byte by byte
  wire [31:0] wmask = {{8{s_q[3]}}, {8{s_q[2]}}, {8{s_q[1]}}, {8{s_q[0]}}};
  function [31:0] merged(input [31:0] old);
    merged = (old & ~wmask) | (w_q & wmask);
  endfunction
  wire wr_ctrl = do_w && aw_q[4:2] == 3'd0 && s_q[0];
  wire wr_ier = do_w && aw_q[4:2] == 3'd1;
  wire wr_isr = do_w && aw_q[4:2] == 3'd2 && s_q[0];
  wire wr_addr = do_w && aw_q[4:2] == 3'd4;
  wire wr_hi = do_w && aw_q[4:2] == 3'd5;
  wire wr_lo = do_w && aw_q[4:2] == 3'd6;

  // ---- the read channel
  reg        r_v;
  reg [31:0] r_d;
  wire       do_r = arvalid && !r_v;
  assign arready = !r_v;
  assign rvalid = r_v;
  assign rdata = r_d;
  assign rresp = 2'b00;

  // ---- run control and irq
  reg start_p, done_seen, done_q, running_q, ier, isr;
  wire done_rise = done && !done_q;
  wire run_rise = running && !running_q;
  wire idle = !running && !start_p;
  assign start = start_p;
  assign irq = ier && isr;
  always @(posedge clk)
    if (rst) begin
      start_p <= 1'b0;
      done_seen <= 1'b0;
      done_q <= 1'b0;
      running_q <= 1'b0;
      ier <= 1'b0;
      isr <= 1'b0;
    end else begin
      done_q <= done;
      running_q <= running;
      if (wr_ctrl && w_q[0])
        start_p <= 1'b1;
      else if (run_rise)
        start_p <= 1'b0;
      if (done_rise)
        done_seen <= 1'b1;
      else if ((do_r && araddr[4:2] == 3'd0) || (wr_ctrl && w_q[1]))
        done_seen <= 1'b0;
      if (wr_ier && s_q[0])
        ier <= w_q[0];
      if (done_rise)
        isr <= 1'b1;
      else if (wr_isr && w_q[0])
        isr <= 1'b0;
    end

  // ---- the configuration bus
  reg [31:0] cfg_a, cfg_l;
  always @(posedge clk)
    if (rst) begin
      cfg_a <= 32'd0;
      cfg_l <= 32'd0;
      cfg_we <= 1'b0;
    end else begin
      cfg_we <= wr_lo;
      if (wr_addr)
        cfg_a <= merged(cfg_a);
      if (wr_lo)
        cfg_l <= merged(cfg_l);
    end
  assign cfg_addr = cfg_a[TA-1:0];
  // the registers as read: their bits past TA and CW read as 0
  localparam [31:0] AMASK = TA >= 32 ? 32'hffffffff : (32'd1 << TA) - 32'd1;
  localparam [31:0] LMASK = CW >= 32 ? 32'hffffffff : (32'd1 << CW) - 32'd1;
  localparam [31:0] HMASK = CW >= 64 ? 32'hffffffff : CW > 32 ? (32'd1 << (CW - 32)) - 32'd1
                                                              : 32'd0;
  wire [31:0] hi_r;
  generate
    if (CW > 32) begin : g_hi
      reg [31:0] cfg_h;
      always @(posedge clk)
        if (rst)
          cfg_h <= 32'd0;
        else if (wr_hi)
          cfg_h <= merged(cfg_h);
      assign cfg_data = {cfg_h[CW-33:0], cfg_l};
      assign hi_r = cfg_h & HMASK;
    end else begin : g_lo
      assign cfg_data = cfg_l[CW-1:0];
      assign hi_r = 32'd0;
      wire unused_hi = ^{wr_hi, HMASK};
    end
  endgenerate

  always @(posedge clk)
    if (rst)
      r_v <= 1'b0;
    else if (do_r) begin
      r_v <= 1'b1;
      case (araddr[4:2])
        3'd0: r_d <= {28'd0, ready, idle, done_seen, start_p};
        3'd1: r_d <= {31'd0, ier};
        3'd2: r_d <= {31'd0, isr};
        3'd4: r_d <= cfg_a & AMASK;
        3'd5: r_d <= hi_r;
        3'd6: r_d <= cfg_l & LMASK;
        default: r_d <= 32'd0;
      endcase
    end else if (r_v && rready)
      r_v <= 1'b0;

  wire unused_ok = ^{aw_q[1:0], araddr[1:0], w_q[31:2]};
endmodule
