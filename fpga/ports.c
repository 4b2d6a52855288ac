/* fpga/ports.c: the logic of the buffers' ports for the logic estimate
 * (fpga/logic.c): write counters, read addresses (circular buffers'
 * modulo the capacity), bypasses, read multiplexers, LUT-RAM copies,
 * block-RAM read ports and border multiplexers, each costed in its
 * producer's or reader's walk; a buffer on push-memory tiles is its
 * tiles' logic (fpga/pub.c).  Stage: fpga, called by fpga/logic.c.
 * Rules (primitives: fpga/logic.c):
 *   register-file read port (iCE40: no LUT RAM) of D words: one-hot
 *       decoded selects shared by the W bits, D/2 + (D/2)/3 LUTs a bit
 *   delay-chain read with the same-cycle bypass   nothing: its read
 *       register is loaded as the tap's next position (the bypass is that
 *       position's enable) and Yosys merges the two; such a read keys as
 *       its tap, so equal logic over the same taps is merged across stages
 *   border read (clamped index)   rtlgen's multiplexer tree, a LUT a bit
 *       per 2:1 (LUT4) or 4:1 (LUT6) mux, on shared index tests; the
 *       chain's shifts after the last write an sl_sched of their own
 *   block-RAM read port (sl_sram_pf)   its ra, hit1 and data1 registers,
 *       two address tests and a 3:1 select of W bits
 *   register-file read port in LUT RAM with `cost ram_read` (xcup)
 *       its bypass and multiplexer as measured, LUTs a bit by address
 *       bits (Yosys 0.23 builds 3-bit ones from LUT1-fed MUXF7-9 trees);
 *       in LUT RAM several cells deep, with `cost ram_deep` (Xilinx), its
 *       bypass and the cells' multiplexer as measured, LUTs a bit by the
 *       address bits that select the cell (a 5-cell 143-word memory twice
 *       the LUTs of a 2- to 4-cell one)
 *   LUT-RAM copy of D x W bits (read ports past the first)   whole
 *       `lutram_cell`s: ECP5 ceil(D/16) x ceil(W/4) TRELLIS_DPR16X4 of 6
 *       LUT4 sites each (3 slices; boards/README.md "Counting cells"),
 *       D only the rows of cells the port's window reaches;
 *       else `lutram` bits a LUT; with `lutram_cell ... reads R` (Xilinx)
 *       every port's cells at once: one port whole DxW cells, several a
 *       one-bit cell per R ports and bit (RAM64M: 64 x 3 or 3 ports); a
 *       memory deeper than one cell in cells of the full depth or of half
 *       the depth and 2 bits a LUT (RAM32M), whichever are fewer */

#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"

/* The first word of block-RAM port p's window, which its read address
 * less (rtlgen's raddr_nx), or 0. */
static int64_t est_window_first(const ub_buffer *b, const ub_port *p)
{
	bool window = b->mem == UB_MEM_SRAM && p->win_len < b->capacity_words;
	return window ? p->win_lo : 0;
}

/* Whether circular buffer b's read addresses are taken modulo its
 * capacity (not a power of two, and fewer words than elements). */
static bool est_circ_mod(const ub_buffer *b)
{
	int64_t cap = b->capacity_words;
	return !(cap == ((int64_t) 1 << sl_addr_bits(cap)) || cap >= b->n_elems);
}

/* The key of the read address of circular-buffer port p: the write
 * index of the element it reads over the counters of the consumer's
 * schedule generator (lanes that share one compute it alike: Yosys
 * merges them), modulo the capacity, less a block-RAM window's first
 * word.  Its constant indices are one constant of the sum, less the
 * window's first word where no modulo comes between (est_circ_addr): the
 * reads of windows at the same offset in each are one address. */
