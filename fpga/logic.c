/* fpga/logic.c: the logic of a generated design, counted from its
 * structure before synthesis (LUTs, flip-flops, DSPs per statement).
 * Stage: fpga, after storage mapping, beside fpga/storage.c.
 * It walks what rtlgen emits and costs each piece in the family's
 * primitives (k = LUT inputs), whose numbers are the board file's
 * (`carry`, `dsp_mul`, `lutram`, `lutram_cell`: boards/README.md "Logic";
 * no family is named here).  This file holds the primitives, the
 * statements (schedule generator, pipe, delay registers), the design
 * and the DSP decision; fpga/datapath.c costs the values of a
 * statement's expressions, fpga/ports.c the buffers' ports and
 * addresses (each file's banner lists its rules):
 *   x + c, x - c   from c's lowest 1 up, the board's `carry ... const`
 *       sites a bit and an inverter per inverted sum input, where the
 *       board has them (Xilinx: the carry cells' own XOR), else as below
 *   n-bit adder, subtractor, incrementer   `carry` x n LUTs, 1 on the four
 *       boards (one per bit beside the
 *       carry chain: SB_CARRY, CARRY4/8; on ECP5 a CCU2C of 2 bits is one
 *       slice, 2 LUT4 sites, as the board's `cells lut CCU2C=2` counts it)
 *   n-bit equality   ceil(n / (k/2)) LUTs (against a constant ceil(n/k))
 *       and an AND tree of (k-1)-input LUTs over them
 *   n-bit magnitude comparison   a subtractor's carry: n LUTs; against
 *       0 (the sign and an OR), 2^j or 2^j - 1 an OR tree of the high bits
 *   2:1 mux of n bits   n LUTs
 *   sl_sched   its structure (est_generator, the RTL plan's parameters):
 *       counters sized to the extents,
 *       the down counter, the registered wait's distinct columns
 *       (flip-flops as Yosys keeps them; LUTs fitted to Yosys on iCE40)
 *   datapath delay registers   per operand its significant bits for the
 *       cycles to its user; where the board has `srl` (Xilinx), a run of
 *       3 or more is a shift-register LUT a bit
 * Widths are the significant widths Yosys keeps (wreduce): a value that
 * is a zero- or sign-extension of its low bits costs only those bits, and
 * bits nothing reads cost nothing.  Identical subexpressions are counted
 * once (Yosys merges them: opt_merge); lanes on an earlier lane's
 * schedule generator read its counters, so their loop variables are its
 * (their index arithmetic, ROM addresses and reduction tests are one
 * circuit), but a ROM's table stays each stage's own sl_rom where the
 * flow keeps the library's modules (`flatten 0`).  Flip-flops holding constants are
 * dropped as Yosys drops them.
 * Adjusted from measurements (Yosys 0.23, tests/bench/estimate_bench.sh):
 * the Xilinx ROM-constant DSP rule (fpga/datapath.c, from gaussian), sl_sched's LUT
 * constants (the board's `cost sched`, tests/bench/sched_cost.py) and the
 * LUT-RAM cells; the other per-primitive constants are first principles.  The model is of a
 * LUT mapper that minimises area.  Known large errors: ECP5 under Yosys
 * 0.23's default `synth_ecp5` (abc -lut 4:7: every LUT size has delay 1,
 * so ABC maps for depth into LUT5-7 = 2-8 LUT4s + PFUMX/L6MUX21, many of
 * them constant: measured 1.0-6x the LUT4s of `synth_ecp5 -abc9` on the
 * same Verilog, not a function of the structure); this model follows the
 * -abc9 mapping, and the board flow adds -nowidelut (boards/README.md
 * "Counting cells": ABC9 duplicates logic for depth in LUT5-7).
 * A buffer on push-memory tiles (--memory pub) is its tiles' logic
 * (fpga/pub.c) in its producer's stage.
 * Storage (delay-chain registers, register-file and LUT-RAM words, block
 * RAM) is fpga/storage.c's and is not counted here. */

#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"

/* ------------------------------------------------------------ families */

static est_fam est_family(const board *bd)
{
	const board_logic *g = &bd->logic;
	est_fam f = { bd, bd->lut_inputs, g->carry, g->dsp_rom_late, bd->lutram_bits > 0, bd->lutram_bits,
		g->ram_cell, g->ram_cell_luts };
	return f;
}

/* ------------------------------------------------------------ primitives */

