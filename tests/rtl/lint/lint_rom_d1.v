// tests/rtl/lint/lint_rom_d1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). One entry.
module lint_rom_d1 (input addr, output [6:0] data);
  sl_rom #(.W(7), .DEPTH(1), .DATA(7'h55)) u (.addr(addr), .data(data));
endmodule
