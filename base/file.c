/* base/file.c: files written so that a failure or an interrupt never leaves
 * a half-written or mixed result, and the temporaries of a process
 * removed when it is interrupted.
 * Stage: basics shared by every stage (the driver, io/, fpga/, sim/).
 * Owns the process-wide list of temporaries (files being written, the
 * staged files of an open output set and its stage directory, directories
 * of the Verilator cache being built or run in), the SIGINT/SIGTERM/SIGHUP
 * handler that removes them, and the commit of an output set by one
 * exchange of directories (docs/verilator.md, "Output files, interrupts
 * and time limits").
 *
 * A temporary is ".BASE.tmp-PID.XXXXXX" beside its final name: unique per
 * process and call, created with O_CREAT|O_EXCL|O_NOFOLLOW (never a file
 * or symlink someone planted), fsynced, then renamed over the final name.
 * sl_sweep_stale() removes those of processes that are gone. */
#define _GNU_SOURCE	/* renameat2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/base_private.h"

#ifndef NAME_MAX
#define NAME_MAX 255
#endif

/* ------------------------------------------------------- the temporaries */

typedef struct sl_temp {
	char *path;		/* the temporary (a file, or a directory when is_dir) */
	char *final;		/* staged: renamed to this at commit; else NULL */
	bool is_dir;
	bool done;		/* staged and committed (sl_outputs_commit) */
} sl_temp;

/* Read by the signal handler: changed only with the signals blocked. */
static sl_temp *volatile temps;
static volatile int n_temps;
static int cap_temps;
static bool output_set_open;

static void stage_unlink(void);
static char *stage_path_for(const char *path);

volatile sig_atomic_t sl_interrupt_signal;
volatile pid_t sl_child_pgid;
volatile sig_atomic_t sl_in_child_wait;

static void block_signals(sigset_t *old)
{
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	sigprocmask(SIG_BLOCK, &s, old);
}

static void restore_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Takes "path" and "final" (may be NULL). */
/* Room for one more temporary, made before the temporary itself so that
 * registering it cannot run out of memory with the file made. */
static void temp_reserve(void)
{
	sigset_t old;
	block_signals(&old);
	if (n_temps == cap_temps) {
		cap_temps = cap_temps ? 2 * cap_temps : 16;
		temps = sl_xrealloc((void *) temps, (size_t) cap_temps * sizeof(sl_temp));
	}
	restore_signals(&old);
}

static void temp_add(char *path, char *final, bool is_dir)
{
	sigset_t old;
	temp_reserve();
	block_signals(&old);
	temps[n_temps].path = path;
	temps[n_temps].final = final;
	temps[n_temps].is_dir = is_dir;
	temps[n_temps].done = false;
	n_temps++;
	restore_signals(&old);
}

/* Forget the temporary "path" (no longer ours to remove). */
static void temp_forget(const char *path)
{
	sigset_t old;
	block_signals(&old);
	for (int i = n_temps - 1; i >= 0; i--) {
		if (strcmp(temps[i].path, path))
			continue;
		free(temps[i].path);
		free(temps[i].final);
		for (int k = i; k + 1 < n_temps; k++)
			temps[k] = temps[k + 1];	/* in order: a set commits in order */
		n_temps--;
		break;
	}
	restore_signals(&old);
}

void sl_cleanup_dir_add(const char *dir)
{
	temp_add(sl_xstrdup(dir), NULL, true);
}

void sl_cleanup_dir_remove(const char *dir)
{
	temp_forget(dir);
}

/* Remove "name" under the directory "parent" (a file, or a directory and
 * everything in it; a symbolic link is removed, not followed).  It makes
 * no path and allocates nothing of ours, so that it can run when the
 * memory is out (sl_die_out_of_memory). */
static void rmtree_at(int parent, const char *name)
{
	int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		unlinkat(parent, name, 0);
		return;
	}
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rmtree_at(fd, e->d_name);
	closedir(d);
	unlinkat(parent, name, AT_REMOVEDIR);
}

void sl_rmtree(const char *path)
{
	rmtree_at(AT_FDCWD, path);
}

bool sl_private_stat(const struct stat *st, bool dir)
{
	return (dir ? S_ISDIR(st->st_mode) : S_ISREG(st->st_mode)) && st->st_uid == geteuid()
		&& !(st->st_mode & 022);
}

