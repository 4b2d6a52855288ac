// tests/rtl/lint/lint_romsync_d1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). One entry, read a cycle late.
module lint_romsync_d1 (input clk, input ce, input addr, output [6:0] data);
  sl_rom_sync #(.W(7), .DEPTH(1), .DATA(7'h55)) u (.clk(clk), .ce(ce), .addr(addr),
    .data(data));
endmodule
