// tests/rtl/lint/lint_sched_wide.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). An extent past 2^31 (a
// 32-bit index counter), an extent-1 dimension with an unused DELTA of 0,
// START 0.
module lint_sched_wide (input clk, input ce, input rst, input go,
                        output fire, output [63:0] idx, output [63:0] nidx, output active);
  sl_sched #(.N(2), .TW(44), .EXT({32'd1, 32'd4000000000}),
             .DELTA({44'd0, 44'd3}), .START(44'd0))
    u (.clk(clk), .ce(ce), .rst(rst), .go(go), .fire(fire), .idx(idx), .nidx(nidx),
       .active(active));
endmodule