/* LUTs of an AND (or OR) of m signals. */
int64_t tg_est_tree(const est_fam *f, int64_t m)
{
	return m <= 1 ? 0 : tg_est_cdiv(m - 1, f->k - 1);
}

double tg_est_add(const est_fam *f, int n)
{
	int c = f->bd->logic.carry_cell > 1 ? f->bd->logic.carry_cell : 1;
	return n > 0 ? f->carry * (double) (c * ((n + c - 1) / c)) : 0;
}

int64_t tg_est_eq(const est_fam *f, int n, bool vs_const)
{
	if (n <= 0)
		return 0;
	int64_t m = tg_est_cdiv(n, vs_const ? f->k : f->k / 2);
	return m + tg_est_tree(f, m);
}

double tg_est_lt(const est_fam *f, int n, bool vs_const)
{
	if (vs_const && n <= f->k)
		return 1;
	return tg_est_add(f, n);
}

/* An n-bit value against constant c (sx: signed): against 0 the sign bit
 * and an OR of the rest; against 2^j or 2^j - 1 an OR of the bits from j
 * (and the low ones' AND); else a carry chain (tg_est_lt). */
double tg_est_lt_const(const est_fam *f, int n, uint64_t c, bool sx)
{
	if (n <= f->k)
		return 1;
	uint64_t m = n >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << n) - 1;
	c &= m;
	if (c == 0)
		return (double) tg_est_tree(f, n);
	if (sx && c == m)	/* -1 */
		return (double) tg_est_tree(f, n);
	int j = 0;
	if (!(c & (c - 1)))
		j = __builtin_ctzll(c);
	else if (!((c + 1) & c))
		j = sl_bits(c);
	else
		return f->bd->logic.carry_const >= 0 ? tg_est_add_const(f, n, c, true)
			: tg_est_lt(f, n, true);
	return (double) tg_est_tree(f, n - j + 1) + 1;
}

/* x < c (gt false) or x > c (gt true) of an n-bit x: where the bound is
 * a power of two 2^j (x < 2^j, x > 2^j - 1) Yosys's opt_expr makes it
 * the OR of x's bits from j, a tree of n - j inputs (none for one bit:
 * brighten's min(x + 64, 255) is x's bit 8); else tg_est_lt_const. */
double tg_est_cmp_const(const est_fam *f, int n, uint64_t c, bool sx, bool gt)
{
	uint64_t m = n >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << n) - 1;
	uint64_t b = gt ? c + 1 : c;	/* x >= b or x < b */
	if (!sx && n < 64 && c <= m && b > 0 && b <= m && !(b & (b - 1)))
		return (double) tg_est_tree(f, n - __builtin_ctzll(b));
	return tg_est_lt_const(f, n, c, sx);
}

/* LUTs of a function of n inputs (a ROM bit): 2^(n-k) LUTs and their
 * 2:1 muxes, the board's `widemux` lowest levels of them free cells. */
int64_t tg_est_fun(const est_fam *f, int n)
{
	if (n <= f->k)
		return 1;
	int e = n - f->k < 20 ? n - f->k : 20, free_lv = f->bd->logic.widemux;
	int64_t m = (int64_t) 1 << e;
	int64_t up = e > free_lv ? ((int64_t) 1 << (e - free_lv)) - 1 : 0;
	return m + up;
}

/* The width of statement s's counter of dimension d in sl_sched (its
 * idx and nidx above it are 0). */
int tg_est_counter_bits(const sched_stmt *s, int d)
{
	return sl_bits_for(s->ext[d] > 1 ? s->ext[d] - 1 : 0);
}

/* x + c or x - c of sw sum bits: the bits below c's lowest 1 are x's,
 * no carry logic (Yosys drops carry cells with constant inputs); above
 * it the board's `carry ... const` sites a bit where it has them, plus
 * an inverter for each sum input that is x's bit inverted (c's ones for
 * an add, its zeros for a subtract: x + ~c + 1). */
double tg_est_add_const(const est_fam *f, int sw, uint64_t c, bool sub)
{
	int tz = tg_est_low_zeros(c), n = sw > tz ? sw - tz : 0;
	double cc = f->bd->logic.carry_const;
	if (cc < 0 || n == 0)
		return tg_est_add(f, n);
	uint64_t m = (sw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << sw) - 1) & ~(((uint64_t) 1 << tz) - 1);
	uint64_t inv = (sub ? ~c : c) & m;
	return cc * n + tg_est_popcount(inv);
}

/* The restoring divider of an n-bit dividend: n stages of an n-bit
 * subtract and an n-bit select. */
