/* frontend/lexer.c: source text to tokens.
 * Stage: [lex] -> parse -> typecheck -> bounds.  Tokens point into the
 * source text owned by the context; the token array is in the arena.
 * Lexical errors are reported here and become TK_ERROR tokens. */
#include <ctype.h>
#include <string.h>

#include "frontend/frontend_private.h"

static const struct {
	const char *word;
	fe_tok_kind kind;
} keywords[] = {
	{ "input", TK_INPUT }, { "const", TK_CONST }, { "func", TK_FUNC },
	{ "output", TK_OUTPUT }, { "inline", TK_INLINE }, { "unroll", TK_UNROLL },
	{ "sum", TK_SUM }, { "maximum", TK_MAXIMUM }, { "minimum", TK_MINIMUM },
	{ "min", TK_MIN }, { "max", TK_MAX }, { "abs", TK_ABS },
	{ "clamp", TK_CLAMP }, { "select", TK_SELECT },
};

static const struct {
	const char *text;
	fe_tok_kind kind;
} puncts[] = {	/* longest first */
	{ "<<", TK_SHL }, { ">>", TK_SHR }, { "&&", TK_ANDAND }, { "||", TK_OROR },
	{ "==", TK_EQ }, { "!=", TK_NE }, { "<=", TK_LE }, { ">=", TK_GE },
	{ "..", TK_DOTDOT },
	{ "(", TK_LPAREN }, { ")", TK_RPAREN }, { "[", TK_LBRACKET },
	{ "]", TK_RBRACKET }, { "{", TK_LBRACE }, { "}", TK_RBRACE },
	{ ",", TK_COMMA }, { ";", TK_SEMI }, { ":", TK_COLON }, { "=", TK_ASSIGN },
	{ "?", TK_QUESTION }, { "+", TK_PLUS }, { "-", TK_MINUS }, { "*", TK_STAR },
	{ "/", TK_SLASH }, { "%", TK_PERCENT }, { "&", TK_AMP }, { "|", TK_PIPE },
	{ "^", TK_CARET }, { "~", TK_TILDE }, { "!", TK_BANG }, { "<", TK_LT },
	{ ">", TK_GT },
};

const char *fe_tok_kind_str(fe_tok_kind kind)
{
	switch (kind) {
	case TK_EOF: return "end of file";
	case TK_IDENT: return "a name";
	case TK_INT: return "an integer";
	case TK_STRING: return "a string";
	case TK_TYPE: return "a type";
	case TK_OP: return "an operator";
	case TK_ERROR: return "an invalid token";
	default: break;
	}
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (keywords[i].kind == kind)
			return keywords[i].word;
	for (size_t i = 0; i < sizeof(puncts) / sizeof(puncts[0]); i++)
		if (puncts[i].kind == kind)
			return puncts[i].text;
	sl_unreachable();
}

typedef struct lexer {
	sl_ctx *ctx;
	int file;
	const char *p, *end, *line_start;
	int line;
	fe_token *toks;
	int n, cap;
} lexer;

static sl_loc here(const lexer *lx, const char *at)
{
	sl_loc loc = { lx->file, lx->line, (int) (at - lx->line_start) + 1 };
	return loc;
}

/* A line ends at '\n', or at a '\r' not followed by '\n' (classic Mac
 * line endings); the '\r' of "\r\n" is white space.  base/diag.c counts
 * lines the same way. */
static bool is_newline(const lexer *lx)
{
	return *lx->p == '\n' || (*lx->p == '\r' && (lx->p + 1 == lx->end || lx->p[1] != '\n'));
}

static fe_token *push(lexer *lx, fe_tok_kind kind, const char *start, int len)
{
	if (lx->n == lx->cap) {
		int cap = lx->cap ? 2 * lx->cap : 256;
		fe_token *t = sl_alloc(lx->ctx, cap * sizeof(*t));
		if (lx->n)
			memcpy(t, lx->toks, lx->n * sizeof(*t));
		lx->toks = t;
		lx->cap = cap;
	}
	fe_token *t = &lx->toks[lx->n++];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->loc = here(lx, start);
	t->start = start;
	t->len = len;
	return t;
}

/* uN for 1 <= N <= 64, iN for 2 <= N <= 64, N without leading zeros. */
static bool type_name(const char *s, int len, ir_type *type)
{
	if (len < 2 || len > 3 || (s[0] != 'u' && s[0] != 'i') || s[1] == '0')
		return false;
	int n = 0;
	for (int i = 1; i < len; i++) {
		if (!isdigit((unsigned char) s[i]))
			return false;
		n = 10 * n + (s[i] - '0');
	}
	bool is_signed = s[0] == 'i';
	if (n > 64 || n < (is_signed ? 2 : 1))
		return false;
	*type = ir_type_make(is_signed, n);
	return true;
}

static void lex_word(lexer *lx)
{
	const char *s = lx->p;
	while (lx->p < lx->end && (isalnum((unsigned char) *lx->p) || *lx->p == '_'))
		lx->p++;
	int len = (int) (lx->p - s);
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if ((int) strlen(keywords[i].word) == len &&
		    !memcmp(keywords[i].word, s, len)) {
			push(lx, keywords[i].kind, s, len);
			return;
		}
	}
	ir_type type;
	if (type_name(s, len, &type)) {
		push(lx, TK_TYPE, s, len)->type = type;
		return;
	}
	push(lx, TK_IDENT, s, len);
}

