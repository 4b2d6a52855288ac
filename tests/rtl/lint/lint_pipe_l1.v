// tests/rtl/lint/lint_pipe_l1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). The shortest pipeline, 1 bit.
module lint_pipe_l1 (input clk, input ce, input rst, input in_valid, input in_data,
                     output out_valid, output out_data);
  sl_pipe #(.W(1), .L(1))
    u (.clk(clk), .ce(ce), .rst(rst), .in_valid(in_valid), .in_data(in_data),
       .out_valid(out_valid), .out_data(out_data));
endmodule
