/* verilator/run.c: a generated module run in Verilator.
 * Stage: verilator, after rtlgen.  Writes the Verilog and its testbench
 * (testbench.c) into a build directory of the cache, named by a hash
 * of everything that goes into the build, verilates it there once, and
 * runs the executable on input files (files.c writes them and reads what
 * the testbench leaves) in a per-run directory:
 *     CACHE/verilator/TOP-HASH/{top.v,tb.cpp,verilate.log,obj/tb}
 *     CACHE/verilator/TOP-HASH/run-PID/{in_K.bin,out_K.bin,stats.txt}
 * and with further sizes (vl_options.more, sim --size) each one's files in
 * run-PID/size-I/, listed in run-PID/sizes, all run by one process.
 * A build is made in TOP-HASH.tmp-PID, stamped and renamed when complete,
 * under the entry's lock (verilator/cache.c: the cache is private, a broken
 * entry is rebuilt, concurrent runs build once).  The same machinery builds a
 * synthesized netlist (sluice synth --check-netlist): its cell library
 * takes the place of the hardware library in the build and in the key.
 * Owns nothing past a call; the output arrays go to the caller. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "verilator/verilator_private.h"

#ifndef SLUICE_SOURCE_DIR
#define SLUICE_SOURCE_DIR "."
#endif

/* The testbench's exit status when the waveform cannot be written. */
enum { VL_TB_VCD_FAILED = 3 };

/* Bump when the build command or the testbench protocol changes. */
#define VL_HARNESS_VERSION "sluice-vl-6"

typedef struct vl_build {
	const char *top;
	char *verilog;		/* borrowed text */
	size_t verilog_len;
	char *testbench;	/* owned */
	size_t testbench_len;
	char *lib_dir;		/* owned; NULL: lib holds absolute paths */
	int n_lib;
	char **lib;		/* owned file names in lib_dir, sorted */
	const char *const *args;	/* extra Verilator arguments, or NULL */
	bool netlist;		/* lib is a netlist's cell library */
	bool trace;
	bool pub_count;		/* -DSL_PUB_COUNT: the tiles count their accesses */
	const char *jobs;	/* compiler jobs of a build ($SLUICE_VERILATOR_JOBS) */
	char *cache;		/* owned: CACHE/verilator */
	char *dir;		/* owned: CACHE/verilator/TOP-HASH */
	int lock;		/* fd of TOP-HASH.lock, or -1 */
} vl_build;

/* --------------------------------------------------------------- helpers */

double vl_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

char *vl_cat(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
	char *s = sl_xmalloc(n);
	snprintf(s, n, "%s%s%s", a, b, c);
	return s;
}

