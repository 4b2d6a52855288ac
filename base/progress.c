/* base/progress.c: one line of progress on a terminal.
 * Stage: basics shared by every stage.  While a long step runs (a tool
 * sluice waits for, the cycle-level model, a study's configurations) one
 * line on stderr says what runs, how far it is and for how long, e.g.
 *     sluice: study 3/12 gaussian on ice40up5k 1m02s > yosys 12.3 s
 * rewritten in place ('\r', then clear to the end of the line) at most ten
 * times a second and cleared when the outermost step ends.  Only when
 * stderr is a terminal (and TERM is not "dumb") and --quiet was not given:
 * otherwise nothing is ever written, so logs and pipes see no progress.
 * The first line appears SLUICE_PROGRESS_DELAY seconds (default 0.5) after
 * the outermost step began, so quick commands never flicker; a delay below
 * 0.1 s also redraws that often (tests set 0: every change is drawn).
 * Owns a small stack of step labels; no heap. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base/base.h"

enum { PROGRESS_DEPTH = 4, PROGRESS_LABEL = 96 };

typedef struct progress_step {
	char label[PROGRESS_LABEL];
	double start;
	int64_t done, total;	/* total 0: no count */
} progress_step;

static struct {
	bool on;
	double delay;
	int depth;
	progress_step steps[PROGRESS_DEPTH + 1];
	double last_draw;
	bool shown;		/* a line is on the terminal */
} pg;

static double pg_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

void sl_progress_init(bool quiet)
{
	const char *term = getenv("TERM");
	const char *d = getenv("SLUICE_PROGRESS_DELAY");
	char *end;
	double delay = d && *d ? strtod(d, &end) : 0.5;
	pg.on = !quiet && isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
	pg.delay = d && *d && !*end && delay >= 0 ? delay : 0.5;
}

bool sl_progress_on(void)
{
	return pg.on;
}

static void pg_elapsed(char *buf, size_t cap, double s)
{
	if (s < 60)
		snprintf(buf, cap, "%.1f s", s);
	else
		snprintf(buf, cap, "%dm%02ds", (int) (s / 60), (int) s % 60);
}

/* The terminal's width less one, so that the line never wraps. */
static size_t pg_width(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 8)
		return (size_t) ws.ws_col - 1;
	return 79;
}

/* Step i as "LABEL[ DONE/TOTAL (P%)] ELAPSED". */
static int pg_step_text(char *buf, size_t cap, int i, double now)
{
	const progress_step *s = &pg.steps[i];
	char el[24], count[64] = "";
	pg_elapsed(el, sizeof el, now - s->start);
	if (s->total > 0)
		snprintf(count, sizeof count, " %lld/%lld (%d%%)", (long long) s->done,
			(long long) s->total, (int) (100.0 * (double) s->done / (double) s->total));
	return snprintf(buf, cap, "%s%s %s", s->label, count, el);
}

/* The steps from the outermost, joined by " > "; when the line is wider
 * than the terminal the outer steps give way to "...", so the innermost
 * (what runs now) stays in view. */
static void pg_draw(double now)
{
	char text[PROGRESS_DEPTH][PROGRESS_LABEL + 96], line[sizeof text + 64];
	size_t len[PROGRESS_DEPTH], w = pg_width(), total = 8;
	for (int i = 0; i < pg.depth; i++) {
		int n = pg_step_text(text[i], sizeof text[i], i, now);
		len[i] = n < 0 ? 0 : (size_t) n < sizeof text[i] ? (size_t) n : sizeof text[i] - 1;
		total += len[i] + (i ? 3 : 0);
	}
	int first = 0;
	while (first + 1 < pg.depth && total + (first ? 6 : 0) > w) {
		total -= len[first] + 3;
		first++;
	}
	size_t n = (size_t) snprintf(line, sizeof line, "sluice: %s", first ? "... > " : "");
	for (int i = first; i < pg.depth && n < sizeof line; i++)
		n += (size_t) snprintf(line + n, sizeof line - n, "%s%s", i > first ? " > " : "", text[i]);
	if (n > w)
		n = w;
	if (n >= sizeof line)
		n = sizeof line - 1;
	line[n] = 0;
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	pg.shown = true;
	pg.last_draw = now;
}

void sl_progress_tick(void)
{
	if (!pg.on || pg.depth == 0)
		return;
	double now = pg_now();
	double interval = pg.delay < 0.1 ? pg.delay : 0.1;
	if (now - pg.steps[0].start < pg.delay || (pg.shown && now - pg.last_draw < interval))
		return;
	pg_draw(now);
}

void sl_progress_push(const char *fmt, ...)
{
	if (!pg.on)
		return;
	progress_step *s = &pg.steps[pg.depth < PROGRESS_DEPTH ? pg.depth : PROGRESS_DEPTH];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->label, sizeof s->label, fmt, ap);
	va_end(ap);
	s->start = pg_now();
	s->done = s->total = 0;
	if (pg.depth < PROGRESS_DEPTH)
		pg.depth++;
	pg.last_draw = 0;
	sl_progress_tick();
}

void sl_progress_count(int64_t done, int64_t total)
{
	if (!pg.on || pg.depth == 0)
		return;
	pg.steps[pg.depth - 1].done = done;
	pg.steps[pg.depth - 1].total = total;
	sl_progress_tick();
}

void sl_progress_hide(void)
{
	if (!pg.shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pg.shown = false;
}

void sl_progress_pop(void)
{
	if (!pg.on || pg.depth == 0)
		return;
	if (--pg.depth == 0)
		sl_progress_hide();
	else if (pg.shown)
		pg_draw(pg_now());
}
