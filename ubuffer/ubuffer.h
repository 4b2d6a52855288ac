/* ubuffer/ubuffer.h: unified buffers, one per stored array.
 * Stage: scheduler -> [ubuffer] -> rtlgen.  A buffer is the set of ports
 * on the array of one statement (a stored func or an input): one write
 * port (the producer) and one read port per access that reads it.  Each
 * port is an iteration domain, an access map and a cycle schedule (all in
 * the scheduler's statements).  From them follow, exactly:
 *   max_live_words  the most values written and still to be read at any
 *                   cycle (the lower bound of any storage);
 *   capacity_words  what the chosen layout needs: a circular buffer
 *                   addressed by write order (a delay chain is one).
 * and the storage mapping, with a delay chain's layout as data, that the
 * RTL generator, the fit check and the estimator follow.  A ub_set owns its
 * buffers and their ports; nothing here holds isl objects after the
 * analysis. */
#ifndef SLUICE_UBUFFER_H
#define SLUICE_UBUFFER_H

#include "boards/boards.h"
#include "scheduler/scheduler.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ub_storage {
	UB_NONE,	/* nothing reads it (an output only streamed out) */
	UB_REGISTERS,	/* a delay chain of registers only */
	UB_DELAY_CHAIN,	/* registers and SRAM line-buffer runs */
	UB_CIRCULAR,	/* SRAM circular buffer with address generators */
} ub_storage;

/* The memory of a circular buffer. */
typedef enum ub_mem {
	UB_MEM_REGFILE,	/* sl_ram: flip-flops, or LUT RAM where the board has it;
			 * combinational reads, one write port */
	UB_MEM_SRAM,	/* sl_sram_pf: one 1R1W block-RAM copy per read port,
			 * read one cycle ahead */
} ub_mem;

/* How circular buffers choose their memory (ub_options.ram). */
typedef enum ub_ram {
	UB_RAM_AUTO,	/* per buffer, from its size and the board (ubuffer.c) */
	UB_RAM_BLOCK,	/* every circular buffer in block RAM */
	UB_RAM_LUT,	/* every circular buffer a register file */
} ub_ram;

typedef struct ub_port {
	bool is_write;
	const sched_stmt *stmt;		/* writer or reader */
	const sched_access *access;	/* read ports: the access */
	/* Reuse delay in cycles from the write of a value to this read of it,
	 * when it is the same for every read of the port. */
	bool delay_const;
	int64_t delay;
	/* Distance in writes: how many values were written after the one this
	 * port reads, at the cycle it reads, when constant (the tap position
	 * of a delay chain). */
	bool dist_const;
	int64_t dist;
	/* Read ports: the earlier read port of the same reader, or of a lane
	 * of its declaration with its schedule generator (sched_controller),
	 * with the same index expressions (it reads the same element in the
	 * same cycle, so the two share a block-RAM copy), or -1. */
	int same_as;
	/* Read ports: the window of circular-buffer addresses (write index
	 * modulo capacity_words) the port reads, win_lo .. win_lo+win_len-1:
	 * the write indices of the elements it reads, from the least to the
	 * greatest, when they lie in one lap of the buffer (no wrap); else
	 * the whole buffer (0, capacity_words).  A block-RAM copy holds only
	 * its port's window (rtlgen/buffers.c): a read of one channel of an
	 * array keeps one channel's words, not the array's. */
	int64_t win_lo, win_len;
} ub_port;

/* A run of delay-chain positions start .. start+len-1 (position 0 holds
 * the newest value): registers, or an SRAM FIFO segment.  SRAM runs of
 * equal length shift together (every write shifts the whole chain), so
 * they share one memory, their words side by side: a group, numbered in
 * chain order of its first run.  The layout rule is in ubuffer.c. */
typedef struct ub_run {
	int64_t start, len;
	bool sram;		/* else registers */
	int group;		/* SRAM runs: 0 .. n_groups-1; registers: -1 */
	int group_size;		/* SRAM runs: the runs in its group; registers: 0 */
} ub_run;