/* FNV-1a, 64 bits: a cache key, not a defence. */
static uint64_t vl_hash(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static uint64_t vl_hash_str(uint64_t h, const char *s)
{
	return vl_hash(h, s, strlen(s) + 1);
}

/* Verilog without its line comments, which name source files and lines:
 * the same design reached by another path builds once. */
static uint64_t vl_hash_verilog(uint64_t h, const char *v, size_t len)
{
	size_t i = 0;
	while (i < len) {
		size_t start = i;
		while (i < len && !(v[i] == '/' && i + 1 < len && v[i + 1] == '/'))
			i++;
		h = vl_hash(h, v + start, i - start);
		while (i < len && v[i] != '\n')
			i++;
	}
	return h;
}

/* The last lines of a log, to stderr. */
static void vl_show_log(const char *log)
{
	size_t len = 0;
	char *text = sl_read_file(log, &len);
	if (!text)
		return;
	size_t start = len, lines = 0;
	while (start > 0 && lines <= 30)
		lines += text[--start] == '\n';
	fprintf(stderr, "%s--- end of %s\n", text + start, log);
	free(text);
}

/* ------------------------------------------------------------- the build */

static int vl_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* A file of the library: lib_dir/NAME, or NAME itself. */
static char *vl_lib_path(const vl_build *b, int i)
{
	return b->lib_dir ? sl_path_join(b->lib_dir, b->lib[i], NULL) : sl_xstrdup(b->lib[i]);
}

/* A netlist's cell library, in the order given. */
static void vl_take_cell_lib(vl_build *b, const char *const *files)
{
	b->netlist = true;
	for (const char *const *f = files; *f; f++) {
		b->lib = sl_xrealloc(b->lib, (size_t) (b->n_lib + 1) * sizeof(*b->lib));
		b->lib[b->n_lib++] = sl_xstrdup(*f);
	}
}

/* The *.v files of the library, sorted by name. */
static int vl_find_lib(sl_ctx *ctx, vl_build *b, const vl_options *opts)
{
	if (!b->args)
		b->args = opts->vl_args;
	if (opts->cell_lib) {
		vl_take_cell_lib(b, opts->cell_lib);
		return 0;
	}
	const char *e = getenv("SLUICE_RTL_LIB");
	b->lib_dir = e && *e ? sl_xstrdup(e) : vl_cat(SLUICE_SOURCE_DIR, "/rtlgen/lib", "");
	DIR *d = opendir(b->lib_dir);
	if (!d) {
		sl_error(ctx, sl_noloc, "no hardware library at '%s' (set SLUICE_RTL_LIB)",
			b->lib_dir);
		return -1;
	}
	struct dirent *ent;
	while ((ent = readdir(d))) {
		size_t n = strlen(ent->d_name);
		if (n < 3 || strcmp(ent->d_name + n - 2, ".v"))
			continue;
		b->lib = sl_xrealloc(b->lib, (size_t) (b->n_lib + 1) * sizeof(*b->lib));
		b->lib[b->n_lib++] = sl_xstrdup(ent->d_name);
	}
	closedir(d);
	if (b->n_lib)
		qsort(b->lib, (size_t) b->n_lib, sizeof(*b->lib), vl_cmp_str);
	return 0;
}

/* CACHE/verilator/TOP-HASH from every input of the build. */
static int vl_key(sl_ctx *ctx, vl_build *b)
{
	uint64_t h = vl_hash_str(0xcbf29ce484222325ull, VL_HARNESS_VERSION);
	h = vl_hash_str(h, b->top);
	h = vl_hash_str(h, b->trace ? "trace" : "notrace");
	if (b->pub_count)
		h = vl_hash_str(h, "-DSL_PUB_COUNT");
	h = vl_hash_verilog(h, b->verilog, b->verilog_len);
	h = vl_hash(h, b->testbench, b->testbench_len);
	for (const char *const *a = b->args; a && *a; a++)
		h = vl_hash_str(h, *a);
	for (int i = 0; i < b->n_lib; i++) {
		char *path = vl_lib_path(b, i);
		size_t len = 0;
		char *text = sl_read_file(path, &len);
		if (!text) {
			sl_error(ctx, sl_noloc, "cannot read '%s': %s", path, strerror(errno));
			free(path);
			return -1;
		}
		h = vl_hash_str(h, b->lib[i]);
		h = vl_hash(h, text, len);
		free(text);
		free(path);
	}
	char name[64];
	snprintf(name, sizeof name, "/%.32s-%016llx", b->top, (unsigned long long) h);
	if (!(b->cache = vl_cache_dir(ctx)))
		return -1;
	b->dir = vl_cat(b->cache, name, "");
	return 0;
}

static int vl_write(sl_ctx *ctx, const char *dir, const char *name,
	const char *data, size_t len)
{
	char *path = sl_path_join(dir, name, NULL);
	int rc = sl_write_file_now(path, data, len);
	if (rc < 0)
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", path, strerror(errno));
	free(path);
	return rc;
}

/* An argument vector that owns some of its strings. */
typedef struct vl_argv {
	int n;
	char **argv;		/* NULL-terminated */
	char **owned;		/* freed with it */
	int n_owned;
} vl_argv;

static void vl_arg(vl_argv *a, const char *s)
{
	a->argv = sl_xrealloc(a->argv, (size_t) (a->n + 2) * sizeof(*a->argv));
	a->argv[a->n++] = (char *) s;
	a->argv[a->n] = NULL;
}

static void vl_arg_owned(vl_argv *a, char *s)
{
	a->owned = sl_xrealloc(a->owned, (size_t) (a->n_owned + 1) * sizeof(*a->owned));
	a->owned[a->n_owned++] = s;
	vl_arg(a, s);
}

static void vl_argv_release(vl_argv *a)
{
	for (int i = 0; i < a->n_owned; i++)
		free(a->owned[i]);
	free(a->owned);
	free(a->argv);
}

/* A netlist's cell models are not ours to lint: warnings do not stop the
 * build, and each model's directory is searched for its includes. */
static void vl_netlist_args(vl_argv *a, const vl_build *b)
{
	vl_arg(a, "-Wno-fatal");
	vl_arg(a, "-Wno-lint");
	vl_arg(a, "-Wno-style");
	for (int i = 0; i < b->n_lib; i++) {
		char *dir = sl_xstrdup(b->lib[i]), *slash = strrchr(dir, '/');
		if (slash) {
			*slash = 0;
			vl_arg_owned(a, vl_cat("-I", dir, ""));
		}
		free(dir);
	}
}

/* verilator --cc --exe --build ... in "work": its status (sl_spawn).
 * -fwrapv: Verilator 5.006's VL_MULS_III multiplies two int32_t, whose
 * overflow C++ leaves undefined, and GCC at -O1 then widens the product
 * sign-extended into the 64-bit word a concatenation or a port of more
 * than 32 bits is built in: a negative 32-bit signed product set the bits
 * above it (an output's valid flag in its pipe, the next lane of a port).
 * Wrapping is what Verilog means. (t_verilator_signed_mul_concat) */
static int vl_verilate(const vl_build *b, const char *work, const char *jobs)
{
	const char *vl = getenv("SLUICE_VERILATOR");
	const char *fixed[] = {
		vl && *vl ? vl : "verilator", "--cc", "--exe", "--build",
		"-O1", "-CFLAGS", "-O1 -fwrapv", "--build-jobs", jobs,
		"--top-module", b->top, "--prefix", "Vdut",
	};
	vl_argv a = { 0, NULL, NULL, 0 };
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		vl_arg(&a, fixed[i]);
	vl_arg(&a, "-Mdir");
	vl_arg_owned(&a, sl_path_join(work, "obj", NULL));
	vl_arg(&a, "-o");
	vl_arg(&a, "tb");
	if (b->trace)
		vl_arg(&a, "--trace");
	if (b->pub_count) {	/* the Verilog's define, and the testbench's */
		vl_arg(&a, "-DSL_PUB_COUNT");
		vl_arg(&a, "-CFLAGS");
		vl_arg(&a, "-DSL_PUB_COUNT");
	}
	if (b->netlist)
		vl_netlist_args(&a, b);
	for (const char *const *x = b->args; x && *x; x++)
		vl_arg(&a, *x);
	vl_arg_owned(&a, sl_path_join(work, "top.v", NULL));
	for (int i = 0; i < b->n_lib; i++)
		vl_arg_owned(&a, vl_lib_path(b, i));
	vl_arg_owned(&a, sl_path_join(work, "tb.cpp", NULL));
	char *log = sl_path_join(work, "verilate.log", NULL);
	sl_progress_push("Verilator build of %s", b->top);
	int status = sl_spawn(a.argv, log);
	sl_progress_pop();
	vl_argv_release(&a);
	free(log);
	return status;
}

/* Whether make (Verilator's generated makefile) can take "path". */
static bool vl_make_safe(const char *path)
{
	return !strpbrk(path, " \t\n#$:=%\\\"'`");
}

/* Copy dir "from"/NAME to "to"/NAME (a scratch file), executable when
 * "exec"; 0 or -1 (reported). */
static int vl_copy(sl_ctx *ctx, const char *from, const char *to, const char *name,
	bool exec)
{
	char *src = sl_path_join(from, name, NULL), *dst = sl_path_join(to, name, NULL);
	size_t len = 0;
	char *data = sl_read_file(src, &len);
	int rc = -1;
	if (!data)
		sl_error(ctx, sl_noloc, "cannot read '%s': %s", src, strerror(errno));
	else if (sl_write_file_now(dst, data, len) < 0 || (exec && chmod(dst, 0700) < 0))
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", dst, strerror(errno));
	else
		rc = 0;
	free(data);
	free(src);
	free(dst);
	return rc;
}

/* A private directory for a build whose cache path make cannot take
 * (a space in $HOME): under $TMPDIR or /tmp; NULL (reported). */
static char *vl_work_dir(sl_ctx *ctx)
{
	const char *t = getenv("TMPDIR");
	char *dir = vl_cat(t && *t && vl_make_safe(t) ? t : "/tmp", "/sluice-vl-XXXXXX", "");
	if (!mkdtemp(dir)) {
		sl_error(ctx, sl_noloc, "cannot create a build directory '%s': %s", dir,
			strerror(errno));
		free(dir);
		return NULL;
	}
	sl_cleanup_dir_add(dir);
	return dir;
}

/* The failed verilator run, its log shown and named. */
static void vl_build_failed(sl_ctx *ctx, const vl_build *b, int status, const char *tmp)
{
	const char *vl = getenv("SLUICE_VERILATOR");
	vl = vl && *vl ? vl : "verilator";
	if (status == SL_SPAWN_NOEXEC) {
		sl_error(ctx, sl_noloc, "cannot run '%s': %s (is Verilator installed? set "
			"SLUICE_VERILATOR)", vl, strerror(errno));
		return;
	}
	char *log = sl_path_join(tmp, "verilate.log", NULL);
	vl_show_log(log);
	sl_error(ctx, sl_noloc, "verilator failed on module '%s' (%s %d); its log is %s",
		b->top, status == SL_SPAWN_TIMEOUT ? "killed by the watchdog, status" : "exit",
		status, log);
	free(log);
}

/* Sources, verilator and the stamp in "tmp" (in a private work directory
 * when make cannot take tmp's path, obj/tb and the log copied back). */
/* The compiler jobs of a build: $SLUICE_VERILATOR_JOBS, 1 to 64, else 2;
 * NULL (reported) when it is set to anything else. */
static const char *vl_build_jobs(sl_ctx *ctx)
{
	const char *e = getenv("SLUICE_VERILATOR_JOBS");
	if (!e || !*e)
		return "2";
	char *end;
	long n = strtol(e, &end, 10);
	if (*end || n < 1 || n > 64 || e[0] < '1' || e[0] > '9') {
		sl_error(ctx, sl_noloc, "SLUICE_VERILATOR_JOBS is '%s': give the "
			"compiler jobs of a Verilator build, 1 to 64", e);
		return NULL;
	}
	return e;
}

static int vl_build_in(sl_ctx *ctx, const vl_build *b, const char *tmp)
{
	char *work = vl_make_safe(tmp) ? NULL : vl_work_dir(ctx);
	const char *where = work ? work : tmp;
	if (!vl_make_safe(tmp) && !work)
		return -1;
	int status = -1, rc = -1;
	if (vl_write(ctx, where, "top.v", b->verilog, b->verilog_len) == 0
	    && vl_write(ctx, where, "tb.cpp", b->testbench, b->testbench_len) == 0)
		status = vl_verilate(b, where, b->jobs);
	if (work) {
		char *obj = sl_path_join(tmp, "obj", NULL);
		if (status == 0 && (mkdir(obj, 0700) < 0 || vl_copy(ctx, work, tmp, "obj/tb", true) < 0))
			status = -1;
		if (status != SL_SPAWN_NOEXEC)
			vl_copy(ctx, work, tmp, "verilate.log", false);
		vl_write(ctx, tmp, "top.v", b->verilog, b->verilog_len);
		vl_write(ctx, tmp, "tb.cpp", b->testbench, b->testbench_len);
		sl_rmtree(work);
		sl_cleanup_dir_remove(work);
		free(work);
		free(obj);
	}
	if (status != 0)
		vl_build_failed(ctx, b, status, tmp);
	else
		rc = vl_stamp_write(ctx, tmp);
	return status == SL_SPAWN_NOEXEC ? -2 : rc;
}

/* Make b->dir a whole build unless it is one; *cached tells which.  The
 * entry stays locked (shared) in b->lock for the run. */
static int vl_ensure_built(sl_ctx *ctx, vl_build *b, bool *cached)
{
	if (!(b->jobs = vl_build_jobs(ctx)))	/* checked on a hit too */
		return -1;
	vl_sweep(b->cache, b->dir);
	if ((b->lock = vl_lock(ctx, b->dir, false)) < 0)
		return -1;
	*cached = !vl_entry_problem(b->dir);
	if (*cached)
		return 0;
	if (vl_relock(ctx, b->lock, b->dir, true) < 0)
		return -1;
	const char *why = vl_entry_problem(b->dir);
	*cached = !why;
	if (*cached)
		return vl_relock(ctx, b->lock, b->dir, false);
	if (strcmp(why, "missing"))
		fprintf(stderr, "sluice: note: the cached build at %s looks broken (%s); "
			"rebuilding it\n", b->dir, why);
	char pid[32];
	snprintf(pid, sizeof pid, ".tmp-%ld", (long) getpid());
	char *tmp = vl_cat(b->dir, pid, "");
	sl_rmtree(tmp);
	sl_cleanup_dir_add(tmp);
	int rc = -1;
	if (mkdir(tmp, 0700) < 0) {
		sl_error(ctx, sl_noloc, "cannot create '%s': %s", tmp, strerror(errno));
	} else {
		rc = vl_build_in(ctx, b, tmp);
		if (rc == 0)
			rc = vl_install(ctx, tmp, b->dir);
	}
	if (rc == 0 || rc == -2)
		sl_rmtree(tmp);	/* kept after a failed build, for its log */
	sl_cleanup_dir_remove(tmp);
	free(tmp);
	if (rc == 0)
		rc = vl_relock(ctx, b->lock, b->dir, false);
	return rc < 0 ? -1 : 0;
}

/* Verilator (5.006) finds no --top-module of 128 characters or more: a
 * longer module is renamed sluice_long_HASH in the text it builds (the
 * testbench names the model Vdut, never the module).  The renamed text
 * (owned by the caller), or NULL when the name is short enough. */
enum { VL_MAX_TOP = 120 };

static char *vl_short_top(vl_build *b)
{
	size_t n = strlen(b->top);
	if (n <= VL_MAX_TOP)
		return NULL;
	static char alias[40];
	snprintf(alias, sizeof alias, "sluice_long_%016llx",
		(unsigned long long) vl_hash_str(0xcbf29ce484222325ull, b->top));
	char *out = NULL;
	size_t out_len = 0;
	FILE *f = open_memstream(&out, &out_len);
	if (!f)
		sl_unreachable();
	for (size_t i = 0; i < b->verilog_len;) {
		const char *v = b->verilog + i;
		char next = i + n < b->verilog_len ? v[n] : 0;
		if (i + n <= b->verilog_len && !strncmp(v, b->top, n)
		    && !(next == '_' || (next >= '0' && next <= '9') || (next >= 'a' && next <= 'z')
			 || (next >= 'A' && next <= 'Z'))) {
			fputs(alias, f);
			i += n;
		} else {
			fputc(*v, f);
			i++;
		}
	}
	fclose(f);
	b->top = alias;
	b->verilog = out;
	b->verilog_len = out_len;
	return out;
}

static void vl_build_release(vl_build *b)
{
	free(b->testbench);
	free(b->lib_dir);
	for (int i = 0; i < b->n_lib; i++)
		free(b->lib[i]);
	free(b->lib);
	free(b->dir);
	free(b->cache);
	vl_unlock(b->lock);
}

/* --------------------------------------------------------------- the run */

/* A port's framing over the box of extents ext[0 .. n_dims) (words, for a
 * lane group: lane 0's box; rtl_port_frame). */
static vl_port vl_port_make(const char *name, const ir_decl *d, bool is_input, int n_dims,
	const int64_t *ext, int nf)
{
	vl_port p = { name, d->type.bits, is_input, 1, 1, 1, 1, 1, 1, NULL, -1 };
	rtl_port_frame(d, n_dims, ext, &p.row, &p.rows, &p.inner);
	p.size = p.row * p.rows * nf;
	return p;
}

/* The ports of the design of "sp": its input statements, then its
 * outputs, the lanes of one declaration one port group (its name, lane
 * 0's words).  *sizes receives the word count of each. */
static int vl_ports(const sched_program *sp, int nf, vl_port **ports, int64_t **sizes)
{
	int n = 0;
	*ports = sl_xcalloc((size_t) (sp->n_stmts + sp->lowered->n_outputs) + 1,
		sizeof(**ports));
	*sizes = sl_xcalloc((size_t) (sp->n_stmts + sp->lowered->n_outputs) + 1,
		sizeof(**sizes));
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		int k = s->decl->lanes > 1 ? s->decl->lanes : 1;
		if (!s->is_input || (k > 1 && s->decl->lane > 0))
			continue;
		vl_port p = vl_port_make(rtl_port_name(sp->ctx, s->decl), s->decl, true,
			s->decl->n_dims, s->decl->extents, nf);
		p.lanes = k;
		p.tail = rtl_port_tail(s->decl);
		p.stmt = s;
		(*sizes)[n] = sched_n_iters(s);
		(*ports)[n++] = p;
	}
	for (int i = 0; i < sp->lowered->n_outputs; i++) {
		const ir_decl *d = sp->lowered->outputs[i];
		int k = d->lanes > 1 ? d->lanes : 1;
		if (k > 1 && d->lane > 0)
			continue;
		vl_port p = vl_port_make(rtl_port_name(sp->ctx, d), d, false,
			d->n_dims, d->out_extents, nf);
		p.lanes = k;
		p.tail = rtl_port_tail(d);
		p.output = i;
		(*sizes)[n] = p.size / nf;
		(*ports)[n++] = p;
	}
	return n;
}