static char *est_circ_key(const sched_program *sp, const ub_buffer *b, const ub_port *p)
{
	const sched_stmt *ps = b->producer;
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "circ %lld %lld", (long long) b->capacity_words, (long long) b->n_elems);
	for (int d = 0; d < ps->n_vars; d++)
		fprintf(o, " %lld+%lld", (long long) ps->lo[d], (long long) ps->ext[d]);
	const ir_expr *e = p->access->expr;
	int64_t stride = 1, konst = 0;
	for (int d = ps->n_vars - 1; d >= 0; d--) {
		if (d < e->n_args && e->args[d]->kind == IR_CONST) {
			konst += (int64_t) e->args[d]->u.cval * stride;
		} else if (d < e->n_args) {
			fprintf(o, " %d:", d);
			tg_est_key(NULL, sched_controller(sp, p->stmt)->name, p->stmt->name,
				e->args[d], o);
		}
		stride *= ps->ext[d];
	}
	if (est_circ_mod(b))
		fprintf(o, " k%lld w%lld", (long long) konst, (long long) est_window_first(b, p));
	else
		fprintf(o, " k%lld", (long long) (konst - est_window_first(b, p)));
	fclose(o);
	return buf;
}

/* ------------------------------------------------------------ buffers */

/* The 2:1 multiplexers of a border port's read from edge e0 on, as
 * rtlgen's rtl_border_mux nests them (per reader dimension, one a bent
 * index, over the tree of the dimensions after). */
static int est_border_muxes(const ub_port *p, int e0)
{
	if (e0 >= p->n_edges)
		return 0;
	int e1 = e0;
	while (e1 < p->n_edges && p->edges[e1].dim == p->edges[e0].dim)
		e1++;
	return (e1 - e0 + 1) * est_border_muxes(p, e1) + (e1 - e0);
}

/* Whether a read of chain b with the same tap, the same edges and a
 * reader of the same schedule generator (lanes share their lane 0's)
 * was costed: its multiplexers are the same cells (box_clamp at 8 lanes:
 * lanes l - 1, l and l + 1 read lane l's row above through one). */
static bool est_border_seen(est_walk *w, const ub_buffer *b, const ub_port *pt,
	const rtl_plan *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "border %s %lld %s", b->name, (long long) ub_port_tap(b, pt),
		plan->sched[pt->stmt->index].controller->name);
	for (int e = 0; e < pt->n_edges; e++)
		fprintf(o, " %d:%lld:%lld", pt->edges[e].dim, (long long) pt->edges[e].at,
			(long long) pt->edges[e].shift);
	fclose(o);
	bool seen = tg_est_seen(w, buf, NULL);
	free(buf);
	return seen;
}

/* Delay chain: the write pointer of each memory of its pack (an
 * sl_fifo_seg per SRAM group of the pack, ub_pack_memory), counted at the
 * pack's first member; a read with the same-cycle bypass costs nothing
 * (its read register, loaded with the bypass, is the tap's next position,
 * merged by Yosys, the bypass that position's enable); a border read its
 * multiplexer tree, a LUT a bit per 2:1 (LUT4) or 4:1 (LUT6) mux, on the
 * index tests (shared), and the chain's extra shifts after the last
 * write an sl_sched of their own (rtlgen's rtl_chain_vshifts). */