typedef struct ub_buffer {
	const sched_stmt *producer;
	const char *name;		/* the array's name */
	int width_bits;			/* of one word */
	int64_t n_elems;		/* elements written */
	int n_ports;
	ub_port *ports;			/* ports[0] is the write port */
	int64_t max_live_words;
	int64_t capacity_words;
	const char *why;		/* why capacity > max_live, or NULL */
	/* The steps of the walk that sized it (the same figures), when its
	 * symbolic analysis exceeded ub_options.isl_budget; else 0. */
	int64_t walk_steps;
	/* Mapping. */
	ub_storage storage;
	ub_mem mem;			/* circular buffers: the memory */
	int n_banks;			/* copies of a circular buffer: one per
					 * distinct read (same_as < 0) */
	/* Delay chains (UB_REGISTERS, UB_DELAY_CHAIN): the layout, runs in
	 * chain order that tile positions 0 .. capacity_words-1 (a tap at
	 * distance d reads position d); n_groups SRAM memories.  UB_DELAY_CHAIN
	 * is a chain with at least one SRAM run. */
	int n_runs;
	ub_run *runs;
	int n_groups;
	/* UB_DELAY_CHAIN: its pack (ub_set.packs), and the bits of the pack's
	 * earlier members' words (pack_bits_below: group g of this buffer
	 * starts at bit group_size * pack_bits_below of the pack's memory for
	 * group g); else -1 and 0. */
	int pack;
	int pack_bits_below;
} ub_buffer;

/* Delay chains whose SRAM groups share memories (the rule in ubuffer.c):
 * buffers written on the same cycles (their producers have one schedule:
 * box, coefficients, offset, latency) with the same layout (runs), so
 * their chains shift together.  Group g of the pack is one memory of
 * depth = the length of group g's runs and width group_size x width_bits,
 * the members' group-g words side by side, members[0] in the low bits.
 * A delay chain alone is a pack of one. */
typedef struct ub_pack {
	int n_members;
	ub_buffer **members;	/* in buffer (statement) order */
	int width_bits;		/* the sum of the members' word widths */
} ub_pack;

typedef struct ub_options {
	/* Untapped stretches of a delay chain shorter than this many words
	 * (and never fewer than 2) are registers (default 8); see ubuffer.c. */
	int64_t register_threshold;
	/* Read ports per SRAM bank (default 1: a 1R1W SRAM). */
	int sram_read_ports;
	/* Pack delay chains that shift together into shared memories
	 * (default true; ub_pack). */
	bool pack;
	/* The memory of circular buffers (default UB_RAM_AUTO). */
	ub_ram ram;
	/* The target board, or NULL: what UB_RAM_AUTO weighs. */
	const board *bd;
	/* The symbolic sizing of one buffer may take this many isl
	 * operations (default UB_ISL_BUDGET); past it, or when 0 (no
	 * symbolic sizing), the buffer is sized by walking its elements and
	 * reads, which may take up to max_walk_steps steps (default
	 * UB_MAX_WALK_STEPS); past that it is an error.  See analysis.c and
	 * docs/hardware.md. */
	unsigned long isl_budget;
	int64_t max_walk_steps;
	/* A buffer whose walk takes fewer steps than this is sized by the
	 * walk alone (default UB_WALK_BELOW; 0: never). */
	int64_t walk_below;
} ub_options;

enum { UB_ISL_BUDGET = 200000 };
#define UB_MAX_WALK_STEPS ((int64_t) 1 << 27)
#define UB_WALK_BELOW ((int64_t) 1 << 20)

typedef struct ub_set {
	int n_buffers;
	ub_buffer **buffers;	/* in statement order */
	int n_packs;
	ub_pack *packs;		/* in order of their first member */
} ub_set;

void ub_options_default(ub_options *opts);
/* Extract, size and map the buffers of every statement that has readers
 * or is an output.  NULL on error (reported). */