static int digit_value(char c, bool hex)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (hex && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (hex && c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decimal or hexadecimal; the value must be below 2^64. */
static void lex_number(lexer *lx)
{
	const char *s = lx->p;
	bool hex = lx->p + 1 < lx->end && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	if (hex)
		lx->p += 2;
	while (lx->p < lx->end && (isalnum((unsigned char) *lx->p) || *lx->p == '_'))
		lx->p++;
	int len = (int) (lx->p - s);
	fe_token *t = push(lx, TK_INT, s, len);
	const char *digits = hex ? s + 2 : s;
	unsigned __int128 v = 0;
	bool too_big = false;
	if (digits == lx->p) {
		sl_error(lx->ctx, t->loc, "hexadecimal literal '%.*s' has no digits", len, s);
		t->kind = TK_ERROR;
		return;
	}
	for (const char *q = digits; q < lx->p; q++) {
		int d = digit_value(*q, hex);
		if (d < 0) {
			sl_error(lx->ctx, t->loc, "invalid %s literal '%.*s'",
				hex ? "hexadecimal" : "decimal", len, s);
			t->kind = TK_ERROR;
			return;
		}
		v = v * (hex ? 16 : 10) + d;
		if (v >> 64)
			too_big = true, v = (unsigned __int128) 1 << 64;
	}
	if (!hex && len > 1 && s[0] == '0') {
		sl_error(lx->ctx, t->loc, "decimal literal '%.*s' has a leading zero", len, s);
		t->kind = TK_ERROR;
		return;
	}
	if (too_big) {
		sl_error(lx->ctx, t->loc, "literal '%.*s' is too large: literals are below 2^64",
			len, s);
		t->kind = TK_ERROR;
		return;
	}
	t->ival = v;
}

static void lex_string(lexer *lx)
{
	const char *s = lx->p++;
	while (lx->p < lx->end && *lx->p != '"' && !is_newline(lx))
		lx->p++;
	if (lx->p >= lx->end || *lx->p != '"') {
		fe_token *t = push(lx, TK_ERROR, s, (int) (lx->p - s));
		sl_error(lx->ctx, t->loc, "unterminated string");
		return;
	}
	lx->p++;
	push(lx, TK_STRING, s, (int) (lx->p - s));
}

static bool lex_at(const lexer *lx, const char *text, size_t n)
{
	return (size_t) (lx->end - lx->p) >= n && !memcmp(lx->p, text, n);
}

/* The longest operator symbol of ir_op_info (not a name) at lx->p; 0 if
 * none. */
static size_t op_symbol_len(const lexer *lx)
{
	size_t best = 0;
	for (int op = 0; op < IR_N_OPS; op++) {
		const char *sym = ir_op_info[op].sym;
		size_t n = strlen(sym);
		if (n > best && !isalpha((unsigned char) sym[0]) && lex_at(lx, sym, n))
			best = n;
	}
	return best;
}

/* Punctuation, longest first; an operator symbol longer than every
 * punctuation match is a TK_OP (the parser looks it up in ir_op_info). */
static bool lex_punct(lexer *lx)
{
	size_t nop = op_symbol_len(lx);
	for (size_t i = 0; i < sizeof(puncts) / sizeof(puncts[0]); i++) {
		size_t n = strlen(puncts[i].text);
		if (n >= nop && lex_at(lx, puncts[i].text, n)) {
			push(lx, puncts[i].kind, lx->p, (int) n);
			lx->p += n;
			return true;
		}
	}
	if (!nop)
		return false;
	push(lx, TK_OP, lx->p, (int) nop);
	lx->p += nop;
	return true;
}

static void bad_char(lexer *lx)
{
	unsigned char c = (unsigned char) *lx->p;
	fe_token *t = push(lx, TK_ERROR, lx->p, 1);
	if (c >= 0x21 && c < 0x7f)
		sl_error(lx->ctx, t->loc, "unexpected character '%c'", c);
	else
		sl_error(lx->ctx, t->loc, "unexpected byte 0x%02x", c);
	/* Skip the rest of a run of bad bytes: one error for a UTF-8 word. */
	lx->p++;
	while (lx->p < lx->end && ((unsigned char) *lx->p >= 0x80))
		lx->p++;
}

fe_token *fe_lex(sl_ctx *ctx, int file, int *n_tokens)
{
	size_t len;
	const char *text = sl_source_text(ctx, file, &len);
	lexer lx = { ctx, file, text, text + len, text, 1, NULL, 0, 0 };
	const void *nul = memchr(text, '\0', len);
	if (nul) {
		for (lx.p = text; lx.p < (const char *) nul; lx.p++)
			if (is_newline(&lx))
				lx.line++, lx.line_start = lx.p + 1;
		sl_error_file(ctx, sl_source_path(ctx, file),
			"this is a binary file, not a sluice program (line %d holds a NUL byte)", lx.line);
		return NULL;
	}
	int budget = 50;	/* lexical errors before giving up */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
		sl_error(ctx, here(&lx, text), "the file begins with a UTF-8 byte-order mark (bytes EF BB "
			"BF); save it without one");
		lx.p += 3;
	}
	while (lx.p < lx.end) {
		int before = lx.n;
		char c = *lx.p;
		if (is_newline(&lx)) {
			lx.p++;
			lx.line++;
			lx.line_start = lx.p;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx.p++;
		} else if (c == '#') {
			while (lx.p < lx.end && !is_newline(&lx))
				lx.p++;
		} else if (isalpha((unsigned char) c) || c == '_') {
			lex_word(&lx);
		} else if (isdigit((unsigned char) c)) {
			lex_number(&lx);
		} else if (c == '"') {
			lex_string(&lx);
		} else if (!lex_punct(&lx)) {
			bad_char(&lx);
		}
		if (lx.n > before && lx.toks[lx.n - 1].kind == TK_ERROR && --budget == 0) {
			sl_error(ctx, here(&lx, lx.p), "too many errors; giving up");
			return NULL;
		}
	}
	push(&lx, TK_EOF, lx.end, 0);
	*n_tokens = lx.n;
	return lx.toks;
}
