/* base/base.h: what every module of sluice stands on, below the IR.
 *
 * Rank 0 (tests/check_layout.sh): it includes no other module.  It holds
 *   - the compilation context: source files, diagnostics, the arena,
 *     the -D values;
 *   - the operating-system plumbing: files written atomically and output
 *     sets, temporaries and interrupts, child processes, the memory limit
 *     of data arrays, the progress line on a terminal.
 * The language's values and operators are arith/arith.h (rank 0, beside
 * this); the typed program IR is ir/ir.h (rank 1), which includes both. */
#ifndef SLUICE_BASE_H
#define SLUICE_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sl_ctx sl_ctx;

/* A place in a source file.  "file" indexes the context's source table;
 * line and col count from 1; line 0 means "no place" (command line). */
typedef struct sl_loc {
	int file;
	int line;
	int col;
} sl_loc;

extern const sl_loc sl_noloc;

sl_ctx *sl_ctx_alloc(void);
void sl_ctx_free(sl_ctx *ctx);

/* A param's value given on the command line, -D NAME=VALUE
 * (docs/language.md, "Params"). */
typedef struct sl_define {
	const char *name;
	int64_t value;
} sl_define;
/* The -D values the front end gives this compilation's params; "defs"
 * is not copied and must outlive the context. */
void sl_ctx_set_defines(sl_ctx *ctx, const sl_define *defs, int n);
const sl_define *sl_ctx_defines(const sl_ctx *ctx, int *n);

/* Diagnostics go to "out" (stderr by default) as they are reported. */
void sl_ctx_set_diag_stream(sl_ctx *ctx, FILE *out);
/* Register a source text; the context takes ownership of "text". */
int sl_source_add(sl_ctx *ctx, const char *path, char *text, size_t len);
const char *sl_source_path(const sl_ctx *ctx, int file);
const char *sl_source_text(const sl_ctx *ctx, int file, size_t *len);

/* The line of "loc" in its source and its length without the line end
 * ('\n', "\r\n" or a lone '\r'); NULL when loc is not in a source. */
const char *sl_source_line(sl_ctx *ctx, sl_loc loc, size_t *len);

