// tests/rtl/lint/lint_sched_n3.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Three dimensions, extent 1 in the middle.
module lint_sched_n3 (input clk, input ce, input rst, input go,
                      output fire, output [95:0] idx, output [95:0] nidx, output active);
  sl_sched #(.N(3), .TW(16), .EXT({32'd4, 32'd1, 32'd3}),
             .DELTA({16'd1, 16'd7, 16'd7}), .START(16'd10))
    u (.clk(clk), .ce(ce), .rst(rst), .go(go), .fire(fire), .idx(idx), .nidx(nidx),
       .active(active));
endmodule
