// sl_pub_follow: a controller of sl_pub (with STATIC) that is no
// controller of its own: it fires D cycles (0 .. 3) after controller
// "src" fires, at src's address plus OFF (mod 2^AGW).  The compiler gives
// it only to a controller whose nest, extents and strides are src's and
// whose start and address start differ from src's by D and OFF, so it
// fires exactly where its own registers would (docs/pub.md, "Shared
// controllers").  Part of the sluice hardware library (rtlgen/lib/).
// The delayed fires shift only in enabled cycles; flush
// and rst drop those not yet presented.
module sl_pub_follow #(
  parameter AGW = 9,
  parameter integer D = 0,
  parameter [AGW-1:0] OFF = 0
) (
  input            clk,
  input            clk_en,
  input            flush,
  input            rst,
  input            src_fire,
  input  [AGW-1:0] src_addr,
  input            src_active,
  output           fire,
  output [AGW-1:0] addr,
  output           active
);
  wire [AGW-1:0] moved = src_addr + OFF;
  generate
    if (D == 0) begin : now
      wire unused_follow = clk ^ clk_en ^ flush ^ rst;
      assign fire = src_fire;
      assign addr = moved;
      assign active = src_active;
    end else begin : late
      reg [D-1:0]     f;               // f[i]: src fired i + 1 cycles ago
      reg [D*AGW-1:0] a;               // its address moved, a[i*AGW +: AGW]
      wire [D-1:0]     f_in;           // f and a shifted by one, src's taken
      wire [D*AGW-1:0] a_in;
      if (D == 1) begin : one
        assign f_in = src_fire;
        assign a_in = moved;
      end else begin : more
        assign f_in = {f[D-2:0], src_fire};
        assign a_in = {a[(D-1)*AGW-1:0], moved};
      end
      always @(posedge clk)
        if (rst || flush)
          f <= {D{1'b0}};
        else if (clk_en)
          f <= f_in;
      always @(posedge clk)
        if (clk_en)
          a <= a_in;
      assign fire = f[D-1] && clk_en;
      assign addr = a[(D-1)*AGW +: AGW];
      assign active = src_active || |f;
    end
  endgenerate
endmodule
