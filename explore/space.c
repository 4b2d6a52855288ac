/* explore/space.c: the space of an exploration.
 * Stage: explore (rank 12).  The knobs, one table: each with its name,
 * what its values are (a check of one word) and whether it takes ranges.
 * A space file is one knob a line ("unroll=1,2,4", "threshold=4..64:*2",
 * '#' comments); a --knob option is one such line.  The default space
 * fills the knobs nothing gave (docs/explore.md, "The space").  Points
 * are coordinates into the knobs' value lists, in odometer order, the
 * tile knobs counted once for native memory. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

typedef struct ex_knob_spec {
	const char *name;
	bool numeric;			/* takes ranges lo..hi[:step|:*f] */
	bool (*ok)(const char *w);	/* is the word one of its values? */
	const char *takes;		/* what the message says it takes */
	const char *one;		/* its value when the space leaves it alone */
} ex_knob_spec;

static bool ex_int_in(const char *w, long long lo, long long hi, bool pow2)
{
	char *end;
	errno = 0;
	long long v = strtoll(w, &end, 10);
	return *w && !*end && !errno && v >= lo && v <= hi && (!pow2 || !(v & (v - 1)));
}

static bool ok_unroll(const char *w) { return ex_int_in(w, 1, 256, false); }
static bool ok_threshold(const char *w) { return ex_int_in(w, 0, 1 << 30, false); }
static bool ok_fetch(const char *w) { return ex_int_in(w, 1, 64, true); }
static bool ok_depth(const char *w) { return ex_int_in(w, 2, 1 << 20, true); }
static bool ok_schedule(const char *w) { return !strcmp(w, "stream") || !strcmp(w, "sequential"); }
static bool ok_memory(const char *w) { return !strcmp(w, "native") || !strcmp(w, "pub"); }

static bool ok_ram(const char *w)
{
	return !strcmp(w, "auto") || !strcmp(w, "block") || !strcmp(w, "lut");
}

static bool ok_clock(const char *w)
{
	if (!strcmp(w, "default") || !strcmp(w, "nominal"))
		return true;
	char *end;
	double v = strtod(w, &end);
	return *w && !*end && v >= 1 && v <= 2000;
}

static bool ok_ports(const char *w)
{
	int a, b, len = 0;
	return sscanf(w, "%dx%d%n", &a, &b, &len) == 2 && !w[len] && a >= 1 && a <= 8 &&
		b >= 1 && b <= 8;
}

static const ex_knob_spec ex_knobs[EX_N_KNOBS] = {
	[EX_UNROLL] = { "unroll", true, ok_unroll, "lane counts from 1 to 256", "1" },
	[EX_SCHEDULE] = { "schedule", false, ok_schedule, "stream or sequential", "stream" },
	[EX_THRESHOLD] = { "threshold", true, ok_threshold, "word counts", "8" },
	[EX_RAM] = { "ram", false, ok_ram, "auto, block or lut", "auto" },
	[EX_CLOCK] = { "clock", true, ok_clock,
		"'default', 'nominal' or a clock in MHz from 1 to 2000", "default" },
	[EX_MEMORY] = { "memory", false, ok_memory, "native or pub", "native" },
	[EX_FETCH] = { "fetch", true, ok_fetch, "powers of two from 1 to 64", "4" },
	[EX_DEPTH] = { "depth", true, ok_depth, "powers of two from 2 to 1048576", "512" },
	[EX_PORTS] = { "ports", false, ok_ports, "INPUTSxOUTPUTS, each 1 to 8", "2x2" },
};

/* The default space: what each knob takes when the space gives no knob
 * at all ("nominal": the board's nominal clock, beside the default, the
 * highest its control reaches). */
static const char *const ex_default_values[EX_N_KNOBS] = {
	[EX_UNROLL] = "1,2,4", [EX_SCHEDULE] = "stream,sequential", [EX_THRESHOLD] = "8,64",
	[EX_RAM] = "auto,block,lut", [EX_CLOCK] = "default,nominal", [EX_MEMORY] = "native",
	[EX_FETCH] = "4", [EX_DEPTH] = "512", [EX_PORTS] = "2x2",
};

