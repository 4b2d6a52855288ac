/* tile/tile.h: the push-memory tile sl_pub itself, apart from what it maps.
 *
 * Rank 6 (tests/check_layout.sh), beside ubuffer/: it needs no buffer,
 * only the scheduler's box size (SCHED_MAX_DIMS).  pub/ (rank 7), which
 * maps buffers onto tiles, includes it; rtlgen/, verilator/, fpga/ and
 * the driver's tile study read it through pub/pub.h.  It holds what a
 * tile is, whatever buffer it serves (docs/pub.md): its parameters and
 * their rules, its controllers (affine loop nests) and their register
 * map, its access counts, and the cost model of a tile and of the
 * dual-port buffer it is compared with.  The names keep the prefix pub_
 * of the tile's mapping.
 *   params.c  the parameters' defaults and rules
 *   regs.c    the register map: addresses, configuration bits, values
 *   cost.c    area, energy and flip-flops of a tile (docs/pub_mapping.md)
 * Owns no memory: a pub_tile's controllers belong to its pub_set. */
#ifndef SLUICE_TILE_H
#define SLUICE_TILE_H

#include "scheduler/scheduler.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most a tile takes: loop levels of a controller, bits of a
 * configuration field (CW, EW), outputs. */
enum { PUB_MAX_LEVELS = 16, PUB_MAX_WIDTH = 62, PUB_MAX_OUTS = 8 };

typedef struct pub_params {
	int fw;			/* fetch width: words per SRAM word, a power of two;
				 * 0: fit, per buffer the smallest of 4, 8, .., 64 at
				 * which its tiles schedule (pub_buf's params) */
	int64_t depth;		/* SRAM words per tile, a power of two */
	int n_in, n_out;	/* ports of one tile; 0: fit, one input and the most
				 * outputs a tile of the program uses (up to 8) */
	int levels;		/* loop levels of a controller; 0: fit, the levels and
				 * widths of the fewest flip-flops (with cw, ew 0) */
	int cw;			/* counter and configuration width, bits (CW): the
				 * cycle counter, starts, deltas, cfg_data; 0: fit,
				 * the narrowest that holds this program's fields */
	int ew;			/* extent and index width, bits (EW, <= CW); 0: fit */
	const char *only;	/* comma-separated buffer names to map (--pub-buffers),
				 * or NULL: every buffer that can go on tiles */
	int frames;		/* frames per run, back to back (sim --frames): 1 */
	bool fixed_cfg;		/* the tiles' configuration is compiled into the
				 * Verilog as constants (sl_pub STATIC, the default
				 * without --runtime-config): no ROM, no bus; false:
				 * the ROM loaded through the bus (--pub-config rom) */
	bool strict;		/* the user gave a tile parameter: a buffer that no
				 * fitted fetch width maps is an error (at the first),
				 * not kept native */
	bool runtime;		/* --runtime-config: the Verilog takes the schedule and
				 * the tiles' registers from a configuration bus
				 * (rtlgen/runtime.c); the mapping ignores it */
} pub_params;

typedef enum pub_kind { PUB_IN, PUB_WR, PUB_RD, PUB_OUT } pub_kind;

/* A controller: an affine loop nest, level 0 innermost, firing at
 * sg_start + sum sg[l]*idx[l] with address ag_start + sum ag[l]*idx[l]
 * (addresses modulo 2^AGW, as the hardware wraps them). */
typedef struct pub_ctrl {
	pub_kind kind;
	int port;		/* IN_i, WR_i: i; RD_j, OUT_j: j */
	bool enable;
	int n_levels;
	int64_t ext[PUB_MAX_LEVELS], sg[PUB_MAX_LEVELS], ag[PUB_MAX_LEVELS];
	int64_t sg_start, ag_start;
	int agw;		/* address bits: SW for IN/OUT, AW for WR/RD */
	/* ew_need[L]: the narrowest EW that holds it in L loop levels (1..16;
	 * PUB_MAX_WIDTH + 1: none does), from its nest before folding */
	int ew_need[PUB_MAX_LEVELS + 1];
	/* Shared (docs/pub_mapping.md "Shared controllers"; a tile with constant
	 * configuration only, decided by the mapping): no controller of its
	 * own, it repeats controller "src"'s fires "delay" cycles later
	 * (sl_pub_follow).  False: its own sl_pub_ctrl. */
	bool shared;
	int src, delay;
} pub_ctrl;

/* Accesses of one tile in one run. */
typedef struct pub_counts {
	int64_t agg_writes;	/* words into the aggregator (IN fires) */
	int64_t sram_writes;	/* wide SRAM writes = aggregator reads (WR fires) */
	int64_t sram_reads;	/* wide SRAM reads = transpose-buffer writes (RD fires) */
	int64_t tb_reads;	/* words out of the transpose buffers (OUT fires) */
	int64_t tb_reads_port[8];	/* the same per output port (first 8) */
	int64_t steps;		/* controller steps: fires of every controller */
} pub_counts;

