/* boards/boards.c: board files (format: boards/README.md).
 * Stage: beside the scheduler.  One directive per line: a keyword and
 * its values; '#' starts a comment.  Every error names the file, line
 * and column of the offending word. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "boards/boards.h"

#ifndef SLUICE_SOURCE_DIR
#define SLUICE_SOURCE_DIR "."
#endif

/* A line cut into words, each with its column. */
typedef struct board_line {
	sl_ctx *ctx;
	int file;
	int line;
	int n;
	const char *w[64];
	int col[64];
	const char *rest[64];	/* the text from word i to the end of line */
} board_line;

static sl_loc board_loc(const board_line *l, int i)
{
	sl_loc loc = { l->file, l->line, i < l->n ? l->col[i] : 1 };
	return loc;
}

static bool board_int(const board_line *l, int i, int64_t min, int64_t *out)
{
	char *end;
	if (i >= l->n) {
		sl_error(l->ctx, board_loc(l, l->n ? l->n - 1 : 0),
			"'%s' needs a number here", l->w[0]);
		return false;
	}
	errno = 0;
	long long v = strtoll(l->w[i], &end, 10);
	if (*end || errno || v < min) {
		sl_error(l->ctx, board_loc(l, i), "expected an integer >= %lld, not '%s'",
			(long long) min, l->w[i]);
		return false;
	}
	*out = v;
	return true;
}

static bool board_shape_parse(const board_line *l, int i, board_shape *s)
{
	int64_t d;
	int w, used = 0;
	long long dl;
	if (sscanf(l->w[i], "%lldx%d%n", &dl, &w, &used) != 2 || l->w[i][used] ||
	    dl < 1 || w < 1) {
		sl_error(l->ctx, board_loc(l, i), "expected a shape DEPTHxWIDTH, not '%s'", l->w[i]);
		return false;
	}
	d = dl;
	s->depth = d;
	s->width = w;
	return true;
}

/* memory KIND CELL count N units U bits B ports P shapes DxW... */
/* A memory line gave count, bits and shapes, each shape within the bits. */
static bool board_memory_complete(const board_line *l, const board_mem *m)
{
	if (!m->count || !m->bits || !m->n_shapes) {
		sl_error(l->ctx, board_loc(l, 0), "memory '%s' needs count, bits and shapes", m->cell);
		return false;
	}
	for (int s = 0; s < m->n_shapes; s++)
		if (m->shapes[s].depth * m->shapes[s].width > m->bits) {
			sl_error(l->ctx, board_loc(l, 0), "memory '%s': shape %lldx%d exceeds %lld bits",
				m->cell, (long long) m->shapes[s].depth, m->shapes[s].width,
				(long long) m->bits);
			return false;
		}
	return true;
}

static bool board_memory(board *b, const board_line *l)
{
	if (b->n_mems == BOARD_MAX_MEMS) {
		sl_error(l->ctx, board_loc(l, 0), "more than %d memory primitives", BOARD_MAX_MEMS);
		return false;
	}
	if (l->n < 3 || (strcmp(l->w[1], "block") && strcmp(l->w[1], "huge"))) {
		sl_error(l->ctx, board_loc(l, l->n > 1 ? 1 : 0),
			"expected 'memory block|huge CELL ...'");
		return false;
	}
	board_mem *m = &b->mems[b->n_mems];
	m->kind = l->w[1];
	m->cell = l->w[2];
	m->units = 1;
	m->ports = "1r1w";
	for (int i = 3; i < l->n;) {
		const char *k = l->w[i];
		int64_t v;
		if (!strcmp(k, "shapes")) {
			for (i++; i < l->n; i++) {
				if (m->n_shapes == BOARD_MAX_SHAPES) {
					sl_error(l->ctx, board_loc(l, i), "too many shapes");
					return false;
				}
				if (!board_shape_parse(l, i, &m->shapes[m->n_shapes++]))
					return false;
			}
		} else if (!strcmp(k, "ports") && i + 1 < l->n) {
			m->ports = l->w[i + 1];
			i += 2;
		} else if (!strcmp(k, "yosys") && i + 1 < l->n) {
			m->yosys = l->w[i + 1];
			i += 2;
		} else if (!strcmp(k, "count") || !strcmp(k, "units") || !strcmp(k, "bits")) {
			if (!board_int(l, i + 1, !strcmp(k, "units") ? 0 : 1, &v))
				return false;
			if (!strcmp(k, "count"))
				m->count = v;
			else if (!strcmp(k, "units"))
				m->units = (int) v;
			else
				m->bits = v;
			i += 2;
		} else {
			sl_error(l->ctx, board_loc(l, i), "unknown memory field '%s' "
				"(count, units, bits, ports, yosys, shapes)", k);
			return false;
		}
	}
	if (!board_memory_complete(l, m))
		return false;
	b->n_mems++;
	return true;
}