int sl_private_dir(sl_ctx *ctx, const char *dir, bool follow, const char *what)
{
	if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
		sl_error(ctx, sl_noloc, "cannot create the cache directory '%s': %s", dir,
			strerror(errno));
		return -1;
	}
	struct stat st;
	if ((follow ? stat(dir, &st) : lstat(dir, &st)) < 0 || !S_ISDIR(st.st_mode)) {
		sl_error(ctx, sl_noloc, "the cache directory '%s' is not a directory", dir);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		sl_error(ctx, sl_noloc, "the cache directory '%s' belongs to another user "
			"(uid %ld): sluice %s from it; set SLUICE_CACHE_DIR to a "
			"directory of yours", dir, (long) st.st_uid, what);
		return -1;
	}
	if ((st.st_mode & 077) && chmod(dir, 0700) < 0) {
		sl_error(ctx, sl_noloc, "cannot make the cache directory '%s' private: %s", dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

char *sl_cache_dir(sl_ctx *ctx, const char *sub, const char *cache, const char *what)
{
	const char *e = getenv("SLUICE_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"),
		*h = getenv("HOME");
	char *root;
	if (e && *e)
		root = sl_xstrdup(e);
	else if (x && *x)
		root = sl_path_join(x, "sluice", NULL);
	else if (h && *h)
		root = sl_path_join(h, ".cache/sluice", NULL);
	else {
		sl_error(ctx, sl_noloc, "no directory for %s: HOME is %s; set SLUICE_CACHE_DIR "
			"(or HOME or XDG_CACHE_HOME)", cache, h ? "empty" : "unset");
		return NULL;
	}
	char *slash = strrchr(root, '/');
	if (slash && slash != root) {
		*slash = 0;
		int rc = sl_make_dir(root);
		*slash = '/';
		if (rc < 0) {
			sl_error(ctx, sl_noloc, "cannot create the cache directory '%s': %s", root,
				strerror(errno));
			free(root);
			return NULL;
		}
	}
	char *dir = sl_path_join(root, sub, NULL);
	if (sl_private_dir(ctx, root, true, what) < 0 || sl_private_dir(ctx, dir, false, what) < 0) {
		free(dir);
		dir = NULL;
	}
	free(root);
	return dir;
}

/* ------------------------------------------------------------ interrupts */

/* Every temporary away; directories only when "dirs" (not from a handler
 * that interrupted arbitrary code: sl_rmtree allocates). */
static void remove_temps(bool dirs)
{
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].is_dir)
			unlink(temps[i].path);
		else if (dirs)
			sl_rmtree(temps[i].path);
	}
	stage_unlink();
}

void sl_die_interrupted(void)
{
	int sig = sl_interrupt_signal;
	sigset_t old;
	block_signals(&old);
	remove_temps(true);
	fprintf(stderr, "sluice: interrupted (%s); its temporary files are removed\n",
		strsignal(sig));
	signal(sig, SIG_DFL);
	restore_signals(&old);
	raise(sig);
	_exit(128 + sig);
}

void sl_die_out_of_memory(void)
{
	static volatile sig_atomic_t dying;
	static const char msg[] = "sluice: error: out of memory\n";
	if (dying)
		_exit(1);	/* out of memory again while cleaning up */
	dying = 1;
	sigset_t old;
	block_signals(&old);
	fflush(stdout);
	if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {
		/* nothing left to tell it with */
	}
	remove_temps(true);
	_exit(1);
}

static void on_signal(int sig)
{
	sl_interrupt_signal = sig;
	pid_t pg = sl_child_pgid;
	if (pg > 0)
		kill(-pg, SIGKILL);
	if (sl_in_child_wait)
		return;		/* sl_spawn reaps the child, then sl_die_interrupted */
	remove_temps(false);
	signal(sig, SIG_DFL);
	raise(sig);
}

void sl_interrupts_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGHUP);
	int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (int i = 0; i < 3; i++) {
		struct sigaction prev;
		if (sigaction(sigs[i], NULL, &prev) == 0 && prev.sa_handler == SIG_IGN)
			continue;	/* nohup: stay ignored */
		sigaction(sigs[i], &sa, NULL);
	}
}

/* --------------------------------------------------------- atomic writes */

