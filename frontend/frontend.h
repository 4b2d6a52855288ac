/* frontend/frontend.h: from source text to a checked, typed program.
 * Stage: [frontend] -> scheduler.  Lexing, parsing (names resolved as
 * declared, since a name is declared before its use), typing and
 * constant folding, and bounds inference with isl.  The program lives in
 * the context's arena. */
#ifndef SLUICE_FRONTEND_H
#define SLUICE_FRONTEND_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read, parse, type-check and infer bounds for the program in "path".
 * Returns NULL when any error was reported (all of them are). */
ir_program *fe_compile_file(sl_ctx *ctx, const char *path);
/* The same on a text in memory; "path" names it in diagnostics and is
 * the base for file(...) paths. */
ir_program *fe_compile_text(sl_ctx *ctx, const char *path,
	const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
