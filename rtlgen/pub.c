/* rtlgen/pub.c: buffers on push-memory tiles (sl_pub), with --memory pub.
 * Stage: rtlgen.  For a buffer pub/map.c mapped onto tiles: one
 * sl_pub instance per tile (tile k+1's input the output of tile k that
 * feeds it), a delay line of registers after each tile output and on the
 * producer's stream (a register per cycle: the ports read at constant
 * delays), and each read port's wire from its tap.  By default each
 * tile's configuration is a constant of its instance (STATIC, CFG) with
 * the controllers it shares (SHARE, pub_tile_shares), and 'ready' rises
 * right after reset; with --pub-config rom the configuration of
 * every tile is one ROM of the design (pub_rom: each write's tile
 * number, register address and value), written after reset, one word a
 * cycle whatever the clock enable, on cfg_addr / cfg_data wires that all
 * tiles share, the tile number raising one tile's cfg_we; 'ready' rises
 * when every tile is configured (at once when the design has none), and
 * 'start' is taken only then.  Every tile's run starts with 'go' in an
 * enabled cycle (its flush), so the tile's cycle 0 is the design's; the
 * tiles' clk_en and the delay lines follow the core's clock enable 'ce'
 * (docs/hardware.md, "AXI4-Stream interface"). */
#include <stdlib.h>

#include "rtlgen/rtlgen_private.h"

bool rtl_pub_any(const rtl_gen *g)
{
	return pub_any(g->pub);
}

/* The tile number field of the ROM word: tile t's cfg_we. */
static void pub_tile_we(rtl_gen *g, const char *nm, int k, int tile, int tb, int ww)
{
	FILE *o = g->out;
	fprintf(o, "    wire [%d:0] %s_pub%d_cfg = pub_cfg[%d:0];\n", ww - 1, nm, k, ww - 1);
	if (tb > 0)
		fprintf(o, "    wire %s_pub%d_cfg_we = pub_cfg_we && pub_cfg[%d:%d] == %d'd%d;\n",
			nm, k, tb + ww - 1, ww, tb, tile);
	else
		fprintf(o, "    wire %s_pub%d_cfg_we = pub_cfg_we;\n", nm, k);
}

/* Constant configuration (sl_pub STATIC): every tile's bus tied off,
 * 'ready' right after reset. */
static void pub_fixed_loader(rtl_gen *g)
{
	const pub_set *ps = g->pub;
	FILE *o = g->out;
	int ww = pub_addr_bits(&ps->params) + ps->params.cw;
	fprintf(o, "    // ======== push-memory tiles (docs/pub.md): each tile's configuration\n"
		"    // is a constant of its instance (STATIC), so there is no bus to load:\n"
		"    // 'ready' right after reset\n"
		"    wire pub_cfg_done = 1'b1;\n    assign ready = !rst;\n");
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (!pub_buf_of(g->pub, pb->buf))
			continue;
		const char *nm = g->stages[pb->buf->producer->index].name;
		for (int k = 0; k < pb->n_tiles; k++)
			fprintf(o, "    wire [%d:0] %s_pub%d_cfg = %d'd0;\n    wire %s_pub%d_cfg_we = 1'b0;\n",
				ww - 1, nm, k, ww, nm, k);
	}
	fputc('\n', o);
}

