/* rtlgen/axis.c: the AXI4-Stream wrapper of a program's module.
 * Stage: rtlgen, after the core (rtlgen.c writes it as sluice_<name>_core
 * with a clock enable).  Writes sluice_<name>: one AXI4-Stream slave per
 * input, one master per output, the global clock enable that advances the
 * core one scheduled cycle only when every input it takes has TVALID and
 * every output it writes has room, a two-entry skid buffer per output and
 * the framing (TUSER[0] start of frame, TLAST end of row) both ways
 * (docs/hardware.md, "AXI4-Stream interface").  A port group of k lanes
 * is one stream of k pixels a beat: lane l in TDATA bytes l*B .. l*B+B-1
 * (B = ceil(N/8) bytes of an N-bit lane), the core's k*N bits packed
 * tight; the lanes past the extent in a row's last beat are 0 on the
 * masters.  Owns nothing. */
#include <string.h>

#include "rtlgen/rtlgen_private.h"

/* One stream: its core port, its data width and its framing. */
typedef struct axis_port {
	const char *name;	/* the core's port name (identifier form) */
	int lanes;		/* pixels a beat (k) */
	int lane_bits;		/* each pixel's width (N) */
	int bits;		/* the core's data width, k * N */
	int bytes;		/* TDATA bytes, k * ceil(N/8) */
	int tail;		/* the pixels of a row's last beat, 1 .. k */
	int64_t row;		/* beats per row (rtl_port_frame) */
	int64_t rows;		/* rows per frame */
	int64_t inner;		/* beats per lane-dimension index (1: lanes innermost) */
	int rt;			/* its ROW_LAST/ROWS_LAST pair (--runtime-config) */
} axis_port;

/* The stream of declaration "d" (lane 0 of a group), over the box of
 * extents ext[0 .. n_dims) (lane 0's words). */
static axis_port axis_port_of(const char *name, const ir_decl *d, int n_dims,
	const int64_t *ext)
{
	int k = d->lanes > 1 ? d->lanes : 1, n = d->type.bits;
	axis_port p = { name, k, n, k * n, k * ((n + 7) / 8), rtl_port_tail(d), 1, 1, 1, 0 };
	rtl_port_frame(d, n_dims, ext, &p.row, &p.rows, &p.inner);
	return p;
}

/* A stage that is not a port of its own: not an input or output, or a
 * lane after lane 0 (the lanes of a declaration are one port group, one
 * stream of k words: lane 0 in the low bits of the core's data). */
static bool axis_skip(const rtl_stage *st)
{
	return (!st->s->is_input && !st->s->is_output) ||
		(rtl_lanes(st->s) > 1 && st->s->decl->lane > 0);
}

/* The core's data bits of a port group. */
static int axis_bits(const rtl_stage *st)
{
	return rtl_lanes(st->s) * st->s->decl->type.bits;
}

static const char *axis_range(rtl_gen *g, int w)
{
	return w == 1 ? "" : rtl_fmt(g, "[%d:0] ", w - 1);
}

/* The k lanes of "src", lane l in bits l*stride .. l*stride+n-1, as one
 * word of k*n bits (lane 0 low), each lane "pad" zero bits wider; the
 * plain slice when the lanes are already tight or there is one (inputs:
 * "pad" 0). */
static const char *axis_lanes(rtl_gen *g, const char *src, int k, int n, int stride,
	int pad)
{
	if (k == 1 || (stride == n && !pad))
		return rtl_fmt(g, "%s[%d:0]", src, k * n - 1);
	const char *s = "{";
	for (int l = k - 1; l >= 0; l--)
		s = rtl_fmt(g, "%s%s%s[%d:%d]%s%s", s, pad ? rtl_fmt(g, "{%d'd0, ", pad) : "",
			src, l * stride + n - 1, l * stride, pad ? "}" : "", l ? ", " : "}");
	return s;
}

