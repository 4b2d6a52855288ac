/* rtlgen/buffers.c: the storage of one unified buffer.
 * Stage: rtlgen.  A delay chain (UB_REGISTERS, UB_DELAY_CHAIN) is emitted
 * as ub_buffer.runs lays it out (the rule: storage/storage.c): a register
 * per position of a register run, one sl_fifo_seg per group of SRAM runs
 * of a pack (ub_set.packs: the buffers that shift together), the runs of
 * the pack's members side by side, and a read mux per tap.  A
 * circular buffer (UB_CIRCULAR) is written at a counter that wraps at
 * capacity_words and read at the write index of the element each access
 * reads, modulo capacity_words: one sl_ram with a read port per access
 * (UB_MEM_REGFILE), or one sl_sram_pf block-RAM copy per access
 * (UB_MEM_SRAM; reads that repeat one of the same reader share it),
 * addressed a cycle ahead from the reader's next-cycle indices, that
 * holds only the window of addresses its read reads.  All read
 * through a same-cycle write bypass (docs/hardware.md). */
#include <stdlib.h>

#include "rtlgen/rtlgen_private.h"

/* The consumer stage and its read slot of read port "p". */
static rtl_stage *rtl_port_reader(rtl_gen *g, const ub_port *p, int *k)
{
	rtl_stage *st = &g->stages[p->stmt->index];
	*k = sched_read_slot(p->stmt, p->access->expr);
	return st;
}

/* ------------------------------------------------------------ delay chains */

/* The signal that shifts the chain of "b" (named "nm"): its write
 * enable, or with shifts after the last write (ub_buffer.vshift_n) both. */
static const char *rtl_chain_shifts(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	return b->vshift_n > 0 ? rtl_fmt(g, "%s_shift", nm) : rtl_fmt(g, "%s_wen", nm);
}

/* The name of position p of the chain of "b" (named "nm"): NAME_posP,
 * or with --runtime-config (positions move with the sizes) by its run,
 * NAME_r<run>_<offset> in a register run, NAME_r<run>_end for the last
 * position of an SRAM run, the one read from it. */
static const char *rtl_pos(rtl_gen *g, const ub_buffer *b, const char *nm, int64_t p)
{
	if (!rtl_runtime(g))
		return rtl_fmt(g, "%s_pos%lld", nm, (long long) p);
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		if (p < r->start || p >= r->start + r->len)
			continue;
		if (!r->sram)
			return rtl_fmt(g, "%s_r%d_%lld", nm, i, (long long) (p - r->start));
		if (p == r->start + r->len - 1)
			return rtl_fmt(g, "%s_r%d_end", nm, i);
	}
	sl_unreachable();	/* a tap inside an SRAM run, or past the chain */
}

/* The last position of SRAM run i of "b": its segment's output (by the
 * run with --runtime-config, where the run may hold no position). */
static const char *rtl_run_end(rtl_gen *g, const ub_buffer *b, const char *nm, int i)
{
	if (!rtl_runtime(g))
		return rtl_fmt(g, "%s_pos%lld", nm, (long long) (b->runs[i].start + b->runs[i].len - 1));
	return rtl_fmt(g, "%s_r%d_end", nm, i);
}

/* The runs of group "grp" of "b" as "a..b, c..d". */
static const char *rtl_group_runs(rtl_gen *g, const ub_buffer *b, int grp)
{
	const char *s = "";
	for (int i = 0, c = 0; i < b->n_runs; i++)
		if (b->runs[i].sram && b->runs[i].group == grp)
			s = rtl_fmt(g, "%s%s%lld..%lld", s, c++ ? ", " : "",
				(long long) b->runs[i].start,
				(long long) (b->runs[i].start + b->runs[i].len - 1));
	return s;
}

/* The first SRAM run of group "grp" of "b". */
static const ub_run *rtl_group_first(const ub_buffer *b, int grp)
{
	int first = 0;
	while (!b->runs[first].sram || b->runs[first].group != grp)
		first++;
	return &b->runs[first];
}

