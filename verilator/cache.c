/* verilator/cache.c: the Verilator build cache, kept private and whole.
 * Stage: verilator (for verilator/run.c).  The cache
 * root is $SLUICE_CACHE_DIR, else $XDG_CACHE_HOME/sluice, else
 * $HOME/.cache/sluice; with none of them set there is no cache (never a
 * shared /tmp).  The root and its verilator/ directory are the user's
 * and private (0700: created so, corrected when the user owns them, else
 * refused).  An entry TOP-HASH counts only when it, obj/ and obj/tb are
 * the user's and not writable by others, and its stamp (written last:
 * the size and hash of obj/tb) matches; anything else is a miss, and the
 * fresh build replaces it.  A lock file per entry (TOP-HASH.lock, flock)
 * makes concurrent runs of one design build it once: exclusive while one
 * looks and builds, shared while the testbench runs.  Owns nothing past
 * a call. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "verilator/verilator_private.h"

#define VL_STAMP_MAGIC "sluice-vl-stamp-1"

/* CACHE/verilator, private; NULL (reported) when there is none. */
char *vl_cache_dir(sl_ctx *ctx)
{
	return sl_cache_dir(ctx, "verilator", "the Verilator build cache", "runs no build");
}

/* ------------------------------------------------------------- the stamp */

/* Size and FNV-1a hash of a file (a check against damage, not a defence:
 * the cache is private). */
static int vl_file_sum(const char *path, long long *size, unsigned long long *hash)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	unsigned long long h = 0xcbf29ce484222325ull;
	long long n = 0;
	unsigned char buf[65536];
	ssize_t got;
	while ((got = read(fd, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < got; i++)
			h = (h ^ buf[i]) * 0x100000001b3ull;
		n += got;
	}
	close(fd);
	if (got < 0)
		return -1;
	*size = n;
	*hash = h;
	return 0;
}

int vl_stamp_write(sl_ctx *ctx, const char *dir)
{
	char *tb = sl_path_join(dir, "obj/tb", NULL), *stamp = sl_path_join(dir, "stamp", NULL);
	long long size;
	unsigned long long hash;
	int rc = -1;
	if (vl_file_sum(tb, &size, &hash) < 0) {
		sl_error(ctx, sl_noloc, "cannot read the testbench '%s': %s", tb, strerror(errno));
	} else {
		char text[128];
		int n = snprintf(text, sizeof text, VL_STAMP_MAGIC " %lld %016llx\n", size, hash);
		rc = sl_write_file_now(stamp, text, (size_t) n);
		if (rc < 0)
			sl_error(ctx, sl_noloc, "cannot write '%s': %s", stamp, strerror(errno));
	}
	free(tb);
	free(stamp);
	return rc;
}

/* Why entry "dir" cannot be run, or NULL when it is a whole build. */
const char *vl_entry_problem(const char *dir)
{
	char *obj = sl_path_join(dir, "obj", NULL), *tb = sl_path_join(dir, "obj/tb", NULL),
		*stamp = sl_path_join(dir, "stamp", NULL);
	const char *why = NULL;
	struct stat st;
	size_t len = 0;
	char *text = NULL;
	long long size = 0, want_size = -1;
	unsigned long long hash = 0, want_hash = 0;
	if (lstat(dir, &st) < 0)
		why = "missing";
	else if (!sl_private_stat(&st, true) || lstat(obj, &st) < 0 || !sl_private_stat(&st, true))
		why = "not the user's private build";
	else if (lstat(tb, &st) < 0)
		why = "no obj/tb";
	else if (!sl_private_stat(&st, false) || !(st.st_mode & S_IXUSR))
		why = "obj/tb is not the user's private executable";
	else if (!(text = sl_read_file(stamp, &len)))
		why = errno == ENOENT ? "no stamp" : "its stamp cannot be read";
	else if (sscanf(text, VL_STAMP_MAGIC " %lld %llx", &want_size, &want_hash) != 2)
		why = "its stamp is garbage, not '" VL_STAMP_MAGIC " SIZE HASH'";
	else if (vl_file_sum(tb, &size, &hash) < 0 || size != want_size || hash != want_hash)
		why = "its testbench does not match its stamp";
	free(text);
	free(obj);
	free(tb);
	free(stamp);
	return why;
}

/* -------------------------------------------------------------- the lock */

/* "a" then "b", on the heap. */
static char *vl_concat(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s%s", a, b);
	return s;
}

int vl_relock(sl_ctx *ctx, int fd, const char *dir, bool exclusive)
{
	bool said = false;
	while (flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			sl_error(ctx, sl_noloc, "cannot lock '%s.lock': %s", dir, strerror(errno));
			return -1;
		}
		if (!said)
			fprintf(stderr, "sluice: waiting for another sluice using %s\n", dir);
		said = true;
		struct timespec ts = { 0, 50000000 };
		nanosleep(&ts, NULL);
	}
	return 0;
}

int vl_lock(sl_ctx *ctx, const char *dir, bool exclusive)
{
	char *path = vl_concat(dir, ".lock");
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		sl_error(ctx, sl_noloc, "cannot open the lock '%s': %s", path, strerror(errno));
	free(path);
	if (fd >= 0 && vl_relock(ctx, fd, dir, exclusive) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

void vl_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

/* ---------------------------------------------------------- installation */

int vl_install(sl_ctx *ctx, const char *tmp, const char *dir)
{
	char aside[64];
	snprintf(aside, sizeof aside, ".stale.tmp-%ld", (long) getpid());
	char *old = vl_concat(dir, aside);
	struct stat st;
	int rc = 0;
	if (lstat(dir, &st) == 0 && rename(dir, old) < 0) {
		sl_error(ctx, sl_noloc, "cannot move the broken build '%s' aside: %s", dir,
			strerror(errno));
		rc = -1;
	} else if (rename(tmp, dir) < 0) {
		sl_error(ctx, sl_noloc, "cannot install the build '%s': %s", dir, strerror(errno));
		rc = -1;
	}
	sl_rmtree(old);
	free(old);
	return rc;
}

void vl_sweep(const char *cache_dir, const char *entry)
{
	sl_sweep_stale(cache_dir, true);
	sl_sweep_stale(entry, true);
}
