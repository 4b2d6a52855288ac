// tests/rtl/lint/lint_fifo_d37.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). A depth that is not a power of two.
module lint_fifo_d37 (input clk, input ce, input shift, input [11:0] din,
                      output [11:0] dout);
  sl_fifo_seg #(.W(12), .DEPTH(37))
    u (.clk(clk), .ce(ce), .shift(shift), .din(din), .dout(dout));
endmodule
