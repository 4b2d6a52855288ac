/* driver/study.c: `sluice study`, one program over boards and mapping
 * options.
 * Stage: driver.  For every schedule and board the program is scheduled
 * once, its datapaths pipelined for the board (and, with --sim, run in the
 * cycle-level model on seeded inputs for the measured cycles); for every
 * register threshold and RAM choice the design is
 * predicted and checked (tg_predict, tg_fits) and, when it fits, its
 * Verilog synthesized quietly (tg_synth) in
 * DIR/BOARD_SCHEDULE_tTHRESHOLD_RAM/.  One table on stdout,
 * DIR/study.csv, DIR/study.json and DIR/report.html (rows in the order of
 * the loops: the same options give the same files; all three or none),
 * progress on stderr.  With --memory, the push-memory study at the end of
 * this file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "boards/boards.h"
#include "fpga/fpga.h"
#include "driver/study.h"
#include "flow/flow.h"
#include "report/report.h"
#include "sim/sim.h"

enum { STUDY_MAX_LIST = 16, STUDY_SIM_SEED = 1, STUDY_FIELD = 600 };

/* Split the value "s" of option "flag", "a,b,c", into at most
 * STUDY_MAX_LIST words (strdup'ed): their count, or -1 after a usage
 * error for an empty list, an empty word or too many words. */
static int study_split(sl_ctx *diag, const char *s, const char *flag, char **out)
{
	int n = 0;
	for (const char *p = s;; ) {
		size_t len = strcspn(p, ",");
		if (len == 0 || n == STUDY_MAX_LIST) {
			if (len == 0)
				sl_error_file(diag, "sluice study", "%s has an empty value in '%s'",
					flag, s);
			else
				sl_error_file(diag, "sluice study", "%s takes at most %d values",
					flag, STUDY_MAX_LIST);
			while (n > 0)
				free(out[--n]);
			return -1;
		}
		out[n] = sl_xmalloc(len + 1);
		memcpy(out[n], p, len);
		out[n++][len] = 0;
		if (!p[len])
			return n;
		p += len + 1;
	}
}

/* Measured cycles of the cycle-level model on seeded inputs; -1 on error
 * (reported). */
static int64_t study_sim(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs)
{
	const ir_program *prog = sp->lowered;
	ref_inputs in = { 0, sl_xcalloc((size_t) prog->n_decls + 1, sizeof(ir_decl *)),
		sl_xcalloc((size_t) prog->n_decls + 1, sizeof(io_array *)), false, 0 };
	bool ok = true;
	for (int i = 0; ok && i < prog->n_decls; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_INPUT)
			continue;
		if (!(ok = sl_mem_reserve_box(ctx, d->loc, "input", d->name, d->n_dims,
				d->extents, sizeof(uint64_t))))
			break;
		in.decls[in.n] = d;
		in.arrays[in.n++] = io_random_array(d->type, d->n_dims, d->extents,
			STUDY_SIM_SEED, d->name);
	}
	io_array **outs = sl_xcalloc((size_t) prog->n_outputs + 1, sizeof(*outs));
	sim_model_stats st = { 0 };
	int64_t cycles = -1;
	uint64_t held = 0;
	for (int i = 0; i < in.n; i++)
		held += (uint64_t) in.arrays[i]->size * sizeof(uint64_t);
	if (ok && sim_within_budget(ctx, sp, 1, SIM_MAX_CYCLES_DEFAULT)
	    && sim_model_run(ctx, sp, ubs, &in, outs, &st) == 0)
		cycles = st.cycles;
	sim_model_stats_release(&st);
	for (int i = 0; i < prog->n_outputs; i++)
		io_array_free(outs[i]);
	for (int i = 0; i < in.n; i++)
		io_array_free(in.arrays[i]);
	sl_mem_release(ctx, held);
	free(outs);
	free(in.decls);
	free(in.arrays);
	return cycles;
}

/* The Verilog of the design and Yosys on it, in "sub"; 0 or 1. */
static int study_synth(sl_ctx *ctx, const flow_design *d, bool pnr, const char *sub,
	rp_study_row *row)
{
	char *text = NULL;
	size_t len;
	const char *top;
	int rc = flow_verilog(d, &text, &len, &top);
	if (rc == 0)
		rc = tg_synth(ctx, &row->fit, text, len, top, sub, pnr, NULL, &row->syn);
	free(text);
	return rc == 0 ? 0 : 1;
}

