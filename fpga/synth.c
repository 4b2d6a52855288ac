/* fpga/synth.c: `sluice boards`, and synthesis of a design's Verilog.
 * Stage: fpga, after the prediction.  tg_synth writes the Verilog it is
 * given, runs Yosys with the board's flow, reads `stat -json`, and with
 * pnr runs nextpnr for Fmax; it prints the measurement beside the
 * prediction it is given and hands what synth.json records to the caller
 * (tg_synth_facts; report/ writes the file) (fpga/storage.c: every SRAM run of a delay
 * chain is an sl_sram that the board's force_bram commands put in block
 * RAM, and so is every sl_sram_pf copy of a block-RAM circular buffer;
 * register-file circular buffers are sl_ram with combinational reads and
 * never block RAM).  Predicted and measured block RAMs must agree. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rtlgen/rtlgen.h"
#include "fpga/fpga_private.h"

#ifndef SLUICE_SOURCE_DIR
#define SLUICE_SOURCE_DIR "."
#endif

enum { SYNTH_MAX_TYPES = 256 };

typedef struct synth_count {
	const char *cell;
	int64_t n;
} synth_count;

typedef struct synth_result {
	int n_types;
	synth_count types[SYNTH_MAX_TYPES];	/* cells by type, from stat */
	int n_muls;
	tg_mul *muls;			/* Yosys's multipliers, split (synth_dsp_plan) */
	int64_t dsps_expected;		/* the DSPs of those chosen */
	bool has_path;
	tg_path path;			/* nextpnr's critical path (pnr) */
	tg_stage_names st;		/* the stages that name it */
	tg_measured m;
} synth_result;

int tg_boards(void)
{
	sl_ctx *ctx = sl_ctx_alloc();
	int n = 0;
	const board **bs = board_load_all(ctx, &n);
	if (bs) {
		printf("%-14s %-22s %8s %8s %-24s %6s %8s\n", "board", "part", "LUTs",
			"FFs", "block RAMs", "DSPs", "clock");
		for (int i = 0; i < n; i++) {
			const board *b = bs[i];
			const board_mem *m = board_block_mem(b);
			char ram[64];
			snprintf(ram, sizeof ram, "%lld x %s", (long long) m->count, m->cell);
			printf("%-14s %-22s %8lld %8lld %-24s %6lld %4g MHz\n", b->name, b->part,
				(long long) b->luts, (long long) b->ffs, ram, (long long) b->dsps,
				b->clock_mhz);
		}
	}
	sl_ctx_free(ctx);
	return bs ? 0 : 1;
}

/* Progress and results on stdout, unless a study runs quietly. */
static bool synth_quiet;

