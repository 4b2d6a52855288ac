/* explore/eval.c: one design point at each fidelity.
 * Stage: explore (rank 12).  A point's knobs become flow options; the
 * option table (flow_options_check, as `sluice synth` runs it) and the
 * flow with its fit check (flow_compile, check_fit) decide whether it is
 * legal, each in a quiet context whose first error is the point's
 * reason.  The schedule gives the exact cycles and buffer words, the
 * board stage the estimate (block RAM exact, LUTs, flip-flops and DSPs
 * of fpga/), Yosys the measurement: once per distinct Verilog and board
 * (a cache), in DIR/synth/HASH. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "flow/flow.h"
#include "report/report.h"

struct ex_cache_entry {
	uint64_t h;
	bool ok;
	int64_t luts, ffs, dsps;
	bool pnr;		/* placed and routed too (nextpnr) */
	double fmax;		/* nextpnr's (MHz); 0: not placed */
	char why[200];
};

const char *ex_fid_str(ex_fid f)
{
	static const char *const names[] = { "none", "schedule", "estimate", "corrected", "yosys" };
	return names[f];
}

static const char *ex_value(const ex_run *r, const ex_point *p, int k)
{
	return r->space.knobs[k].values[p->c.v[k]];
}

/* The point's knobs as flow options for its board. */
static void ex_flow_options(const ex_run *r, const ex_point *p, flow_options *fo)
{
	const board *bd = r->boards[p->board];
	flow_options_default(fo);
	fo->bd = bd;
	fo->sched.timing = bd;
	fo->check_fit = true;
	fo->check_pins = true;	/* a design to be placed: its pins on the package */
	fo->sched.unroll = atoi(ex_value(r, p, EX_UNROLL));
	sched_policy_parse(ex_value(r, p, EX_SCHEDULE), &fo->sched.policy);
	fo->ub.register_threshold = atoll(ex_value(r, p, EX_THRESHOLD));
	ub_ram_parse(ex_value(r, p, EX_RAM), &fo->ub.ram);
	const char *clock = ex_value(r, p, EX_CLOCK);
	fo->sched.clock_mhz = !strcmp(clock, "default") ? 0
		: !strcmp(clock, "nominal") ? bd->clock_mhz : atof(clock);
	fo->memory_pub = !strcmp(ex_value(r, p, EX_MEMORY), "pub");
	if (fo->memory_pub) {
		fo->pub.fw = atoi(ex_value(r, p, EX_FETCH));
		fo->pub.depth = atoll(ex_value(r, p, EX_DEPTH));
		sscanf(ex_value(r, p, EX_PORTS), "%dx%d", &fo->pub.n_in, &fo->pub.n_out);
	}
	fo->pub.ew = fo->pub.cw;
}

/* A quiet context with the run's -D values. */
sl_ctx *ex_quiet_ctx(const ex_run *r)
{
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_defines(ctx, r->defines, r->n_defines);
	sl_ctx_set_quiet(ctx, true);
	return ctx;
}

/* The design of point p, or NULL with p->why set (an illegal point). */
flow_design *ex_design(const ex_run *r, ex_point *p, sl_ctx *ctx)
{
	flow_options fo;
	ex_flow_options(r, p, &fo);
	flow_request req = { "synth", &fo, true, fo.bd, 1, "model", false, false, false, false,
		false, fo.memory_pub, false, false, 0, false };
	flow_design *d = NULL;
	if (flow_options_check(ctx, &req) == 0)
		d = flow_compile(ctx, r->prog, &fo);
	if (!d) {
		const char *e = sl_first_error(ctx);
		snprintf(p->why, sizeof p->why, "%s", e ? e : "refused");
		for (char *c = p->why; *c; c++)
			if (*c == '\n')
				*c = ' ';
	}
	return d;
}