/* One board for a compiled design: fit, then synth. */
static void study_board(sl_ctx *ctx, const study_options *so, const flow_design *d,
	rp_study_row *row)
{
	tg_predict(row->bd, d->sp, d->ubs, &row->fit);
	row->words = row->fit.words;
	row->fits = tg_fits(&row->fit);
	if (!row->fits) {
		char why[200];
		tg_reason(&row->fit, why, sizeof why);
		snprintf(row->status, sizeof row->status, "does not fit: %s", why);
		return;
	}
	char sub[400];
	char lanes[32] = "";
	if (row->unroll > 1)
		snprintf(lanes, sizeof lanes, "_u%d", row->unroll);
	snprintf(sub, sizeof sub, "%s/%s_%s%s_t%lld_%s", so->out_dir, row->bd->name,
		row->schedule, lanes, (long long) row->threshold, ub_ram_str(row->ram));
	if (sl_make_dir(sub) < 0) {
		snprintf(row->status, sizeof row->status, "cannot create %s", sub);
		return;
	}
	bool pnr = so->pnr && row->bd->pnr;
	int rc = study_synth(ctx, d, pnr, sub, row);
	row->synthesized = true;
	if (rc == 0 && (row->syn.luts > row->bd->luts || row->syn.ffs > row->bd->ffs))
		snprintf(row->status, sizeof row->status, "synthesized, but over the board: "
			"%lld of %lld LUTs, %lld of %lld flip-flops", (long long) row->syn.luts,
			(long long) row->bd->luts, (long long) row->syn.ffs, (long long) row->bd->ffs);
	else if (rc == 0)
		snprintf(row->status, sizeof row->status, "ok");
	else if (row->syn.luts || row->syn.ffs)
		snprintf(row->status, sizeof row->status,
			"block-RAM prediction differs (see %s)", sub);
	else
		snprintf(row->status, sizeof row->status, "synthesis failed (see %s)", sub);
}

/* The schedule axis "s" is every policy under every lane count: pol[s]
 * and unr[s], the lane counts outermost. */
typedef struct study_grid {
	int nb, ns, nt, nr;
	const board *boards[STUDY_MAX_LIST];
	sched_policy pol[STUDY_MAX_LIST * STUDY_MAX_LIST];
	int unr[STUDY_MAX_LIST * STUDY_MAX_LIST];
	int64_t thr[STUDY_MAX_LIST];
	ub_ram ram[STUDY_MAX_LIST];
} study_grid;

/* A list of "flag" ("s") that gives "item" a second time: a usage
 * error, as a repeated -D or --input is. */
static void study_dup_error(sl_ctx *diag, const char *flag, const char *s, const char *item)
{
	sl_error_file(diag, "sluice study", "%s %s: '%s' is given twice", flag, s, item);
}

/* The first of n elements of "size" bytes at "v" equal to an earlier
 * one, or -1. */
static int study_first_dup(const void *v, size_t size, int n)
{
	const char *e = v;
	for (int i = 1; i < n; i++)
		for (int j = 0; j < i; j++)
			if (!memcmp(e + (size_t) i * size, e + (size_t) j * size, size))
				return i;
	return -1;
}

/* Parse the comma-separated words of "s" into out[] (elements of "size"
 * bytes) with "parse": their count, or -1 after a usage error naming
 * "flag" and what it takes, or a value given twice ("08" is "8"). */
static int study_list(sl_ctx *diag, const char *s, void *out, size_t size,
	bool (*parse)(const char *w, void *elem), const char *flag, const char *takes)
{
	char *w[STUDY_MAX_LIST];
	int n = study_split(diag, s, flag, w);
	if (n < 0)
		return -1;
	bool bad = false;
	for (int i = 0; i < n && !bad; i++)
		if (!parse(w[i], (char *) out + (size_t) i * size)) {
			sl_error_file(diag, "sluice study", "%s takes %s, not '%s'", flag, takes,
				w[i]);
			bad = true;
		}
	int dup = bad ? -1 : study_first_dup(out, size, n);
	if (dup >= 0)
		study_dup_error(diag, flag, s, w[dup]);
	for (int i = 0; i < n; i++)
		free(w[i]);
	return bad || dup >= 0 ? -1 : n;
}

static bool study_policy(const char *w, void *elem)
{
	return sched_policy_parse(w, elem);
}

static bool study_threshold(const char *w, void *elem)
{
	char *end;
	int64_t v = strtoll(w, &end, 10);
	*(int64_t *) elem = v;
	return *w && !*end && v >= 0;
}

static bool study_ram(const char *w, void *elem)
{
	return ub_ram_parse(w, elem);
}

