// tests/rtl/lint/lint_sram_512x8.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). One iCE40 block RAM.
module lint_sram_512x8 (input clk, input ce, input wen, input [8:0] waddr,
                        input [7:0] wdata, input [8:0] raddr,
                        output [7:0] rdata);
  sl_sram #(.W(8), .DEPTH(512))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr(raddr),
       .rdata(rdata));
endmodule
