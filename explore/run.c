/* explore/run.c: `sluice explore`, the command's steps.
 * Stage: explore (rank 12).  The boards and the space from the command
 * line (usage errors as the other commands say them), then one of: the
 * search of every board (with --truth, the exhaustive ground truth and
 * the quality figures), one point at every fidelity (--point, the
 * emitted jobs' command), the sweep's jobs (--emit-jobs, and with -j N
 * their run), or the merge of a sweep's results (--collect).  The search
 * prints one summary per board and its front, and writes DIR/explore.json
 * and DIR/explore.csv as one output set. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "report/report.h"

/* --boards "B1,B2" (NULL: every board) into r.  0, 1 (a board that
 * cannot be loaded) or 2 (usage). */
static int ex_boards(sl_ctx *ctx, const char *list, ex_run *r)
{
	if (!list) {
		int n = 0;
		const board **all = board_load_all(ctx, &n);
		if (!all)
			return 1;
		for (int i = 0; i < n && r->nb < EX_MAX_BOARDS; i++)
			r->boards[r->nb++] = all[i];
		return 0;
	}
	int len;
	const char *dup = sl_list_dup(list, &len);
	if (dup || !*list || strstr(list, ",,") || *list == ',' || list[strlen(list) - 1] == ',') {
		if (dup)
			sl_error_file(ctx, "sluice explore", "--boards %s: '%.*s' is given twice", list,
				len, dup);
		else
			sl_error_file(ctx, "sluice explore", "--boards takes board names separated by "
				"commas, not '%s'", list);
		return 2;
	}
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int) n, p);
		if (r->nb == EX_MAX_BOARDS) {
			sl_error_file(ctx, "sluice explore", "--boards takes at most %d boards",
				EX_MAX_BOARDS);
			return 2;
		}
		if (!(r->boards[r->nb++] = board_find(ctx, name)))
			return 1;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* The space of --space and --knob, the defaults for the rest.  0 or 2. */
static int ex_space_read(sl_ctx *ctx, const ex_options *o, ex_space *s)
{
	if (o->space_file && ex_space_file(ctx, s, o->space_file) < 0)
		return 2;
	for (int i = 0; i < o->n_knobs; i++) {
		char why[300];
		int col;
		if (ex_space_line(s, o->knobs[i], strlen(o->knobs[i]), why, sizeof why, &col) < 0) {
			sl_error_file(ctx, "sluice explore", "--knob %s: %s", o->knobs[i], why);
			return 2;
		}
	}
	ex_space_defaults(s, o->space_file || o->n_knobs);
	return 0;
}

int ex_run_setup(sl_ctx *ctx, const ex_options *o, ex_run *r)
{
	memset(r, 0, sizeof *r);
	r->prog = o->prog;
	r->defines = o->defines;
	r->n_defines = o->n_defines;
	r->out_dir = o->out_dir;
	r->synth_cache = o->synth_cache;
	r->minutes = o->minutes;
	const char *kf = getenv("SLUICE_EXPLORE_KNOB_FIT");
	r->knob_aware = !kf || strcmp(kf, "0");
	r->pnr = o->pnr;
	int rc = ex_boards(ctx, o->boards, r);
	return rc ? rc : ex_space_read(ctx, o, &r->space);
}

/* Front points by time, then area, then key. */
static int ex_by_time(const void *a, const void *b)
{
	const ex_point *x = *(const ex_point *const *) a, *y = *(const ex_point *const *) b;
	if (x->time_us != y->time_us)
		return x->time_us < y->time_us ? -1 : 1;
	if (x->area != y->area)
		return x->area < y->area ? -1 : 1;
	return strcmp(x->key, y->key);
}

/* One board's summary and its front on stdout. */
static void ex_print_board(const ex_run *r, int b, const ex_board_result *s, int64_t budget)
{
	int64_t front = 0;
	for (int i = 0; i < r->n; i++)
		front += r->points[i]->board == b && r->points[i]->on_front;
	printf("%s: %lld points, %lld estimated, %lld illegal, %lld Yosys runs; front %lld "
		"points; stop: %s", r->boards[b]->name, (long long) s->space,
		(long long) s->estimated, (long long) s->illegal, (long long) s->yosys_runs,
		(long long) front, s->stop);
	if (!strcmp(s->stop, "budget"))
		printf(" (%lld syntheses)", (long long) budget);
	putchar('\n');
	if (s->have_truth)
		printf("  against the exhaustive front (%lld points): ADRS %.2f%%, hypervolume ratio "
			"%.4f; estimate vs Yosys: LUTs MAPE %.1f%% tau %.3f, flip-flops MAPE %.1f%% "
			"tau %.3f\n", (long long) s->truth_front, s->adrs, s->hv_ratio, s->mape_luts,
			s->tau_luts, s->mape_ffs, s->tau_ffs);
	int n = 0;
	const ex_point **f = sl_xcalloc((size_t) r->n + 1, sizeof *f);
	for (int i = 0; i < r->n; i++)
		if (r->points[i]->board == b && r->points[i]->on_front)
			f[n++] = r->points[i];
	qsort(f, (size_t) n, sizeof *f, ex_by_time);
	for (int i = 0; i < n; i++) {
		printf("  %-60s %9lld cycles %9.2f us  area %.4f (%s; LUTs %s)", f[i]->key,
			(long long) f[i]->cycles, f[i]->time_us, f[i]->area, f[i]->bound,
			f[i]->synthesized ? "yosys" : r->fit_luts[b].n ? "corrected" : "estimate");
		if (f[i]->fmax_pnr)
			printf("  Fmax %.1f MHz (nextpnr)", f[i]->fmax_mhz);
		if (f[i]->validated)
			printf("  Verilator: %s, %lld cycles", f[i]->val_ok ? "bit-exact"
				: f[i]->val_bit_exact ? "bit-exact, CYCLES DIFFER" : "FAILED",
				(long long) f[i]->val_cycles);
		putchar('\n');
	}
	free(f);
}