static bool study_unroll(const char *w, void *elem)
{
	char *end;
	long v = strtol(w, &end, 10);
	*(int *) elem = (int) v;
	return *w && !*end && v >= 1 && v <= IR_MAX_LANES;
}

/* The boards, schedules, thresholds and RAM choices: 0, 2 after a usage
 * error, or 1 when a board cannot be loaded (as for compile). */
static int study_grid_read(sl_ctx *ctx, const study_options *so, study_grid *g)
{
	char *w[STUDY_MAX_LIST];
	if (so->boards) {
		int n = study_split(ctx, so->boards, "--boards", w);
		if (n < 0)
			return 2;
		int len;
		const char *dup = sl_list_dup(so->boards, &len);
		if (dup)
			sl_error_file(ctx, "sluice study", "--boards %s: '%.*s' is given twice",
				so->boards, len, dup);
		for (int i = 0; i < n; i++) {
			g->boards[g->nb] = dup ? NULL : board_find(ctx, w[i]);
			if (g->boards[g->nb])
				g->nb++;
			free(w[i]);
		}
		if (dup)
			return 2;
		if (g->nb < n)
			return 1;
	} else {
		int n = 0;
		const board **all = board_load_all(ctx, &n);
		if (!all)
			return 1;
		for (int i = 0; i < n && g->nb < STUDY_MAX_LIST; i++)
			g->boards[g->nb++] = all[i];
	}
	sched_policy pol[STUDY_MAX_LIST];
	int unr[STUDY_MAX_LIST] = { so->sched.unroll > 1 ? so->sched.unroll : 1 }, nu = 1;
	int np = study_list(ctx, so->schedules ? so->schedules : "stream", pol, sizeof pol[0],
		study_policy, "--schedules", "stream and sequential");
	if (so->unrolls)
		nu = study_list(ctx, so->unrolls, unr, sizeof unr[0], study_unroll, "--unrolls",
			"lane counts from 1 to 256");
	g->ns = np > 0 && nu > 0 ? np * nu : 0;
	for (int u = 0; u < nu; u++)
		for (int q = 0; q < np; q++) {
			g->pol[u * np + q] = pol[q];
			g->unr[u * np + q] = unr[u];
		}
	g->nt = 1;
	g->thr[0] = so->ub.register_threshold;
	if (so->thresholds)
		g->nt = study_list(ctx, so->thresholds, g->thr, sizeof g->thr[0], study_threshold,
			"--thresholds", "word counts");
	g->nr = 1;
	g->ram[0] = so->ub.ram;
	if (so->rams)
		g->nr = study_list(ctx, so->rams, g->ram, sizeof g->ram[0], study_ram, "--rams",
			"auto, block or lut");
	return g->nb > 0 && g->ns > 0 && g->nt > 0 && g->nr > 0 ? 0 : 2;
}

/* The rows of one schedule, threshold and RAM choice: the design mapped
 * for every board in turn.  0, or 1 when a row failed. */
/* The row of schedule s, threshold t, RAM choice ra and board b: rows
 * in the order of those loops, the board innermost. */
static rp_study_row *study_row_at(const study_grid *g, rp_study_row *rows, int s, int t, int ra,
	int b)
{
	return &rows[((s * g->nt + t) * g->nr + ra) * g->nb + b];
}

/* The points of every output of the checked program: what one run
 * produces, for pixels per cycle. */
static int64_t study_points(const ir_program *prog)
{
	int64_t n = 0;
	for (int i = 0; i < prog->n_outputs; i++) {
		int64_t m = 1;
		for (int d = 0; d < prog->outputs[i]->n_dims; d++)
			m *= prog->outputs[i]->out_extents[d];
		n += m;
	}
	return n;
}

/* The rows of board b under the design's schedule: the design mapped for
 * every threshold and RAM choice.  0, or 1 when a row failed. */
