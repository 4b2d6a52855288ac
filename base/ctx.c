/* base/ctx.c: the compilation context, its arena and the heap wrappers.
 * Stage: basics shared by every stage.  The context owns its source texts
 * and every arena block; sl_ctx_free() releases them all at once. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/base_private.h"

const sl_loc sl_noloc = { -1, 0, 0 };

enum { SL_BLOCK_SIZE = 64 * 1024 };

/* SLUICE_FAIL_ALLOC=N: whether this call is the N-th (tests only). */
static bool alloc_should_fail(void)
{
	static long fail_at = -1;
	static long calls;
	if (fail_at < 0) {
		const char *e = getenv("SLUICE_FAIL_ALLOC");
		fail_at = e && *e ? strtol(e, NULL, 10) : 0;
		if (fail_at < 0)
			fail_at = 0;
	}
	return fail_at > 0 && __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) == fail_at;
}

void *sl_xmalloc(size_t size)
{
	void *p = alloc_should_fail() ? NULL : malloc(size ? size : 1);
	if (!p)
		sl_die_out_of_memory();
	return p;
}

void *sl_xcalloc(size_t n, size_t size)
{
	void *p = alloc_should_fail() ? NULL : calloc(n ? n : 1, size ? size : 1);
	if (!p)
		sl_die_out_of_memory();
	return p;
}

void *sl_xrealloc(void *p, size_t size)
{
	p = alloc_should_fail() ? NULL : realloc(p, size ? size : 1);
	if (!p)
		sl_die_out_of_memory();
	return p;
}

char *sl_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(sl_xmalloc(n), s, n);
}

_Noreturn void sl_unreachable_at(const char *file, int line)
{
	fprintf(stderr, "sluice: internal error at %s:%d\n", file, line);
	abort();
}

sl_ctx *sl_ctx_alloc(void)
{
	sl_ctx *ctx = sl_xcalloc(1, sizeof(*ctx));
	ctx->diag = stderr;
	return ctx;
}

void sl_ctx_set_defines(sl_ctx *ctx, const sl_define *defs, int n)
{
	ctx->defines = defs;
	ctx->n_defines = n;
}

const sl_define *sl_ctx_defines(const sl_ctx *ctx, int *n)
{
	*n = ctx->n_defines;
	return ctx->defines;
}

void sl_ctx_free(sl_ctx *ctx)
{
	if (!ctx)
		return;
	sl_diag_flush(ctx);
	free(ctx->diags);
	for (sl_block *b = ctx->blocks, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	for (int i = 0; i < ctx->n_sources; i++) {
		free(ctx->sources[i].path);
		free(ctx->sources[i].text);
	}
	free(ctx->sources);
	free(ctx);
}

void sl_ctx_set_diag_stream(sl_ctx *ctx, FILE *out)
{
	ctx->diag = out;
}

int sl_n_errors(const sl_ctx *ctx)
{
	return ctx->n_errors;
}

int sl_source_add(sl_ctx *ctx, const char *path, char *text, size_t len)
{
	ctx->sources = sl_xrealloc(ctx->sources,
		(ctx->n_sources + 1) * sizeof(*ctx->sources));
	ctx->sources[ctx->n_sources].path = sl_xstrdup(path);
	ctx->sources[ctx->n_sources].text = text;
	ctx->sources[ctx->n_sources].len = len;
	return ctx->n_sources++;
}

const char *sl_source_path(const sl_ctx *ctx, int file)
{
	if (file < 0 || file >= ctx->n_sources)
		return NULL;
	return ctx->sources[file].path;
}

const char *sl_source_text(const sl_ctx *ctx, int file, size_t *len)
{
	if (file < 0 || file >= ctx->n_sources)
		return NULL;
	if (len)
		*len = ctx->sources[file].len;
	return ctx->sources[file].text;
}

static sl_block *new_block(sl_ctx *ctx, size_t cap)
{
	sl_block *b = sl_xmalloc(sizeof(*b) + cap);
	b->used = 0;
	b->cap = cap;
	b->next = ctx->blocks;
	ctx->blocks = b;
	return b;
}

void *sl_alloc(sl_ctx *ctx, size_t size)
{
	size = (size + 15) & ~(size_t) 15;
#ifdef SLUICE_SANITIZE
	sl_block *b = new_block(ctx, size);
#else
	sl_block *b = ctx->blocks;
	if (!b || b->cap - b->used < size) {
		if (size > SL_BLOCK_SIZE / 4) {
			b = new_block(ctx, size);
		} else {
			b = new_block(ctx, SL_BLOCK_SIZE);
		}
	}
#endif
	void *p = b->mem + b->used;
	b->used += size;
	memset(p, 0, size);
	return p;
}

char *sl_strndup(sl_ctx *ctx, const char *s, size_t len)
{
	char *p = sl_alloc(ctx, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *sl_strdup(sl_ctx *ctx, const char *s)
{
	return sl_strndup(ctx, s, strlen(s));
}

char *sl_vfmt(sl_ctx *ctx, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	char *s = sl_alloc(ctx, n > 0 ? (size_t) n + 1 : 1);
	if (n > 0)
		vsnprintf(s, (size_t) n + 1, fmt, ap);
	return s;
}

char *sl_fmt(sl_ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = sl_vfmt(ctx, fmt, ap);
	va_end(ap);
	return s;
}

void **sl_ptr_set_add(sl_ctx *ctx, void **set, int *n, void *p)
{
	if (*n && set[*n - 1] == p)
		return set;
	/* The capacity is the power of two from *n: grow when full. */
	if ((*n & (*n - 1)) == 0) {
		void **u = sl_alloc(ctx, (size_t) (*n ? 2 * *n : 1) * sizeof(*u));
		if (*n)
			memcpy(u, set, (size_t) *n * sizeof(*u));
		set = u;
	}
	set[(*n)++] = p;
	return set;
}

char *sl_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = sl_xmalloc(cap + 1);
	for (;;) {
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n < cap) {
			if (ferror(f)) {
				int err = errno ? errno : EIO;
				free(buf);
				fclose(f);
				errno = err;
				return NULL;
			}
			break;
		}
		cap *= 2;
		buf = sl_xrealloc(buf, cap + 1);
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int sl_make_dir(const char *dir)
{
	char *p = sl_xstrdup(dir);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	int rc = mkdir(p, 0777) == 0 || errno == EEXIST ? 0 : -1;
	struct stat st;
	if (rc == 0 && (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))) {
		errno = ENOTDIR;
		rc = -1;
	}
	free(p);
	return rc;
}
