// tests/rtl/lint/lint_sched_rt_n3.v: a wrapper top that instantiates the hardware
// library the way rtlgen does with --runtime-config, for `verilator --lint-only -Wall`
// and Yosys `synth; check -assert` (tests/rtl/check_lib.sh): three dimensions, the
// schedule from inputs, 16-bit fields.
module lint_sched_rt_n3 (input clk, input ce, input rst, input go,
                         input [47:0] ext, input [47:0] delta, input [15:0] start,
                         output fire, output [95:0] idx, output [95:0] nidx, output active);
  sl_sched_rt #(.N(3), .TW(16), .XW(16))
    u (.clk(clk), .ce(ce), .rst(rst), .go(go), .ext(ext), .delta(delta), .start(start),
       .fire(fire), .idx(idx), .nidx(nidx), .active(active));
endmodule