/* The sl_fifo_seg of each group of SRAM runs of pack "pk" (ub_pack), in
 * the section of its last member: the members' runs' inputs and outputs
 * side by side, the first member's first run in the low bits.  All
 * members shift on the same cycles (the pack rule), so the first
 * member's write enable shifts the memory. */
static void rtl_pack_fifos(rtl_gen *g, const ub_pack *pk)
{
	FILE *o = g->out;
	const ub_buffer *b0 = pk->members[0];
	const char *nm0 = g->stages[b0->producer->index].name;
	for (int grp = 0; grp < b0->n_groups; grp++) {
		const ub_run *first = rtl_group_first(b0, grp);
		int64_t depth;
		int width;
		ub_pack_memory(pk, grp, &depth, &width);
		if (rtl_runtime(g))
			fprintf(o, "    // SRAM group %d%s, its length configured\n", grp,
				first->group_size > 1 || pk->n_members > 1 ? ", runs side by side" : "");
		else if (pk->n_members == 1)
			fprintf(o, "    // positions %s in SRAM%s\n", rtl_group_runs(g, b0, grp),
				first->group_size > 1 ? ", side by side" : "");
		else {
			fprintf(o, "    // positions %s of", rtl_group_runs(g, b0, grp));
			for (int m = 0; m < pk->n_members; m++)
				fprintf(o, "%s%s", m ? ", " : " ", pk->members[m]->name);
			fprintf(o, " in SRAM, side by side (a pack)\n");
		}
		char *din = NULL, *dout = NULL;
		size_t dl = 0, ol = 0;
		FILE *fi = open_memstream(&din, &dl), *fo = open_memstream(&dout, &ol);
		int c = 0;
		for (int m = pk->n_members - 1; m >= 0; m--) {
			const ub_buffer *b = pk->members[m];
			const ub_run *r = b->runs;
			const char *nm = g->stages[b->producer->index].name;
			for (int i = b->n_runs - 1; i >= 0; i--) {
				if (!r[i].sram || r[i].group != grp)
					continue;
				if (r[i].start == 0)
					fprintf(fi, "%s%s_wdata", c ? ", " : "", nm);
				else
					fprintf(fi, "%s%s", c ? ", " : "",
						rtl_pos(g, b, nm, r[i].start - 1));
				fprintf(fo, "%s%s", c++ ? ", " : "", rtl_run_end(g, b, nm, i));
			}
		}
		fclose(fi);
		fclose(fo);
		if (rtl_runtime(g)) {
			int64_t most = depth;
			if (g->max_ubs)
				ub_pack_memory(&g->max_ubs->packs[b0->pack], grp, &most, &width);
			fprintf(o, "    sl_fifo_seg_rt #(.W(%d), .DEPTH(%lld)) %s_seg_g%d (.clk(clk), "
				".ce(ce), .clr(flush),\n        .shift(%s), .len(%s),\n"
				"        .din({%s}), .dout({%s}));\n", width, (long long) most, nm0, grp,
				rtl_chain_shifts(g, b0, nm0), rtl_rt_len_reg(g, b0, grp), din, dout);
		} else
			fprintf(o, "    sl_fifo_seg #(.W(%d), .DEPTH(%lld)) %s_seg%lld (.clk(clk), "
				".ce(ce), .shift(%s),\n        .din({%s}), .dout({%s}));\n", width,
				(long long) depth, nm0, (long long) first->start,
				rtl_chain_shifts(g, b0, nm0), din, dout);
		free(din);
		free(dout);
	}
}

/* The SRAM groups of "b": in a pack of several, a comment per group
 * naming the bits of the pack's memory it takes; the memories in the
 * section of the pack's last member. */
