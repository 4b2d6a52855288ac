/* explore/shapes.c: one design robust across image sizes, `--shapes`.
 * Stage: explore (rank 12).  Every point of the space is compiled at
 * every shape (the program's params W and H set as -D would), at the
 * schedule and estimate fidelities: exact cycles per shape.  A design's
 * hardware is the one sized for the largest shape (its storage, its
 * counters, so its clock and its area); at a smaller shape it runs that
 * shape's schedule, cycles(shape) / clock(largest).  Its cost at a shape
 * is time x area, against the best cost of any point compiled for that
 * shape alone (the shape's own best); the ratio per shape gives the
 * objectives (ex_robust_stats: mean, mean + k stddev, worst regret,
 * CVaR), the robust choice minimizes the chosen one, and a shape where
 * it costs more than twice its own best is a cliff.  Printed per board,
 * and written as DIR/shapes.json (docs/explore.md, "Robust across image
 * sizes"). */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "report/report.h"

enum { EX_MAX_SHAPES = 16 };

typedef struct ex_shape {
	int64_t w, h;
	double weight;
	char name[48];		/* "640x480" */
} ex_shape;

/* One board's analysis: per space point i (odometer order) and shape s,
 * pt[s][i]. */
typedef struct ex_board_shapes {
	int n;			/* points of the space */
	ex_point **pt[EX_MAX_SHAPES];
	int largest;		/* the shape the hardware is sized for */
	int best[EX_MAX_SHAPES];	/* each shape's own best point, or -1 */
	int choice;		/* the robust point, or -1 */
	int winner[4];		/* the best point under each objective, or -1 */
	ex_robust stats;	/* of the choice */
	double ratio[EX_MAX_SHAPES];	/* of the choice */
	double price;		/* weighted cost of the choice over the weighted own bests */
} ex_board_shapes;

typedef struct ex_shapes {
	int ns;
	ex_shape s[EX_MAX_SHAPES];
	ex_run runs[EX_MAX_SHAPES];
	sl_define *defs[EX_MAX_SHAPES];
	ex_board_shapes b[EX_MAX_BOARDS];
	const ex_options *o;
} ex_shapes;

static const char *const ex_objectives[4] = { "mean", "meanstd", "regret", "cvar" };

/* One item "WxH[:weight]" into sh; false when malformed. */
static bool ex_shape_item(const char *p, size_t len, ex_shape *sh)
{
	char buf[64], *end;
	if (len == 0 || len >= sizeof buf)
		return false;
	memcpy(buf, p, len);
	buf[len] = 0;
	sh->w = strtoll(buf, &end, 10);
	if (end == buf || *end != 'x')
		return false;
	char *hs = end + 1;
	sh->h = strtoll(hs, &end, 10);
	if (end == hs || sh->w < 1 || sh->h < 1 || sh->w > 65536 || sh->h > 65536)
		return false;
	sh->weight = 1;
	if (*end == ':') {
		char *ws = end + 1;
		sh->weight = strtod(ws, &end);
		if (end == ws || !(sh->weight > 0) || sh->weight > 1e9)
			return false;
	}
	snprintf(sh->name, sizeof sh->name, "%lldx%lld", (long long) sh->w, (long long) sh->h);
	return *end == 0;
}

/* --shapes LIST into x: two shapes or more, none twice.  0, or 2 (usage,
 * reported). */
static int ex_shapes_parse(sl_ctx *ctx, const char *list, ex_shapes *x)
{
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");
		if (x->ns == EX_MAX_SHAPES || !ex_shape_item(p, n, &x->s[x->ns])) {
			sl_error_file(ctx, "sluice explore", x->ns == EX_MAX_SHAPES
				? "--shapes takes at most %d shapes" : "--shapes takes WxH[:weight],... "
				"(sizes 1 to 65536, weights above 0), not '%.*s'", x->ns == EX_MAX_SHAPES
				? EX_MAX_SHAPES : (int) n, p);
			return 2;
		}
		for (int i = 0; i < x->ns; i++)
			if (x->s[i].w == x->s[x->ns].w && x->s[i].h == x->s[x->ns].h) {
				sl_error_file(ctx, "sluice explore", "--shapes: %s is given twice",
					x->s[i].name);
				return 2;
			}
		x->ns++;
		p += n + (p[n] == ',');
	}
	if (x->ns < 2) {
		sl_error_file(ctx, "sluice explore", "--shapes takes two shapes or more, not '%s'",
			list);
		return 2;
	}
	return 0;
}

