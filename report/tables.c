/* report/tables.c: the studies' tables and files.
 * Stage: report (rank 12, beside flow/).  `sluice study` hands its rows
 * (rp_study_row) and `sluice study --memory` its configurations
 * (rp_pub_row); here they become the table on stdout, DIR/study.csv,
 * DIR/study.json and DIR/report.html, or DIR/pub_study.csv and
 * DIR/pub_study.json.  The text is a function of the rows alone: the
 * same options give the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

enum { STUDY_FIELD = 600 };

int64_t rp_block_cells(const board *bd, const int64_t *cells)
{
	int64_t n = 0;
	for (int m = 0; m < bd->n_mems; m++)
		if (!strcmp(bd->mems[m].kind, "block"))
			n += cells[m];
	return n;
}

static void study_cells(char *buf, size_t n, const rp_study_row *r, bool measured)
{
	if (!r->synthesized && !r->fits) {
		snprintf(buf, n, "%lld/-",
			(long long) rp_block_cells(r->bd, r->fit.cells));
		return;
	}
	snprintf(buf, n, "%lld/%lld", (long long) rp_block_cells(r->bd, r->fit.cells),
		(long long) (measured ? rp_block_cells(r->bd, r->syn.cells) : 0));
}

static void study_num(char *buf, size_t n, bool known, long long v)
{
	if (known)
		snprintf(buf, n, "%lld", v);
	else
		snprintf(buf, n, "-");
}

/* "estimated/measured", or "estimated/-" before synthesis. */
static void study_pair(char *buf, size_t n, long long est, bool syn, long long meas)
{
	if (syn)
		snprintf(buf, n, "%lld/%lld", est, meas);
	else
		snprintf(buf, n, "%lld/-", est);
}

/* The text fields of a row, in column order. */
enum { STUDY_COLS = 17 };
static const char *const study_heads[STUDY_COLS] = { "board", "schedule", "unroll",
	"threshold", "ram", "pred_cycles", "meas_cycles", "px_per_cycle", "buffer_words",
	"luts_est/meas", "ffs_est/meas", "block_ram", "bram_pred/meas", "dsps_est/meas",
	"fmax_mhz", "mpx_per_s", "status" };

static void study_fields(const rp_study_row *r, char f[STUDY_COLS][STUDY_FIELD])
{
	bool syn = r->synthesized && (r->syn.luts || r->syn.ffs);
	snprintf(f[0], STUDY_FIELD, "%s", r->bd->name);
	snprintf(f[1], STUDY_FIELD, "%s", r->schedule);
	snprintf(f[2], STUDY_FIELD, "%d", r->unroll);
	snprintf(f[3], STUDY_FIELD, "%lld", (long long) r->threshold);
	snprintf(f[4], STUDY_FIELD, "%s", ub_ram_str(r->ram));
	snprintf(f[5], STUDY_FIELD, "%lld", (long long) r->pred_cycles);
	study_num(f[6], STUDY_FIELD, r->meas_cycles >= 0, (long long) r->meas_cycles);
	snprintf(f[7], STUDY_FIELD, "%.3f", r->px_per_cycle);
	snprintf(f[8], STUDY_FIELD, "%lld", (long long) r->words);
	study_pair(f[9], STUDY_FIELD, (long long) tg_luts(&r->fit), syn, (long long) r->syn.luts);
	study_pair(f[10], STUDY_FIELD, (long long) tg_ffs(&r->fit), syn, (long long) r->syn.ffs);
	snprintf(f[11], STUDY_FIELD, "%s", board_block_mem(r->bd)->cell);
	if (syn)
		study_cells(f[12], STUDY_FIELD, r, true);
	else
		snprintf(f[12], STUDY_FIELD, "%lld/-", (long long) rp_block_cells(r->bd, r->fit.cells));
	study_pair(f[13], STUDY_FIELD, (long long) tg_dsps(&r->fit), syn, (long long) r->syn.dsps);
	if (syn && r->syn.fmax > 0) {
		snprintf(f[14], STUDY_FIELD, "%.2f", r->syn.fmax);
		snprintf(f[15], STUDY_FIELD, "%.1f", r->px_per_cycle * r->syn.fmax);
	} else {
		snprintf(f[14], STUDY_FIELD, "-");
		snprintf(f[15], STUDY_FIELD, "-");
	}
	snprintf(f[16], STUDY_FIELD, "%s", r->status);
}

