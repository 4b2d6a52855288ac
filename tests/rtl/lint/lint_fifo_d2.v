// tests/rtl/lint/lint_fifo_d2.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). The minimum depth.
module lint_fifo_d2 (input clk, input ce, input shift, input din, output dout);
  sl_fifo_seg #(.W(1), .DEPTH(2))
    u (.clk(clk), .ce(ce), .shift(shift), .din(din), .dout(dout));
endmodule