static void axis_ports(rtl_gen *g, const char *module)
{
	FILE *o = g->out;
	fprintf(o, "module %s (\n    input  wire clk,\n    input  wire rst,\n", module);
	if (g->axilite)
		rtl_axil_ports(g);
	else
		fprintf(o, "    input  wire start,\n    output wire done");
	fprintf(o, ",\n    output wire error,\n    output wire advance");
	if (!g->axilite && (g->pub || rtl_runtime(g)))
		fprintf(o, ",\n    output wire ready");
	if (!g->axilite && rtl_runtime(g))
		rtl_rt_ports(g);
	for (int i = 0; i < g->sp->n_stmts; i++) {
		const rtl_stage *st = &g->stages[i];
		if (axis_skip(st))
			continue;
		int w = rtl_lanes(st->s) * ((st->s->decl->type.bits + 7) / 8 * 8);
		const char *nm = rtl_port(g, st);
		const char *pre = st->s->is_input ? "s_axis" : "m_axis";
		const char *in = st->s->is_input ? "input " : "output", *out = st->s->is_input
			? "output" : "input ";
		fprintf(o, ",\n    %s wire %s%s_%s_tdata,\n    %s wire %s_%s_tvalid,\n"
			"    %s wire %s_%s_tready,\n    %s wire %s_%s_tuser,\n"
			"    %s wire %s_%s_tlast", in, axis_range(g, w), pre, nm, in, pre,
			nm, out, pre, nm, in, pre, nm, in, pre, nm);
	}
	fprintf(o, "\n);\n\n");
}

/* The counters' update: NAME_col wraps at NAME_eol, NAME_row at the row
 * "last_row" (a literal, or the configured NAME_rows_last). */
static void axis_count(FILE *o, const char *nm, int cw, int rw, const char *step,
	const char *last_row)
{
	fprintf(o, "    always @(posedge clk)\n"
		"        if (rst) begin\n"
		"            %s_col <= %d'd0;\n            %s_row <= %d'd0;\n"
		"        end else if (%s) begin\n"
		"            %s_col <= %s_eol ? %d'd0 : %s_col + %d'd1;\n"
		"            if (%s_eol)\n"
		"                %s_row <= %s_row == %s ? %d'd0 : %s_row + %d'd1;\n"
		"        end\n",
		nm, cw, nm, rw, step, nm, nm, cw, nm, cw, nm, nm, nm, last_row, rw, nm, rw);
}

/* axis_framer with the row length and the rows from configuration
 * registers, NAME_row_last and NAME_rows_last (--runtime-config). */
static void axis_framer_rt(rtl_gen *g, const char *nm, const axis_port *p, const char *step)
{
	FILE *o = g->out;
	int xw = rtl_rt_ext_bits(g);
	fprintf(o, "    reg [%d:0] %s_row_last;   // configured: the last column\n"
		"    reg [%d:0] %s_rows_last;  // and the last row of a frame\n", xw - 1, nm, xw - 1, nm);
	fprintf(o, "    always @(posedge clk)\n        if (cfg_we)\n            case (cfg_addr)\n"
		"            %s: %s_row_last <= cfg_data[%d:0];\n"
		"            %s: %s_rows_last <= cfg_data[%d:0];\n"
		"            default: ;\n            endcase\n", rtl_rt_stream_addr(g, p->rt, 0), nm,
		xw - 1, rtl_rt_stream_addr(g, p->rt, 1), nm, xw - 1);
	fprintf(o, "    reg [%d:0] %s_col;  // the element's column\n"
		"    reg [%d:0] %s_row;  // its row in the frame\n", xw - 1, nm, xw - 1, nm);
	fprintf(o, "    wire %s_sof = %s_col == %d'd0 && %s_row == %d'd0;\n"
		"    wire %s_eol = %s_col == %s_row_last;\n", nm, nm, xw, nm, xw, nm, nm, nm);
	axis_count(o, nm, xw, xw, step, rtl_fmt(g, "%s_rows_last", nm));
}

/* A column and a row counter over one stream's frame; "step" advances
 * them.  Declares NAME_col, NAME_row, NAME_sof (first element of a frame)
 * and NAME_eol (last element of a row). */
static void axis_framer(rtl_gen *g, const char *nm, const axis_port *p, const char *step)
{
	if (rtl_runtime(g)) {
		axis_framer_rt(g, nm, p, step);
		return;
	}
	FILE *o = g->out;
	int cw = sl_bits_for(p->row - 1), rw = sl_bits_for(p->rows - 1);
	fprintf(o, "    reg [%d:0] %s_col;  // the element's column, of %lld\n"
		"    reg [%d:0] %s_row;  // its row, of %lld per frame\n",
		cw - 1, nm, (long long) p->row, rw - 1, nm, (long long) p->rows);
	fprintf(o, "    wire %s_sof = %s_col == %d'd0 && %s_row == %d'd0;\n"
		"    wire %s_eol = %s_col == %d'd%lld;\n", nm, nm, cw, nm, rw,
		nm, nm, cw, (long long) (p->row - 1));
	axis_count(o, nm, cw, rw, step, rtl_fmt(g, "%d'd%lld", rw, (long long) (p->rows - 1)));
}