/* DIR/.BASE.tmp-PID.XXXXXX for "path", BASE cut to fit NAME_MAX. */
static char *temp_name(const char *path, unsigned long long salt)
{
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? (size_t) (slash - path) + 1 : 0;
	const char *base = path + dir_len;
	char tail[64];
	static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	char rnd[7];
	for (int i = 0; i < 6; i++, salt /= 36)
		rnd[i] = digits[salt % 36];
	rnd[6] = 0;
	snprintf(tail, sizeof tail, ".tmp-%ld.%s", (long) getpid(), rnd);
	size_t keep = strlen(base), room = NAME_MAX - 1 - strlen(tail);
	if (keep > room)
		keep = room;
	size_t n = dir_len + 1 + keep + strlen(tail) + 1;
	char *t = sl_xmalloc(n);
	snprintf(t, n, "%.*s.%.*s%s", (int) dir_len, path, (int) keep, base, tail);
	return t;
}

/* The next of a sequence of random-looking numbers, different per call,
 * time and process. */
static unsigned long long next_salt(void)
{
	static unsigned long long salt, counter;
	if (!counter) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		salt = (unsigned long long) ts.tv_nsec * 0x9e3779b97f4a7c15ull
			^ (unsigned long long) getpid() << 20;
	}
	salt = salt * 6364136223846793005ull + 1442695040888963407ull + ++counter;
	return salt;
}

/* A fresh temporary for "path", opened for writing; its name in *tmp,
 * registered for removal; in the open set's stage when "staged" and
 * "path" is in the set's directory.  -1 (errno set) on failure. */
static int temp_open(const char *path, char **tmp, bool staged)
{
	char *in_stage = staged ? stage_path_for(path) : NULL;
	if (in_stage)
		path = in_stage;
	for (int attempt = 0; attempt < 100; attempt++) {
		char *t = temp_name(path, next_salt() >> 11);
		char *copy = sl_xstrdup(t);
		sigset_t old;
		temp_reserve();
		block_signals(&old);
		int fd = open(t, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0) {
			temp_add(t, NULL, false);
			restore_signals(&old);
			*tmp = copy;
			free(in_stage);
			return fd;
		}
		int err = errno;
		restore_signals(&old);
		free(t);
		free(copy);
		if (err != EEXIST) {
			free(in_stage);
			errno = err;
			return -1;
		}
	}
	free(in_stage);
	errno = EEXIST;
	return -1;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		p += n;
		len -= (size_t) n;
	}
	return 0;
}

/* A name that cannot be written: too long, or a directory in the way. */
static int check_final(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (strlen(slash ? slash + 1 : path) > NAME_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	return 0;
}

static int temp_create(const char *path, char **tmp, bool staged)
{
	if (check_final(path) < 0)
		return -1;
	return temp_open(path, tmp, staged);
}

int sl_temp_create(const char *path, char **tmp)
{
	return temp_create(path, tmp, output_set_open);
}

void sl_temp_discard(char *tmp)
{
	if (!tmp)
		return;
	unlink(tmp);
	temp_forget(tmp);
	free(tmp);
}

/* Stage "tmp" for "path" in the open output set (it keeps both). */
static void stage(char *tmp, const char *path)
{
	sigset_t old;
	block_signals(&old);
	for (int i = n_temps - 1; i >= 0; i--)
		if (!strcmp(temps[i].path, tmp)) {
			temps[i].final = sl_xstrdup(path);
			break;
		}
	restore_signals(&old);
	free(tmp);
}

/* Rename "tmp" to "path", or stage it when "may_stage" and a set is open. */
static int temp_commit(char *tmp, const char *path, bool may_stage)
{
	if (output_set_open && may_stage) {
		stage(tmp, path);
		return 0;
	}
	if (rename(tmp, path) < 0) {
		int err = errno;
		sl_temp_discard(tmp);
		errno = err;
		return -1;
	}
	temp_forget(tmp);
	free(tmp);
	return 0;
}

int sl_temp_commit(char *tmp, const char *path)
{
	return temp_commit(tmp, path, true);
}

static int write_file_parts(const char *path, const void *const *parts,
	const size_t *lens, int n, bool may_stage, bool sync)
{
	char *tmp;
	int fd = temp_create(path, &tmp, may_stage && output_set_open);
	if (fd < 0)
		return -1;
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++)
		rc = write_all(fd, parts[i], lens[i]);
	if (rc == 0 && sync)
		rc = fsync(fd);
	int err = errno;
	if (close(fd) < 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc < 0) {
		sl_temp_discard(tmp);
		errno = err;
		return -1;
	}
	return temp_commit(tmp, path, may_stage);
}