double tg_est_divider(const est_fam *f, int n)
{
	return (double) n * (tg_est_add(f, n) + n);
}

/* ------------------------------------------------------------ stages */

/* sl_sched (rtlgen/lib/sl_sched.v) by its structure, with the EXT,
 * DELTA and START of the RTL plan (rtlgen/plan.c, TW bits).  Flip-flops,
 * exactly as Yosys 0.23 keeps them
 * in the module alone: per dimension of extent E > 1 the counters ni and
 * ci of bits_of(E-1) bits and the flag nl; the down counter of CW =
 * bits_of(the largest wait) + 1 bits and lz; of the registered wait
 * {is_final, next_one, wait_cnt}, one flip-flop per distinct bit column
 * that is not constant over the values it loads (one per dimension that
 * can increment, and the final one): Yosys merges equal registers and
 * removes constant ones; fire and active.  Where the flow flattens the
 * design, the ci of a dimension whose idx nothing reads ("idx_read", a
 * bit a dimension) is removed with its readers.  LUTs: the board's `cost
 * sched` line, fitted to the module alone in Yosys (boards/README.md
 * "Logic": a constant, per counter bit, per down-counter bit, per
 * distinct wait column, and per counter bit and dimension when the
 * innermost DELTA is 1, the fire of the next cycle enabling every
 * counter); without one, the iCE40's structure (within 5 of every case
 * measured, N 1-4, extents 3-1920, waits 1-13627): per dimension its
 * incrementer and last-value test; the down counter's decrement and its
 * three-way load select, a LUT a bit; 9 + N for the flags, the wait
 * select, fire and active. */
void tg_est_generator(est_walk *w, const rtl_sched_plan *q, int tw, uint64_t idx_read)
{
	const est_fam *f = w->f;
	const board_logic *g = &f->bd->logic;
	int n = q->n, nd = q->n;
	uint64_t tm = tw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << tw) - 1;
	uint64_t maxw = q->start & tm;
	const uint64_t *delta = q->delta;
	for (int d = 0; d < nd; d++)
		if (q->ext[d] > 1 && delta[d] > maxw)
			maxw = delta[d];
	int cw = sl_bits_for((int64_t) maxw) + 1;
	/* The loaded wait's columns over its rows: bit r of a column is its
	 * value in row r (a dimension that increments, then the final row). */
	uint64_t col[66] = { 0 }, cm = cw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << cw) - 1;
	int rows = 0, bits = 0, dims = 0, inner = -1;
	double luts = 0;
	for (int d = 0; d < nd; d++) {
		if (q->ext[d] <= 1)
			continue;
		int iw = sl_bits_for(q->ext[d] - 1);
		bool ci = !g->flatten || ((idx_read >> d) & 1);
		w->ffs += iw + (ci ? iw : 0) + 1;
		luts += tg_est_add(f, iw) + (double) tg_est_eq(f, iw, true);
		bits += iw;
		dims++;
		inner = d;
		uint64_t load = (delta[d] - 3) & cm;
		for (int b = 0; b < cw && b < 64; b++)
			col[b] |= ((load >> b) & 1) << rows;
		col[64] |= (uint64_t) (delta[d] == 1) << rows;	/* next_one */
		rows++;
	}
	col[65] |= (uint64_t) 1 << rows;	/* is_final: the final row */
	rows++;
	uint64_t all = rows >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << rows) - 1;
	int distinct = 0;
	for (int i = 0; i < 66; i++) {
		bool seen = col[i] == 0 || col[i] == all;	/* constant */
		for (int j = 0; j < i && !seen; j++)
			seen = col[j] == col[i];
		distinct += !seen;
	}
	w->ffs += cw + 1 + distinct + 2;
	if (g->sched_fit) {
		bool fast = inner >= 0 && delta[inner] == 1;
		luts = g->sched[0] + g->sched[1] * bits + g->sched[2] * cw + g->sched[3] * distinct +
			(fast ? (dims <= 2 ? g->sched[5] * bits * dims : 0) : g->sched[4]);
		w->luts += luts > 0 ? luts : 0;
		return;
	}
	w->luts += luts + tg_est_add(f, cw) + cw + 9 + n;
}

/* The variable slots expression e reads (a bit a slot), not through a
 * buffer's access (a chain's read is a tap, a circular one's address is
 * est_idx_reads'), a ROM's address included. */