void ex_point_estimate(ex_run *r, ex_point *p)
{
	if (p->evaluated)
		return;
	p->evaluated = true;
	sl_ctx *ctx = ex_quiet_ctx(r);
	flow_design *d = ex_design(r, p, ctx);
	if (d) {
		const board *bd = r->boards[p->board];
		p->legal = true;
		p->cycles = d->sp->predicted_cycles;
		p->clock_mhz = d->pred.clock_mhz;
		p->time_us = (double) p->cycles / p->clock_mhz;
		p->words = d->pred.words;
		p->units = d->pred.units;
		for (int m = 0; m < bd->n_mems; m++)
			if (!strcmp(bd->mems[m].kind, "huge"))
				p->huge += d->pred.cells[m];
		p->luts_est = tg_luts(&d->pred);
		p->ffs_est = tg_ffs(&d->pred);
		p->ffs_storage_est = d->pred.ffs;
		p->dsps_est = tg_dsps(&d->pred);
		char why[160];
		if (!tg_estimate_fmax(&d->pred, &p->fmax_mhz, why, sizeof why))
			p->fmax_mhz = 0;
		p->luts_cor = (double) p->luts_est;
		p->ffs_cor = (double) p->ffs_est;
		ex_point_area(r, p);
	}
	flow_free(d);
	sl_ctx_free(ctx);
}

/* The --synth-cache file of hash h: DIR/HASH.txt. */
static char *ex_disk_path(const ex_run *r, uint64_t h)
{
	char name[32];
	snprintf(name, sizeof name, "%016llx.txt", (unsigned long long) h);
	return sl_path_join(r->synth_cache, name, NULL);
}

/* Entry e from the --synth-cache file of its hash: "sluice-explore-synth 1",
 * then "ok LUTS FFS DSPS [FMAX]" (FMAX nextpnr's, needed by a pnr entry) or
 * "failed WHY".  True when it was there. */
static bool ex_disk_read(const ex_run *r, struct ex_cache_entry *e)
{
	if (!r->synth_cache)
		return false;
	char *path = ex_disk_path(r, e->h);
	FILE *f = fopen(path, "r");
	free(path);
	if (!f)
		return false;
	char line[190];
	long long l, ff, d;
	bool hit = fgets(line, sizeof line, f) && !strcmp(line, "sluice-explore-synth 1\n") &&
		fgets(line, sizeof line, f);
	double fmax = 0;
	int got = hit ? sscanf(line, "ok %lld %lld %lld %lf", &l, &ff, &d, &fmax) : 0;
	if (got == 4 || (got == 3 && !e->pnr)) {
		e->ok = true;
		e->fmax = fmax;
		e->luts = l;
		e->ffs = ff;
		e->dsps = d;
	} else if (hit && !strncmp(line, "failed ", 7)) {
		line[strcspn(line, "\n")] = 0;
		snprintf(e->why, sizeof e->why, "%s", line + 7);
	} else {
		hit = false;
	}
	fclose(f);
	return hit;
}

/* Entry e into the --synth-cache, atomically (a failure to write is no
 * error: the cache only saves time). */
static void ex_disk_write(const ex_run *r, const struct ex_cache_entry *e)
{
	if (!r->synth_cache || sl_make_dir(r->synth_cache) < 0)
		return;
	char text[400], why[200];
	snprintf(why, sizeof why, "%s", e->why);
	for (char *c = why; *c; c++)
		if (*c == '\n')
			*c = ' ';
	int n = e->ok && e->fmax > 0 ? snprintf(text, sizeof text,
			"sluice-explore-synth 1\nok %lld %lld %lld %.17g\n", (long long) e->luts,
			(long long) e->ffs, (long long) e->dsps, e->fmax)
		: e->ok ? snprintf(text, sizeof text, "sluice-explore-synth 1\nok %lld %lld %lld\n",
			(long long) e->luts, (long long) e->ffs, (long long) e->dsps)
		: snprintf(text, sizeof text, "sluice-explore-synth 1\nfailed %s\n", why);
	char *path = ex_disk_path(r, e->h);
	sl_write_file_atomic(path, text, (size_t) n);
	free(path);
}

static struct ex_cache_entry *ex_cache_find(ex_run *r, uint64_t h)
{
	for (int i = 0; i < r->n_cache; i++)
		if (r->cache[i].h == h)
			return &r->cache[i];
	return NULL;
}

