// tests/rtl/lint/lint_sched_n8.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Eight dimensions, a wide counter.
module lint_sched_n8 (input clk, input ce, input rst, input go,
                      output fire, output [255:0] idx, output [255:0] nidx, output active);
  sl_sched #(.N(8), .TW(40), .EXT({8{32'd2}}), .DELTA({8{40'd1}}),
             .START(40'd0))
    u (.clk(clk), .ce(ce), .rst(rst), .go(go), .fire(fire), .idx(idx), .nidx(nidx),
       .active(active));
endmodule