/* One pattern of a cells line: PATTERN or PATTERN=N (N >= 1: the
 * resources one matching cell uses, e.g. CCU2C=2 LUT4s).  '=' because '*'
 * is a glob character (SB_DFF*). */
static bool board_cell_pattern(const board_line *l, int i, board_globs *g)
{
	const char *w = l->w[i], *eq = strchr(w, '=');
	long v = 1;
	if (eq) {
		char *end;
		errno = 0;
		v = eq[1] ? strtol(eq + 1, &end, 10) : 0;
		if (eq == w || !eq[1] || *end || errno || v < 1 || v > 1000000 ||
		    !isdigit((unsigned char) eq[1])) {
			sl_loc loc = board_loc(l, i);
			if (eq != w)
				loc.col += (int) (eq - w) + 1;
			sl_error(l->ctx, loc, "expected PATTERN or PATTERN=WEIGHT "
				"(WEIGHT an integer >= 1), not '%s'", w);
			return false;
		}
	}
	g->pat[g->n] = eq ? sl_strndup(l->ctx, w, (size_t) (eq - w)) : w;
	g->weight[g->n++] = (int) v;
	return true;
}

static bool board_cells(board *b, const board_line *l)
{
	board_globs *g = NULL;
	if (l->n >= 2 && !strcmp(l->w[1], "lut"))
		g = &b->cells_lut;
	else if (l->n >= 2 && !strcmp(l->w[1], "ff"))
		g = &b->cells_ff;
	else if (l->n >= 2 && !strcmp(l->w[1], "dsp"))
		g = &b->cells_dsp;
	if (!g || l->n < 3) {
		sl_error(l->ctx, board_loc(l, l->n > 1 ? 1 : 0),
			"expected 'cells lut|ff|dsp PATTERN[=WEIGHT]...'");
		return false;
	}
	for (int i = 2; i < l->n; i++) {
		if (g->n == BOARD_MAX_GLOBS) {
			sl_error(l->ctx, board_loc(l, i), "too many cell patterns (at most %d)",
				BOARD_MAX_GLOBS);
			return false;
		}
		if (!board_cell_pattern(l, i, g))
			return false;
	}
	return true;
}

/* carry LUTS [cell BITS] [const C]: LUT sites per bit of a carry-chain
 * adder, made of whole cells of BITS bits; C sites per bit when one
 * operand is a constant. */
static bool board_carry(board *b, const board_line *l)
{
	char *end = NULL;
	double v = l->n > 1 ? strtod(l->w[1], &end) : 0, cc = -1;
	int64_t cell = 1;
	bool ok = l->n >= 2 && l->n % 2 == 0 && !*end && v > 0;
	for (int i = 2; ok && i + 1 < l->n; i += 2) {
		if (!strcmp(l->w[i], "cell")) {
			if (!board_int(l, i + 1, 1, &cell))
				return false;
		} else if (!strcmp(l->w[i], "const")) {
			cc = strtod(l->w[i + 1], &end);
			ok = !*end && cc >= 0;
		} else {
			ok = false;
		}
	}
	if (!ok) {
		sl_error(l->ctx, board_loc(l, 1),
			"expected 'carry LUTS [cell BITS] [const LUTS]' (LUT sites per bit, > 0)");
		return false;
	}
	b->logic.carry = v;
	b->logic.carry_cell = (int) cell;
	b->logic.carry_const = cc;
	return true;
}