typedef struct pub_tile {
	int n_ctrl;		/* 2 * (n_in + n_out), in register-map order */
	pub_ctrl *ctrl;
	/* Its configuration is constants compiled into the Verilog (sl_pub
	 * STATIC: pub_params fixed_cfg without runtime), and its controllers
	 * may be shared (pub_ctrl shared); false: bus-configured registers.
	 * The mapping decides it; rtlgen, the cost model and the estimate
	 * read it. */
	bool fixed_cfg;
	int n_outs;		/* output ports used */
	int feeds;		/* the output that feeds the next tile, or -1 */
	pub_counts counts;	/* from the controllers' extents */
	int64_t live_words;	/* SRAM words it needs: the most written since a word
				 * read, that one included (model) */
	/* The elements (producer coordinates) its input takes and each
	 * output presents, in row-major order: boxes of n_dims dimensions. */
	int n_dims;
	int64_t in_lo[SCHED_MAX_DIMS], in_ext[SCHED_MAX_DIMS];
	int64_t out_lo[8][SCHED_MAX_DIMS], out_ext[8][SCHED_MAX_DIMS];
	int64_t out_delay[8];	/* cycles from the producer's write */
	/* Reads in passes: output j presents its box out_passes[j] times,
	 * out_period[j] cycles apart (1 and 0 otherwise). */
	int64_t out_passes[8], out_period[8];
} pub_tile;

void pub_params_default(pub_params *p);
/* The one home of the tile parameter rules (docs/pub.md "Parameters"):
 * NULL when "p" describes a tile, else why not, in "buf", naming each
 * parameter and its option (the driver's usage error and pub_map's). */
const char *pub_params_problem(const pub_params *p, char *buf, size_t n);
/* Are tiles of "p" built with constant configuration: fixed_cfg, and not
 * --runtime-config (whose tiles take their sizes through the bus)?  The
 * mapping records it per tile (pub_tile.fixed_cfg); the fit asks it. */
bool pub_params_static(const pub_params *p);
/* The register map (docs/pub.md "Register map"): register address bits
 * and configuration bits per tile. */
int pub_addr_bits(const pub_params *p);
int64_t pub_config_bits(const pub_params *p);
/* The bus address of register "r" of controller "c" (of pub_addr_bits). */
int pub_reg_addr(const pub_params *p, int c, int r);
/* The register values of controller "c" at offsets 0 .. 3*levels+2. */
void pub_ctrl_regs(const pub_params *p, const pub_ctrl *c, int64_t *regs);
/* Shared controllers (docs/pub_mapping.md "Shared controllers"), as the mapping
 * recorded them (pub_ctrl shared): src[c] is the controller that
 * controller c of "t" repeats (sl_pub_follow), dly[c] cycles later, or
 * -1 (always on a bus-configured tile).  c has the same extents and delta
 * registers as src[c] and starts 0 .. PUB_MAX_SHARE_DELAY cycles after it
 * (its address start is its own).  A controller followed follows none. */
enum { PUB_MAX_SHARE_DELAY = 3 };
void pub_tile_shares(const pub_params *p, const pub_tile *t, int *src, int *dly);
/* v modulo 2^bits, in [0, 2^bits): a field as the hardware wraps it. */
int64_t pub_wrap(int64_t v, int bits);

/* The cost model (cost.c, docs/pub_mapping.md "Area and energy"). */
typedef struct pub_cost {
	int64_t sram_bits, flops, ctrl_luts;
	double area_um2, energy_pj;
} pub_cost;
/* Tile "t" of parameters "p" and "width_bits"-bit words as it is built:
 * bus-configured (the formula of "p" alone), or with constant
 * configuration (t->fixed_cfg: from its register values, its shared
 * controllers), over its counts. */
void pub_cost_tile(const pub_params *p, const pub_tile *t, int width_bits, pub_cost *out);
/* The flip-flops of a tile's controllers and its cycle counter (docs/pub.md
 * "Structure"): what --pub-levels fit weighs.  Bus-configured: the
 * configuration and state, exact; constant configuration (fixed_cfg
 * without runtime): the state with every level live and no constant
 * address or schedule bit, the most such a tile keeps. */
int64_t pub_ctrl_flops(const pub_params *p);
/* The baseline of the same ports and access streams: a dual-port SRAM of
 * the tile's capacity in W-bit words, a controller per port, no
 * aggregators or transpose buffers, under the same table. */
void pub_cost_dualport(const pub_params *p, int width_bits, const pub_counts *c,
	pub_cost *out);
/* The most words the tile's inputs and outputs take or present in one
 * cycle: the accesses a cycle the dual-port SRAM would have to serve. */
int pub_dualport_peak(const pub_tile *t);

#ifdef __cplusplus
}
#endif

#endif
