/* ir/util.c: small services every stage shares: file paths, running a
 * tool, JSON strings.
 * Stage: basics.  Nothing here knows the IR; each helper exists once so
 * that the driver, target/ and sim/ format, spawn and join the same way
 * (sl_make_dir and the file readers are in ir/ctx.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ir/ir.h"

char *sl_path_join(const char *dir, const char *name, const char *ext)
{
	if (!ext)
		ext = "";
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s/%s%s", dir, name, ext);
	return s;
}

/* In the child: stdout and stderr to "log" (NULL: /dev/null), then argv. */
_Noreturn static void sl_spawn_child(char *const *argv, const char *log)
{
	int fd = log ? open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666)
		: open("/dev/null", O_WRONLY);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int sl_spawn(char *const *argv, const char *log)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		sl_spawn_child(argv, log);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
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
