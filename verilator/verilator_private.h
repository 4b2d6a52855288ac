/* verilator/verilator_private.h: declarations shared inside verilator/. */
#ifndef SLUICE_VERILATOR_PRIVATE_H
#define SLUICE_VERILATOR_PRIVATE_H

#include "rtlgen/rtlgen.h"
#include "verilator/verilator.h"


/* A data port pair of the generated module: NAME_en / NAME_data of an
 * input, NAME_valid / NAME_data of an output.  A port group of lanes > 1
 * (docs/hardware.md "Top-level interface") carries "lanes" words of
 * "bits" each, lane 0 in the low bits: its file holds "lanes" values per
 * word, lane by lane. */
typedef struct vl_port {
	const char *name;
	int bits;
	bool is_input;
	int64_t row;		/* words per row (rtl_port_frame; 1 for 0-D) */
	int64_t rows;		/* rows per frame */
	int64_t inner;		/* words per lane-dimension index (1: lanes innermost) */
	int64_t size;		/* elements per run: row * rows * frames */
	int lanes;
	int tail;		/* the lanes of a row's last lane-dimension index, 1 .. lanes */
	const sched_stmt *stmt;	/* inputs: lane 0's statement (lanes consecutive) */
	int output;		/* outputs: lane 0's index in sp->lowered->outputs */
} vl_port;


/* The C++ testbench of module "top_name" (verilated with --prefix Vdut)
 * with these ports, inputs and outputs each in the order given. */
void vl_write_testbench(FILE *out, const char *top_name, int n_ports,
	const vl_port *ports);

/* The start every testbench shares: includes, the waveform file, the
 * data files, the clock (inside an open anonymous namespace). */
void vl_write_tb_common(FILE *out);
/* Bytes of a value of "bits" bits in the word files (in_K.bin,
 * out_K.bin): 1, 2, 4 or 8, little-endian. */
int vl_word_bytes(int bits);
/* The testbench's IN_BYTES[] and OUT_BYTES[] (vl_word_bytes of each
 * port), after N_IN and N_OUT. */
void vl_write_word_bytes(FILE *out, int n_ports, const vl_port *ports);
/* The part of a testbench's main() that makes the model, its clock and
 * its waveform (testbench.c); both testbenches write it. */
extern const char *const vl_tb_open_model;

/* The testbench of an AXI4-Stream wrapper (axis_tb.c): the run of
 * testbench.c's, then the same design again under pause patterns of
 * "stall_seeds" seeds, a reset mid-frame and framing errors; exit 4 when
 * any check fails. */
/* The configuration image's loader (-DSL_RUNTIME_CONFIG) and, with
 * -DSL_AXILITE, the AXI4-Lite configuration after reset, for both
 * testbenches (after the model's port accessors). */
void vl_write_tb_config(FILE *out);
void vl_write_axis_testbench(FILE *out, const char *top_name, int n_ports,
	const vl_port *ports, int stall_seeds, bool runtime);
/* The exit status of a testbench whose checks failed. */
enum { VL_TB_CHECKS_FAILED = 4 };

/* ------------------------------------------------- the cache (cache.c) */

/* CACHE/verilator, the root and it private and the user's; NULL
 * (reported) when HOME, XDG_CACHE_HOME and SLUICE_CACHE_DIR are all
 * unset or the root is another user's. */
char *vl_cache_dir(sl_ctx *ctx);
/* Why the cache entry "dir" cannot be run ("missing", "no stamp", ...),
 * or NULL when it is a whole private build matching its stamp. */
const char *vl_entry_problem(const char *dir);
/* Write DIR/stamp for DIR/obj/tb; 0 or -1 (reported). */
int vl_stamp_write(sl_ctx *ctx, const char *dir);
/* Lock entry "dir" (DIR.lock), waiting for other holders: an fd, or -1
 * (reported).  relock changes the lock's kind; unlock releases it. */
int vl_lock(sl_ctx *ctx, const char *dir, bool exclusive);
int vl_relock(sl_ctx *ctx, int fd, const char *dir, bool exclusive);
void vl_unlock(int fd);
/* Rename the build "tmp" to "dir", a stale "dir" renamed aside and
 * removed first; 0 or -1 (reported).  Under the exclusive lock. */
int vl_install(sl_ctx *ctx, const char *tmp, const char *dir);
/* Remove the temporaries of dead processes: CACHE/verilator's
 * TOP-HASH.tmp-PID and entry's run-PID. */
void vl_sweep(const char *cache_dir, const char *entry);

/* ------------------------------------------------- the run's files (files.c) */

/* What the testbench measured (DIR/stats.txt). */
typedef struct vl_result {
	bool done;
	int64_t cycles;
	double seconds;
	int64_t *taken;		/* per input port */
	long long axis[5];	/* the AXI4-Stream testbench's "axis" line */
} vl_result;

/* DIR/in_K.bin for each input port: frame after frame of in[0 .. nf),
 * each value in the bytes of its port's width. */
int vl_write_inputs(sl_ctx *ctx, const char *dir, int n_ports,
	const vl_port *ports, const int64_t *sizes, const ref_inputs *in, int nf);
/* DIR/stats.txt into *r (r->taken holds n_in words); 0, or -1 (reported)
 * when the testbench left it incomplete. */
int vl_read_stats(sl_ctx *ctx, const char *dir, int n_in, vl_result *r);
/* Every output of a finished run into outputs[] (and its cycles into
 * opts->cycles when asked): "ports" the output ports, "sizes" their
 * words; 0 or -1. */
int vl_collect(sl_ctx *ctx, const sched_program *sp, const char *dir,
	const vl_options *opts, int n_out_ports, const vl_port *ports,
	const int64_t *sizes, io_array **outputs, vl_stats *stats);
/* Every input taken exactly once per element, done within the timeout. */
int vl_check_result(sl_ctx *ctx, const sched_program *sp,
	const vl_result *r, int64_t timeout, int n_ports,
	const vl_port *ports, const int64_t *sizes, int nf);
/* a b c concatenated (run.c; free it). */
char *vl_cat(const char *a, const char *b, const char *c);

#endif
