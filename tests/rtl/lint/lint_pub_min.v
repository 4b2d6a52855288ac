// tests/rtl/lint/lint_pub_min.v: a wrapper top that instantiates the hardware
// library's push-memory tile (docs/pub.md), for `verilator --lint-only -Wall`
// and Yosys `synth; check -assert` (tests/rtl/check_lib.sh). The smallest
// parameters: 1-bit words, FW 1, 2 SRAM words, one port each way, one level,
// 2-bit counters, the SPRAM variant of the memory.
module lint_pub_min (input clk, input rst, input clk_en, input flush, input cfg_we,
                     input [4:0] cfg_addr, input [1:0] cfg_data, input in_data,
                     output in_en, output out_valid, output out_data,
                     input chain_valid, input chain_data, output busy);
  sl_pub #(.W(1), .FW(1), .DEPTH(2), .NI(1), .NO(1), .LEVELS(1), .CW(2), .SPRAM(1))
    u (.clk(clk), .rst(rst), .clk_en(clk_en), .flush(flush), .cfg_we(cfg_we),
       .cfg_addr(cfg_addr), .cfg_data(cfg_data), .in_data(in_data), .in_en(in_en),
       .out_valid(out_valid), .out_data(out_data), .chain_valid(chain_valid),
       .chain_data(chain_data), .busy(busy));
endmodule