void rtl_pub_loader(rtl_gen *g)
{
	const pub_set *ps = g->pub;
	const pub_params *p = &ps->params;
	FILE *o = g->out;
	if (!rtl_pub_any(g)) {
		fprintf(o, "    // ======== push-memory tiles (docs/pub.md): none in this design,\n"
			"    // so nothing to configure: 'ready' right after reset\n"
			"    assign ready = !rst;\n\n");
		return;
	}
	if (p->fixed_cfg) {
		pub_fixed_loader(g);
		return;
	}
	int ca = pub_addr_bits(p), ww = ca + p->cw, tb = pub_rom_tile_bits(ps);
	int n = pub_rom(ps, NULL), iw = sl_bits_for(n), tile = 0;
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	pub_rom(ps, w);
	fprintf(o, "    // ======== push-memory tile configuration (docs/pub.md): one ROM of\n"
		"    // every tile's bus writes, {tile, cfg_addr, cfg_data}, one a cycle\n"
		"    // after reset, whatever the clock enable (the tiles' bus acts without\n"
		"    // clk_en); the tile number raises its cfg_we; 'ready' when done\n");
	fprintf(o, "    reg [%d:0] pub_cfg_i;\n    wire pub_cfg_done = pub_cfg_i == %d'd%d;\n"
		"    always @(posedge clk)\n        if (rst)\n            pub_cfg_i <= %d'd0;\n"
		"        else if (!pub_cfg_done)\n            pub_cfg_i <= pub_cfg_i + %d'd1;\n"
		"    assign ready = pub_cfg_done && !rst;\n"
		"    wire pub_cfg_we = !rst && !pub_cfg_done;\n", iw - 1, iw, n, iw, iw);
	/* rom_style: always block RAM, as fpga/storage.c counts it */
	fprintf(o, "    reg [%d:0] pub_cfg;\n    always @(*)\n"
		"        (* rom_style = \"block\" *) case (pub_cfg_i)\n", tb + ww - 1);
	for (int j = 0; j < n; j++) {
		fprintf(o, "        %d'd%d: pub_cfg = %d'h", iw, j, tb + ww);
		pub_print_word(o, (tb + ww + 3) / 4, ((uint64_t) w[j].tile << ca) |
			(uint64_t) w[j].addr, p->cw, w[j].data);
		fprintf(o, ";\n");
	}
	fprintf(o, "        default: pub_cfg = {%d{1'b1}};\n        endcase\n", tb + ww);
	free(w);
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (!pub_buf_of(g->pub, pb->buf))
			continue;
		const char *nm = g->stages[pb->buf->producer->index].name;
		for (int k = 0; k < pb->n_tiles; k++)
			pub_tile_we(g, nm, k, tile++, tb, ww);
	}
	fputc('\n', o);
}

/* The tap of cycle lag "lag" on source "src" (w bits): the source itself
 * or the lag-th register of its delay line <src>_dl<lag>. */
static const char *pub_tap(rtl_gen *g, const char *src, int64_t lag)
{
	return lag == 0 ? src : rtl_fmt(g, "%s_dl%lld", src, (long long) lag);
}

/* A delay line of "len" registers on "src", shifting every enabled cycle. */
static void pub_delay_line(rtl_gen *g, const char *src, int w, int64_t len)
{
	FILE *o = g->out;
	if (len <= 0)
		return;
	for (int64_t i = 1; i <= len; i++)
		fprintf(o, "    reg [%d:0] %s_dl%lld;\n", w - 1, src, (long long) i);
	fprintf(o, "    always @(posedge clk) if (ce) begin\n        %s_dl1 <= %s;\n", src, src);
	for (int64_t i = 2; i <= len; i++)
		fprintf(o, "        %s_dl%lld <= %s_dl%lld;\n", src, (long long) i, src,
			(long long) (i - 1));
	fprintf(o, "    end\n");
}

/* The STATIC configuration of tile "t": every controller's registers
 * (pub_ctrl_regs, each cw bits), controller c's at bit c (3 L + 3) cw, as
 * a Verilog constant ", .STATIC(1), .CFG(N'h...)". */
