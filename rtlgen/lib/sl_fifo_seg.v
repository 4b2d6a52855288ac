// sl_fifo_seg: DEPTH consecutive positions of a delay chain held in SRAM
// (an sl_sram used as a circular buffer), for the SRAM runs of a
// UB_DELAY_CHAIN buffer (ub_buffer.runs; the layout rule: ubuffer/ubuffer.c).
// Part of the sluice hardware library (rtlgen/lib/, contract: docs/hardware.md).
//
// Parameters
//   W      data width in bits (>= 1)
//   DEPTH  number of chain positions (>= 1; the contract asks for >= 2,
//          and DEPTH = 1 is built as a plain register)
//
// Behaviour and timing
//   The segment holds positions 0 .. DEPTH-1 of a chain. At a rising edge
//   with shift high, din enters position 0 and every value moves one
//   position on (the value at DEPTH-1 leaves). dout is the value at position
//   DEPTH-1, the oldest: it is the din of the DEPTH-th shift before, and it
//   is valid (from a register) right after the edge, so the next register of
//   the chain can take it on the following shift.
//   Implementation: the write pointer wp names the oldest word; a shift
//   writes din there and advances wp. The registered read prefetches: its
//   address is the oldest word after this edge (wp + 1 when shifting, else
//   wp). With DEPTH >= 2 that word is never the one being written, so the
//   SRAM's same-address behaviour does not matter. (With DEPTH = 1 it would
//   be, hence the register.)
//   Contents are undefined until DEPTH shifts have happened. wp starts at 0
//   (register initial value); when DEPTH is a power of two any power-up
//   value works.
//   ce (clock enable): an edge with ce low changes nothing (no shift).
module sl_fifo_seg #(
  parameter W = 8,
  parameter DEPTH = 16
) (
  input          clk,
  input          ce,
  input          shift,
  input  [W-1:0] din,
  output [W-1:0] dout
);
  localparam AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam [31:0] LAST = DEPTH - 1;

  generate
    if (DEPTH == 1) begin : g_reg
      reg [W-1:0] q;
      always @(posedge clk)
        if (ce && shift)
          q <= din;
      assign dout = q;
    end else begin : g_sram
      // wp: the oldest position's address; wp_n: the next one, kept in a
      // register so that the read address is one multiplexer from flops;
      // wrap_n: wp_n is the last address, kept a step ahead so that no
      // comparator sits between wp_n and its next value.
      localparam [AW-1:0] INIT_N = (LAST[AW-1:0] == {AW{1'b0}}) ? {AW{1'b0}}
                                                            : {{(AW-1){1'b0}}, 1'b1};
      reg  [AW-1:0] wp = {AW{1'b0}};
      reg  [AW-1:0] wp_n = INIT_N;
      reg           wrap_n = (INIT_N == LAST[AW-1:0]);
      wire [AW-1:0] raddr = shift ? wp_n : wp;

      always @(posedge clk)
        if (ce && shift) begin
          wp <= wp_n;
          wp_n <= wrap_n ? {AW{1'b0}} : wp_n + 1'b1;
          wrap_n <= !wrap_n && wp_n == LAST[AW-1:0] - 1'b1;
        end

      sl_sram #(.W(W), .DEPTH(DEPTH)) u_sram (
        .clk(clk), .ce(ce), .wen(shift), .waddr(wp), .wdata(din),
        .raddr(raddr), .rdata(dout)
      );
    end
  endgenerate
endmodule
