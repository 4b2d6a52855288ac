// tests/verilator/two.v: a hand-written module for two.sl that follows the
// interface and timing of docs/hardware.md, so that the Verilator harness
// can be tested without the generator.  Schedule (sluice compile two.sl):
// inputs a and b stream at t = 5*y + x (cycles 0..14), s and m fire at
// t + 1 and are written (valid) at t + 2; done rises in cycle 17.
module sluice_two (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    output reg         done,
    output wire        a_en,
    input  wire [7:0]  a_data,
    output wire        b_en,
    input  wire [15:0] b_data,
    output reg         s_valid,
    output reg  [15:0] s_data,
    output reg         m_valid,
    output reg  [7:0]  m_data
);
    localparam [15:0] N = 16'd15;	// elements per stream
    localparam [15:0] LAST = 16'd17;	// predicted_cycles

    reg        go;	// high in cycle -1: start was sampled in cycle -2
    reg        running;
    reg [15:0] cyc;
    reg        in_v;	// the input registers hold an element (cycle t + 1)
    reg [7:0]  a_q;
    reg [15:0] b_q;

    assign a_en = running && cyc < N;
    assign b_en = running && cyc < N;

    always @(posedge clk) begin
        go <= !rst && start && !running && !go;
        if (rst) begin
            running <= 1'b0;
            done <= 1'b0;
            cyc <= 16'd0;
            in_v <= 1'b0;
            s_valid <= 1'b0;
            m_valid <= 1'b0;
        end else begin
            if (go) begin
                running <= 1'b1;
                done <= 1'b0;
                cyc <= 16'd0;
            end else if (running) begin
                cyc <= cyc + 16'd1;
                if (cyc + 16'd1 == LAST) begin
                    running <= 1'b0;
                    done <= 1'b1;
                end
            end
            in_v <= a_en;
            s_valid <= in_v;
            m_valid <= in_v;
        end
        a_q <= a_data;
        b_q <= b_data;
        s_data <= {{8{1'b0}}, a_q} + b_q;
        m_data <= a_q ^ 8'd90;
    end
endmodule