void rp_study_table(const rp_study_row *rows, int n, FILE *o)
{
	int w[STUDY_COLS];
	char (*f)[STUDY_COLS][STUDY_FIELD] = sl_xcalloc((size_t) n + 1, sizeof(*f));
	for (int c = 0; c < STUDY_COLS; c++)
		w[c] = (int) strlen(study_heads[c]);
	for (int i = 0; i < n; i++) {
		study_fields(&rows[i], f[i]);
		for (int c = 0; c < STUDY_COLS - 1; c++)
			if ((int) strlen(f[i][c]) > w[c])
				w[c] = (int) strlen(f[i][c]);
	}
	for (int c = 0; c < STUDY_COLS - 1; c++)
		fprintf(o, "%-*s  ", w[c], study_heads[c]);
	fprintf(o, "%s\n", study_heads[STUDY_COLS - 1]);
	for (int i = 0; i < n; i++) {
		for (int c = 0; c < STUDY_COLS - 1; c++)
			fprintf(o, "%-*s  ", w[c], f[i][c]);
		fprintf(o, "%s\n", f[i][STUDY_COLS - 1]);
	}
	free(f);
}

void rp_csv_field(FILE *o, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, o);
		return;
	}
	fputc('"', o);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', o);
		fputc(*s, o);
	}
	fputc('"', o);
}

/* One CSV line: the "n" fields at "f", "stride" bytes apart, then "last"
 * when it is not NULL. */
static void study_csv_line(FILE *o, const char *f, size_t stride, int n, const char *last)
{
	for (int c = 0; c < n; c++) {
		rp_csv_field(o, f + (size_t) c * stride);
		if (c + 1 < n || last)
			fputc(',', o);
	}
	if (last)
		rp_csv_field(o, last);
	fputc('\n', o);
}

static void study_json_row(FILE *o, const rp_study_row *r)
{
	bool syn = r->synthesized && (r->syn.luts || r->syn.ffs);
	fputs("    { \"board\": ", o);
	sl_json_str(o, r->bd->name);
	fputs(", \"schedule\": ", o);
	sl_json_str(o, r->schedule);
	fprintf(o, ", \"unroll\": %d, \"pixels_per_cycle\": %.6f", r->unroll, r->px_per_cycle);
	fprintf(o, ", \"threshold\": %lld, \"ram\": \"%s\",\n      \"predicted_cycles\": %lld, "
		"\"measured_cycles\": ", (long long) r->threshold, ub_ram_str(r->ram),
		(long long) r->pred_cycles);
	if (r->meas_cycles >= 0)
		fprintf(o, "%lld", (long long) r->meas_cycles);
	else
		fputs("null", o);
	fprintf(o, ", \"buffer_words\": %lld, \"fits\": %s,\n      \"storage_flip_flops\": %lld, "
		"\"block_ram_units\": %lld,\n", (long long) r->words, r->fits ? "true" : "false",
		(long long) r->fit.ffs, (long long) r->fit.units);
	fprintf(o, "      \"luts_estimated\": %lld, \"flip_flops_estimated\": %lld, "
		"\"dsps_estimated\": %lld,\n", (long long) tg_luts(&r->fit),
		(long long) tg_ffs(&r->fit), (long long) tg_dsps(&r->fit));
	if (syn)
		fprintf(o, "      \"luts\": %lld, \"flip_flops\": %lld, \"dsps\": %lld,\n",
			(long long) r->syn.luts, (long long) r->syn.ffs, (long long) r->syn.dsps);
	else
		fputs("      \"luts\": null, \"flip_flops\": null, \"dsps\": null,\n", o);
	fputs("      \"block_rams\": [", o);
	for (int m = 0; m < r->bd->n_mems; m++) {
		fputs(m ? ", " : "", o);
		fputs("{ \"cell\": ", o);
		sl_json_str(o, r->bd->mems[m].cell);
		fprintf(o, ", \"predicted\": %lld, \"measured\": ", (long long) r->fit.cells[m]);
		if (syn)
			fprintf(o, "%lld }", (long long) r->syn.cells[m]);
		else
			fputs("null }", o);
	}
	fputs("],\n      \"fmax_mhz\": ", o);
	if (syn && r->syn.fmax > 0)
		fprintf(o, "%.2f, \"mpixels_per_s\": %.3f", r->syn.fmax, r->px_per_cycle * r->syn.fmax);
	else
		fputs("null, \"mpixels_per_s\": null", o);
	fputs(", \"status\": ", o);
	sl_json_str(o, r->status);
	fputs(" }", o);
}

/* Write DIR/FILE in the study's output set ("wrote" at its commit). */
static int study_write(sl_ctx *ctx, const char *dir, const char *file, const char *buf,
	size_t len)
{
	return rp_write_bytes(ctx, dir, file, buf, len);
}

