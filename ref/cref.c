/* ref/cref.c: the compiled reference (`sluice run --engine c`,
 * SLUICE_REF=c): the program's C (ref/cgen.c) built with the system C
 * compiler at -O3 into a shared object in the user's cache, loaded and run.
 * Stage: the CPU reference, beside the interpreter (reference.c, rows.c)
 * which stays the independent check.
 * The cache root is $SLUICE_CACHE_DIR, else $XDG_CACHE_HOME/sluice, else
 * $HOME/.cache/sluice, and the entries live in its cref/ directory, both
 * the user's and private (0700), as the Verilator cache's (verilator/
 * cache.c).  An entry HASH/ counts only when it and its files are the
 * user's and not writable by others, its kernel.c is the generated source
 * byte for byte, and its stamp (written last: the size and hash of
 * kernel.so) matches; anything else is a miss, rebuilt in HASH.tmp-PID/
 * and renamed into place, so a failed or interrupted build leaves no
 * entry.  A lock file per entry (HASH.lock, flock) makes concurrent runs
 * build it once.  The compiler is $SLUICE_CC, else cc, found on PATH at
 * run time; its path, size and time are part of the key.  Owns nothing
 * past a call. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ref/ref_private.h"

#define CREF_STAMP_MAGIC "sluice-cref-stamp-1"
#define CREF_FLAGS "-O3"

typedef void (*cref_pack_fn)(const uint64_t *const *in, void *const *bufs);
typedef void (*cref_compute_fn)(void *const *bufs);
typedef void (*cref_unpack_fn)(void *const *bufs, uint64_t *const *out);
typedef int (*cref_n_funcs_fn)(void);
typedef void (*cref_func_rows_fn)(int k, int64_t *r0, int64_t *r1);
typedef void (*cref_func_fn)(int k, void *const *bufs, int64_t r0, int64_t r1);

/* ------------------------------------------------------------ the cache */

/* CACHE/cref, private; NULL (reported) when there is none. */
static char *cref_cache_dir(sl_ctx *ctx)
{
	return sl_cache_dir(ctx, "cref", "the compiled reference's cache", "loads no code");
}

static uint64_t cref_fnv(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* Size and FNV-1a hash of a file (a check against damage). */
static int cref_file_sum(const char *path, long long *size, uint64_t *hash)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	uint64_t h = 0xcbf29ce484222325ull;
	long long n = 0;
	unsigned char buf[65536];
	ssize_t got;
	while ((got = read(fd, buf, sizeof buf)) > 0) {
		h = cref_fnv(h, buf, (size_t) got);
		n += got;
	}
	close(fd);
	if (got < 0)
		return -1;
	*size = n;
	*hash = h;
	return 0;
}

/* Why entry "dir" cannot be loaded for source "src", or NULL. */
static const char *cref_entry_problem(const char *dir, const char *src, size_t len)
{
	char *c = sl_path_join(dir, "kernel.c", NULL), *so = sl_path_join(dir, "kernel.so", NULL),
		*stamp = sl_path_join(dir, "stamp", NULL);
	const char *why = NULL;
	struct stat st;
	size_t n = 0, sn = 0;
	char *text = NULL, *stext = NULL;
	long long size = 0, want_size = -1;
	uint64_t hash = 0;
	unsigned long long want_hash = 0;
	if (lstat(dir, &st) < 0)
		why = "missing";
	else if (!sl_private_stat(&st, true))
		why = "not the user's private build";
	else if (lstat(c, &st) < 0 || !sl_private_stat(&st, false) || !(text = sl_read_file(c, &n))
		 || n != len || memcmp(text, src, len))
		why = "its kernel.c is not this program's";
	else if (lstat(so, &st) < 0 || !sl_private_stat(&st, false))
		why = "kernel.so is not the user's private file";
	else if (!(stext = sl_read_file(stamp, &sn)))
		why = "no stamp";
	else if (sscanf(stext, CREF_STAMP_MAGIC " %lld %llx", &want_size, &want_hash) != 2)
		why = "its stamp is garbage";
	else if (cref_file_sum(so, &size, &hash) < 0 || size != want_size || hash != want_hash)
		why = "its kernel.so does not match its stamp";
	free(text);
	free(stext);
	free(c);
	free(so);
	free(stamp);
	return why;
}

/* "a" then "b", on the heap. */
static char *cref_concat(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s%s", a, b);
	return s;
}