static uint64_t est_slots_read(const ir_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == IR_VAR)
		return e->u.var.slot >= 0 && e->u.var.slot < 64 ? (uint64_t) 1 << e->u.var.slot : 0;
	if (e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST)
		return 0;
	uint64_t m = 0;
	for (int i = 0; i < e->n_args; i++)
		m |= est_slots_read(e->args[i]);
	if (e->kind == IR_REDUCE)
		m |= est_slots_read(e->u.reduce.body);
	return m;
}

/* The dimensions of s whose counter value (sl_sched's idx) s's logic
 * reads: its datapath's variables, a reduction's first/last tests, an
 * output's in-box test, its circular register-file read addresses and its
 * border multiplexers (rtlgen); a block-RAM read is addressed from nidx. */
static uint64_t est_idx_reads(const ub_set *ubs, const sched_stmt *s)
{
	const ir_decl *d = s->decl;
	uint64_t slots = s->is_input ? 0 : est_slots_read(d->body), m = 0;
	int nsl = d->n_slots > s->n_dims ? d->n_slots : s->n_dims;
	for (int k = 0; k < nsl && k < 64; k++) {
		if (!((slots >> k) & 1))
			continue;
		int dim = k < s->n_vars ? k : -1;
		if (s->is_reduction)
			for (int r = 0; r < d->body->u.reduce.n_rvars; r++)
				if (d->body->u.reduce.rvars[r].slot == k)
					dim = s->n_vars + r;
		if (dim >= 0)
			m |= (uint64_t) 1 << dim;
	}
	for (int k = s->n_vars; s->is_reduction && k < s->n_dims; k++)
		m |= (uint64_t) 1 << k;
	if (s->is_output && !s->is_input && !(d->lanes > 1 && d->lane > 0))
		for (int k = 0; k < s->n_vars; k++)
			if (-s->lo[k] > 0 || d->out_extents[k] - s->lo[k] < s->ext[k])
				m |= (uint64_t) 1 << k;
	for (int i = 0; i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		if (b->storage == UB_NONE)
			continue;
		for (int j = 1; j < b->n_ports; j++) {
			const ub_port *p = &b->ports[j];
			if (p->stmt != s)
				continue;
			for (int e = 0; e < p->n_edges; e++)
				m |= (uint64_t) 1 << p->edges[e].dim;
			if (b->storage == UB_CIRCULAR && b->mem != UB_MEM_SRAM)
				for (int a = 0; a < p->access->expr->n_args; a++) {
					uint64_t sl = est_slots_read(p->access->expr->args[a]);
					for (int k = 0; k < s->n_vars && k < 64; k++)
						if ((sl >> k) & 1)
							m |= (uint64_t) 1 << k;
				}
		}
	}
	return m;
}

/* The in-box test of an output whose domain passes its box. */
static int est_inbox(est_walk *w, const sched_stmt *s)
{
	if (!s->is_output || s->is_input || (s->decl->lanes > 1 && s->decl->lane > 0))
		return 0;	/* lanes 1.. come out with lane 0's valid (rtlgen.c) */
	const int64_t *box = s->decl->out_extents;
	int tests = 0;
	for (int d = 0; d < s->n_vars; d++) {
		/* a counter of bits_of(ext - 1) bits against a constant */
		int t = (-s->lo[d] > 0) + (box[d] - s->lo[d] < s->ext[d]);
		int iw = tg_est_counter_bits(s, d);
		w->luts += t * tg_est_lt(w->f, iw, true);
		tests += t;
	}
	if (tests)
		w->luts += (double) tg_est_tree(w->f, tests);
	return tests > 0;
}

/* Whether a reduction's first and last tests (its reduction counters
 * against 0 and their last values) were costed for an earlier lane on
 * the same schedule generator: they test the generator's counters, the
 * same signals in every lane it drives (opt_merge). */
static bool est_reduction_tests_seen(est_walk *w, const sched_stmt *s)
{
	char key[256];
	int n = snprintf(key, sizeof key, "redtests %s", sched_controller(w->sp, s)->name);
	for (int d = s->n_vars; d < s->n_dims && n > 0 && n < (int) sizeof key - 24; d++)
		n += snprintf(key + n, sizeof key - (size_t) n, " %d:%lld", d, (long long) s->ext[d]);
	return tg_est_seen(w, key, NULL);
}

/* A reduction: accumulator register, first/last tests (one set for the
 * lanes of one schedule generator), the combine. */
