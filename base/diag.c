/* base/diag.c: diagnostics.
 * Stage: basics.  Every message is "file:line:col: kind: text", followed,
 * when the place is in a source file, by the source line and a caret.
 * Messages are held until sl_diag_flush() (or the end of the context) and
 * then printed in source order, each error or warning with its notes, so
 * that errors found by different passes read top to bottom. */
#include <stdlib.h>
#include <string.h>

#include "base/base_private.h"

enum {
	SL_LINE_WHOLE = 160,	/* longer source lines are shown as a window */
	SL_WINDOW = 100,	/* of this many bytes around the caret */
	SL_DIAG_HELD_MAX = 1 << 20,	/* bytes of held text; later ones dropped */
};

/* Does a line end at text[i]: '\n', or a '\r' not before '\n' (a file
 * with classic Mac line endings)?  The lexer counts lines the same way. */
static bool line_break(const char *text, size_t len, size_t i)
{
	return text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n'));
}

/* The start of every line of source "file", built once. */
static const size_t *line_starts(sl_ctx *ctx, int file, int *n)
{
	if (file >= ctx->n_lines) {
		sl_lines *l = sl_alloc(ctx, (size_t) ctx->n_sources * sizeof(*l));
		if (ctx->n_lines)
			memcpy(l, ctx->lines, (size_t) ctx->n_lines * sizeof(*l));
		ctx->lines = l;
		ctx->n_lines = ctx->n_sources;
	}
	sl_lines *l = &ctx->lines[file];
	const sl_source *src = &ctx->sources[file];
	if (!l->start) {
		int count = 1;
		for (size_t i = 0; i < src->len; i++)
			count += line_break(src->text, src->len, i);
		l->start = sl_alloc(ctx, (size_t) count * sizeof(*l->start));
		int k = 1;
		for (size_t i = 0; i < src->len; i++)
			if (line_break(src->text, src->len, i))
				l->start[k++] = i + 1;
		l->n = count;
	}
	*n = l->n;
	return l->start;
}

const char *sl_source_line(sl_ctx *ctx, sl_loc loc, size_t *len)
{
	size_t n;
	const char *text = sl_source_text(ctx, loc.file, &n);
	int n_lines = 0;
	const size_t *lines = text && loc.line > 0 ? line_starts(ctx, loc.file, &n_lines) : NULL;
	if (!lines || loc.line > n_lines)
		return NULL;
	const char *p = text + lines[loc.line - 1], *eol = p;
	while (eol < text + n && *eol != '\n' && *eol != '\r')
		eol++;
	*len = (size_t) (eol - p);
	return p;
}

/* The source line of "loc" and a caret under its column; a long line as
 * a window of SL_WINDOW bytes around the caret, cut ends shown as "...". */
static void print_source_line(sl_ctx *ctx, FILE *out, sl_loc loc)
{
	size_t len;
	const char *text = sl_source_text(ctx, loc.file, &len);
	int n_lines = 0;
	const size_t *lines = text && loc.line > 0 ? line_starts(ctx, loc.file, &n_lines) : NULL;
	if (!lines || loc.line > n_lines)
		return;
	const char *p = text + lines[loc.line - 1];
	const char *eol = p, *end = text + len;
	while (eol < end && !line_break(text, len, (size_t) (eol - text)))
		eol++;
	const char *from = p, *to = eol;
	size_t caret = loc.col > 0 ? (size_t) loc.col - 1 : 0;
	if ((size_t) (eol - p) > SL_LINE_WHOLE) {
		size_t at = caret < (size_t) (eol - p) ? caret : (size_t) (eol - p);
		from = p + (at > SL_WINDOW / 2 ? at - SL_WINDOW / 2 : 0);
		to = from + SL_WINDOW < eol ? from + SL_WINDOW : eol;
		if (to == eol && eol - p >= SL_WINDOW)
			from = eol - SL_WINDOW;
	}
	int width = fprintf(out, "%5d | ", loc.line) - 2;
	if (from > p)
		fputs("...", out);
	for (const char *q = from; q < to; q++)
		fputc((unsigned char) *q < 0x20 && *q != '\t' ? ' ' : *q, out);
	if (to < eol)
		fputs("...", out);
	fputc('\n', out);
	fprintf(out, "%*s| ", width, "");
	if (from > p)
		fputs("   ", out);
	for (const char *q = from; q < p + caret && q < to; q++)
		fputc(*q == '\t' ? '\t' : ' ', out);
	fputs("^\n", out);
}