/* 2 * (the last cycle of the schedule + 1) + 1000 (docs/hardware.md: done
 * rises after the last output write and the last input element). */
static int64_t vl_timeout(const sched_program *sp, int nf)
{
	int64_t end = sp->predicted_cycles;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		int64_t it[SCHED_MAX_DIMS];
		for (int d = 0; d < s->n_dims; d++)
			it[d] = s->coef[d] < 0 ? s->lo[d] : s->lo[d] + s->ext[d] - 1;
		if (sched_n_iters(s) > 0 && sched_time(s, it) + s->latency + 1 > end)
			end = sched_time(s, it) + s->latency + 1;
	}
	return 2 * (end + (int64_t) (nf - 1) * sched_frame_period(sp)) + 1000;
}

/* The file the testbench dumps the waveform into: a fresh temporary for
 * "path", renamed with the outputs (sl_temp_commit), or "path" itself
 * when it exists and is not a regular file (/dev/null).  -1 (reported)
 * when it cannot be written: before anything runs. */
static int vl_vcd_open(sl_ctx *ctx, const char *path, char **tmp)
{
	struct stat st;
	*tmp = NULL;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
	} else {
		int fd = sl_temp_create(path, tmp);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
	}
	sl_error(ctx, sl_noloc, "cannot write the waveform '%s': %s", path, strerror(errno));
	return -1;
}

