// tests/rtl/lint/lint_fifo_d1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Depth 1 (a register).
module lint_fifo_d1 (input clk, input ce, input shift, input [4:0] din,
                     output [4:0] dout);
  sl_fifo_seg #(.W(5), .DEPTH(1))
    u (.clk(clk), .ce(ce), .shift(shift), .din(din), .dout(dout));
endmodule
