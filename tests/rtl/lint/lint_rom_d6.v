// tests/rtl/lint/lint_rom_d6.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Six entries (padded to eight).
module lint_rom_d6 (input [2:0] addr, output [3:0] data);
  sl_rom #(.W(4), .DEPTH(6), .DATA(24'hfedcba)) u (.addr(addr), .data(data));
endmodule