static est_val est_reduction(est_walk *w, const sched_stmt *s)
{
	const est_fam *f = w->f;
	const ir_expr *r = s->decl->body;
	ir_type t = s->decl->type;
	est_val v = tg_est_conv(tg_est_value(w, s, r->u.reduce.body), t.bits,
		r->u.reduce.body->type.is_signed);
	int nr = s->n_dims - s->n_vars;
	w->ffs += t.bits;
	if (!est_reduction_tests_seen(w, s)) {
		for (int d = s->n_vars; d < s->n_dims; d++)	/* first, last: a counter against 0, ext - 1 */
			w->luts += 2.0 * tg_est_eq(f, tg_est_counter_bits(s, d), true);
		w->luts += 2 * tg_est_tree(f, nr) + 1;
	}
	w->luts += t.bits;	/* acc_in: first ? identity : acc */
	if (r->u.reduce.op == IR_RED_SUM) {
		w->luts += tg_est_add(f, t.bits);	/* less when a DSP's post-add */
		tg_est_postadd(w, s, NULL, r->u.reduce.body, t.bits, tg_est_add(f, t.bits));
	} else {
		w->luts += tg_est_lt(f, t.bits, false) + t.bits;
	}
	(void) v;
	return tg_est_make(t.bits, t.bits, t.is_signed);
}

static bool est_dead(const ub_set *ubs, const sched_stmt *s)
{
	const ub_buffer *b = ub_set_find(ubs, s);
	return !s->is_output && (!b || b->storage == UB_NONE || b->n_ports <= 1);
}

/* The registers of a run of "len" cycles of an n-bit value: flip-flops,
 * or where the board has shift-register LUTs (`srl`) and the run is long
 * enough, a LUT a bit per DEPTH stages (Yosys's shregmap). */
static void est_run_regs(est_walk *w, int n, int len)
{
	const board_logic *g = &w->f->bd->logic;
	if (n <= 0 || len <= 0)
		return;
	if (g->srl_min && len >= g->srl_min)
		w->luts += (double) n * tg_est_cdiv(len, g->srl_depth);
	else
		w->ffs += (int64_t) n * len;
}

static int est_node_ew(const est_walk *w, const ir_expr *e, bool *merged)
{
	for (int i = w->n_nodes - 1; i >= 0; i--)
		if (w->nodes[i] == e) {
			*merged = w->node_merged[i];
			return w->node_ew[i];
		}
	*merged = false;
	return ir_type_none(e->type) ? 0 : e->type.bits;
}

static bool est_is_read(const ir_expr *e)
{
	return e->kind == IR_ACCESS && e->u.access.decl->kind != IR_DECL_CONST;
}

/* The read register of access e, 1, or 0 where it is merged: a delay
 * chain's read with the same-cycle bypass (est_chain). */
static int est_read_reg(const est_walk *w, const ir_expr *e)
{
	if (!est_is_read(e))
		return 0;
	for (int i = 0; i < w->ubs->n_buffers; i++) {
		const ub_buffer *b = w->ubs->buffers[i];
		if (b->storage != UB_REGISTERS && b->storage != UB_DELAY_CHAIN)
			continue;
		for (int j = 1; j < b->n_ports; j++)
			if (b->ports[j].access && b->ports[j].access->expr == e)
				return b->ports[j].n_edges == 0 && !b->ports[j].shifting ? 0 : 1;
	}
	return 1;
}

/* A min or max against a constant: registered at once, its select is the
 * flip-flops' synchronous set and reset (Yosys's opt_dff: SB_DFFSS/SR,
 * FDSE/FDRE, the ECP5's LSR), no LUTs; the compare stays. */
static bool est_saturates(const sched_stmt *s, const ir_expr *e)
{
	int c = sched_node_cycle(s, e);
	while (e->kind == IR_CAST)	/* a cast keeps or drops bits: wires */
		e = e->args[0];
	return e->kind == IR_BINARY && ir_op_info[e->op].hw == IR_HW_CMP_MUX &&
		(e->args[0]->kind == IR_CONST || e->args[1]->kind == IR_CONST) &&
		sched_node_cycle(s, e) == c;	/* no register between */
}

/* The datapath's delay and read registers (scheduler/pipeline.c places
 * every node in a cycle): per operand of a node in a later cycle, its
 * significant bits (Yosys removes constant flip-flops) for the cycles
 * between, a buffer read's register included; a run of one operand is
 * one chain (every node has one user), a merged operand's shared.  The
 * value waits from its cycle to "vc"; the valid bit, and a reduction's
 * fire, first and last, as scheduler/pipeline.c counts them. */