static int write_file(const char *path, const void *data, size_t len, bool may_stage)
{
	return write_file_parts(path, &data, &len, 1, may_stage, true);
}

int sl_write_file_atomic(const char *path, const void *data, size_t len)
{
	return write_file(path, data, len, true);
}

int sl_write_file_atomic_parts(const char *path, const void *const *parts,
	const size_t *lens, int n)
{
	return write_file_parts(path, parts, lens, n, true, true);
}

int sl_write_file_now(const char *path, const void *data, size_t len)
{
	return write_file(path, data, len, false);
}

int sl_write_scratch(const char *path, const void *data, size_t len)
{
	return write_file_parts(path, &data, &len, 1, false, false);
}

/* ------------------------------------------------------------ the sweep */

bool sl_pid_alive(long pid)
{
	return pid > 0 && (kill((pid_t) pid, 0) == 0 || errno != ESRCH);
}

/* The PID of a temporary's name: "PREFIX-PID" (dir_style, the cache's
 * TOP-HASH.tmp-PID and run-PID) or ".BASE.tmp-PID.XXXXXX"; 0 if neither. */
static long temp_pid(const char *name, bool *is_file)
{
	const char *t = strstr(name, ".tmp-");
	const char *last = NULL;
	for (; t; t = strstr(t + 1, ".tmp-"))
		last = t;
	const char *digits = last ? last + 5 : !strncmp(name, "run-", 4) ? name + 4 : NULL;
	if (!digits || !(*digits >= '0' && *digits <= '9'))
		return 0;
	char *end;
	long pid = strtol(digits, &end, 10);
	*is_file = name[0] == '.' && *end == '.' && strlen(end) == 7;
	if (*end && !*is_file)
		return 0;
	return pid;
}

void sl_sweep_stale(const char *dir, bool dirs)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		bool is_file = false;
		long pid = temp_pid(e->d_name, &is_file);
		if (!pid || pid == (long) getpid() || sl_pid_alive(pid))
			continue;
		char *sub = sl_path_join(dir, e->d_name, NULL);
		struct stat st;
		if (lstat(sub, &st) == 0) {
			if (is_file && S_ISREG(st.st_mode))
				unlink(sub);
			else if (dirs && !is_file && S_ISDIR(st.st_mode) && st.st_uid == geteuid())
				sl_rmtree(sub);
		}
		free(sub);
	}
	closedir(d);
}

/* ------------------------------------------------------------ output sets */

/* An open set writes the temporaries of its files in its directory DIR
 * into a fresh sibling stage ".DIR.tmp-PID.XXXXXX", made at the first
 * write (never into DIR, where another run's commit would carry them
 * off).  sl_outputs_commit renames them there to their names (with any
 * staged before the set began, beside their names), hard-links into the
 * stage every other file of DIR, and exchanges the two directories in
 * one renameat2(RENAME_EXCHANGE): a reader, or a process killed at any
 * point, sees the old DIR or the new one.  Then the subdirectories of
 * the old DIR (and anything that appeared in it meanwhile) move into the
 * new one and the old is removed.  The stage holds a marker
 * ".sluice-stage.tmp-PID.XXXXXX" until the exchange: sl_outputs_recover()
 * tells by it a stage a killed process left before its exchange
 * (removed: DIR is the old set) from an old DIR left after it (its
 * subdirectories moved back first).  Where the exchange cannot be made
 * (DIR a symlink, "." or "..", a mount point, another user's, its parent
 * not writable, a file system without hard links or RENAME_EXCHANGE)
 * the files are renamed one by one: whole, but a SIGKILL may leave a
 * mix.  SIGINT, SIGTERM and SIGHUP wait for the end of the commit in
 * every case (docs/verilator.md, "Output files, interrupts and time
 * limits"). */

static char *set_dir;		/* the open set's directory, without trailing '/' */
static int set_mode;		/* 0: no stage yet, 1: set_stage, -1: none possible */
/* Read by the signal handler: changed only with the signals blocked. */
static char *volatile set_stage, *volatile set_marker;

