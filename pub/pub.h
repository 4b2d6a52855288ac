/* pub/pub.h: the push-memory tile sl_pub as a way of mapping a buffer.
 *
 * Rank 7 (tests/check_layout.sh): above ubuffer/, whose buffers it maps,
 * and below rtlgen/ (which instantiates the tiles), verilator/, sim/ and
 * fpga/, which read the mapping.  Owns the tile stage of the flow
 * (flow/flow.c calls pub_map, and nothing else does), its parameter
 * rules (pub_params_check), the one answer to "is this buffer on tiles"
 * (pub_buf_of), the tile model, the cost model and the tile dumps.
 *   map.c     vectorize, fold, place every SRAM access (isl), fit the
 *             widths, levels, ports and each buffer's fetch width
 *   model.c   a tile's configuration run cycle by cycle; configuration
 *             images and the one ROM
 *   cost.c    area, energy and flip-flops of a tile (docs/pub_mapping.md)
 *   dump.c    pub.json, report.json's "memory_pub", the -dT text */
#ifndef SLUICE_PUB_H
#define SLUICE_PUB_H

#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The push-memory tile sl_pub (docs/pub.md; map.c, docs/pub_mapping.md):
 * a buffer whose read ports are all at constant delays is served by tiles
 * of one wide single-port SRAM, an aggregator per input and a transpose
 * buffer per output, each step of them fired by an affine controller.
 * Read ports whose delays lie within register_threshold of each other
 * share one tile output and a delay line of registers; ports at delays
 * too short for the tile read a delay line on the producer's stream. */
enum { PUB_MAX_LEVELS = 16, PUB_MAX_TILES = 4, PUB_MAX_WIDTH = 62, PUB_MAX_OUTS = 8 };

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

typedef struct pub_buf {
	const ub_buffer *buf;
	const char *native_why;	/* kept on today's mapping, and why; or NULL */
	char *why_own;		/* native_why when it is built (owned), or NULL */
	/* The parameters of this buffer's tiles: the set's, with the fetch
	 * width of this buffer (fitted per buffer when the set's is 0). */
	pub_params params;
	int outs;		/* outputs a tile of it takes at most, when the ports
				 * are fitted (1: tiles in series), or 0: NO */
	int n_tiles;		/* in series: tile k+1 takes an output of tile k */
	bool side;		/* or side by side: every tile takes the producer's
				 * stream, a slab of rows each, output j of tile k
				 * chained into output j of tile k+1 */
	pub_tile *tiles;
	int n_groups;		/* tile outputs serving the buffer's read ports */
	int64_t reg_words;	/* delay-line registers beside the tiles, words */
	/* Per port (index as buf->ports; 0 unused): the tile and output that
	 * serve it (tile -1: the producer's stream), and the cycles of delay
	 * line after it (the port's delay minus the output's). */
	int *port_tile, *port_out;
	int64_t *port_lag;
	/* Ports read in passes whose first pass is too close to the write for
	 * the tile: that pass reads the producer's stream port_split[k]
	 * cycles late, the other passes the tile output (-1: no split). */
	int64_t *port_split;
} pub_buf;

/* What the tile stage takes from the stages before it, besides the
 * parameters. */
typedef struct pub_env {
	int64_t register_threshold;	/* read ports this close share an output */
	int64_t frame_period;	/* sched_frame_period (with params.frames > 1) */
	const board *bd;	/* the board, or NULL */
} pub_env;

typedef struct pub_set {
	pub_params params;
	int64_t frame_period;	/* env's, cycles from one frame to the next */
	/* The tiles' SPRAM parameter (sl_pub.v): the board has a huge
	 * primitive (UP5K SPRAM; docs/pub.md "Synthesis"), which holds every
	 * tile's SRAM; the storage count and rtlgen read it here. */
	bool spram;
	int n_bufs;
	pub_buf *bufs;	/* one per buffer of the ub_set, in its order */
} pub_set;

/* The one answer to "is buffer b on tiles": b's entry in "ps" when the
 * mapping put it on at least one tile, else NULL (native, or ps NULL). */
