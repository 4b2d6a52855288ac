/* explore/files.c: explore.json, explore.csv and a point's result.json.
 * Stage: explore (rank 12).  The text is a function of the points alone:
 * sorted by board (in --boards order) and key, numbers in fixed formats,
 * no time and no directory; the files go through report/'s writer
 * (rp_write_text: atomically, in the command's output set).  A point is
 * one field a line, so that --collect reads result.json back with a line
 * scanner (ex_point_parse). */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "report/report.h"

/* The fidelity of the LUT, flip-flop and DSP figures. */
static ex_fid ex_logic_fid(const ex_point *p, bool corrected)
{
	return p->synthesized ? EX_FID_YOSYS : corrected ? EX_FID_CORRECTED : EX_FID_ESTIMATE;
}

static void ex_field_str(FILE *o, const char *pad, const char *name, const char *v, bool comma)
{
	fprintf(o, "%s\"%s\": ", pad, name);
	sl_json_str(o, v);
	fputs(comma ? ",\n" : "\n", o);
}

static void ex_field_int(FILE *o, const char *pad, const char *name, int64_t v)
{
	fprintf(o, "%s\"%s\": %lld,\n", pad, name, (long long) v);
}

static void ex_field_num(FILE *o, const char *pad, const char *name, double v)
{
	fprintf(o, "%s\"%s\": %.6g,\n", pad, name, v);
}

/* The measured fields: what result.json holds and --collect reads. */
static void ex_point_raw(const ex_run *r, const ex_point *p, FILE *o, const char *pad)
{
	ex_field_str(o, pad, "board", r->boards[p->board]->name, true);
	ex_field_str(o, pad, "key", p->key, true);
	ex_field_str(o, pad, "hash", p->hash, true);
	fprintf(o, "%s\"legal\": %s,\n", pad, p->legal ? "true" : "false");
	ex_field_str(o, pad, "why", p->why, true);
	ex_field_int(o, pad, "cycles", p->cycles);
	ex_field_num(o, pad, "clock_mhz", p->clock_mhz);
	ex_field_int(o, pad, "buffer_words", p->words);
	ex_field_int(o, pad, "block_ram_units", p->units);
	ex_field_int(o, pad, "huge_cells", p->huge);
	ex_field_int(o, pad, "luts_estimate", p->luts_est);
	ex_field_int(o, pad, "ffs_estimate", p->ffs_est);
	ex_field_int(o, pad, "ffs_storage_estimate", p->ffs_storage_est);
	ex_field_int(o, pad, "dsps_estimate", p->dsps_est);
	fprintf(o, "%s\"synthesized\": %s,\n", pad, p->synthesized ? "true" : "false");
	ex_field_str(o, pad, "synth_why", p->synth_why, true);
	ex_field_int(o, pad, "luts_yosys", p->luts_syn);
	ex_field_int(o, pad, "ffs_yosys", p->ffs_syn);
	ex_field_int(o, pad, "dsps_yosys", p->dsps_syn);
	ex_field_num(o, pad, "fmax_mhz", p->fmax_mhz);
	fprintf(o, "%s\"fmax_nextpnr\": %s,\n", pad, p->fmax_pnr ? "true" : "false");
}

/* The fidelity of the Fmax figure. */
static const char *ex_fmax_fid(const ex_point *p)
{
	return !p->legal || p->fmax_mhz <= 0 ? "none" : p->fmax_pnr ? "nextpnr" : "delay_model";
}

/* explore.json's "validated" of p (--validate; none: null). */
static void ex_print_validated(const ex_point *p, FILE *o, const char *pad)
{
	fprintf(o, "%s\"validated\": ", pad);
	if (!p->validated) {
		fputs("null,\n", o);
		return;
	}
	fprintf(o, "{ \"ok\": %s, \"bit_exact\": %s, \"cycles\": %lld, \"predicted_cycles\": "
		"%lld, \"fidelity\": \"verilator\", \"why\": ", p->val_ok ? "true" : "false",
		p->val_bit_exact ? "true" : "false", (long long) p->val_cycles, (long long) p->cycles);
	sl_json_str(o, p->val_why);
	fputs(" },\n", o);
}

