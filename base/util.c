/* base/util.c: small services every stage shares: file paths, comma
 * lists, running a tool, JSON strings.
 * Stage: basics.  Nothing here knows the IR; each helper exists once so
 * that the driver, fpga/ and sim/ format, spawn and join the same way
 * (sl_make_dir and the file readers are in base/ctx.c, the writers in
 * base/file.c).  A child runs in its own process group under a watchdog;
 * an interrupt kills the group (base/file.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/base_private.h"

char *sl_path_join(const char *dir, const char *name, const char *ext)
{
	if (!ext)
		ext = "";
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s/%s%s", dir, name, ext);
	return s;
}

const char *sl_list_dup(const char *list, int *len)
{
	for (const char *b = list; *b;) {
		size_t nb = strcspn(b, ",");
		for (const char *a = list; a < b; a += strcspn(a, ",") + 1)
			if (strcspn(a, ",") == nb && !strncmp(a, b, nb)) {
				*len = (int) nb;
				return b;
			}
		b += nb + (b[nb] == ',');
	}
	return NULL;
}

/* The watchdog of every child: $SLUICE_CHILD_TIMEOUT seconds, default
 * SL_CHILD_TIMEOUT (docs/verilator.md). */
enum { SL_CHILD_TIMEOUT = 3600 };

static double child_timeout(void)
{
	const char *e = getenv("SLUICE_CHILD_TIMEOUT");
	char *end;
	double s = e && *e ? strtod(e, &end) : 0;
	return e && *e && !*end && s > 0 ? s : SL_CHILD_TIMEOUT;
}

/* In the child: its own process group, killed with its parent, stdout
 * and stderr to "log" (NULL: /dev/null), then argv; an exec failure's
 * errno goes back on "report". */
_Noreturn static void sl_spawn_child(char *const *argv, const char *log, const char *cwd,
	pid_t parent, int report)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	int in = open("/dev/null", O_RDONLY);
	if (in >= 0 && in != 0) {
		dup2(in, 0);
		close(in);
	}
	int fd = log ? open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0666)
		: open("/dev/null", O_WRONLY);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	if (!cwd || chdir(cwd) == 0)
		execvp(argv[0], argv);
	int err = errno;
	fprintf(stderr, "cannot run %s%s%s: %s\n", argv[0], cwd ? " in " : "", cwd ? cwd : "",
		strerror(err));
	if (write(report, &err, sizeof err) < 0)
		_exit(127);
	_exit(127);
}

/* Wait for "pid" (group "pid") until it ends, the watchdog fires or an
 * interrupt arrives; its wait status, or -2 after the watchdog. */
static int sl_spawn_wait(pid_t pid, const char *what)
{
	double limit = child_timeout(), waited = 0;
	long nap = 1000000;	/* ns, doubling to 50 ms */
	int status;
	sl_in_child_wait = 1;
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);
		if (r == pid || (r < 0 && errno != EINTR))
			break;
		if (sl_interrupt_signal || waited >= limit) {
			kill(-pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			if (sl_interrupt_signal)
				sl_die_interrupted();
			fprintf(stderr, "sluice: error: '%s' did not finish within %g s; killed it "
				"(set SLUICE_CHILD_TIMEOUT to allow more)\n", what, limit);
			status = -2;
			break;
		}
		sl_progress_tick();
		struct timespec ts = { 0, nap };
		nanosleep(&ts, NULL);
		waited += (double) nap * 1e-9;
		if (nap < 50000000)
			nap *= 2;
	}
	sl_in_child_wait = 0;
	sl_child_pgid = 0;
	if (sl_interrupt_signal)
		sl_die_interrupted();	/* the child ended by the interrupt's kill */
	return status;
}

int sl_spawn(char *const *argv, const char *log)
{
	return sl_spawn_in(argv, log, NULL);
}

int sl_spawn_in(char *const *argv, const char *log, const char *cwd)
{
	return sl_spawn_work(argv, log, cwd, NULL, NULL);
}

int sl_spawn_work(char *const *argv, const char *log, const char *cwd,
	void (*work)(void *), void *arg)
{
	int pipefd[2];
	if (pipe(pipefd) < 0)
		return -1;
	fcntl(pipefd[0], F_SETFD, FD_CLOEXEC);
	fcntl(pipefd[1], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return -1;
	}
	if (pid == 0)
		sl_spawn_child(argv, log, cwd, parent, pipefd[1]);
	setpgid(pid, pid);
	sl_child_pgid = pid;
	close(pipefd[1]);
	int err = 0;
	ssize_t got;
	while ((got = read(pipefd[0], &err, sizeof err)) < 0 && errno == EINTR)
		;
	close(pipefd[0]);
	if (work)
		work(arg);
	const char *slash = strrchr(argv[0], '/');
	sl_progress_push("%s", slash ? slash + 1 : argv[0]);
	int status = sl_spawn_wait(pid, argv[0]);
	sl_progress_pop();
	if (got == (ssize_t) sizeof err) {
		errno = err;
		return SL_SPAWN_NOEXEC;
	}
	if (status == -2)
		return SL_SPAWN_TIMEOUT;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void sl_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char) *s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}
