/* verilator/pubcount.c: the push-memory tiles' access counts measured in
 * Verilator, checked against the tile model.
 * Stage: verilator (after the run).  With --memory pub
 * the harness is built with SL_PUB_COUNT, under which every sl_pub
 * instance counts the fires of each of its controllers in a run and
 * prints, when the run ends (the next flush, or the end of the
 * simulation), one line (rtlgen/lib/sl_pub.v):
 *     sl_pub_count PATH run R ni NI no NO N_0 N_1 ... N_{2(NI+NO)-1}
 * N_c the fires of controller c in register-map order (IN_i, WR_i, RD_j,
 * OUT_j).  Each line is matched to its tile by the instance name
 * rtlgen/pub.c gives it (PRODUCER_pubK, the last component of PATH) and
 * compared with that tile's counts (which pub_map checked against
 * pub_model's), the whole run's: the harness clocks on after done
 * until the tiles' last fire (vl_pub_last_fire; docs/pub.md, "Counts
 * in Verilator").  Owns nothing past a call. */
#include <stdlib.h>
#include <string.h>

#include "verilator/verilator_private.h"

enum { PC_MAX_PORTS = 8 };

/* One line of the testbench's output. */
typedef struct pc_line {
	char *inst;		/* owned: the last component of PATH */
	long long run;
	int ni, no;
	int64_t fires[4 * PC_MAX_PORTS];	/* register-map order */
	bool used;		/* matched to a tile */
} pc_line;

/* A non-negative decimal at *p, then a space or the end: its value, *p
 * past it; false for anything else. */
static bool pc_number(const char **p, long long *v)
{
	const char *s = *p;
	if (*s < '0' || *s > '9')
		return false;
	long long n = 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > (INT64_MAX - 9) / 10)
			return false;
		n = n * 10 + (*s - '0');
	}
	if (*s && *s != ' ')
		return false;
	*v = n;
	*p = *s ? s + 1 : s;
	return true;
}

/* "WORD " at *p: *p past it. */
static bool pc_word(const char **p, const char *word)
{
	size_t n = strlen(word);
	if (strncmp(*p, word, n) || (*p)[n] != ' ')
		return false;
	*p += n + 1;
	return true;
}

/* A count line without its "sl_pub_count " and newline into *l (its
 * inst set whenever it returns true). */
static bool pc_parse(const char *s, pc_line *l)
{
	memset(l, 0, sizeof *l);
	const char *sp = strchr(s, ' ');
	if (!sp || sp == s)
		return false;
	const char *dot = s;
	for (const char *q = s; q < sp; q++)
		if (*q == '.')
			dot = q + 1;
	if (sp == dot)
		return false;
	const char *p = sp + 1;
	long long ni, no;
	if (!pc_word(&p, "run") || !pc_number(&p, &l->run) || !pc_word(&p, "ni")
	    || !pc_number(&p, &ni) || !pc_word(&p, "no") || !pc_number(&p, &no)
	    || ni < 1 || ni > PC_MAX_PORTS || no < 1 || no > PC_MAX_PORTS)
		return false;
	l->ni = (int) ni;
	l->no = (int) no;
	for (int c = 0; c < 2 * (l->ni + l->no); c++) {
		long long v;
		if (!pc_number(&p, &v))
			return false;
		l->fires[c] = v;
	}
	if (*p)
		return false;
	l->inst = sl_xmalloc((size_t) (sp - dot) + 1);
	memcpy(l->inst, dot, (size_t) (sp - dot));
	l->inst[sp - dot] = 0;
	return true;
}

static void pc_lines_free(pc_line *lines, int n)
{
	for (int i = 0; i < n; i++)
		free(lines[i].inst);
	free(lines);
}

/* Every "sl_pub_count" line of "log": a heap array (*n lines), or NULL
 * with *n -1 after a malformed one (reported). */
