/* rtlgen/library.c: the hardware library a generated module needs.
 * Stage: rtlgen (after emission).  Finds the files of rtlgen/lib/ that a
 * top module instantiates, directly or through another library module,
 * and reads them, so that `compile -o DIR` can write a directory that
 * builds on its own (docs/hardware.md, "Self-contained output").  Owns
 * the texts it returns until rtl_library_free. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtlgen/rtlgen_private.h"

const char *rtl_library_dir(void)
{
	const char *e = getenv("SLUICE_RTL_LIB");
	return e && *e ? e : SLUICE_SOURCE_DIR "/rtlgen/lib";
}

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		c == '_' || c == '$';
}

/* A copy of text[0..len) with its comments (// and block) blanked, so
 * that a module named in a comment is not taken for an instance. */
static char *code_only(const char *text, size_t len)
{
	char *c = sl_xmalloc(len + 1);
	memcpy(c, text, len);
	c[len] = 0;
	for (size_t i = 0; i + 1 < len; i++) {
		if (c[i] == '/' && c[i + 1] == '/') {
			for (; i < len && c[i] != '\n'; i++)
				c[i] = ' ';
		} else if (c[i] == '/' && c[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < len && !(c[j] == '*' && c[j + 1] == '/'))
				j++;
			j = j + 2 < len ? j + 2 : len;
			for (; i < j; i++)
				if (c[i] != '\n')
					c[i] = ' ';
			i--;
		}
	}
	return c;
}

/* Does "name" occur at code[i] as a whole identifier? */
static bool is_word_at(const char *code, size_t len, size_t i, const char *name)
{
	size_t n = strlen(name);
	return i + n <= len && !memcmp(code + i, name, n) &&
		(i == 0 || !is_ident_char(code[i - 1])) &&
		(i + n == len || !is_ident_char(code[i + n]));
}

/* Does "name" occur in the code of text[0..len) as a whole identifier? */
static bool mentions(const char *text, size_t len, const char *name)
{
	char *code = code_only(text, len);
	bool found = false;
	for (size_t i = 0; !found && i < len; i++)
		found = is_word_at(code, len, i, name);
	free(code);
	return found;
}

/* The module a library file holds: its name without ".v". */
static char *module_of(const char *file)
{
	char *m = sl_xstrdup(file);
	char *dot = strrchr(m, '.');
	if (dot)
		*dot = 0;
	return m;
}

static bool read_library_file(sl_ctx *ctx, const char *dir, rtl_lib_file *f)
{
	char *path = sl_path_join(dir, f->name, NULL);
	f->text = sl_read_file(path, &f->len);
	if (!f->text)
		sl_error(ctx, sl_noloc, "cannot read the hardware library file '%s': %s "
			"(set SLUICE_RTL_LIB)", path, strerror(errno));
	free(path);
	return f->text != NULL;
}

/* Mark every library file that a used one mentions, until nothing
 * changes; reads each used file once. */
static int close_over_library(sl_ctx *ctx, const char *dir, rtl_lib_file *files, int n,
	char **modules)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 0; i < n; i++) {
			if (!files[i].used || files[i].text)
				continue;
			if (!read_library_file(ctx, dir, &files[i]))
				return -1;
			changed = true;
			for (int j = 0; j < n; j++)
				if (j != i && mentions(files[i].text, files[i].len, modules[j]))
					files[j].used = true;
		}
	}
	return 0;
}

int rtl_library_used(sl_ctx *ctx, const char *top, size_t len, rtl_lib_file **out, int *n_out)
{
	const char *const *names = rtl_library_files();
	int n = 0;
	while (names[n])
		n++;
	rtl_lib_file *files = sl_xcalloc((size_t) n, sizeof(*files));
	char **modules = sl_xcalloc((size_t) n, sizeof(*modules));
	for (int i = 0; i < n; i++) {
		files[i].name = names[i];
		modules[i] = module_of(names[i]);
		files[i].used = mentions(top, len, modules[i]);
	}
	const char *dir = rtl_library_dir();
	struct stat st;
	int rc = 0;
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		sl_error(ctx, sl_noloc, "no hardware library at '%s' (set SLUICE_RTL_LIB)", dir);
		rc = -1;
	}
	if (rc == 0)
		rc = close_over_library(ctx, dir, files, n, modules);
	for (int i = 0; i < n; i++)
		free(modules[i]);
	free(modules);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (files[i].used)
			files[k++] = files[i];
		else
			free(files[i].text);
	*out = files;
	*n_out = k;
	if (rc < 0) {
		rtl_library_free(files, k);
		*out = NULL;
		*n_out = 0;
	}
	return rc;
}

void rtl_library_free(rtl_lib_file *files, int n)
{
	for (int i = 0; i < n; i++)
		free(files[i].text);
	free(files);
}
