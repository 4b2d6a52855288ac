// tests/rtl/lint/lint_sched_rt_min.v: the smallest sl_sched_rt (one dimension,
// 2-bit fields; 32-bit index counters in a second instance), for
// `verilator --lint-only -Wall` and Yosys (tests/rtl/check_lib.sh).
module lint_sched_rt_min (input clk, input ce, input rst, input go,
                          input [1:0] ext, input [1:0] delta, input [1:0] start,
                          input [31:0] ext32, input [62:0] delta63, input [62:0] start63,
                          output [1:0] fire, output [63:0] idx, output [63:0] nidx,
                          output [1:0] active);
  sl_sched_rt #(.N(1), .TW(2), .XW(2))
    u0 (.clk(clk), .ce(ce), .rst(rst), .go(go), .ext(ext), .delta(delta), .start(start),
       .fire(fire[0]), .idx(idx[31:0]), .nidx(nidx[31:0]), .active(active[0]));
  sl_sched_rt #(.N(1), .TW(63), .XW(32))
    u1 (.clk(clk), .ce(ce), .rst(rst), .go(go), .ext(ext32), .delta(delta63), .start(start63),
       .fire(fire[1]), .idx(idx[63:32]), .nidx(nidx[63:32]), .active(active[1]));
endmodule
