/* fpga/fpga.h: a mapped design on a board.
 * Rank 11 (tests/check_layout.sh).
 * Stage: after rtlgen, beside sim; the driver calls it.  Before any RTL it
 * predicts what the design takes (fpga/storage.c: block RAM cells,
 * storage flip-flops and LUT RAM of every buffer; fpga/logic.c: LUTs,
 * flip-flops and DSPs of every stage, a structural count of what rtlgen
 * emits), says whether that fits the board and why not
 * (fpga/explain.c), synthesizes the Verilog with the board's Yosys
 * flow (fpga/synth.c) and simulates the synthesized netlist against the
 * reference (fpga/netlist.c).  Every family fact comes from the board file
 * (boards/README.md).  A tg_report owns its arrays; tg_report_release()
 * frees them. */
#ifndef SLUICE_TARGET_H
#define SLUICE_TARGET_H

#include "boards/boards.h"
#include "sim/sim.h"
#include "pub/pub.h"
#include "ubuffer/ubuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The storage of one buffer on the board. */
typedef struct tg_buf {
	const ub_buffer *b;
	int64_t words;			/* capacity_words */
	int64_t cells[BOARD_MAX_MEMS];	/* block-RAM cells by primitive */
	int64_t units;			/* block-RAM pool units */
	int64_t ffs;			/* flip-flops of its registers */
	int64_t lut_ram;		/* LUTs of LUT RAM (a lower bound) */
	int tiles;			/* --memory pub: its push-memory tiles */
} tg_buf;

typedef struct tg_mul tg_mul;

/* The logic of one statement: its sl_sched, datapath, pipe, and the
 * storage logic (counters, address generators, read muxes) of the buffer
 * it writes and of the read ports it owns. */
typedef struct tg_stage {
	const sched_stmt *s;
	int64_t luts, ffs, dsps;
} tg_stage;

/* Stages in statement order; the totals add the run control (cycle
 * counter, running, done). */
typedef struct tg_logic {
	int n;
	tg_stage *stages;		/* owned */
	int64_t luts, ffs, dsps;
	/* Multipliers that DSPs could take (fpga/dsp.c): how many, the
	 * DSPs they would take with no limit, and how many the board's DSP
	 * count leaves in logic and their LUTs (in "luts"). */
	int n_muls, n_soft_muls;
	int64_t dsps_wanted, soft_mul_luts;
	int64_t dsps_lanes;		/* of the lane program's multipliers */
	struct tg_mul *muls;		/* the n_muls; owned */
} tg_logic;

/* A prediction: the storage of every buffer and (has_logic) the logic. */
typedef struct tg_report {
	const board *bd;
	const char *program;		/* the source path (sp->lowered->path) */
	int n;
	tg_buf *bufs;			/* one per ub_set buffer; owned */
	int64_t cells[BOARD_MAX_MEMS];	/* storage totals */
	int64_t units, ffs, lut_ram, words;
	int n_roms;			/* tables in block RAM (in cells, units) */
	int64_t rom_cells[BOARD_MAX_MEMS];	/* their cells */
	bool has_logic;			/* else the logic is neither counted nor checked */
	double clock_mhz;		/* the target clock (--clock, else the board's) */
	tg_logic logic;
} tg_report;

/* The storage and logic of the design on "bd" (ubs mapped for "bd").
 * Storage: the SRAM groups of delay chains (ub_buffer.runs) are sl_sram
 * (block RAM, board_bram_cells), the register positions width x words
 * flip-flops;
 * a circular buffer in block RAM is one copy per distinct read; a
 * register file is flip-flops on a board without LUT RAM and LUT RAM
 * elsewhere, at least ceil(bits / lutram_bits) LUTs. */
void tg_predict(const board *bd, const sched_program *sp, const ub_set *ubs,
	tg_report *r);
/* tg_predict also counts, in cells and units, every table read the
 * scheduler put in block RAM (sched_node_rom_sync), one memory of
 * sched_rom_depth entries each.
 * tg_predict with the buffers "pub" maps on push-memory tiles (--memory
 * pub; NULL: none) stored on their tiles: each tile's SRAM in the
 * board's huge primitive (SPRAM) when it has one, else in block RAM
 * (tg_tile_cells), the delay lines beside them flip-flops, and each
 * tile's logic counted (docs/pub.md "Synthesis"). */
