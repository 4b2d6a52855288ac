/* explore/jobs.c: sweeps on other engines, and the built-in runner.
 * Stage: explore (rank 12).  --emit-jobs DIR writes one self-contained
 * command per design point (absolute paths: it runs from anywhere, on
 * any node that sees DIR), keyed by the hash of its board and knobs, each
 * writing DIR/points/HASH/result.json atomically (`sluice explore
 * --point`); DIR/slurm.sh runs line SLURM_ARRAY_TASK_ID of DIR/jobs.txt;
 * GNU parallel runs the lines as they are.  -j N runs them here, N at a
 * time, skipping every point whose result.json exists (a killed run
 * resumes).  --collect DIR merges the results, in any order, into the
 * same explore.json whichever engine ran them (docs/explore.md,
 * "Sweeps"). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore/explore.h"
#include "report/report.h"

enum { EX_MAX_ARGS = 64 };

/* The command of point p into argv (heap strings, NULL-terminated): its
 * count. */
static int ex_job_argv(const ex_options *o, const ex_run *r, const ex_point *p, const char *prog,
	const char *dir, char **argv)
{
	int n = 0;
	argv[n++] = sl_xstrdup(o->self);
	argv[n++] = sl_xstrdup("explore");
	argv[n++] = sl_xstrdup(prog);
	for (int i = 0; i < r->n_defines && n < EX_MAX_ARGS - 30; i++) {
		char buf[300];
		snprintf(buf, sizeof buf, "-D%s=%lld", r->defines[i].name,
			(long long) r->defines[i].value);
		argv[n++] = sl_xstrdup(buf);
	}
	argv[n++] = sl_xstrdup("--boards");
	argv[n++] = sl_xstrdup(r->boards[p->board]->name);
	for (int k = 0; k < EX_N_KNOBS; k++) {
		char buf[300];
		snprintf(buf, sizeof buf, "%s=%s", ex_knob_name(k), r->space.knobs[k].values[p->c.v[k]]);
		argv[n++] = sl_xstrdup("--knob");
		argv[n++] = sl_xstrdup(buf);
	}
	argv[n++] = sl_xstrdup("--point");
	if (o->estimate_only || o->pnr) {
		argv[n++] = sl_xstrdup("--fidelity");
		argv[n++] = sl_xstrdup(o->pnr ? "pnr" : "estimate");
	}
	argv[n++] = sl_xstrdup("--quiet");
	argv[n++] = sl_xstrdup("-o");
	char *out = sl_path_join(dir, "points/", p->hash);
	argv[n++] = out;
	argv[n] = NULL;
	return n;
}

/* "s" quoted for sh. */
static void ex_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

typedef struct ex_job {
	char *argv[EX_MAX_ARGS];
	int argc;
	char *result;	/* DIR/points/HASH/result.json */
	char *log;	/* DIR/logs/HASH.log */
} ex_job;

/* Every point of every board, in order, as jobs. */
static ex_job *ex_jobs_make(const ex_options *o, ex_run *r, const char *prog, const char *dir,
	int *n)
{
	int64_t per = ex_space_points(&r->space);
	ex_job *jobs = sl_xcalloc((size_t) (per * r->nb) + 1, sizeof *jobs);
	*n = 0;
	for (int b = 0; b < r->nb; b++) {
		ex_coord c;
		memset(&c, 0, sizeof c);
		do {
			ex_point *p = ex_point_get(r, b, &c);
			ex_job *j = &jobs[(*n)++];
			j->argc = ex_job_argv(o, r, p, prog, dir, j->argv);
			char *pd = sl_path_join(dir, "points/", p->hash);
			j->result = sl_path_join(pd, "result.json", NULL);
			free(pd);
			size_t len = strlen(dir) + strlen(p->hash) + 16;
			j->log = sl_xmalloc(len);
			snprintf(j->log, len, "%s/logs/%s.log", dir, p->hash);
		} while (ex_coord_next(&r->space, &c));
	}
	return jobs;
}

static void ex_jobs_free(ex_job *jobs, int n)
{
	for (int i = 0; i < n; i++) {
		for (int a = 0; a < jobs[i].argc; a++)
			free(jobs[i].argv[a]);
		free(jobs[i].result);
		free(jobs[i].log);
	}
	free(jobs);
}

typedef struct ex_emit_arg {
	const ex_run *r;
	const ex_job *jobs;
	int n;
	const char *dir;
} ex_emit_arg;

static void ex_print_jobs(const void *arg, FILE *f)
{
	const ex_emit_arg *a = arg;
	for (int i = 0; i < a->n; i++) {
		for (int k = 0; k < a->jobs[i].argc; k++) {
			fputs(k ? " " : "", f);
			ex_quote(f, a->jobs[i].argv[k]);
		}
		fputc('\n', f);
	}
}

