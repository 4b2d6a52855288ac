// tests/rtl/lint/lint_srampf_d1.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). A prefetched block-RAM
// read port of 1 word(s).
module lint_srampf_d1 (input clk, input ce, input wen, input waddr,
                      input [11:0] wdata, input raddr_nx,
                      output [11:0] rdata);
  sl_sram_pf #(.W(12), .DEPTH(1))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr_nx(raddr_nx),
       .rdata(rdata));
endmodule