static void est_chain(est_walk *w, const ub_buffer *b, est_walk *by_stmt, const rtl_plan *plan,
	const pub_set *pub)
{
	const est_fam *f = w->f;
	const ub_pack *p = b->pack >= 0 ? &w->ubs->packs[b->pack] : NULL;
	for (int grp = 0; p && p->members[0] == b && grp < b->n_groups; grp++) {
		int64_t len;
		int width;
		ub_pack_memory(p, grp, &len, &width);
		int aw = sl_addr_bits(len);
		w->ffs += aw;
		w->luts += tg_est_add(f, aw) + tg_est_lt(f, aw, true) + aw;
	}
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *pt = &b->ports[i];
		est_walk *r = &by_stmt[pt->stmt->index];
		int m = est_border_muxes(pt, 0);
		if (m && !est_border_seen(w, b, pt, plan))
			r->luts += (double) b->width_bits * tg_est_cdiv(m, f->k >= 6 ? 3 : 1);
		for (int e = 0; e < pt->n_edges; e++) {
			char key[96];
			snprintf(key, sizeof key, "edge %s %d %lld", pt->stmt->name, pt->edges[e].dim,
				(long long) pt->edges[e].at);
			if (!tg_est_seen(w, key, NULL))
				r->luts += (double) tg_est_eq(f, tg_est_counter_bits(pt->stmt,
					pt->edges[e].dim), true);
		}
	}
	if (b->vshift_n > 0 && (!b->vshift_of || pub_buf_of(pub, b->vshift_of))) {
		/* else shared with an earlier native chain's: ub_buffer.vshift_of */
		rtl_sched_plan q = { 0 };
		q.n = 1;
		q.ext[0] = b->vshift_n;
		q.delta[0] = (uint64_t) b->vshift_step;
		q.start = (uint64_t) b->vshift_start;
		tg_est_generator(w, &q, plan->tw, 0);
	}
	if (b->vshift_n > 0)
		w->luts += 1;	/* the shift: the write enable or a vertical shift */
}

/* Whether index e of statement s times "stride" (shift-and-add) was
 * costed already (the design walk's keys): the reads of one statement at
 * different constant offsets share it (Yosys merges equal products). */
static bool est_stride_seen(est_walk *w, const sched_stmt *s, const ir_expr *e, int64_t stride)
{
	char *k = tg_est_key_str(w, s, e, "");
	size_t n = strlen(k) + 64;
	char *key = sl_xmalloc(n);
	snprintf(key, n, "stride %lld %s", (long long) stride, k);
	free(k);
	bool seen = tg_est_seen(w, key, NULL);
	free(key);
	return seen;
}

/* The read address of a circular-buffer port: the write index of the
 * element it reads (index arithmetic), modulo the capacity. */
static void est_circ_addr(est_walk *design, est_walk *w, const ub_buffer *b,
	const ub_port *p)
{
	const sched_stmt *ps = b->producer, *s = p->stmt;
	const ir_expr *e = p->access->expr;
	int aw = sl_addr_bits(b->capacity_words);
	int64_t cap = b->capacity_words;
	int wi = 1;
	while (wi < 63 && ((int64_t) 1 << wi) <= (b->n_elems > 0 ? b->n_elems - 1 : 0))
		wi++;
	bool mod = est_circ_mod(b);
	int need = mod ? wi : aw;
	int64_t stride = 1;
	int terms = 0;
	uint64_t konst = 0;
	int zmin = 63;		/* the low zeros every variable term has */
	int vb = 0;		/* the variable bits the address depends on */
	w->addr = true;		/* address arithmetic: no lane-program multiply */
	for (int d = ps->n_vars - 1; d >= 0; d--) {
		est_val c = tg_est_index(w, s, e->args[d], need);
		if (ps->lo[d])
			w->luts += tg_est_add(w->f, need);
		if (c.is_const)
			konst += c.c * (uint64_t) stride;
		else if (stride > 1 && !est_stride_seen(design, s, e->args[d], stride))
			tg_est_const_mul(w, c.ew, stride, need);
		if (!c.is_const && tg_est_low_zeros((uint64_t) stride) < zmin)
			zmin = tg_est_low_zeros((uint64_t) stride);
		terms += !c.is_const;
		vb += c.is_const ? 0 : c.ew;
		stride *= ps->ext[d];
	}
	/* An address of at most one LUT's inputs (matmul's 16 i + k % 143 at
	 * 2 lanes: i's 4 bits) is at most a LUT an address bit, whatever its
	 * sums and modulo: ABC maps each bit's function of those inputs
	 * (measured: 48 copies' % 143 fold into the design's 148 LUT4 outside
	 * the bypasses, ECP5). */
	double before = w->luts;
	/* rtlgen sums the terms outermost first: the constant part (a
	 * window's first word, as often as not) is an add of a constant,
	 * free where it fits in the low zeros of every variable term (an
	 * OR: matmul's k + 16 i).  A block-RAM window's read address is
	 * that sum less the window's first word, one chain of adds that
	 * Yosys makes one $macc, its constants summed (alumacc): only what
	 * is left of the constant is added (mobilenet's 784 m + 28 y + x
	 * less 784 m is 28 y + x). */
	int64_t k = (int64_t) konst - (mod ? 0 : est_window_first(b, p));
	uint64_t ka = (uint64_t) (k < 0 ? -k : k);
	if (ka && terms && ka >> zmin)
		w->luts += tg_est_add_const(w->f, need, ka, k < 0);
	if (terms > 1)
		w->luts += (terms - 1) * tg_est_add(w->f, need);
	va_divplan dp;
	if (mod && va_divconst_plan_range(0, b->n_elems - 1, IR_OP_MOD, cap, &dp))
		tg_est_divplan(w, &dp, wi, false);
	else if (mod)
		w->luts += tg_est_divider(w->f, wi);
	if (terms && vb <= w->f->k && w->luts - before > aw)
		w->luts = before + aw;
	w->addr = false;
}