static void rtl_chain_fifos(rtl_gen *g, const ub_buffer *b)
{
	const ub_pack *pk = &g->ubs->packs[b->pack];
	const ub_buffer *b0 = pk->members[0];
	if (pk->n_members > 1 && !rtl_runtime(g))
		for (int grp = 0; grp < b->n_groups; grp++) {
			int gs = rtl_group_first(b, grp)->group_size, lo = gs * b->pack_bits_below;
			fprintf(g->out, "    // positions %s in SRAM: bits %d..%d of %s_seg%lld\n",
				rtl_group_runs(g, b, grp), lo, lo + gs * b->width_bits - 1,
				g->stages[b0->producer->index].name,
				(long long) rtl_group_first(b0, grp)->start);
		}
	if (pk->members[pk->n_members - 1] == b)
		rtl_pack_fifos(g, pk);
}

/* Declarations in chain order: a register per register position, a wire
 * for the last position of each SRAM run. */
static void rtl_chain_decls(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	int w = b->width_bits;
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		int64_t end = r->start + r->len;
		if (r->sram)
			fprintf(g->out, "    wire [%d:0] %s;\n", w - 1, rtl_run_end(g, b, nm, i));
		else
			for (int64_t p = r->start; p < end; p++)
				fprintf(g->out, "    reg [%d:0] %s;\n", w - 1, rtl_pos(g, b, nm, p));
	}
}

/* The registers, shifting on every write. */
static void rtl_chain_shift(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	FILE *o = g->out;
	fprintf(o, "    always @(posedge clk)\n        if (ce && %s) begin\n",
		rtl_chain_shifts(g, b, nm));
	for (int i = 0; i < b->n_runs; i++) {
		const ub_run *r = &b->runs[i];
		if (r->sram)
			continue;
		for (int64_t p = r->start; p < r->start + r->len; p++) {
			if (p == 0)
				fprintf(o, "            %s <= %s_wdata;\n", rtl_pos(g, b, nm, 0), nm);
			else
				fprintf(o, "            %s <= %s;\n", rtl_pos(g, b, nm, p),
					p == r->start && b->runs[i - 1].sram ? rtl_run_end(g, b, nm, i - 1)
					: rtl_pos(g, b, nm, p - 1));
		}
	}
	fprintf(o, "        end\n");
}

/* The sl_sched of the shifts of chain "b" after its last write, its
 * schedule compiled in. */
static void rtl_vsched_const(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	FILE *o = g->out;
	int fr = g->frames > 1;
	int64_t n = b->vshift_n, q = b->vshift_step;
	fprintf(o, "    sl_sched #(.N(%d), .TW(%d), .EXT({32'd%lld", 1 + fr, g->tw, (long long) n);
	if (fr)
		fprintf(o, ", 32'd%d", g->frames);
	fprintf(o, "}), .DELTA({%d'd%lld", g->tw, (long long) q);
	if (fr)
		fprintf(o, ", %d'd%lld", g->tw, (long long) (g->period - q * (n - 1)));
	fprintf(o, "}),\n        .START(%d'd%lld)) %s_vsched (.clk(clk), .rst(rst), .ce(ce), "
		".go(go), .fire(%s_vshift),\n        .idx(%s_vs_idx), .nidx(%s_vs_nidx), "
		".active(%s_vs_active));\n", g->tw, (long long) b->vshift_start, nm, nm, nm, nm, nm);
}

/* A chain with border taps that shifts after its producer's last write
 * (ub_buffer.vshift_n): an sl_sched of those shifts, one dimension (and
 * the frames outermost), whose fire shifts the chain beside the write
 * enable; with --runtime-config an sl_sched_rt of registers (VS_START,
 * VS_EXT, VS_DELTA: rtlgen/runtime.c). */
