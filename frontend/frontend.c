/* frontend/frontend.c: the front end's one entry point.
 * Stage: [lex -> parse -> typecheck -> bounds] -> scheduler.  Reads the
 * source into the context (which owns it) and runs the passes in order;
 * each pass reports its own errors and the first failing pass stops the
 * chain, so later passes never see a broken program. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend_private.h"

/* The directory part of "path", "" for a bare file name. */
static char *dir_of(sl_ctx *ctx, const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return sl_strdup(ctx, "");
	if (slash == path)
		return sl_strdup(ctx, "/");
	return sl_strndup(ctx, path, (size_t) (slash - path));
}

static ir_program *compile(sl_ctx *ctx, isl_ctx *isl, const char *path, const char *text,
	size_t len);

ir_program *fe_compile_text(sl_ctx *ctx, const char *path, const char *text, size_t len)
{
	return fe_compile(ctx, NULL, path, text, len);
}

static ir_program *compile(sl_ctx *ctx, isl_ctx *isl, const char *path, const char *text,
	size_t len)
{
	char *copy = sl_xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	int file = sl_source_add(ctx, path, copy, len);
	int n_toks, errors = sl_n_errors(ctx);
	fe_token *toks = fe_lex(ctx, file, &n_toks);
	if (!toks)
		return NULL;
	/* Parsing and typing go on after errors, so that one run reports
	 * every independent error; bounds need a program without errors. */
	ir_program *prog = fe_parse(ctx, path, dir_of(ctx, path), toks, n_toks);
	fe_typecheck(ctx, prog);
	if (sl_n_errors(ctx) > errors || fe_infer_bounds(ctx, isl, prog, true) < 0)
		return NULL;
	return prog;
}

ir_program *fe_compile(sl_ctx *ctx, isl_ctx *isl, const char *path, const char *text,
	size_t len)
{
	char *file = NULL, why[256];
	if (!text && !(text = file = sl_read_file_max(path, FE_MAX_PROGRAM_BYTES, "a program",
			&len, why, sizeof why))) {
		sl_error_file(ctx, path, "cannot read the program: %s", why);
		sl_diag_flush(ctx);
		return NULL;
	}
	sl_diag_hold(ctx);
	ir_program *prog = compile(ctx, isl, path, text, len);
	sl_diag_flush(ctx);
	free(file);
	return prog;
}

ir_program *fe_compile_file(sl_ctx *ctx, const char *path)
{
	return fe_compile(ctx, NULL, path, NULL, 0);
}
