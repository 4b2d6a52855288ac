/* tile/cost.c: area and energy of one push-memory tile, and of the
 * dual-port buffer of the same ports that the paper compares it with.
 * Stage: tile, read by pub/ and the study.  A structural count (SRAM bits,
 * flip-flops, logic in 4-input LUTs) and, from the access counts, energy
 * and area by the constants of docs/pub_mapping.md "Area and energy" (each with
 * its source, or marked as an assumption).  A tile is costed as it is
 * built: bus-configured (the study's, --pub-config rom's: a formula of
 * its parameters), or with constant configuration (the default build:
 * what synthesis keeps of its register values and shared controllers,
 * as the mapping recorded them on the tile).  Pure arithmetic, but for the
 * dual-port buffer's peak accesses a cycle (a merge of the port
 * controllers' fire cycles). */
#include <math.h>
#include <stdint.h>

#include "tile/tile.h"

/* Constants (docs/pub_mapping.md, "Area and energy"). */
#define E_SRAM_64B_8KB_PJ 10.0	/* 64-bit read of an 8 KB SRAM, 45 nm: Horowitz, ISSCC 2014 */
#define E_ADD32_PJ 0.1		/* 32-bit integer add, 45 nm: Horowitz, ISSCC 2014 */
#define E_FLOP_BIT_PJ 0.01	/* one flip-flop bit written or read: assumption */
#define E_DP_ACCESS 1.0		/* a dual-port access against a single-port one of the
				 * same bits: assumption (no surcharge) */
#define A_SRAM_BIT_UM2 0.5	/* single-port SRAM macro area per bit with periphery:
				 * assumption */
#define A_SRAM_BIT_DP_UM2 0.75	/* dual-port (1R1W) SRAM macro area per bit: assumption,
				 * 1.5 x the single-port's (a larger cell, two decoders
				 * and two sets of sense amplifiers and drivers) */
#define A_FLOP_UM2 5.0		/* one flip-flop: assumption */
#define A_LUT_UM2 3.0		/* one 4-input LUT's worth of logic: assumption */

/* Bus-configured tiles (sl_pub STATIC 0, the study's and --pub-config
 * rom's).  The LUT formula's coefficients: weighted least squares
 * (relative error) on Yosys 0.23 `synth -flatten -lut 4` of sl_pub, the
 * SRAM a black box, at 26 parameterizations, 9 of them with EW < CW; 5
 * more checked, not fitted (tests/bench/pub_area_fit.py, run of
 * 2026-12-01: fit error max 2.0 %, mean 0.7 %; check points max 3.3 %,
 * mean 1.5 %; the table in docs/pub_mapping.md "Area and energy").  Each
 * multiplies a count of one structure of sl_pub.v / sl_pub_ctrl.v; adders
 * are LUTs (no carry cells in the generic flow). */
#define LUT_LEVELS_EW 2.2541	/* NC x LEVELS x EW: index counters, their clears, compares */
#define LUT_LEVELS_CW 1.1144	/* NC x LEVELS x CW: the schedule deltas' multiplexer */
#define LUT_LEVELS 9.6746	/* NC x LEVELS: level flags, next-step bits, register enables */
#define LUT_CW 4.8634		/* NC x CW: schedule adder, next-step deltas, cycle compare */
#define LUT_LEVELS_AGW 1.4891	/* (LEVELS + 1) x sum of AGW: address deltas, adder, mux */
#define LUT_IN_WORD 1.5879	/* NI x FW x W: aggregator row select, SRAM write mux */
#define LUT_OUT_WORD 1.5724	/* NO x FW x W: transpose-buffer slot mux, chain mux */

/* Tiles with constant configuration (sl_pub STATIC 1, the default build):
 * Yosys folds the constants, so the logic follows the register values.
 * The terms count what stays of each own controller (ctrl_live) and of
 * the data path; coefficients fitted as above on the tiles of real
 * programs (tests/bench/pub_area_fit.py STATIC_PROGRAMS: examples and
 * random programs of tests/diff/gen.py), as built and unshared: 77
 * points, 11 more checked, not fitted (run of 2026-12-05: fit error max
 * 4.9 %, mean 0.9 %; check points max 1.4 %, mean 0.7 %; docs/pub_mapping.md
 * "Area and energy").  Flip-flops are exact (static_tile). */