static void rtl_chain_vshifts(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	FILE *o = g->out;
	int fr = g->frames > 1;
	int64_t n = b->vshift_n, q = b->vshift_step;
	if (b->vshift_of && !pub_buf_of(g->pub, b->vshift_of)) {
		/* the same shifts as an earlier native chain's (ubuffer) */
		const char *of = g->stages[b->vshift_of->producer->index].name;
		if (rtl_runtime(g))
			fprintf(o, "    // the shifts after the last write of %s\n", of);
		else
			fprintf(o, "    // %lld shifts after the last write: those of %s\n",
				(long long) n, of);
		fprintf(o, "    wire %s_shift = %s_wen | %s_vshift;\n", nm, nm, of);
		return;
	}
	if (rtl_runtime(g))
		fprintf(o, "    // shifts after the last write, their schedule configured: the "
			"border reads of the last rows\n");
	else
		fprintf(o, "    // %lld shifts after the last write, every %lld cycles: the "
			"border reads of the last rows\n", (long long) n, (long long) q);
	fprintf(o, "    wire %s_vshift;\n    wire %s_vs_active;\n    wire [%d:0] %s_vs_idx;\n"
		"    wire [%d:0] %s_vs_nidx;\n", nm, nm, 32 * (1 + fr) - 1, nm, 32 * (1 + fr) - 1, nm);
	if (rtl_runtime(g))
		rtl_rt_vsched(g, nm, rtl_fmt(g, "%s_vs_idx", nm), rtl_fmt(g, "%s_vs_nidx", nm));
	else
		rtl_vsched_const(g, b, nm);
	fprintf(o, "    wire %s_shift = %s_wen | %s_vshift;\n", nm, nm, nm);
	rtl_sink(g, rtl_fmt(g, "%s_vs_idx", nm));
	rtl_sink(g, rtl_fmt(g, "%s_vs_nidx", nm));
	rtl_sink(g, rtl_fmt(g, "%s_vs_active", nm));
}

/* The index of its reader's dimension at which edge "e" of port "p"
 * bends the read, relative to the reader's box.  With --runtime-config an
 * edge in the far half of the dimension counts from its last index, the
 * reader's extent register less a constant: the borders of every size. */
static const char *rtl_edge_at(rtl_gen *g, const ub_port *p, const ub_edge *e)
{
	int64_t rel = e->at - p->stmt->lo[e->dim], last = p->stmt->ext[e->dim] - 1;
	if (!rtl_runtime(g) || 2 * rel <= last)
		return rtl_fmt(g, "32'd%lld", (long long) rel);
	return rtl_rt_last_index(g, p->stmt, e->dim, last - rel);
}

/* The read of a border port from edge e0 on (the edges of one reader
 * dimension at a time), its interior tap shifted by "tap" so far. */
static const char *rtl_border_mux(rtl_gen *g, const ub_buffer *b, const ub_port *p,
	const char *idx,
	const char *nm, int e0, int64_t tap)
{
	if (e0 >= p->n_edges && !p->shifting)
		return rtl_pos(g, b, nm, tap);
	if (e0 >= p->n_edges)
		return tap == 0 ? rtl_fmt(g, "%s_wdata", nm)
			: rtl_pos(g, b, nm, tap - 1);
	int e1 = e0, d = p->edges[e0].dim;
	while (e1 < p->n_edges && p->edges[e1].dim == d)
		e1++;
	const char *x = rtl_border_mux(g, b, p, idx, nm, e1, tap);
	for (int e = e1 - 1; e >= e0; e--)
		x = rtl_fmt(g, "(%s[%d:%d] == %s) ? %s : %s", idx, d * 32 + 31, d * 32,
			rtl_edge_at(g, p, &p->edges[e]),
			rtl_border_mux(g, b, p, idx, nm, e1, tap + p->edges[e].shift),
			e1 < p->n_edges ? rtl_fmt(g, "(%s)", x) : x);
	return x;
}

/* The reads of a chain with border taps: per read a multiplexer on its
 * reader's index that picks, near a border, the tap the bent index names
 * (ubuffer/border.c), each tap without a bypass (ub_port.shifting). */