static void est_delays(est_walk *w, const sched_stmt *s, const ir_expr *root, int vc)
{
	for (int i = 0; i < w->n_nodes; i++) {
		const ir_expr *e = w->nodes[i];
		if (w->node_merged[i] || e->n_args == 0)
			continue;
		if (e->kind == IR_ACCESS || ir_type_none(e->type))
			continue;	/* an address or an index: not delayed */
		int ce = sched_node_cycle(s, e);
		for (int k = 0; k < e->n_args; k++) {
			const ir_expr *a = e->args[k];
			bool merged;
			int ew = est_node_ew(w, a, &merged), ca = sched_node_cycle(s, a);
			if (ca < 0 || ew == 0 || (ir_type_none(a->type) && a->kind != IR_ACCESS))
				continue;
			est_run_regs(w, ew, ce - ca + est_read_reg(w, a));
			if (ce > ca && !merged && est_saturates(s, a))
				w->luts -= ew;	/* its select is the register's set/reset */
		}
	}
	if (root && est_is_read(root))	/* its read register */
		est_run_regs(w, root->type.bits, vc - 1 + est_read_reg(w, root));
	if (root && s->latency > vc && !ir_type_none(root->type) &&
	    sched_node_cycle(s, root) == vc && est_saturates(s, root)) {	/* into the pipe */
		bool merged;
		int ew = est_node_ew(w, root, &merged);
		if (!merged)
			w->luts -= ew;
	}
	if (s->is_reduction) {	/* the body into the accumulator */
		const ir_expr *body = s->decl->body->u.reduce.body;
		bool merged;
		int ew = est_node_ew(w, body, &merged), cb = sched_node_cycle(s, body);
		if (cb >= 0)
			est_run_regs(w, ew, sched_acc_cycle(s) - cb + est_read_reg(w, body));
		w->ffs += 3 * (int64_t) sched_acc_cycle(s);
	}
	w->ffs += vc;
}

/* A statement's schedule, datapath and pipe. */
static void est_stmt(est_walk *w, const sched_stmt *s, const rtl_plan *plan,
	const uint64_t *idx_read)
{
	if (est_dead(w->ubs, s))
		return;	/* nothing reads it: Yosys removes it all */
	const rtl_sched_plan *q = &plan->sched[s->index];
	if (q->controller == s)	/* else an earlier lane's (shared) */
		tg_est_generator(w, q, plan->tw, idx_read[s->index]);
	est_val v;
	w->nodes = sl_xmalloc(sizeof(*w->nodes));	/* record the nodes */
	w->node_ew = sl_xmalloc(sizeof(*w->node_ew));
	w->node_merged = sl_xmalloc(sizeof(*w->node_merged));
	w->n_nodes = 0;
	if (s->is_input)
		v = tg_est_make(s->decl->type.bits, s->decl->type.bits, false);
	else if (s->is_reduction)
		v = est_reduction(w, s);
	else
		v = tg_est_conv(tg_est_value(w, s, s->decl->body), s->decl->type.bits,
			s->decl->body->type.is_signed);
	int ew = v.is_const ? 0 : v.ew;
	w->val_ew = ew;
	int inbox = est_inbox(w, s);
	/* The pipe after the value's cycle; before it, the datapath's own
	 * read, delay and valid registers (scheduler/pipeline.c). */
	int vc = s->is_input ? 0 : sched_value_cycle(s);
	w->ffs += (int64_t) (s->latency - vc) * (ew + 1 + inbox) + (int64_t) vc * inbox;
	if (!w->f->bd->logic.flatten)
		w->luts += 1;	/* sl_pipe's enable, rst || ce, in its own module */
	if (s->is_input || !s->pipe)
		w->ffs += sched_pipe_reg_bits(s);
	else
		est_delays(w, s, s->is_reduction ? NULL : s->decl->body, vc);
	free(w->nodes);
	free(w->node_ew);
	free(w->node_merged);
	w->nodes = NULL;
	w->node_ew = NULL;
	w->node_merged = NULL;
	w->n_nodes = 0;
}

/* ------------------------------------------------------------ the design */

/* Frees the adds walk w recorded (est_preadd). */
static void est_walk_release(est_walk *w)
{
	free(w->adds);
	free(w->add_luts);
	free(w->add_bits);
	w->adds = NULL;
	w->add_luts = NULL;
	w->add_bits = NULL;
	w->n_adds = 0;
}

/* The run control of the plan: 'remain' of run_bits counts down to its
 * sign bit; busy, done and go.  Measured alone (Yosys 0.23, iCE40) for
 * 6, 14 and 22 bits: flip-flops the width + 3, LUTs the width + 5 (the
 * decrement and its load, a LUT a bit beside the carry chain; go, busy,
 * done). */
