/* driver/pubstudy.c: `sluice study --memory ...`, buffer configurations
 * side by side.
 * Stage: driver.  The program is compiled once (today's mapping); then
 * for every memory (native, pub) and, for pub, every fetch width and
 * depth, its buffers are mapped onto tiles of that configuration
 * (ub_pub_map, each in a diagnostics context of its own, so an illegal
 * configuration is a row saying why, not an error of the run) and costed
 * by the model of docs/pub.md "Area and energy".  One table on stdout,
 * DIR/pub_study.csv and DIR/pub_study.json, rows in the order of the
 * loops. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "driver/study.h"
#include "flow/flow.h"

enum { PS_MAX = 16 };

typedef struct ps_row {
	bool pub;
	int fw;
	int64_t depth;
	bool legal;
	char why[400];
	int tiles, mapped, native;	/* tiles; buffers on tiles; buffers kept native */
	int64_t sram_bits, reg_bits, flops, luts;
	int64_t sram_writes, sram_reads, tb_reads;
	double area, energy;
	/* the dual-port buffer of the same ports (docs/pub.md "Area and
	 * energy"): SRAM bits, area, energy, and the most accesses a tile's
	 * ports make in one cycle (more than 2: two ports do not serve them) */
	int64_t dp_sram_bits;
	double dp_area, dp_energy;
	int dp_peak;
} ps_row;

/* "a,b,c" into at most PS_MAX positive integers that are powers of two;
 * their count, or -1 after a usage error. */
static int ps_list(const char *s, const char *flag, int64_t lo, int64_t hi, int64_t *out)
{
	int n = 0;
	const char *p = s;
	for (;;) {
		char *end;
		errno = 0;
		long long v = strtoll(p, &end, 10);
		if (end == p || errno || v < lo || v > hi || (v & (v - 1)) || n == PS_MAX ||
		    (*end && *end != ',')) {
			fprintf(stderr, "sluice study: error: %s takes up to %d powers of two from "
				"%lld to %lld, comma-separated, not '%s'\n", flag, PS_MAX,
				(long long) lo, (long long) hi, s);
			return -1;
		}
		out[n++] = v;
		if (!*end)
			return n;
		p = end + 1;
	}
}