static void rtl_border_reads(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	/* the chain ends at the deepest tap (its capacity holds every live
	 * value, the one being written too); read as the chain shifts, that
	 * last register feeds nothing */
	bool last_read = false;
	for (int i = 1; i < b->n_ports && !last_read; i++) {
		int np;
		int64_t *t = ub_port_taps(b, &b->ports[i], &np);
		last_read = !b->ports[i].shifting && t[np - 1] == b->capacity_words - 1;
		free(t);
	}
	if (!last_read && b->capacity_words > 0)
		rtl_sink(g, rtl_pos(g, b, nm, b->capacity_words - 1));
	for (int i = 1; i < b->n_ports; i++) {
		int k;
		const ub_port *pt = &b->ports[i];
		rtl_stage *st = rtl_port_reader(g, pt, &k);
		fprintf(g->out, "    assign %s_rd%d = %s;", st->name, k,
			rtl_border_mux(g, b, pt, rtl_fmt(g, "%s_idx", st->name), nm, 0, pt->tap));
		const char *how = pt->shifting ? pt->n_edges ? "read as the chain shifts, "
			"border taps by the index" : "read as the chain shifts"
			: pt->n_edges ? "border taps by the index" : "";
		if (rtl_runtime(g))	/* the taps move with the sizes */
			fprintf(g->out, "%s%s\n", *how ? "  // " : "", how);
		else
			fprintf(g->out, "  // tap %lld%s%s\n", (long long) pt->tap, *how ? ", " : "",
				how);
	}
}

static void rtl_chain(rtl_gen *g, const ub_buffer *b, const rtl_stage *ps)
{
	FILE *o = g->out;
	const char *nm = ps->name;
	if (b->vshift_n > 0)
		rtl_chain_vshifts(g, b, nm);
	rtl_chain_decls(g, b, nm);
	rtl_chain_shift(g, b, nm);
	if (b->storage == UB_DELAY_CHAIN)
		rtl_chain_fifos(g, b);
	if (b->border) {
		rtl_border_reads(g, b, nm);
		return;
	}
	for (int i = 1; i < b->n_ports; i++) {
		int k;
		const ub_port *pt = &b->ports[i];
		rtl_stage *st = rtl_port_reader(g, pt, &k);
		int64_t d = pt->dist;
		const char *bypass = d == 0 ? rtl_fmt(g, "%s_wdata", nm) : rtl_pos(g, b, nm, d - 1);
		fprintf(o, "    assign %s_rd%d = %s_wen ? %s : %s;", st->name, k, nm, bypass,
			rtl_pos(g, b, nm, d));
		if (rtl_runtime(g))
			fputc('\n', o);
		else
			fprintf(o, "  // tap %lld\n", (long long) d);
	}
}

/* ------------------------------------------------------------ circular buffers */

/* The buffer the design is built for: with --runtime-config and
 * --runtime-max the build's largest size's (rtl_options.max_ubs), whose
 * capacity is the modulus and whose words bound every write index of a
 * smaller size (ubuffer/relayout.c checks both); else "b". */
static const ub_buffer *rtl_circ_build(const rtl_gen *g, const ub_buffer *b)
{
	for (int i = 0; rtl_runtime(g) && g->max_ubs && i < g->ubs->n_buffers; i++)
		if (g->ubs->buffers[i] == b)
			return g->max_ubs->buffers[i];
	return b;
}

/* The write index of the element port "p" reads, relative to the
 * producer's box: sum over dimensions of the index less the box's low
 * end times the dimension's stride (the product of the inner extents).
 * Its strides constants of the size, a 64-bit expression; or with
 * --runtime-config registers (rtl_rt_circ_stride), each term "w" bits. */
