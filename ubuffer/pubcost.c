/* ubuffer/pubcost.c: area and energy of one push-memory tile.
 * Stage: ubuffer, after pub.c.  A structural count (SRAM bits, flip-flops,
 * controller logic in 4-input LUTs) and, from the access counts, energy
 * and area by the constants of docs/pub.md "Area and energy" (each with
 * its source, or marked as an assumption).  Pure arithmetic. */
#include <math.h>

#include "ubuffer/ubuffer.h"

/* Constants (docs/pub.md, "Area and energy"). */
#define E_SRAM_64B_8KB_PJ 10.0	/* 64-bit read of an 8 KB SRAM, 45 nm: Horowitz, ISSCC 2014 */
#define E_ADD32_PJ 0.1		/* 32-bit integer add, 45 nm: Horowitz, ISSCC 2014 */
#define E_FLOP_BIT_PJ 0.01	/* one flip-flop bit written or read: assumption */
#define A_SRAM_BIT_UM2 0.5	/* SRAM macro area per bit with periphery: assumption */
#define A_FLOP_UM2 5.0		/* one flip-flop: assumption */
#define A_LUT_UM2 3.0		/* one 4-input-LUT's worth of logic: assumption */

static int clog2(long long v)
{
	int b = 0;
	while ((1LL << b) < v)
		b++;
	return b;
}

void ub_pub_cost_tile(const ub_pub_params *p, int width_bits, const ub_pub_counts *c,
	ub_pub_cost *out)
{
	int nc = 2 * (p->n_in + p->n_out), aw = clog2(p->depth) > 0 ? clog2(p->depth) : 1;
	int64_t word_bits = (int64_t) p->fw * width_bits;
	/* storage: the SRAM; aggregators and transpose buffers (2 rows of FW
	 * words each), the output registers, each controller's configuration
	 * and state (level counters, schedule and address registers), the
	 * cycle counter */
	out->sram_bits = p->depth * word_bits;
	out->flops = (int64_t) (p->n_in + p->n_out) * 2 * word_bits + (int64_t) p->n_out * width_bits
		+ ub_pub_config_bits(p) + (int64_t) nc * ((int64_t) p->levels * p->cw + p->cw + aw + 1)
		+ p->cw;
	/* logic: per controller, a CW-bit incrementer and end compare per
	 * level, the schedule compare and two CW-bit adders (schedule and
	 * address), a LUT a bit each; the data multiplexers, a LUT per bit of
	 * each word selected */
	out->ctrl_luts = (int64_t) nc * (2LL * p->levels * p->cw + 3LL * p->cw) +
		(int64_t) (p->n_in + p->n_out) * word_bits + (int64_t) p->n_out * p->fw * width_bits;
	out->area_um2 = out->sram_bits * A_SRAM_BIT_UM2 + out->flops * A_FLOP_UM2 +
		out->ctrl_luts * A_LUT_UM2;
	/* energy: an SRAM access scales with its word and with the square root
	 * of the macro's size (bit-line length; assumption); a word into or
	 * out of an aggregator or transpose buffer is W flip-flop bits; a
	 * controller step is two CW-bit additions */
	double bytes = (double) out->sram_bits / 8.0;
	double e_sram = E_SRAM_64B_8KB_PJ * ((double) word_bits / 64.0) * sqrt(bytes / 8192.0);
	double e_word = E_FLOP_BIT_PJ * width_bits;
	double e_step = 2.0 * E_ADD32_PJ * p->cw / 32.0;
	out->energy_pj = (double) (c->sram_writes + c->sram_reads) * e_sram
		+ (double) (c->agg_writes + c->sram_writes * p->fw) * e_word
		+ (double) (c->sram_reads * p->fw + c->tb_reads) * e_word
		+ (double) c->steps * e_step;
}
