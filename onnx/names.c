/* onnx/names.c: ONNX names as sluice names.
 * Stage: ONNX models in (onnx/).  The mapping (docs/onnx.md, "Names"):
 * every character outside [A-Za-z0-9_] becomes '_'; a name that starts
 * with a digit, or is empty, gets a leading '_'; a reserved word or type
 * name of the language, or a name of the form vN / rN (the variables the
 * importer writes), gets a trailing '_'; a name already taken then gets
 * _2, _3, ... */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx/onnx_private.h"

static bool is_reserved(const char *s)
{
	static const char *const words[] = { "input", "const", "func", "output", "inline",
		"unroll", "sum", "maximum", "minimum", "min", "max", "abs", "clamp", "select",
		"param" };
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(s, words[i]))
			return true;
	if ((s[0] == 'u' || s[0] == 'i') && isdigit((unsigned char) s[1])) {
		char *end;
		long n = strtol(s + 1, &end, 10);
		if (!*end && s[1] != '0' && n >= (s[0] == 'u' ? 1 : 2) && n <= 64)
			return true;
	}
	/* The importer's variables: v0, v1, ... and r0, r1, ... */
	if ((s[0] == 'v' || s[0] == 'r') && s[1]) {
		const char *p = s + 1;
		while (isdigit((unsigned char) *p))
			p++;
		if (!*p)
			return true;
	}
	return false;
}

bool ox_name_taken(const ox_imp *m, const char *s)
{
	for (int i = 0; i < m->n_used; i++)
		if (!strcmp(m->used[i], s))
			return true;
	return false;
}

static const char *take(ox_imp *m, const char *s)
{
	if (m->n_used == m->cap_used) {
		m->cap_used = m->cap_used ? 2 * m->cap_used : 64;
		m->used = sl_xrealloc(m->used, (size_t) m->cap_used * sizeof(*m->used));
	}
	m->used[m->n_used++] = s;
	return s;
}

/* The sluice name of ONNX name "onnx", new and unique in the program. */
const char *ox_name(ox_imp *m, const char *onnx)
{
	size_t n = strlen(onnx);
	char *s = sl_alloc(m->ctx, n + 24);
	size_t k = 0;
	if (!n || isdigit((unsigned char) onnx[0]))
		s[k++] = '_';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char) onnx[i];
		s[k++] = (char) (isalnum(c) || c == '_' ? (c < 128 ? c : '_') : '_');
	}
	s[k] = 0;
	if (is_reserved(s))
		s[k++] = '_', s[k] = 0;
	if (!ox_name_taken(m, s))
		return take(m, s);
	for (int i = 2;; i++) {
		snprintf(s + k, 24, "_%d", i);
		if (!ox_name_taken(m, s))
			return take(m, s);
	}
}