/* Keep a rendered message (print it at once outside a batch); a note
 * joins the message before it. */
static void hold(sl_ctx *ctx, sl_loc loc, bool is_note, char *text, size_t len)
{
	if (ctx->quiet) {
		free(text);
		return;
	}
	if (!ctx->batch) {
		sl_progress_hide();
		fwrite(text, 1, len, ctx->diag);
		free(text);
		return;
	}
	if (ctx->held_bytes > SL_DIAG_HELD_MAX) {
		ctx->n_dropped += !is_note;
		free(text);
		return;
	}
	ctx->held_bytes += len;
	if (is_note && ctx->n_diags) {
		sl_diag *last = &ctx->diags[ctx->n_diags - 1];
		last->text = sl_xrealloc(last->text, last->len + len + 1);
		memcpy(last->text + last->len, text, len + 1);
		last->len += len;
		free(text);
		return;
	}
	if (ctx->n_diags == ctx->cap_diags) {
		ctx->cap_diags = ctx->cap_diags ? 2 * ctx->cap_diags : 16;
		ctx->diags = sl_xrealloc(ctx->diags, ctx->cap_diags * sizeof(*ctx->diags));
	}
	sl_diag *d = &ctx->diags[ctx->n_diags];
	d->loc = loc;
	d->seq = ctx->n_diags++;
	d->text = text;
	d->len = len;
}

static void report(sl_ctx *ctx, sl_loc loc, const char *kind,
	const char *fmt, va_list ap)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	if (!out)
		return;
	const char *path = sl_source_path(ctx, loc.file);
	if (path && loc.line > 0)
		fprintf(out, "%s:%d:%d: %s: ", path, loc.line, loc.col, kind);
	else if (path)
		fprintf(out, "%s: %s: ", path, kind);
	else
		fprintf(out, "sluice: %s: ", kind);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
	if (path && loc.line > 0)
		print_source_line(ctx, out, loc);
	fclose(out);
	hold(ctx, loc, !strcmp(kind, "note"), buf, len);
}

/* Keep the first error's message for sl_first_error. */
static void keep_first(sl_ctx *ctx, const char *fmt, va_list ap)
{
	if (!ctx->first_error)
		ctx->first_error = sl_vfmt(ctx, fmt, ap);
}

void sl_error(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, loc, "error", fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	keep_first(ctx, fmt, ap);
	va_end(ap);
	ctx->n_errors++;
}

const char *sl_first_error(const sl_ctx *ctx)
{
	return ctx->first_error;
}

void sl_ctx_set_quiet(sl_ctx *ctx, bool quiet)
{
	ctx->quiet = quiet;
}

void sl_warning(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, loc, "warning", fmt, ap);
	va_end(ap);
}

void sl_note(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, loc, "note", fmt, ap);
	va_end(ap);
}

void sl_error_file(sl_ctx *ctx, const char *path, const char *fmt, ...)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	va_list ap;
	va_start(ap, fmt);
	if (out) {
		fprintf(out, "%s: error: ", path);
		vfprintf(out, fmt, ap);
		fputc('\n', out);
		fclose(out);
		hold(ctx, sl_noloc, false, buf, len);
	}
	va_end(ap);
	va_start(ap, fmt);
	keep_first(ctx, fmt, ap);
	va_end(ap);
	ctx->n_errors++;
}

static int by_place(const void *a, const void *b)
{
	const sl_diag *x = a, *y = b;
	if (x->loc.file != y->loc.file)
		return x->loc.file < y->loc.file ? -1 : 1;
	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void sl_diag_hold(sl_ctx *ctx)
{
	ctx->batch = true;
}

void sl_diag_flush(sl_ctx *ctx)
{
	ctx->batch = false;
	if (ctx->n_diags > 1)
		qsort(ctx->diags, ctx->n_diags, sizeof(*ctx->diags), by_place);
	if (ctx->n_diags)
		sl_progress_hide();
	for (int i = 0; i < ctx->n_diags; i++) {
		fwrite(ctx->diags[i].text, 1, ctx->diags[i].len, ctx->diag);
		free(ctx->diags[i].text);
	}
	if (ctx->n_dropped)
		fprintf(ctx->diag, "sluice: note: %d more diagnostic%s not shown\n", ctx->n_dropped,
			ctx->n_dropped == 1 ? "" : "s");
	fflush(ctx->diag);
	ctx->n_diags = 0;
	ctx->held_bytes = 0;
	ctx->n_dropped = 0;
}