/* The program's file name, without its directories. */
static const char *study_base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* "status" with "DIR/" left out of the paths it names (the page names no
 * absolute path: "see ice40up5k_stream_t8_auto"), into buf. */
static const char *study_rel_status(const char *status, const char *dir, char *buf,
	size_t n)
{
	size_t dl = strlen(dir), k = 0;
	for (const char *p = status; *p && k + 1 < n; ) {
		if (!strncmp(p, dir, dl) && p[dl] == '/') {
			p += dl + 1;
			continue;
		}
		buf[k++] = *p++;
	}
	buf[k] = 0;
	return buf;
}

/* DIR/report.html: the rows as configurations of a scatter. */
static int study_html(sl_ctx *ctx, const char *prog, const char *dir,
	const rp_study_row *rows, int n)
{
	rp_config *c = sl_xcalloc((size_t) n + 1, sizeof(*c));
	char (*status)[sizeof rows[0].status] = sl_xcalloc((size_t) n + 1, sizeof(*status));
	char (*sched)[48] = sl_xcalloc((size_t) n + 1, sizeof(*sched));
	for (int i = 0; i < n; i++) {
		const rp_study_row *r = &rows[i];
		bool syn = r->synthesized && (r->syn.luts || r->syn.ffs);
		if (r->unroll > 1)
			snprintf(sched[i], sizeof sched[i], "%s, %d lanes", r->schedule, r->unroll);
		else
			snprintf(sched[i], sizeof sched[i], "%s", r->schedule);
		c[i] = (rp_config) { r->bd->name, sched[i], r->threshold, ub_ram_str(r->ram),
			r->pred_cycles, syn ? r->syn.luts : tg_luts(&r->fit),
			rp_block_cells(r->bd, syn ? r->syn.cells : r->fit.cells), syn,
			r->fits, board_block_mem(r->bd)->cell,
			study_rel_status(r->status, dir, status[i], sizeof status[i]) };
	}
	rp_study st = { study_base(prog), n, c };
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	rp_study_html(&st, o);
	fclose(o);
	int rc = study_write(ctx, dir, "report.html", buf, len);
	free(buf);
	free(status);
	free(sched);
	free(c);
	return rc;
}

int rp_study_files(sl_ctx *ctx, const char *prog, const char *dir, const rp_study_row *rows,
	int n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	char f[STUDY_COLS][STUDY_FIELD];
	for (int c = 0; c < STUDY_COLS; c++)
		fprintf(o, "%s%s", study_heads[c], c + 1 < STUDY_COLS ? "," : "\n");
	for (int i = 0; i < n; i++) {
		study_fields(&rows[i], f);
		study_csv_line(o, f[0], sizeof f[0], STUDY_COLS, NULL);
	}
	fclose(o);
	int rc = study_write(ctx, dir, "study.csv", buf, len);
	free(buf);
	buf = NULL;
	o = open_memstream(&buf, &len);
	fputs("{\n  \"program\": ", o);
	sl_json_str(o, prog);
	fputs(",\n  \"runs\": [\n", o);
	for (int i = 0; i < n; i++) {
		study_json_row(o, &rows[i]);
		fputs(i + 1 < n ? ",\n" : "\n", o);
	}
	fputs("  ]\n}\n", o);
	fclose(o);
	if (study_write(ctx, dir, "study.json", buf, len) != 0)
		rc = -1;
	free(buf);
	if (study_html(ctx, prog, dir, rows, n) != 0)
		rc = -1;
	return rc;
}

enum { STUDY_PUB_COLS = 21 };
static const char *const study_pub_heads[STUDY_PUB_COLS] = { "memory", "fw", "depth", "ports",
	"legal", "tiles", "buffers_on_tiles", "buffers_native", "sram_bits", "register_bits",
	"tile_flops", "sram_writes", "sram_reads", "area_um2", "energy_pj", "dualport_sram_bits",
	"dualport_area_um2", "dualport_energy_pj", "dualport_peak_accesses",
	"area_vs_dualport", "energy_vs_dualport" };