static void est_run(est_walk *w, const rtl_plan *plan)
{
	int rw = plan->run_bits;
	w->ffs += rw + 3;
	w->luts += tg_est_add(w->f, rw) + 5;
}

/* The multipliers between DSPs and logic: the lane program's as
 * tg_dsp_decide decided them for this board (for another board, as it
 * would), the address arithmetic's over the DSPs left; each charged to
 * its stage's walk.  r keeps the list. */
static void est_split(const board *bd, const sched_program *sp, est_muls *ml, est_walk *ws,
	tg_logic *r)
{
	bool decided = sp->lowered->dsp_board == bd;
	for (int i = 0; decided && i < ml->n; i++)
		if (ml->m[i].node) {
			ml->m[i].in_dsp = ml->m[i].node->dsps > 0;
			if (ml->m[i].in_dsp)
				ml->m[i].dsps = ml->m[i].node->dsps;
		}
	tg_mul_split(bd->dsps, ml->m, ml->n, decided);
	r->n_muls = ml->n;
	for (int i = 0; i < ml->n; i++) {
		const tg_mul *m = &ml->m[i];
		est_walk *w = &ws[m->stage];
		r->dsps_wanted += m->dsps;
		if (m->node && m->in_dsp)
			r->dsps_lanes += m->dsps;
		if (m->in_dsp) {
			w->dsps += m->dsps;
			w->luts += m->rest_luts - m->pre_luts - m->post_luts;	/* less its adds */
		} else {
			w->luts += m->soft_luts;
			r->n_soft_muls++;
			r->soft_mul_luts += (int64_t) (m->soft_luts + 0.5);
		}
	}
	r->muls = ml->m;
}

/* Per stage its walk's LUTs, flip-flops and DSPs, and their sums. */
static void est_stage_totals(const sched_program *sp, const est_walk *ws, tg_logic *r)
{
	int n = sp->n_stmts;
	r->n = n;
	r->stages = sl_xcalloc((size_t) n + 1, sizeof(*r->stages));
	for (int i = 0; i < n; i++) {
		tg_stage *st = &r->stages[i];
		st->s = sp->stmts[i];
		st->luts = (int64_t) (ws[i].luts + 0.5);
		st->ffs = ws[i].ffs;
		st->dsps = ws[i].dsps;
		r->luts += st->luts;
		r->ffs += st->ffs;
		r->dsps += st->dsps;
	}
}

void tg_logic_count(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_logic *r)
{
	est_fam f = est_family(bd);
	int n = sp->n_stmts;
	rtl_plan plan;
	rtl_plan_build(sp->ctx, sp, pub, 1, &plan);
	est_walk *ws = sl_xcalloc((size_t) n + 1, sizeof(*ws));
	est_seen_ent *keys = NULL;
	int n_keys = 0;
	est_muls muls = { 0, NULL };
	uint64_t *idx_read = sl_xcalloc((size_t) n + 1, sizeof(*idx_read));
	for (int i = 0; i < n; i++)	/* a lane reads its controller's counters */
		if (!est_dead(ubs, sp->stmts[i]))
			idx_read[plan.sched[i].controller->index] |= est_idx_reads(ubs, sp->stmts[i]);
	for (int i = 0; i < n; i++) {
		ws[i].f = &f;
		ws[i].sp = sp;
		ws[i].ubs = ubs;
		ws[i].stage = i;
		ws[i].muls = &muls;
	}
	for (int i = 0; i < n; i++) {
		ws[i].keys = keys;	/* merged subexpressions across stages */
		ws[i].n_keys = n_keys;
		est_stmt(&ws[i], sp->stmts[i], &plan, idx_read);
		keys = ws[i].keys;
		n_keys = ws[i].n_keys;
	}
	tg_est_buffers(ws, ubs, pub, &plan, &keys, &n_keys);
	memset(r, 0, sizeof(*r));
	est_split(bd, sp, &muls, ws, r);
	est_stage_totals(sp, ws, r);
	est_walk c = { .f = &f };
	est_run(&c, &plan);
	r->luts += (int64_t) (c.luts + 0.5);
	r->ffs += c.ffs;
	for (int i = 0; i < n_keys; i++)
		free(keys[i].key);
	free(keys);
	for (int i = 0; i < n; i++)
		est_walk_release(&ws[i]);
	free(ws);
	free(idx_read);
}

/* ------------------------------------------------------------ the decision */