static void ex_print_space_file(const void *arg, FILE *f)
{
	const ex_emit_arg *a = arg;
	fputs("# the space of this sweep (sluice explore --emit-jobs), read by --collect\n", f);
	for (int k = 0; k < EX_N_KNOBS; k++) {
		fprintf(f, "%s=", ex_knob_name(k));
		for (int i = 0; i < a->r->space.knobs[k].n; i++)
			fprintf(f, "%s%s", i ? "," : "", a->r->space.knobs[k].values[i]);
		fputc('\n', f);
	}
}

static void ex_print_boards_file(const void *arg, FILE *f)
{
	const ex_emit_arg *a = arg;
	for (int b = 0; b < a->r->nb; b++)
		fprintf(f, "%s%s", b ? "," : "", a->r->boards[b]->name);
	fputc('\n', f);
}

static void ex_print_defines_file(const void *arg, FILE *f)
{
	const ex_emit_arg *a = arg;
	for (int i = 0; i < a->r->n_defines; i++)
		fprintf(f, "%s=%lld\n", a->r->defines[i].name, (long long) a->r->defines[i].value);
}

static void ex_print_slurm(const void *arg, FILE *f)
{
	const ex_emit_arg *a = arg;
	fprintf(f, "#!/bin/sh\n# One array task per design point: line SLURM_ARRAY_TASK_ID of "
		"jobs.txt.\n#SBATCH --job-name=sluice-explore\n#SBATCH --array=1-%d\n"
		"#SBATCH --output=/dev/null\n#SBATCH --cpus-per-task=1\n", a->n);
	fputs("line=$(sed -n \"${SLURM_ARRAY_TASK_ID}p\" ", f);
	char *jobs = sl_path_join(a->dir, "jobs.txt", NULL);
	ex_quote(f, jobs);
	free(jobs);
	fputs(")\nexec sh -c \"$line\"\n", f);
}

/* Run the jobs without a result.json, "width" at a time.  0, or 1 when
 * one failed (its log named). */
static int ex_jobs_run(sl_ctx *ctx, ex_job *jobs, int n, int width)
{
	int running = 0, failed = 0, done = 0, next = 0;
	pid_t *pids = sl_xcalloc((size_t) n + 1, sizeof *pids);
	sl_progress_push("jobs");
	while (next < n || running) {
		while (next < n && running < width) {
			ex_job *j = &jobs[next];
			if (access(j->result, F_OK) == 0) {
				next++, done++;
				continue;
			}
			fflush(stdout);	/* else the child's freopen writes our buffer again */
			fflush(stderr);
			pid_t pid = fork();
			if (pid == 0) {
				prctl(PR_SET_PDEATHSIG, SIGTERM);
				FILE *log = freopen(j->log, "w", stdout);
				if (log)
					dup2(fileno(stdout), 2);
				execv(j->argv[0], j->argv);
				_exit(127);
			}
			if (pid < 0)
				break;
			pids[next++] = pid;
			running++;
		}
		int status;
		pid_t pid = wait(&status);
		if (pid < 0)
			break;
		running--;
		done++;
		sl_progress_count(done, n);
		for (int i = 0; i < n; i++)
			if (pids[i] == pid && (!WIFEXITED(status) || WEXITSTATUS(status))) {
				sl_error_file(ctx, "sluice explore", "job %d failed (see %s)", i + 1,
					jobs[i].log);
				failed = 1;
			}
	}
	sl_progress_pop();
	free(pids);
	return failed;
}

int ex_emit_jobs(const ex_options *o, ex_run *r)
{
	sl_ctx *ctx = sl_ctx_alloc();
	char *pdir = sl_path_join(o->emit_jobs, "points", NULL);
	char *ldir = sl_path_join(o->emit_jobs, "logs", NULL);
	char dir[PATH_MAX], prog[PATH_MAX];
	int rc = 0;
	if (sl_make_dir(pdir) < 0 || sl_make_dir(ldir) < 0 || !realpath(o->emit_jobs, dir) ||
	    !realpath(o->prog, prog)) {
		sl_error_file(ctx, o->emit_jobs, "cannot make the jobs' directory: %s", strerror(errno));
		rc = 1;
	}
	int n = 0;
	ex_job *jobs = rc ? NULL : ex_jobs_make(o, r, prog, dir, &n);
	ex_emit_arg a = { r, jobs, n, dir };
	if (!rc && (rp_write_text(ctx, dir, "jobs.txt", ex_print_jobs, &a) < 0 ||
	    rp_write_text(ctx, dir, "space.txt", ex_print_space_file, &a) < 0 ||
	    rp_write_text(ctx, dir, "boards.txt", ex_print_boards_file, &a) < 0 ||
	    rp_write_text(ctx, dir, "defines.txt", ex_print_defines_file, &a) < 0 ||
	    rp_write_text(ctx, dir, "slurm.sh", ex_print_slurm, &a) < 0))
		rc = 1;
	if (!rc)
		printf("wrote %d jobs to %s/jobs.txt and %s/slurm.sh\n", n, o->emit_jobs, o->emit_jobs);
	if (!rc && o->jobs > 0 && (rc = ex_jobs_run(ctx, jobs, n, o->jobs)) == 0) {
		ex_options co = *o;
		co.out_dir = o->emit_jobs;
		ex_run cr;
		memset(&cr, 0, sizeof cr);
		rc = ex_collect(&co, &cr, o->emit_jobs);
		ex_run_release(&cr);
	}
	ex_jobs_free(jobs, n);
	free(pdir);
	free(ldir);
	sl_ctx_free(ctx);
	return rc;
}