static void synth_say(const char *fmt, ...)
{
	if (synth_quiet)
		return;
	sl_progress_hide();
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------ tools */

/* Run argv in directory "cwd" (NULL: this one) with stdout and stderr
 * discarded; the exit status, or -1 when it could not be started (124
 * after the watchdog, reported). */
static int synth_exec_in(char *const *argv, const char *cwd)
{
	int st = sl_spawn_in(argv, NULL, cwd);
	return st == SL_SPAWN_NOEXEC || st == -1 ? -1 : st == SL_SPAWN_TIMEOUT ? 124 : st;
}

/* Write a file the run produces, and say so; 0 or -1 (reported). */
static int synth_write(sl_ctx *ctx, const char *path, const char *buf, size_t len)
{
	int rc = sl_write_file_now(path, buf, len);
	if (rc == 0)
		synth_say("wrote %s\n", path);
	else
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", path, strerror(errno));
	return rc;
}

static const char *synth_tool(const char *env, const char *dflt)
{
	const char *e = getenv(env);
	return e && *e ? e : dflt;
}

/* A file of the output directory as the script names it: Yosys runs in
 * that directory (synth_run), so a path with spaces needs no quoting,
 * which `tee -o` does not understand. */
static const char *synth_base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The commands that settle multiplier widths as the flows do before
 * mul2dsp (proc, flatten, opt, wreduce): the multipliers the DSP split
 * (fpga/dsp.c) sees, and, with the same commands before the flow,
 * the same cell names. */
static const char synth_dsp_prep[] =
	"proc\nflatten\nopt_expr\nopt_clean\nopt -nodffe -nosdff\nwreduce\nopt_clean\n";

/* After synth_dsp_prep's dump, the multipliers whose results the flow
 * still uses: its coarse commands before mul2dsp (opt, wreduce, peepopt,
 * share), then the fine-grained opt every flow runs after its DSP pass
 * (map_ffram's `opt -fast -mux_undef -undriven -fine`), the multipliers
 * themselves left out, as they are DSP cells by then, and opt_clean.  A
 * multiplier gone after these is one whose DSPs Yosys removes (a result
 * feeding only bits that fold to constants, say): it takes no DSP. */
static const char synth_dsp_live[] =
	"opt\nwreduce\npeepopt\nopt_clean\nshare\n"
	"opt -fast -mux_undef -undriven -fine t:$mul %n\nopt_clean\n";

/* `ltp` over the combinational cells: all but the board's flip-flops and
 * memories (ltp -noff knows only Yosys's internal flip-flop types, and a
 * path through a vendor flip-flop is a loop to it). */
static void synth_ltp(FILE *f, const board *bd, const char *out)
{
	fprintf(f, "tee -q -o %s ltp -noff *", synth_base(out));
	for (int i = 0; i < bd->cells_ff.n; i++)
		fprintf(f, " t:%s %%d", bd->cells_ff.pat[i]);
	for (int m = 0; m < bd->n_mems; m++)
		fprintf(f, " t:%s %%d", bd->mems[m].cell);
	fputc('\n', f);
}

/* What `{huge}` stands for in the board's yosys lines: the `yosys`
 * option of every huge primitive (iCE40 SPRAM: -spram) the prediction
 * "pred" puts memories in (the push-memory tiles, fpga/storage.c), so
 * a design without tiles runs the flow it always ran ("pred" NULL: no
 * option). */
static void synth_huge_opts(FILE *f, const tg_report *pred)
{
	const board *bd = pred ? pred->bd : NULL;
	bool first = true;
	for (int m = 0; bd && m < bd->n_mems; m++)
		if (!strcmp(bd->mems[m].kind, "huge") && bd->mems[m].yosys && pred->cells[m] > 0) {
			fprintf(f, "%s%s", first ? "" : " ", bd->mems[m].yosys);
			first = false;
		}
}

/* The board's DSP cells, dumped into dsp_cells.txt: each names its
 * multiply by rtlgen's sl_mul or by its $mul's src (synth_mul_report). */
static void synth_dsp_cells(FILE *f, const board *bd)
{
	const board_globs *g = &bd->cells_dsp;
	if (!g->n)
		return;
	fputs("tee -q -o dsp_cells.txt dump", f);
	for (int i = 0; i < g->n; i++)
		fprintf(f, " t:%s%s", g->pat[i], i ? " %u" : "");
	fputs("\n", f);
}

/* The Yosys script: read, hierarchy, the board's force_bram, then "pre"
 * (or nothing), then with "stat" the board's flow (its {huge} from
 * "pred", synth_huge_opts) and stat, and the
 * netlist into "json" (for nextpnr) or else the logic depth into "ltp",
 * and the netlist as Verilog into "netlist" (the netlist check). */
static char *synth_script(const board *bd, const tg_report *pred, const char *vfile,
	const char *top,
	const char *pre, const char *stat, const char *json, const char *ltp,
	const char *netlist)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *lib = synth_tool("SLUICE_RTL_LIB", SLUICE_SOURCE_DIR "/rtlgen/lib");
	char *abs_lib = realpath(lib, NULL);
	fprintf(f, "read_verilog -sv %s", synth_base(vfile));
	for (const char *const *l = rtl_library_files(); *l; l++)
		fprintf(f, " \"%s/%s\"", abs_lib ? abs_lib : lib, *l);
	free(abs_lib);
	fprintf(f, "\nhierarchy -top %s\n", top);
	if (bd->force_bram)
		fprintf(f, "%s\n", bd->force_bram);
	if (pre)
		fputs(pre, f);
	if (!stat)
		goto out;
	for (const char *p = bd->yosys; *p; p++) {
		if (!strncmp(p, "{top}", 5)) {
			fputs(top, f);
			p += 4;
		} else if (!strncmp(p, "{huge}", 6)) {
			synth_huge_opts(f, pred);
			p += 5;
		} else {
			fputc(*p, f);
		}
	}
	fprintf(f, "\ntee -q -o %s stat -json\n", synth_base(stat));
	synth_dsp_cells(f, bd);
	if (json)
		fprintf(f, "write_json %s\n", synth_base(json));
	else if (ltp)
		synth_ltp(f, bd, ltp);
	if (netlist) {
		const char *edit = getenv("SLUICE_NETLIST_EDIT");
		if (edit && *edit)
			fprintf(f, "%s\n", edit);
		fprintf(f, "write_verilog -noattr %s\n", synth_base(netlist));
	}
out:
	fclose(f);
	return buf;
}

/* The sl_mul of the $mul whose Verilog place is "src" (a chunk of a
 * cut multiply keeps only that), or 0. */
static int synth_src_mul(const synth_result *r, const char *src)
{
	for (int i = 0; src && i < r->n_muls; i++)
		if (r->muls[i].src && !strcmp(r->muls[i].src, src))
			return r->muls[i].mul_id;
	return 0;
}

/* The DSPs of each of the lane program's multiplies in the netlist
 * (dsp_cells.txt: DSP cells by their sl_mul or src), into n[id]. */
static void synth_dsp_tally(const board *bd, const synth_result *r, const char *text,
	int64_t *n, int max_id)
{
	int id = 0;
	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *e = strchr(l, '\n');
		char *line = strndup(l, e ? (size_t) (e - l) : strlen(l));
		const char *c = strstr(line, "cell ");
		int v = tg_dump_attr(line, "sl_mul");
		char *src = tg_dump_src(line);
		if (src && !id)
			id = synth_src_mul(r, src);
		free(src);
		if (v >= 0) {
			id = v;
		} else if (c && !strstr(line, "attribute")) {
			char *type = sl_xstrdup(c + 5 + (c[5] == '\\')), *sp = strchr(type, ' ');
			if (sp)
				*sp = 0;
			if (id > 0 && id <= max_id)
				n[id] += board_globs_weight(&bd->cells_dsp, type);
			free(type);
			id = 0;
		}
		free(line);
	}
}

/* DIR/multipliers.txt: per multiply of the lane program (its sl_mul) the
 * choice of the timing model (sched_mul_on_dsp), of the estimate and of
 * Yosys (its DSP cells in the netlist), one line each:
 *   mul ID STAGE timing dsp|logic estimate N yosys N
 * 0, or -1 (reported). */
static int synth_mul_report(sl_ctx *ctx, const tg_report *p, const synth_result *r,
	const char *dir)
{
	const tg_logic *lg = &p->logic;
	int max_id = 0;
	for (int i = 0; i < lg->n_muls; i++)
		if (lg->muls[i].node && lg->muls[i].node->mul_id > max_id)
			max_id = lg->muls[i].node->mul_id;
	char *cells = sl_path_join(dir, "dsp_cells.txt", NULL);
	char *out = sl_path_join(dir, "multipliers.txt", NULL);
	size_t len;
	char *text = sl_read_file(cells, &len);
	int64_t *n = sl_xcalloc((size_t) max_id + 1, sizeof(*n));
	synth_dsp_tally(p->bd, r, text, n, max_id);
	FILE *f = fopen(out, "w");
	for (int i = 0; f && i < lg->n_muls; i++) {
		const tg_mul *m = &lg->muls[i];
		if (!m->node)
			continue;
		fprintf(f, "mul %d %s timing %s estimate %lld yosys %lld\n", m->node->mul_id,
			lg->stages[m->stage].s->name, sched_mul_on_dsp(m->node) ? "dsp" : "logic",
			(long long) (m->in_dsp ? m->dsps : 0), (long long) n[m->node->mul_id]);
	}
	int rc = f && fclose(f) == 0 ? 0 : -1;
	if (rc)
		sl_error(ctx, sl_noloc, "cannot write '%s'", out);
	free(n);
	free(text);
	free(cells);
	free(out);
	return rc;
}

/* The cells by type of the "design" in a stat -json file. */
static bool synth_parse_stat(const char *path, synth_result *r)
{
	size_t len;
	char *t = sl_read_file(path, &len);
	if (!t)
		return false;
	char *d = strstr(t, "\"design\"");
	char *c = d ? strstr(d, "\"num_cells_by_type\"") : NULL;
	char *end = c ? strchr(c, '}') : NULL;
	if (!end) {
		free(t);
		return false;
	}
	*end = 0;
	for (char *p = strchr(c + 19, '"'); p && r->n_types < SYNTH_MAX_TYPES;
	     p = strchr(p, '"')) {
		char *q = strchr(p + 1, '"');
		if (!q)
			break;
		char *colon = strchr(q, ':');
		if (!colon)
			break;
		r->types[r->n_types].cell = strndup(p + 1, (size_t) (q - p - 1));
		r->types[r->n_types++].n = strtoll(colon + 1, &p, 10);
	}
	free(t);
	return true;
}

/* Measured LUTs, flip-flops and DSPs: each cell type that one of the
 * board's `cells` classes matches, times the weight of the pattern it
 * matched (boards/README.md: e.g. an ECP5 CCU2C is 2 LUT4s); and the
 * block RAMs by primitive. */
static void synth_tally(const board *bd, synth_result *r)
{
	for (int i = 0; i < r->n_types; i++) {
		const synth_count *t = &r->types[i];
		int w;
		if ((w = board_globs_weight(&bd->cells_lut, t->cell)))
			r->m.luts += w * t->n;
		else if ((w = board_globs_weight(&bd->cells_ff, t->cell)))
			r->m.ffs += w * t->n;
		else if ((w = board_globs_weight(&bd->cells_dsp, t->cell)))
			r->m.dsps += w * t->n;
		for (int m = 0; m < bd->n_mems; m++)
			if (!strcmp(bd->mems[m].cell, t->cell))
				r->m.cells[m] += t->n;
	}
}

/* Fmax from a nextpnr log: the last "Max frequency for clock ...: X MHz". */
static double synth_parse_fmax(const char *path)
{
	size_t len;
	char *t = sl_read_file(path, &len);
	double f = 0;
	for (char *p = t; p && (p = strstr(p, "Max frequency for clock")); p++) {
		char *colon = strstr(p, "': ");
		if (colon)
			f = strtod(colon + 3, NULL);
	}
	free(t);
	return f;
}

/* Fmax and the critical path, named by stage, from a nextpnr log. */
static void synth_timing(const char *log, synth_result *r)
{
	size_t len;
	char *t = sl_read_file(log, &len);
	r->m.fmax = synth_parse_fmax(log);
	r->has_path = tg_parse_critical_path(t, &r->st, &r->path);
	free(t);
}

/* Without place and route: Yosys's logic depth (DIR/ltp.txt, written by
 * the script) and the delay model's estimate, if the board has one. */
static void synth_depth(const tg_report *pred, const char *dir, synth_result *r)
{
	char *path = sl_path_join(dir, "ltp.txt", NULL);
	size_t len;
	char *t = sl_read_file(path, &len);
	r->m.logic_depth = tg_parse_logic_depth(t);
	double mhz;
	if (tg_estimate_fmax(pred, &mhz, r->m.fmax_path, sizeof r->m.fmax_path))
		r->m.fmax_estimate = mhz;
	free(t);
	free(path);
}

/* The stage names (and source lines) of the prediction's stages, as
 * rtlgen names their signals (rtl_stage_name), which name the nets of
 * the critical path. */
static void synth_stage_names(sl_ctx *ctx, const tg_report *p, synth_result *r)
{
	const tg_logic *l = &p->logic;
	const char **names = sl_xcalloc((size_t) l->n + 1, sizeof(*names));
	int *lines = sl_xcalloc((size_t) l->n + 1, sizeof(*lines));
	for (int i = 0; i < l->n; i++) {
		names[i] = rtl_stage_name(ctx, l->stages[i].s);
		lines[i] = l->stages[i].s->decl->loc.line;
	}
	r->st.n = l->n;
	r->st.names = names;
	r->st.lines = lines;
}

static int synth_pnr(sl_ctx *ctx, const board *bd, double mhz, const char *dir,
	const char *json, synth_result *r)
{
	if (!bd->pnr) {
		sl_error(ctx, sl_noloc, "board '%s' has no place-and-route flow (--pnr)",
			bd->name);
		return -1;
	}
	char freq[32], *log = sl_path_join(dir, "nextpnr.log", NULL);
	snprintf(freq, sizeof freq, "%g", mhz > 0 ? mhz : bd->clock_mhz);
	char *cmd = sl_xstrdup(bd->pnr);
	char *argv[64];
	int n = 0;
	for (char *tok = strtok(cmd, " \t"); tok && n < 54; tok = strtok(NULL, " \t"))
		argv[n++] = tok;
	argv[n++] = "--json";
	argv[n++] = (char *) json;
	argv[n++] = "--freq";
	argv[n++] = freq;
	argv[n++] = "--log";
	argv[n++] = log;
	argv[n] = NULL;
	synth_say("running %s (log %s)\n", argv[0], log);
	fflush(stdout);
	int st = synth_exec_in(argv, NULL);
	if (st != 0)
		sl_error(ctx, sl_noloc, "%s %s (see %s)", argv[0],
			st < 0 ? "not found" : "failed", log);
	else
		synth_timing(log, r);
	free(cmd);
	free(log);
	return st == 0 ? 0 : -1;
}

static double synth_pct(int64_t used, int64_t avail)
{
	return avail > 0 ? 100.0 * (double) used / (double) avail : 0;
}

/* Block-RAM pool units of the measured cells. */
int64_t tg_block_units(const board *bd, const int64_t *cells)
{
	int64_t units = 0;
	for (int k = 0; k < bd->n_mems; k++)
		if (!strcmp(bd->mems[k].kind, "block"))
			units += cells[k] * bd->mems[k].units;
	return units;
}

/* The multipliers the split put in DSPs ("in_dsp"), or left in logic
 * (mul2dsp would map them, the count did not allow it). */
static int synth_muls(const synth_result *r, bool in_dsp)
{
	int n = 0;
	for (int i = 0; i < r->n_muls; i++)
		n += r->muls[i].dsps && r->muls[i].in_dsp == in_dsp;
	return n;
}

static void synth_print(const tg_report *p, const synth_result *res)
{
	const board *bd = p->bd;
	const tg_measured *r = &res->m;
	synth_say("%s (%s):\n", bd->name, bd->part);
	synth_say("  LUTs        %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->luts,
		(long long) bd->luts, synth_pct(r->luts, bd->luts), (long long) tg_luts(p));
	synth_say("  flip-flops  %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->ffs,
		(long long) bd->ffs, synth_pct(r->ffs, bd->ffs), (long long) tg_ffs(p));
	for (int m = 0; m < bd->n_mems; m++)
		synth_say("  %-13s %6lld of %8lld  %5.1f%%  (predicted %lld)\n", bd->mems[m].cell,
			(long long) r->cells[m], (long long) bd->mems[m].count,
			synth_pct(r->cells[m], bd->mems[m].count), (long long) p->cells[m]);
	int64_t units = tg_block_units(bd, r->cells);
	synth_say("  block RAM   %8lld of %8lld units  %5.1f%%\n", (long long) units,
		(long long) bd->block_units, synth_pct(units, bd->block_units));
	synth_say("  DSPs        %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->dsps,
		(long long) bd->dsps, synth_pct(r->dsps, bd->dsps), (long long) tg_dsps(p));
	if (res->n_muls)
		synth_say("  multipliers %8d: %d in %lld DSPs, %d left in logic by the DSP count "
			"(estimated %d)\n", res->n_muls, synth_muls(res, true),
			(long long) res->dsps_expected, synth_muls(res, false), p->logic.n_soft_muls);
	if (r->fmax > 0)
		synth_say("  Fmax        %8.2f MHz (target %g MHz)\n", r->fmax,
			p->clock_mhz > 0 ? p->clock_mhz : bd->clock_mhz);
	if (res->has_path && !synth_quiet) {
		fputs("  ", stdout);
		tg_print_path(&res->path, &res->st, stdout);
		fputs("\n", stdout);
	}
	if (r->logic_depth >= 0)
		synth_say("  logic depth %8d cells on the longest combinational path (Yosys "
			"ltp, carry cells included; no place and route)\n", r->logic_depth);
	if (r->fmax_estimate > 0)
		synth_say("  Fmax (estimate) %6.2f MHz from the board's delay model (longest path %s)\n",
			r->fmax_estimate, r->fmax_path);
}

/* Run Yosys on "script" as DIR/NAME.ys, its log DIR/LOG.log.  0 or -1
 * (reported). */
static int synth_run(sl_ctx *ctx, const char *dir, const char *name, const char *lname,
	const char *script)
{
	char *ys = sl_path_join(dir, name, ".ys"), *log = sl_path_join(dir, lname, ".log");
	int rc = -1;
	if (sl_write_file_now(ys, script, strlen(script)) != 0) {
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", ys, strerror(errno));
		goto out;
	}
	char *argv[] = { (char *) synth_tool("SLUICE_YOSYS", "yosys"), "-q", "-l",
		(char *) synth_base(log), "-s", (char *) synth_base(ys), NULL };
	synth_say("running %s -s %s (log %s)\n", argv[0], ys, log);
	fflush(stdout);
	int st = synth_exec_in(argv, dir);
	if (st < 0)
		sl_error(ctx, sl_noloc, "cannot run '%s' (is Yosys installed? set SLUICE_YOSYS)",
			argv[0]);
	else if (st)
		sl_error(ctx, sl_noloc, "Yosys failed (exit %d); see %s", st, log);
	else
		rc = 0;
out:
	free(ys);
	free(log);
	return rc;
}

/* The design's multipliers as the flow will see them (a short Yosys run:
 * synth_dsp_prep, then `dump t:$mul` into DIR/dsp_muls.txt), costed into
 * r: the lane program's where the DSP decision put them (the sl_mul and
 * sl_logic attributes rtlgen wrote), the address arithmetic's split over
 * the DSPs left (fpga/dsp.c).  0 or -1. */
static int synth_dsp_plan(sl_ctx *ctx, const board *bd, const char *dir, const char *top,
	const char *vfile, synth_result *r)
{
	if (!bd->logic.dsp_a || bd->dsps <= 0)
		return 0;
	char *out = sl_path_join(dir, "dsp_muls.txt", NULL), *pre = NULL;
	char *live = sl_path_join(dir, "dsp_live.txt", NULL);
	size_t len = 0;
	FILE *f = open_memstream(&pre, &len);
	fprintf(f, "%stee -q -o %s dump t:$mul\n%stee -q -o %s select -list t:$mul\n",
		synth_dsp_prep, synth_base(out), synth_dsp_live, synth_base(live));
	fclose(f);
	char *script = synth_script(bd, NULL, vfile, top, pre, NULL, NULL, NULL, NULL);
	int rc = -1;
	remove(out);
	remove(live);
	if (synth_run(ctx, dir, "dsp", "dsp", script) == 0) {
		char *text = sl_read_file(out, &len), *alive = sl_read_file(live, &len);
		if (!text || !alive) {
			sl_error(ctx, sl_noloc, "cannot read the multipliers '%s'", text ? live : out);
		} else {
			r->n_muls = tg_parse_muls(text, &r->muls);
			for (int i = 0; i < r->n_muls; i++)
				tg_mul_cost(bd, &r->muls[i]);
			tg_mul_drop_dead(r->muls, r->n_muls, alive);
			/* the lane program's as decided (rtlgen's sl_mul, sl_logic),
			 * the address arithmetic's over the DSPs left */
			for (int i = 0; i < r->n_muls; i++)
				r->muls[i].in_dsp = !r->muls[i].logic && r->muls[i].dsps > 0;
			r->dsps_expected = tg_mul_split(bd->dsps, r->muls, r->n_muls, true);
			rc = 0;
		}
		free(text);
		free(alive);
	}
	free(script);
	free(pre);
	free(out);
	free(live);
	return rc;
}

/* Commands before the flow that leave the multipliers the split did not
 * choose in logic: synth_dsp_prep (the cells of synth_dsp_plan's run,
 * under the same names), then `chtype -set $__soft_mul`, which mul2dsp
 * skips and every flow turns back into $mul after its DSP pass.  A cell
 * is selected as TOP / * : LINE$N (read_verilog's "$mul$FILE:LINE$N",
 * the file's path left to the wildcard).  NULL when every one fits. */
static char *synth_dsp_pre(const synth_result *r, const char *top)
{
	char *buf = NULL;
	size_t len = 0;
	int n = 0;
	FILE *f = open_memstream(&buf, &len);
	fputs(synth_dsp_prep, f);
	for (int i = 0; i < r->n_muls; i++) {
		const tg_mul *m = &r->muls[i];
		if (m->in_dsp || !m->dsps)
			continue;
		const char *c = strrchr(m->cell, ':');
		fprintf(f, "%s %s/%s%s", n++ ? "" : "chtype -set $__soft_mul", top,
			c ? "*" : "", c ? c : m->cell);
	}
	fputs("\n", f);
	fclose(f);
	if (!n) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Yosys on the Verilog; the stat read into *r.  0 or -1 (reported). */
static int synth_yosys(sl_ctx *ctx, const tg_report *pred, const char *dir, const char *top,
	const char *vfile, const char *json, const char *netlist, synth_result *r)
{
	char *stat = sl_path_join(dir, "stat.json", NULL), *ltp = sl_path_join(dir, "ltp.txt", NULL);
	char *pre = synth_dsp_pre(r, top);
	char *script = synth_script(pred->bd, pred, vfile, top, pre, stat, json, ltp, netlist);
	int rc = -1;
	remove(stat);
	remove(ltp);
	if (synth_run(ctx, dir, "synth", "yosys", script) != 0)
		goto out;
	if (!synth_parse_stat(stat, r))
		sl_error(ctx, sl_noloc, "cannot read the Yosys statistics '%s'", stat);
	else
		rc = 0;
out:
	free(stat);
	free(ltp);
	free(pre);
	free(script);
	return rc;
}

/* The DSPs of the netlist against the split and the prediction: fewer
 * DSP cells than the multipliers chosen for DSPs take means Yosys dropped
 * DSP-mapped logic, more than the board has will not place, and a
 * multiplier cell left in the netlist was never mapped: errors (false).
 * A DSP count other than the prediction is a warning. */
static bool synth_check_dsps(sl_ctx *ctx, const tg_report *p, const synth_result *r,
	const char *dir)
{
	const board *bd = p->bd;
	bool ok = true;
	if (r->m.dsps < r->dsps_expected) {
		sl_error(ctx, sl_noloc, "the netlist has %lld DSP cells, but the %d multipliers "
			"chosen for DSPs take %lld: Yosys dropped DSP-mapped logic (see %s/yosys.log)",
			(long long) r->m.dsps, synth_muls(r, true),
			(long long) r->dsps_expected, dir);
		ok = false;
	}
	if (r->m.dsps > bd->dsps) {
		sl_error(ctx, sl_noloc, "the netlist has %lld DSP cells, the %s %lld",
			(long long) r->m.dsps, bd->name, (long long) bd->dsps);
		ok = false;
	}
	for (int i = 0; i < r->n_types; i++)
		if (!strcmp(r->types[i].cell, "$mul") || !strncmp(r->types[i].cell, "$__MUL", 6) ||
		    !strcmp(r->types[i].cell, "$__soft_mul")) {
			sl_error(ctx, sl_noloc, "%lld %s cells left unmapped in the netlist",
				(long long) r->types[i].n, r->types[i].cell);
			ok = false;
		}
	if (ok && r->m.dsps != tg_dsps(p))
		sl_warning(ctx, sl_noloc, "predicted %lld DSPs, Yosys used %lld", (long long) tg_dsps(p),
			(long long) r->m.dsps);
	return ok;
}

/* Do the measured block RAMs equal the predicted ones? */
static bool synth_bram_ok(const tg_report *p, const tg_measured *r)
{
	bool ok = true;
	for (int m = 0; m < p->bd->n_mems; m++)
		ok = ok && p->cells[m] == r->cells[m];
	return ok;
}

/* Each block-RAM primitive predicted wrong, as an error. */
static void synth_report_bram(sl_ctx *ctx, const tg_report *p, const tg_measured *r)
{
	const board *bd = p->bd;
	for (int m = 0; m < bd->n_mems; m++)
		if (p->cells[m] != r->cells[m])
			sl_error(ctx, sl_noloc, "predicted %lld %s, Yosys used %lld",
				(long long) p->cells[m], bd->mems[m].cell, (long long) r->cells[m]);
}

/* What synth.json records of "r" (report/json.c writes it). */
static void synth_facts(const synth_result *r, bool ok, tg_synth_facts *f)
{
	tg_synth_facts_free(f);
	f->measured = true;
	f->bram_ok = ok;
	f->n_types = r->n_types;
	f->types = sl_xcalloc((size_t) r->n_types + 1, sizeof(*f->types));
	for (int i = 0; i < r->n_types; i++) {
		f->types[i].cell = sl_xstrdup(r->types[i].cell);
		f->types[i].n = r->types[i].n;
	}
	f->n_muls = r->n_muls;
	f->n_muls_logic = synth_muls(r, false);
	f->dsps_expected = r->dsps_expected;
	f->has_path = r->has_path;
	f->path = r->path;
	for (int i = 0; r->has_path && i < r->path.n; i++) {
		int st = r->path.hops[i].stage;
		f->hop_stage[i] = sl_xstrdup(st < 0 ? "control" : r->st.names[st]);
	}
}

void tg_synth_facts_free(tg_synth_facts *f)
{
	for (int i = 0; i < f->n_types; i++)
		free(f->types[i].cell);
	free(f->types);
	for (int i = 0; i < TG_PATH_MAX_HOPS; i++)
		free(f->hop_stage[i]);
	memset(f, 0, sizeof(*f));
}

/* tg_synth, printing unless "quiet"; *m filled when m is not NULL. */
static int synth_design(sl_ctx *ctx, const tg_report *pred, const char *verilog, size_t len,
	const char *top, const char *dir, bool pnr, const char *netlist, bool quiet,
	tg_measured *m, tg_synth_facts *facts)
{
	const board *bd = pred->bd;
	synth_result *r = sl_xcalloc(1, sizeof(*r));
	char *vfile = sl_path_join(dir, top, ".v");
	char *json = pnr ? sl_path_join(dir, "netlist.json", NULL) : NULL;
	int rc = 1;
	synth_quiet = quiet;
	sl_progress_push("synthesis for %s", bd->name);
	if (synth_write(ctx, vfile, verilog, len) != 0 ||
	    synth_dsp_plan(ctx, bd, dir, top, vfile, r) != 0 ||
	    synth_yosys(ctx, pred, dir, top, vfile, json, netlist, r) != 0)
		goto out;
	synth_tally(bd, r);
	synth_stage_names(ctx, pred, r);
	if (synth_mul_report(ctx, pred, r, dir) != 0)
		goto out;
	r->m.logic_depth = -1;
	if (pnr && synth_pnr(ctx, bd, pred->clock_mhz, dir, json, r) != 0)
		goto out;
	if (!pnr)
		synth_depth(pred, dir, r);
	bool ok = synth_bram_ok(pred, &r->m);
	sl_progress_hide();
	synth_print(pred, r);
	if (facts)
		synth_facts(r, ok, facts);
	if (!ok)
		synth_report_bram(ctx, pred, &r->m);
	if (!synth_check_dsps(ctx, pred, r, dir) || !ok)
		goto out;
	rc = 0;
out:
	sl_progress_pop();
	r->m.ok = rc == 0;
	if (m)
		*m = r->m;
	synth_quiet = false;
	for (int i = 0; i < r->n_types; i++)
		free((char *) r->types[i].cell);
	for (int i = 0; i < r->n_muls; i++) {
		free(r->muls[i].cell);
		free(r->muls[i].src);
	}
	free(r->muls);
	free((void *) r->st.names);
	free((void *) r->st.lines);
	free(r);
	free(vfile);
	free(json);
	return rc;
}

int tg_synth(sl_ctx *ctx, const tg_report *pred, const char *verilog, size_t len,
	const char *top, const char *dir, bool pnr, const char *netlist, tg_measured *m)
{
	return synth_design(ctx, pred, verilog, len, top, dir, pnr, netlist, m != NULL, m, NULL);
}

int tg_synth_measure(sl_ctx *ctx, const tg_report *pred, const char *verilog, size_t len,
	const char *top, const char *dir, bool pnr, const char *netlist, tg_measured *m,
	tg_synth_facts *facts)
{
	return synth_design(ctx, pred, verilog, len, top, dir, pnr, netlist, false, m, facts);
}

int tg_synth_wrapper(sl_ctx *ctx, const board *bd, const char *dir, const char *top,
	const char *core, tg_measured *m)
{
	synth_result *r = sl_xcalloc(1, sizeof(*r));
	char *vfile = sl_path_join(dir, top, ".v");
	char *stat = sl_path_join(dir, "wrapper_stat.json", NULL);
	size_t n = strlen(core) + 16;
	char *pre = sl_xmalloc(n);
	snprintf(pre, n, "blackbox %s\n", core);
	char *flow = synth_script(bd, NULL, vfile, top, pre, stat, NULL, NULL, NULL);
	size_t fl = strlen(flow);
	char *script = sl_xmalloc(fl + 16);
	snprintf(script, fl + 16, "%scheck -assert\n", flow);
	free(flow);
	int rc = -1;
	remove(stat);
	if (synth_run(ctx, dir, "wrapper", "yosys_wrapper", script) != 0)
		goto out;
	if (!synth_parse_stat(stat, r)) {
		sl_error(ctx, sl_noloc, "cannot read the Yosys statistics '%s'", stat);
		goto out;
	}
	synth_tally(bd, r);
	*m = r->m;
	synth_say("  AXI4-Stream wrapper: %lld LUTs, %lld flip-flops (%.1f%% and %.1f%% of the "
		"part; Yosys on %s with %s as a black box)\n", (long long) r->m.luts,
		(long long) r->m.ffs, synth_pct(r->m.luts, bd->luts), synth_pct(r->m.ffs, bd->ffs),
		top, core);
	rc = 0;
out:
	for (int i = 0; i < r->n_types; i++)
		free((char *) r->types[i].cell);
	free(r);
	free(vfile);
	free(stat);
	free(pre);
	free(script);
	return rc;
}