static int study_config(const study_options *so, const study_grid *g, flow_design *d,
	int64_t meas, int s, int b, rp_study_row *rows, int *done, int total)
{
	int rc = 0;
	for (int t = 0; t < g->nt; t++)
		for (int ra = 0; ra < g->nr; ra++) {
			ub_options uopt = so->ub;
			uopt.register_threshold = g->thr[t];
			uopt.ram = g->ram[ra];
			rp_study_row *r = study_row_at(g, rows, s, t, ra, b);
			r->bd = g->boards[b];
			r->schedule = sched_policy_str(d->opts.sched.policy);
			r->unroll = g->unr[s];
			r->px_per_cycle = d->sp->predicted_cycles > 0
				? (double) study_points(d->prog) / (double) d->sp->predicted_cycles : 0;
			r->threshold = g->thr[t];
			r->ram = g->ram[ra];
			r->meas_cycles = meas;
			sl_progress_count(*done, total);
			sl_progress_push("%s, %s, threshold %lld, ram %s", r->bd->name, r->schedule,
				(long long) r->threshold, ub_ram_str(r->ram));
			r->pred_cycles = d->sp->predicted_cycles;
			flow_remap(d, &uopt, r->bd);
			study_board(d->ctx, so, d, r);
			sl_progress_pop();
			sl_progress_count(++*done, total);
			if (strcmp(r->status, "ok") && strncmp(r->status, "does not fit", 12) &&
			    strncmp(r->status, "synthesized, but", 16))
				rc = 1;
		}
	return rc;
}

/* The rows of schedule s on board b when it failed to compile. */
static void study_failed(const study_grid *g, int s, int b, rp_study_row *rows, int *done)
{
	for (int t = 0; t < g->nt; t++)
		for (int ra = 0; ra < g->nr; ra++) {
			rp_study_row *r = study_row_at(g, rows, s, t, ra, b);
			r->bd = g->boards[b];
			r->schedule = sched_policy_str(g->pol[s]);
			r->unroll = g->unr[s];
			r->threshold = g->thr[t];
			r->ram = g->ram[ra];
			r->meas_cycles = -1;
			snprintf(r->status, sizeof r->status, "compile failed");
			++*done;
		}
}

/* The program parsed once, scheduled once per policy and board (the
 * datapaths are pipelined for each board's delay model and clock), mapped
 * once per threshold and RAM choice. */
static int study_rows(const study_options *so, const study_grid *g, rp_study_row *rows,
	int total)
{
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_defines(ctx, so->defines, so->n_defines);
	flow_options fo;
	flow_options_default(&fo);
	fo.sched = so->sched;
	fo.ub = so->ub;
	fo.sched.policy = g->pol[0];
	fo.sched.unroll = g->unr[0];
	fo.sched.timing = g->boards[0];
	flow_design *d = flow_compile(ctx, so->prog, &fo);
	int rc = d ? 0 : 1, done = 0;
	for (int s = 0; s < g->ns; s++)
		for (int b = 0; b < g->nb; b++) {
			sched_options sopt = so->sched;
			sopt.policy = g->pol[s];
			sopt.unroll = g->unr[s];
			sopt.timing = g->boards[b];
			if (!d || ((s > 0 || b > 0) && flow_reschedule(d, &sopt) < 0)) {
				study_failed(g, s, b, rows, &done);
				rc = 1;
				continue;
			}
			int64_t meas = -1;
			if (so->sim) {
				sl_progress_push("%s on %s", sched_policy_str(g->pol[s]), g->boards[b]->name);
				meas = study_sim(ctx, d->sp, d->ubs);
				sl_progress_pop();
			}
			rc |= study_config(so, g, d, meas, s, b, rows, &done, total);
		}
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}

int study_run(const study_options *so)
{
	sl_ctx *ctx = sl_ctx_alloc();
	study_grid g = { 0 };
	int rc = study_grid_read(ctx, so, &g);
	if (rc != 0)
		goto out;
	if (sl_make_dir(so->out_dir) < 0) {
		sl_error(ctx, sl_noloc, "cannot create the output directory '%s': %s",
			so->out_dir, strerror(errno));
		rc = 1;
		goto out;
	}
	int total = g.nb * g.ns * g.nt * g.nr;
	rp_study_row *rows = sl_xcalloc((size_t) total, sizeof(*rows));
	sl_progress_push("study");
	rc = study_rows(so, &g, rows, total);
	sl_progress_pop();
	rp_study_table(rows, total, stdout);
	sl_outputs_begin(so->out_dir);
	if (rp_study_files(ctx, so->prog, so->out_dir, rows, total) != 0) {
		sl_outputs_abort();
		rc = 1;
	} else if (sl_outputs_commit() != 0) {
		rc = 1;
	}
	for (int i = 0; i < total; i++)
		tg_report_release(&rows[i].fit);
	free(rows);
out:
	sl_ctx_free(ctx);
	return rc;
}