static int cref_lock(sl_ctx *ctx, const char *entry)
{
	char *path = cref_concat(entry, ".lock");
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		sl_error(ctx, sl_noloc, "cannot open the lock '%s': %s", path, strerror(errno));
	bool said = false;
	while (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			sl_error(ctx, sl_noloc, "cannot lock '%s': %s", path, strerror(errno));
			close(fd);
			fd = -1;
			break;
		}
		if (!said)
			fprintf(stderr, "sluice: waiting for another sluice using %s\n", entry);
		said = true;
		struct timespec ts = { 0, 20000000 };
		nanosleep(&ts, NULL);
	}
	free(path);
	return fd;
}

/* ------------------------------------------------------------ the build */

/* The compiler's path ($SLUICE_CC or cc on PATH), or NULL (reported). */
static char *cref_compiler(sl_ctx *ctx, struct stat *st)
{
	const char *cc = getenv("SLUICE_CC");
	if (!cc || !*cc)
		cc = "cc";
	if (strchr(cc, '/')) {
		if (stat(cc, st) == 0 && S_ISREG(st->st_mode) && access(cc, X_OK) == 0)
			return sl_xstrdup(cc);
	} else {
		const char *path = getenv("PATH");
		char *list = sl_xstrdup(path && *path ? path : "/usr/bin:/bin");
		for (char *save = NULL, *d = strtok_r(list, ":", &save); d;
		     d = strtok_r(NULL, ":", &save)) {
			char *p = sl_path_join(*d ? d : ".", cc, NULL);
			if (stat(p, st) == 0 && S_ISREG(st->st_mode) && access(p, X_OK) == 0) {
				free(list);
				return p;
			}
			free(p);
		}
		free(list);
	}
	sl_error(ctx, sl_noloc, "the compiled reference (--engine c) needs a C compiler: "
		"'%s' is not %s; install gcc or clang, or set SLUICE_CC, or use the "
		"interpreter (--engine interp)", cc, strchr(cc, '/') ? "an executable file"
		: "on PATH");
	return NULL;
}

/* The first lines of a build log, for the error. */
static void cref_log_note(sl_ctx *ctx, const char *log)
{
	size_t n = 0;
	char *text = sl_read_file(log, &n);
	if (!text)
		return;
	if (n > 2000)
		text[2000] = 0;
	sl_note(ctx, sl_noloc, "the compiler said:\n%s", text);
	free(text);
}

/* Build "src" into the fresh entry "entry" (through a temporary beside
 * it): 0, or -1 reported with nothing left behind. */
/* The finished build "tmp" renamed to "entry", a broken entry there
 * moved aside first.  0, or -1 (reported). */
static int cref_install(sl_ctx *ctx, const char *tmp, const char *entry)
{
	char suffix[64];
	snprintf(suffix, sizeof suffix, ".stale.tmp-%ld", (long) getpid());
	char *old = cref_concat(entry, suffix);
	struct stat st;
	int rc = 0;
	if (lstat(entry, &st) == 0 && rename(entry, old) < 0) {
		sl_error(ctx, sl_noloc, "cannot move the broken build '%s' aside: %s", entry,
			strerror(errno));
		rc = -1;
	} else if (rename(tmp, entry) < 0) {
		sl_error(ctx, sl_noloc, "cannot install the build '%s': %s", entry, strerror(errno));
		rc = -1;
	}
	sl_rmtree(old);
	free(old);
	return rc;
}