ub_set *ub_set_build(sl_ctx *ctx, const sched_program *sp, isl_ctx *isl,
	const ub_options *opts);
void ub_set_free(ub_set *set);
/* Map every buffer again under "opts" (the delay-chain layout for
 * register_threshold, the memory of circular buffers for ram and bd; the
 * sizes do not change): to weigh another board or threshold. */
void ub_set_remap(ub_set *set, const ub_options *opts);
/* Check the invariants of a built or remapped set: capacity at least the
 * live words, a delay chain's runs tile it and its taps read registers,
 * groups and banks consistent.  0, or -1 with errors reported (a
 * compiler bug).  flow/ runs it after ub_set_build and every remap. */
int ub_set_check(sl_ctx *ctx, const ub_set *set);
/* The buffer of statement "s", or NULL. */
const ub_buffer *ub_set_find(const ub_set *set, const sched_stmt *s);

/* Position of element "e" of the producer's array in write order (0 for
 * the first value written).  The circular-buffer address is this modulo
 * capacity_words. */
int64_t ub_write_index(const ub_buffer *buf, const int64_t *e);

/* The memory of group "g" of pack "p": depth (words) and width (bits). */
void ub_pack_memory(const ub_pack *p, int g, int64_t *depth, int *width);

/* The live words of "buf" over time, by walking every element and read
 * as the sweep does (ubuffer/sweep.c): a value is live in the cycles
 * W(e) <= c <= LR(e) from its write to its last read, so the greatest
 * count is max_live_words.  peak[k] receives the most values live in any
 * cycle of k * bin .. (k + 1) * bin - 1 (an envelope, not a sample), for
 * "frames" frames each "period" cycles after the one before.  Up to
 * ub_enumerate_steps(buf) steps per frame.  0, or -1 when an index leaves
 * the producer's box (a buffer the analysis rejects). */
int ub_live_profile(const ub_buffer *buf, int frames, int64_t period, int64_t bin,
	int n_bins, int64_t *peak);

/* Registers in the delay-chain layout of "buf" (0 for other storage). */
int64_t ub_chain_registers(const ub_buffer *buf);

/* The note on a buffer with walk_steps > 0 (buffers.txt, report.json). */
extern const char ub_walk_note[];

/* Stable text dump (buffers.txt). */
void ub_set_dump(const ub_set *set, FILE *out);
const char *ub_storage_str(ub_storage s);
const char *ub_mem_str(ub_mem m);
/* "auto", "block" or "lut"; false for another word. */
bool ub_ram_parse(const char *s, ub_ram *out);
const char *ub_ram_str(ub_ram r);


/* The push-memory tile sl_pub (pub.c, docs/pub.md): a buffer whose read
 * ports are all at constant delays is served by tiles of one wide
 * single-port SRAM, an aggregator per input and a transpose buffer per
 * output, each step of them fired by an affine controller.  Read ports
 * whose delays lie within register_threshold of each other share one
 * tile output and a delay line of registers; ports at delays too short
 * for the tile read a delay line on the producer's stream. */
enum { UB_PUB_MAX_LEVELS = 16, UB_PUB_MAX_TILES = 4, UB_PUB_MAX_WIDTH = 62 };

typedef struct ub_pub_params {
	int fw;			/* fetch width: words per SRAM word, a power of two */
	int64_t depth;		/* SRAM words per tile, a power of two */
	int n_in, n_out;	/* ports of one tile */
	int levels;		/* loop levels of a controller; 0: fit, the levels and
				 * widths of the fewest flip-flops (with cw, ew 0) */
	int cw;			/* counter and configuration width, bits (CW): the
				 * cycle counter, starts, deltas, cfg_data; 0: fit,
				 * the narrowest that holds this program's fields */
	int ew;			/* extent and index width, bits (EW, <= CW); 0: fit */
	const char *only;	/* comma-separated buffer names to map (--pub-buffers),
				 * or NULL: every buffer that can go on tiles */
	int frames;		/* frames per run, back to back (sim --frames): 1 */
	int64_t period;		/* cycles from one frame to the next (frames > 1) */
	bool runtime;		/* --runtime-config: the Verilog takes the schedule and
				 * the tiles' registers from a configuration bus
				 * (rtlgen/runtime.c); the mapping ignores it */
} ub_pub_params;

