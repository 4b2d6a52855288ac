/* frontend/frontend_private.h: declarations shared inside frontend/. */
#ifndef SLUICE_FRONTEND_PRIVATE_H
#define SLUICE_FRONTEND_PRIVATE_H

#include "frontend/frontend.h"

typedef enum fe_tok_kind {
	TK_EOF, TK_IDENT, TK_INT, TK_STRING, TK_TYPE,
	/* reserved words */
	TK_INPUT, TK_CONST, TK_FUNC, TK_OUTPUT, TK_INLINE, TK_UNROLL,
	TK_SUM, TK_MAXIMUM, TK_MINIMUM, TK_MIN, TK_MAX, TK_ABS, TK_CLAMP,
	TK_SELECT,
	/* punctuation */
	TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE, TK_RBRACE,
	TK_COMMA, TK_SEMI, TK_COLON, TK_ASSIGN, TK_QUESTION, TK_DOTDOT,
	TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT, TK_SHL, TK_SHR,
	TK_AMP, TK_PIPE, TK_CARET, TK_TILDE, TK_BANG, TK_ANDAND, TK_OROR,
	TK_EQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE,
	TK_OP,		/* an operator of ir_op_info that is none of the above */
	TK_ERROR,	/* a lexical error, already reported */
} fe_tok_kind;

typedef struct fe_token {
	fe_tok_kind kind;
	sl_loc loc;
	const char *start;	/* into the source text */
	int len;
	unsigned __int128 ival;	/* TK_INT */
	ir_type type;		/* TK_TYPE */
} fe_token;

/* The whole token stream of a file, ending with TK_EOF; in the arena. */
fe_token *fe_lex(sl_ctx *ctx, int file, int *n_tokens);
const char *fe_tok_kind_str(fe_tok_kind kind);

/* Parse the tokens into a program with names resolved and nothing typed.
 * Returns NULL on error. "dir" is the base of file(...) paths. */
ir_program *fe_parse(sl_ctx *ctx, const char *path, const char *dir,
	fe_token *toks, int n_tokens);

/* Type every expression, fold constants, check indices. 0 or -1. */
int fe_typecheck(sl_ctx *ctx, ir_program *prog);


/* Fold a constant expression (literals and operators) exactly; reports
 * and returns false when "e" is not one or leaves [-2^63, 2^64). */
bool fe_fold_constant(sl_ctx *ctx, const ir_expr *e, __int128 *v);

/* Helpers on expressions shared by the passes. */
ir_expr *fe_expr_new(sl_ctx *ctx, ir_expr_kind kind, sl_loc loc, int n_args);
/* Is "e" an index-form expression (affine building blocks only)? */
bool fe_is_index_form(const ir_expr *e);

#endif
