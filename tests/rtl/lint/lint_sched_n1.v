// tests/rtl/lint/lint_sched_n1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). One dimension.
module lint_sched_n1 (input clk, input ce, input rst, input go,
                      output fire, output [31:0] idx, output [31:0] nidx, output active);
  sl_sched #(.N(1), .TW(8), .EXT(32'd5), .DELTA(8'd2), .START(8'd3))
    u (.clk(clk), .ce(ce), .rst(rst), .go(go), .fire(fire), .idx(idx), .nidx(nidx),
       .active(active));
endmodule