/* "a" and a new line "b" (the context's memory); "b" when "a" is NULL. */
static const char *board_append(sl_ctx *ctx, const char *a, const char *b)
{
	if (!a)
		return b;
	size_t n = strlen(a) + strlen(b) + 2;
	char *s = sl_alloc(ctx, n);
	snprintf(s, n, "%s\n%s", a, b);
	return s;
}

/* dsp_mul AxB [signed] [min N] [partial N] [rom_late] [preadd N] [postadd N]: the multiplier the
 * flow maps to one DSP (partial: the width of the chunks a wider operand
 * is cut into, default A). */
static bool board_dsp_mul(board *b, const board_line *l)
{
	board_logic *g = &b->logic;
	int used = 0;
	if (l->n < 2 || sscanf(l->w[1], "%dx%d%n", &g->dsp_a, &g->dsp_b, &used) != 2 ||
	    l->w[1][used] || g->dsp_a < 2 || g->dsp_b < 2) {
		sl_error(l->ctx, board_loc(l, 1), "expected operand widths AxB (each >= 2)");
		return false;
	}
	for (int i = 2; i < l->n; i++) {
		int64_t v;
		if (!strcmp(l->w[i], "signed")) {
			g->dsp_signed = true;
		} else if (!strcmp(l->w[i], "rom_late")) {
			g->dsp_rom_late = true;
		} else if (!strcmp(l->w[i], "min")) {
			if (!board_int(l, ++i, 0, &v))
				return false;
			g->dsp_min = (int) v;
		} else if (!strcmp(l->w[i], "partial")) {
			if (!board_int(l, ++i, 2, &v))
				return false;
			g->dsp_partial = (int) v;
		} else if (!strcmp(l->w[i], "preadd")) {
			if (!board_int(l, ++i, 1, &v))
				return false;
			g->dsp_preadd = (int) v;
		} else if (!strcmp(l->w[i], "postadd")) {
			if (!board_int(l, ++i, 1, &v))
				return false;
			g->dsp_postadd = (int) v;
		} else {
			sl_error(l->ctx, board_loc(l, i), "unknown dsp_mul field '%s' "
				"(signed, min N, partial N, rom_late, preadd N, postadd N)", l->w[i]);
			return false;
		}
	}
	return true;
}

/* lutram_cell DxW LUTS [reads R]: one LUT-RAM cell and the LUT sites it
 * takes; with R, a memory of several read ports is cells of one bit read
 * by R ports each. */
static bool board_lutram_cell(board *b, const board_line *l)
{
	int64_t v, r = 0;
	if (l->n != 3 && !(l->n == 5 && !strcmp(l->w[3], "reads"))) {
		sl_error(l->ctx, board_loc(l, 0), "expected 'lutram_cell DEPTHxWIDTH LUTS [reads R]'");
		return false;
	}
	if (!board_shape_parse(l, 1, &b->logic.ram_cell) || !board_int(l, 2, 1, &v) ||
	    (l->n == 5 && !board_int(l, 4, 1, &r)))
		return false;
	b->logic.ram_cell_luts = (int) v;
	b->logic.ram_cell_reads = (int) r;
	return true;
}

static const char *const delay_names[BOARD_N_DELAYS] = {
	"ff", "lut", "add", "cmp", "eq", "mux", "shift", "mul", "dsp", "bram",
};

const char *board_delay_name(board_delay_kind k)
{
	return delay_names[k];
}