/* The run of shape i: the options' -D values with W and H replaced. */
static int ex_shape_run(sl_ctx *ctx, ex_shapes *x, int i)
{
	const ex_options *o = x->o;
	sl_define *d = sl_xcalloc((size_t) o->n_defines + 2, sizeof *d);
	int n = 0;
	for (int j = 0; j < o->n_defines; j++)
		if (strcmp(o->defines[j].name, "W") && strcmp(o->defines[j].name, "H"))
			d[n++] = o->defines[j];
	d[n++] = (sl_define) { "W", x->s[i].w };
	d[n++] = (sl_define) { "H", x->s[i].h };
	x->defs[i] = d;
	ex_options so = *o;
	so.defines = d;
	so.n_defines = n;
	return ex_run_setup(ctx, &so, &x->runs[i]);
}

/* Every point of board b at every shape, estimated. */
static void ex_shapes_eval(ex_shapes *x, int b)
{
	ex_board_shapes *bs = &x->b[b];
	int64_t total = ex_space_points(&x->runs[0].space);
	bs->n = (int) total;
	sl_progress_push("shapes on %s", x->runs[0].boards[b]->name);
	for (int s = 0; s < x->ns; s++) {
		bs->pt[s] = sl_xcalloc((size_t) bs->n + 1, sizeof *bs->pt[s]);
		ex_coord c;
		memset(&c, 0, sizeof c);
		int i = 0;
		do {
			sl_progress_count(s * total + i, x->ns * total);
			ex_point *p = ex_point_get(&x->runs[s], b, &c);
			ex_point_estimate(&x->runs[s], p);
			bs->pt[s][i++] = p;
		} while (ex_coord_next(&x->runs[s].space, &c));
	}
	sl_progress_pop();
}

/* The shape the hardware is sized for: the most pixels, then the widest,
 * then the first. */
static int ex_largest(const ex_shapes *x)
{
	int l = 0;
	for (int s = 1; s < x->ns; s++) {
		int64_t a = x->s[s].w * x->s[s].h, m = x->s[l].w * x->s[l].h;
		if (a > m || (a == m && x->s[s].w > x->s[l].w))
			l = s;
	}
	return l;
}

/* The cost of point i's hardware (sized for the largest shape) at shape s. */
static double ex_robust_cost(const ex_board_shapes *bs, int i, int s)
{
	const ex_point *big = bs->pt[bs->largest][i], *p = bs->pt[s][i];
	return (double) p->cycles / big->clock_mhz * big->area;
}

/* Can point i's hardware serve every shape? */
static bool ex_robust_legal(const ex_shapes *x, const ex_board_shapes *bs, int i)
{
	for (int s = 0; s < x->ns; s++)
		if (!bs->pt[s][i]->legal)
			return false;
	return true;
}

/* Each shape's own best: the least time x area of a point compiled for
 * it (the first in space order among equals).  False when a shape has
 * no legal point. */
static bool ex_own_bests(const ex_shapes *x, ex_board_shapes *bs)
{
	bool every = true;
	for (int s = 0; s < x->ns; s++) {
		bs->best[s] = -1;
		double best = 0;
		for (int i = 0; i < bs->n; i++) {
			const ex_point *p = bs->pt[s][i];
			double c = p->time_us * p->area;
			if (p->legal && (bs->best[s] < 0 || c < best)) {
				best = c;
				bs->best[s] = i;
			}
		}
		every = every && bs->best[s] >= 0;
	}
	return every;
}

