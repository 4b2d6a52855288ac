/* rtlgen/control.c: the AXI4-Lite control slave of a top level
 * (--control axilite).
 * Stage: rtlgen.  In place of the ports start, done, ready and the
 * configuration bus (cfg_we, cfg_addr, cfg_data of --runtime-config),
 * the top level has one AXI4-Lite slave, s_axil_*, and an interrupt,
 * irq: an sl_axilite_ctrl (rtlgen/lib/) drives wires of those names, so
 * the run control and the configuration registers read them as they
 * read the ports (docs/hardware.md, "AXI4-Lite control").  In the native
 * top the slave sits beside the run control; under the AXI4-Stream
 * wrapper it sits in the wrapper, and the core tells it 'running'.
 * Owns nothing. */
#include "rtlgen/rtlgen_private.h"

void rtl_axil_ports(rtl_gen *g)
{
	fprintf(g->out, "    input  wire [4:0] s_axil_awaddr,\n    input  wire s_axil_awvalid,\n"
		"    output wire s_axil_awready,\n    input  wire [31:0] s_axil_wdata,\n"
		"    input  wire [3:0] s_axil_wstrb,\n    input  wire s_axil_wvalid,\n"
		"    output wire s_axil_wready,\n    output wire [1:0] s_axil_bresp,\n"
		"    output wire s_axil_bvalid,\n    input  wire s_axil_bready,\n"
		"    input  wire [4:0] s_axil_araddr,\n    input  wire s_axil_arvalid,\n"
		"    output wire s_axil_arready,\n    output wire [31:0] s_axil_rdata,\n"
		"    output wire [1:0] s_axil_rresp,\n    output wire s_axil_rvalid,\n"
		"    input  wire s_axil_rready,\n    output wire irq");
}

void rtl_axil_decls(rtl_gen *g)
{
	FILE *o = g->out;
	int ta = 1, cw = 1;
	if (rtl_runtime(g))
		rtl_rt_bus_bits(g, &ta, &cw);
	fprintf(o, "    // The run control's ports, driven by the AXI4-Lite slave below\n"
		"    wire start;\n    wire done;\n");
	fprintf(o, g->pub || rtl_runtime(g) ? "    wire ready;\n" : "    wire ready = 1'b1;  // nothing to configure\n");
	fprintf(o, "    wire cfg_we;\n    wire [%d:0] cfg_addr;\n    wire [%d:0] cfg_data;%s\n\n",
		ta - 1, cw - 1, rtl_runtime(g) ? "" : "  // no configuration registers");
	if (!rtl_runtime(g)) {
		rtl_sink(g, "cfg_we");
		rtl_sink(g, "cfg_addr");
		rtl_sink(g, "cfg_data");
	}
}

void rtl_axil_slave(rtl_gen *g, const char *running, const char *done)
{
	FILE *o = g->out;
	int ta = 1, cw = 1;
	if (rtl_runtime(g))
		rtl_rt_bus_bits(g, &ta, &cw);
	fprintf(o, "    // ======== AXI4-Lite control (docs/hardware.md, \"AXI4-Lite control\"):\n"
		"    // START, DONE, IDLE, READY, the done interrupt%s\n",
		rtl_runtime(g) ? " and the configuration bus" : "");
	fprintf(o, "    sl_axilite_ctrl #(.TA(%d), .CW(%d)) axil (.clk(clk), .rst(rst),\n"
		"        .awaddr(s_axil_awaddr), .awvalid(s_axil_awvalid), "
		".awready(s_axil_awready),\n"
		"        .wdata(s_axil_wdata), .wstrb(s_axil_wstrb), .wvalid(s_axil_wvalid), "
		".wready(s_axil_wready),\n"
		"        .bresp(s_axil_bresp), .bvalid(s_axil_bvalid), .bready(s_axil_bready),\n"
		"        .araddr(s_axil_araddr), .arvalid(s_axil_arvalid), "
		".arready(s_axil_arready),\n"
		"        .rdata(s_axil_rdata), .rresp(s_axil_rresp), .rvalid(s_axil_rvalid), "
		".rready(s_axil_rready),\n"
		"        .irq(irq), .start(start), .running(%s), .done(%s), .ready(ready),\n"
		"        .cfg_we(cfg_we), .cfg_addr(cfg_addr), .cfg_data(cfg_data));\n\n",
		ta, cw, running, done);
}