/* A copy of "path" without trailing '/' (but "/"). */
static char *strip_slashes(const char *path)
{
	char *d = sl_xstrdup(path);
	for (size_t n = strlen(d); n > 1 && d[n - 1] == '/'; n--)
		d[n - 1] = 0;
	return d;
}

void sl_outputs_begin(const char *dir)
{
	free(set_dir);
	set_dir = strip_slashes(dir);
	set_mode = 0;
	output_set_open = true;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The directory part of "path" ("." when there is none). */
static char *dir_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return sl_xstrdup(".");
	if (slash == path)
		return sl_xstrdup("/");
	char *d = sl_xstrdup(path);
	d[slash - path] = 0;
	return d;
}

/* Whether the file "path" is directly inside the set's directory, by
 * name (its inode changes with every commit into it). */
static bool in_set_dir(const char *path)
{
	char *d = dir_name(path), *n = strip_slashes(d);
	bool in = set_dir && !strcmp(n, set_dir);
	free(d);
	free(n);
	return in;
}

/* The last ".tmp-" in "name", or NULL. */
static char *last_tmp(char *name)
{
	char *last = NULL;
	for (char *t = strstr(name, ".tmp-"); t; t = strstr(t + 1, ".tmp-"))
		last = t;
	return last;
}

/* ".sluice-stage.tmp-PID.XXXXXX", the marker of the stage "stage". */
static char *stage_marker(const char *stage)
{
	char *s = sl_xstrdup(stage);
	char *m = sl_path_join(stage, ".sluice-stage", last_tmp((char *) base_name(s)));
	free(s);
	return m;
}

static bool is_marker(const char *name)
{
	return !strncmp(name, ".sluice-stage.tmp-", 18);
}

/* A fresh stage beside "dir" with its marker, made in "dir" and renamed
 * into the stage (so names move between the two: "dir" is no mount
 * point): its path and the marker's in *marker, or NULL.  The names are
 * made before anything is created, so that running out of memory leaves
 * nothing behind. */
static char *stage_make(const char *dir, char **marker)
{
	for (int attempt = 0; attempt < 100; attempt++) {
		char *s = temp_name(dir, next_salt() >> 11);
		char *m = stage_marker(s);
		if (mkdir(s, 0700) == 0) {
			/* the marker made in the stage itself: a probe made in DIR
			 * and renamed into the stage (the test that both are on one
			 * file system, now st_dev's) could meet another run's
			 * exchange of DIR, fail, and send this run's files into DIR
			 * beside their names, where that run's next commit linked
			 * them into its stage (tests/robust/files.sh, concurrent) */
			struct stat sd, ss;
			int fd = lstat(dir, &sd) == 0 && lstat(s, &ss) == 0 && sd.st_dev == ss.st_dev
				? open(m, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600) : -1;
			bool ok = fd >= 0 && close(fd) == 0;
			if (ok) {
				*marker = m;
				return s;
			}
			unlink(m);
			free(m);
			rmdir(s);
			free(s);
			return NULL;
		}
		int err = errno;
		free(m);
		free(s);
		if (err != EEXIST)
			return NULL;
	}
	return NULL;
}

/* Whether "name" is the name of a staged file of the set's directory. */
static bool in_set(const char *name)
{
	for (int i = 0; i < n_temps; i++)
		if (temps[i].final && !strcmp(base_name(temps[i].final), name)
		    && in_set_dir(temps[i].final))
			return true;
	return false;
}

/* Rename the set's files of its directory to their names in "stage". */
static int stage_files(const char *stage)
{
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].final || temps[i].done || !in_set_dir(temps[i].final))
			continue;
		char *to = sl_path_join(stage, base_name(temps[i].final), NULL);
		if (rename(temps[i].path, to) < 0) {
			free(to);
			return -1;
		}
		free(temps[i].path);
		temps[i].path = to;
	}
	return 0;
}

/* Hard-link into "stage" every file of "dir" the set does not replace
 * (the subdirectories move after the exchange). */
static int stage_link_rest(const char *dir, const char *stage)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	int rc = 0, sfd = open(stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *e;
	while (rc == 0 && sfd >= 0 && (e = readdir(d))) {
		const char *n = e->d_name;
		struct stat st;
		if (!strcmp(n, ".") || !strcmp(n, "..") || is_marker(n) || in_set(n)
		    || fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) < 0 || S_ISDIR(st.st_mode))
			continue;
		if (linkat(dirfd(d), n, sfd, n, 0) < 0 && errno != ENOENT)
			rc = -1;
	}
	if (sfd < 0)
		rc = -1;
	else
		close(sfd);
	closedir(d);
	return rc;
}