/* The statement of func d before the schedule, as far as the walk reads
 * it: its box as scheduler/statements.c makes it (the domain, then a
 * reduction's variables). */
static void est_shell(const ir_decl *d, sched_stmt *s)
{
	memset(s, 0, sizeof(*s));
	s->name = d->name;
	s->decl = d;
	s->is_output = d->is_output;
	s->n_vars = s->n_dims = d->n_dims;
	for (int i = 0; i < d->n_dims && i < SCHED_MAX_DIMS; i++) {
		s->lo[i] = d->dom_lo[i];
		s->ext[i] = d->dom_ext[i];
	}
	if (d->body->kind != IR_REDUCE)
		return;
	s->is_reduction = true;
	for (int i = 0; i < d->body->u.reduce.n_rvars && s->n_dims < SCHED_MAX_DIMS; i++) {
		const ir_rvar *rv = &d->body->u.reduce.rvars[i];
		s->lo[s->n_dims] = rv->lo;
		s->ext[s->n_dims++] = rv->hi - rv->lo;
	}
}

/* A subexpression merged into an earlier one is the same hardware: the
 * earlier one's decision, node by node. */
static void est_copy_decision(ir_expr *e, const ir_expr *first)
{
	if (!e || !first)	/* a key that names no expression */
		return;
	e->mul_id = first->mul_id;
	e->dsps = first->dsps;
	for (int i = 0; i < e->n_args && i < first->n_args; i++)
		est_copy_decision(e->args[i], first->args[i]);
	if (e->kind == IR_REDUCE && first->kind == IR_REDUCE)
		est_copy_decision(e->u.reduce.body, first->u.reduce.body);
}

/* The walk of tg_logic_count over the lane program's datapaths, each
 * func's value as est_stmt walks it, collecting the multipliers into
 * *ml.  (Lowering has dropped the funcs nothing reads; a stage the
 * buffers leave dead, est_dead, still takes its DSPs here.) */
static void est_decide_walk(const board *bd, const ir_program *lanes, est_muls *ml,
	est_walk *w)
{
	est_fam f = est_family(bd);
	w->f = &f;
	w->muls = ml;
	w->dups = sl_xmalloc(sizeof(*w->dups));
	for (int i = 0; i < lanes->n_decls; i++) {
		const ir_decl *d = lanes->decls[i];
		if (d->kind != IR_DECL_FUNC || d->is_inline || d->dom_empty)
			continue;
		sched_stmt s;
		est_shell(d, &s);
		w->stage = i;
		tg_est_value(w, &s, s.is_reduction ? d->body->u.reduce.body : d->body);
	}
	w->f = NULL;
}

void tg_dsp_decide(const board *bd, ir_program *lanes)
{
	est_muls ml = { 0, NULL };
	est_walk w = { 0 };
	est_decide_walk(bd, lanes, &ml, &w);
	int n = 0;	/* the lane program's: address products take what is left */
	for (int i = 0; i < ml.n; i++)
		if (ml.m[i].node)
			ml.m[n++] = ml.m[i];
	ml.n = n;
	tg_mul_split(bd->dsps, ml.m, ml.n, false);
	for (int i = 0; i < ml.n; i++) {
		/* the walk reads the program; its nodes are the lane program's */
		ir_expr *e = (ir_expr *) ml.m[i].node;
		e->mul_id = i + 1;
		e->dsps = ml.m[i].in_dsp ? (int) ml.m[i].dsps : 0;
	}
	for (int i = 0; i < w.n_dups; i++)
		est_copy_decision((ir_expr *) w.dups[i].e, w.dups[i].first);
	lanes->dsp_board = bd;
	for (int i = 0; i < w.n_keys; i++)
		free(w.keys[i].key);
	free(w.keys);
	free(w.dups);
	est_walk_release(&w);
	free(ml.m);
}

void tg_print_logic(const tg_report *rep, FILE *out)
{
	const tg_logic *r = &rep->logic;
	fprintf(out, "%-24s %8s %8s %6s\n", "stage", "LUTs", "FFs", "DSPs");
	for (int i = 0; i < r->n; i++)
		fprintf(out, "%-24s %8lld %8lld %6lld\n", r->stages[i].s->name,
			(long long) r->stages[i].luts, (long long) r->stages[i].ffs,
			(long long) r->stages[i].dsps);
	fprintf(out, "%-24s %8lld %8lld %6lld\n", "total (with control)",
		(long long) r->luts, (long long) r->ffs, (long long) r->dsps);
}
