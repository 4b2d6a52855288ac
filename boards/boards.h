/* boards/boards.h: target boards (FPGA parts) and their resources.
 * Rank 5 (tests/check_layout.sh).
 * Stage: beside the scheduler; feeds storage mapping and the synth
 * driver.  A board file (boards/README.md: format) gives a part's logic,
 * flip-flops, memory primitives with their shapes (depth x width) and
 * ports, multipliers, nominal clock and the Yosys flow that targets it.
 * Boards are read into the context's arena. */
#ifndef SLUICE_BOARDS_H
#define SLUICE_BOARDS_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { BOARD_MAX_SHAPES = 16, BOARD_MAX_MEMS = 4, BOARD_MAX_GLOBS = 32 };

typedef struct board_shape {
	int64_t depth;
	int width;
} board_shape;

/* A memory primitive.  Block primitives share one pool counted in
 * "units" (e.g. a Xilinx RAMB36 is 2 units of RAMB18). */
typedef struct board_mem {
	const char *kind;	/* "block" (1R1W-capable) or "huge" (single-port) */
	const char *cell;	/* the Yosys cell name */
	int64_t count;		/* primitives on the part */
	int units;		/* pool units per primitive */
	int64_t bits;		/* capacity of one primitive */
	const char *ports;	/* e.g. "1r1w", "2rw" */
	const char *yosys;	/* huge: the synthesis option that maps it
				 * (`{huge}` in the yosys lines), or NULL */
	int n_shapes;
	board_shape shapes[BOARD_MAX_SHAPES];
} board_mem;

typedef struct board_globs {
	int n;
	const char *pat[BOARD_MAX_GLOBS];	/* fnmatch patterns of cell types */
	int weight[BOARD_MAX_GLOBS];	/* resources one matching cell uses (PATTERN=N) */
} board_globs;

/* What the board's Yosys flow makes of logic, for the estimate
 * (fpga/logic.c; boards/README.md "Logic").  Absent lines leave carry
 * 1, no DSP multipliers, and LUT RAM of lutram_bits bits a LUT in any
 * shape. */
typedef struct board_logic {
	double carry;		/* LUT sites per bit of a carry-chain adder */
	int carry_cell;		/* bits of one carry cell (`carry L cell B`: an
				 * adder is whole cells, ECP5's CCU2C 2); 1 */
	double carry_const;	/* LUT sites per bit of an adder with a constant
				 * operand (`carry L const C`; Xilinx 0: the
				 * chain's sum input is the variable's bit or its
				 * inverse); < 0: carry */
	int dsp_a, dsp_b;	/* operand widths of one DSP multiplier; 0: none */
	bool dsp_signed;	/* signed operands only: an unsigned one takes a sign bit */
	int dsp_min;		/* products of fewer result bits stay in LUTs */
	int dsp_partial;	/* chunk width of a split wide operand; 0: dsp_a */
	bool dsp_rom_late;	/* a product by a constant read from a ROM still takes a DSP */
	int dsp_preadd;		/* `preadd N`: the DSP's pre-adder takes an add of up
				 * to N bits feeding a multiplier operand; 0: none */
	int dsp_postadd;	/* `postadd N`: the DSP's post-adder takes an add of
				 * up to N bits of a product on one DSP, fed at once
				 * or through one register; 0: none */
	board_shape ram_cell;	/* a LUT-RAM cell's shape; depth 0: bits pooled */
	int ram_cell_luts;	/* the LUT sites one such cell occupies */
	int ram_cell_reads;	/* `reads R`: with several read ports a cell holds
				 * one bit for R of them (else 0: a copy a port) */
	int widemux;		/* `widemux N`: levels of 2:1 muxes above a LUT that
				 * are free cells (PFUMX/L6MUX21, MUXF7-9); 0 */
	int srl_min, srl_depth;	/* `srl MIN DEPTH`: a run of MIN or more enable-only
				 * registers of a bit is a shift-register LUT of
				 * DEPTH stages (Xilinx SRL16E/SRLC32E); 0: none */
	bool sched_fit;		/* a `cost sched` line: sl_sched's LUTs are */
	double sched[6];	/* c0 + c1 counter bits + c2 down-counter bits +
				 * c3 distinct wait columns + c4 when the
				 * innermost DELTA is not 1 + c5 counter bits x
				 * dimensions (1 or 2) when it is */
	bool sram_pf_fit;	/* a `cost sram_pf` line: an sl_sram_pf's LUTs */
	double sram_pf[3];	/* are c0 + c1 W + c2 AW (the flow keeps it a
				 * module of its own) */
	int n_ram_read;		/* a `cost ram_read L1 .. Ln` line (n <= 8): an */
	double ram_read[8];	/* sl_ram read port's bypass and multiplexer are
				 * L(AW) LUTs a bit at AW address bits (Ln past
				 * n); the LUT-RAM cells apart; 0: none */
	int n_ram_deep;		/* a `cost ram_deep L1 .. Ln` line (n <= 4): the */
	double ram_deep[4];	/* same of a memory several cells deep, L(s) a
				 * bit where s address bits select the cell (Ln
				 * past n); 0: none (the one-cell rule) */
	bool flatten;		/* the flow flattens the design (default); false:
				 * library modules keep their boundaries
				 * (synth_xilinx without -flatten), so no
				 * optimization crosses them */
} board_logic;

