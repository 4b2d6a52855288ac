// tests/rtl/lint/lint_pub_static.v: a wrapper top that instantiates the
// hardware library's push-memory tile (docs/pub.md) with its configuration
// constant (STATIC) and shared controllers, for `verilator --lint-only
// -Wall` and Yosys `synth; check -assert` (tests/rtl/check_lib.sh). One
// input, three outputs, two levels, 8-bit fields (9 registers of 8 bits a
// controller, 8 controllers); RD_1 repeats RD_0 0 cycles later, RD_2 2
// cycles later, OUT_1 repeats OUT_0 1 cycle later, OUT_2 3 cycles later
// (SHARE bytes 0x80 | delay << 5 | source: 0x82, 0xc2, 0xa5, 0xe5). The
// values are arbitrary: lint and synthesis only.
module lint_pub_static (input clk, input rst, input clk_en, input flush, input [7:0] in_data,
                        output in_en, output [2:0] out_valid, output [23:0] out_data,
                        output busy);
  sl_pub #(.W(8), .FW(2), .DEPTH(64), .NI(1), .NO(3), .LEVELS(2), .CW(8), .EW(6),
           .STATIC(1),
           .CFG({8{72'h04_01_02_01_03_1f_05_07_01}}),
           .SHARE(64'he5_a5_00_c2_82_00_00_00))
    u (.clk(clk), .rst(rst), .clk_en(clk_en), .flush(flush), .cfg_we(1'b0),
       .cfg_addr(7'd0), .cfg_data(8'd0), .in_data(in_data), .in_en(in_en),
       .out_valid(out_valid), .out_data(out_data), .chain_valid(3'd0),
       .chain_data(24'd0), .busy(busy));
endmodule
