/* fpga/pub.c: the logic of one push-memory tile (sl_pub) as rtlgen/pub.c
 * instantiates it, counted from its structure (docs/pub.md "Structure").
 * Stage: fpga, called by fpga/logic.c for every tile of a buffer on
 * tiles (--memory pub); its SRAM is fpga/storage.c's.
 *
 * Flip-flops are exact for what Yosys keeps: the formula of docs/pub.md
 * "Structure", less what rtlgen's connections leave dead.  rtlgen feeds
 * only input 0 (in_data of the others is 0), reads only the outputs the
 * tile uses (n_outs) and leaves in_en, busy and the unused out_valid /
 * out_data unread, and ties chain_* to 0.  So an input past the first
 * keeps only its WR controller (it still drives the SRAM's port), not its
 * aggregator (constant 0), row toggle or IN controller (which drive only
 * that aggregator and the unread in_en and busy); an unused output keeps
 * only its RD controller, not its transpose buffer, output registers or
 * OUT controller.  Per controller (AGW address bits):
 *     configuration  1 + CW + AGW + LEVELS (2 CW + AGW)
 *     state          LEVELS (CW + 6) + 2 CW + 2 AGW + 4
 * per used input 2 FW W' + 1 (W' the significant bits of the words it
 * takes: the aggregator's constant bits go), per used output
 * 2 FW W + W + 3 (the transpose buffer is fed by the SRAM), and the
 * cycle counter CW.  A configuration field keeps the bits that cfg_data
 * can set, and one flip-flop for the bits that are 0 in every bus write
 * when the number of writes is a power of two (pub_data_bits).  On a
 * board whose flow keeps the hierarchy (`flatten 0`: synth_xilinx), no
 * optimization crosses the tile's boundary: every input and output and
 * every configuration bit stay, the formula of docs/pub.md whole.
 * With the configuration constant (sl_pub STATIC, pub_params fixed_cfg)
 * there are no configuration flip-flops, register enables or bus decode,
 * and a shared controller (pub_tile_shares) is its delay line and address
 * adder; the count of the rest is then an upper bound (Yosys folds more
 * of the constants: gaussian on the UP5K 689 flip-flops against 773
 * estimated, docs/pub_mapping.md "What synthesis keeps").
 *
 * LUTs are a structural estimate (k-input LUTs, the board's `carry`),
 * not fitted: per controller, per level a down counter with its load
 * (2 CW), the "0 left" / "1 left" flags (two compares with a constant)
 * and the delta multiplexers of schedule and address (CW + AGW), then the
 * schedule and address adders (CW + AGW), the fire compare cyc + 1 ==
 * sched and a write enable per register (3 LEVELS + 3); per used input
 * the slot decoder (2 FW) and the row multiplexer (FW W); the SRAM port's
 * multiplexers (address AW per WR and RD controller, write data FW W per
 * input); per used output the slot multiplexer, a 2 FW : 1 multiplexer of
 * W bits (2 FW - 1 two-input multiplexers a bit, k - 2 of them a LUT),
 * and W for the output word; the configuration decode (the two compares
 * of cfg_data with 0 and 1, the controller number).  Measured against
 * Yosys in docs/pub.md "Synthesis". */
#include <stdlib.h>

#include "fpga/fpga_private.h"