#define S_LUT_LIVE_EW 1.7942	/* live levels x EW: index counters and their compares */
#define S_LUT_LIVE 5.7528	/* live levels: flags and the next-step choice */
#define S_LUT_SCHED 0.8808	/* schedule bits not constant: the schedule adder */
#define S_LUT_CW 1.4363	/* CW per controller: the compare cyc + 1 == sched */
#define S_LUT_ADDR 2.5012	/* address bits not constant: the address adder */
#define S_LUT_COLS 0.8791	/* next-step delta bits kept: their multiplexer */
#define S_LUT_CTRL 5.8523	/* per controller: fire, active, the last step */
#define S_LUT_FOLLOW 2.0407	/* a shared controller's address bits: its adder */
#define S_LUT_IN_WORD 0.4584	/* W x aggregator words written: the row select */
#define S_LUT_OUT_WORD 1.0329	/* W x transpose-buffer words read: the slot mux */

/* Flip-flops of "nc" controllers whose address widths add up to "agw_sum"
 * (docs/pub.md "Structure": per controller LEVELS (EW + 6) + 2 CW + 2 AGW
 * + 4, besides its configuration bits). */
static int64_t ctrl_flops(const pub_params *p, int nc, int64_t agw_sum)
{
	return (int64_t) nc * ((int64_t) p->levels * (p->ew + 6) + 2 * p->cw + 4) + 2 * agw_sum;
}

/* Configuration bits of "nc" controllers (docs/pub.md "Configuration bits
 * per tile"). */
static int64_t ctrl_config(const pub_params *p, int nc, int64_t agw_sum)
{
	return (int64_t) nc * (1 + (int64_t) p->cw * (p->levels + 1) + (int64_t) p->ew * p->levels) +
		(int64_t) (p->levels + 1) * agw_sum;
}

/* The next-step deltas' register bits (CW + AGW + 1) that distinct
 * constant columns can leave over "lv" live levels: at most 2^lv - 1. */
static int64_t cols_bound(const pub_params *p, int agw, int lv)
{
	int64_t dw = p->cw + agw + 1;
	return lv >= 20 || dw < ((int64_t) 1 << lv) - 1 ? dw : ((int64_t) 1 << lv) - 1;
}

/* A constant-configuration controller with every level live and no
 * constant bit (docs/pub_mapping.md "What synthesis keeps": the most such a
 * controller keeps; ctrl_live's count). */
static int64_t static_ctrl_flops(const pub_params *p, int agw)
{
	int L = p->levels;
	return (int64_t) L * (p->ew + 2) + (L - 1) + cols_bound(p, agw, L) + 3 + p->cw + agw;
}

int64_t pub_ctrl_flops(const pub_params *p)
{
	int nc = 2 * (p->n_in + p->n_out), aw = sl_addr_bits(p->depth);
	int sw = sl_clog2(p->fw) + 1, nports = p->n_in + p->n_out;
	if (pub_params_static(p))
		return nports * (static_ctrl_flops(p, aw) + static_ctrl_flops(p, sw)) + p->cw;
	int64_t agw_sum = (int64_t) nports * (aw + sw);
	return ctrl_config(p, nc, agw_sum) + ctrl_flops(p, nc, agw_sum) + p->cw;
}

/* The fitted LUTs of "nc" controllers (address widths adding up to
 * "agw_sum"), without the data path: the index counters scale with EW,
 * the schedule (its deltas' multiplexer, adder and compare) with CW. */
static double ctrl_luts(const pub_params *p, int nc, int64_t agw_sum)
{
	double lv = (double) nc * p->levels;
	return LUT_LEVELS_EW * lv * p->ew + LUT_LEVELS_CW * lv * p->cw + LUT_LEVELS * lv +
		LUT_CW * nc * p->cw + LUT_LEVELS_AGW * (p->levels + 1) * (double) agw_sum;
}

