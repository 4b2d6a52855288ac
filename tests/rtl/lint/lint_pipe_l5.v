// tests/rtl/lint/lint_pipe_l5.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Five stages, 33 bits.
module lint_pipe_l5 (input clk, input ce, input rst, input in_valid, input [32:0] in_data,
                     output out_valid, output [32:0] out_data);
  sl_pipe #(.W(33), .L(5))
    u (.clk(clk), .ce(ce), .rst(rst), .in_valid(in_valid), .in_data(in_data),
       .out_valid(out_valid), .out_data(out_data));
endmodule
