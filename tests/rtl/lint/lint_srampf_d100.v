// tests/rtl/lint/lint_srampf_d100.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). A prefetched block-RAM
// read port of 100 word(s).
module lint_srampf_d100 (input clk, input ce, input wen, input [6:0] waddr,
                      input [11:0] wdata, input [6:0] raddr_nx,
                      output [11:0] rdata);
  sl_sram_pf #(.W(12), .DEPTH(100))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr_nx(raddr_nx),
       .rdata(rdata));
endmodule