/* The comment that opens a stream's part of the wrapper. */
static void axis_comment(rtl_gen *g, const char *dir, const axis_port *p)
{
	if (rtl_runtime(g))
		fprintf(g->out, "    // %s '%s': %d-bit elements in %d-byte TDATA, rows configured\n",
			dir, p->name, p->bits, p->bytes);
	else if (p->lanes == 1)
		fprintf(g->out, "    // %s '%s': %d-bit elements in %d-byte TDATA, rows of %lld\n",
			dir, p->name, p->bits, p->bytes, (long long) p->row);
	else if (p->inner == 1)
		fprintf(g->out, "    // %s '%s': %d %d-bit pixels a beat in %d-byte TDATA "
			"(lane 0 low), rows of %lld beats, %d pixel%s in the last\n", dir, p->name,
			p->lanes, p->lane_bits, p->bytes, (long long) p->row, p->tail,
			p->tail == 1 ? "" : "s");
	else
		fprintf(g->out, "    // %s '%s': %d %d-bit pixels a beat in %d-byte TDATA "
			"(lane 0 low), rows of %lld beats, the lanes along a dimension of %lld beats "
			"an index, %d pixel%s in each of the last %lld\n", dir, p->name, p->lanes,
			p->lane_bits, p->bytes, (long long) p->row, (long long) p->inner, p->tail,
			p->tail == 1 ? "" : "s", (long long) p->inner);
}

/* An input stream: TREADY when the core takes an element in an enabled
 * cycle; the framing checked on every transfer. */
static void axis_input(rtl_gen *g, const axis_port *p)
{
	FILE *o = g->out;
	const char *nm = rtl_fmt(g, "s_axis_%s", p->name);
	axis_comment(g, "input", p);
	fprintf(o, "    assign %s_tready = core_%s_en && ce;\n", nm, p->name);
	fprintf(o, "    wire %s_take = %s_tvalid && %s_tready;\n", nm, nm, nm);
	axis_framer(g, nm, p, rtl_fmt(g, "%s_take", nm));
	fprintf(o, "    wire %s_bad = %s_take && (%s_tuser != %s_sof || %s_tlast != %s_eol);\n",
		nm, nm, nm, nm, nm, nm);
	if (p->bytes * 8 > p->bits)
		rtl_sink(g, rtl_fmt(g, "%s_tdata", nm));
	fputc('\n', o);
}

/* A master's TDATA from the head entry: each lane in its bytes, the pad
 * bits 0. */
static void axis_tdata(rtl_gen *g, const char *nm, const axis_port *p)
{
	FILE *o = g->out;
	int tw = p->bytes * 8;
	if (p->lanes > 1)
		fprintf(o, "    assign %s_tdata = %s;\n", nm, axis_lanes(g, rtl_fmt(g, "%s_e0", nm),
			p->lanes, p->lane_bits, p->lane_bits, tw / p->lanes - p->lane_bits));
	else if (tw > p->bits)
		fprintf(o, "    assign %s_tdata = {%d'd0, %s_e0[%d:0]};\n", nm, tw - p->bits, nm,
			p->bits - 1);
	else
		fprintf(o, "    assign %s_tdata = %s_e0[%d:0];\n", nm, nm, p->bits - 1);
}

/* Is the beat of master "nm" one of its row's last lane-dimension index
 * (the beats that hold padding lanes): the row's last beat when the lanes
 * run along the innermost dimension, else one of its last p->inner. */
static const char *axis_lastx(rtl_gen *g, const char *nm, const axis_port *p)
{
	if (p->inner == 1)
		return rtl_fmt(g, "%s_eol", nm);
	if (!rtl_runtime(g))
		return rtl_fmt(g, "(%s_col >= %d'd%lld)", nm, sl_bits_for(p->row - 1),
			(long long) (p->row - p->inner));
	int xw = rtl_rt_ext_bits(g);
	return rtl_fmt(g, "({1'b0, %s_col} + %d'd%lld > {1'b0, %s_row_last})", nm, xw + 1,
		(long long) p->inner, nm);
}

/* The data of a master of lanes under --runtime-config: the lanes of a
 * row's last beat from lane TAIL on 0, TAIL (1 .. k) a configuration
 * register, NAME_tail: the row length modulo k is the size's. */
static const char *axis_tail_rt(rtl_gen *g, const char *nm, const axis_port *p,
	const char *data)
{
	FILE *o = g->out;
	int tb = sl_bits_for(p->lanes), n = p->lane_bits;
	fprintf(o, "    reg [%d:0] %s_tail;  // configured: the pixels of a row's last beat\n"
		"    always @(posedge clk)\n        if (cfg_we && cfg_addr == %s)\n"
		"            %s_tail <= cfg_data[%d:0];\n", tb - 1, nm,
		rtl_rt_stream_addr(g, p->rt, 2), nm, tb - 1);
	const char *s = "";
	for (int l = p->lanes - 1; l >= 1; l--)
		s = rtl_fmt(g, "%s(%s && %s_tail <= %d'd%d ? %d'd0 : %s[%d:%d]), ", s,
			axis_lastx(g, nm, p), nm, tb, l, n, data, l * n + n - 1, l * n);
	return rtl_fmt(g, "%s%s[%d:0]", s, data, n - 1);
}