/* A testbench that did not exit 0: why, as well as can be told. */
static void vl_tb_failed(sl_ctx *ctx, const vl_build *b, const vl_options *opts,
	int status, const char *log)
{
	vl_show_log(log);
	if (status == SL_SPAWN_TIMEOUT) {
		sl_error(ctx, sl_noloc, "the testbench was killed by the watchdog");
	} else if (status == VL_TB_CHECKS_FAILED) {
		sl_error(ctx, sl_noloc, "the AXI4-Stream testbench found the failures above "
			"(its log: %s)", log);
	} else if (status == VL_TB_VCD_FAILED) {
		sl_error(ctx, sl_noloc, "cannot write the waveform '%s' (the testbench's "
			"message is above)", opts->vcd_path);
	} else if (status == 127 || status == SL_SPAWN_NOEXEC || status > 128) {
		/* the stamp matched, yet it cannot run: build it anew next time */
		char *stamp = sl_path_join(b->dir, "stamp", NULL);
		unlink(stamp);
		free(stamp);
		sl_error(ctx, sl_noloc, "the cached build at %s looks broken (the testbench "
			"%s %d); the next run rebuilds it", b->dir,
			status > 128 ? "died by signal" : "exited", status > 128 ? status - 128 : 127);
	} else {
		sl_error(ctx, sl_noloc, "the testbench failed (exit %d)", status);
	}
}