/* The row of today's mapping: words of SRAM and registers by buffer. */
static void ps_native(const flow_design *d, ps_row *r)
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
static void ps_pub(const flow_design *d, const ub_pub_params *base, int fw, int64_t depth,
	ps_row *r)
{
	ub_pub_params p = *base;
	p.fw = fw;
	p.depth = depth;
	r->pub = true;
	r->fw = fw;
	r->depth = depth;
	sl_ctx *ctx = sl_ctx_alloc();
	char *diag = NULL;
	size_t dlen = 0;
	FILE *df = open_memstream(&diag, &dlen);
	sl_ctx_set_diag_stream(ctx, df);
	ub_pub_set *ps = ub_pub_map(ctx, d->isl, d->ubs, &p, d->opts.ub.register_threshold);
	sl_ctx_free(ctx);	/* flushes its diagnostics into df */
	fclose(df);
	r->legal = ps != NULL;
	if (!ps) {
		/* the first line of the diagnostic, after its location */
		const char *m = diag ? strstr(diag, "error: ") : NULL;
		m = m ? m + 7 : "unknown";
		size_t n = strcspn(m, "\n");
		snprintf(r->why, sizeof r->why, "%.*s", (int) (n < 399 ? n : 399), m);
	}
	for (int i = 0; ps && i < ps->n_bufs; i++) {
		const ub_pub_buf *pb = &ps->bufs[i];
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
			ub_pub_cost c, dp;
			const ub_pub_counts *n = &pb->tiles[k].counts;
			ub_pub_cost_tile(&p, pb->buf->width_bits, n, &c);
			ub_pub_cost_dualport(&p, pb->buf->width_bits, n, &dp);
			int peak = ub_pub_dualport_peak(&pb->tiles[k]);
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
	ub_pub_set_free(ps);
	free(diag);
}

enum { PS_COLS = 20 };
static const char *const ps_heads[PS_COLS] = { "memory", "fw", "depth", "legal", "tiles",
	"buffers_on_tiles", "buffers_native", "sram_bits", "register_bits", "tile_flops",
	"sram_writes", "sram_reads", "area_um2", "energy_pj", "dualport_sram_bits",
	"dualport_area_um2", "dualport_energy_pj", "dualport_peak_accesses",
	"area_vs_dualport", "energy_vs_dualport" };

static void ps_fields(const ps_row *r, char f[PS_COLS][64])
{
	snprintf(f[0], 64, "%s", r->pub ? "pub" : "native");
	snprintf(f[1], 64, r->pub ? "%d" : "-", r->fw);
	snprintf(f[2], 64, r->pub ? "%lld" : "-", (long long) r->depth);
	snprintf(f[3], 64, "%s", r->legal ? "yes" : "no");
	if (!r->legal) {
		for (int c = 4; c < PS_COLS; c++)
			snprintf(f[c], 64, "-");
		return;
	}
	snprintf(f[4], 64, "%d", r->tiles);
	snprintf(f[5], 64, "%d", r->mapped);
	snprintf(f[6], 64, "%d", r->native);
	snprintf(f[7], 64, "%lld", (long long) r->sram_bits);
	snprintf(f[8], 64, "%lld", (long long) r->reg_bits);
	snprintf(f[9], 64, r->pub ? "%lld" : "-", (long long) r->flops);
	snprintf(f[10], 64, r->pub ? "%lld" : "-", (long long) r->sram_writes);
	snprintf(f[11], 64, r->pub ? "%lld" : "-", (long long) r->sram_reads);
	snprintf(f[12], 64, r->pub ? "%.0f" : "-", r->area);
	snprintf(f[13], 64, r->pub ? "%.1f" : "-", r->energy);
	bool dp = r->pub && r->tiles > 0;
	snprintf(f[14], 64, dp ? "%lld" : "-", (long long) r->dp_sram_bits);
	snprintf(f[15], 64, dp ? "%.0f" : "-", r->dp_area);
	snprintf(f[16], 64, dp ? "%.1f" : "-", r->dp_energy);
	snprintf(f[17], 64, dp ? "%d" : "-", r->dp_peak);
	snprintf(f[18], 64, dp ? "%.3f" : "-", dp ? r->area / r->dp_area : 0.0);
	snprintf(f[19], 64, dp ? "%.3f" : "-", dp ? r->energy / r->dp_energy : 0.0);
}

static void ps_table(const ps_row *rows, int n, FILE *o)
{
	char f[PS_COLS][64];
	for (int c = 0; c < PS_COLS; c++)
		fprintf(o, "%s%s", ps_heads[c], c + 1 < PS_COLS ? " " : "\n");
	for (int i = 0; i < n; i++) {
		ps_fields(&rows[i], f);
		for (int c = 0; c < PS_COLS; c++)
			fprintf(o, "%s%s", f[c], c + 1 < PS_COLS ? " " : "");
		if (!rows[i].legal)
			fprintf(o, "  (%s)", rows[i].why);
		fputc('\n', o);
	}
}

static int ps_write(const char *dir, const char *file, const char *buf, size_t len)
{
	char *path = sl_path_join(dir, file, NULL);
	int rc = sl_write_file_atomic(path, buf, len);
	if (rc == 0)
		fprintf(stderr, "wrote %s\n", path);
	else
		fprintf(stderr, "sluice: error: cannot write '%s': %s\n", path, strerror(errno));
	free(path);
	return rc;
}

static int ps_files(const pub_study_options *so, const ps_row *rows, int n, int64_t cycles)
{
	char *buf = NULL, f[PS_COLS][64];
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	for (int c = 0; c < PS_COLS; c++)
		fprintf(o, "%s,", ps_heads[c]);
	fputs("why\n", o);
	for (int i = 0; i < n; i++) {
		ps_fields(&rows[i], f);
		for (int c = 0; c < PS_COLS; c++)
			fprintf(o, "%s,", f[c]);
		fprintf(o, "\"%s\"\n", rows[i].legal ? "" : rows[i].why);
	}
	fclose(o);
	int rc = ps_write(so->out_dir, "pub_study.csv", buf, len);
	free(buf);
	buf = NULL;
	o = open_memstream(&buf, &len);
	fputs("{\n  \"program\": ", o);
	sl_json_str(o, so->prog);
	fprintf(o, ",\n  \"predicted_cycles\": %lld,\n  \"rows\": [\n", (long long) cycles);
	for (int i = 0; i < n; i++) {
		ps_fields(&rows[i], f);
		fputs("    {", o);
		for (int c = 0; c < PS_COLS; c++) {
			fprintf(o, "%s\"%s\": ", c ? ", " : " ", ps_heads[c]);
			sl_json_str(o, f[c]);
		}
		fputs(", \"why\": ", o);
		sl_json_str(o, rows[i].legal ? "" : rows[i].why);
		fputs(i + 1 < n ? " },\n" : " }\n", o);
	}
	fputs("  ]\n}\n", o);
	fclose(o);
	if (ps_write(so->out_dir, "pub_study.json", buf, len) != 0)
		rc = -1;
	free(buf);
	return rc;
}

int pub_study_run(const pub_study_options *so)
{
	int64_t fws[PS_MAX], depths[PS_MAX];
	int nf = 1, nd = 1, rc = 0;
	bool want_pub = false, want_native = false;
	fws[0] = so->flow.pub.fw;
	depths[0] = so->flow.pub.depth;
	for (const char *p = so->memories; *p;) {
		size_t n = strcspn(p, ",");
		if (n == 3 && !strncmp(p, "pub", 3))
			want_pub = true;
		else if (n == 6 && !strncmp(p, "native", 6))
			want_native = true;
		else {
			fprintf(stderr, "sluice study: error: --memory takes native and pub, "
				"comma-separated, not '%s'\n", so->memories);
			return 2;
		}
		p += n + (p[n] == ',');
	}
	if ((so->fetches && (nf = ps_list(so->fetches, "--fetch", 1, 64, fws)) < 0) ||
	    (so->depths && (nd = ps_list(so->depths, "--depth", 2, 1 << 20, depths)) < 0))
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
	int total = (want_native ? 1 : 0) + (want_pub ? nf * nd : 0), k = 0;
	ps_row *rows = sl_xcalloc((size_t) total + 1, sizeof(*rows));
	if (want_native)
		ps_native(d, &rows[k++]);
	for (int i = 0; want_pub && i < nf; i++)
		for (int j = 0; j < nd; j++) {
			fprintf(stderr, "pub FW %lld, DEPTH %lld\n", (long long) fws[i],
				(long long) depths[j]);
			ps_pub(d, &so->flow.pub, (int) fws[i], depths[j], &rows[k++]);
		}
	printf("%s: %lld cycles predicted (every configuration: the schedule does not "
		"change)\n", so->prog, (long long) d->sp->predicted_cycles);
	ps_table(rows, total, stdout);
	if (sl_make_dir(so->out_dir) < 0 || ps_files(so, rows, total, d->sp->predicted_cycles) != 0)
		rc = 1;
	free(rows);
	flow_free(d);
	sl_ctx_free(ctx);
	return rc;
}