static double ex_own_cost(const ex_board_shapes *bs, int s)
{
	const ex_point *p = bs->pt[s][bs->best[s]];
	return p->time_us * p->area;
}

/* The ratios of point i at every shape, and their statistics. */
static void ex_point_stats(const ex_shapes *x, const ex_board_shapes *bs, int i, double *ratio,
	ex_robust *st)
{
	double w[EX_MAX_SHAPES];
	for (int s = 0; s < x->ns; s++) {
		ratio[s] = ex_robust_cost(bs, i, s) / ex_own_cost(bs, s);
		w[s] = x->s[s].weight;
	}
	ex_robust_stats(ratio, w, x->ns, x->o->robust_k, x->o->cvar_alpha, st);
}

static double ex_objective(const ex_robust *st, int which)
{
	return which == 0 ? st->mean : which == 1 ? st->mean_k_std
		: which == 2 ? st->worst_regret : st->cvar;
}

/* The robust point under each objective, the choice under --robust, its
 * ratios and the price of robustness. */
static void ex_choose(const ex_shapes *x, ex_board_shapes *bs)
{
	double best[4];
	int chosen = 3;
	for (int k = 0; k < 4; k++) {
		bs->winner[k] = -1;
		if (!strcmp(x->o->robust, ex_objectives[k]))
			chosen = k;
	}
	for (int i = 0; i < bs->n; i++) {
		if (!ex_robust_legal(x, bs, i))
			continue;
		double ratio[EX_MAX_SHAPES];
		ex_robust st;
		ex_point_stats(x, bs, i, ratio, &st);
		for (int k = 0; k < 4; k++)
			if (bs->winner[k] < 0 || ex_objective(&st, k) < best[k]) {
				best[k] = ex_objective(&st, k);
				bs->winner[k] = i;
			}
	}
	bs->choice = bs->winner[chosen];
	if (bs->choice < 0)
		return;
	ex_point_stats(x, bs, bs->choice, bs->ratio, &bs->stats);
	double num = 0, den = 0;
	for (int s = 0; s < x->ns; s++) {
		num += x->s[s].weight * ex_robust_cost(bs, bs->choice, s);
		den += x->s[s].weight * ex_own_cost(bs, s);
	}
	bs->price = num / den;
}

/* The resource whose share grows the most from the own best at shape s
 * to the robust hardware, into *name, *have and *own. */
static void ex_cliff_cause(const ex_point *big, const ex_point *own, const char **name,
	double *have, double *own_v)
{
	static const char *const names[5] = { "LUTs", "flip-flops", "block-RAM units", "DSPs",
		"huge cells" };
	double a[5] = { big->luts_syn ? big->luts_syn : big->luts_cor,
		big->ffs_syn ? big->ffs_syn : big->ffs_cor, big->units,
		big->dsps_syn ? big->dsps_syn : big->dsps_est, big->huge };
	double b[5] = { own->luts_syn ? own->luts_syn : own->luts_cor,
		own->ffs_syn ? own->ffs_syn : own->ffs_cor, own->units,
		own->dsps_syn ? own->dsps_syn : own->dsps_est, own->huge };
	double worst = -1;
	for (int j = 0; j < 5; j++) {
		double g = b[j] > 0 ? a[j] / b[j] : a[j] > 0 ? 1e9 : 0;
		if (g > worst) {
			worst = g;
			*name = names[j];
			*have = a[j];
			*own_v = b[j];
		}
	}
}

/* Board b's robust choice, per shape, its cliffs and each objective's
 * winner on stdout. */