/* Read DIR/points/HASH/result.json of every point into r; the count read. */
static int ex_collect_points(sl_ctx *ctx, ex_run *r, const char *dir, int *bad)
{
	char *pdir = sl_path_join(dir, "points", NULL);
	DIR *d = opendir(pdir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char *sub = sl_path_join(pdir, e->d_name, NULL);
		char *path = sl_path_join(sub, "result.json", NULL);
		size_t len;
		char *text = sl_read_file(path, &len);
		ex_point q;
		if (text && ex_point_parse(r, text, &q) == 0) {
			ex_point *p = ex_point_get(r, q.board, &q.c);
			char key[sizeof p->key], hash[sizeof p->hash];
			memcpy(key, p->key, sizeof key);
			memcpy(hash, p->hash, sizeof hash);
			*p = q;
			memcpy(p->key, key, sizeof key);
			memcpy(p->hash, hash, sizeof hash);
			ex_point_area(r, p);
			n++;
		} else if (text) {
			sl_error_file(ctx, path, "not a result of this sweep");
			++*bad;
		}
		free(text);
		free(path);
		free(sub);
	}
	if (d)
		closedir(d);
	free(pdir);
	return n;
}

/* DIR/defines.txt, the sweep's -D values, NAME=VALUE a line: their
 * count into *defs (heap, names too), or -1 without the file. */
static int ex_read_defines(const char *dir, sl_define **defs)
{
	char *path = sl_path_join(dir, "defines.txt", NULL);
	size_t len;
	char *text = sl_read_file(path, &len);
	free(path);
	*defs = NULL;
	if (!text)
		return -1;
	int n = 0;
	*defs = sl_xcalloc(len / 2 + 1, sizeof **defs);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		(*defs)[n].name = strndup(line, (size_t) (eq - line));
		(*defs)[n++].value = strtoll(eq + 1, NULL, 10);
	}
	free(text);
	return n;
}

static void ex_free_defines(sl_define *defs, int n)
{
	for (int i = 0; i < n; i++)
		free((char *) defs[i].name);
	free(defs);
}

int ex_collect(const ex_options *o, ex_run *r, const char *dir)
{
	sl_ctx *ctx = sl_ctx_alloc();
	ex_options co = *o;
	char *space = sl_path_join(dir, "space.txt", NULL), *boards = sl_path_join(dir, "boards.txt", NULL);
	size_t len;
	char *list = sl_read_file(boards, &len);
	int rc = 0, bad = 0;
	if (list && len && list[len - 1] == '\n')
		list[len - 1] = 0;
	co.boards = list;
	co.space_file = space;
	co.n_knobs = 0;
	sl_define *defs;
	int n_defs = ex_read_defines(dir, &defs);
	if (n_defs >= 0) {	/* the sweep's -D values, not the merge's */
		co.defines = defs;
		co.n_defines = n_defs;
	}
	if (!list) {
		sl_error_file(ctx, boards, "not a sweep's directory (no boards.txt): %s", strerror(errno));
		rc = 1;
	} else if ((rc = ex_run_setup(ctx, &co, r)) == 0) {
		int n = ex_collect_points(ctx, r, dir, &bad);
		ex_board_result res[EX_MAX_BOARDS];
		memset(res, 0, sizeof res);
		for (int b = 0; b < r->nb; b++) {
			ex_refit(r, b);
			ex_mark_front(r, b);
			res[b].stop = "sweep";
			res[b].space = ex_space_points(&r->space);
			for (int i = 0; i < r->n; i++) {
				const ex_point *p = r->points[i];
				if (p->board != b)
					continue;
				res[b].estimated++;
				res[b].illegal += !p->legal;
				res[b].synthesized += p->synthesized || p->synth_why[0];
			}
		}
		printf("collected %d of %lld points\n", n, (long long) (r->nb * ex_space_points(&r->space)));
		r->transfer = o->transfer;
		if (o->transfer)
			ex_transfer_report(r, stdout, false);
		sl_outputs_begin(o->out_dir);
		if (bad || sl_make_dir(o->out_dir) < 0 || ex_write_files(ctx, r, res, o->out_dir) < 0) {
			sl_outputs_abort();
			rc = 1;
		} else if (sl_outputs_commit() != 0) {
			rc = 1;
		}
	}
	free(list);
	free(space);
	free(boards);
	ex_free_defines(defs, n_defs);
	sl_ctx_free(ctx);
	return rc;
}