void tg_predict_pub(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_report *r);
/* The storage alone (has_logic false): enough to compare schedules. */
void tg_predict_storage(const board *bd, const ub_set *ubs, tg_report *r);
void tg_predict_storage_pub(const board *bd, const ub_set *ubs, const pub_set *pub,
	tg_report *r);
/* The memory cells of one tile's SRAM (FW x width_bits bits by DEPTH
 * words of "p") on "bd", and in *mem their primitive: the board's huge
 * primitive when the mapping chose it ("spram", pub_set.spram: the tile
 * stage decides it) (board_huge_cells), else block RAM
 * (board_bram_cells). */
int64_t tg_tile_cells(const board *bd, bool spram, const pub_params *p, int width_bits,
	const board_mem **mem);
/* The logic of tile "t" of "pub" with words of width_bits, as
 * rtlgen/pub.c connects it (input 0 fed with words of in_bits significant
 * bits, t->n_outs outputs read): its
 * flip-flops (docs/pub.md "Structure", less what the connections leave
 * dead) and an estimate of its LUTs (fpga/pub.c). */
void tg_pub_tile_logic(const board *bd, const pub_set *pub, const pub_tile *t,
	int width_bits, int in_bits, int64_t *ffs, int64_t *luts);
/* The block-RAM cells of the design's configuration ROM (rtlgen/pub.c: a
 * `case` of every tile's bus writes, {tile, cfg_addr, cfg_data}, on the
 * loader's counter, rom_style "block"), in *mem their primitive.  Yosys
 * 0.23 (proc_rom, memory_libmap) makes it a ROM of 2^ceil(log2 n) words
 * for n writes, the words past n the case's all-ones default, and drops
 * its bit lanes that are 0 in every word: board_bram_cells of that depth
 * and the lanes left. */
int64_t tg_pub_rom_cells(const board *bd, const pub_set *pub, const board_mem **mem);
/* Are the huge primitives (SPRAM) within the board's count? */
bool tg_huge_fits(const tg_report *r);
void tg_report_release(tg_report *r);
/* Total predicted LUTs, flip-flops, DSPs: storage plus logic. */
int64_t tg_luts(const tg_report *r);
int64_t tg_ffs(const tg_report *r);
int64_t tg_dsps(const tg_report *r);
/* One line per stage and a total line: "stage LUTs FFs DSPs". */
void tg_print_logic(const tg_report *r, FILE *out);
/* Print every costed node of later estimates on "out" (NULL: stop):
 * its statement, the LUTs of its subtree, its significant bits. */
void tg_logic_trace(FILE *out);

/* Does it fit: block units, flip-flops, LUTs (and with the logic, DSPs)
 * within the board? */
bool tg_fits(const tg_report *r);
/* The I/O pins of module "top" in "verilog" (its ANSI port list, as
 * rtlgen writes it): the bits of every input and output; in *in and *out
 * the data bits each way (ports NAME_data, AXI4-Stream TDATA).  -1 when
 * the module is not found. */
int64_t tg_top_pins(const char *verilog, size_t len, const char *top, int64_t *in,
	int64_t *out);
/* One line: why it does not fit ("needs 32 of 30 SB_RAM40_4K"). */
void tg_reason(const tg_report *r, char *buf, size_t n);
/* Explain a design that does not fit: a located error at the largest
 * buffer's declaration (or the largest stage's, when only the logic is
 * over), notes with their numbers and what would help.  "sequential":
 * the schedule is already sequential; "others" (n_others) are the reports
 * of the other boards, suggested when the design fits them; "seq" the
 * storage of the sequential schedule, or NULL.  Returns true when it fits
 * (nothing reported). */
bool tg_explain(sl_ctx *ctx, const tg_report *r, bool sequential,
	const tg_report *others, int n_others, const tg_report *seq);

/* One multiplier ($mul) at the widths Yosys keeps (wreduce), and what
 * it costs on the board (fpga/dsp.c). */