typedef enum ub_pub_kind { UB_PUB_IN, UB_PUB_WR, UB_PUB_RD, UB_PUB_OUT } ub_pub_kind;

/* A controller: an affine loop nest, level 0 innermost, firing at
 * sg_start + sum sg[l]*idx[l] with address ag_start + sum ag[l]*idx[l]
 * (addresses modulo 2^AGW, as the hardware wraps them). */
typedef struct ub_pub_ctrl {
	ub_pub_kind kind;
	int port;		/* IN_i, WR_i: i; RD_j, OUT_j: j */
	bool enable;
	int n_levels;
	int64_t ext[UB_PUB_MAX_LEVELS], sg[UB_PUB_MAX_LEVELS], ag[UB_PUB_MAX_LEVELS];
	int64_t sg_start, ag_start;
	int agw;		/* address bits: SW for IN/OUT, AW for WR/RD */
	/* ew_need[L]: the narrowest EW that holds it in L loop levels (1..16;
	 * UB_PUB_MAX_WIDTH + 1: none does), from its nest before folding */
	int ew_need[UB_PUB_MAX_LEVELS + 1];
} ub_pub_ctrl;

/* Accesses of one tile in one run. */
typedef struct ub_pub_counts {
	int64_t agg_writes;	/* words into the aggregator (IN fires) */
	int64_t sram_writes;	/* wide SRAM writes = aggregator reads (WR fires) */
	int64_t sram_reads;	/* wide SRAM reads = transpose-buffer writes (RD fires) */
	int64_t tb_reads;	/* words out of the transpose buffers (OUT fires) */
	int64_t tb_reads_port[8];	/* the same per output port (first 8) */
	int64_t steps;		/* controller steps: fires of every controller */
} ub_pub_counts;

typedef struct ub_pub_tile {
	int n_ctrl;		/* 2 * (n_in + n_out), in register-map order */
	ub_pub_ctrl *ctrl;
	int n_outs;		/* output ports used */
	int feeds;		/* the output that feeds the next tile, or -1 */
	ub_pub_counts counts;	/* from the controllers' extents */
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
} ub_pub_tile;

typedef struct ub_pub_buf {
	const ub_buffer *buf;
	const char *native_why;	/* kept on today's mapping, and why; or NULL */
	int n_tiles;		/* in series: tile k+1 takes an output of tile k */
	bool side;		/* or side by side: every tile takes the producer's
				 * stream, a slab of rows each, output j of tile k
				 * chained into output j of tile k+1 */
	ub_pub_tile *tiles;
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
} ub_pub_buf;

typedef struct ub_pub_set {
	ub_pub_params params;
	/* The tiles' SPRAM parameter (sl_pub.v): set by flow/ after
	 * ub_pub_map on a board with a huge primitive (UP5K SPRAM;
	 * docs/pub.md "Synthesis"); false from ub_pub_map. */
	bool spram;
	int n_bufs;
	ub_pub_buf *bufs;	/* one per buffer of the ub_set, in its order */
} ub_pub_set;

void ub_pub_params_default(ub_pub_params *p);
/* Map every buffer of "set" onto tiles of "p": vectorize, fold, check the
 * widths (a width 0 is fitted; the set's params hold the result), place
 * every SRAM access in a cycle of its own (proved with isl), and run each
 * tile's configuration through the tile model.  NULL on an error (located
 * at the buffer's declaration). */
ub_pub_set *ub_pub_map(sl_ctx *ctx, isl_ctx *isl, const ub_set *set,
	const ub_pub_params *p, int64_t register_threshold);
