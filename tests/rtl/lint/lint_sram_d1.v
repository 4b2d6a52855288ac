// tests/rtl/lint/lint_sram_d1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). One word.
module lint_sram_d1 (input clk, input ce, input wen, input waddr, input [3:0] wdata,
                     input raddr, output [3:0] rdata);
  sl_sram #(.W(4), .DEPTH(1))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr(raddr),
       .rdata(rdata));
endmodule