static const char *rtl_circ_widx(rtl_gen *g, const ub_buffer *b, const ub_port *p, int w)
{
	int k;
	rtl_stage *st = rtl_port_reader(g, p, &k);
	const sched_stmt *ps = b->producer;
	const ir_expr *e = p->access->expr;
	const char *widx = NULL;
	int64_t stride = 1;
	bool rt = rtl_runtime(g);
	for (int d = ps->n_vars - 1; d >= 0; d--) {
		const char *c = rtl_index_expr(g, st, e->args[d]);
		const char *rel = ps->lo[d] == 0 ? c : rtl_fmt(g, "(%s - %s)", c,
			ps->lo[d] < 0 ? rtl_fmt(g, "(-64'sd%lld)", (long long) -ps->lo[d])
			: rtl_fmt(g, "64'sd%lld", (long long) ps->lo[d]));
		const char *term = rt ? rtl_trunc(g, rel, w) : rel;
		if (rt && d < ps->n_vars - 1)
			term = rtl_fmt(g, "%s * %s", term, rtl_rt_circ_stride(g, b, d, w));
		else if (stride != 1)
			term = rtl_fmt(g, "%s * 64'sd%lld", rel, (long long) stride);
		widx = widx ? rtl_fmt(g, "%s + %s", term, widx) : term;
		stride *= ps->ext[d];
	}
	return widx ? widx : rt ? rtl_fmt(g, "%d'd0", w) : "64'sd0";
}

/* The read address of port "p": the write index of the element it reads,
 * modulo the capacity; with g->nx, the address of the next cycle.  With
 * --runtime-config the capacity is the build's (rtl_circ_build) and the
 * strides registers; a capacity that is a power of two takes the low bits
 * of an index formed in as many. */
static const char *rtl_circ_addr(rtl_gen *g, const ub_buffer *b, const ub_port *p)
{
	int k;
	rtl_stage *st = rtl_port_reader(g, p, &k);
	const ub_buffer *bb = rtl_circ_build(g, b);
	int wi = sl_bits_for(bb->n_elems > 0 ? bb->n_elems - 1 : 0);
	int aw = sl_addr_bits(bb->capacity_words);
	int64_t cap = bb->capacity_words;
	bool low = cap == ((int64_t) 1 << aw) || cap >= bb->n_elems;
	const char *name = rtl_fmt(g, "%s_rd%d_%swidx", st->name, k, g->nx ? "n" : "");
	if (!rtl_runtime(g)) {
		const char *widx = rtl_circ_widx(g, b, p, 64);
		if (low)
			return rtl_trunc(g, widx, aw);
		fprintf(g->out, "    wire [%d:0] %s = %s;\n", wi - 1, name, rtl_trunc(g, widx, wi));
	} else {
		int w = low && aw < wi ? aw : wi;
		fprintf(g->out, "    wire [%d:0] %s = %s;\n", w - 1, name, rtl_circ_widx(g, b, p, w));
		if (low)
			return w == aw ? name : rtl_fmt(g, "%d'(%s)", aw, name);
	}
	const char *m = rtl_divconst_addr(g, st, name, bb->n_elems - 1, cap, aw);
	if (m)
		return m;
	return rtl_fmt(g, "%d'(%s %% %d'd%lld)", aw, name, wi, (long long) cap);
}

/* The write-address counter of a circular buffer.  With frames whose
 * element count is not a multiple of the capacity, it restarts at slot 0
 * with every frame's first write (an element counter _welem), so that
 * element e of every frame is at slot e mod capacity where the readers
 * look for it; the period makes that safe: a frame's first write comes
 * after the previous frame's last read (docs/hardware.md "Frames"). */