void ex_point_json(const ex_run *r, const ex_point *p, FILE *o, int indent)
{
	char pad[16];
	snprintf(pad, sizeof pad, "%*s", indent + 2, "");
	fprintf(o, "%*s{\n", indent, "");
	ex_point_raw(r, p, o, pad);
	if (indent == 0) {	/* result.json: the measurements alone */
		fprintf(o, "%s\"version\": 1\n}\n", pad);
		return;
	}
	ex_field_num(o, pad, "time_us", p->time_us);
	ex_field_num(o, pad, "luts_corrected", p->luts_cor);
	ex_field_num(o, pad, "ffs_corrected", p->ffs_cor);
	ex_fid lf = p->legal ? ex_logic_fid(p, r->fit_luts[p->board].n > 0) : EX_FID_NONE;
	fprintf(o, "%s\"fidelity\": { \"cycles\": \"%s\", \"buffer_words\": \"%s\", "
		"\"block_ram\": \"%s\", \"luts\": \"%s\", \"ffs\": \"%s\", \"dsps\": \"%s\", "
		"\"fmax\": \"%s\" },\n", pad,
		ex_fid_str(p->legal ? EX_FID_SCHEDULE : EX_FID_NONE),
		ex_fid_str(p->legal ? EX_FID_SCHEDULE : EX_FID_NONE),
		ex_fid_str(p->legal ? (p->synthesized ? EX_FID_YOSYS : EX_FID_ESTIMATE) : EX_FID_NONE),
		ex_fid_str(lf), ex_fid_str(lf),
		ex_fid_str(p->legal ? ex_logic_fid(p, false) : EX_FID_NONE), ex_fmax_fid(p));
	ex_print_validated(p, o, pad);
	ex_field_num(o, pad, "area", p->legal ? p->area : 0);
	ex_field_num(o, pad, "peak_share", p->legal ? p->peak : 0);
	ex_field_str(o, pad, "bound", p->legal ? p->bound : "", true);
	fprintf(o, "%s\"on_front\": %s\n%*s}", pad, p->on_front ? "true" : "false", indent, "");
}

/* The run's points in file order: board, then key. */
static const ex_run *ex_sort_run;

static int ex_point_cmp(const void *a, const void *b)
{
	const ex_point *x = *(ex_point *const *) a, *y = *(ex_point *const *) b;
	if (x->board != y->board)
		return x->board - y->board;
	return strcmp(x->key, y->key);
}

static ex_point **ex_sorted(const ex_run *r, int *n)
{
	ex_point **s = sl_xcalloc((size_t) r->n + 1, sizeof *s);
	*n = 0;
	for (int i = 0; i < r->n; i++)
		if (r->points[i]->evaluated)
			s[(*n)++] = r->points[i];
	ex_sort_run = r;
	qsort(s, (size_t) *n, sizeof *s, ex_point_cmp);
	return s;
}

typedef struct ex_files_arg {
	ex_run *r;
	const ex_board_result *res;
} ex_files_arg;

static void ex_print_space(const ex_run *r, FILE *o)
{
	fputs("  \"space\": {", o);
	for (int k = 0; k < EX_N_KNOBS; k++) {
		fprintf(o, "%s\"%s\": [", k ? ", " : " ", ex_knob_name(k));
		for (int i = 0; i < r->space.knobs[k].n; i++) {
			fputs(i ? ", " : "", o);
			sl_json_str(o, r->space.knobs[k].values[i]);
		}
		fputs("]", o);
	}
	fputs(" },\n", o);
}