/* The runs the testbench makes of one size: the native one 1; the
 * AXI4-Stream testbench ("o->axis", "n_in" inputs) 1 + 5 * axis_seeds,
 * and in the last size ("last") 2 more, the first of them cut by a reset,
 * and 2 more with inputs (the framing errors; verilator/axis_tb.c). */
static int vl_size_runs(const vl_options *o, int n_in, bool last)
{
	if (!o->axis)
		return 1;
	return 1 + 5 * o->axis_seeds + (last ? 2 + (n_in ? 2 : 0) : 0);
}

/* The tiles' counts the testbench printed (its log) for one size, its
 * runs "first" on (the tiles number a process's runs from 1), against the
 * size's tile model; "all": the only size (every line of the log is
 * its).  0 or -1 (reported). */
static int vl_check_pub_counts(sl_ctx *ctx, const pub_set *ps, const char *log,
	const vl_options *o, int n_in, int first, bool last, bool all)
{
	size_t len = 0;
	char *text = sl_read_file(log, &len);
	if (!text) {
		sl_error(ctx, sl_noloc, "cannot read '%s': %s", log, strerror(errno));
		return -1;
	}
	int cut = o->axis && last ? 5 * o->axis_seeds + 2 : 0;
	int rc = vl_pub_check_range(ctx, ps, text, first, vl_size_runs(o, n_in, last),
		cut, all);
	free(text);
	return rc;
}