/* Yosys on design d of point p into entry e. */
static void ex_yosys(ex_run *r, const ex_point *p, flow_design *d, const char *text, size_t len,
	const char *top, struct ex_cache_entry *e)
{
	char *sub = sl_path_join(r->synth_dir, p->hash, NULL);
	tg_measured m;
	memset(&m, 0, sizeof m);
	if (sl_make_dir(sub) < 0) {
		snprintf(e->why, sizeof e->why, "cannot create %s", sub);
	} else if (tg_synth(d->ctx, &d->pred, text, len, top, sub, e->pnr, NULL, &m) == 0) {
		e->ok = true;
		e->fmax = m.fmax;
		e->luts = m.luts;
		e->ffs = m.ffs;
		e->dsps = m.dsps;
	} else {
		const char *err = sl_first_error(d->ctx);
		snprintf(e->why, sizeof e->why, "%s", m.luts || m.ffs
			? "the block RAMs differ from the prediction" : err ? err : "synthesis failed");
	}
	r->syntheses++;
	free(sub);
}

int ex_point_synth(ex_run *r, ex_point *p)
{
	if (p->synthesized || p->synth_why[0] || !p->legal)
		return p->synthesized ? 0 : -1;
	sl_ctx *ctx = ex_quiet_ctx(r);
	flow_design *d = ex_design(r, p, ctx);
	char *text = NULL;
	size_t len = 0;
	const char *top;
	if (!d || flow_verilog(d, &text, &len, &top) < 0) {
		snprintf(p->synth_why, sizeof p->synth_why, "the Verilog could not be made");
	} else {
		bool pnr = r->pnr && r->boards[p->board]->pnr;
		uint64_t h = ex_hash(text) ^ ex_hash(r->boards[p->board]->name) ^
			(pnr ? ex_hash("nextpnr") : 0);
		struct ex_cache_entry *e = ex_cache_find(r, h);
		if (!e) {
			r->cache = sl_xrealloc(r->cache, (size_t) (r->n_cache + 1) * sizeof *r->cache);
			e = &r->cache[r->n_cache++];
			memset(e, 0, sizeof *e);
			e->h = h;
			e->pnr = pnr;
			if (ex_disk_read(r, e)) {
				r->syntheses++;	/* a Yosys result the search spends, as if run */
			} else {
				sl_progress_push("Yosys on %s, %s", r->boards[p->board]->name, p->key);
				ex_yosys(r, p, d, text, len, top, e);
				sl_progress_pop();
				ex_disk_write(r, e);
			}
		}
		p->synthesized = e->ok;
		p->luts_syn = e->luts;
		p->ffs_syn = e->ffs;
		p->dsps_syn = e->dsps;
		if (e->ok && e->fmax > 0) {
			p->fmax_mhz = e->fmax;
			p->fmax_pnr = true;
		}
		snprintf(p->synth_why, sizeof p->synth_why, "%s", e->ok ? "" : e->why);
	}
	free(text);
	flow_free(d);
	sl_ctx_free(ctx);
	ex_point_area(r, p);
	return p->synthesized ? 0 : -1;
}

double ex_area_of(const board *bd, double luts, double ffs, int64_t units, int64_t dsps,
	int64_t huge_cells, double *peak, const char **bound)
{
	int64_t huge = 0;
	for (int m = 0; m < bd->n_mems; m++)
		if (!strcmp(bd->mems[m].kind, "huge"))
			huge += bd->mems[m].count;
	double share[5] = {
		luts / (double) bd->luts, ffs / (double) bd->ffs,
		bd->block_units ? (double) units / (double) bd->block_units : 0,
		bd->dsps ? (double) dsps / (double) bd->dsps : 0,
		huge ? (double) huge_cells / (double) huge : 0,
	};
	static const char *const names[5] = { "luts", "ffs", "block_ram", "dsps", "huge" };
	const bool has[5] = { bd->luts > 0, bd->ffs > 0, bd->block_units > 0, bd->dsps > 0, huge > 0 };
	double sum = 0;
	int n = 0, top = 0;
	for (int i = 0; i < 5; i++) {
		if (!has[i])
			continue;
		sum += share[i];
		n++;
		if (share[i] > share[top])
			top = i;
	}
	*bound = names[top];
	*peak = share[top];
	return n ? sum / n : 0;
}