static void rtl_circ_waddr(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	const ub_buffer *bb = rtl_circ_build(g, b);
	int64_t cap = bb->capacity_words;
	int aw = sl_addr_bits(cap);
	if (g->frames > 1 && cap > 0 && (rtl_runtime(g) || b->n_elems % cap != 0)) {
		int ew = sl_bits_for(bb->n_elems - 1);
		const char *last = rtl_runtime(g) ? rtl_rt_circ_elast(g, b, ew)
			: rtl_fmt(g, "%d'd%lld", ew, (long long) (b->n_elems - 1));
		fprintf(g->out, "    reg [%d:0] %s_waddr;\n    reg [%d:0] %s_welem;  "
			"// the element of the frame written next\n", aw - 1, nm, ew - 1, nm);
		fprintf(g->out, "    always @(posedge clk)\n"
			"        if (rst || (ce && go)) begin\n"
			"            %s_waddr <= %d'd0;\n            %s_welem <= %d'd0;\n"
			"        end else if (ce && %s_wen) begin\n"
			"            %s_welem <= (%s_welem == %s) ? %d'd0 : %s_welem + %d'd1;\n"
			"            %s_waddr <= (%s_welem == %s || %s_waddr == %d'd%lld) ? %d'd0 "
			": %s_waddr + %d'd1;\n"
			"        end\n",
			nm, aw, nm, ew, nm,
			nm, nm, last, ew, nm, ew,
			nm, nm, last, nm, aw, (long long) (cap - 1), aw, nm, aw);
		return;
	}
	fprintf(g->out, "    reg [%d:0] %s_waddr;\n", aw - 1, nm);
	fprintf(g->out, "    always @(posedge clk)\n"
		"        if (rst || (ce && go))\n            %s_waddr <= %d'd0;\n"
		"        else if (ce && %s_wen)\n"
		"            %s_waddr <= (%s_waddr == %d'd%lld) ? %d'd0 : %s_waddr + %d'd1;\n",
		nm, aw, nm, nm, nm, aw, (long long) (cap - 1), aw, nm, aw);
}

/* UB_MEM_REGFILE: one sl_ram, a combinational read port per access. */
static void rtl_circ_regfile(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	FILE *o = g->out;
	int w = b->width_bits, nr = b->n_ports - 1;
	int64_t cap = rtl_circ_build(g, b)->capacity_words;
	int aw = sl_addr_bits(cap);
	const char **addr = sl_alloc(g->ctx, (size_t) (nr + 1) * sizeof(*addr));
	for (int i = 0; i < nr; i++) {
		int k;
		rtl_stage *st = rtl_port_reader(g, &b->ports[i + 1], &k);
		const char *a = rtl_circ_addr(g, b, &b->ports[i + 1]);
		addr[i] = rtl_fmt(g, "%s_rd%d_addr", st->name, k);
		fprintf(o, "    wire [%d:0] %s = %s;\n", aw - 1, addr[i], a);
	}
	fprintf(o, "    wire [%d:0] %s_rdata;\n", nr * w - 1, nm);
	fprintf(o, "    sl_ram #(.W(%d), .DEPTH(%lld), .NR(%d)) %s_ram (.clk(clk), "
		".ce(ce), .wen(%s_wen), .waddr(%s_waddr), .wdata(%s_wdata),\n        .raddr({",
		w, (long long) cap, nr, nm, nm, nm, nm);
	for (int i = nr - 1; i >= 0; i--)
		fprintf(o, "%s%s", addr[i], i ? ", " : "");
	fprintf(o, "}), .rdata(%s_rdata));\n", nm);
	for (int i = 0; i < nr; i++) {
		int k;
		rtl_stage *st = rtl_port_reader(g, &b->ports[i + 1], &k);
		fprintf(o, "    assign %s_rd%d = %s_rdata[%d:%d];\n", st->name, k, nm,
			i * w + w - 1, i * w);
	}
}

/* The address "a" (aw bits) of a copy that holds window "p" (awc bits):
 * less the window's first address. */
static const char *rtl_win_addr(rtl_gen *g, const ub_port *p, const char *a, int aw,
	int awc)
{
	if (p->win_lo == 0)
		return rtl_trunc(g, a, awc);
	return rtl_fmt(g, "%d'(%s - %d'd%lld)", awc, a, aw, (long long) p->win_lo);
}

/* UB_MEM_SRAM: per access a block-RAM copy, addressed in the cycle before
 * the read from the reader's next-cycle indices (the element its next
 * fire reads: a reader only reads in cycles where it fires).  A copy
 * holds only its read's window (ub_port.win_lo, win_len): written when
 * the write address is in it, addressed from its first word. */