/* Run the testbench of "b" in a fresh run directory and collect; the
 * waveform into "vcd" (vl_vcd_open) when not NULL. */
/* The run directory "dir" with what the harness reads: the inputs, the
 * configuration image, and with tiles the run's cycle of their last fire
 * (the harness clocks on to it after done, for their counts).  0, or -1
 * (reported). */
static int vl_run_files(sl_ctx *ctx, const char *dir, const vl_options *opts, int n_ports,
	vl_port *ports, int64_t *sizes, const ref_inputs *in, int nf)
{
	char last_fire[32];
	snprintf(last_fire, sizeof last_fire, "%lld\n", (long long) vl_pub_last_fire(opts->pub));
	if (mkdir(dir, 0700) < 0) {
		sl_error(ctx, sl_noloc, "cannot create '%s': %s", dir, strerror(errno));
		return -1;
	}
	char *framing = NULL;	/* the AXI4-Stream framing of this size */
	size_t framing_len = 0;
	FILE *f = open_memstream(&framing, &framing_len);
	if (!f)
		sl_unreachable();
	for (int i = 0; i < n_ports; i++)
		fprintf(f, "%lld %lld %lld %d %lld\n", (long long) ports[i].row,
			(long long) ports[i].rows, (long long) ports[i].size, ports[i].tail,
			(long long) ports[i].inner);
	fclose(f);
	int rc = vl_write_inputs(ctx, dir, n_ports, ports, sizes, in, nf) != 0
	    || (opts->config && vl_write(ctx, dir, "config.hex", opts->config,
		opts->config_len) != 0)
	    || (opts->config && vl_write(ctx, dir, "framing.txt", framing, framing_len) != 0);
	free(framing);
	if (rc
	    || (opts->pub && vl_write(ctx, dir, "pub_last_fire", last_fire,
		strlen(last_fire)) != 0))
		return -1;
	return 0;
}

/* The run's figures, as stats.txt gave them. */
static void vl_stats_of(const vl_result *r, vl_stats *stats)
{
	stats->cycles = r->cycles;
	stats->run_seconds = r->seconds;
	stats->axis_runs = r->axis[0];
	stats->axis_checked = r->axis[1];
	stats->axis_wall = r->axis[2];
	stats->axis_stalls = r->axis[3];
	stats->axis_dep_checks = r->axis[4];
}

/* One size of a run: the first (vl_run's own) or one of opts->more. */
typedef struct vl_item {
	const sched_program *sp;
	const ref_inputs *in;
	vl_options opts;	/* the run's, with this size's image and cycles */
	io_array **outputs;
	vl_stats *stats;
	char *dir;		/* owned: its files */
	int n_ports;
	vl_port *ports;		/* owned, as vl_ports */
	int64_t *sizes;		/* owned */
	int64_t timeout;
} vl_item;

static void vl_item_make(vl_item *it, const sched_program *sp, const ref_inputs *in,
	const vl_options *opts, io_array **outputs, vl_stats *stats, char *dir)
{
	int nf = opts->frames > 1 ? opts->frames : 1;
	it->sp = sp;
	it->in = in;
	it->opts = *opts;
	it->outputs = outputs;
	it->stats = stats;
	it->dir = dir;
	it->n_ports = vl_ports(sp, nf, &it->ports, &it->sizes);
	it->timeout = vl_timeout(sp, nf);
}

/* The sizes of the run: the first in DIR, size i of opts->more in
 * DIR/size-i; a heap array of 1 + n_more. */
static vl_item *vl_items(const sched_program *sp, const ref_inputs *in,
	const vl_options *opts, io_array **outputs, vl_stats *stats, const char *dir)
{
	vl_item *it = sl_xcalloc((size_t) opts->n_more + 1, sizeof(*it));
	vl_item_make(&it[0], sp, in, opts, outputs, stats, sl_xstrdup(dir));
	for (int i = 0; i < opts->n_more; i++) {
		const vl_size *m = &opts->more[i];
		char name[32];
		snprintf(name, sizeof name, "size-%d", i + 1);
		vl_item_make(&it[i + 1], m->sp, m->in, opts, m->outputs, m->stats,
			sl_path_join(dir, name, NULL));
		it[i + 1].opts.config = m->config;
		it[i + 1].opts.config_len = m->config_len;
		it[i + 1].opts.cycles = m->cycles;
		it[i + 1].opts.pub = m->pub;
	}
	return it;
}

static int vl_n_inputs(const vl_item *it)
{
	int n_in = 0;
	for (int i = 0; i < it->n_ports; i++)
		n_in += it->ports[i].is_input;
	return n_in;
}

static void vl_items_free(vl_item *it, int n)
{
	for (int i = 0; i < n; i++) {
		free(it[i].dir);
		free(it[i].ports);
		free(it[i].sizes);
	}
	free(it);
}

