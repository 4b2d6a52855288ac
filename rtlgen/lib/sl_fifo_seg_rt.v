// sl_fifo_seg_rt: sl_fifo_seg with its length from an input: LEN
// consecutive positions of a delay chain held in an SRAM of DEPTH words,
// for the SRAM runs of a delay chain whose length depends on the image
// size in a run-time configured design (--runtime-config on native
// memory: docs/hardware.md, "Run-time configuration").
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  the SRAM's words: the largest LEN the build serves (>= 2)
//
// Inputs besides sl_fifo_seg's
//   len    LEN, 0 .. DEPTH (bits 31..0 of a configuration register),
//          held from clr to the end of the run; LEN 1 is a register
//          beside the SRAM, LEN 0 passes din through (the positions
//          around the segment then abut)
//   clr    restarts the ring at address 0 (the run control's flush: rst
//          or go), so a new LEN holds from the next run on
//
// Behaviour and timing: sl_fifo_seg's with DEPTH = LEN. At a rising edge
// with shift high, din enters position 0 and every value moves one
// position on; dout is the value at position LEN-1, the din of the
// LEN-th shift before, from a register (LEN 0: din itself). Contents are undefined until LEN
// shifts after clr. ce (clock enable): an edge with ce low changes
// nothing but what clr does (clr already carries ce where it matters).
module sl_fifo_seg_rt #(
  parameter W = 8,
  parameter DEPTH = 16
) (
  input          clk,
  input          ce,
  input          clr,
  input          shift,
  input  [31:0]  len,
  input  [W-1:0] din,
  output [W-1:0] dout
);
  localparam AW = DEPTH > 2 ? $clog2(DEPTH) : 1;

  // wp: the oldest position's address; wp_n the next one; wrap_n: wp_n
  // is the last address (LEN - 1), a step ahead, as in sl_fifo_seg.
  wire [31:0]   lm1 = len - 32'd1;
  wire [AW-1:0] last = lm1[AW-1:0];
  reg  [AW-1:0] wp;
  reg  [AW-1:0] wp_n;
  reg           wrap_n;
  wire [AW-1:0] raddr = shift ? wp_n : wp;

  always @(posedge clk)
    if (clr) begin
      wp <= {AW{1'b0}};
      wp_n <= {{(AW-1){1'b0}}, 1'b1};
      wrap_n <= last == {{(AW-1){1'b0}}, 1'b1};
    end else if (ce && shift) begin
      wp <= wp_n;
      wp_n <= wrap_n ? {AW{1'b0}} : wp_n + 1'b1;
      wrap_n <= !wrap_n && wp_n == last - 1'b1;
    end

  wire [W-1:0] ram_q;
  sl_sram #(.W(W), .DEPTH(DEPTH)) u_sram (
    .clk(clk), .ce(ce), .wen(shift), .waddr(wp), .wdata(din),
    .raddr(raddr), .rdata(ram_q)
  );

  // LEN 1 and 0, where the ring would read the word being written
  reg  [W-1:0] q1;
  always @(posedge clk)
    if (ce && shift)
      q1 <= din;
  assign dout = len == 32'd0 ? din : len == 32'd1 ? q1 : ram_q;

  wire unused_ok = ^{lm1};
endmodule