static void ex_shapes_print(const ex_shapes *x, int b)
{
	const ex_board_shapes *bs = &x->b[b];
	const ex_run *r0 = &x->runs[0];
	const ex_point *const *big = (const ex_point *const *) bs->pt[bs->largest];
	printf("shapes on %s: %d points, hardware sized for %s, cost time x area; ",
		r0->boards[b]->name, bs->n, x->s[bs->largest].name);
	if (bs->choice < 0) {
		printf("no point is legal at every shape\n");
		return;
	}
	printf("robust (%s): %s\n", x->o->robust, big[bs->choice]->key);
	printf("  mean %.4f, mean + %g stddev %.4f, worst regret %.1f%%, CVaR(%g) %.4f; price of "
		"robustness %.4f\n", bs->stats.mean, x->o->robust_k, bs->stats.mean_k_std,
		100 * bs->stats.worst_regret, x->o->cvar_alpha, bs->stats.cvar, bs->price);
	printf("  %-11s %7s %11s %10s %11s %11s %9s  %s\n", "shape", "weight", "cycles", "time us",
		"cost", "own cost", "regret", "own best");
	for (int s = 0; s < x->ns; s++) {
		const ex_point *own = bs->pt[s][bs->best[s]];
		printf("  %-11s %7g %11lld %10.2f %11.5g %11.5g %8.1f%%  %s%s\n", x->s[s].name,
			x->s[s].weight, (long long) bs->pt[s][bs->choice]->cycles,
			(double) bs->pt[s][bs->choice]->cycles / big[bs->choice]->clock_mhz,
			ex_robust_cost(bs, bs->choice, s), ex_own_cost(bs, s),
			100 * (bs->ratio[s] - 1), own->key, bs->ratio[s] > 2 ? "  CLIFF" : "");
	}
	for (int s = 0; s < x->ns; s++) {
		if (bs->ratio[s] <= 2)
			continue;
		const ex_point *own = bs->pt[s][bs->best[s]];
		const char *what = "";
		double have = 0, ownv = 0;
		ex_cliff_cause(big[bs->choice], own, &what, &have, &ownv);
		printf("  cliff at %s: %.2fx its own best; sized for %s it has %.0f %s at %.1f MHz, "
			"the own best %.0f at %.1f MHz\n", x->s[s].name, bs->ratio[s],
			x->s[bs->largest].name, have, what, big[bs->choice]->clock_mhz, ownv,
			own->clock_mhz);
	}
	printf("  robust under each objective:");
	for (int k = 0; k < 4; k++)
		printf("%s %s %s", k ? ";" : "", ex_objectives[k], big[bs->winner[k]]->key);
	putchar('\n');
}

typedef struct ex_shapes_arg {
	const ex_shapes *x;
} ex_shapes_arg;

/* One shape's row of board b's choice in shapes.json. */
static void ex_shape_json(const ex_shapes *x, const ex_board_shapes *bs, int s, FILE *o)
{
	const ex_point *p = bs->pt[s][bs->choice], *big = bs->pt[bs->largest][bs->choice];
	const ex_point *own = bs->pt[s][bs->best[s]];
	fprintf(o, "        { \"shape\": \"%s\", \"weight\": %.6g, \"cycles\": %lld, "
		"\"time_us\": %.6g, \"cost\": %.6g, \"own_best\": ", x->s[s].name, x->s[s].weight,
		(long long) p->cycles, (double) p->cycles / big->clock_mhz,
		ex_robust_cost(bs, bs->choice, s));
	sl_json_str(o, own->key);
	fprintf(o, ", \"own_cycles\": %lld, \"own_clock_mhz\": %.6g, \"own_area\": %.6g, "
		"\"own_cost\": %.6g, \"ratio\": %.6g, \"regret\": %.6g, \"cliff\": %s }",
		(long long) own->cycles, own->clock_mhz, own->area, ex_own_cost(bs, s), bs->ratio[s],
		bs->ratio[s] - 1, bs->ratio[s] > 2 ? "true" : "false");
}