/* An output stream: the core's values, each with its framing, through a
 * two-entry buffer, so TVALID and TDATA come from registers and the core
 * writes only while an entry is free at the start of the cycle. */
static void axis_output(rtl_gen *g, const axis_port *p)
{
	FILE *o = g->out;
	const char *nm = rtl_fmt(g, "m_axis_%s", p->name);
	int w = p->bits + 2;
	axis_comment(g, "output", p);
	fprintf(o, "    wire %s_push = core_%s_valid && ce;\n", nm, p->name);
	axis_framer(g, nm, p, rtl_fmt(g, "%s_push", nm));
	const char *data = rtl_fmt(g, "core_%s_data", p->name);
	if (rtl_runtime(g) && p->lanes > 1)
		data = axis_tail_rt(g, nm, p, data);
	else if (p->tail < p->lanes)	/* the lanes past the extent: 0 */
		data = rtl_fmt(g, "(%s ? %d'd0 : %s[%d:%d]), %s[%d:0]", axis_lastx(g, nm, p),
			(p->lanes - p->tail) * p->lane_bits, data, p->bits - 1,
			p->tail * p->lane_bits, data, p->tail * p->lane_bits - 1);
	fprintf(o, "    wire [%d:0] %s_in = {%s_eol, %s_sof, %s};\n", w - 1, nm, nm, nm, data);
	fprintf(o, "    reg [%d:0] %s_e0;  // the head: {TLAST, TUSER, data}\n"
		"    reg [%d:0] %s_e1;  // the entry behind it\n"
		"    reg [1:0] %s_n;    // entries held\n", w - 1, nm, w - 1, nm, nm);
	fprintf(o, "    wire %s_room = %s_n != 2'd2;\n", nm, nm);
	fprintf(o, "    wire %s_pop = %s_tvalid && %s_tready;\n", nm, nm, nm);
	fprintf(o, "    always @(posedge clk)\n"
		"        if (rst)\n            %s_n <= 2'd0;\n"
		"        else\n            %s_n <= %s_n + {1'b0, %s_push} - {1'b0, %s_pop};\n",
		nm, nm, nm, nm, nm);
	fprintf(o, "    always @(posedge clk) begin\n"
		"        if (%s_pop ? %s_n == 2'd2 || %s_push : %s_push && %s_n == 2'd0)\n"
		"            %s_e0 <= %s_pop && %s_n == 2'd2 ? %s_e1 : %s_in;\n"
		"        if (%s_push && %s_n == 2'd1 + {1'b0, %s_pop})\n"
		"            %s_e1 <= %s_in;\n"
		"    end\n",
		nm, nm, nm, nm, nm, nm, nm, nm, nm, nm, nm, nm, nm, nm, nm);
	fprintf(o, "    assign %s_tvalid = %s_n != 2'd0;\n", nm, nm);
	axis_tdata(g, nm, p);
	fprintf(o, "    assign %s_tuser = %s_e0[%d];\n    assign %s_tlast = %s_e0[%d];\n\n",
		nm, nm, p->bits, nm, nm, p->bits + 1);
}

/* The clock enable: every input the core takes in this cycle has TVALID,
 * every output it writes has a free entry. */
static void axis_enable(rtl_gen *g, const axis_port *in, int n_in, const axis_port *out,
	int n_out)
{
	FILE *o = g->out;
	fprintf(o, "    // The clock enable: the core advances one scheduled cycle when every\n"
		"    // input it takes has TVALID and every output it writes has room.\n");
	fprintf(o, "    assign ce = 1'b1");
	for (int i = 0; i < n_in; i++)
		fprintf(o, "\n        && (!core_%s_en || s_axis_%s_tvalid)", in[i].name, in[i].name);
	for (int i = 0; i < n_out; i++)
		fprintf(o, "\n        && (!core_%s_valid || m_axis_%s_room)", out[i].name,
			out[i].name);
	fprintf(o, ";\n    assign advance = ce;\n\n");
}