static int cref_build(sl_ctx *ctx, const char *cc, const char *entry, const char *src,
	size_t len)
{
	char suffix[64];
	snprintf(suffix, sizeof suffix, ".tmp-%ld", (long) getpid());
	char *tmp = cref_concat(entry, suffix);
	sl_rmtree(tmp);
	if (mkdir(tmp, 0700) < 0) {
		sl_error(ctx, sl_noloc, "cannot create '%s': %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	sl_cleanup_dir_add(tmp);
	char *c = sl_path_join(tmp, "kernel.c", NULL), *so = sl_path_join(tmp, "kernel.so", NULL),
		*log = sl_path_join(tmp, "build.log", NULL), *stamp = sl_path_join(tmp, "stamp", NULL);
	int rc = -1;
	if (sl_write_file_now(c, src, len) < 0) {
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", c, strerror(errno));
	} else {
		char *argv[] = { (char *) cc, CREF_FLAGS, "-shared", "-fPIC", "-w", "-o", so, c, NULL };
		int st = sl_spawn(argv, log);
		long long size;
		uint64_t hash;
		if (st != 0) {
			sl_error(ctx, sl_noloc, "the C compiler '%s' failed on the compiled "
				"reference (%s %d)", cc, st < 0 ? "status" : "exit", st);
			cref_log_note(ctx, log);
		} else if (cref_file_sum(so, &size, &hash) < 0) {
			sl_error(ctx, sl_noloc, "the C compiler '%s' wrote no '%s'", cc, so);
		} else {
			char text[128];
			int n = snprintf(text, sizeof text, CREF_STAMP_MAGIC " %lld %016llx\n", size,
				(unsigned long long) hash);
			if (sl_write_file_now(stamp, text, (size_t) n) < 0)
				sl_error(ctx, sl_noloc, "cannot write '%s': %s", stamp, strerror(errno));
			else
				rc = 0;
		}
	}
	if (rc == 0)
		rc = cref_install(ctx, tmp, entry);
	sl_rmtree(tmp);
	sl_cleanup_dir_remove(tmp);
	free(c);
	free(so);
	free(log);
	free(stamp);
	free(tmp);
	return rc;
}

/* The loaded kernel of one program. */
typedef struct cref_kernel {
	void *handle;
	cref_pack_fn pack;
	cref_compute_fn compute;
	cref_unpack_fn unpack;
	cref_n_funcs_fn n_funcs;	/* the funcs one at a time, for threads */
	cref_func_rows_fn func_rows;
	cref_func_fn func;
} cref_kernel;

static int cref_open(sl_ctx *ctx, const char *entry, cref_kernel *k)
{
	char *so = sl_path_join(entry, "kernel.so", NULL);
	k->handle = dlopen(so, RTLD_NOW | RTLD_LOCAL);
	int rc = -1;
	if (!k->handle) {
		sl_error(ctx, sl_noloc, "cannot load the compiled reference '%s': %s", so, dlerror());
	} else {
		int (*abi)(void) = (int (*)(void)) dlsym(k->handle, "sluice_cref_abi");
		k->pack = (cref_pack_fn) dlsym(k->handle, "sluice_cref_pack");
		k->compute = (cref_compute_fn) dlsym(k->handle, "sluice_cref_compute");
		k->unpack = (cref_unpack_fn) dlsym(k->handle, "sluice_cref_unpack");
		k->n_funcs = (cref_n_funcs_fn) dlsym(k->handle, "sluice_cref_n_funcs");
		k->func_rows = (cref_func_rows_fn) dlsym(k->handle, "sluice_cref_func_rows");
		k->func = (cref_func_fn) dlsym(k->handle, "sluice_cref_func");
		if (!abi || abi() != REF_CREF_ABI || !k->pack || !k->compute || !k->unpack
		    || !k->n_funcs || !k->func_rows || !k->func) {
			sl_error(ctx, sl_noloc, "the compiled reference '%s' is not this sluice's", so);
			dlclose(k->handle);
			k->handle = NULL;
		} else {
			rc = 0;
		}
	}
	free(so);
	return rc;
}

/* The kernel of "src", from the cache or built into it: 0, or -1. */
static int cref_load(sl_ctx *ctx, const char *src, size_t len, cref_kernel *k)
{
	struct stat cst;
	char *cc = cref_compiler(ctx, &cst);
	char *dir = cc ? cref_cache_dir(ctx) : NULL;
	if (!dir) {
		free(cc);
		return -1;
	}
	uint64_t h = 0xcbf29ce484222325ull;
	char id[256];
	int n = snprintf(id, sizeof id, "%s %s %lld %lld %d|", CREF_FLAGS, REF_CREF_ABI_STR,
		(long long) cst.st_size, (long long) cst.st_mtime, (int) cst.st_ino);
	h = cref_fnv(h, id, (size_t) n);
	h = cref_fnv(h, cc, strlen(cc));
	h = cref_fnv(h, src, len);
	char name[32];
	snprintf(name, sizeof name, "%016llx", (unsigned long long) h);
	char *entry = sl_path_join(dir, name, NULL);
	int rc = -1, fd = cref_lock(ctx, entry);
	if (fd >= 0) {
		sl_sweep_stale(dir, true);
		if (!cref_entry_problem(entry, src, len) || cref_build(ctx, cc, entry, src, len) == 0)
			rc = cref_open(ctx, entry, k);
		close(fd);
	}
	free(entry);
	free(dir);
	free(cc);
	return rc;
}

/* ------------------------------------------------------------ the run */

static ref_cref_times cref_times;

ref_cref_times ref_cref_last_times(void)
{
	return cref_times;
}

static double cref_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* The packed buffers of the run, by declaration (those of packed inputs,
 * bound by cref_bind, are left as they are); their bytes in *held. */
static int cref_buffers(sl_ctx *ctx, const ir_program *prog, const bool *substituted,
	void **bufs, uint64_t *held)
{
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		int64_t n = 1;
		if (bufs[i])
			continue;
		if (d->kind == IR_DECL_FUNC) {
			if (!ref_cgen_stored(d, substituted))
				continue;
			n = ir_decl_dom_size(d);
		} else {
			for (int j = 0; j < d->n_dims; j++)
				n *= d->extents[j];
		}
		size_t es = (size_t) ref_cgen_elem_size(d->type);
		if (!sl_mem_reserve(ctx, d->loc, d->kind == IR_DECL_FUNC ? "func" : "packed copy of",
			d->name, n, es))
			return -1;
		*held += (uint64_t) n * es;
		if (!(bufs[i] = malloc((size_t) n * es + 1))) {
			sl_error(ctx, d->loc, "out of memory for the %lld points of '%s'",
				(long long) n, d->name);
			return -1;
		}
	}
	return 0;
}

/* The inputs and consts, by declaration: the uint64_t arrays to pack
 * (in[i]), or a packed input's own buffer (bufs[i], borrowed[i]). */
static int cref_bind(sl_ctx *ctx, const ir_program *prog, const ref_inputs *inputs,
	const uint64_t **in, void **bufs, bool *borrowed)
{
	int pos = 0;
	char tb[8];
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind == IR_DECL_CONST)
			in[i] = d->data;
		if (d->kind != IR_DECL_INPUT)
			continue;
		const io_array *a = ref_find_input(inputs, d, pos++);
		if (!a) {
			sl_error(ctx, d->loc, "no data for input '%s'", d->name);
			return -1;
		}
		if (!ref_shape_matches(a, d)) {
			sl_error(ctx, d->loc, "the data for input '%s' is not a %s array of its "
				"declared shape", d->name, ir_type_str(d->type, tb));
			return -1;
		}
		in[i] = a->data;
		if (!a->data) {
			bufs[i] = a->packed;
			borrowed[i] = true;
		}
	}
	return 0;
}