/* One access of a "word_bits"-bit word of a macro of "bits" bits: scales
 * with the word and with the square root of the macro's size (bit-line
 * length; assumption). */
static double e_sram(int64_t word_bits, int64_t bits)
{
	return E_SRAM_64B_8KB_PJ * ((double) word_bits / 64.0) * sqrt((double) bits / 8.0 / 8192.0);
}

/* What Yosys keeps of one enabled controller of constant configuration
 * (docs/pub_mapping.md "What synthesis keeps"): its levels from the innermost
 * with EXT_M1 > 0 up are live (those inside never step); of the next-step
 * deltas' register {SG_DELTA is 1, AG_DELTA, SG_DELTA} one bit for each
 * distinct non-zero column over the live levels (a zero column is a
 * constant, equal columns are one flip-flop); the schedule's and
 * address's bits below the lowest bit set in a live delta never change
 * (constants). */
typedef struct live_ctrl {
	int levels, cols, sched_bits, addr_bits;
	int addr_const;		/* the address's constant low bits */
} live_ctrl;

static int low_zeros(uint64_t v, int w)
{
	int n = 0;
	while (n < w && !(v >> n & 1))
		n++;
	return n;
}

/* The bit-column "b" of the next-step deltas over levels lo .. L-1 of
 * registers "r" (pub_ctrl_regs), a bit a level. */
static uint32_t delta_column(const pub_params *p, const int64_t *r, int agw, int lo, int b)
{
	int L = p->levels;
	uint32_t m = 0;
	for (int l = lo; l < L; l++) {
		uint64_t sd = (uint64_t) r[3 + L + l], ad = (uint64_t) r[3 + 2 * L + l];
		bool bit = b < p->cw ? sd >> b & 1 : b < p->cw + agw ? ad >> (b - p->cw) & 1 : sd == 1;
		m |= (uint32_t) bit << (l - lo);
	}
	return m;
}

static void ctrl_live(const pub_params *p, const pub_ctrl *c, live_ctrl *v)
{
	int64_t r[3 * PUB_MAX_LEVELS + 3];
	uint32_t seen[2 * PUB_MAX_WIDTH + 1];
	int L = p->levels, inner = 0, dw = p->cw + c->agw + 1;
	uint64_t sor = 0, aor = 0;
	pub_ctrl_regs(p, c, r);
	while (inner < L && r[3 + inner] == 0)
		inner++;
	for (int l = inner; l < L; l++) {
		sor |= (uint64_t) r[3 + L + l];
		aor |= (uint64_t) r[3 + 2 * L + l];
	}
	*v = (live_ctrl) { .levels = L - inner, .addr_const = low_zeros(aor, c->agw) };
	v->sched_bits = p->cw - low_zeros(sor, p->cw);
	v->addr_bits = c->agw - v->addr_const;
	for (int b = 0; b < dw; b++) {
		uint32_t m = delta_column(p, r, c->agw, inner, b);
		int k = 0;
		while (k < v->cols && seen[k] != m)
			k++;
		if (m && k == v->cols)
			seen[v->cols++] = m;
	}
}

/* Words of an aggregator or transpose buffer that controller "c" (whose
 * address has "k" constant low bits) reaches: the slots that agree with
 * the constant bits, and for a transpose buffer ("out") slot 0 besides,
 * its multiplexer's default, when they are not 0. */
static int64_t reached_words(const pub_params *p, const pub_ctrl *c, int k, bool out)
{
	int sw = sl_clog2(p->fw) + 1;
	int64_t low = (int64_t) ((uint64_t) c->ag_start & (((uint64_t) 1 << k) - 1));
	return ((int64_t) 1 << (sw - k)) + (out && low != 0);
}

/* Flip-flops (exact) and LUTs (fitted) of tile "t" with constant
 * configuration: its own controllers (ctrl_live), its shared ones (a
 * delay line of the fire and the non-constant address bits, an adder),
 * the aggregator and transpose-buffer words their controllers reach, the
 * output registers (a shared OUT at delay 0 has its source's valid flag),
 * the cycle counter. */