static const char *pub_cfg_param(rtl_gen *g, const pub_params *p, const pub_tile *t)
{
	int nr = 3 * p->levels + 3;
	int64_t bits = (int64_t) t->n_ctrl * nr * p->cw, digits = (bits + 3) / 4;
	unsigned char *nib = sl_xcalloc((size_t) digits, 1);
	int64_t regs[3 * PUB_MAX_LEVELS + 3];
	for (int c = 0; c < t->n_ctrl; c++) {
		pub_ctrl_regs(p, &t->ctrl[c], regs);
		for (int r = 0; r < nr; r++)
			for (int b = 0; b < p->cw; b++)
				if ((uint64_t) regs[r] >> b & 1) {
					int64_t at = ((int64_t) c * nr + r) * p->cw + b;
					nib[at / 4] |= (unsigned char) (1 << (at % 4));
				}
	}
	char *hex = sl_xmalloc((size_t) digits + 1);
	for (int64_t i = 0; i < digits; i++)
		hex[i] = "0123456789abcdef"[nib[digits - 1 - i]];
	hex[digits] = 0;
	/* SHARE: a byte a controller, 0x80 | delay << 5 | source */
	int src[4 * PUB_MAX_OUTS], dly[4 * PUB_MAX_OUTS];
	pub_tile_shares(p, t, src, dly);
	char *share = sl_xmalloc((size_t) 2 * t->n_ctrl + 1);
	for (int c = t->n_ctrl - 1; c >= 0; c--)	/* each NUL overwritten by the next */
		snprintf(share + 2 * (t->n_ctrl - 1 - c), 3, "%02x", src[c] < 0 ? 0 :
			0x80 | dly[c] << 5 | src[c]);
	const char *s = rtl_fmt(g, ", .STATIC(1), .CFG(%lld'h%s), .SHARE(%d'h%s)", (long long) bits,
		hex, 8 * t->n_ctrl, share);
	free(share);
	free(hex);
	free(nib);
	return s;
}

static void emit_tile(rtl_gen *g, const pub_buf *pb, const char *nm, int k)
{
	const pub_params *p = &pb->params;
	FILE *o = g->out;
	int w = pb->buf->width_bits, ca = pub_addr_bits(p);
	const char *in = k == 0 || pb->side ? rtl_fmt(g, "%s_wdata", nm)
		: rtl_fmt(g, "%s_pub%d_out[%d:%d]", nm, k - 1, (pb->tiles[k - 1].feeds + 1) * w - 1,
			pb->tiles[k - 1].feeds * w);
	/* side by side: tile k-1's outputs chain into tile k's */
	const char *cv = k > 0 && pb->side ? rtl_fmt(g, "%s_pub%d_ov", nm, k - 1)
		: rtl_fmt(g, "%d'd0", p->n_out);
	const char *cd = k > 0 && pb->side ? rtl_fmt(g, "%s_pub%d_out", nm, k - 1)
		: rtl_fmt(g, "%d'd0", p->n_out * w);
	fprintf(o, "    wire [%d:0] %s_pub%d_out;\n    wire [%d:0] %s_pub%d_ov;\n"
		"    wire [%d:0] %s_pub%d_ien;\n    wire %s_pub%d_busy;\n",
		p->n_out * w - 1, nm, k, p->n_out - 1, nm, k, p->n_in - 1, nm, k, nm, k);
	char ew[24] = "";
	if (p->ew != p->cw)	/* the tile's default EW is CW */
		snprintf(ew, sizeof ew, ", .EW(%d)", p->ew);
	const char *fixed = pb->tiles[k].fixed_cfg ? pub_cfg_param(g, p, &pb->tiles[k]) : "";
	fprintf(o, "    sl_pub #(.W(%d), .FW(%d), .DEPTH(%lld), .NI(%d), .NO(%d), .LEVELS(%d), "
		".CW(%d)%s%s%s) %s (\n"
		"        .clk(clk), .rst(rst), .clk_en(ce), .flush(go && ce),\n"
		"        .cfg_we(%s_pub%d_cfg_we), .cfg_addr(%s_pub%d_cfg[%d:%d]), "
		".cfg_data(%s_pub%d_cfg[%d:0]),\n", w, p->fw, (long long) p->depth, p->n_in,
		p->n_out, p->levels, p->cw, ew, g->pub->spram ? ", .SPRAM(1)" : "", fixed,
		rtl_tile_name(g->ctx, pb->buf->producer, k), nm, k, nm, k,
		ca + p->cw - 1, p->cw, nm, k,
		p->cw - 1);
	if (p->n_in > 1)
		fprintf(o, "        .in_data({%d'd0, %s}),", (p->n_in - 1) * w, in);
	else
		fprintf(o, "        .in_data(%s),", in);
	fprintf(o, " .in_en(%s_pub%d_ien), .out_valid(%s_pub%d_ov), .out_data(%s_pub%d_out),\n"
		"        .chain_valid(%s), .chain_data(%s), .busy(%s_pub%d_busy));\n",
		nm, k, nm, k, nm, k, cv, cd, nm, k);
	rtl_sink(g, rtl_fmt(g, "%s_pub%d_ien", nm, k));
	rtl_sink(g, rtl_fmt(g, "%s_pub%d_ov", nm, k));
	rtl_sink(g, rtl_fmt(g, "%s_pub%d_busy", nm, k));
	rtl_sink(g, rtl_fmt(g, "%s_pub%d_out", nm, k));
	for (int j = 0; j < pb->tiles[k].n_outs && (!pb->side || k == pb->n_tiles - 1); j++)
		fprintf(o, "    wire [%d:0] %s_pub%d_o%d = %s_pub%d_out[%d:%d];\n", w - 1, nm, k, j,
			nm, k, (j + 1) * w - 1, j * w);
}