/* Board b in shapes.json. */
static void ex_board_json(const ex_shapes *x, int b, FILE *o)
{
	const ex_board_shapes *bs = &x->b[b];
	fputs("    {\n      \"board\": ", o);
	sl_json_str(o, x->runs[0].boards[b]->name);
	fprintf(o, ",\n      \"points\": %d,\n      \"sized_for\": \"%s\",\n", bs->n,
		x->s[bs->largest].name);
	if (bs->choice < 0) {
		fputs("      \"robust\": null\n    }", o);
		return;
	}
	const ex_point *big = bs->pt[bs->largest][bs->choice];
	fputs("      \"robust\": ", o);
	sl_json_str(o, big->key);
	fprintf(o, ",\n      \"clock_mhz\": %.6g,\n      \"area\": %.6g,\n      \"mean\": %.6g,\n"
		"      \"stddev\": %.6g,\n      \"mean_k_stddev\": %.6g,\n      \"worst_regret\": %.6g,\n"
		"      \"cvar\": %.6g,\n      \"price_of_robustness\": %.6g,\n      \"winners\": {",
		big->clock_mhz, big->area, bs->stats.mean, bs->stats.stddev, bs->stats.mean_k_std,
		bs->stats.worst_regret, bs->stats.cvar, bs->price);
	for (int k = 0; k < 4; k++) {
		fprintf(o, "%s\"%s\": ", k ? ", " : " ", ex_objectives[k]);
		sl_json_str(o, bs->pt[bs->largest][bs->winner[k]]->key);
	}
	fputs(" },\n      \"per_shape\": [\n", o);
	for (int s = 0; s < x->ns; s++) {
		ex_shape_json(x, bs, s, o);
		fputs(s + 1 < x->ns ? ",\n" : "\n", o);
	}
	fputs("      ]\n    }", o);
}

static void ex_shapes_json(const void *arg, FILE *o)
{
	const ex_shapes *x = ((const ex_shapes_arg *) arg)->x;
	const char *base = strrchr(x->o->prog, '/');
	fputs("{\n  \"program\": ", o);
	sl_json_str(o, base ? base + 1 : x->o->prog);
	fprintf(o, ",\n  \"cost\": \"time_us * area\",\n  \"fidelity\": { \"cycles\": \"schedule\", "
		"\"block_ram\": \"estimate\", \"luts\": \"estimate\", \"ffs\": \"estimate\" },\n  \"objective\": \"%s\",\n  \"k\": %.6g,\n"
		"  \"alpha\": %.6g,\n  \"shapes\": [", x->o->robust, x->o->robust_k, x->o->cvar_alpha);
	for (int s = 0; s < x->ns; s++)
		fprintf(o, "%s{ \"shape\": \"%s\", \"w\": %lld, \"h\": %lld, \"weight\": %.6g }",
			s ? ", " : " ", x->s[s].name, (long long) x->s[s].w, (long long) x->s[s].h,
			x->s[s].weight);
	fputs(" ],\n  \"boards\": [\n", o);
	for (int b = 0; b < x->runs[0].nb; b++) {
		ex_board_json(x, b, o);
		fputs(b + 1 < x->runs[0].nb ? ",\n" : "\n", o);
	}
	fputs("  ]\n}\n", o);
}

/* Board b's robust choice for the page (strings borrowed; shapes
 * allocated). */
static void ex_page_robust(const ex_shapes *x, int b, rp_ex_robust *pr)
{
	const ex_board_shapes *bs = &x->b[b];
	rp_ex_shape *rows = sl_xcalloc((size_t) x->ns, sizeof *rows);
	*pr = (rp_ex_robust) { x->runs[0].boards[b]->name, NULL, x->s[bs->largest].name, 0, 0, 0,
		0, 0, 0, rows };
	if (bs->choice < 0)
		return;
	pr->robust = bs->pt[bs->largest][bs->choice]->key;
	pr->mean = bs->stats.mean;
	pr->mean_k_std = bs->stats.mean_k_std;
	pr->worst_regret = bs->stats.worst_regret;
	pr->cvar = bs->stats.cvar;
	pr->price = bs->price;
	pr->n = x->ns;
	for (int s = 0; s < x->ns; s++)
		rows[s] = (rp_ex_shape) { x->s[s].name, bs->pt[s][bs->best[s]]->key, x->s[s].weight,
			ex_robust_cost(bs, bs->choice, s), ex_own_cost(bs, s), bs->ratio[s],
			bs->pt[s][bs->choice]->cycles, bs->ratio[s] > 2 };
}