/* The default budget: a tenth of the space, at least 8 syntheses. */
static int64_t ex_default_budget(int64_t points)
{
	int64_t b = (points + 9) / 10;
	return b < 8 ? 8 : b;
}

static int ex_search(sl_ctx *ctx, const ex_options *o, ex_run *r)
{
	ex_board_result res[EX_MAX_BOARDS];
	int64_t budget = o->budget ? o->budget : ex_default_budget(ex_space_points(&r->space));
	char *synth = sl_path_join(o->out_dir, "synth", NULL);
	r->synth_dir = synth;
	sl_progress_push("explore");
	for (int b = 0; b < r->nb; b++) {
		ex_search_board(r, b, budget, !o->estimate_only, &res[b]);
		if (o->truth)
			ex_truth_board(r, b, &res[b]);
	}
	int invalid = o->validate ? ex_validate_fronts(r) : 0;
	sl_progress_pop();
	for (int b = 0; b < r->nb; b++)
		ex_print_board(r, b, &res[b], budget);
	printf("Yosys runs: %lld\n", (long long) r->syntheses);
	r->transfer = o->transfer;
	if (o->transfer)
		ex_transfer_report(r, stdout, false);
	if (sl_make_dir(o->out_dir) < 0) {
		sl_error(ctx, sl_noloc, "cannot create the output directory '%s': %s", o->out_dir,
			strerror(errno));
		free(synth);
		return 1;
	}
	sl_outputs_begin(o->out_dir);
	int rc = ex_write_files(ctx, r, res, o->out_dir) < 0 ? 1 : 0;
	if (rc)
		sl_outputs_abort();
	else if (sl_outputs_commit() != 0)
		rc = 1;
	free(synth);
	if (rc == 0 && invalid)
		fprintf(stderr, "sluice explore: error: --validate: %d front point%s failed in "
			"Verilator (explore.json has each verdict)\n", invalid, invalid > 1 ? "s" : "");
	return rc ? rc : invalid ? 1 : 0;
}

typedef struct ex_point_arg {
	const ex_run *r;
	const ex_point *p;
} ex_point_arg;

static void ex_print_point(const void *arg, FILE *out)
{
	const ex_point_arg *a = arg;
	ex_point_json(a->r, a->p, out, 0);
}

/* --point: the space's one point, every fidelity, DIR/result.json. */
static int ex_one_point(sl_ctx *ctx, const ex_options *o, ex_run *r)
{
	if (r->nb != 1 || ex_space_points(&r->space) != 1) {
		sl_error_file(ctx, "sluice explore", "--point takes one board and one value of "
			"every knob (%d boards, %lld points given)", r->nb,
			(long long) ex_space_points(&r->space));
		return 2;
	}
	char *synth = sl_path_join(o->out_dir, "synth", NULL);
	r->synth_dir = synth;
	ex_coord c;
	memset(&c, 0, sizeof c);
	ex_point *p = ex_point_get(r, 0, &c);
	ex_point_estimate(r, p);
	if (!o->estimate_only && p->legal)
		ex_point_synth(r, p);
	ex_point_arg a = { r, p };
	int rc = sl_make_dir(o->out_dir) < 0 ||
		rp_write_text(ctx, o->out_dir, "result.json", ex_print_point, &a) < 0 ? 1 : 0;
	free(synth);
	return rc;
}

int ex_main(const ex_options *o)
{
	sl_ctx *ctx = sl_ctx_alloc();
	ex_run r;
	memset(&r, 0, sizeof r);
	int rc = 0, modes = (o->point != 0) + (o->emit_jobs != NULL) + (o->collect != NULL);
	if (modes > 1 || (o->jobs && !o->emit_jobs) || (o->truth && modes)) {
		sl_error_file(ctx, "sluice explore", "--point, --emit-jobs and --collect exclude "
			"each other, -j runs the jobs of --emit-jobs, and --truth is the search's");
		rc = 2;
	} else if (o->transfer && !o->truth && !o->collect) {
		sl_error_file(ctx, "sluice explore", "--transfer compares boards on synthesized "
			"points: it needs --truth or --collect");
		rc = 2;
	} else if (o->validate && (modes || o->shapes)) {
		sl_error_file(ctx, "sluice explore", "--validate runs the search's fronts in "
			"Verilator: it does not combine with --point, --emit-jobs, --collect or --shapes");
		rc = 2;
	} else if (o->truth && o->estimate_only) {
		sl_error_file(ctx, "sluice explore", "--truth synthesizes: it does not combine "
			"with --fidelity estimate");
		rc = 2;
	} else if (o->shapes && (modes || o->truth || o->transfer)) {
		sl_error_file(ctx, "sluice explore", "--shapes is a search of its own: it does not "
			"combine with --point, --emit-jobs, --collect, --truth or --transfer");
		rc = 2;
	} else if (o->shapes) {
		rc = ex_shapes_main(ctx, o);
	} else if (o->collect) {
		rc = ex_collect(o, &r, o->collect);
	} else if ((rc = ex_run_setup(ctx, o, &r)) == 0) {
		rc = o->point ? ex_one_point(ctx, o, &r) : o->emit_jobs ? ex_emit_jobs(o, &r)
			: ex_search(ctx, o, &r);
	}
	ex_run_release(&r);
	sl_ctx_free(ctx);
	return rc;
}