static void study_pub_fields(const rp_pub_row *r, char f[STUDY_PUB_COLS][64])
{
	int c = 0;
	snprintf(f[c++], 64, "%s", r->pub ? "pub" : "native");
	snprintf(f[c++], 64, r->pub ? "%d" : "-", r->fw);
	snprintf(f[c++], 64, r->pub ? "%lld" : "-", (long long) r->depth);
	if (r->pub)
		snprintf(f[c++], 64, "%dx%d", r->n_in, r->n_out);
	else
		snprintf(f[c++], 64, "-");
	snprintf(f[c++], 64, "%s", r->legal ? "yes" : "no");
	if (!r->legal) {
		while (c < STUDY_PUB_COLS)
			snprintf(f[c++], 64, "-");
		return;
	}
	snprintf(f[c++], 64, "%d", r->tiles);
	snprintf(f[c++], 64, "%d", r->mapped);
	snprintf(f[c++], 64, "%d", r->native);
	snprintf(f[c++], 64, "%lld", (long long) r->sram_bits);
	snprintf(f[c++], 64, "%lld", (long long) r->reg_bits);
	snprintf(f[c++], 64, r->pub ? "%lld" : "-", (long long) r->flops);
	snprintf(f[c++], 64, r->pub ? "%lld" : "-", (long long) r->sram_writes);
	snprintf(f[c++], 64, r->pub ? "%lld" : "-", (long long) r->sram_reads);
	snprintf(f[c++], 64, r->pub ? "%.0f" : "-", r->area);
	snprintf(f[c++], 64, r->pub ? "%.1f" : "-", r->energy);
	bool dp = r->pub && r->tiles > 0;
	snprintf(f[c++], 64, dp ? "%lld" : "-", (long long) r->dp_sram_bits);
	snprintf(f[c++], 64, dp ? "%.0f" : "-", r->dp_area);
	snprintf(f[c++], 64, dp ? "%.1f" : "-", r->dp_energy);
	snprintf(f[c++], 64, dp ? "%d" : "-", r->dp_peak);
	snprintf(f[c++], 64, dp ? "%.3f" : "-", dp ? r->area / r->dp_area : 0.0);
	snprintf(f[c++], 64, dp ? "%.3f" : "-", dp ? r->energy / r->dp_energy : 0.0);
}

void rp_pub_study_table(const rp_pub_row *rows, int n, FILE *o)
{
	char f[STUDY_PUB_COLS][64];
	for (int c = 0; c < STUDY_PUB_COLS; c++)
		fprintf(o, "%s%s", study_pub_heads[c], c + 1 < STUDY_PUB_COLS ? " " : "\n");
	for (int i = 0; i < n; i++) {
		study_pub_fields(&rows[i], f);
		for (int c = 0; c < STUDY_PUB_COLS; c++)
			fprintf(o, "%s%s", f[c], c + 1 < STUDY_PUB_COLS ? " " : "");
		if (!rows[i].legal)
			fprintf(o, "  (%s)", rows[i].why);
		fputc('\n', o);
	}
}

/* study_write, saying "wrote" (the pub study's files are written one by
 * one, not as a set). */
static int study_pub_write(sl_ctx *ctx, const char *dir, const char *file, const char *buf,
	size_t len)
{
	int rc = study_write(ctx, dir, file, buf, len);
	if (rc == 0)
		fprintf(stderr, "wrote %s/%s\n", dir, file);
	return rc;
}

int rp_pub_study_files(sl_ctx *ctx, const char *prog, const char *dir, const rp_pub_row *rows,
	int n, int64_t cycles)
{
	char *buf = NULL, f[STUDY_PUB_COLS][64];
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	for (int c = 0; c < STUDY_PUB_COLS; c++)
		fprintf(o, "%s,", study_pub_heads[c]);
	fputs("why\n", o);
	for (int i = 0; i < n; i++) {
		study_pub_fields(&rows[i], f);
		study_csv_line(o, f[0], sizeof f[0], STUDY_PUB_COLS, rows[i].legal ? "" : rows[i].why);
	}
	fclose(o);
	int rc = study_pub_write(ctx, dir, "pub_study.csv", buf, len);
	free(buf);
	buf = NULL;
	o = open_memstream(&buf, &len);
	fputs("{\n  \"program\": ", o);
	sl_json_str(o, prog);
	fprintf(o, ",\n  \"predicted_cycles\": %lld,\n  \"rows\": [\n", (long long) cycles);
	for (int i = 0; i < n; i++) {
		study_pub_fields(&rows[i], f);
		fputs("    {", o);
		for (int c = 0; c < STUDY_PUB_COLS; c++) {
			fprintf(o, "%s\"%s\": ", c ? ", " : " ", study_pub_heads[c]);
			sl_json_str(o, f[c]);
		}
		fputs(", \"why\": ", o);
		sl_json_str(o, rows[i].legal ? "" : rows[i].why);
		fputs(i + 1 < n ? " },\n" : " }\n", o);
	}
	fputs("  ]\n}\n", o);
	fclose(o);
	if (study_pub_write(ctx, dir, "pub_study.json", buf, len) != 0)
		rc = -1;
	free(buf);
	return rc;
}