/* delay KIND A B: an operator of the kind and width w takes A + B*w ns. */
static bool board_delay_line(board *b, const board_line *l)
{
	int k = 0;
	while (k < BOARD_N_DELAYS && (l->n < 2 || strcmp(l->w[1], delay_names[k])))
		k++;
	if (k == BOARD_N_DELAYS) {
		sl_error(l->ctx, board_loc(l, l->n > 1 ? 1 : 0), "expected 'delay KIND A B' "
			"with KIND one of ff lut add cmp eq mux shift mul dsp bram");
		return false;
	}
	for (int i = 2; i < 4; i++) {
		char *end = NULL;
		double v = i < l->n ? strtod(l->w[i], &end) : -1;
		if (l->n != 4 || *end || !(v >= 0 && v < 1e6)) {
			sl_error(l->ctx, board_loc(l, i < l->n ? i : 0), "expected 'delay %s A B' "
				"(nanoseconds: A + B * width, each >= 0)", delay_names[k]);
			return false;
		}
		(i == 2 ? b->delays.a : b->delays.b)[k] = v;
	}
	b->delays.set[k] = true;
	return true;
}

double board_delay(const board *b, board_delay_kind k, int w)
{
	const board_delays *d = &b->delays;
	if (!d->set[k]) {
		switch (k) {
		case BOARD_DELAY_CMP: case BOARD_DELAY_EQ: k = BOARD_DELAY_ADD; break;
		case BOARD_DELAY_MUX: k = BOARD_DELAY_LUT; break;
		case BOARD_DELAY_DSP: k = BOARD_DELAY_MUL; break;
		case BOARD_DELAY_SHIFT: {
			int levels = sl_clog2(w) > 0 ? sl_clog2(w) : 1;
			return levels * board_delay(b, BOARD_DELAY_LUT, 1);
		}
		default: sl_unreachable();
		}
	}
	return d->a[k] + d->b[k] * w;
}

/* "flatten 0|1". */
static bool board_flatten(board *b, const board_line *l)
{
	if (l->n != 2 || (strcmp(l->w[1], "0") && strcmp(l->w[1], "1"))) {
		sl_error(l->ctx, board_loc(l, l->n > 1 ? 1 : 0), "expected 'flatten 0|1'");
		return false;
	}
	b->logic.flatten = !strcmp(l->w[1], "1");
	return true;
}

/* widemux N: free wide-mux levels (boards/README.md "Logic"). */
static bool board_widemux(board *b, const board_line *l)
{
	int64_t v;
	if (l->n != 2 || !board_int(l, 1, 0, &v))
		return false;
	b->logic.widemux = (int) v;
	return true;
}

/* srl MIN DEPTH: shift-register LUTs (boards/README.md "Logic"). */
static bool board_srl(board *b, const board_line *l)
{
	int64_t a, d;
	if (l->n != 3) {
		sl_error(l->ctx, board_loc(l, 0), "expected 'srl MIN DEPTH'");
		return false;
	}
	if (!board_int(l, 1, 2, &a) || !board_int(l, 2, 2, &d))
		return false;
	b->logic.srl_min = (int) a;
	b->logic.srl_depth = (int) d;
	return true;
}

/* The n numbers of a `cost` line after its kind into c. */
static bool board_cost_numbers(const board_line *l, double *c, int n)
{
	for (int i = 0; i < n; i++) {
		char *end;
		c[i] = strtod(l->w[2 + i], &end);
		if (*end) {
			sl_error(l->ctx, board_loc(l, 2 + i), "expected a number, not '%s'",
				l->w[2 + i]);
			return false;
		}
	}
	return true;
}

/* cost sched C0 C1 C2 C3 C4 C5: the LUTs of an sl_sched; cost sram_pf C0
 * C1 C2: the LUTs of an sl_sram_pf; cost ram_read L1 .. Ln: the LUTs a bit
 * of an sl_ram read port by address bits; cost ram_deep L1 .. Ln: the
 * same of an sl_ram several LUT-RAM cells deep, by the bits that select
 * the cell; all measured on Yosys (boards/README.md "Logic"). */
