// tests/rtl/lint/lint_sram_d100.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Not a power of two.
module lint_sram_d100 (input clk, input ce, input wen, input [6:0] waddr,
                       input [15:0] wdata, input [6:0] raddr,
                       output [15:0] rdata);
  sl_sram #(.W(16), .DEPTH(100))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr(raddr),
       .rdata(rdata));
endmodule
