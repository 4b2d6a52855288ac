// tests/rtl/lint/lint_ram_d5.v: a wrapper top that instantiates the hardware
// library the way rtlgen does, for `verilator --lint-only -Wall` and Yosys
// `synth; check -assert` (tests/rtl/check_lib.sh). Five words, three read ports.
module lint_ram_d5 (input clk, input ce, input wen, input [2:0] waddr, input [9:0] wdata,
                    input [8:0] raddr, output [29:0] rdata);
  sl_ram #(.W(10), .DEPTH(5), .NR(3))
    u (.clk(clk), .ce(ce), .wen(wen), .waddr(waddr), .wdata(wdata), .raddr(raddr),
       .rdata(rdata));
endmodule