/* `sluice study --memory ...`: buffer configurations side by side
 * (docs/pub.md, "Studies").  The program is compiled once (today's
 * mapping); then for every memory (native, pub) and, for pub, every fetch
 * width and depth, its buffers are mapped onto tiles of that
 * configuration (pub_map, each in a diagnostics context of its own, so
 * an illegal configuration is a row saying why, not an error of the run)
 * and costed by the model of docs/pub_mapping.md "Area and energy", beside the
 * dual-port buffer of the same ports.  One table on stdout,
 * DIR/pub_study.csv and DIR/pub_study.json, rows in the order of the
 * loops. */

/* "a,b,c" into at most STUDY_MAX_LIST positive integers that are powers of two;
 * their count, or -1 after a usage error. */
static int study_pub_list(sl_ctx *diag, const char *s, const char *flag, int64_t lo, int64_t hi, int64_t *out)
{
	int n = 0;
	const char *p = s;
	for (;;) {
		char *end;
		errno = 0;
		long long v = strtoll(p, &end, 10);
		if (end == p || errno || v < lo || v > hi || (v & (v - 1)) || n == STUDY_MAX_LIST ||
		    (*end && *end != ',')) {
			sl_error_file(diag, "sluice study", "%s takes up to %d powers of two from "
				"%lld to %lld, comma-separated, not '%s'", flag, STUDY_MAX_LIST,
				(long long) lo, (long long) hi, s);
			return -1;
		}
		out[n++] = v;
		if (study_first_dup(out, sizeof *out, n) >= 0) {
			char item[32];
			snprintf(item, sizeof item, "%lld", v);
			study_dup_error(diag, flag, s, item);
			return -1;
		}
		if (!*end)
			return n;
		p = end + 1;
	}
}

/* "1x1,2x2" into at most STUDY_MAX_LIST port counts; their count, or -1
 * after a usage error. */
static int study_pub_ports(sl_ctx *diag, const char *s, int *ni, int *no)
{
	int n = 0;
	for (const char *p = s;;) {
		int a, b, len = 0;
		if (n == STUDY_MAX_LIST || sscanf(p, "%dx%d%n", &a, &b, &len) != 2 || a < 1 ||
		    a > 8 || b < 1 || b > 8 || (p[len] && p[len] != ',')) {
			sl_error_file(diag, "sluice study", "--pub-ports takes up to %d "
				"INPUTSxOUTPUTS, each 1 to 8, comma-separated, not '%s'", STUDY_MAX_LIST, s);
			return -1;
		}
		ni[n] = a;
		no[n++] = b;
		for (int j = 0; j + 1 < n; j++)
			if (ni[j] == a && no[j] == b) {
				char item[32];
				snprintf(item, sizeof item, "%dx%d", a, b);
				study_dup_error(diag, "--pub-ports", s, item);
				return -1;
			}
		if (!p[len])
			return n;
		p += len + 1;
	}
}

/* The row of today's mapping: words of SRAM and registers by buffer. */
static void study_pub_native(const flow_design *d, rp_pub_row *r)
{
	r->legal = true;
	for (int i = 0; i < d->ubs->n_buffers; i++) {
		const ub_buffer *b = d->ubs->buffers[i];
		int64_t regs = ub_chain_registers(b);
		if (b->storage == UB_NONE)
			continue;
		if (b->storage == UB_CIRCULAR && b->mem == UB_MEM_REGFILE)
			regs = b->capacity_words * b->n_banks;
		else if (b->storage == UB_CIRCULAR)
			r->sram_bits += b->capacity_words * b->n_banks * b->width_bits;
		else
			r->sram_bits += (b->capacity_words - regs) * b->width_bits;
		r->reg_bits += regs * b->width_bits;
		r->native++;
	}
}