void ub_pub_set_free(ub_pub_set *ps);
/* Run a tile's configuration cycle by cycle (the register-map semantics
 * of docs/pub.md) on element identities; count every access into *out.
 * 0, or -1 with "why" set (a collision, or a word read that is not the
 * element the port expects). */
int ub_pub_model(const ub_pub_set *ps, const ub_pub_buf *pb, int tile,
	ub_pub_counts *out, int64_t *live_words, char *why, size_t why_len);
/* Configuration: register addresses, bits per tile, and the files. */
int ub_pub_addr_bits(const ub_pub_params *p);
int64_t ub_pub_config_bits(const ub_pub_params *p);
void ub_pub_dump_json(const ub_pub_set *ps, FILE *out);
/* report.json's "memory_pub" member (counts, cost per tile). */
void ub_pub_report_json(const ub_pub_set *ps, FILE *out);
/* Every tile's counts from the tile model, a line each ending with
 * "(SOURCE)" (what counted them); 0, or -1 with an error on stderr. */
int ub_pub_print_counts(const ub_pub_set *ps, const char *source, FILE *out);
/* The register values of controller "c" at offsets 0 .. 3*levels+2. */
void ub_pub_ctrl_regs(const ub_pub_params *p, const ub_pub_ctrl *c, int64_t *regs);
/* The bus writes of one tile, one "$readmemh" word (address << cw |
 * data) a line, ending with an all-ones word; returns the writes. */
int ub_pub_write_hex(const ub_pub_set *ps, const ub_pub_tile *t, FILE *out);
/* One bus write of the design's configuration ROM: tile "tile" (in
 * pub.json's order, buffer by buffer, tile by tile) takes "data" at
 * register address "addr". */
typedef struct ub_pub_write {
	int tile;
	int addr;
	uint64_t data;
} ub_pub_write;
/* Tiles of buffers on tiles (rtlgen instantiates these). */
int ub_pub_n_tiles(const ub_pub_set *ps);
/* Bits of the ROM's tile number: clog2(tiles), 0 for one tile. */
int ub_pub_rom_tile_bits(const ub_pub_set *ps);
/* The design's one configuration ROM (docs/pub.md "In the Verilog"):
 * every tile's writes, tile by tile, into w[] (NULL: only count them);
 * their count. */
int ub_pub_rom(const ub_pub_set *ps, ub_pub_write *w);
/* The ROM as a $readmemh image, (tile << (CA + CW)) | (cfg_addr << CW) |
 * cfg_data a line, ending with an all-ones word; returns the writes. */
int ub_pub_write_rom_hex(const ub_pub_set *ps, FILE *out);
/* (hi << lo_bits) | lo in "digits" hex digits, wider than 64 bits too
 * (lo below 2^lo_bits, hi below 2^32). */
void ub_pub_print_word(FILE *out, int digits, uint64_t hi, int lo_bits, uint64_t lo);
/* The cost model (pubcost.c, docs/pub.md "Area and energy"). */
typedef struct ub_pub_cost {
	int64_t sram_bits, flops, ctrl_luts;
	double area_um2, energy_pj;
} ub_pub_cost;
void ub_pub_cost_tile(const ub_pub_params *p, int width_bits, const ub_pub_counts *c,
	ub_pub_cost *out);
/* The flip-flops of a tile's controllers (configuration and state) and
 * its cycle counter (docs/pub.md "Structure"): what --pub-levels fit
 * weighs. */
int64_t ub_pub_ctrl_flops(const ub_pub_params *p);
/* The baseline of the same ports and access streams: a dual-port SRAM of
 * the tile's capacity in W-bit words, a controller per port, no
 * aggregators or transpose buffers, under the same table. */
void ub_pub_cost_dualport(const ub_pub_params *p, int width_bits, const ub_pub_counts *c,
	ub_pub_cost *out);
/* The most words the tile's inputs and outputs take or present in one
 * cycle: the accesses a cycle the dual-port SRAM would have to serve. */
int ub_pub_dualport_peak(const ub_pub_tile *t);

#ifdef __cplusplus
}
#endif

#endif