const pub_buf *pub_buf_of(const pub_set *ps, const ub_buffer *b);
/* Whether entry "pb" of a set is on tiles (pub_buf_of's rule). */
bool pub_on_tiles(const pub_buf *pb);
/* The parameters of tile "t" of "ps": its buffer's (pub_buf's params,
 * the fetch width its own), or the set's when no buffer holds it. */
const pub_params *pub_tile_params(const pub_set *ps, const pub_tile *t);
/* Whether any buffer of "ps" is on tiles. */
bool pub_any(const pub_set *ps);

void pub_params_default(pub_params *p);
/* The one home of the tile parameter rules (docs/pub.md "Parameters"):
 * NULL when "p" describes a tile, else why not, in "buf", naming each
 * parameter and its option (the driver's usage error and pub_map's). */
const char *pub_params_problem(const pub_params *p, char *buf, size_t n);
/* Map every buffer of "set" onto tiles of "p": vectorize, fold, check the
 * widths (a width 0 is fitted; the set's params hold the result), place
 * every SRAM access in a cycle of its own (proved with isl), and run each
 * tile's configuration through the tile model.  NULL on an error (located
 * at the buffer's declaration). */
pub_set *pub_map(sl_ctx *ctx, isl_ctx *isl, const ub_set *set,
	const pub_params *p, const pub_env *env);
void pub_set_free(pub_set *ps);
/* Run a tile's configuration cycle by cycle (the register-map semantics
 * of docs/pub.md) on element identities; count every access into *out.
 * 0, or -1 with "why" set (a collision, or a word read that is not the
 * element the port expects). */
int pub_model(const pub_set *ps, const pub_buf *pb, int tile,
	pub_counts *out, int64_t *live_words, char *why, size_t why_len);
/* Configuration: register addresses, bits per tile, and the files. */
int pub_addr_bits(const pub_params *p);
int64_t pub_config_bits(const pub_params *p);
void pub_dump_json(const pub_set *ps, FILE *out);
/* report.json's "memory_pub" member (counts, cost per tile). */
void pub_report_json(const pub_set *ps, FILE *out);
/* Every tile's counts from the tile model, a line each ending with
 * "(SOURCE)" (what counted them); 0, or -1 (reported at the buffer). */
int pub_print_counts(sl_ctx *ctx, const pub_set *ps, const char *source, FILE *out);
/* The tiles as text (-dT): the parameters, per buffer its tiles or why
 * it is native, per tile its counts, outputs and controllers. */
void pub_dump_text(const pub_set *ps, FILE *out);
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
/* The bus writes of one tile, one "$readmemh" word (address << cw |
 * data) a line, ending with an all-ones word; returns the writes. */
int pub_write_hex(const pub_set *ps, const pub_tile *t, FILE *out);
/* One bus write of the design's configuration ROM: tile "tile" (in
 * pub.json's order, buffer by buffer, tile by tile) takes "data" at
 * register address "addr". */
typedef struct pub_write {
	int tile;
	int addr;
	uint64_t data;
} pub_write;
/* Tiles of buffers on tiles (rtlgen instantiates these). */
int pub_n_tiles(const pub_set *ps);
/* Bits of the ROM's tile number: clog2(tiles), 0 for one tile. */
int pub_rom_tile_bits(const pub_set *ps);
/* The design's one configuration ROM (docs/pub.md "In the Verilog"):
 * every tile's writes, tile by tile, into w[] (NULL: only count them);
 * their count. */
int pub_rom(const pub_set *ps, pub_write *w);
/* The ROM as a $readmemh image, (tile << (CA + CW)) | (cfg_addr << CW) |
 * cfg_data a line, ending with an all-ones word; returns the writes. */
int pub_write_rom_hex(const pub_set *ps, FILE *out);
/* (hi << lo_bits) | lo in "digits" hex digits, wider than 64 bits too
 * (lo below 2^lo_bits, hi below 2^32). */
void pub_print_word(FILE *out, int digits, uint64_t hi, int lo_bits, uint64_t lo);
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
/* Are tiles of "p" built with constant configuration: fixed_cfg, and not
 * --runtime-config (whose tiles take their sizes through the bus)?  The
 * mapping records it per tile (pub_tile.fixed_cfg); the fit asks it. */
bool pub_params_static(const pub_params *p);
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
