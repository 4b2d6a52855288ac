/* fpga/netlist.c: the synthesized netlist, simulated against the
 * reference (sluice synth --check-netlist).
 * Stage: fpga, after synthesis.  tg_synth has Yosys write the mapped
 * design as Verilog (DIR/netlist.v, top module and ports those of the
 * generated top); this file finds the family's simulation models (the
 * board's `simlib` line: -D defines and files under the Yosys data
 * directory) and runs the netlist through sim/'s Verilator harness in
 * place of the generated Verilog, so a synthesis step that changes
 * behaviour shows as an output that differs from the reference or a
 * cycle count that differs from the schedule.  Owns nothing past a
 * call. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fpga/fpga.h"

/* A NULL-terminated list of owned strings. */
typedef struct nl_list {
	int n;
	char **s;
} nl_list;

static void nl_push(nl_list *l, char *s)
{
	l->s = sl_xrealloc(l->s, (size_t) (l->n + 2) * sizeof(*l->s));
	l->s[l->n++] = s;
	l->s[l->n] = NULL;
}

static void nl_list_release(nl_list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
}

/* The directory of the first executable "name" on $PATH (or "name"
 * itself when it holds a slash), or NULL. */
static char *nl_bin_dir(const char *name)
{
	char *found = NULL;
	if (strchr(name, '/')) {
		found = sl_xstrdup(name);
	} else {
		const char *path = getenv("PATH");
		char *copy = sl_xstrdup(path ? path : "/usr/bin");
		for (char *save, *d = strtok_r(copy, ":", &save); d && !found;
		     d = strtok_r(NULL, ":", &save)) {
			char *f = sl_path_join(d, name, NULL);
			if (access(f, X_OK) == 0)
				found = f;
			else
				free(f);
		}
		free(copy);
	}
	char *real = found ? realpath(found, NULL) : NULL;
	free(found);
	char *slash = real ? strrchr(real, '/') : NULL;
	if (slash)
		*slash = 0;
	return real;
}

/* Yosys's data directory: $SLUICE_YOSYS_DATDIR, else BIN/../share/yosys
 * beside the yosys binary ($SLUICE_YOSYS or yosys on $PATH), which is
 * where Yosys itself looks; NULL when neither is found. */
static char *nl_datdir(void)
{
	const char *e = getenv("SLUICE_YOSYS_DATDIR");
	if (e && *e)
		return sl_xstrdup(e);
	const char *yosys = getenv("SLUICE_YOSYS");
	char *bin = nl_bin_dir(yosys && *yosys ? yosys : "yosys");
	char *dat = bin ? sl_path_join(bin, "../share/yosys", NULL) : NULL;
	free(bin);
	return dat;
}

/* Does the netlist instantiate cell type "cell"?  write_verilog puts
 * each instance on a line of its own: two blanks, the type, a blank. */
static bool nl_uses(const char *netlist, const char *cell)
{
	size_t n = strlen(cell);
	for (const char *p = strstr(netlist, cell); p; p = strstr(p + 1, cell))
		if (p - netlist >= 3 && !strncmp(p - 3, "\n  ", 3) && p[n] == ' ')
			return true;
	return false;
}

/* The board's `simlib` words: -DNAME into *args, files (under the Yosys
 * data directory) into *files; !CELL a cell type the models do not
 * simulate (an empty or black-box module), an error when "netlist" uses
 * it.  0, or -1 (reported). */
static int nl_cell_lib(sl_ctx *ctx, const board *bd, const char *netlist, nl_list *files,
	nl_list *args)
{
	if (!bd->simlib) {
		sl_error(ctx, sl_noloc, "board '%s' (family %s) has no simulation models of its "
			"cells (a `simlib` line, boards/README.md): no netlist check", bd->name,
			bd->family ? bd->family : "?");
		return -1;
	}
	char *dat = nl_datdir();
	if (!dat) {
		sl_error(ctx, sl_noloc, "cannot find the Yosys data directory "
			"(set SLUICE_YOSYS_DATDIR)");
		return -1;
	}
	char *words = sl_xstrdup(bd->simlib);
	int rc = 0;
	for (char *save, *w = strtok_r(words, " \t", &save); w && rc == 0;
	     w = strtok_r(NULL, " \t", &save)) {
		if (!strncmp(w, "-D", 2)) {
			nl_push(args, sl_xstrdup(w));
			continue;
		}
		if (w[0] == '!') {
			if (nl_uses(netlist, w + 1)) {
				sl_error(ctx, sl_noloc, "the netlist uses %s, which the %s cell "
					"models do not simulate (boards/README.md: simlib): no "
					"netlist check on board '%s'", w + 1,
					bd->family ? bd->family : "board's", bd->name);
				rc = -1;
			}
			continue;
		}
		char *f = sl_path_join(dat, w, NULL);
		nl_push(files, f);
		if (access(f, R_OK) != 0) {
			sl_error(ctx, sl_noloc, "board '%s': no simulation model '%s': %s "
				"(set SLUICE_YOSYS_DATDIR)", bd->name, f, strerror(errno));
			rc = -1;
		}
	}
	if (rc == 0 && files->n == 0) {
		sl_error(ctx, sl_noloc, "board '%s': its `simlib` line names no file", bd->name);
		rc = -1;
	}
	free(words);
	free(dat);
	return rc;
}

int tg_check_netlist(sl_ctx *ctx, const ir_program *prog, const sched_program *sp,
	const board *bd, const char *top, const char *netlist, const ref_inputs *in,
	io_array **outputs, FILE *report)
{
	nl_list files = { 0, NULL }, args = { 0, NULL };
	size_t len = 0;
	char *text = NULL;
	int rc = -1;
	text = sl_read_file(netlist, &len);
	if (!text) {
		sl_error(ctx, sl_noloc, "cannot read the netlist '%s': %s", netlist,
			strerror(errno));
		goto out;
	}
	if (nl_cell_lib(ctx, bd, text, &files, &args) < 0)
		goto out;
	if (report) {
		fprintf(report, "checking the netlist %s in Verilator (%s models)\n", netlist,
			bd->family ? bd->family : bd->name);
		fflush(report);
	}
	vl_options o = { NULL, 0, (const char *const *) files.s,
		(const char *const *) args.s, NULL, 1, 0, NULL, NULL, 0, 0, NULL, NULL, false, 0, NULL, false };
	rc = sim_check_verilator(ctx, prog, sp, top, text, len, in, &o, outputs, report);
out:
	free(text);
	nl_list_release(&files);
	nl_list_release(&args);
	return rc;
}