static void rtl_circ_sram(rtl_gen *g, const ub_buffer *b, const char *nm)
{
	FILE *o = g->out;
	int64_t cap = rtl_circ_build(g, b)->capacity_words;
	int aw = sl_addr_bits(cap);
	for (int i = 1; i < b->n_ports; i++) {
		int k;
		const ub_port *p = &b->ports[i];
		rtl_stage *st = rtl_port_reader(g, p, &k);
		if (p->same_as > 0) {
			int j;
			rtl_stage *sj = rtl_port_reader(g, &b->ports[p->same_as], &j);
			fprintf(o, "    assign %s_rd%d = %s_rd%d;  // the same read\n", st->name, k,
				sj->name, j);
			continue;
		}
		g->nx = true;
		const char *a = rtl_circ_addr(g, b, p);
		g->nx = false;
		fprintf(o, "    wire [%d:0] %s_rd%d_naddr = %s;\n", aw - 1, st->name, k, a);
		const char *wen = rtl_fmt(g, "%s_wen", nm), *waddr = rtl_fmt(g, "%s_waddr", nm);
		const char *raddr = rtl_fmt(g, "%s_rd%d_naddr", st->name, k);
		int64_t depth = cap, hi = p->win_lo + p->win_len - 1;
		/* with --runtime-config the windows move with the sizes: whole */
		if (p->win_len < cap && !rtl_runtime(g)) {
			int awc = sl_addr_bits(p->win_len);
			depth = p->win_len;
			fprintf(o, "    // addresses %lld..%lld: the words this read reads\n",
				(long long) p->win_lo, (long long) hi);
			const char *in = p->win_lo == 0
				? rtl_fmt(g, "%s <= %d'd%lld", waddr, aw, (long long) hi)
				: hi == cap - 1
				? rtl_fmt(g, "%s >= %d'd%lld", waddr, aw, (long long) p->win_lo)
				: rtl_fmt(g, "%s >= %d'd%lld && %s <= %d'd%lld", waddr, aw,
					(long long) p->win_lo, waddr, aw, (long long) hi);
			fprintf(o, "    wire %s_copy%d_wen = %s && %s;\n", nm, i - 1, wen, in);
			wen = rtl_fmt(g, "%s_copy%d_wen", nm, i - 1);
			waddr = rtl_win_addr(g, p, waddr, aw, awc);
			raddr = rtl_win_addr(g, p, raddr, aw, awc);
		}
		fprintf(o, "    sl_sram_pf #(.W(%d), .DEPTH(%lld)) %s_copy%d (.clk(clk), "
			".ce(ce), .wen(%s), .waddr(%s), .wdata(%s_wdata),\n"
			"        .raddr_nx(%s), .rdata(%s_rd%d));\n",
			b->width_bits, (long long) depth, nm, i - 1, wen, waddr, nm,
			raddr, st->name, k);
	}
}

static void rtl_circular(rtl_gen *g, const ub_buffer *b, const rtl_stage *ps)
{
	rtl_circ_waddr(g, b, ps->name);
	if (rtl_circ_build(g, b)->mem == UB_MEM_SRAM)
		rtl_circ_sram(g, b, ps->name);
	else
		rtl_circ_regfile(g, b, ps->name);
}

void rtl_buffer(rtl_gen *g, const ub_buffer *b)
{
	const rtl_stage *ps = &g->stages[b->producer->index];
	if (b->storage == UB_NONE || b->n_ports <= 1)
		return;
	if (rtl_runtime(g))	/* the words depend on the sizes */
		fprintf(g->out, "    // buffer '%s': %s of %d-bit words\n", b->name,
			ub_storage_str(b->storage), b->width_bits);
	else
		fprintf(g->out, "    // buffer '%s': %s, %lld words of %d bits (max live %lld)\n",
			b->name, ub_storage_str(b->storage), (long long) b->capacity_words,
			b->width_bits, (long long) b->max_live_words);
	if (!rtl_pub_buffer(g, b, ps->name)) {
		if (b->storage == UB_CIRCULAR)
			rtl_circular(g, b, ps);
		else
			rtl_chain(g, b, ps);
	}
	fputc('\n', g->out);
}
