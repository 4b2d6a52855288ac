/* pub/cost.c: area and energy of one push-memory tile, and of the
 * dual-port buffer of the same ports that the paper compares it with.
 * Stage: pub, after map.c.  A structural count (SRAM bits,
 * flip-flops, logic in 4-input LUTs) and, from the access counts, energy
 * and area by the constants of docs/pub.md "Area and energy" (each with
 * its source, or marked as an assumption).  Pure arithmetic, but for the
 * dual-port buffer's peak accesses a cycle (a merge of the port
 * controllers' fire cycles). */
#include <math.h>
#include <stdint.h>

#include "pub/pub.h"

/* Constants (docs/pub.md, "Area and energy"). */
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

/* The LUT formula's coefficients: weighted least squares (relative
 * error) on Yosys 0.23 `synth -flatten -lut 4` of sl_pub, the SRAM a
 * black box, at 26 parameterizations, 9 of them with EW < CW; 5 more
 * checked, not fitted (tests/bench/pub_area_fit.py, run of 2026-12-01:
 * fit error max 2.0 %, mean 0.7 %; check points max 3.3 %, mean 1.5 %;
 * the table in docs/pub.md "Area and energy").  Each multiplies a count
 * of one structure of sl_pub.v / sl_pub_ctrl.v; adders are LUTs (no carry
 * cells in the generic flow). */
#define LUT_LEVELS_EW 2.2541	/* NC x LEVELS x EW: index counters, their clears, compares */
#define LUT_LEVELS_CW 1.1144	/* NC x LEVELS x CW: the schedule deltas' multiplexer */
#define LUT_LEVELS 9.6746	/* NC x LEVELS: level flags, next-step bits, register enables */
#define LUT_CW 4.8634		/* NC x CW: schedule adder, next-step deltas, cycle compare */
#define LUT_LEVELS_AGW 1.4891	/* (LEVELS + 1) x sum of AGW: address deltas, adder, mux */
#define LUT_IN_WORD 1.5879	/* NI x FW x W: aggregator row select, SRAM write mux */
#define LUT_OUT_WORD 1.5724	/* NO x FW x W: transpose-buffer slot mux, chain mux */

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

int64_t pub_ctrl_flops(const pub_params *p)
{
	int nc = 2 * (p->n_in + p->n_out), aw = sl_addr_bits(p->depth);
	int64_t agw_sum = (int64_t) (p->n_in + p->n_out) * (aw + sl_clog2(p->fw) + 1);
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

void pub_cost_tile(const pub_params *p, int width_bits, const pub_counts *c,
	pub_cost *out)
{
	int nc = 2 * (p->n_in + p->n_out), aw = sl_addr_bits(p->depth);
	int sw = sl_clog2(p->fw) + 1, nports = p->n_in + p->n_out;
	int64_t word_bits = (int64_t) p->fw * width_bits, agw_sum = (int64_t) nports * (aw + sw);
	/* storage: the SRAM; the controllers' configuration and state; the
	 * aggregators (2 rows of FW words and a row toggle), the transpose
	 * buffers (2 rows, a toggle, a read flag), the output registers with
	 * their valid flags; the cycle counter (docs/pub.md "Structure":
	 * exact against Yosys) */
	out->sram_bits = p->depth * word_bits;
	out->flops = ctrl_config(p, nc, agw_sum) + ctrl_flops(p, nc, agw_sum) +
		(int64_t) p->n_in * (2 * word_bits + 1) +
		(int64_t) p->n_out * (2 * word_bits + width_bits + 3) + p->cw;
	out->ctrl_luts = (int64_t) llround(ctrl_luts(p, nc, agw_sum) +
		LUT_IN_WORD * p->n_in * word_bits + LUT_OUT_WORD * p->n_out * word_bits);
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