static pc_line *pc_lines(sl_ctx *ctx, const char *log, int *n)
{
	static const char tag[] = "sl_pub_count ";
	pc_line *lines = NULL;
	*n = 0;
	for (const char *s = log; s && *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t) (nl - s) : strlen(s);
		if (len >= sizeof tag - 1 && !strncmp(s, tag, sizeof tag - 1)) {
			char *text = sl_xmalloc(len + 1);
			memcpy(text, s, len);
			text[len] = 0;
			lines = sl_xrealloc(lines, (size_t) (*n + 1) * sizeof(*lines));
			if (!pc_parse(text + sizeof tag - 1, &lines[*n])) {
				sl_error(ctx, sl_noloc, "the Verilator testbench printed a malformed "
					"count line: '%s'", text);
				free(text);
				pc_lines_free(lines, *n);
				*n = -1;
				return NULL;
			}
			free(text);
			(*n)++;
		}
		s = nl ? nl + 1 : NULL;
	}
	return lines;
}


/* The counts of a line, as the tile model keeps them. */
static void pc_counts(const pc_line *l, pub_counts *c)
{
	memset(c, 0, sizeof *c);
	for (int i = 0; i < l->ni; i++) {
		c->agg_writes += l->fires[i];
		c->sram_writes += l->fires[l->ni + i];
	}
	for (int j = 0; j < l->no; j++) {
		c->sram_reads += l->fires[2 * l->ni + j];
		c->tb_reads_port[j] = l->fires[2 * l->ni + l->no + j];
		c->tb_reads += c->tb_reads_port[j];
	}
	c->steps = c->agg_writes + c->sram_writes + c->sram_reads + c->tb_reads;
}

/* One count of a tile: its name, the output (-1: the tile's), the
 * tile model's value and Verilator's. */
typedef struct pc_row {
	const char *what;
	int port;
	int64_t model, vl;
} pc_row;

/* One tile's model counts against the line measured; 0 or -1 (every
 * difference reported).  "several": the harness made several runs (the
 * message names the run); "at_most": a run cut short by a reset, whose
 * counts may only fall short of the model's. */
static int pc_compare(sl_ctx *ctx, const pub_buf *pb, int k, int n_outs,
	const pub_counts *m, const pc_line *l, bool several, bool at_most)
{
	pub_counts v;
	pc_counts(l, &v);
	pc_row rows[4 + PC_MAX_PORTS];
	int n = 0;
	rows[n++] = (pc_row) { "aggregator writes", -1, m->agg_writes, v.agg_writes };
	rows[n++] = (pc_row) { "SRAM writes", -1, m->sram_writes, v.sram_writes };
	rows[n++] = (pc_row) { "SRAM reads", -1, m->sram_reads, v.sram_reads };
	for (int j = 0; j < l->no; j++)
		rows[n++] = (pc_row) { "transpose-buffer reads", j,
			j < n_outs ? m->tb_reads_port[j] : 0, v.tb_reads_port[j] };
	rows[n++] = (pc_row) { "controller steps", -1, m->steps, v.steps };
	int rc = 0;
	for (int r = 0; r < n; r++) {
		if (rows[r].model == rows[r].vl || (at_most && rows[r].vl < rows[r].model))
			continue;
		char port[32] = "", run[80] = "";
		if (rows[r].port >= 0)
			snprintf(port, sizeof port, " of output %d", rows[r].port);
		if (several)
			snprintf(run, sizeof run, " in run %lld%s", l->run,
				at_most ? " (cut by a reset: at most the model's)" : "");
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): %s%s: the tile "
			"model counts %lld, Verilator %lld%s", k, pb->buf->name, l->inst, rows[r].what,
			port, (long long) rows[r].model, (long long) rows[r].vl, run);
		rc = -1;
	}
	return rc;
}

/* Is line l one of the runs first .. first + n_runs - 1 looked at (with
 * "all", every line is)? */
static bool pc_in_range(const pc_line *l, int first, int n_runs, bool all)
{
	return all || (l->run >= first && l->run < first + n_runs);
}

/* The lines of instance "inst" (marked used) into got[0 .. n_runs-1],
 * run first + r in got[r]; false when it has none, another number of
 * lines, or not runs first .. first + n_runs - 1 once each (reported).
 * Without "all", lines of other runs are not looked at. */