void ex_point_area(const ex_run *r, ex_point *p)
{
	bool s = p->synthesized;
	p->area = ex_area_of(r->boards[p->board], s ? (double) p->luts_syn : p->luts_cor,
		s ? (double) p->ffs_syn : p->ffs_cor, p->units, s ? p->dsps_syn : p->dsps_est, p->huge,
		&p->peak, &p->bound);
}

double ex_ffs_corrected(const ex_fit2 *fit, const ex_point *p)
{
	if (fit->n == 0)	/* nothing synthesized yet (or a fit never made) */
		return (double) p->ffs_est;
	return ex_fit_split_apply(fit, (double) (p->ffs_est - p->ffs_storage_est),
		(double) p->ffs_storage_est);
}

/* The LUT and flip-flop corrections fitted on the "n" points at "p". */
void ex_fit_points(ex_point *const *p, int n, ex_fit *luts, ex_fit2 *ffs)
{
	double *est = sl_xcalloc((size_t) n + 1, sizeof *est);
	double *meas = sl_xcalloc((size_t) n + 1, sizeof *meas);
	double *logic = sl_xcalloc((size_t) n + 1, sizeof *logic);
	double *storage = sl_xcalloc((size_t) n + 1, sizeof *storage);
	double *meas2 = sl_xcalloc((size_t) n + 1, sizeof *meas2);
	for (int i = 0; i < n; i++) {
		est[i] = (double) p[i]->luts_est;
		meas[i] = (double) p[i]->luts_syn;
		logic[i] = (double) (p[i]->ffs_est - p[i]->ffs_storage_est);
		storage[i] = (double) p[i]->ffs_storage_est;
		meas2[i] = (double) p[i]->ffs_syn;
	}
	ex_fit_log_ratio(est, meas, n, luts);
	ex_fit_split(logic, storage, meas2, n, ffs);
	free(est);
	free(meas);
	free(logic);
	free(storage);
	free(meas2);
}

/* The knobs the knob-aware correction reads: those with more than one
 * value, the tile knobs (which only pub points have) left out. */
static void ex_knobs_used(const ex_run *r, bool *used)
{
	for (int k = 0; k < EX_N_KNOBS; k++)
		used[k] = r->knob_aware && r->space.knobs[k].n > 1 && k != EX_FETCH &&
			k != EX_DEPTH && k != EX_PORTS;
}

/* The knob shifts of board b refitted on the log residuals of its global
 * fits over the synthesized points "syn". */
static void ex_refit_knobs(ex_run *r, int b, ex_point *const *syn, int n)
{
	bool used[EX_N_KNOBS];
	ex_knobs_used(r, used);
	ex_coord *v = sl_xcalloc((size_t) n + 1, sizeof *v);
	double *el = sl_xcalloc((size_t) n + 1, sizeof *el), *ef = sl_xcalloc((size_t) n + 1, sizeof *ef);
	int m = 0;
	for (int i = 0; i < n; i++) {
		const ex_point *p = syn[i];
		double gl = ex_fit_apply(&r->fit_luts[b], (double) p->luts_est);
		double gf = ex_ffs_corrected(&r->fit_ffs[b], p);
		if (p->luts_syn <= 0 || p->ffs_syn <= 0 || gl <= 0 || gf <= 0)
			continue;
		v[m] = p->c;
		el[m] = log((double) p->luts_syn / gl);
		ef[m++] = log((double) p->ffs_syn / gf);
	}
	ex_knob_fit(v, el, m, used, 1.0, &r->knob_luts[b]);
	ex_knob_fit(v, ef, m, used, 1.0, &r->knob_ffs[b]);
	free(v);
	free(el);
	free(ef);
}