/* The row of tiles of FW "fw" and DEPTH "depth". */
static void study_pub_tiles(const flow_design *d, const pub_params *base, int fw, int64_t depth,
	int n_in, int n_out, rp_pub_row *r)
{
	pub_params p = *base;
	p.fixed_cfg = false;	/* the paper's tile: configured through its bus */
	p.fw = fw;
	p.depth = depth;
	p.n_in = n_in;
	p.n_out = n_out;
	r->pub = true;
	r->fw = fw;
	r->depth = depth;
	r->n_in = n_in;
	r->n_out = n_out;
	pub_set *ps = flow_retile(d, &p, r->why, sizeof r->why);
	r->legal = ps != NULL;
	if (ps)
		p = ps->params;	/* the widths as fitted */
	for (int i = 0; ps && i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (pb->buf->storage == UB_NONE)
			continue;
		if (pb->native_why) {
			int64_t regs = ub_chain_registers(pb->buf);
			r->native++;
			r->reg_bits += regs * pb->buf->width_bits;
			if (pb->buf->storage == UB_CIRCULAR)
				r->sram_bits += pb->buf->capacity_words * pb->buf->n_banks *
					pb->buf->width_bits;
			continue;
		}
		r->mapped++;
		r->reg_bits += pb->reg_words * pb->buf->width_bits;
		for (int k = 0; k < pb->n_tiles; k++) {
			pub_cost c, dp;
			const pub_counts *n = &pb->tiles[k].counts;
			pub_cost_tile(&pb->params, &pb->tiles[k], pb->buf->width_bits, &c);
			pub_cost_dualport(&pb->params, pb->buf->width_bits, n, &dp);
			int peak = pub_dualport_peak(&pb->tiles[k]);
			r->dp_sram_bits += dp.sram_bits;
			r->dp_area += dp.area_um2;
			r->dp_energy += dp.energy_pj;
			if (peak > r->dp_peak)
				r->dp_peak = peak;
			r->tiles++;
			r->sram_bits += c.sram_bits;
			r->flops += c.flops;
			r->luts += c.ctrl_luts;
			r->area += c.area_um2;
			r->energy += c.energy_pj;
			r->sram_writes += n->sram_writes;
			r->sram_reads += n->sram_reads;
			r->tb_reads += n->tb_reads;
		}
	}
	pub_set_free(ps);
}

/* --memory "s": native and pub, each at most once.  0, or -1 after a
 * usage error. */
static int study_memories(sl_ctx *diag, const char *s, bool *native, bool *pub)
{
	for (const char *p = s; *p;) {
		size_t n = strcspn(p, ",");
		bool *want = n == 3 && !strncmp(p, "pub", 3) ? pub
			: n == 6 && !strncmp(p, "native", 6) ? native : NULL;
		if (!want) {
			sl_error_file(diag, "sluice study", "--memory takes native and pub, "
				"comma-separated, not '%s'", s);
			return -1;
		}
		if (*want) {
			study_dup_error(diag, "--memory", s, *p == 'p' ? "pub" : "native");
			return -1;
		}
		*want = true;
		p += n + (p[n] == ',');
	}
	return 0;
}

int pub_study_run(const pub_study_options *so)
{
	int64_t fws[STUDY_MAX_LIST], depths[STUDY_MAX_LIST];
	int nf = 1, nd = 1, rc = 0;
	bool want_pub = false, want_native = false;
	fws[0] = so->flow.pub.fw;
	depths[0] = so->flow.pub.depth;
	if (study_memories(so->diag, so->memories, &want_native, &want_pub) < 0)
		return 2;
	if ((so->fetches && (nf = study_pub_list(so->diag, so->fetches, "--fetch", 1, 64, fws)) < 0) ||
	    (so->depths && (nd = study_pub_list(so->diag, so->depths, "--depth", 2, 1 << 20, depths)) < 0))
		return 2;
	int nis[STUDY_MAX_LIST], nos[STUDY_MAX_LIST], np = 1;
	nis[0] = so->flow.pub.n_in;
	nos[0] = so->flow.pub.n_out;
	if (so->ports && (np = study_pub_ports(so->diag, so->ports, nis, nos)) < 0)
		return 2;
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_defines(ctx, so->defines, so->n_defines);
	flow_options fo = so->flow;
	fo.memory_pub = false;
	flow_design *d = flow_compile(ctx, so->prog, &fo);
	if (!d) {
		sl_ctx_free(ctx);
		return 1;
	}
	int total = (want_native ? 1 : 0) + (want_pub ? np * nf * nd : 0), k = 0;
	rp_pub_row *rows = sl_xcalloc((size_t) total + 1, sizeof(*rows));
	if (want_native)
		study_pub_native(d, &rows[k++]);
	for (int q = 0; want_pub && q < np; q++)
		for (int i = 0; i < nf; i++)
			for (int j = 0; j < nd; j++)
				study_pub_tiles(d, &so->flow.pub, (int) fws[i], depths[j], nis[q], nos[q],
					&rows[k++]);
	printf("%s: %lld cycles predicted (every configuration: the schedule does not "
		"change)\n", so->prog, (long long) d->sp->predicted_cycles);
	rp_pub_study_table(rows, total, stdout);
	if (sl_make_dir(so->out_dir) < 0 || rp_pub_study_files(ctx, so->prog, so->out_dir, rows, total,
	    d->sp->predicted_cycles) != 0)
		rc = 1;
	free(rows);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}