static void axis_error(rtl_gen *g, const axis_port *in, int n_in)
{
	FILE *o = g->out;
	fprintf(o, "    // Sticky until reset: a transfer whose TUSER[0] or TLAST is not\n"
		"    // the start of frame or the end of row its position says.\n");
	fprintf(o, "    reg error_r;\n    always @(posedge clk)\n"
		"        if (rst)\n            error_r <= 1'b0;\n"
		"        else if (1'b0");
	for (int i = 0; i < n_in; i++)
		fprintf(o, " || s_axis_%s_bad", in[i].name);
	fprintf(o, ")\n            error_r <= 1'b1;\n    assign error = error_r;\n\n");
}

static void axis_core(rtl_gen *g, const char *core)
{
	FILE *o = g->out;
	fprintf(o, "    %s core (.clk(clk), .rst(rst), .ce(ce), .start(start), .done(done)%s%s%s", core,
		g->pub || rtl_runtime(g) ? ", .ready(ready)" : "", rtl_runtime(g)
		? ",\n        .cfg_we(cfg_we), .cfg_addr(cfg_addr), .cfg_data(cfg_data)" : "",
		g->axilite ? ", .running(core_running)" : "");
	for (int i = 0; i < g->sp->n_stmts; i++) {
		const rtl_stage *st = &g->stages[i];
		if (axis_skip(st))
			continue;
		const char *nm = rtl_port(g, st);
		int k = rtl_lanes(st->s), n = st->s->decl->type.bits;
		if (st->s->is_input)
			fprintf(o, ",\n        .%s_en(core_%s_en), .%s_data(%s)", nm, nm, nm,
				axis_lanes(g, rtl_fmt(g, "s_axis_%s_tdata", nm), k, n,
				(n + 7) / 8 * 8, 0));
		else if (st->s->is_output)
			fprintf(o, ",\n        .%s_valid(core_%s_valid), .%s_data(core_%s_data)",
				nm, nm, nm, nm);
	}
	fprintf(o, ");\n\n");
}

void rtl_axis_wrapper(rtl_gen *g, const char *module, const char *core)
{
	FILE *o = g->out;
	int n = g->sp->n_stmts, n_in = 0, n_out = 0;
	axis_port *in = sl_alloc(g->ctx, (size_t) (n + 1) * sizeof(*in));
	axis_port *out = sl_alloc(g->ctx, (size_t) (n + 1) * sizeof(*out));
	g->n_sink = 0;
	g->sink_set_cap = 0;
	g->sink_set = NULL;
	g->cap_sink = 0;
	for (int i = 0; i < n; i++) {
		const rtl_stage *st = &g->stages[i];
		const ir_decl *d = st->s->decl;
		if (axis_skip(st))
			continue;
		/* a lane group's frame is lane 0's words */
		axis_port *p = st->s->is_input ? &in[n_in++] : &out[n_out++];
		*p = st->s->is_input ? axis_port_of(rtl_port(g, st), d, d->n_dims, d->extents)
			: axis_port_of(rtl_port(g, st), d, d->n_dims, d->out_extents);
		p->rt = n_in + n_out - 1;
	}
	fprintf(o, "\n// %s: the AXI4-Stream interface of %s (docs/hardware.md,\n"
		"// \"AXI4-Stream interface\"): one slave per input, one master per output,\n"
		"// TUSER[0] on the first element of a frame, TLAST on the last of a row.\n",
		module, core);
	axis_ports(g, module);
	fprintf(o, "    wire ce;\n");
	if (g->axilite) {
		rtl_axil_decls(g);
		fprintf(o, "    wire core_running;\n");
	}
	for (int i = 0; i < n; i++) {
		const rtl_stage *st = &g->stages[i];
		if (axis_skip(st))
			continue;
		int w = axis_bits(st);
		const char *nm = rtl_port(g, st);
		if (st->s->is_input)
			fprintf(o, "    wire core_%s_en;\n", nm);
		else
			fprintf(o, "    wire core_%s_valid;\n    wire %score_%s_data;\n", nm,
				axis_range(g, w), nm);
	}
	fputc('\n', o);
	axis_core(g, core);
	if (g->axilite)
		rtl_axil_slave(g, "core_running", "done");
	for (int i = 0; i < n_in; i++)
		axis_input(g, &in[i]);
	for (int i = 0; i < n_out; i++)
		axis_output(g, &out[i]);
	axis_enable(g, in, n_in, out, n_out);
	axis_error(g, in, n_in);
	if (g->n_sink) {
		fprintf(o, "    // The pad bits of TDATA, gathered for lint.\n    wire unused_ok = ^{");
		for (int i = 0; i < g->n_sink; i++)
			fprintf(o, "%s%s", i ? ", " : "", g->sink[i]);
		fprintf(o, "};\n\n");
	}
	fprintf(o, "endmodule\n");
}