static int64_t pub_cdiv(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

/* LUTs of an n-bit compare with a constant (k-input LUTs and an AND
 * tree), or with a variable (k/2 bits a LUT). */
static int64_t pub_eq(int k, int n, bool vs_const)
{
	int64_t m = pub_cdiv(n, vs_const ? k : k / 2);
	return m + (m > 1 ? pub_cdiv(m - 1, k - 1) : 0);
}

static int pub_popcount(uint64_t v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* Flip-flops of a configuration field of w bits: the bits "data" can
 * set, and one for all the others (they are one signal, the loader's
 * "past the last write", and Yosys merges their flip-flops). */
static int pub_field(uint64_t data, int w)
{
	int set = pub_popcount(data & (w < 64 ? ((uint64_t) 1 << w) - 1 : ~(uint64_t) 0));
	return set + (set < w);
}

/* One controller of AGW address bits: flip-flops and LUTs.  "data" has
 * the cfg_data bits that can be 1 (pub_data_bits). */
static void tile_ctrl_logic(const board *bd, const pub_params *p, int agw, uint64_t data,
	int64_t *ffs, double *luts)
{
	int L = p->levels, cw = p->cw, ew = p->ew, k = bd->lut_inputs;
	double carry = bd->logic.carry;
	int dc = pub_field(data, cw), de = pub_field(data, ew), da = pub_field(data, agw);
	if (!p->fixed_cfg)	/* constants (STATIC) are no flip-flops */
		*ffs += 1 + dc + da + (int64_t) L * (dc + de + da);
	*ffs += (int64_t) L * (ew + 6) + 2 * cw + 2 * agw + 4;
	/* constants: one level's deltas need no multiplexer, no register
	 * takes a write enable */
	bool fixed = p->fixed_cfg;
	*luts += L * (2 * carry * ew + 2.0 * pub_eq(k, ew, true) + (fixed && L == 1 ? 0 : cw + agw));
	*luts += carry * (cw + agw) + (double) pub_eq(k, cw, false) + (fixed ? 0 : 3 * L + 3);
}

/* Controller "c" of tile "t": its own (tile_ctrl_logic) or, shared
 * (pub_tile_shares, constant configuration only), a follower: a delay
 * line of its fire and address, and the address adder. */
static void tile_ctrl_or_follow(const board *bd, const pub_params *p, const int *src,
	const int *dly, int c, int agw, uint64_t data, int64_t *ffs, double *luts)
{
	if (!p->fixed_cfg || src[c] < 0) {
		tile_ctrl_logic(bd, p, agw, data, ffs, luts);
		return;
	}
	*ffs += (int64_t) dly[c] * (1 + agw);
	*luts += agw;
}

/* The cfg_data bits that are not one shared signal.  cfg_data is one
 * wire for every tile, a lane of the design's ROM (tg_pub_rom_cells).
 * With n writes in all, n a power of two, the ROM covers the n writes
 * alone and the case's all-ones default is a multiplexer after it, so a
 * bit that is 0 in every write of every tile is the same signal as every
 * other such bit (counter >= n), and Yosys 0.23 (opt_expr, opt_merge)
 * keeps one flip-flop of a field for all of them; otherwise every bit is
 * a lane of the ROM of its own. */
static uint64_t pub_data_bits(const pub_set *pub)
{
	int n = pub_rom(pub, NULL);
	if (n < 2 || (n & (n - 1)))
		return ~(uint64_t) 0;
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	uint64_t any = 0;
	pub_rom(pub, w);
	for (int i = 0; i < n; i++)
		any |= w[i].data;
	free(w);
	return any;
}

void tg_pub_tile_logic(const board *bd, const pub_set *pub, const pub_tile *t,
	int width_bits, int in_bits, int64_t *ffs, int64_t *luts)
{
	const pub_params *p = pub_tile_params(pub, t);
	bool flat = bd->logic.flatten;
	uint64_t data = flat ? pub_data_bits(pub) : ~(uint64_t) 0;
	int n_outs = flat ? t->n_outs : p->n_out, n_fed = flat ? 1 : p->n_in;
	int aw = sl_addr_bits(p->depth);
	int sw = sl_clog2(p->fw) + 1, k = bd->lut_inputs;
	int64_t ww = (int64_t) p->fw * width_bits, f = p->cw;
	double l = 0;
	int src[4 * PUB_MAX_OUTS], dly[4 * PUB_MAX_OUTS];
	int c_wr = p->n_in, c_rd = 2 * p->n_in, c_out = 2 * p->n_in + p->n_out;
	pub_tile_shares(p, t, src, dly);
	/* the inputs fed (input 0): aggregator, row toggle, IN_i */
	for (int i = 0; i < n_fed; i++) {
		f += 2LL * p->fw * (flat && in_bits < width_bits ? in_bits : width_bits) + 1;
		tile_ctrl_or_follow(bd, p, src, dly, i, sw, data, &f, &l);
		l += 2 * p->fw + ww;
	}
	for (int i = 0; i < p->n_in; i++) {
		tile_ctrl_or_follow(bd, p, src, dly, c_wr + i, aw, data, &f, &l);	/* WR_i */
		l += ww + aw;				/* the port's data and address */
	}
	for (int j = 0; j < p->n_out; j++) {
		tile_ctrl_or_follow(bd, p, src, dly, c_rd + j, aw, data, &f, &l);	/* RD_j */
		l += aw;
		if (j >= n_outs)
			continue;
		tile_ctrl_or_follow(bd, p, src, dly, c_out + j, sw, data, &f, &l);	/* OUT_j */
		f += 2 * ww + width_bits + 3;
		l += (double) width_bits * pub_cdiv(2 * p->fw - 1, k - 2 > 1 ? k - 2 : 1) +
			width_bits + 4;
	}
	int ncb = sl_clog2(2 * (p->n_in + p->n_out));
	if (!p->fixed_cfg)	/* the bus's decode */
		l += 2.0 * pub_eq(k, p->cw, true) + (double) (2 * (p->n_in + p->n_out)) *
			pub_eq(k, ncb > 0 ? ncb : 1, true);
	*ffs = f;
	*luts = (int64_t) (l + 0.5);
}
