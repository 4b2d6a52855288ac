/* frontend/frontend.h: from source text to a checked, typed program.
 * Rank 3 (tests/check_layout.sh).
 * Stage: [frontend] -> scheduler.  Lexing, parsing (names resolved as
 * declared, since a name is declared before its use), typing and
 * constant folding, and bounds inference with isl.  The program lives in
 * the context's arena. */
#ifndef SLUICE_FRONTEND_H
#define SLUICE_FRONTEND_H

#include <isl/aff.h>
#include <isl/local_space.h>

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest program file read: 64 MiB (docs/language.md). */
#define FE_MAX_PROGRAM_BYTES ((size_t) 64 << 20)

/* Parse, type-check and infer bounds for the program "text" (len bytes),
 * or, when "text" is NULL, the program read from "path".  "path" names
 * it in diagnostics and is the base for file(...) paths.  Returns NULL
 * when any error was reported (all of them are).  Bounds inference uses
 * "isl" (the compilation's context, its on-error mode set to continue),
 * or a short-lived context of its own when NULL. */
ir_program *fe_compile(sl_ctx *ctx, isl_ctx *isl, const char *path, const char *text,
	size_t len);
/* fe_compile with an isl context of its own: of a file (`sluice check`,
 * `run`), or of a text in memory (tests). */
ir_program *fe_compile_file(sl_ctx *ctx, const char *path);
ir_program *fe_compile_text(sl_ctx *ctx, const char *path,
	const char *text, size_t len);

/* Bounds inference on a program whose funcs are typed: sets every
 * func's dom_lo/dom_ext (dom_empty when unused, with a warning when
 * "warn_unused") and checks input and const accesses.  Later stages rerun
 * it on lowered programs.  "isl" as for fe_compile.  0, or -1 after reporting errors. */
int fe_infer_bounds(sl_ctx *ctx, isl_ctx *isl, ir_program *prog, bool warn_unused);

/* The isl form of an index expression (type none) whose variables are
 * the set dimensions of "ls" (slot i is dimension i). */
__isl_give isl_pw_aff *fe_index_pw_aff(isl_ctx *isl, const ir_expr *e,
	__isl_keep isl_local_space *ls);

#ifdef __cplusplus
}
#endif

#endif