bool rtl_pub_buffer(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	const pub_buf *pb = pub_buf_of(g->pub, b);
	FILE *o = g->out;
	if (!pb)
		return false;
	fprintf(o, "    // on %d push-memory tile%s (FW %d, DEPTH %lld) and delay lines\n",
		pb->n_tiles, pb->n_tiles == 1 ? "" : pb->side ? "s side by side" : "s in series",
		pb->params.fw, (long long) pb->params.depth);
	for (int k = 0; k < pb->n_tiles; k++)
		emit_tile(g, pb, nm, k);
	/* the tiles take the producer's words by their schedules, not by wen */
	rtl_sink(g, rtl_fmt(g, "%s_wen", nm));
	/* the delay line of each source: its longest lag */
	for (int src = -1; src < pb->n_tiles * 8; src++) {
		int64_t len = 0;
		bool used = false;
		for (int i = 1; i < b->n_ports; i++) {
			int s = pb->port_tile[i] < 0 ? -1 : pb->port_tile[i] * 8 + pb->port_out[i];
			if (s == src) {
				used = true;
				len = pb->port_lag[i] > len ? pb->port_lag[i] : len;
			}
			if (src < 0 && pb->port_split[i] >= 0) {
				used = true;
				len = pb->port_split[i] > len ? pb->port_split[i] : len;
			}
		}
		if (used)
			pub_delay_line(g, src < 0 ? rtl_fmt(g, "%s_wdata", nm)
				: rtl_fmt(g, "%s_pub%d_o%d", nm, src / 8, src % 8), b->width_bits, len);
	}
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *pt = &b->ports[i];
		rtl_stage *st = &g->stages[pt->stmt->index];
		int k = sched_read_slot(pt->stmt, pt->access->expr);
		const char *src = pb->port_tile[i] < 0 ? rtl_fmt(g, "%s_wdata", nm)
			: rtl_fmt(g, "%s_pub%d_o%d", nm, pb->port_tile[i], pb->port_out[i]);
		if (pb->port_split[i] >= 0) {
			/* read in passes: the first from the producer's stream, the
			 * others from the tile output, valid in exactly their cycles */
			fprintf(o, "    assign %s_rd%d = %s_pub%d_ov[%d] ? %s : %s;  // passes\n",
				st->name, k, nm, pb->port_tile[i], pb->port_out[i], src,
				pub_tap(g, rtl_fmt(g, "%s_wdata", nm), pb->port_split[i]));
			continue;
		}
		if (rtl_runtime(g))	/* the delays depend on the sizes */
			fprintf(o, "    assign %s_rd%d = %s;\n", st->name, k,
				pub_tap(g, src, pb->port_lag[i]));
		else
			fprintf(o, "    assign %s_rd%d = %s;  // delay %lld\n", st->name, k,
				pub_tap(g, src, pb->port_lag[i]), (long long) pt->delay);
	}
	return true;
}
