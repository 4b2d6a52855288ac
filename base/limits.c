/* base/limits.c: the limits that keep a run inside the machine.
 * Stage: basics shared by every stage.
 *   - The memory limit: every large data array (an input, a const, a
 *     func's values in the reference, an output, a buffer of the model)
 *     is reserved against it before it is allocated, so that data too
 *     large for the machine is a located error rather than an abort.  The
 *     limit is SLUICE_MAX_MEMORY when set, else half the physical memory
 *     (and at most half the address-space limit, ulimit -v).  The context
 *     counts what it holds.
 *   - Bounded reads: a file is read only when it is a regular file of at
 *     most a given size, so a FIFO, a device or a file larger than what
 *     it declares is refused without blocking and without reading it. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/base_private.h"

static uint64_t mem_limit;	/* 0: not computed yet */
/* What set the default limit: half of what (for the note of an error). */
static enum { LIMIT_PHYS, LIMIT_PHYS_UNKNOWN, LIMIT_AS } limit_from;
static uint64_t limit_of;	/* the memory or address space halved */

/* "4096", "64K", "1.5G", "2T" (powers of 1024); false for anything else. */
static bool parse_size(const char *s, uint64_t *v)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || errno || !(x > 0))
		return false;
	double unit = 1;
	switch (*end) {
	case 'k': case 'K': unit = 1024.0; end++; break;
	case 'm': case 'M': unit = 1024.0 * 1024; end++; break;
	case 'g': case 'G': unit = 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': unit = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end || x * unit >= 18446744073709551615.0 || x * unit < 1)
		return false;
	*v = (uint64_t) (x * unit);
	return true;
}

/* Half the physical memory (4 GiB when unknown), or half the
 * address-space limit when that is less; limit_from says which. */
static uint64_t default_limit(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	bool known = pages > 0 && page > 0;
	limit_of = known ? (uint64_t) pages * (uint64_t) page : (uint64_t) 4 << 30;
	limit_from = known ? LIMIT_PHYS : LIMIT_PHYS_UNKNOWN;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
	    && (uint64_t) rl.rlim_cur < limit_of) {
		limit_of = (uint64_t) rl.rlim_cur;
		limit_from = LIMIT_AS;
	}
	return limit_of / 2;
}

int sl_mem_limit_init(void)
{
	const char *s = getenv("SLUICE_MAX_MEMORY");
	if (s && *s) {
		if (!parse_size(s, &mem_limit)) {
			fprintf(stderr, "sluice: error: SLUICE_MAX_MEMORY='%s' is not a size "
				"(bytes, or a number with K, M, G or T: 512M, 8G)\n", s);
			mem_limit = 0;
			return -1;
		}
		return 0;
	}
	mem_limit = default_limit();
	return 0;
}

uint64_t sl_mem_limit(void)
{
	if (!mem_limit && sl_mem_limit_init() < 0)
		mem_limit = default_limit();
	return mem_limit;
}

/* "12 GiB", "512 MiB", "3 KiB", "100 bytes": for a reader. */
static const char *size_str(uint64_t n, char buf[32])
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	if (n < 1024) {
		snprintf(buf, 32, "%llu bytes", (unsigned long long) n);
		return buf;
	}
	double x = (double) n;
	int u = -1;
	while (x >= 1024 && u < 5) {
		x /= 1024;
		u++;
	}
	snprintf(buf, 32, x < 10 ? "%.1f %s" : "%.0f %s", x, units[u]);
	return buf;
}

/* The note after an error of the limit: what set it. */
static void limit_note(sl_ctx *ctx)
{
	const char *env = getenv("SLUICE_MAX_MEMORY");
	char b[32];
	if (env && *env)
		sl_note(ctx, sl_noloc, "the limit is SLUICE_MAX_MEMORY=%s (docs/language.md)", env);
	else if (limit_from == LIMIT_AS)
		sl_note(ctx, sl_noloc, "the limit is half the address-space limit of %s "
			"(ulimit -v); SLUICE_MAX_MEMORY=SIZE (e.g. 64G) sets another "
			"(docs/language.md)", size_str(limit_of, b));
	else if (limit_from == LIMIT_PHYS)
		sl_note(ctx, sl_noloc, "the limit is half the physical memory of %s; "
			"SLUICE_MAX_MEMORY=SIZE (e.g. 64G) sets another (docs/language.md)",
			size_str(limit_of, b));
	else
		sl_note(ctx, sl_noloc, "the limit is half of %s, taken for the physical memory "
			"(this system does not tell it); SLUICE_MAX_MEMORY=SIZE (e.g. 64G) sets "
			"another (docs/language.md)", size_str(limit_of, b));
}