struct tg_mul {
	int a, b, y;		/* operand widths, result width */
	bool sa, sb;		/* signed operands */
	int stage;		/* statement index (prediction), or -1 */
	int order;		/* place in the design: ties go to the earliest */
	char *cell;		/* the Yosys cell (synthesis; owned), or NULL */
	int64_t dsps;		/* DSPs when mapped; 0: never mapped */
	double soft_luts;	/* LUTs when it stays in logic */
	double rest_luts;	/* LUTs beside its DSPs when mapped */
	double pre_luts;	/* LUTs of the add feeding it that the DSP's
				 * pre-adder takes when mapped (prediction) */
	double post_luts;	/* LUTs of the add it feeds that the DSP's
				 * post-adder takes when mapped (prediction) */
	bool shared;		/* its product has several users: no post-add */
	bool in_dsp;		/* chosen for DSPs (tg_mul_split) */
	const ir_expr *node;	/* the lane program's node, or NULL: address
				 * arithmetic (or synthesis) */
	int mul_id;		/* synthesis: its sl_mul (the node's mul_id), or 0 */
	char *src;		/* synthesis: its Verilog place ("F.v:L.C-L.C"), owned */
	bool logic;		/* synthesis: marked sl_logic (decided for logic) */
};

/* Fill m->dsps, soft_luts and rest_luts from m's widths: the board's
 * `dsp_mul` (mul2dsp) model. */
void tg_mul_cost(const board *bd, tg_mul *m);
/* Choose which multipliers take DSPs within "budget": the lane
 * program's (node set) first, the widest first, each when its DSPs still
 * fit (with "decided" their in_dsp is tg_dsp_decide's, kept), then the
 * others over what is left.  Sets in_dsp; returns the DSPs used. */
int64_t tg_mul_split(int64_t budget, tg_mul *ms, int n, bool decided);
/* The DSP decision, once, on the lane program before the schedule: the
 * multipliers of its datapaths (ir_expr.mul_id, .dsps), found by the
 * estimate's walk at the widths Yosys keeps, split over bd's DSPs by
 * tg_mul_split; lanes->dsp_board = bd (fpga/logic.c). */
void tg_dsp_decide(const board *bd, ir_program *lanes);
/* The $mul cells of a Yosys `dump` ("cell $mul NAME", its width and
 * signedness parameters, and the sl_mul and sl_logic attributes rtlgen
 * gives the lane program's multiplies), in order, into *out (owned by the
 * caller, and each cell name); their number. */
int tg_parse_muls(const char *text, tg_mul **out);
/* Multipliers of ms not named in "live" (Yosys's `select -list`, one
 * MODULE/CELL a line) are removed by the flow: no DSPs, no LUTs. */
void tg_mul_drop_dead(tg_mul *ms, int n, const char *live);
/* Partial-product bits of an a x b multiplier kept in w result bits. */
double tg_soft_mul_bits(int a, int b, int w);

/* Timing (fpga/timing.c).  The program's stage names (and their
 * source lines, or NULL) that name the nets of a path. */
typedef struct tg_stage_names {
	int n;
	const char *const *names;
	const int *lines;
} tg_stage_names;

enum { TG_PATH_MAX_HOPS = 32 };

/* A stretch of the critical path in one stage and role ("schedule",
 * "datapath", "read port", "pipeline register", "buffer", ...); stage -1
 * is the run control. */
typedef struct tg_hop {
	int stage;
	const char *role;
	int line;			/* the stage's source line, or 0 */
	double from_ns, to_ns;		/* arrival times at its ends */
} tg_hop;

typedef struct tg_path {
	double ns, logic_ns, route_ns;
	int n;
	tg_hop hops[TG_PATH_MAX_HOPS];
} tg_path;

/* The first "Critical path report for clock" of a nextpnr log, each net
 * mapped to its stage, consecutive nets of one stage and role merged.
 * False when the log has none. */
bool tg_parse_critical_path(const char *log, const tg_stage_names *st, tg_path *p);
/* "critical path 22.8 ns (9.7 ns logic, 13.1 ns routing): acc (schedule,
 * line 4, 22.8 ns)" (no newline). */
void tg_print_path(const tg_path *p, const tg_stage_names *st, FILE *out);
/* The length of Yosys's `ltp` report ("(length=N)"), or -1. */
int tg_parse_logic_depth(const char *text);
/* Fmax by the board's delay model (docs/timing.md), an estimate: the
 * longest of the pipelined datapaths' paths and the control paths (schedule
 * generators, read ports and addresses).  False without a model; "why"
 * names the path. */
bool tg_estimate_fmax(const tg_report *r, double *mhz, char *why, size_t n);
/* The longest path by the board's delay model that the pipeliner cannot
 * cut, outside the datapaths: the run control's countdown, the schedule
 * generators, the delay chains' read ports and the circular buffers'
 * read addresses (ns; *what and *name say which, name "" for the run
 * control).  0 on a board without a delay model. */
double tg_control_ns(const board *bd, const sched_program *sp, const ub_set *ubs,
	const char **what, const char **name);

