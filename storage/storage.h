/* storage/storage.h: the storage a buffer maps to, as data, and the
 * layout rule of a delay chain.
 *
 * Rank 5 (tests/check_layout.sh), below ubuffer/, whose ubuffer.h
 * includes it: it knows nothing of schedules or buffers.  It holds the
 * kinds of storage (registers, a delay chain, a circular buffer), the
 * memories of a circular buffer and the --ram choice, a delay chain's
 * layout (runs of registers and SRAM FIFO segments, the groups of SRAM
 * runs that share a memory), the packs of chains that share memories, the
 * edges of a chain with border taps, and the rule that lays a chain out
 * from its taps (ub_chain_layout).  ubuffer/ decides which storage each
 * buffer takes and fills these; rtlgen/, fpga/, sim/ and report/ read
 * them through ubuffer/ubuffer.h.  The names keep the prefix ub_ of the
 * buffers.  Owns no memory. */
#ifndef SLUICE_STORAGE_H
#define SLUICE_STORAGE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ub_buffer;	/* ubuffer/ubuffer.h */

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

/* A read near a border of a line buffer with border taps (ub_buffer.
 * border): when the reader's dimension "dim" is at "at" (an absolute index
 * of the reader's box), the read is "shift" chain positions away from its
 * interior tap (ub_port.tap): a clamped index names an element nearer the
 * border than the interior's fixed-distance element. */
typedef struct ub_edge {
	int dim;
	int64_t at;
	int64_t shift;
} ub_edge;

/* A run of delay-chain positions start .. start+len-1 (position 0 holds
 * the newest value): registers, or an SRAM FIFO segment.  SRAM runs of
 * equal length shift together (every write shifts the whole chain), so
 * they share one memory, their words side by side: a group, numbered in
 * chain order of its first run.  The layout rule is ub_chain_layout's. */
typedef struct ub_run {
	int64_t start, len;
	bool sram;		/* else registers */
	int group;		/* SRAM runs: 0 .. n_groups-1; registers: -1 */
	int group_size;		/* SRAM runs: the runs in its group; registers: 0 */
} ub_run;

/* Delay chains whose SRAM groups share memories (the rule in ubuffer.c):
 * buffers written on the same cycles (their producers have one schedule:
 * box, coefficients, offset, latency) with the same layout (runs), so
 * their chains shift together.  Group g of the pack is one memory of
 * depth = the length of group g's runs and width group_size x width_bits,
 * the members' group-g words side by side, members[0] in the low bits.
 * A delay chain alone is a pack of one. */
typedef struct ub_pack {
	int n_members;
	struct ub_buffer **members;	/* in buffer (statement) order */
	int width_bits;		/* the sum of the members' word widths */
} ub_pack;

const char *ub_storage_str(ub_storage s);
const char *ub_mem_str(ub_mem m);
/* "auto", "block" or "lut"; false for another word. */
bool ub_ram_parse(const char *s, ub_ram *out);
const char *ub_ram_str(ub_ram r);

/* The layout of a delay chain whose reads are at the distinct ascending
 * tap positions taps[0 .. n) (storage.c states the rule): into runs[]
 * (room for 2n+1), in chain order, their groups numbered; returns the
 * runs, *n_groups the groups.  Stretches of untapped positions shorter
 * than register_threshold (and never fewer than 2) are registers. */
int ub_chain_layout(const int64_t *taps, int n, int64_t register_threshold,
	ub_run *runs, int *n_groups);

#ifdef __cplusplus
}
#endif

#endif