/* Every size's files, and with more than one DIR/sizes (the testbench's
 * list of the later sizes: "size-I TIMEOUT" a line).  0, or -1. */
static int vl_items_files(sl_ctx *ctx, vl_item *it, int n)
{
	int nf = it[0].opts.frames > 1 ? it[0].opts.frames : 1;
	char *list = NULL;
	size_t list_len = 0;
	FILE *f = open_memstream(&list, &list_len);
	if (!f)
		sl_unreachable();
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		rc = vl_run_files(ctx, it[i].dir, &it[i].opts, it[i].n_ports, it[i].ports,
			it[i].sizes, it[i].in, nf);
		if (i > 0)
			fprintf(f, "size-%d %lld\n", i, (long long) it[i].timeout);
	}
	fclose(f);
	if (rc == 0 && n > 1)
		rc = vl_write(ctx, it[0].dir, "sizes", list, list_len);
	free(list);
	return rc;
}

/* What the testbench left for size "it", item i of n: its figures
 * checked (done, the inputs taken; with tiles their counts in "log", its
 * runs from "first" on) and its outputs collected.  0, or -1 (reported). */
static int vl_item_finish(sl_ctx *ctx, vl_item *it, const char *log, int i, int n,
	int first)
{
	int nf = it->opts.frames > 1 ? it->opts.frames : 1, n_in = 0;
	for (int i = 0; i < it->n_ports; i++)
		n_in += it->ports[i].is_input;
	vl_result r = { false, 0, 0.0, sl_xcalloc((size_t) it->n_ports + 1, sizeof(int64_t)),
		{ 0 } };
	int rc = vl_read_stats(ctx, it->dir, n_in, &r);
	bool ran = rc == 0;
	if (rc == 0)
		rc = vl_check_result(ctx, it->sp, &r, it->timeout, it->n_ports, it->ports, it->sizes,
			nf);
	if (rc == 0 && it->opts.pub && vl_check_pub_counts(ctx, it->opts.pub, log,
		&it->opts, n_in, first, i + 1 == n, n == 1) < 0)
		rc = -1;
	if (ran)
		if (vl_collect(ctx, it->sp, it->dir, &it->opts, it->n_ports - n_in, it->ports + n_in,
				it->sizes + n_in, it->outputs, it->stats) < 0)
			rc = -1;
	vl_stats_of(&r, it->stats);
	free(r.taken);
	return rc;
}

static int vl_execute(sl_ctx *ctx, const sched_program *sp, const vl_build *b,
	const ref_inputs *in, const vl_options *opts, char *vcd, io_array **outputs,
	vl_stats *stats)
{
	char run[48], timeout_s[32], window_s[32];
	snprintf(run, sizeof run, "/run-%ld", (long) getpid());
	char *dir = vl_cat(b->dir, run, "");
	int n = 1 + opts->n_more;
	vl_item *it = vl_items(sp, in, opts, outputs, stats, dir);
	char *exe = sl_path_join(b->dir, "obj/tb", NULL);
	char *log = sl_path_join(dir, "tb.log", NULL);
	snprintf(timeout_s, sizeof timeout_s, "%lld", (long long) it[0].timeout);
	snprintf(window_s, sizeof window_s, "%lld", (long long) opts->vcd_cycles);
	char *argv[] = { exe, dir, timeout_s, (char *) opts->vcd_path, window_s, NULL };
	if (!opts->vcd_path)
		argv[3] = NULL;
	int rc = -1;
	sl_rmtree(dir);
	sl_cleanup_dir_add(dir);
	if (vl_items_files(ctx, it, n) == 0) {
		if (vcd)
			argv[3] = vcd;
		sl_progress_push("Verilated %s, %lld cycles predicted", b->top,
			(long long) sched_frames_predicted_cycles(sp, opts->frames > 1 ? opts->frames : 1));
		int status = sl_spawn_work(argv, log, NULL, opts->during, opts->during_arg);
		sl_progress_pop();
		if (status != 0) {
			vl_tb_failed(ctx, b, opts, status, log);
		} else {
			rc = 0;
			for (int i = 0, first = 1; i < n; i++) {
				if (vl_item_finish(ctx, &it[i], log, i, n, first) < 0) {
					rc = -1;
					if (n > 1)
						sl_note(ctx, sl_noloc, "in size %d of the %d the testbench "
							"ran", i + 1, n);
				}
				first += vl_size_runs(opts, vl_n_inputs(&it[i]), i + 1 == n);
			}
		}
	}
	if (rc == 0)
		sl_rmtree(dir);
	else if (access(dir, F_OK) == 0)
		fprintf(stderr, "sluice: note: the run's files are in %s\n", dir);
	sl_cleanup_dir_remove(dir);
	vl_items_free(it, n);
	free(dir);
	free(exe);
	free(log);
	return rc;
}

/* The build's extra arguments with a configuration image or the
 * AXI4-Lite control: -CFLAGS -DSL_RUNTIME_CONFIG=BITS (the testbench
 * loads the image), -CFLAGS -DSL_AXILITE, then opts->vl_args (borrowed),
 * NULL-terminated; the -D texts ([1] and [3]) owned. */