bool sl_mem_reserve(sl_ctx *ctx, sl_loc loc, const char *kind, const char *name,
	int64_t elems, size_t elem_bytes)
{
	unsigned __int128 need = (unsigned __int128) (elems > 0 ? elems : 0) * elem_bytes;
	uint64_t limit = sl_mem_limit();
	if (need + ctx->mem_held <= limit) {
		ctx->mem_held += (uint64_t) need;
		return true;
	}
	char a[32], b[32], c[32], what[96], held[64] = ",";
	unsigned long long bytes = need > UINT64_MAX ? UINT64_MAX : (unsigned long long) need;
	if (elem_bytes == 1)
		snprintf(what, sizeof what, "%s", size_str(bytes, a));
	else
		snprintf(what, sizeof what, "%lld values of %zu bytes, %s", (long long) elems,
			elem_bytes, size_str(bytes, a));
	if (ctx->mem_held)
		snprintf(held, sizeof held, ": with the %s already held,",
			size_str(ctx->mem_held, c));
	sl_error(ctx, loc, "%s '%s' needs %llu bytes (%s)%s more than the memory limit of %s",
		kind, name, bytes, what, held, size_str(limit, b));
	limit_note(ctx);
	return false;
}

bool sl_mem_reserve_box(sl_ctx *ctx, sl_loc loc, const char *kind, const char *name,
	int n_dims, const int64_t *ext, size_t elem_bytes)
{
	int64_t n = 1;
	for (int d = 0; d < n_dims; d++) {
		if (ext[d] <= 0)
			return sl_mem_reserve(ctx, loc, kind, name, 0, elem_bytes);
		n = n > INT64_MAX / ext[d] ? INT64_MAX : n * ext[d];
	}
	return sl_mem_reserve(ctx, loc, kind, name, n, elem_bytes);
}

void sl_mem_release(sl_ctx *ctx, uint64_t bytes)
{
	ctx->mem_held = bytes > ctx->mem_held ? 0 : ctx->mem_held - bytes;
}

/* ------------------------------------------------------------- reading */

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m)
		? "a character device" : S_ISBLK(m) ? "a block device" : S_ISSOCK(m)
		? "a socket" : "not a regular file";
}

char *sl_read_file_max(const char *path, size_t max, const char *what, size_t *len,
	char *why, size_t why_cap)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, why_cap, "%s", strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		snprintf(why, why_cap, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, why_cap, "it is %s, not a regular file", file_kind(st.st_mode));
		close(fd);
		return NULL;
	}
	if ((uint64_t) st.st_size > max) {
		char a[32];
		snprintf(why, why_cap, "it has %llu bytes, more than the %llu (%s) %s may have",
			(unsigned long long) st.st_size, (unsigned long long) max,
			size_str(max, a), what);
		close(fd);
		return NULL;
	}
	/* st_size is a hint (a file may grow, /proc files say 0): read up to
	 * max + 1 bytes, growing the buffer. */
	size_t cap = (size_t) st.st_size + 1, n = 0;
	char *buf = sl_xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				char a[32];
				snprintf(why, why_cap, "it has more than the %llu bytes (%s) %s "
					"may have", (unsigned long long) max, size_str(max, a), what);
				free(buf);
				close(fd);
				return NULL;
			}
			cap = cap > max / 2 ? max + 1 : 2 * cap;
			buf = sl_xrealloc(buf, cap + 1);
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(why, why_cap, "%s", strerror(errno));
			free(buf);
			close(fd);
			return NULL;
		}
		if (got == 0)
			break;
		n += (size_t) got;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
}