/* Move "name" from the directory "from" into "to" unless "to" has one: 0
 * when moved or when what stays behind may go (a file "to" has too). */
static int move_noreplace(int from, const char *name, int to)
{
	struct stat st;
	if (renameat2(from, name, to, name, RENAME_NOREPLACE) == 0 || errno == ENOENT)
		return 0;
	if (errno != EEXIST && errno != EINVAL)
		return -1;
	if (fstatat(to, name, &st, AT_SYMLINK_NOFOLLOW) < 0)	/* EINVAL: no NOREPLACE here */
		return errno == ENOENT ? renameat(from, name, to, name) : -1;
	/* "to" has one: a file left behind may go, a directory is kept */
	return fstatat(from, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) ? -1 : 0;
}

/* Move every entry of "from" that "dir" lacks into "dir"; then remove
 * "from" when nothing of it is left to keep.  0, or -1 ("from" kept). */
static int stage_restore(const char *dir, const char *from)
{
	DIR *d = opendir(from);
	if (!d)
		return -1;
	int rc = 0, dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *e;
	while (dfd >= 0 && (e = readdir(d))) {
		const char *n = e->d_name;
		if (!strcmp(n, ".") || !strcmp(n, "..") || is_marker(n))
			continue;
		if (move_noreplace(dirfd(d), n, dfd) < 0)
			rc = -1;
	}
	if (dfd < 0)
		rc = -1;
	else
		close(dfd);
	closedir(d);
	if (rc == 0)
		sl_rmtree(from);
	return rc;
}

/* Rename the staged files not yet committed, one by one, but for those
 * of the set's directory when "skip_dir".  0, or -1 (reported). */
static int commit_each(bool skip_dir)
{
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].final || temps[i].done || (skip_dir && in_set_dir(temps[i].final)))
			continue;
		if (rename(temps[i].path, temps[i].final) < 0) {
			fprintf(stderr, "sluice: error: cannot write '%s': %s\n", temps[i].final,
				strerror(errno));
			return -1;
		}
		temps[i].done = true;
	}
	return 0;
}

/* Whether the set's directory may be exchanged: a directory of ours by
 * a name of its own (not a symlink, ".", "..", "/"); "st" its status. */
static bool swappable(const char *dir, struct stat *st)
{
	const char *b = base_name(dir);
	return lstat(dir, st) == 0 && S_ISDIR(st->st_mode) && st->st_uid == geteuid() && *b
		&& strcmp(b, ".") && strcmp(b, "..");
}

/* The open set's stage, made at the first need (the commits of killed
 * runs into DIR recovered first): true when it goes through one. */
static bool stage_ensure(void)
{
	struct stat st;
	if (set_mode != 0)
		return set_mode > 0;
	sigset_t old;
	block_signals(&old);
	set_mode = -1;
	if (set_dir && swappable(set_dir, &st)) {
		sl_outputs_recover(set_dir);
		char *m = NULL, *s = stage_make(set_dir, &m);
		if (s) {
			set_marker = m;
			set_stage = s;
			set_mode = 1;
		}
	}
	restore_signals(&old);
	return set_mode > 0;
}

static char *stage_path_for(const char *path)
{
	if (!output_set_open || !in_set_dir(path) || !stage_ensure())
		return NULL;
	return sl_path_join(set_stage, base_name(path), NULL);
}

/* The stage and its marker gone (the handler's part: it is empty then). */
static void stage_unlink(void)
{
	if (!set_stage)
		return;
	unlink(set_marker);
	rmdir(set_stage);
}

static bool has_files(void)
{
	for (int i = 0; i < n_temps; i++)
		if (temps[i].final && !temps[i].done && in_set_dir(temps[i].final))
			return true;
	return false;
}

/* After the exchange: "stage" names the old DIR; "in_new" is the
 * marker's path in DIR (made before the exchange: nothing between it and
 * the marker's removal allocates). */