const char *ex_knob_name(int k)
{
	return ex_knobs[k].name;
}

int ex_knob_find(const char *name, size_t len)
{
	for (int k = 0; k < EX_N_KNOBS; k++)
		if (strlen(ex_knobs[k].name) == len && !strncmp(ex_knobs[k].name, name, len))
			return k;
	return -1;
}

/* Add value "w" to knob k; -1 with the reason when repeated or too many. */
static int ex_add_value(ex_knob *kn, const char *w, char *why, size_t n)
{
	for (int i = 0; i < kn->n; i++)
		if (!strcmp(kn->values[i], w)) {
			snprintf(why, n, "'%s' is given twice", w);
			return -1;
		}
	if (kn->n == EX_MAX_VALUES) {
		snprintf(why, n, "a knob takes at most %d values", EX_MAX_VALUES);
		return -1;
	}
	kn->values[kn->n++] = sl_xstrdup(w);
	return 0;
}

/* "lo..hi", "lo..hi:step" or "lo..hi:*f" of knob k: its values added. */
static int ex_add_range(const ex_knob_spec *sp, ex_knob *kn, const char *w, char *why, size_t n)
{
	char *end, lo_text[64];
	const char *dots = strstr(w, "..");
	snprintf(lo_text, sizeof lo_text, "%.*s", (int) (dots - w), w);
	double lo = strtod(lo_text, &end), hi, step = 1;
	bool mul = false;
	if (end == lo_text || *end || (hi = strtod(dots + 2, &end), end == dots + 2) ||
	    (*end && *end != ':')) {
		snprintf(why, n, "a range is lo..hi, lo..hi:step or lo..hi:*factor, not '%s'", w);
		return -1;
	}
	if (*end == ':') {
		mul = end[1] == '*';
		const char *s = end + 1 + mul;
		step = strtod(s, &end);
		if (end == s || *end || step <= (mul ? 1 : 0)) {
			snprintf(why, n, "the step of '%s' is a positive number (a factor above 1)", w);
			return -1;
		}
	}
	if (hi < lo) {
		snprintf(why, n, "the range '%s' is empty", w);
		return -1;
	}
	for (double v = lo; v <= hi * (1 + 1e-12); v = mul ? v * step : v + step) {
		char buf[64];
		snprintf(buf, sizeof buf, "%.10g", v);
		if (!sp->ok(buf)) {
			snprintf(why, n, "%s takes %s: the range '%s' holds %s", sp->name, sp->takes, w, buf);
			return -1;
		}
		if (ex_add_value(kn, buf, why, n) < 0)
			return -1;
	}
	return 0;
}

int ex_space_line(ex_space *s, const char *line, size_t len, char *why, size_t n, int *col)
{
	size_t name_len = strcspn(line, "= \t");
	int k = ex_knob_find(line, name_len);
	*col = 0;
	if (k < 0) {
		snprintf(why, n, "unknown knob '%.*s' (knobs: unroll, schedule, threshold, ram, "
			"clock, memory, fetch, depth, ports)", (int) name_len, line);
		return -1;
	}
	const ex_knob_spec *sp = &ex_knobs[k];
	ex_knob *kn = &s->knobs[k];
	size_t i = name_len;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= len || line[i] != '=') {
		*col = (int) i;
		snprintf(why, n, "a knob line is NAME=V1,V2,... ('=' expected after '%s')", sp->name);
		return -1;
	}
	if (kn->given) {
		snprintf(why, n, "knob '%s' is given twice", sp->name);
		return -1;
	}
	kn->given = true;
	for (i++;;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		size_t j = i;
		while (j < len && line[j] != ',')
			j++;
		size_t e = j;
		while (e > i && (line[e - 1] == ' ' || line[e - 1] == '\t'))
			e--;
		char w[128];
		*col = (int) i;
		if (e == i || e - i >= sizeof w) {
			snprintf(why, n, e == i ? "an empty value" : "a value too long");
			return -1;
		}
		memcpy(w, line + i, e - i);
		w[e - i] = 0;
		int rc = sp->numeric && strstr(w, "..") ? ex_add_range(sp, kn, w, why, n)
			: !sp->ok(w) ? (snprintf(why, n, "%s takes %s, not '%s'", sp->name, sp->takes, w), -1)
			: ex_add_value(kn, w, why, n);
		if (rc < 0)
			return -1;
		if (j >= len)
			return 0;
		i = j + 1;
	}
}