static void ex_shapes_page(const void *arg, FILE *o)
{
	const ex_shapes *x = ((const ex_shapes_arg *) arg)->x;
	int nb = x->runs[0].nb;
	rp_ex_robust *pr = sl_xcalloc((size_t) nb, sizeof *pr);
	for (int b = 0; b < nb; b++)
		ex_page_robust(x, b, &pr[b]);
	const char *base = strrchr(x->o->prog, '/');
	rp_explore e = { base ? base + 1 : x->o->prog, 0, NULL, NULL, NULL, NULL, nb, pr,
		x->o->robust };
	rp_explore_html(&e, o);
	for (int b = 0; b < nb; b++)
		free((void *) pr[b].shapes);
	free(pr);
}

/* shapes.json and report.html into the output directory, as one output
 * set.  0 or 1. */
static int ex_shapes_write(sl_ctx *ctx, const ex_shapes *x)
{
	ex_shapes_arg a = { x };
	if (sl_make_dir(x->o->out_dir) < 0) {
		sl_error(ctx, sl_noloc, "cannot create the output directory '%s'", x->o->out_dir);
		return 1;
	}
	sl_outputs_begin(x->o->out_dir);
	if (rp_write_text(ctx, x->o->out_dir, "shapes.json", ex_shapes_json, &a) < 0 ||
	    rp_write_text(ctx, x->o->out_dir, "report.html", ex_shapes_page, &a) < 0) {
		sl_outputs_abort();
		return 1;
	}
	return sl_outputs_commit() != 0;
}

/* No point of board b serves every shape: the error, with the reason of
 * the first point at the first shape without a legal one (or at the
 * largest).  1. */
static int ex_shapes_none(sl_ctx *ctx, const ex_shapes *x, int b)
{
	const ex_board_shapes *bs = &x->b[b];
	int s = bs->largest;
	for (int t = x->ns - 1; t >= 0; t--)
		if (bs->best[t] < 0)
			s = t;
	sl_error_file(ctx, "sluice explore", "--shapes: no point of the space serves every shape "
		"on %s; at %s: %s", x->runs[0].boards[b]->name, x->s[s].name, bs->pt[s][0]->why);
	return 1;
}

int ex_shapes_main(sl_ctx *ctx, const ex_options *o)
{
	ex_shapes *x = sl_xcalloc(1, sizeof *x);
	x->o = o;
	int rc = ex_shapes_parse(ctx, o->shapes, x), none = 0;
	for (int s = 0; s < x->ns && !rc; s++)
		rc = ex_shape_run(ctx, x, s);
	for (int b = 0; !rc && b < x->runs[0].nb; b++) {
		ex_board_shapes *bs = &x->b[b];
		ex_shapes_eval(x, b);
		bs->largest = ex_largest(x);
		bool every = ex_own_bests(x, bs);
		bs->choice = -1;
		if (every)
			ex_choose(x, bs);
		ex_shapes_print(x, b);
		if (bs->choice < 0)
			none = ex_shapes_none(ctx, x, b);
	}
	if (!rc)
		rc = ex_shapes_write(ctx, x);
	if (!rc)
		rc = none;	/* the other boards' choices are written all the same */
	for (int s = 0; s < x->ns; s++) {
		ex_run_release(&x->runs[s]);
		free(x->defs[s]);
	}
	for (int b = 0; b < EX_MAX_BOARDS; b++)
		for (int s = 0; s < EX_MAX_SHAPES; s++)
			free(x->b[b].pt[s]);
	free(x);
	return rc;
}