static void ex_print_result(const ex_run *r, int b, const ex_board_result *s, FILE *o)
{
	fputs("    { \"board\": ", o);
	sl_json_str(o, r->boards[b]->name);
	fprintf(o, ", \"stop\": \"%s\", \"space_points\": %lld, \"estimated\": %lld, "
		"\"synthesized\": %lld, \"illegal\": %lld, \"search_yosys_runs\": %lld,\n", s->stop,
		(long long) s->space, (long long) s->estimated, (long long) s->synthesized,
		(long long) s->illegal, (long long) s->yosys_runs);
	fprintf(o, "      \"fit_luts\": { \"n\": %d, \"a\": %.6g, \"b\": %.6g }, "
		"\"fit_ffs\": { \"n\": %d, \"logic\": %.6g, \"storage\": %.6g }", r->fit_luts[b].n,
		r->fit_luts[b].a, r->fit_luts[b].b, r->fit_ffs[b].n, r->fit_ffs[b].s[0],
		r->fit_ffs[b].s[1]);
	if (s->have_truth)
		fprintf(o, ",\n      \"truth\": { \"adrs_percent\": %.4f, \"hypervolume_ratio\": %.4f, "
			"\"truth_front\": %lld, \"explored_front\": %lld, \"mape_luts\": %.2f, "
			"\"mape_ffs\": %.2f, \"kendall_tau_luts\": %.4f, \"kendall_tau_ffs\": %.4f }",
			s->adrs, s->hv_ratio, (long long) s->truth_front, (long long) s->explored_front,
			s->mape_luts, s->mape_ffs, s->tau_luts, s->tau_ffs);
	fputs(" }", o);
}

static void ex_print_json(const void *arg, FILE *o)
{
	const ex_files_arg *a = arg;
	const ex_run *r = a->r;
	const char *base = strrchr(r->prog, '/');
	fputs("{\n  \"program\": ", o);
	sl_json_str(o, base ? base + 1 : r->prog);
	fputs(",\n  \"defines\": {", o);
	for (int i = 0; i < r->n_defines; i++) {
		fputs(i ? ", " : " ", o);
		sl_json_str(o, r->defines[i].name);
		fprintf(o, ": %lld", (long long) r->defines[i].value);
	}
	fputs(r->n_defines ? " },\n" : "},\n", o);
	ex_print_space(r, o);
	fputs("  \"objectives\": [\"time_us\", \"area\"],\n  \"boards\": [\n", o);
	for (int b = 0; b < r->nb; b++) {
		ex_print_result(r, b, &a->res[b], o);
		fputs(b + 1 < r->nb ? ",\n" : "\n", o);
	}
	fputs("  ],\n", o);
	if (r->transfer)
		ex_transfer_report(r, o, true);
	fputs("  \"points\": [\n", o);
	int n;
	ex_point **s = ex_sorted(r, &n);
	for (int i = 0; i < n; i++) {
		ex_point_json(r, s[i], o, 4);
		fputs(i + 1 < n ? ",\n" : "\n", o);
	}
	fputs("  ]\n}\n", o);
	free(s);
}

static void ex_print_csv(const void *arg, FILE *o)
{
	const ex_files_arg *a = arg;
	const ex_run *r = a->r;
	fputs("board,key,legal,cycles,clock_mhz,time_us,buffer_words,block_ram_units,huge_cells,"
		"luts_estimate,luts_corrected,luts_yosys,ffs_estimate,ffs_corrected,ffs_yosys,"
		"dsps_estimate,dsps_yosys,luts_fidelity,area,bound,on_front,fmax_mhz,fmax_fidelity,"
		"validated,bit_exact,cycles_verilator,why\n", o);
	int n;
	ex_point **s = ex_sorted(r, &n);
	for (int i = 0; i < n; i++) {
		const ex_point *p = s[i];
		rp_csv_field(o, r->boards[p->board]->name);
		fputc(',', o);
		rp_csv_field(o, p->key);
		fprintf(o, ",%d,%lld,%.6g,%.6g,%lld,%lld,%lld,%lld,%.6g,%lld,%lld,%.6g,%lld,%lld,%lld,%s,"
			"%.6g,%s,%d,", p->legal, (long long) p->cycles, p->clock_mhz, p->time_us,
			(long long) p->words, (long long) p->units, (long long) p->huge,
			(long long) p->luts_est, p->luts_cor, (long long) p->luts_syn,
			(long long) p->ffs_est, p->ffs_cor, (long long) p->ffs_syn,
			(long long) p->dsps_est, (long long) p->dsps_syn,
			p->legal ? ex_fid_str(ex_logic_fid(p, r->fit_luts[p->board].n > 0)) : "none",
			p->legal ? p->area : 0, p->legal ? p->bound : "", p->on_front);
		fprintf(o, "%.6g,%s,%s,%s,", p->fmax_mhz, ex_fmax_fid(p),
			p->validated ? (p->val_ok ? "ok" : "failed") : "", p->validated
			? (p->val_bit_exact ? "1" : "0") : "");
		if (p->validated)
			fprintf(o, "%lld", (long long) p->val_cycles);
		fputc(',', o);
		rp_csv_field(o, p->legal ? p->synth_why : p->why);
		fputc('\n', o);
	}
	free(s);
}