static bool pc_find(sl_ctx *ctx, const pub_buf *pb, int k, const char *inst,
	pc_line *lines, int n, int first, int n_runs, bool all, pc_line **got)
{
	int runs = 0;
	bool seq = true;
	long long last = 0;
	for (int r = 0; r < n_runs; r++)
		got[r] = NULL;
	for (int j = 0; j < n; j++)
		if (!strcmp(lines[j].inst, inst) && pc_in_range(&lines[j], first, n_runs, all)) {
			long long r = lines[j].run - first;
			lines[j].used = true;
			runs++;
			last = lines[j].run;
			if (r >= 0 && r < n_runs && !got[r])
				got[r] = &lines[j];
			else
				seq = false;
		}
	if (runs == n_runs && seq)
		return true;
	if (runs == 0)
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s': Verilator reported no "
			"counts of instance '%s'", k, pb->buf->name, inst);
	else if (runs != n_runs && n_runs == 1)
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): Verilator reported "
			"%d runs, the harness makes one", k, pb->buf->name, inst, runs);
	else if (runs != n_runs)
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): Verilator reported "
			"%d runs, the AXI4-Stream testbench makes %d", k, pb->buf->name, inst, runs,
			n_runs);
	else if (n_runs == 1)
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): Verilator reported "
			"run %lld alone, the harness makes run 1", k, pb->buf->name, inst, last);
	else
		sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): Verilator reported "
			"runs other than %d to %d", k, pb->buf->name, inst, first, first + n_runs - 1);
	return false;
}

int vl_pub_check(sl_ctx *ctx, const pub_set *ps, const char *log)
{
	return vl_pub_check_runs(ctx, ps, log, 1, 0);
}

int vl_pub_check_runs(sl_ctx *ctx, const pub_set *ps, const char *log, int n_runs,
	int cut_run)
{
	return vl_pub_check_range(ctx, ps, log, 1, n_runs, cut_run, true);
}

int vl_pub_check_range(sl_ctx *ctx, const pub_set *ps, const char *log, int first,
	int n_runs, int cut_run, bool all)
{
	int n = 0;
	pc_line *lines = pc_lines(ctx, log, &n);
	if (n < 0)
		return -1;
	int rc = 0;
	pc_line **runs = sl_xcalloc((size_t) n_runs, sizeof(*runs));
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (!pub_on_tiles(pb))
			continue;
		for (int k = 0; k < pb->n_tiles; k++) {
			/* the instance name rtlgen gives the tile (rtlgen/plan.c) */
			const char *inst = rtl_tile_name(ctx, pb->buf->producer, k);
			bool found = pc_find(ctx, pb, k, inst, lines, n, first, n_runs, all, runs);
			if (!found) {
				rc = -1;
				continue;
			}
			if (runs[0]->ni != ps->params.n_in || runs[0]->no != ps->params.n_out) {
				sl_error(ctx, sl_noloc, "the push-memory tile %d of '%s' (%s): Verilator "
					"reported %dx%d ports, the tile has %dx%d", k,
					pb->buf->name, runs[0]->inst, runs[0]->ni, runs[0]->no,
					ps->params.n_in, ps->params.n_out);
				rc = -1;
				continue;
			}
			/* the whole run's fires (the harness clocks on after done
			 * until the last one, vl_pub_last_fire): the tile's
			 * counts, which the mapping ran the tile model to equal */
			for (int r = 0; r < n_runs; r++)
				if (pc_compare(ctx, pb, k, pb->tiles[k].n_outs, &pb->tiles[k].counts,
					runs[r], n_runs > 1 || !all, r + 1 == cut_run) < 0)
					rc = -1;
		}
	}
	free(runs);
	for (int j = 0; j < n; j++)
		if (!lines[j].used && pc_in_range(&lines[j], first, n_runs, all)) {
			sl_error(ctx, sl_noloc, "Verilator reported the counts of '%s', which is no "
				"push-memory tile of the design", lines[j].inst);
			rc = -1;
		}
	pc_lines_free(lines, n);
	return rc;
}

int64_t vl_pub_last_fire(const pub_set *ps)
{
	int64_t last = -1;
	for (int i = 0; ps && i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		for (int k = 0; pub_on_tiles(pb) && k < pb->n_tiles; k++)
			for (int c = 0; c < pb->tiles[k].n_ctrl; c++) {
				/* the last iteration of the nest, every index at its end */
				const pub_ctrl *x = &pb->tiles[k].ctrl[c];
				int64_t t = x->sg_start;
				for (int l = 0; l < x->n_levels; l++)
					t += x->sg[l] * (x->ext[l] - 1);
				if (x->enable && t > last)
					last = t;
			}
	}
	return last;
}