/* LUT sites of one LUT-RAM copy of depth x wd bits: whole cells of the
 * board's lutram_cell (ECP5: 16x4 TRELLIS_DPR16X4 of 6 LUT4 sites), else
 * lutram bits a LUT in any shape (Xilinx: 64 a LUT6). */
static int64_t est_lutram_copy(const est_fam *f, int64_t depth, int wd)
{
	if (f->ram_cell.depth)
		return f->ram_cell_luts * tg_est_cdiv(depth, f->ram_cell.depth) *
			tg_est_cdiv(wd, f->ram_cell.width);
	return tg_est_cdiv(depth * wd, f->lutram_bits);
}

/* The cells of a memory deeper than one cell (depth x wd bits, nr read
 * ports) as Yosys 0.23 tiles it (memory_libmap: the fewer cells): cells
 * of the full depth, or of half the depth holding 2 bits a LUT (RAM32M
 * where RAM64M, RAM32M16 where RAM64M8; measured, tests/bench/
 * ram_read_cost.py: 143 x 8 with 32 ports is 220 RAM32M, 5 deep, not
 * 264 RAM64M), the full depth on a tie; *chunks the cells deep. */
static int64_t est_lutram_tiling(const est_fam *f, int64_t depth, int wd, int nr,
	int64_t *chunks)
{
	const board_logic *g = &f->bd->logic;
	int64_t d = f->ram_cell.depth, w = nr > 1 ? 1 : f->ram_cell.width;
	int64_t groups = nr > 1 ? tg_est_cdiv(nr, g->ram_cell_reads) : 1;
	int64_t full = tg_est_cdiv(depth, d) * tg_est_cdiv(wd, w) * groups;
	int64_t half = tg_est_cdiv(depth, d / 2) * tg_est_cdiv(wd, 2 * w) * groups;
	*chunks = half < full ? tg_est_cdiv(depth, d / 2) : tg_est_cdiv(depth, d);
	return half < full ? half : full;
}

/* LUT sites of the LUT RAM of nr read ports of depth x wd bits on a
 * board with `lutram_cell ... reads R` (Xilinx): one port whole DxW
 * cells; several, a one-bit cell per R ports and bit (Yosys 0.23: a
 * RAM64M holds 64 x 3 bits or one bit for 3 read ports); at half the cell's
 * depth or less each LUT holds 2 bits (UG474/UG574: RAM32M 32 x 2 a LUT
 * where RAM64M is 64 x 1), and Yosys gives each port its own cells of
 * twice the width (measured: upsample at 8 lanes, 16 x 8 with 2 ports,
 * 4 RAM32M on the xc7, 2 RAM32M16 on the xcup). */
