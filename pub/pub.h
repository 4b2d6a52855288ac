/* pub/pub.h: the push-memory tile sl_pub as a way of mapping a buffer.
 *
 * Rank 7 (tests/check_layout.sh): above ubuffer/, whose buffers it maps,
 * and tile/ (the tile itself: its parameters and their rules, controllers,
 * register map and cost model, tile/tile.h, included here), and below
 * rtlgen/ (which instantiates the tiles), verilator/, sim/ and fpga/,
 * which read the mapping.  Owns the tile stage of the flow (flow/flow.c
 * calls pub_map, and nothing else does), the one answer to "is this
 * buffer on tiles" (pub_buf_of), the tile model, the configuration ROM
 * and the tile dumps.
 *   map.c     vectorize, fold, place every SRAM access (isl), fit the
 *             widths, levels, ports and each buffer's fetch width
 *   model.c   a tile's configuration run cycle by cycle; configuration
 *             images and the one ROM
 *   dump.c    pub.json, report.json's "memory_pub", the -dT text */
#ifndef SLUICE_PUB_H
#define SLUICE_PUB_H

#include "tile/tile.h"
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
void pub_dump_json(const pub_set *ps, FILE *out);
/* report.json's "memory_pub" member (counts, cost per tile). */
void pub_report_json(const pub_set *ps, FILE *out);
/* Every tile's counts from the tile model, a line each ending with
 * "(SOURCE)" (what counted them); 0, or -1 (reported at the buffer). */
int pub_print_counts(sl_ctx *ctx, const pub_set *ps, const char *source, FILE *out);
/* The tiles as text (-dT): the parameters, per buffer its tiles or why
 * it is native, per tile its counts, outputs and controllers. */
void pub_dump_text(const pub_set *ps, FILE *out);
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

#ifdef __cplusplus
}
#endif

#endif