static bool board_cost(board *b, const board_line *l)
{
	board_logic *g = &b->logic;
	if (l->n == 8 && !strcmp(l->w[1], "sched")) {
		g->sched_fit = board_cost_numbers(l, g->sched, 6);
		return g->sched_fit;
	}
	if (l->n == 5 && !strcmp(l->w[1], "sram_pf")) {
		g->sram_pf_fit = board_cost_numbers(l, g->sram_pf, 3);
		return g->sram_pf_fit;
	}
	if (l->n >= 3 && l->n <= 10 && !strcmp(l->w[1], "ram_read")) {
		bool ok = board_cost_numbers(l, g->ram_read, l->n - 2);
		g->n_ram_read = ok ? l->n - 2 : 0;
		return ok;
	}
	if (l->n >= 3 && l->n <= 6 && !strcmp(l->w[1], "ram_deep")) {
		bool ok = board_cost_numbers(l, g->ram_deep, l->n - 2);
		g->n_ram_deep = ok ? l->n - 2 : 0;
		return ok;
	}
	sl_error(l->ctx, board_loc(l, l->n > 1 ? 1 : 0),
		"expected 'cost sched C0 C1 C2 C3 C4 C5' (sl_sched's LUTs), "
		"'cost sram_pf C0 C1 C2' (sl_sram_pf's), 'cost ram_read L1 .. Ln' "
		"(an sl_ram read's LUTs a bit by address bits, n 1 to 8) or "
		"'cost ram_deep L1 .. Ln' (by the bits that select its cells, n 1 to 4)");
	return false;
}

/* "clock MHZ". */
static bool board_clock(board *b, const board_line *l)
{
	char *end;
	b->clock_mhz = strtod(l->w[1], &end);
	if (*end || !(b->clock_mhz > 0)) {
		sl_error(l->ctx, board_loc(l, 1), "expected a clock in MHz, not '%s'", l->w[1]);
		return false;
	}
	return true;
}

/* A directive of text: true when "k" is one (stored). */
static bool board_text(board *b, const board_line *l, const char *k)
{
	if (!strcmp(k, "name"))
		b->name = l->w[1];
	else if (!strcmp(k, "part"))
		b->part = l->rest[1];
	else if (!strcmp(k, "family"))
		b->family = l->w[1];
	else if (!strcmp(k, "yosys"))	/* several lines: one script, in order */
		b->yosys = board_append(l->ctx, b->yosys, l->rest[1]);
	else if (!strcmp(k, "force_bram"))
		b->force_bram = l->rest[1];
	else if (!strcmp(k, "pnr"))
		b->pnr = l->rest[1];
	else if (!strcmp(k, "simlib"))
		b->simlib = l->rest[1];
	else
		return false;
	return true;
}

/* A directive with a value (l->n >= 2): text, a count or the clock. */
static bool board_valued(board *b, const board_line *l, const char *k)
{
	int64_t v;
	if (board_text(b, l, k))
		return true;
	if (!strcmp(k, "lut")) {
		if (!board_int(l, 1, 1, &b->luts) || !board_int(l, 2, 2, &v))
			return false;
		b->lut_inputs = (int) v;
	} else if (!strcmp(k, "lutram")) {
		if (!board_int(l, 1, 0, &v))
			return false;
		b->lutram_bits = (int) v;
	} else if (!strcmp(k, "ff"))
		return board_int(l, 1, 1, &b->ffs);
	else if (!strcmp(k, "dsp"))
		return board_int(l, 1, 0, &b->dsps);
	else if (!strcmp(k, "pins"))
		return board_int(l, 1, 1, &b->pins);
	else if (!strcmp(k, "clock"))
		return board_clock(b, l);
	else {
		sl_error(l->ctx, board_loc(l, 0), "unknown directive '%s'", k);
		return false;
	}
	return true;
}

static bool board_directive(board *b, const board_line *l)
{
	const char *k = l->w[0];
	if (!strcmp(k, "source"))
		return true;
	if (!strcmp(k, "memory"))
		return board_memory(b, l);
	if (!strcmp(k, "cells"))
		return board_cells(b, l);
	if (!strcmp(k, "carry"))
		return board_carry(b, l);
	if (!strcmp(k, "dsp_mul"))
		return board_dsp_mul(b, l);
	if (!strcmp(k, "lutram_cell"))
		return board_lutram_cell(b, l);
	if (!strcmp(k, "flatten"))
		return board_flatten(b, l);
	if (!strcmp(k, "cost"))
		return board_cost(b, l);
	if (!strcmp(k, "srl"))
		return board_srl(b, l);
	if (!strcmp(k, "widemux"))
		return board_widemux(b, l);
	if (!strcmp(k, "delay"))
		return board_delay_line(b, l);
	if (l->n < 2) {
		sl_error(l->ctx, board_loc(l, 0), "'%s' needs a value", k);
		return false;
	}
	return board_valued(b, l, k);
}