static char **vl_config_args(const vl_options *opts)
{
	int n = 0, k = 0;
	while (opts->vl_args && opts->vl_args[n])
		n++;
	char **a = sl_xcalloc((size_t) n + 5, sizeof(*a));
	a[1] = a[3] = NULL;
	if (opts->config) {
		a[k++] = (char *) "-CFLAGS";
		a[k] = sl_xmalloc(48);
		snprintf(a[k++], 48, "-DSL_RUNTIME_CONFIG=%d", opts->config_data_bits);
	}
	if (opts->axilite) {
		a[k++] = (char *) "-CFLAGS";
		a[k++] = sl_xstrdup("-DSL_AXILITE");
	}
	for (int i = 0; i < n; i++)
		a[k + i] = (char *) opts->vl_args[i];
	return a;
}

/* The -D texts of vl_config_args' arguments, and the array. */
static void vl_config_args_free(char **a, const vl_options *opts)
{
	if (!a)
		return;
	int k = 1;
	if (opts->config) {
		free(a[k]);
		k += 2;
	}
	if (opts->axilite)
		free(a[k]);
	free(a);
}

/* The harness of the run (native or AXI4-Stream) into b->testbench. */
static void vl_testbench_text(const sched_program *sp, const char *top_name,
	const vl_options *opts, vl_build *b)
{
	vl_port *ports;
	int64_t *sizes;
	int n_ports = vl_ports(sp, opts->frames > 1 ? opts->frames : 1, &ports, &sizes);
	FILE *tb = open_memstream(&b->testbench, &b->testbench_len);
	if (!tb)
		sl_unreachable();
	if (opts->axis)
		vl_write_axis_testbench(tb, top_name, n_ports, ports, opts->axis_seeds,
			opts->config != NULL);
	else
		vl_write_testbench(tb, top_name, n_ports, ports);
	fclose(tb);
	free(ports);
	free(sizes);
}

/* A failed run returns no output and no cycles. */
static void vl_outputs_drop(const vl_options *opts, int n_out, io_array **outputs)
{
	for (int i = 0; i < n_out; i++) {
		io_array_free(outputs[i]);
		outputs[i] = NULL;
	}
	vl_cycles_release(opts->cycles);
}

int vl_run(sl_ctx *ctx, const sched_program *sp, const char *top_name,
	const char *verilog, size_t len, const ref_inputs *in,
	const vl_options *opts, io_array **outputs, vl_stats *stats)
{
	memset(stats, 0, sizeof *stats);
	int n_out = (opts->frames > 1 ? opts->frames : 1) * sp->lowered->n_outputs;
	for (int i = 0; i < n_out; i++)
		outputs[i] = NULL;
	if (opts->cycles)
		memset(opts->cycles, 0, sizeof *opts->cycles);
	for (int k = 0; k < opts->n_more; k++) {
		for (int i = 0; i < n_out; i++)
			opts->more[k].outputs[i] = NULL;
		memset(opts->more[k].stats, 0, sizeof *opts->more[k].stats);
		if (opts->more[k].cycles)
			memset(opts->more[k].cycles, 0, sizeof *opts->more[k].cycles);
	}
	vl_build b;
	memset(&b, 0, sizeof b);
	b.top = top_name;
	b.verilog = (char *) verilog;
	b.verilog_len = len;
	char *renamed = vl_short_top(&b);
	b.trace = opts->vcd_path != NULL;
	b.pub_count = opts->pub != NULL;
	vl_testbench_text(sp, top_name, opts, &b);
	int rc = -1;
	double t0 = vl_now();
	b.lock = -1;
	char **cfg_args = opts->config || opts->axilite ? vl_config_args(opts) : NULL;
	b.args = (const char *const *) cfg_args;
	char *vcd = NULL;
	if (opts->vcd_path && vl_vcd_open(ctx, opts->vcd_path, &vcd) < 0)
		goto out;
	mode_t mask = umask(077);	/* the cache is private */
	int built = vl_find_lib(ctx, &b, opts) == 0 && vl_key(ctx, &b) == 0
		&& vl_ensure_built(ctx, &b, &stats->cached) == 0;
	umask(mask);
	if (built) {
		stats->build_seconds = stats->cached ? 0.0 : vl_now() - t0;
		rc = vl_execute(ctx, sp, &b, in, opts, vcd, outputs, stats);
	}
	if (vcd && rc == 0 && sl_temp_commit(vcd, opts->vcd_path) < 0) {
		sl_error(ctx, sl_noloc, "cannot write the waveform '%s': %s", opts->vcd_path,
			strerror(errno));
		rc = -1;
	} else if (vcd && rc != 0) {
		sl_temp_discard(vcd);
	}
out:
	if (rc < 0) {
		vl_outputs_drop(opts, n_out, outputs);
		for (int i = 0; i < opts->n_more; i++) {
			vl_options m = *opts;
			m.cycles = opts->more[i].cycles;
			vl_outputs_drop(&m, n_out, opts->more[i].outputs);
		}
	}
	vl_build_release(&b);
	free(renamed);
	vl_config_args_free(cfg_args, opts);
	return rc;
}