/* What synthesis measured. */
typedef struct tg_measured {
	int64_t luts, ffs, dsps;	/* by the board's `cells` classes */
	int64_t cells[BOARD_MAX_MEMS];	/* block RAM cells by primitive */
	double fmax;			/* MHz; 0 unless pnr */
	double fmax_estimate;		/* MHz from the delay model; 0: none */
	char fmax_path[160];		/* the path of the estimate */
	int logic_depth;		/* Yosys ltp -noff without pnr; -1: not measured */
	bool ok;			/* synthesized, and the block RAMs predicted */
} tg_measured;

/* What synthesis found beyond the counts of tg_measured, as synth.json
 * records it (report/json.c rp_write_synth_json writes it): every cell
 * type of the netlist, the multipliers and where they went, and
 * nextpnr's critical path by stage.  tg_synth_measure fills it when Yosys
 * ran; tg_synth_facts_free releases it. */
typedef struct tg_cell_count {
	char *cell;
	int64_t n;
} tg_cell_count;

typedef struct tg_synth_facts {
	bool measured;			/* Yosys ran and its statistics were read */
	bool bram_ok;			/* the block RAM cells are the predicted ones */
	int n_types;
	tg_cell_count *types;		/* by cell type, as Yosys's stat lists them */
	int n_muls, n_muls_logic;	/* Yosys's multipliers; those left in logic */
	int64_t dsps_expected;		/* the DSPs of those the split put in DSPs */
	bool has_path;
	tg_path path;			/* with pnr */
	char *hop_stage[TG_PATH_MAX_HOPS];	/* each hop's stage, "control" for -1 */
} tg_synth_facts;

void tg_synth_facts_free(tg_synth_facts *f);

/* List the boards on stdout; 0 or 1. */
int tg_boards(void);
/* Write DIR/TOP.v (the "len" bytes of "verilog", top module "top"),
 * synthesize it with the board's Yosys flow (pred->bd), with "pnr" also
 * place and route it, print the measurement beside the prediction "pred"
 * (and, when "facts" is not NULL, fill it for synth.json); with "netlist" (a path, or NULL) also write
 * the mapped design there as Verilog (write_verilog -noattr; module "top"
 * with the ports of the generated top).  0, or 1 (error reported, or the
 * predicted block RAMs differ from Yosys's).  With "m" nothing goes to
 * stdout and *m is filled.  $SLUICE_NETLIST_EDIT, a test hook, holds
 * Yosys commands run on the mapped design before it is written. */
int tg_synth(sl_ctx *ctx, const tg_report *pred, const char *verilog, size_t len,
	const char *top, const char *dir, bool pnr, const char *netlist, tg_measured *m);
/* tg_synth that prints as without "m", fills *m (sluice synth's
 * report.html) and *facts (its synth.json). */
int tg_synth_measure(sl_ctx *ctx, const tg_report *pred, const char *verilog, size_t len,
	const char *top, const char *dir, bool pnr, const char *netlist, tg_measured *m,
	tg_synth_facts *facts);
/* The block RAM units of the cells counted in "cells" (a board's
 * mems[]). */
int64_t tg_block_units(const board *bd, const int64_t *cells);

/* The cost of an AXI4-Stream wrapper: Yosys with the board's flow on
 * DIR/TOP.v (written by tg_synth) with module "core" as a black box,
 * then `check -assert`; its LUTs and flip-flops into *m and on stdout.
 * 0 or -1 (reported). */
int tg_synth_wrapper(sl_ctx *ctx, const board *bd, const char *dir, const char *top,
	const char *core, tg_measured *m);

/* Simulate the synthesized netlist in file "netlist" (top module "top",
 * written by tg_synth for the design of "prog" and "sp") in Verilator with
 * the cell models of the board's `simlib` line, and compare it with the
 * reference on "in" as sim_check_verilator does: every output bit for bit
 * (the first mismatch with its coordinates and the cycle it came out in)
 * and the cycles with the prediction.  outputs[i] receives the netlist's
 * prog->outputs[i]; "report" (when not NULL) gets "netlist check: N
 * outputs, M elements, bit-exact, cycles X == predicted X".  0 or -1
 * (reported; also when the board has no `simlib`). */
int tg_check_netlist(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const board *bd, const char *top, const char *netlist, const ref_inputs *in,
	io_array **outputs, FILE *report);

#ifdef __cplusplus
}
#endif

#endif