/* The delay model (docs/timing.md): an operator of kind k and width w
 * bits takes a[k] + b[k] * w nanoseconds, typical routing included.
 * BOARD_DELAY_FF is the register overhead of every path (clock to
 * output, setup).  Kinds without a line fall back: cmp and eq to add,
 * mux to lut, shift to lut levels, dsp to mul. */
typedef enum board_delay_kind {
	BOARD_DELAY_FF, BOARD_DELAY_LUT, BOARD_DELAY_ADD, BOARD_DELAY_CMP,
	BOARD_DELAY_EQ, BOARD_DELAY_MUX, BOARD_DELAY_SHIFT, BOARD_DELAY_MUL,
	BOARD_DELAY_DSP, BOARD_DELAY_BRAM, BOARD_N_DELAYS
} board_delay_kind;

typedef struct board_delays {
	bool set[BOARD_N_DELAYS];
	double a[BOARD_N_DELAYS], b[BOARD_N_DELAYS];
} board_delays;

typedef struct board {
	const char *path;
	const char *name;
	const char *part;
	const char *family;
	int64_t luts;
	int lut_inputs;
	int lutram_bits;	/* bits one LUT holds as RAM; 0: no LUT RAM */
	int64_t ffs;
	int64_t dsps;
	int64_t pins;		/* user I/O pins of the package; 0: not checked */
	double clock_mhz;
	int n_mems;
	board_mem mems[BOARD_MAX_MEMS];
	int64_t block_units;	/* the block-RAM pool, in units */
	const char *yosys;	/* synthesis command; "{top}" is the top module */
	const char *force_bram;	/* commands run after hierarchy, before yosys */
	const char *pnr;	/* place-and-route command prefix, or NULL */
	const char *simlib;	/* the cell library's simulation models: -DNAME
				 * defines and files under the Yosys data
				 * directory; NULL: none (no netlist check) */
	board_globs cells_lut, cells_ff, cells_dsp;
	board_logic logic;
	board_delays delays;	/* has_delays: ff, lut, add, mul and bram set */
	bool has_delays;
} board;

/* Read one board file; NULL with a located error on a bad file. */
const board *board_load(sl_ctx *ctx, const char *path);
/* The directory of board files: $SLUICE_BOARDS_DIR, else the source
 * tree's boards/. */
const char *board_dir(void);
/* Every *.board of board_dir(), sorted by name; *n set.  NULL on error
 * (reported). */
const board **board_load_all(sl_ctx *ctx, int *n);
/* The board named "name" (or a path to a board file); NULL (reported). */
const board *board_find(sl_ctx *ctx, const char *name);

/* Block-RAM primitives Yosys uses for one 1R1W memory of depth x width
 * forced to block RAM: over every block primitive and shape, the lowest
 * score cells x (128 x units + 1) + (cells deep - 1) x width, ties to the
 * larger primitive.  This follows Yosys 0.23's memory_libmap: a cell costs
 * 129 (RAMB18) or 257 (RAMB36) in xilinx/brams_xc4v.txt, and every extra
 * cell in depth a read multiplexer of the word's width; it reproduces
 * every measured case of boards/README.md.  Sets *mem to the primitive;
 * returns the number of cells. */
int64_t board_bram_cells(const board *b, int width, int64_t depth,
	const board_mem **mem);
/* The block-RAM pool capacity of the board in its first block
 * primitive (e.g. 135 BRAM36 on the Artix-7 100T). */
const board_mem *board_block_mem(const board *b);

/* The single-port ("huge") primitive that holds the push-memory tiles'
 * SRAMs (iCE40 UP5K: SB_SPRAM256KA), or NULL: the part has none, and the
 * tiles go to block RAM in single-port use (board_bram_cells). */
const board_mem *board_huge_mem(const board *b);
/* Cells of huge primitive "m" for one single-port memory of depth x
 * width: the fewest ceil(width / w) x ceil(depth / d) over its shapes
 * (docs/pub.md "Synthesis": Yosys packs narrow words into the SPRAM's
 * 16-bit rows by its nibble write enables). */
int64_t board_huge_cells(const board_mem *m, int width, int64_t depth);

/* The delay of an operator of kind k and width w (ns), by the board's
 * delay lines and their fall-backs; the board must have delays. */
double board_delay(const board *b, board_delay_kind k, int w);
/* The kind's name in board files ("ff", "add", ...). */
const char *board_delay_name(board_delay_kind k);

/* Does cell type "type" match one of "g"? */
bool board_globs_match(const board_globs *g, const char *type);
/* The weight of the first pattern of "g" that "type" matches (the LUTs,
 * flip-flops or DSPs one such cell uses; 1 unless `PATTERN=N`), 0 when
 * none matches. */
int board_globs_weight(const board_globs *g, const char *type);

#ifdef __cplusplus
}
#endif

#endif