typedef struct ex_page_arg {
	const rp_explore *e;
} ex_page_arg;

static void ex_print_page(const void *arg, FILE *out)
{
	rp_explore_html(((const ex_page_arg *) arg)->e, out);
}

/* Board b's points and syntheses for the page (their strings borrowed). */
static void ex_page_board(const ex_run *r, int b, const ex_board_result *res, rp_ex_board *pb)
{
	rp_ex_point *pts = sl_xcalloc((size_t) r->n + 1, sizeof *pts);
	rp_ex_step *steps = sl_xcalloc((size_t) r->n_steps[b] + 1, sizeof *steps);
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		const ex_point *p = r->points[i];
		if (p->board == b && p->evaluated && p->legal)
			pts[n++] = (rp_ex_point) { p->key, p->time_us, p->area, p->synthesized,
				p->on_front, p->truth_front };
	}
	for (int i = 0; i < r->n_steps[b]; i++)
		steps[i] = (rp_ex_step) { r->points[r->steps[b][i].point]->key, r->steps[b][i].band,
			r->steps[b][i].front, r->steps[b][i].runs };
	*pb = (rp_ex_board) { r->boards[b]->name, res->stop, res->space, res->yosys_runs,
		res->have_truth, res->adrs, res->hv_ratio, n, r->n_steps[b], pts, steps };
}

/* DIR/report.html of the run, in the output set.  0 or -1. */
static int ex_write_page(sl_ctx *ctx, const ex_run *r, const ex_board_result *res,
	const char *dir)
{
	rp_ex_board *pb = sl_xcalloc((size_t) r->nb, sizeof *pb);
	for (int b = 0; b < r->nb; b++)
		ex_page_board(r, b, &res[b], &pb[b]);
	char *transfer = NULL;
	size_t tlen = 0;
	int *pairs = sl_xcalloc((size_t) (r->nb * r->nb), sizeof *pairs);
	int *agree = sl_xcalloc((size_t) (r->nb * r->nb), sizeof *agree);
	if (r->transfer) {
		FILE *f = open_memstream(&transfer, &tlen);
		ex_transfer_report(r, f, false);
		fclose(f);
		for (int a = 0; a < r->nb; a++)
			for (int b = a + 1; b < r->nb; b++)
				ex_transfer_agreement(r, a, b, &pairs[a * r->nb + b], &agree[a * r->nb + b]);
	}
	const char *base = strrchr(r->prog, '/');
	rp_explore e = { base ? base + 1 : r->prog, r->nb, pb, transfer, pairs, agree, 0, NULL,
		NULL };
	ex_page_arg a = { &e };
	int rc = rp_write_text(ctx, dir, "report.html", ex_print_page, &a);
	for (int b = 0; b < r->nb; b++) {
		free((void *) pb[b].pts);
		free((void *) pb[b].steps);
	}
	free(pb);
	free(transfer);
	free(pairs);
	free(agree);
	return rc;
}

int ex_write_files(sl_ctx *ctx, ex_run *r, const ex_board_result *res, const char *dir)
{
	ex_files_arg a = { r, res };
	if (rp_write_text(ctx, dir, "explore.json", ex_print_json, &a) < 0 ||
	    rp_write_text(ctx, dir, "explore.csv", ex_print_csv, &a) < 0 ||
	    ex_write_page(ctx, r, res, dir) < 0)
		return -1;
	return 0;
}

/* ----------------------------------------------------------- reading back */

/* The value of field "name" on a line '  "name": VALUE,' of "text", or
 * NULL. */