static int64_t est_lutram_ports(const est_fam *f, int64_t depth, int wd, int nr)
{
	const board_logic *g = &f->bd->logic;
	int64_t slices = tg_est_cdiv(depth, f->ram_cell.depth), chunks;
	if (slices > 1)
		return g->ram_cell_luts * est_lutram_tiling(f, depth, wd, nr, &chunks);
	if (nr <= 1)
		return g->ram_cell_luts * tg_est_cdiv(wd, f->ram_cell.width);
	if (2 * depth <= f->ram_cell.depth)	/* a LUT holds 2 bits at half depth */
		return g->ram_cell_luts * nr * tg_est_cdiv(wd, 2 * f->ram_cell.width);
	return g->ram_cell_luts * wd * tg_est_cdiv(nr, g->ram_cell_reads);
}

/* The test of buffer b's write address (aw bits) against a window's
 * bound c (waddr >= c, or waddr <= c - 1 of the window that ends at c):
 * a compare against a constant, once for a buffer's windows that share
 * the bound (Yosys merges the two compares of a - c, opt_merge after
 * alumacc: 16 windows of 784 words of a 14-bit address, one window test
 * 27 LUT4 sites alone, are 178 together, ECP5; mobilenet's 16 window
 * tests are 187 in its netlist). */
static double est_win_bound(est_walk *w, const ub_buffer *b, int64_t c, int aw)
{
	char key[160];
	snprintf(key, sizeof key, "wbound %s %lld", b->name, (long long) c);
	if (tg_est_seen(w, key, NULL))
		return 0;
	return tg_est_lt_const(w->f, aw, (uint64_t) c, false);
}

/* A block-RAM read port p of buffer b (w the buffer's walk, r the
 * reading statement's): a window's write-enable range test and address
 * offsets, then sl_sram_pf's ra, hit1 and data1 registers, its two
 * address tests and the 3:1 read select (a LUT6 a bit).  Where the flow
 * flattens, Yosys merges what the copies of one buffer share (measured on
 * matmul's 32 copies, ECP5): data1 (every copy's is the buffer's wdata
 * under ce) is one register, and a reader's copies address their windows
 * from the same base (the read address less the window's first word,
 * which is the read's constant offset), so the read address's subtract
 * and ra are the reader's first copy's ("first"). */
static void est_sram_port(est_walk *w, est_walk *r, const ub_buffer *b, const ub_port *p,
	bool first_of_buffer, bool first_of_reader)
{
	const est_fam *f = w->f;
	int64_t depth = b->capacity_words;
	int aw = sl_addr_bits(depth), wd = b->width_bits;
	int ac = p->win_len < depth ? sl_addr_bits(p->win_len) : aw;
	if (p->win_len < depth && p->same_as < 0) {
		/* waddr >= lo and waddr <= lo + len - 1: compares against
		 * constants; both addresses less lo: adds of a constant */
		int64_t lo = p->win_lo, end = p->win_lo + p->win_len;
		if (lo > 0)
			w->luts += est_win_bound(w, b, lo, aw)
				+ tg_est_add_const(f, ac, (uint64_t) lo, true);
		if (end < depth)
			w->luts += est_win_bound(w, b, end, aw);
		w->luts += 1;
	}
	r->ffs += (first_of_reader ? ac : 0) + 1 + (first_of_buffer ? wd : 0);
	const board_logic *g = &f->bd->logic;
	if (g->sram_pf_fit)	/* a module of its own, fitted (`cost sram_pf`) */
		r->luts += g->sram_pf[0] + g->sram_pf[1] * wd + g->sram_pf[2] * ac;
	else
		r->luts += 2.0 * tg_est_eq(f, ac, false) + (f->k >= 6 ? 1.0 : 2.0) * wd;
}

/* Whether register-file read port p's same-cycle bypass (sl_ram) costs
 * nothing: in LUT RAM, read by a pipelined datapath (which registers a
 * read at once) where the flow flattens the design (the register and
 * sl_ram in one module), the read, its bypass and the register are a
 * synchronous transparent port, which Yosys builds as the asynchronous
 * read of a registered address (memory_dff, memory_libmap; measured:
 * laplacian_pyramid at 2 lanes on ECP5, its 38 ports without their
 * bypass 2 LUT4 sites fewer). */