/* Cut line "s" (NUL-terminated, comment stripped) into words. */
static bool board_split(sl_ctx *ctx, char *s, board_line *l)
{
	char *start = s;
	l->n = 0;
	for (char *p = s; *p;) {
		while (*p && isspace((unsigned char) *p))
			p++;
		if (!*p)
			break;
		if (l->n == 64) {
			sl_error(ctx, board_loc(l, 0), "too many words on a line");
			return false;
		}
		l->col[l->n] = (int) (p - start) + 1;
		l->rest[l->n] = sl_strdup(ctx, p);
		char *q = p;
		while (*q && !isspace((unsigned char) *q))
			q++;
		l->w[l->n++] = sl_strndup(ctx, p, (size_t) (q - p));
		p = q;
	}
	/* rest[] without trailing blanks */
	for (int i = 0; i < l->n; i++) {
		char *r = (char *) l->rest[i];
		size_t n = strlen(r);
		while (n && isspace((unsigned char) r[n - 1]))
			r[--n] = 0;
	}
	return true;
}

static bool board_check(sl_ctx *ctx, board *b, int file)
{
	sl_loc top = { file, 1, 1 };
	const char *missing = !b->name ? "name" : !b->part ? "part" : !b->family ? "family"
		: !b->luts ? "lut" : !b->ffs ? "ff" : !b->clock_mhz ? "clock"
		: !b->yosys ? "yosys" : !board_block_mem(b) ? "memory block" : NULL;
	if (missing) {
		sl_error(ctx, top, "board file has no '%s' line", missing);
		return false;
	}
	const board_mem *m = board_block_mem(b);
	b->block_units = m->count * m->units;
	/* A delay model is all or nothing: the kinds without a fall-back. */
	static const board_delay_kind need[] = { BOARD_DELAY_FF, BOARD_DELAY_LUT,
		BOARD_DELAY_ADD, BOARD_DELAY_MUL, BOARD_DELAY_BRAM };
	int n_set = 0;
	for (int k = 0; k < BOARD_N_DELAYS; k++)
		n_set += b->delays.set[k];
	for (size_t i = 0; n_set && i < sizeof(need) / sizeof(need[0]); i++)
		if (!b->delays.set[need[i]]) {
			sl_error(ctx, top, "board file has delay lines but no 'delay %s'",
				delay_names[need[i]]);
			return false;
		}
	b->has_delays = n_set > 0;
	return true;
}

const board *board_load(sl_ctx *ctx, const char *path)
{
	size_t len;
	char *text = sl_read_file(path, &len);
	if (!text) {
		sl_error_file(ctx, path, "cannot read board file: %s", strerror(errno));
		return NULL;
	}
	char *copy = sl_strndup(ctx, text, len);
	int file = sl_source_add(ctx, path, text, len);
	board *b = sl_alloc(ctx, sizeof(*b));
	b->path = sl_strdup(ctx, path);
	b->logic.carry = 1;
	b->logic.carry_cell = 1;
	b->logic.carry_const = -1;
	b->logic.flatten = true;
	board_line l = { .ctx = ctx, .file = file };
	bool ok = true;
	char *save = NULL;
	int line = 0;
	for (char *p = copy; p && ok; p = save) {
		char *nl = strchr(p, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = 0;
		line++;
		char *hash = strchr(p, '#');
		if (hash)
			*hash = 0;
		l.line = line;
		if (!board_split(ctx, p, &l))
			return NULL;
		if (l.n)
			ok = board_directive(b, &l);
	}
	if (!ok || !board_check(ctx, b, file))
		return NULL;
	return b;
}

const char *board_dir(void)
{
	const char *e = getenv("SLUICE_BOARDS_DIR");
	return e && *e ? e : SLUICE_SOURCE_DIR "/boards";
}

static int board_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *) a, *(const char *const *) b);
}

