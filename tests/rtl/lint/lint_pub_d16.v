// tests/rtl/lint/lint_pub_d16.v: a wrapper top that instantiates the hardware
// library's push-memory tile (docs/pub.md), for `verilator --lint-only -Wall`
// and Yosys `synth; check -assert` (tests/rtl/check_lib.sh). The default
// parameters but a 16-word SRAM (generic synth maps the SRAM to flip-flops).
module lint_pub_d16 (input clk, input rst, input clk_en, input flush, input cfg_we,
                     input [7:0] cfg_addr, input [15:0] cfg_data, input [31:0] in_data,
                     output [1:0] in_en, output [1:0] out_valid, output [31:0] out_data,
                     input [1:0] chain_valid, input [31:0] chain_data, output busy);
  sl_pub #(.W(16), .FW(4), .DEPTH(16), .NI(2), .NO(2), .LEVELS(6), .CW(16))
    u (.clk(clk), .rst(rst), .clk_en(clk_en), .flush(flush), .cfg_we(cfg_we),
       .cfg_addr(cfg_addr), .cfg_data(cfg_data), .in_data(in_data), .in_en(in_en),
       .out_valid(out_valid), .out_data(out_data), .chain_valid(chain_valid),
       .chain_data(chain_data), .busy(busy));
endmodule