static void after_swap(const char *dir, const char *stage, char *in_new)
{
	size_t n = strlen(stage);
	for (int i = 0; i < n_temps; i++)	/* those stage_files moved */
		if (temps[i].final && !strncmp(temps[i].path, stage, n) && temps[i].path[n] == '/')
			temps[i].done = true;
	unlink(in_new);
	free(in_new);
	chmod(stage, 0700);
	if (stage_restore(dir, stage) < 0)
		fprintf(stderr, "sluice: warning: cannot move everything of the previous '%s' "
			"into the new one: %s; the rest is in '%s'\n", dir, strerror(errno), stage);
}

/* Commit the set's files of "dir" (status "st") by exchanging it with the
 * stage: 0; or -1 with DIR unchanged and the stage kept, some files
 * renamed to their names in it. */
static int commit_swap(const char *dir, const struct stat *st)
{
	const char *stage = set_stage;
	struct stat ss;
	char *in_new = sl_path_join(dir, base_name(set_marker), NULL);
	if (stage_files(stage) < 0 || stage_link_rest(dir, stage) < 0
	    || chmod(stage, st->st_mode & 07777) < 0 || lstat(stage, &ss) < 0
	    || (ss.st_gid != st->st_gid && chown(stage, (uid_t) -1, st->st_gid) < 0)
	    || renameat2(AT_FDCWD, stage, AT_FDCWD, dir, RENAME_EXCHANGE) < 0) {
		free(in_new);
		return -1;
	}
	after_swap(dir, stage, in_new);
	free(set_stage);
	free(set_marker);
	set_stage = set_marker = NULL;
	return 0;
}

/* "wrote PATH" for every committed file, in the order written; the set's
 * temporaries forgotten (those not committed removed), its stage too. */
static void outputs_close(void)
{
	sigset_t old;
	block_signals(&old);
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].final)
			continue;
		if (temps[i].done)
			printf("wrote %s\n", temps[i].final);
		else
			unlink(temps[i].path);
		temp_forget(temps[i].path);
		i--;
	}
	if (set_stage) {
		unlink(set_marker);
		sl_rmtree(set_stage);	/* its links, files left by a failed commit */
	}
	free(set_stage);
	free(set_marker);
	set_stage = set_marker = NULL;
	free(set_dir);
	set_dir = NULL;
	set_mode = 0;
	output_set_open = false;
	fflush(stdout);	/* said before a signal held back meanwhile ends the process */
	restore_signals(&old);
}

int sl_outputs_commit(void)
{
	sigset_t old;
	block_signals(&old);
	output_set_open = false;
	struct stat st;
	bool swap = has_files() && swappable(set_dir, &st) && stage_ensure();
	int rc = commit_each(swap);	/* files outside DIR (--vcd) first */
	if (rc == 0 && swap && commit_swap(set_dir, &st) < 0)
		rc = commit_each(false);
	outputs_close();
	restore_signals(&old);
	return rc;
}

void sl_outputs_abort(void)
{
	outputs_close();
}

/* A stage of a process that is gone: before its exchange (its marker
 * inside) DIR holds the old set and the stage goes; after it, the stage
 * is the old DIR, whose entries DIR lacks move into DIR first. */
static void recover_stage(const char *dir, const char *stage)
{
	char *m = stage_marker(stage);
	struct stat st;
	if (lstat(m, &st) == 0) {
		sl_rmtree(stage);
	} else {
		chmod(stage, 0700);
		stage_restore(dir, stage);
	}
	free(m);
}

void sl_outputs_recover(const char *dir)
{
	struct stat st;
	char *parent = dir_name(dir), *probe = temp_name(dir, 0);
	char *cut = last_tmp((char *) base_name(probe));
	DIR *d = lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && cut ? opendir(parent) : NULL;
	if (cut)
		cut[5] = 0;	/* ".DIR.tmp-" */
	struct dirent *e;
	while (d && (e = readdir(d))) {
		bool is_file = false;
		long pid = strncmp(e->d_name, base_name(probe), strlen(base_name(probe))) ? 0
			: temp_pid(e->d_name, &is_file);
		if (!pid || !is_file || pid == (long) getpid() || sl_pid_alive(pid))
			continue;
		char *sub = sl_path_join(parent, e->d_name, NULL);
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid())
			recover_stage(dir, sub);
		free(sub);
	}
	if (d)
		closedir(d);
	free(parent);
	free(probe);
}