static void static_tile(const pub_params *p, const pub_tile *t, int w, int64_t *ffs,
	double *luts)
{
	live_ctrl *v = sl_xcalloc((size_t) t->n_ctrl, sizeof(*v));
	int64_t f = p->cw;
	double l = 0;
	for (int c = 0; c < t->n_ctrl; c++) {
		const pub_ctrl *k = &t->ctrl[c];
		v[c].addr_const = k->agw;
		if (!k->enable || k->shared)
			continue;
		ctrl_live(p, k, &v[c]);
		int lv = v[c].levels;
		/* per live level the index, "one before the last", the step bit
		 * and, but for the innermost, "at the last"; "the step is
		 * inner" with any; the deltas kept; fire and active */
		f += (int64_t) lv * (p->ew + 3) + v[c].cols + 2 + v[c].sched_bits + v[c].addr_bits;
		l += S_LUT_LIVE_EW * lv * p->ew + S_LUT_LIVE * lv + S_LUT_SCHED * v[c].sched_bits +
			S_LUT_CW * p->cw + S_LUT_ADDR * v[c].addr_bits + S_LUT_COLS * v[c].cols +
			S_LUT_CTRL;
	}
	int c_rd = 2 * p->n_in, c_out = 2 * p->n_in + p->n_out;
	for (int c = 0; c < t->n_ctrl; c++) {
		const pub_ctrl *k = &t->ctrl[c];
		int kc = k->shared ? v[k->src].addr_const : v[c].addr_const;
		if (k->enable && k->shared) {
			f += (int64_t) k->delay * (1 + k->agw - kc);
			l += S_LUT_FOLLOW * (k->agw - kc);
		}
		if (!k->enable || (c >= p->n_in && c < c_rd))
			continue;
		if (c < c_rd) {			/* IN_i: the aggregator, the row toggle */
			int64_t words = reached_words(p, k, kc, false);
			f += words * w + 1;
			l += S_LUT_IN_WORD * (double) (words * w);
		} else if (c < c_out) {		/* RD_j: the read flag, the row toggle */
			f += 2;
		} else {			/* OUT_j: the buffer, the output word and flag */
			int64_t words = reached_words(p, k, kc, true);
			f += words * w + w + !(k->shared && k->delay == 0);
			l += S_LUT_OUT_WORD * (double) (words * w);
		}
	}
	free(v);
	*ffs = f;
	*luts = l;
}

void pub_cost_tile(const pub_params *p, const pub_tile *t, int width_bits, pub_cost *out)
{
	const pub_counts *c = &t->counts;
	int nc = 2 * (p->n_in + p->n_out), aw = sl_addr_bits(p->depth);
	int sw = sl_clog2(p->fw) + 1, nports = p->n_in + p->n_out;
	int64_t word_bits = (int64_t) p->fw * width_bits, agw_sum = (int64_t) nports * (aw + sw);
	out->sram_bits = p->depth * word_bits;
	if (t->fixed_cfg) {
		double luts;
		static_tile(p, t, width_bits, &out->flops, &luts);
		out->ctrl_luts = (int64_t) llround(luts);
	} else {
		/* the controllers' configuration and state; the aggregators (2
		 * rows of FW words and a row toggle), the transpose buffers (2
		 * rows, a toggle, a read flag), the output registers with their
		 * valid flags; the cycle counter (docs/pub.md "Structure": exact
		 * against Yosys) */
		out->flops = ctrl_config(p, nc, agw_sum) + ctrl_flops(p, nc, agw_sum) +
			(int64_t) p->n_in * (2 * word_bits + 1) +
			(int64_t) p->n_out * (2 * word_bits + width_bits + 3) + p->cw;
		out->ctrl_luts = (int64_t) llround(ctrl_luts(p, nc, agw_sum) +
			LUT_IN_WORD * p->n_in * word_bits + LUT_OUT_WORD * p->n_out * word_bits);
	}
	out->area_um2 = out->sram_bits * A_SRAM_BIT_UM2 + out->flops * A_FLOP_UM2 +
		out->ctrl_luts * A_LUT_UM2;
	/* energy: a wide SRAM access; a word into or out of an aggregator or
	 * transpose buffer is W flip-flop bits; a controller step is two
	 * CW-bit additions */
	double e_word = E_FLOP_BIT_PJ * width_bits;
	double e_step = 2.0 * E_ADD32_PJ * p->cw / 32.0;
	out->energy_pj = (double) (c->sram_writes + c->sram_reads) * e_sram(word_bits, out->sram_bits)
		+ (double) (c->agg_writes + c->sram_writes * p->fw) * e_word
		+ (double) (c->sram_reads * p->fw + c->tb_reads) * e_word
		+ (double) c->steps * e_step;
}