static const char *ex_field(const char *text, const char *name)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\n  \"%s\": ", name);
	const char *at = strstr(text, pat);
	return at ? at + strlen(pat) : NULL;
}

/* A JSON string at "s" (after its quote) into buf; false when it is not
 * one. */
static bool ex_str(const char *s, char *buf, size_t n)
{
	if (!s || *s++ != '"')
		return false;
	size_t k = 0;
	for (; *s && *s != '"'; s++) {
		char c = *s;
		if (c == '\\') {
			c = *++s;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c == 'r')
				c = '\r';
			else if (c == 'u') {
				unsigned v = 0;
				if (sscanf(s + 1, "%4x", &v) != 1)
					return false;
				c = (char) v;
				s += 4;
			}
		}
		if (k + 1 < n)
			buf[k++] = c;
	}
	buf[k] = 0;
	return *s == '"';
}

static int64_t ex_int(const char *text, const char *name)
{
	const char *v = ex_field(text, name);
	return v ? strtoll(v, NULL, 10) : 0;
}

static bool ex_bool(const char *text, const char *name)
{
	const char *v = ex_field(text, name);
	return v && !strncmp(v, "true", 4);
}

/* The coordinate of "key" in the run's space; false when a knob or value
 * is not in it. */
static bool ex_key_coord(const ex_run *r, const char *key, ex_coord *c)
{
	memset(c, 0, sizeof *c);
	for (const char *p = key; *p;) {
		size_t n = strcspn(p, ","), eq = strcspn(p, "=");
		int k = eq < n ? ex_knob_find(p, eq) : -1, v = -1;
		for (int i = 0; k >= 0 && i < r->space.knobs[k].n; i++)
			if (strlen(r->space.knobs[k].values[i]) == n - eq - 1 &&
			    !strncmp(r->space.knobs[k].values[i], p + eq + 1, n - eq - 1))
				v = i;
		if (v < 0)
			return false;
		c->v[k] = v;
		p += n + (p[n] == ',');
	}
	return true;
}

int ex_point_parse(ex_run *r, const char *text, ex_point *p)
{
	char bname[128];
	memset(p, 0, sizeof *p);
	if (!ex_str(ex_field(text, "board"), bname, sizeof bname) ||
	    !ex_str(ex_field(text, "key"), p->key, sizeof p->key) ||
	    !ex_str(ex_field(text, "why"), p->why, sizeof p->why) ||
	    !ex_str(ex_field(text, "synth_why"), p->synth_why, sizeof p->synth_why) ||
	    !ex_key_coord(r, p->key, &p->c))
		return -1;
	p->board = -1;
	for (int b = 0; b < r->nb; b++)
		if (!strcmp(r->boards[b]->name, bname))
			p->board = b;
	const char *clock = ex_field(text, "clock_mhz");
	if (p->board < 0 || !clock)
		return -1;
	p->evaluated = true;
	p->legal = ex_bool(text, "legal");
	p->cycles = ex_int(text, "cycles");
	p->clock_mhz = strtod(clock, NULL);
	p->time_us = p->clock_mhz > 0 ? (double) p->cycles / p->clock_mhz : 0;
	p->words = ex_int(text, "buffer_words");
	p->units = ex_int(text, "block_ram_units");
	p->huge = ex_int(text, "huge_cells");
	p->luts_est = ex_int(text, "luts_estimate");
	p->ffs_est = ex_int(text, "ffs_estimate");
	p->ffs_storage_est = ex_int(text, "ffs_storage_estimate");
	p->dsps_est = ex_int(text, "dsps_estimate");
	p->synthesized = ex_bool(text, "synthesized");
	p->luts_syn = ex_int(text, "luts_yosys");
	p->ffs_syn = ex_int(text, "ffs_yosys");
	p->dsps_syn = ex_int(text, "dsps_yosys");
	const char *fmax = ex_field(text, "fmax_mhz");
	p->fmax_mhz = fmax ? strtod(fmax, NULL) : 0;
	p->fmax_pnr = ex_bool(text, "fmax_nextpnr");
	p->luts_cor = (double) p->luts_est;
	p->ffs_cor = (double) p->ffs_est;
	return 0;
}
