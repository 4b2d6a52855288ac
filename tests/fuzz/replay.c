/* tests/fuzz/replay.c: replays fuzz inputs without libFuzzer.
 * Stage: tests (ctest t_fuzz_replay).  Usage:
 *     fuzz_replay frontend|npy PATH... [frontend|npy PATH...]
 * Each PATH is a file or a directory whose files (not dot files, not
 * README*) are fed one by one to the named target, the same code the
 * fuzzers run.  A crash aborts (under sanitizers, with a report); the
 * exit status is 0 when every input ran, 1 when a file could not be
 * read, 2 on usage. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ir/ir.h"

int fuzz_frontend_one(const uint8_t *data, size_t size);
int fuzz_npy_one(const uint8_t *data, size_t size);

typedef int (*replay_target)(const uint8_t *data, size_t size);

static int replay_file(replay_target target, const char *path)
{
	size_t len;
	char *buf = sl_read_file(path, &len);
	if (!buf) {
		fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
		return 1;
	}
	fprintf(stderr, "fuzz_replay: %s\n", path);
	target((const uint8_t *) buf, len);
	free(buf);
	return 0;
}

static int replay_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* Every regular file of "dir", in name order. */
static int replay_dir(replay_target target, const char *dir, int *n_run)
{
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "fuzz_replay: cannot open %s\n", dir);
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || strncmp(e->d_name, "README", 6) == 0)
			continue;
		if (n == cap)
			names = sl_xrealloc(names, (cap = cap ? 2 * cap : 64) * sizeof(*names));
		names[n++] = sl_xstrdup(e->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), replay_name_cmp);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		char *path = sl_xmalloc(strlen(dir) + strlen(names[i]) + 2);
		sprintf(path, "%s/%s", dir, names[i]);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			rc |= replay_file(target, path);
			++*n_run;
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	replay_target target = NULL;
	int rc = 0, n_run = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (strcmp(argv[i], "frontend") == 0)
			target = fuzz_frontend_one;
		else if (strcmp(argv[i], "npy") == 0)
			target = fuzz_npy_one;
		else if (!target) {
			fprintf(stderr, "usage: fuzz_replay frontend|npy PATH...\n");
			return 2;
		} else if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc |= replay_dir(target, argv[i], &n_run);
		else {
			rc |= replay_file(target, argv[i]);
			n_run++;
		}
	}
	printf("fuzz_replay: %d inputs replayed%s\n", n_run, rc ? ", some unreadable" : "");
	return rc;
}
