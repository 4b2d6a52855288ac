/* base/file.c: files written so that a failure or an interrupt never leaves
 * a half-written or mixed result, and the temporaries of a process
 * removed when it is interrupted.
 * Stage: basics shared by every stage (the driver, io/, fpga/, sim/).
 * Owns the process-wide list of temporaries (files being written, the
 * staged files of an open output set, directories of the Verilator cache
 * being built or run in) and the SIGINT/SIGTERM/SIGHUP handler that
 * removes them (docs/verilator.md, "Output files, interrupts and time
 * limits").
 *
 * A temporary is ".BASE.tmp-PID.XXXXXX" beside its final name: unique per
 * process and call, created with O_CREAT|O_EXCL|O_NOFOLLOW (never a file
 * or symlink someone planted), fsynced, then renamed over the final name.
 * sl_sweep_stale() removes those of processes that are gone. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
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
} sl_temp;

/* Read by the signal handler: changed only with the signals blocked. */
static sl_temp *volatile temps;
static volatile int n_temps;
static int cap_temps;
static bool output_set_open;

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
static void temp_add(char *path, char *final, bool is_dir)
{
	sigset_t old;
	block_signals(&old);
	if (n_temps == cap_temps) {
		cap_temps = cap_temps ? 2 * cap_temps : 16;
		temps = sl_xrealloc((void *) temps, (size_t) cap_temps * sizeof(sl_temp));
	}
	temps[n_temps].path = path;
	temps[n_temps].final = final;
	temps[n_temps].is_dir = is_dir;
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

void sl_rmtree(const char *path)
{
	DIR *d = opendir(path);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *sub = sl_path_join(path, e->d_name, NULL);
			struct stat st;
			if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
				sl_rmtree(sub);
			else
				unlink(sub);
			free(sub);
		}
		closedir(d);
	}
	rmdir(path);
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

/* A fresh temporary for "path", opened for writing; its name in *tmp,
 * registered for removal.  -1 (errno set) on failure. */
static int temp_open(const char *path, char **tmp)
{
	static unsigned long long counter;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	unsigned long long salt = (unsigned long long) ts.tv_nsec * 0x9e3779b97f4a7c15ull
		^ (unsigned long long) getpid() << 20;
	for (int attempt = 0; attempt < 100; attempt++) {
		salt = salt * 6364136223846793005ull + 1442695040888963407ull + ++counter;
		char *t = temp_name(path, salt >> 11);
		sigset_t old;
		block_signals(&old);
		int fd = open(t, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0) {
			temp_add(t, NULL, false);
			restore_signals(&old);
			*tmp = sl_xstrdup(t);
			return fd;
		}
		int err = errno;
		restore_signals(&old);
		free(t);
		if (err != EEXIST) {
			errno = err;
			return -1;
		}
	}
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

int sl_temp_create(const char *path, char **tmp)
{
	if (check_final(path) < 0)
		return -1;
	return temp_open(path, tmp);
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

static int write_file(const char *path, const void *data, size_t len, bool may_stage)
{
	char *tmp;
	int fd = sl_temp_create(path, &tmp);
	if (fd < 0)
		return -1;
	int rc = write_all(fd, data, len);
	if (rc == 0)
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

int sl_write_file_atomic(const char *path, const void *data, size_t len)
{
	return write_file(path, data, len, true);
}

int sl_write_file_now(const char *path, const void *data, size_t len)
{
	return write_file(path, data, len, false);
}

/* ------------------------------------------------------------ output sets */

void sl_outputs_begin(void)
{
	output_set_open = true;
}

int sl_outputs_commit(void)
{
	output_set_open = false;
	int rc = 0;
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].final)
			continue;
		if (rc == 0 && rename(temps[i].path, temps[i].final) < 0) {
			fprintf(stderr, "sluice: error: cannot write '%s': %s\n", temps[i].final,
				strerror(errno));
			rc = -1;
		} else if (rc == 0) {
			printf("wrote %s\n", temps[i].final);
		}
		if (rc < 0)
			unlink(temps[i].path);
		temp_forget(temps[i].path);
		i--;
	}
	return rc;
}

void sl_outputs_abort(void)
{
	output_set_open = false;
	for (int i = 0; i < n_temps; i++) {
		if (!temps[i].final)
			continue;
		unlink(temps[i].path);
		temp_forget(temps[i].path);
		i--;
	}
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
