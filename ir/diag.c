/* ir/diag.c: diagnostics.
 * Stage: basics.  Every message is "file:line:col: kind: text", followed,
 * when the place is in a source file, by the source line and a caret. */
#include <string.h>

#include "ir/ir_private.h"

static void print_source_line(sl_ctx *ctx, sl_loc loc)
{
	size_t len;
	const char *text = sl_source_text(ctx, loc.file, &len);
	if (!text || loc.line <= 0)
		return;
	const char *p = text, *end = text + len;
	for (int line = 1; line < loc.line && p < end; p++)
		if (*p == '\n')
			line++;
	const char *eol = p;
	while (eol < end && *eol != '\n')
		eol++;
	int width = fprintf(ctx->diag, "%5d | ", loc.line) - 2;
	for (const char *q = p; q < eol; q++)
		fputc((unsigned char) *q < 0x20 && *q != '\t' ? ' ' : *q, ctx->diag);
	fputc('\n', ctx->diag);
	fprintf(ctx->diag, "%*s| ", width, "");
	for (int c = 1; c < loc.col && p + c - 1 < eol; c++)
		fputc(p[c - 1] == '\t' ? '\t' : ' ', ctx->diag);
	fputs("^\n", ctx->diag);
}

static void report(sl_ctx *ctx, sl_loc loc, const char *kind,
	const char *fmt, va_list ap)
{
	const char *path = sl_source_path(ctx, loc.file);
	if (path && loc.line > 0)
		fprintf(ctx->diag, "%s:%d:%d: %s: ", path, loc.line, loc.col, kind);
	else if (path)
		fprintf(ctx->diag, "%s: %s: ", path, kind);
	else
		fprintf(ctx->diag, "sluice: %s: ", kind);
	vfprintf(ctx->diag, fmt, ap);
	fputc('\n', ctx->diag);
	if (path && loc.line > 0)
		print_source_line(ctx, loc);
}

void sl_error(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, loc, "error", fmt, ap);
	va_end(ap);
	ctx->n_errors++;
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
	va_list ap;
	va_start(ap, fmt);
	fprintf(ctx->diag, "%s: error: ", path);
	vfprintf(ctx->diag, fmt, ap);
	fputc('\n', ctx->diag);
	va_end(ap);
	ctx->n_errors++;
}