int ex_space_file(sl_ctx *ctx, ex_space *s, const char *path)
{
	size_t len;
	char *text = sl_read_file(path, &len);
	if (!text) {
		sl_error_file(ctx, path, "cannot read the space file: %s", strerror(errno));
		return -1;
	}
	int file = sl_source_add(ctx, path, text, len), line = 0, rc = 0;
	for (size_t at = 0; at < len;) {
		size_t end = at;
		while (end < len && text[end] != '\n')
			end++;
		size_t e = end;
		line++;
		if (e > at && text[e - 1] == '\r')
			e--;
		size_t b = at;
		while (b < e && (text[b] == ' ' || text[b] == '\t'))
			b++;
		const char *hash = memchr(text + b, '#', e - b);
		if (hash)
			e = (size_t) (hash - text);
		while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
			e--;
		char why[300];
		int col;
		if (e > b && ex_space_line(s, text + b, e - b, why, sizeof why, &col) < 0) {
			sl_error(ctx, (sl_loc) { file, line, (int) (b - at) + col + 1 }, "%s", why);
			rc = -1;
		}
		at = end + 1;
	}
	return rc;
}

void ex_space_defaults(ex_space *s, bool any_given)
{
	for (int k = 0; k < EX_N_KNOBS; k++) {
		ex_knob *kn = &s->knobs[k];
		if (kn->given)
			continue;
		char why[200];
		int col;
		char line[160];
		snprintf(line, sizeof line, "%s=%s", ex_knobs[k].name,
			any_given ? ex_knobs[k].one : ex_default_values[k]);
		ex_space_line(s, line, strlen(line), why, sizeof why, &col);
		kn->given = false;
	}
}

void ex_space_free(ex_space *s)
{
	for (int k = 0; k < EX_N_KNOBS; k++)
		for (int i = 0; i < s->knobs[k].n; i++)
			free(s->knobs[k].values[i]);
	memset(s, 0, sizeof *s);
}

static bool ex_is_tile_knob(int k)
{
	return k == EX_FETCH || k == EX_DEPTH || k == EX_PORTS;
}

static bool ex_native(const ex_space *s, const ex_coord *c)
{
	return !strcmp(s->knobs[EX_MEMORY].values[c->v[EX_MEMORY]], "native");
}

int64_t ex_space_points(const ex_space *s)
{
	int64_t rest = 1, tiles = 1, pub = 0, native = 0;
	for (int k = 0; k < EX_N_KNOBS; k++)
		if (ex_is_tile_knob(k))
			tiles *= s->knobs[k].n;
		else if (k != EX_MEMORY)
			rest *= s->knobs[k].n;
	for (int i = 0; i < s->knobs[EX_MEMORY].n; i++)
		*(strcmp(s->knobs[EX_MEMORY].values[i], "native") ? &pub : &native) += 1;
	return rest * (native + pub * tiles);
}

bool ex_coord_next(const ex_space *s, ex_coord *c)
{
	for (;;) {
		int k = EX_N_KNOBS - 1;
		while (k >= 0 && ++c->v[k] == s->knobs[k].n)
			c->v[k--] = 0;
		if (k < 0)
			return false;
		if (!ex_native(s, c) || (!c->v[EX_FETCH] && !c->v[EX_DEPTH] && !c->v[EX_PORTS]))
			return true;
	}
}

void ex_coord_key(const ex_space *s, const ex_coord *c, char *buf, size_t n)
{
	size_t at = 0;
	buf[0] = 0;
	bool native = ex_native(s, c);
	for (int k = 0; k < EX_N_KNOBS && at < n; k++) {
		if (native && ex_is_tile_knob(k))
			continue;
		at += (size_t) snprintf(buf + at, n - at, "%s%s=%s", at ? "," : "", ex_knobs[k].name,
			s->knobs[k].values[c->v[k]]);
	}
}