void ex_correct(ex_run *r, ex_point *p)
{
	int b = p->board;
	bool used[EX_N_KNOBS];
	ex_knobs_used(r, used);
	p->luts_cor = ex_fit_apply(&r->fit_luts[b], (double) p->luts_est) *
		exp(ex_knob_shift(&r->knob_luts[b], &p->c, used));
	p->ffs_cor = ex_ffs_corrected(&r->fit_ffs[b], p) *
		exp(ex_knob_shift(&r->knob_ffs[b], &p->c, used));
	ex_point_area(r, p);
}

double ex_area_optimistic(const ex_run *r, const ex_point *p)
{
	bool used[EX_N_KNOBS], unseen = false;
	ex_knobs_used(r, used);
	const ex_knobfit *kl = &r->knob_luts[p->board];
	double luts = p->luts_cor, ffs = p->ffs_cor, peak;
	const char *bound;
	for (int k = 0; k < EX_N_KNOBS; k++) {
		if (!used[k] || kl->n[k][p->c.v[k]])
			continue;
		unseen = true;
		double least = 0;
		for (int x = 0; x < r->space.knobs[k].n; x++)
			if (kl->n[k][x] && kl->d[k][x] < least)
				least = kl->d[k][x];
		luts *= exp(least);
	}
	if (!unseen || p->synthesized)
		return p->area;
	if (p->ffs_est > 0)
		ffs *= (double) (p->ffs_est - p->ffs_storage_est) / (double) p->ffs_est;
	return ex_area_of(r->boards[p->board], luts, ffs, p->units, p->dsps_est, p->huge, &peak,
		&bound);
}

static int ex_by_key(const void *a, const void *b)
{
	return strcmp((*(const ex_point *const *) a)->key, (*(const ex_point *const *) b)->key);
}

void ex_refit(ex_run *r, int b)
{
	int n = 0;
	ex_point **syn = sl_xcalloc((size_t) r->n + 1, sizeof *syn);
	for (int i = 0; i < r->n; i++)
		if (r->points[i]->board == b && r->points[i]->synthesized)
			syn[n++] = r->points[i];
	qsort(syn, (size_t) n, sizeof *syn, ex_by_key);	/* the fits' sums in one order */
	ex_fit_points(syn, n, &r->fit_luts[b], &r->fit_ffs[b]);
	ex_refit_knobs(r, b, syn, n);
	free(syn);
	for (int i = 0; i < r->n; i++) {
		ex_point *p = r->points[i];
		if (p->board == b && p->legal)
			ex_correct(r, p);
	}
}

/* The slot of (b, key) in the run's table: its index, or -1. */
static int ex_find(const ex_run *r, int b, const char *key)
{
	for (int i = 0; i < r->n; i++)
		if (r->points[i]->board == b && !strcmp(r->points[i]->key, key))
			return i;
	return -1;
}

ex_point *ex_point_find(const ex_run *r, int b, const char *key)
{
	int i = ex_find(r, b, key);
	return i < 0 ? NULL : r->points[i];
}

ex_point *ex_point_get(ex_run *r, int b, const ex_coord *c)
{
	char key[400];
	ex_coord_key(&r->space, c, key, sizeof key);
	int i = ex_find(r, b, key);
	if (i >= 0)
		return r->points[i];
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->points = sl_xrealloc(r->points, (size_t) r->cap * sizeof *r->points);
	}
	ex_point *p = sl_xcalloc(1, sizeof *p);
	p->board = b;
	p->c = *c;
	snprintf(p->key, sizeof p->key, "%s", key);
	char full[480];
	snprintf(full, sizeof full, "%s,board=%s", key, r->boards[b]->name);
	snprintf(p->hash, sizeof p->hash, "%016llx", (unsigned long long) ex_hash(full));
	p->bound = "luts";
	r->points[r->n++] = p;
	return p;
}

void ex_run_release(ex_run *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->points[i]);
	free(r->points);
	free(r->cache);
	for (int b = 0; b < EX_MAX_BOARDS; b++) {
		free(r->steps[b]);
		r->steps[b] = NULL;
		r->n_steps[b] = 0;
	}
	ex_space_free(&r->space);
	r->points = NULL;
	r->n = r->cap = 0;
}