void pub_cost_dualport(const pub_params *p, int width_bits, const pub_counts *c,
	pub_cost *out)
{
	/* The same capacity as W-bit words in a dual-port SRAM; one
	 * controller per port, addressing words (no aggregators, transpose
	 * buffers, WR or RD controllers); per output its register and valid
	 * flag; the cycle counter. */
	int nports = p->n_in + p->n_out;
	int64_t words = p->depth * p->fw;
	int aw = sl_addr_bits(words);
	int64_t agw_sum = (int64_t) nports * aw;
	out->sram_bits = words * width_bits;
	out->flops = ctrl_config(p, nports, agw_sum) + ctrl_flops(p, nports, agw_sum) +
		(int64_t) p->n_out * (width_bits + 1) + p->cw;
	/* the controllers by the fitted formula; the write-data mux per input
	 * and the output (chaining) mux per output, a 2:1 multiplexer (one
	 * LUT4) a bit: a structural count, not fitted */
	out->ctrl_luts = (int64_t) llround(ctrl_luts(p, nports, agw_sum)) +
		(int64_t) nports * width_bits;
	out->area_um2 = out->sram_bits * A_SRAM_BIT_DP_UM2 + out->flops * A_FLOP_UM2 +
		out->ctrl_luts * A_LUT_UM2;
	/* every input word a W-bit write and every output word a W-bit read
	 * of the whole macro; the IN and OUT controllers' steps */
	double e_step = 2.0 * E_ADD32_PJ * p->cw / 32.0;
	out->energy_pj = (double) (c->agg_writes + c->tb_reads) *
		e_sram(width_bits, out->sram_bits) * E_DP_ACCESS +
		(double) (c->agg_writes + c->tb_reads) * e_step;
}

/* The fire cycles of one controller, in increasing order (the walk is
 * lexicographic and every true delta is positive). */
typedef struct fire_it {
	const pub_ctrl *c;
	int64_t idx[PUB_MAX_LEVELS];
	int64_t cycle;
	bool done;
} fire_it;

static void fire_next(fire_it *it)
{
	const pub_ctrl *c = it->c;
	for (int l = 0; l < c->n_levels; l++) {
		if (it->idx[l] + 1 < c->ext[l]) {
			it->idx[l]++;
			it->cycle += c->sg[l];
			return;
		}
		it->cycle -= c->sg[l] * it->idx[l];
		it->idx[l] = 0;
	}
	it->done = true;
}

int pub_dualport_peak(const pub_tile *t)
{
	fire_it its[2 * 8];
	int n = 0, peak = 0;
	for (int i = 0; i < t->n_ctrl && n < 16; i++) {
		const pub_ctrl *c = &t->ctrl[i];
		if (!c->enable || (c->kind != PUB_IN && c->kind != PUB_OUT))
			continue;
		fire_it *it = &its[n++];
		*it = (fire_it) { .c = c, .cycle = c->sg_start };
		for (int l = 0; l < c->n_levels; l++)
			it->done |= c->ext[l] < 1;
	}
	for (;;) {
		int64_t t_min = INT64_MAX;
		for (int i = 0; i < n; i++)
			if (!its[i].done && its[i].cycle < t_min)
				t_min = its[i].cycle;
		if (t_min == INT64_MAX)
			return peak;
		int here = 0;
		for (int i = 0; i < n; i++)
			if (!its[i].done && its[i].cycle == t_min) {
				here++;
				fire_next(&its[i]);
			}
		if (here > peak)
			peak = here;
	}
}