/* "file:line:col: error: msg", the source line and a caret under col. */
void sl_error(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void sl_warning(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void sl_note(sl_ctx *ctx, sl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An error about a file named on the command line or in a program. */
void sl_error_file(sl_ctx *ctx, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int sl_n_errors(const sl_ctx *ctx);
/* The message of the first error reported (no place, no "error: "), or
 * NULL: what a caller that tries alternatives (the tile study) records
 * as the reason one was refused. */
const char *sl_first_error(const sl_ctx *ctx);
/* Quiet: diagnostics are counted (and the first error kept) but never
 * printed. */
void sl_ctx_set_quiet(sl_ctx *ctx, bool quiet);
/* Hold diagnostics from now on, and print the held ones in source order
 * (sl_ctx_free flushes too): so that every pass's errors read top to
 * bottom whatever order the passes found them in. */
void sl_diag_hold(sl_ctx *ctx);
void sl_diag_flush(sl_ctx *ctx);

/* Arena: zeroed memory released with the context. */
void *sl_alloc(sl_ctx *ctx, size_t size);
char *sl_strndup(sl_ctx *ctx, const char *s, size_t len);
char *sl_strdup(sl_ctx *ctx, const char *s);
/* printf into the arena. */
char *sl_fmt(sl_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sl_vfmt(sl_ctx *ctx, const char *fmt, va_list ap);
/* The list "set" (n pointers, in the arena, built only by this function)
 * with "p" added at its end unless it is already the last: the same
 * array, or a copy in the arena twice as long when it was full; *n is
 * updated.  For the users lists of declarations and statements, where one
 * user adds itself to every list it belongs to before the next user, so
 * that a list holds each user once. */
void **sl_ptr_set_add(sl_ctx *ctx, void **set, int *n, void *p);

/* Heap wrappers.  On failure: "sluice: error: out of memory", every
 * temporary of an output set removed (the earlier outputs stay), exit 1.
 * SLUICE_FAIL_ALLOC=N in the environment makes the N-th call (from 1) of
 * the three fail, for the tests of that path (tests/robust/oom.sh). */
void *sl_xmalloc(size_t size);
void *sl_xcalloc(size_t n, size_t size);
void *sl_xrealloc(void *p, size_t size);
char *sl_xstrdup(const char *s);

/* Bit widths, each defined once here so the hardware rtlgen emits and
 * the models that cost or simulate it agree.  sl_bits: the bits of v, 0
 * for 0; sl_bits_for: the bits that hold every value 0 .. n, at least 1;
 * sl_addr_bits: the address of a memory of "depth" words, at least 1;
 * sl_clog2: ceil(log2 v), 0 for v <= 1. */
static inline int sl_bits(uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; }
static inline int sl_bits_for(int64_t n) { return n > 0 ? sl_bits((uint64_t) n) : 1; }
static inline int sl_addr_bits(int64_t depth) { return sl_bits_for(depth - 1); }
static inline int sl_clog2(int64_t v) { return v > 1 ? sl_bits((uint64_t) (v - 1)) : 0; }

/* Compiler bugs, never user errors. */
#define sl_unreachable() sl_unreachable_at(__FILE__, __LINE__)
#ifdef __cplusplus
[[noreturn]] void sl_unreachable_at(const char *file, int line);
#else
_Noreturn void sl_unreachable_at(const char *file, int line);
#endif

/* Read a whole file; NULL (errno set) on failure.  Caller frees. */
char *sl_read_file(const char *path, size_t *len);
/* Read the regular file "path" whole when it has at most "max" bytes;
 * a FIFO, device or directory is refused without blocking.  NULL on
 * failure, with the reason in "why" ("it is a FIFO, not a regular file",
 * "it has N bytes, more than the M (S) WHAT may have", or strerror);
 * "what" names the kind of file ("a program").  Caller frees. */
char *sl_read_file_max(const char *path, size_t max, const char *what, size_t *len,
	char *why, size_t why_cap);

/* The memory limit for data arrays, in bytes: SLUICE_MAX_MEMORY (bytes,
 * or a number with K, M, G or T), else half the physical memory and at
 * most half the address-space limit.  sl_mem_limit_init reads it again:
 * -1 (reported) when SLUICE_MAX_MEMORY is not a size. */
int sl_mem_limit_init(void);
uint64_t sl_mem_limit(void);
/* Reserve "elems" values of "elem_bytes" bytes for the array "name" of
 * "kind" ("input", "func", "buffer") against the limit, counting what the
 * context already holds: true, or false after a located error at "loc"
 * naming the array, the bytes and the limit.  _box: the values of a box
 * of extents ext[0..n_dims).  Release what is freed before the context
 * is. */
bool sl_mem_reserve(sl_ctx *ctx, sl_loc loc, const char *kind, const char *name,
	int64_t elems, size_t elem_bytes);
bool sl_mem_reserve_box(sl_ctx *ctx, sl_loc loc, const char *kind, const char *name,
	int n_dims, const int64_t *ext, size_t elem_bytes);
void sl_mem_release(sl_ctx *ctx, uint64_t bytes);

/* Write "len" bytes to "path" atomically: into a fresh temporary beside
 * it (".NAME.tmp-PID.XXXXXX", created O_EXCL|O_NOFOLLOW: never a planted
 * file or symlink), fsynced, renamed over "path".  A failed write leaves
 * an earlier file intact and no temporary.  Inside an output set the
 * rename waits for sl_outputs_commit.  0, or -1 (errno set). */
int sl_write_file_atomic(const char *path, const void *data, size_t len);
/* The same with the file's bytes in n pieces: parts[i], lens[i] bytes. */
int sl_write_file_atomic_parts(const char *path, const void *const *parts,
	const size_t *lens, int n);
/* The same, renamed at once even inside an output set: a scratch file
 * another program reads next (a build's sources, a testbench's input). */
int sl_write_file_now(const char *path, const void *data, size_t len);
/* The same without the fsync: a file of a run's private work directory
 * that another program reads next and nothing reads after a crash (the
 * Verilator testbench's input words). */
int sl_write_scratch(const char *path, const void *data, size_t len);
/* The pieces of sl_write_file_atomic for a file another process writes
 * (a waveform): create a fresh temporary for "path" (its fd; its name in
 * *tmp), then commit (rename, or stage in the open output set) or
 * discard it; both take "tmp".  -1 (errno set) on failure. */
int sl_temp_create(const char *path, char **tmp);
int sl_temp_commit(char *tmp, const char *path);
void sl_temp_discard(char *tmp);
/* An output set: the files a command writes between begin and commit
 * appear together at commit (renamed after all were written), or not at
 * all (abort, a failed write, an interrupt).  Those in "dir" (the -o
 * directory) are committed by exchanging "dir" with a sibling stage that
 * holds them and a hard link of every other file of "dir": even a
 * SIGKILL leaves the old set or the new one (file.c, "output sets", says
 * when it falls back to renames one by one).  SIGINT, SIGTERM and SIGHUP
 * wait for the commit's end.  commit prints "wrote PATH" on stdout for
 * each, in the order written, and reports a failed rename ("sluice:
 * error: cannot write 'PATH': ...", the rest discarded): -1. */
void sl_outputs_begin(const char *dir);
int sl_outputs_commit(void);
void sl_outputs_abort(void);
/* Finish or undo the commits into "dir" of processes that were killed
 * (stages ".DIR.tmp-PID.XXXXXX" beside it): run before writing into it. */
void sl_outputs_recover(const char *dir);
/* A directory to remove when the process is interrupted (a build or run
 * directory of the Verilator cache), and its removal from that list. */
void sl_cleanup_dir_add(const char *dir);
void sl_cleanup_dir_remove(const char *dir);
/* rm -r, not following symlinks. */
void sl_rmtree(const char *path);
/* A build cache's entries are private (verilator/cache.c, ref/cref.c):
 * "st" is the user's, not writable by group or others, and a directory
 * ("dir") or a regular file. */
struct stat;
bool sl_private_stat(const struct stat *st, bool dir);
/* "dir" exists as a private directory of the user: made 0700 when
 * missing, its mode corrected when the user owns it.  "follow": it may
 * be a symbolic link (a cache root, ~/.cache elsewhere).  "what" says
 * what sluice refuses to do from another user's directory ("runs no
 * build", "loads no code").  0, or -1 (reported). */
int sl_private_dir(sl_ctx *ctx, const char *dir, bool follow, const char *what);
/* CACHE/"sub", private, with CACHE $SLUICE_CACHE_DIR, else
 * $XDG_CACHE_HOME/sluice, else ~/.cache/sluice (made when missing): a
 * heap path, or NULL (reported; "cache" names it in the message, "what"
 * as for sl_private_dir). */
char *sl_cache_dir(sl_ctx *ctx, const char *sub, const char *cache, const char *what);
/* Remove the temporaries in "dir" of processes that are gone: files
 * ".NAME.tmp-PID.XXXXXX", and with "dirs" also directories "X.tmp-PID"
 * and "run-PID" owned by the user. */
void sl_sweep_stale(const char *dir, bool dirs);
/* Whether process "pid" exists. */
bool sl_pid_alive(long pid);
/* SIGINT, SIGTERM, SIGHUP: kill the running child's process group,
 * remove every temporary, then die by the signal. */
void sl_interrupts_install(void);
/* mkdir -p: 0 when "dir" exists as a directory afterwards, else -1
 * (errno set). */
int sl_make_dir(const char *dir);
/* "DIR/NAMEEXT" on the heap ("ext" may be NULL).  Caller frees. */
char *sl_path_join(const char *dir, const char *name, const char *ext);
/* The first item of the comma list "list" that repeats an earlier one
 * (its length in *len), or NULL: "a,b,a" gives the second "a". */
const char *sl_list_dup(const char *list, int *len);
/* Run argv[0] (found on $PATH) with stdout and stderr to "log" (NULL:
 * discarded) and wait for it: its exit status; 128 + N when signal N
 * ended it; SL_SPAWN_NOEXEC (errno set) when it could not be run;
 * SL_SPAWN_TIMEOUT when it ran past $SLUICE_CHILD_TIMEOUT seconds
 * (default 3600; reported, its process group killed); -1 when no process
 * could be made.  The child has its own process group and dies with
 * sluice (PR_SET_PDEATHSIG); an interrupt kills its group. */
enum { SL_SPAWN_TIMEOUT = -2, SL_SPAWN_NOEXEC = -3 };
int sl_spawn(char *const *argv, const char *log);
/* sl_spawn in directory "cwd" (NULL: this one; "log" is opened before). */
int sl_spawn_in(char *const *argv, const char *log, const char *cwd);
/* sl_spawn_in that calls work(arg) (when not NULL) once the child runs,
 * then waits for the child; the watchdog counts from work's return. */
int sl_spawn_work(char *const *argv, const char *log, const char *cwd,
	void (*work)(void *), void *arg);
/* Progress on a terminal (base/progress.c): one line on stderr, rewritten in
 * place, naming the steps under way (push ... pop, nested up to four),
 * how far the innermost is (count) and how long each has run; cleared when
 * the outermost ends.  Nothing at all unless stderr is a terminal and
 * "quiet" is false (sl_progress_init, once, by the command line).  tick
 * redraws when due (the waits for tools call it); hide clears the line
 * before other output (the next tick draws it again). */
void sl_progress_init(bool quiet);
bool sl_progress_on(void);
void sl_progress_push(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sl_progress_count(int64_t done, int64_t total);
void sl_progress_tick(void);
void sl_progress_hide(void);
void sl_progress_pop(void);
/* "s" as a JSON string, quoted and escaped (NULL: ""). */
void sl_json_str(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif
