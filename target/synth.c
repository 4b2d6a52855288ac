/* target/synth.c: `sluice boards` and `sluice synth`.
 * Stage: target.  Synth writes the Verilog, predicts the block RAMs from
 * the storage mapping (every SRAM run of a delay chain is an sl_sram that
 * the board's force_bram commands put in block RAM, and so is every
 * sl_sram_pf copy of a block-RAM circular buffer; register-file circular
 * buffers are sl_ram with combinational reads and never block RAM),
 * runs Yosys with the board's flow, reads `stat -json`, and with --pnr
 * runs nextpnr for Fmax.  Predicted and measured block RAMs must agree. */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boards/boards.h"
#include "target/target.h"

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
	int64_t luts, ffs, dsps;
	int64_t pred_luts, pred_ffs, pred_dsps;	/* driver/fit.c + estimate.c */
	int64_t pred[BOARD_MAX_MEMS], meas[BOARD_MAX_MEMS];
	double fmax;				/* 0 unless --pnr */
} synth_result;

int synth_boards(void)
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
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------ prediction */

/* The block RAMs of the design by primitive (the storage prediction of
 * driver/fit.c: delay-chain SRAM runs and block-RAM circular buffers) and
 * its LUTs, flip-flops and DSPs (storage plus driver/estimate.c). */
static void synth_predict(const board *bd, const sched_program *sp, const ub_set *ubs,
	int64_t threshold, synth_result *res)
{
	fit_report r;
	fit_predict(bd, ubs, threshold, &r);
	fit_add_logic(&r, sp, ubs, threshold);
	for (int m = 0; m < bd->n_mems; m++)
		res->pred[m] += r.cells[m];
	res->pred_luts = fit_luts(&r);
	res->pred_ffs = fit_ffs(&r);
	res->pred_dsps = fit_dsps(&r);
	fit_release(&r);
}

/* ------------------------------------------------------------ tools */

static char *synth_path(const char *dir, const char *name)
{
	char *p = sl_xmalloc(strlen(dir) + strlen(name) + 2);
	sprintf(p, "%s/%s", dir, name);
	return p;
}

/* Run argv with stdout and stderr to /dev/null; the exit status, or -1
 * when it could not be started. */
static int synth_exec(char *const *argv)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	if (!WIFEXITED(st))
		return 128;
	return WEXITSTATUS(st) == 127 ? -1 : WEXITSTATUS(st);
}

static const char *synth_tool(const char *env, const char *dflt)
{
	const char *e = getenv(env);
	return e && *e ? e : dflt;
}

/* The Yosys script: read, hierarchy, the board's force_bram, its flow,
 * stat. */
static char *synth_script(const board *bd, const char *vfile, const char *top,
	const char *stat, const char *json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *lib = synth_tool("SLUICE_RTL_LIB", SLUICE_SOURCE_DIR "/rtlgen/lib");
	fprintf(f, "read_verilog -sv \"%s\"", vfile);
	for (const char *const *l = rtl_library_files(); *l; l++)
		fprintf(f, " \"%s/%s\"", lib, *l);
	fprintf(f, "\nhierarchy -top %s\n", top);
	if (bd->force_bram)
		fprintf(f, "%s\n", bd->force_bram);
	for (const char *p = bd->yosys; *p; p++) {
		if (!strncmp(p, "{top}", 5)) {
			fputs(top, f);
			p += 4;
		} else {
			fputc(*p, f);
		}
	}
	fprintf(f, "\ntee -q -o %s stat -json\n", stat);
	if (json)
		fprintf(f, "write_json %s\n", json);
	fclose(f);
	return buf;
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
			r->luts += w * t->n;
		else if ((w = board_globs_weight(&bd->cells_ff, t->cell)))
			r->ffs += w * t->n;
		else if ((w = board_globs_weight(&bd->cells_dsp, t->cell)))
			r->dsps += w * t->n;
		for (int m = 0; m < bd->n_mems; m++)
			if (!strcmp(bd->mems[m].cell, t->cell))
				r->meas[m] += t->n;
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

static int synth_pnr(const board *bd, const char *dir, const char *json, synth_result *r)
{
	if (!bd->pnr) {
		fprintf(stderr, "sluice: error: board '%s' has no place-and-route flow (--pnr)\n",
			bd->name);
		return -1;
	}
	char freq[32], *log = synth_path(dir, "nextpnr.log");
	snprintf(freq, sizeof freq, "%g", bd->clock_mhz);
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
	int st = synth_exec(argv);
	if (st != 0)
		fprintf(stderr, "sluice: error: %s %s (see %s)\n", argv[0],
			st < 0 ? "not found" : "failed", log);
	else
		r->fmax = synth_parse_fmax(log);
	free(cmd);
	free(log);
	return st == 0 ? 0 : -1;
}

static double synth_pct(int64_t used, int64_t avail)
{
	return avail > 0 ? 100.0 * (double) used / (double) avail : 0;
}

static void synth_print(const board *bd, const synth_result *r)
{
	int64_t units = 0;
	for (int m = 0; m < bd->n_mems; m++)
		if (!strcmp(bd->mems[m].kind, "block"))
			units += r->meas[m] * bd->mems[m].units;
	synth_say("%s (%s):\n", bd->name, bd->part);
	synth_say("  LUTs        %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->luts,
		(long long) bd->luts, synth_pct(r->luts, bd->luts), (long long) r->pred_luts);
	synth_say("  flip-flops  %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->ffs,
		(long long) bd->ffs, synth_pct(r->ffs, bd->ffs), (long long) r->pred_ffs);
	for (int m = 0; m < bd->n_mems; m++)
		synth_say("  %-13s %6lld of %8lld  %5.1f%%  (predicted %lld)\n", bd->mems[m].cell,
			(long long) r->meas[m], (long long) bd->mems[m].count,
			synth_pct(r->meas[m], bd->mems[m].count), (long long) r->pred[m]);
	synth_say("  block RAM   %8lld of %8lld units  %5.1f%%\n", (long long) units,
		(long long) bd->block_units, synth_pct(units, bd->block_units));
	synth_say("  DSPs        %8lld of %8lld  %5.1f%%  (estimated %lld)\n", (long long) r->dsps,
		(long long) bd->dsps, synth_pct(r->dsps, bd->dsps), (long long) r->pred_dsps);
	if (r->fmax > 0)
		synth_say("  Fmax        %8.2f MHz (target %g MHz)\n", r->fmax, bd->clock_mhz);
}

static void synth_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char) *s >= 0x20)
			fputc(*s, f);
	}
	fputc('"', f);
}

static int synth_write_json(const board *bd, const char *prog, const synth_result *r,
	bool ok, const char *dir)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int64_t units = 0;
	fputs("{\n  \"program\": ", f);
	synth_json_str(f, prog);
	fputs(",\n  \"board\": ", f);
	synth_json_str(f, bd->name);
	fputs(",\n  \"part\": ", f);
	synth_json_str(f, bd->part);
	fprintf(f, ",\n  \"luts\": %lld, \"luts_estimated\": %lld, \"luts_available\": %lld,\n",
		(long long) r->luts, (long long) r->pred_luts, (long long) bd->luts);
	fprintf(f, "  \"flip_flops\": %lld, \"flip_flops_estimated\": %lld, "
		"\"flip_flops_available\": %lld,\n", (long long) r->ffs, (long long) r->pred_ffs,
		(long long) bd->ffs);
	fprintf(f, "  \"dsps\": %lld, \"dsps_estimated\": %lld, \"dsps_available\": %lld,\n",
		(long long) r->dsps, (long long) r->pred_dsps, (long long) bd->dsps);
	fputs("  \"memories\": [\n", f);
	for (int m = 0; m < bd->n_mems; m++) {
		if (!strcmp(bd->mems[m].kind, "block"))
			units += r->meas[m] * bd->mems[m].units;
		fputs("    { \"cell\": ", f);
		synth_json_str(f, bd->mems[m].cell);
		fprintf(f, ", \"predicted\": %lld, \"measured\": %lld, \"available\": %lld }%s\n",
			(long long) r->pred[m], (long long) r->meas[m], (long long) bd->mems[m].count,
			m + 1 < bd->n_mems ? "," : "");
	}
	fprintf(f, "  ],\n  \"block_ram_units\": %lld, \"block_ram_units_available\": %lld,\n",
		(long long) units, (long long) bd->block_units);
	fprintf(f, "  \"block_ram_prediction_ok\": %s,\n", ok ? "true" : "false");
	if (r->fmax > 0)
		fprintf(f, "  \"fmax_mhz\": %.2f,\n", r->fmax);
	fputs("  \"cells\": {", f);
	for (int i = 0; i < r->n_types; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		synth_json_str(f, r->types[i].cell);
		fprintf(f, ": %lld", (long long) r->types[i].n);
	}
	fputs("\n  }\n}\n", f);
	fclose(f);
	char *path = synth_path(dir, "synth.json");
	int rc = sl_write_file_atomic(path, buf, len);
	if (rc == 0)
		synth_say("wrote %s\n", path);
	else
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	free(buf);
	return rc;
}

static int synth_emit(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *name, const rtl_options *ro, const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = f ? rtl_emit_opts(ctx, sp, ubs, name, ro, f) : -1;
	if (f)
		fclose(f);
	if (rc == 0 && (rc = sl_write_file_atomic(path, buf, len)) != 0)
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	else if (rc == 0)
		synth_say("wrote %s\n", path);
	free(buf);
	return rc;
}

/* Yosys on the Verilog; the stat read into *r.  0 or -1 (reported). */
static int synth_yosys(const board *bd, const char *dir, const char *top,
	const char *vfile, const char *json, synth_result *r)
{
	char *stat = synth_path(dir, "stat.json"), *ys = synth_path(dir, "synth.ys");
	char *log = synth_path(dir, "yosys.log");
	char *script = synth_script(bd, vfile, top, stat, json);
	int rc = -1;
	remove(stat);
	if (sl_write_file_atomic(ys, script, strlen(script)) != 0) {
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", ys, strerror(errno));
		goto out;
	}
	char *argv[] = { (char *) synth_tool("SLUICE_YOSYS", "yosys"), "-q", "-l", log,
		"-s", ys, NULL };
	synth_say("running %s -s %s (log %s)\n", argv[0], ys, log);
	fflush(stdout);
	int st = synth_exec(argv);
	if (st < 0)
		fprintf(stderr, "sluice: error: cannot run '%s' (is Yosys installed? "
			"set SLUICE_YOSYS)\n", argv[0]);
	else if (st)
		fprintf(stderr, "sluice: error: Yosys failed (exit %d); see %s\n", st, log);
	else if (!synth_parse_stat(stat, r))
		fprintf(stderr, "sluice: error: cannot read the Yosys statistics '%s'\n", stat);
	else
		rc = 0;
out:
	free(stat);
	free(ys);
	free(log);
	free(script);
	return rc;
}

int synth_run(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *name, const rtl_options *ro, const char *board_name, bool pnr,
	const char *out_dir, synth_summary *sum)
{
	const board *bd = board_find(ctx, board_name);
	if (!bd)
		return 1;
	synth_result *r = sl_xcalloc(1, sizeof(*r));
	const char *top = rtl_module_name(ctx, name);
	char *vname = sl_xmalloc(strlen(top) + 3);
	sprintf(vname, "%s.v", top);
	char *vfile = synth_path(out_dir, vname);
	char *json = pnr ? synth_path(out_dir, "netlist.json") : NULL;
	int rc = 1;
	synth_quiet = sum != NULL;
	synth_predict(bd, sp, ubs, ro->register_threshold, r);
	if (synth_emit(ctx, sp, ubs, name, ro, vfile) != 0 ||
	    synth_yosys(bd, out_dir, top, vfile, json, r) != 0)
		goto out;
	synth_tally(bd, r);
	if (pnr && synth_pnr(bd, out_dir, json, r) != 0)
		goto out;
	bool ok = true;
	for (int m = 0; m < bd->n_mems; m++)
		ok = ok && r->pred[m] == r->meas[m];
	synth_print(bd, r);
	if (synth_write_json(bd, sp->lowered->path, r, ok, out_dir) != 0)
		goto out;
	if (!ok) {
		for (int m = 0; m < bd->n_mems; m++)
			if (r->pred[m] != r->meas[m])
				fprintf(stderr, "sluice: error: predicted %lld %s, Yosys used %lld\n",
					(long long) r->pred[m], bd->mems[m].cell, (long long) r->meas[m]);
		goto out;
	}
	rc = 0;
out:
	if (sum) {
		sum->luts = r->luts;
		sum->ffs = r->ffs;
		sum->dsps = r->dsps;
		sum->pred_luts = r->pred_luts;
		sum->pred_ffs = r->pred_ffs;
		sum->pred_dsps = r->pred_dsps;
		memcpy(sum->pred, r->pred, sizeof(sum->pred));
		memcpy(sum->meas, r->meas, sizeof(sum->meas));
		sum->fmax = r->fmax;
		sum->ok = rc == 0;
	}
	synth_quiet = false;
	for (int i = 0; i < r->n_types; i++)
		free((char *) r->types[i].cell);
	free(r);
	free(vname);
	free(vfile);
	free(json);
	return rc;
}
