/* tests/onnx/fuzz_onnx.c: libFuzzer target for the ONNX importer.
 * Stage: tests.  The input is a model file, handed to onnx_import()
 * through a memfd (a dry run: the program text is built, every check
 * made, nothing written); then the same bytes as a TensorProto to
 * onnx_read_tensor().  Any bytes must give a program or an error, never
 * a crash.  Built with -DFUZZ_REPLAY it is instead a program that feeds
 * every file named (or in a directory named) to the same code
 * (tests/onnx.cmake, t_onnx_fuzz_replay). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "onnx/onnx.h"

int fuzz_onnx_one(const uint8_t *data, size_t size);

int fuzz_onnx_one(const uint8_t *data, size_t size)
{
	int fd = memfd_create("model", 0);
	if (fd < 0 || write(fd, data, size) != (ssize_t) size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	FILE *null = fopen("/dev/null", "w");
	sl_ctx *ctx = sl_ctx_alloc();
	sl_ctx_set_diag_stream(ctx, null);
	onnx_options o = { .out = "/nonexistent/fuzz.sl", .quiet = true, .dry_run = true };
	onnx_result res;
	if (onnx_import(ctx, path, &o, &res) == 0)
		onnx_result_free(&res);
	char *name = NULL;
	io_array_free(onnx_read_tensor(ctx, path, &name));
	free(name);
	sl_ctx_free(ctx);
	fclose(null);
	close(fd);
	return 0;
}

#ifdef FUZZ_REPLAY
static void replay_path(const char *path, int *n)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;
		while (d && (e = readdir(d)))
			if (e->d_name[0] != '.') {
				char *p = sl_path_join(path, e->d_name, NULL);
				replay_path(p, n);
				free(p);
			}
		if (d)
			closedir(d);
		return;
	}
	size_t len;
	char *buf = sl_read_file(path, &len);
	if (buf) {
		fuzz_onnx_one((const uint8_t *) buf, len);
		(*n)++;
	}
	free(buf);
}

int main(int argc, char **argv)
{
	int n = 0;
	for (int i = 1; i < argc; i++)
		replay_path(argv[i], &n);
	printf("fuzz_onnx replay: %d inputs, no crash\n", n);
	printf("%d passed, 0 failed\n", n);
	return n > 0 ? 0 : 1;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_onnx_one(data, size);
}
#endif