static bool est_transparent(const est_fam *f, const ub_port *p)
{
	return f->lut_ram && f->bd->logic.flatten && p->stmt->pipe;
}

/* The depth of the LUT-RAM cells (`lutram_cell`, D words deep) read port
 * p of buffer b can reach: the cells its window (p->win_lo, win_len) lies
 * in.  A port whose address is constant above the cell's bits reads one
 * row of cells, and Yosys removes the copy's others (the read mux's select
 * is a constant: matmul at 8 lanes on ECP5, each lane's b of 32 x 8 read
 * by 16 ports at 2 k + j, is 256 TRELLIS_DPR16X4, 2 a port, not 4). */
static int64_t est_window_cells_depth(const est_fam *f, const ub_buffer *b, const ub_port *p)
{
	int64_t depth = b->capacity_words, d = f->ram_cell.depth;
	if (!d || p->win_len >= depth || p->win_len < 1)
		return depth;
	int64_t rows = (p->win_lo + p->win_len - 1) / d - p->win_lo / d + 1;
	return rows * d < depth ? rows * d : depth;
}

/* Register-file read port p of circular buffer b, the nr-th distinct
 * one, in reader r: its bypass (est_transparent; with `cost ram_read`,
 * bypass and read multiplexer as measured a bit) and its read: a
 * one-hot decoded multiplexer (no LUT RAM: iCE40) or, past the first,
 * a LUT-RAM copy (the cells of boards with several reads a cell are
 * costed at once, est_lutram_ports). */
static void est_regfile_read(const est_fam *f, est_walk *r, const ub_buffer *b,
	const ub_port *p, int nr)
{
	int64_t depth = b->capacity_words;
	int aw = sl_addr_bits(depth), wd = b->width_bits;
	const board_logic *g = &f->bd->logic;
	int64_t chunks = 1;	/* its ports: b's (flatten 0 keeps each) */
	if (g->n_ram_deep && f->lut_ram && g->ram_cell_reads && depth > f->ram_cell.depth)
		est_lutram_tiling(f, depth, wd, b->n_ports - 1, &chunks);
	int s = sl_addr_bits(chunks);
	if (chunks > 1)	/* bypass and the cells' mux, measured (`cost ram_deep`) */
		r->luts += g->ram_deep[(s < g->n_ram_deep ? s : g->n_ram_deep) - 1] * wd;
	else if (g->n_ram_read && f->lut_ram)	/* bypass and mux, measured (`cost ram_read`) */
		r->luts += g->ram_read[(aw < g->n_ram_read ? aw : g->n_ram_read) - 1] * wd;
	else if (!est_transparent(f, p))
		r->luts += (double) tg_est_eq(f, aw, false) + wd;	/* bypass */
	if (!f->lut_ram)
		r->luts += (double) wd * (depth / 2.0 + depth / 6.0) + (double) depth;
	else if (nr > 1 && !f->bd->logic.ram_cell_reads)
		r->luts += (double) est_lutram_copy(f, est_window_cells_depth(f, b, p), wd);
}

/* A circular buffer: the write counter, then per read port its address,
 * its bypass and its read: a register-file read mux (iCE40), LUT-RAM
 * copies for the ports past the first, or a block-RAM port (sl_sram_pf). */