const board **board_load_all(sl_ctx *ctx, int *n)
{
	const char *dir = board_dir();
	DIR *d = opendir(dir);
	if (!d) {
		sl_error_file(ctx, dir, "cannot open the boards directory: %s", strerror(errno));
		return NULL;
	}
	int cap = 16, k = 0;
	char **names = sl_xcalloc((size_t) cap, sizeof(char *));
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len <= 6 || strcmp(e->d_name + len - 6, ".board"))
			continue;
		if (k == cap)
			names = sl_xrealloc(names, (size_t) (cap *= 2) * sizeof(char *));
		names[k++] = sl_strdup(ctx, e->d_name);
	}
	closedir(d);
	qsort(names, (size_t) k, sizeof(char *), board_cmp);
	const board **out = sl_alloc(ctx, (size_t) (k + 1) * sizeof(*out));
	bool ok = true;
	for (int i = 0; i < k; i++) {
		char *p = sl_alloc(ctx, strlen(dir) + strlen(names[i]) + 2);
		sprintf(p, "%s/%s", dir, names[i]);
		out[i] = board_load(ctx, p);
		ok = ok && out[i];
	}
	free(names);
	*n = k;
	return ok ? out : NULL;
}

const board *board_find(sl_ctx *ctx, const char *name)
{
	if (strchr(name, '/'))
		return board_load(ctx, name);
	const char *dir = board_dir();
	char *p = sl_alloc(ctx, strlen(dir) + strlen(name) + 8);
	sprintf(p, "%s/%s.board", dir, name);
	FILE *f = fopen(p, "r");
	if (!f) {
		sl_error_file(ctx, p, "no board '%s' (see 'sluice boards')", name);
		return NULL;
	}
	fclose(f);
	return board_load(ctx, p);
}

const board_mem *board_block_mem(const board *b)
{
	for (int i = 0; i < b->n_mems; i++)
		if (!strcmp(b->mems[i].kind, "block"))
			return &b->mems[i];
	return NULL;
}

static int64_t board_ceil(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

int64_t board_bram_cells(const board *b, int width, int64_t depth, const board_mem **mem)
{
	int64_t best = -1, best_score = 0;
	*mem = NULL;
	for (int i = 0; i < b->n_mems; i++) {
		const board_mem *m = &b->mems[i];
		if (strcmp(m->kind, "block"))
			continue;
		for (int s = 0; s < m->n_shapes; s++) {
			int64_t deep = board_ceil(depth, m->shapes[s].depth);
			int64_t c = board_ceil(width, m->shapes[s].width) * deep;
			int64_t score = c * (128 * m->units + 1) + (deep - 1) * width;
			if (best < 0 || score < best_score ||
			    (score == best_score && m->units > (*mem)->units)) {
				best = c;
				best_score = score;
				*mem = m;
			}
		}
	}
	return best < 0 ? 0 : best;
}

const board_mem *board_huge_mem(const board *b)
{
	for (int i = 0; i < b->n_mems; i++)
		if (!strcmp(b->mems[i].kind, "huge"))
			return &b->mems[i];
	return NULL;
}

int64_t board_huge_cells(const board_mem *m, int width, int64_t depth)
{
	int64_t best = -1;
	for (int s = 0; s < m->n_shapes; s++) {
		int64_t c = board_ceil(width, m->shapes[s].width) *
			board_ceil(depth, m->shapes[s].depth);
		if (best < 0 || c < best)
			best = c;
	}
	return best < 0 ? 0 : best;
}

bool board_globs_match(const board_globs *g, const char *type)
{
	return board_globs_weight(g, type) > 0;
}

int board_globs_weight(const board_globs *g, const char *type)
{
	for (int i = 0; i < g->n; i++)
		if (fnmatch(g->pat[i], type, 0) == 0)
			return g->weight[i];
	return 0;
}
