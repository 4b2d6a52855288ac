// tests/rtl/lint/lint_fifo_d64.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). A power of two.
module lint_fifo_d64 (input clk, input ce, input shift, input [7:0] din,
                      output [7:0] dout);
  sl_fifo_seg #(.W(8), .DEPTH(64))
    u (.clk(clk), .ce(ce), .shift(shift), .din(din), .dout(dout));
endmodule