static void est_circular(est_walk *w, const ub_buffer *b, est_walk *by_stmt)
{
	const est_fam *f = w->f;
	int aw = sl_addr_bits(b->capacity_words), wd = b->width_bits;
	int64_t depth = b->capacity_words;
	w->ffs += aw;
	w->luts += tg_est_add(f, aw) + (double) tg_est_eq(f, aw, true);
	bool sram = b->mem == UB_MEM_SRAM;
	if (!sram && !f->lut_ram)	/* write enables of the words */
		w->luts += (double) depth * tg_est_eq(f, aw + 1, true);
	/* Where the flow flattens the design, a register-file read port at
	 * the address of an earlier one is that port (Yosys merges equal
	 * reads of a memory; sl_ram's boundary keeps them apart otherwise):
	 * the distinct addresses are the read ports of its LUT RAM. */
	char **mine = sl_xcalloc((size_t) b->n_ports + 1, sizeof(*mine));
	int nr = 0, first = -1;
	bool flat = f->bd->logic.flatten, any_sram = false;
	bool *seen_readers = sl_xcalloc((size_t) w->sp->n_stmts + 1, sizeof(bool));
	for (int i = 1; i < b->n_ports; i++) {
		const ub_port *p = &b->ports[i];
		est_walk *r = &by_stmt[p->stmt->index];
		if (sram && p->same_as > 0)
			continue;	/* the same read as an earlier port's: a wire */
		char *key = est_circ_key(w->sp, b, p);
		if (!tg_est_seen(w, key, NULL))	/* w holds the design's keys */
			est_circ_addr(w, r, b, p);
		bool again = false;
		for (int j = 0; flat && j < nr && !again; j++)
			again = !strcmp(mine[j], key);
		if (again) {
			free(key);
			if (!sram)
				continue;
		} else {
			mine[nr++] = key;
		}
		if (sram) {
			bool first_r = !flat || !seen_readers[p->stmt->index];
			seen_readers[p->stmt->index] = true;
			est_sram_port(w, r, b, p, !flat || !any_sram, first_r);
			any_sram = true;
			continue;
		}
		est_regfile_read(f, r, b, p, nr);
		if (first < 0)
			first = p->stmt->index;
	}
	if (!sram && f->lut_ram && f->bd->logic.ram_cell_reads && first >= 0)
		/* the cells of every distinct port, less fpga/storage.c's first copy */
		by_stmt[first].luts += (double) (est_lutram_ports(f, depth, wd, nr) -
			tg_est_cdiv(depth * wd, f->lutram_bits));
	for (int j = 0; j < nr; j++)
		free(mine[j]);
	free(mine);
	free(seen_readers);
}

/* A buffer on push-memory tiles: each tile's logic (fpga/pub.c); the
 * delay lines are storage (fpga/storage.c), the read ports wires. */
static void est_pub(est_walk *w, const pub_set *pub, const pub_buf *pb)
{
	for (int k = 0; k < pb->n_tiles; k++) {
		int64_t ffs, luts;
		/* the producer's stream has the value's significant bits; a
		 * tile in series takes the tile before's output, from its SRAM */
		int in_bits = k == 0 || pb->side ? w->val_ew : pb->buf->width_bits;
		tg_pub_tile_logic(w->f->bd, pub, &pb->tiles[k], pb->buf->width_bits, in_bits,
			&ffs, &luts);
		w->ffs += ffs;
		w->luts += (double) luts;
	}
}

/* Every buffer with readers, costed in its producer's walk (ws[index]),
 * the merged subexpressions *keys carried from walk to walk. */
void tg_est_buffers(est_walk *ws, const ub_set *ubs, const pub_set *pub,
	const rtl_plan *plan, est_seen_ent **keys, int *n_keys)
{
	for (int k = 0; k < ubs->n_buffers; k++) {
		const ub_buffer *b = ubs->buffers[k];
		if (b->storage == UB_NONE || b->n_ports <= 1)
			continue;
		est_walk *pw = &ws[b->producer->index];
		pw->keys = *keys;
		pw->n_keys = *n_keys;
		const pub_buf *pb = pub_buf_of(pub, b);
		if (pb)
			est_pub(pw, pub, pb);
		else if (b->storage == UB_CIRCULAR)
			est_circular(pw, b, ws);
		else
			est_chain(pw, b, ws, plan, pub);
		*keys = pw->keys;
		*n_keys = pw->n_keys;
	}
}