/* Is output d's func buffer its output box, row-major (so that it can
 * be handed over as the packed output)? */
static bool cref_buffer_is_box(const ir_decl *d)
{
	for (int j = 0; j < d->n_dims; j++)
		if (d->dom_lo[j] != 0 || d->dom_ext[j] != d->out_extents[j])
			return false;
	return true;
}

/* The output arrays: with packed_outputs, an output whose func buffer is
 * its box takes that buffer over (out[i] NULL: nothing to unpack);
 * every other output is an array to unpack into (out[i]). */
static int cref_outputs(sl_ctx *ctx, const ir_program *prog, bool packed, void **bufs,
	io_array **outputs, uint64_t **out, uint64_t *held)
{
	for (int i = 0; i < prog->n_outputs; i++) {
		const ir_decl *d = prog->outputs[i];
		if (packed && cref_buffer_is_box(d) && bufs[d->index]) {
			outputs[i] = io_array_alloc_packed(d->type, d->n_dims, d->out_extents);
			free(outputs[i]->packed);
			outputs[i]->packed = bufs[d->index];
			bufs[d->index] = NULL;
			/* stays reserved, as an output array is */
			*held -= (uint64_t) outputs[i]->size * (uint64_t) io_packed_size(d->type);
			continue;
		}
		if (!sl_mem_reserve_box(ctx, d->loc, "output", d->name, d->n_dims, d->out_extents,
			sizeof(uint64_t)))
			return -1;
		if (!(outputs[i] = io_array_alloc(d->type, d->n_dims, d->out_extents))) {
			sl_error(ctx, d->loc, "out of memory for output '%s'", d->name);
			return -1;
		}
		out[i] = outputs[i]->data;
	}
	return 0;
}

/* One thread's share of a func: rows [r0, r1). */
typedef struct cref_share {
	const cref_kernel *k;
	void *const *bufs;
	int func;
	int64_t r0, r1;
} cref_share;

static void *cref_share_run(void *arg)
{
	const cref_share *s = arg;
	s->k->func(s->func, s->bufs, s->r0, s->r1);
	return NULL;
}

/* Every func in order, its rows split into "threads" contiguous shares
 * (the calling thread takes the first; a thread that cannot be started
 * leaves its share to the calling thread).  Every point is computed by
 * the same code as with one thread, so the bytes are the same. */
static void cref_compute_threads(const cref_kernel *k, void *const *bufs, int threads)
{
	cref_share *sh = sl_xcalloc((size_t) threads, sizeof(*sh));
	pthread_t *tid = sl_xcalloc((size_t) threads, sizeof(*tid));
	bool *started = sl_xcalloc((size_t) threads, sizeof(*started));
	for (int f = 0; f < k->n_funcs(); f++) {
		int64_t r0, r1;
		k->func_rows(f, &r0, &r1);
		int64_t rows = r1 - r0;
		int t = rows < threads ? (int) (rows > 0 ? rows : 1) : threads;
		for (int j = 0; j < t; j++) {
			sh[j] = (cref_share) { k, bufs, f, r0 + rows * j / t, r0 + rows * (j + 1) / t };
			started[j] = j > 0 && pthread_create(&tid[j], NULL, cref_share_run, &sh[j]) == 0;
		}
		for (int j = 0; j < t; j++)
			if (!started[j])
				cref_share_run(&sh[j]);
		for (int j = 1; j < t; j++)
			if (started[j])
				pthread_join(tid[j], NULL);
	}
	free(sh);
	free(tid);
	free(started);
}

/* Pack, compute, unpack, each timed (ref_cref_last_times); the outputs
 * taken over by cref_outputs are handed over after the compute. */
static int cref_execute(sl_ctx *ctx, const ir_program *prog, const ref_inputs *inputs,
	const cref_kernel *k, const uint64_t **in, void **bufs, io_array **outputs,
	uint64_t *held, double t0, double t1)
{
	uint64_t **out = sl_xcalloc((size_t) prog->n_outputs + 1, sizeof(*out));
	void **run = sl_xcalloc((size_t) prog->n_decls + 1, sizeof(*run));
	memcpy(run, bufs, (size_t) prog->n_decls * sizeof(*run));
	int rc = cref_outputs(ctx, prog, inputs->packed_outputs, bufs, outputs, out, held);
	if (rc == 0) {
		k->pack(in, run);
		double t2 = cref_now();
		if (inputs->threads > 1)
			cref_compute_threads(k, run, inputs->threads);
		else
			k->compute(run);
		double t3 = cref_now();
		k->unpack(run, out);
		cref_times = (ref_cref_times) { t1 - t0, t2 - t1, t3 - t2, cref_now() - t3 };
	}
	free(run);
	free(out);
	return rc;
}

/* cref_load for the automatic engine: a failure is a note, and 1. */
static int cref_load_or_note(sl_ctx *ctx, const char *src, size_t len, cref_kernel *k)
{
	sl_ctx *scratch = sl_ctx_alloc();
	sl_ctx_set_quiet(scratch, true);
	int rc = cref_load(scratch, src, len, k);
	if (rc < 0) {
		const char *why = sl_first_error(scratch);
		sl_note(ctx, sl_noloc, "the compiled reference is not available (%s); the "
			"interpreter computes the same values", why ? why : "no reason given");
		rc = 1;
	}
	sl_ctx_free(scratch);
	return rc;
}

int ref_cref_run(sl_ctx *ctx, const ir_program *prog, const ref_inputs *inputs, bool fallback,
	io_array **outputs)
{
	int n = prog->n_decls;
	bool *substituted = sl_xcalloc((size_t) n + 1, sizeof(*substituted));
	bool *borrowed = sl_xcalloc((size_t) n + 1, sizeof(*borrowed));
	const uint64_t **in = sl_xcalloc((size_t) n + 1, sizeof(*in));
	void **bufs = sl_xcalloc((size_t) n + 1, sizeof(*bufs));
	uint64_t held = 0;
	size_t len;
	char *src = ref_cgen(prog, substituted, &len);
	cref_kernel k = { 0 };
	double t0 = cref_now();
	int rc = cref_bind(ctx, prog, inputs, in, bufs, borrowed);
	if (rc == 0)
		rc = fallback ? cref_load_or_note(ctx, src, len, &k) : cref_load(ctx, src, len, &k);
	double t1 = cref_now();
	if (rc == 0)
		rc = cref_buffers(ctx, prog, substituted, bufs, &held);
	if (rc == 0)
		rc = cref_execute(ctx, prog, inputs, &k, in, bufs, outputs, &held, t0, t1);
	if (rc != 0)	/* -1, or 1 for the interpreter */
		for (int i = 0; i < prog->n_outputs; i++) {
			io_array_free(outputs[i]);
			outputs[i] = NULL;
		}
	if (k.handle)
		dlclose(k.handle);
	for (int i = 0; i < n; i++)
		if (!borrowed[i])
			free(bufs[i]);
	sl_mem_release(ctx, held);
	free(src);
	free(substituted);
	free(borrowed);
	free(in);
	free(bufs);
	return rc;
}
