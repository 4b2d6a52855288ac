/* fpga/timing.c: the critical path and the logic depth of a synthesized
 * design, named by program stage.
 * Stage: fpga, after synthesis (fpga/synth.c).  rtlgen names every
 * wire and instance of a stage "<stage>_...": its sl_sched "<s>_sched"
 * (and "<s>_idx", "<s>_fire", ...), datapath nodes "<s>_n<k>", read ports
 * "<s>_rd<k>", its pipeline "<s>_pipe" / "<s>_wen" / "<s>_wdata", and the
 * storage of the buffer it writes "<s>_pos<k>", "<s>_seg<k>", ...  Yosys
 * and nextpnr keep those names as prefixes of the cells and nets they
 * make, so each net of nextpnr's "Critical path report" maps to a stage
 * (the longest stage name that prefixes it) and a role; a net the tools
 * named ("$...") belongs to the hop before it, and any other net of no
 * stage is the run control (go, busy, remain, start).  Families without open place and
 * route get Yosys's logic depth (`ltp -noff`) and, when the board has a
 * delay model, an estimate (tg_estimate_fmax). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtlgen/rtlgen.h"
#include "fpga/fpga_private.h"

/* The role of a name's part after "<stage>_". */
static const char *timing_role(const char *rest)
{
	static const struct {
		const char *prefix, *role;
	} roles[] = {
		/* the logic that feeds the stage's sl_pipe is its datapath
		 * (data) and its schedule (valid: fire) */
		{ "pipe.in_data", "datapath" }, { "pipe.in_valid", "schedule" },
		{ "sched", "schedule" }, { "idx", "schedule" }, { "nidx", "schedule" },
		{ "fire", "schedule" }, { "active", "schedule" }, { "v", "schedule" },
		{ "pipe", "pipeline register" }, { "wen", "pipeline register" },
		{ "wdata", "pipeline register" }, { "n", "datapath" }, { "rd", "read port" },
		{ "pos", "buffer" }, { "seg", "buffer" }, { "sram", "buffer" }, { "ram", "buffer" },
		{ "buf", "buffer" }, { "acc", "reduction" }, { "rom", "table" },
		{ "pub", "tile" },
		/* the datapath's pipeline registers (rtl_delay: "<s>_p<k>") */
		{ "p", "pipeline register" },
	};
	for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
		size_t n = strlen(roles[i].prefix);
		if (!strncmp(rest, roles[i].prefix, n))
			return roles[i].role;
	}
	return "logic";
}

/* The stage a net or cell name belongs to: the longest stage name s
 * with "s_" a prefix; -1 for none. */
static int timing_stage(const char *name, const tg_stage_names *st)
{
	int best = -1;
	size_t bl = 0;
	for (int i = 0; i < st->n; i++) {
		size_t n = strlen(st->names[i]);
		if (n > bl && !strncmp(name, st->names[i], n) && name[n] == '_') {
			best = i;
			bl = n;
		}
	}
	return best;
}

/* Add a hop for net "name" at "at" ns, merged with the last hop when it is
 * the same stage and role. */
static void timing_hop(tg_path *p, const char *name, double at, const tg_stage_names *st)
{
	int s = timing_stage(name, st);
	tg_hop *last = p->n ? &p->hops[p->n - 1] : NULL;
	/* A net the tools made ("$abc$...", "$nextpnr_..."): the logic
	 * between the named nets around it, counted with the hop before. */
	if (s < 0 && name[0] == '$' && last) {
		last->to_ns = at;
		return;
	}
	const char *role = s < 0 ? name[0] == '$' ? "logic" : "run control"
		: timing_role(name + strlen(st->names[s]) + 1);
	if (last && last->stage == s && !strcmp(last->role, role)) {
		last->to_ns = at;
		return;
	}
	if (p->n == TG_PATH_MAX_HOPS)
		return;
	tg_hop *h = &p->hops[p->n++];
	h->stage = s;
	h->role = role;
	h->line = s >= 0 && st->lines ? st->lines[s] : 0;
	h->from_ns = last ? last->to_ns : 0;
	h->to_ns = at;
}

/* The word after "key" on the line at p (a cell or net name), into buf. */
static bool timing_word(const char *p, const char *key, char *buf, size_t n)
{
	const char *k = strstr(p, key);
	const char *eol = strchr(p, '\n');
	if (!k || (eol && k > eol))
		return false;
	k += strlen(key);
	size_t i = 0;
	while (k[i] && k[i] != ' ' && k[i] != '\n' && i + 1 < n) {
		buf[i] = k[i];
		i++;
	}
	buf[i] = 0;
	return i > 0;
}

bool tg_parse_critical_path(const char *log, const tg_stage_names *st, tg_path *p)
{
	memset(p, 0, sizeof(*p));
	const char *r = log ? strstr(log, "Critical path report for clock") : NULL;
	if (!r)
		return false;
	const char *end = strstr(r, " ns logic, ");
	for (const char *l = strchr(r, '\n'); l && (!end || l < end); l = strchr(l + 1, '\n')) {
		char name[512];
		double d, at;
		if (sscanf(l + 1, "Info: %lf %lf", &d, &at) != 2)
			continue;
		if (timing_word(l + 1, "  Source ", name, sizeof name) ||
		    timing_word(l + 1, "    Net ", name, sizeof name) ||
		    timing_word(l + 1, "  Setup ", name, sizeof name)) {
			timing_hop(p, name, at, st);
			p->ns = at;
		}
	}
	if (end) {
		const char *b = end;
		while (b > r && b[-1] != ' ')
			b--;
		p->logic_ns = strtod(b, NULL);
		p->route_ns = strtod(end + strlen(" ns logic, "), NULL);
	}
	return p->n > 0;
}

void tg_print_path(const tg_path *p, const tg_stage_names *st, FILE *out)
{
	fprintf(out, "critical path %.1f ns (%.1f ns logic, %.1f ns routing): ", p->ns,
		p->logic_ns, p->route_ns);
	for (int i = 0; i < p->n; i++) {
		const tg_hop *h = &p->hops[i];
		fprintf(out, "%s%s (%s", i ? " -> " : "", h->stage < 0 ? "control" :
			st->names[h->stage], h->role);
		if (h->line > 0)
			fprintf(out, ", line %d", h->line);
		fprintf(out, ", %.1f ns)", h->to_ns - h->from_ns);
	}
}

int tg_parse_logic_depth(const char *text)
{
	const char *p = text ? strstr(text, "(length=") : NULL;
	return p ? atoi(p + strlen("(length=")) : -1;
}

/* ------------------------------------------------------------ the delay model */

/* The paths the delay model sees besides the datapaths (whose longest
 * path the pipeliner computed): the run control's countdown, the
 * schedule generators (a countdown counter sized to the extents and the
 * odometer's step select), the delay chains' read multiplexers and
 * block-RAM segments, and the circular buffers' read addresses (index
 * arithmetic, the capacity's modulo as a multiply-high, into a block
 * RAM's or a register file's address). */
static double control_sched_ns(const board *bd, const sched_stmt *s)
{
	int64_t span = 1;
	for (int d = 0; d < s->n_dims; d++)
		span = span > s->ext[d] ? span : s->ext[d];
	int w = sl_bits((uint64_t) span);
	return board_delay(bd, BOARD_DELAY_FF, 1) + board_delay(bd, BOARD_DELAY_EQ, w)
		+ board_delay(bd, BOARD_DELAY_MUX, w);
}

static double control_buffer_ns(const board *bd, const ub_buffer *b)
{
	if (b->storage == UB_NONE || b->n_ports <= 1)
		return 0;
	int aw = sl_bits((uint64_t) b->capacity_words);
	double ff = board_delay(bd, BOARD_DELAY_FF, 1);
	if (b->storage != UB_CIRCULAR)
		return ff + board_delay(bd, BOARD_DELAY_LUT, 1);	/* a tap's bypass */
	double t = ff + 2 * board_delay(bd, BOARD_DELAY_ADD, aw + 2);
	if (b->capacity_words < b->n_elems && (b->capacity_words & (b->capacity_words - 1)))
		t += board_delay(bd, bd->dsps > 0 && bd->logic.dsp_a ? BOARD_DELAY_DSP
			: BOARD_DELAY_MUL, aw + 1) + board_delay(bd, BOARD_DELAY_ADD, aw);
	t += b->mem == UB_MEM_SRAM ? board_delay(bd, BOARD_DELAY_MUX, aw)
		: (aw / 2 + 1) * board_delay(bd, BOARD_DELAY_LUT, 1);
	bool win = false;	/* a copy addressed from its window's first word */
	for (int k = 1; k < b->n_ports; k++)
		win = win || (b->mem == UB_MEM_SRAM && b->ports[k].win_lo > 0);
	if (win)
		t += board_delay(bd, BOARD_DELAY_ADD, aw);
	return t;
}

/* The run control's 'remain', as wide as the RTL plan makes it,
 * decremented and tested for its sign every cycle. */
static double control_run_ns(const board *bd, const sched_program *sp)
{
	rtl_plan plan;
	rtl_plan_build(sp->ctx, sp, NULL, 1, &plan);
	return board_delay(bd, BOARD_DELAY_FF, 1) + board_delay(bd, BOARD_DELAY_ADD, plan.run_bits);
}

static void control_worst(double t, const char *w, const char *n, double *worst,
	const char **what, const char **name)
{
	if (t > *worst) {
		*worst = t;
		*what = w;
		*name = n;
	}
}

double tg_control_ns(const board *bd, const sched_program *sp, const ub_set *ubs,
	const char **what, const char **name)
{
	double worst = 0;
	if (!bd->has_delays)
		return 0;
	control_worst(control_run_ns(bd, sp), "run control", "", &worst, what, name);
	for (int i = 0; i < sp->n_stmts; i++)
		control_worst(control_sched_ns(bd, sp->stmts[i]), "schedule generator",
			sp->stmts[i]->name, &worst, what, name);
	for (int i = 0; ubs && i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		control_worst(control_buffer_ns(bd, b), b->storage == UB_CIRCULAR
			? "read address of buffer" : "read port of buffer", b->name, &worst, what,
			name);
	}
	return worst;
}

/* tg_control_ns of a prediction (its stages and buffers). */
static double timing_control(const tg_report *r, const char **what, const char **name)
{
	const board *bd = r->bd;
	double worst = 0;
	for (int i = 0; i < r->logic.n; i++)
		control_worst(control_sched_ns(bd, r->logic.stages[i].s), "schedule generator",
			r->logic.stages[i].s->name, &worst, what, name);
	for (int i = 0; i < r->n; i++) {
		const ub_buffer *b = r->bufs[i].b;
		control_worst(control_buffer_ns(bd, b), b->storage == UB_CIRCULAR
			? "read address of buffer" : "read port of buffer", b->name, &worst, what,
			name);
	}
	return worst;
}

bool tg_estimate_fmax(const tg_report *r, double *mhz, char *why, size_t n)
{
	*mhz = 0;
	if (!r->bd || !r->bd->has_delays || !r->has_logic)
		return false;
	const char *what = "datapath", *name = "?";
	double worst = 0;
	for (int i = 0; i < r->logic.n; i++) {
		const sched_stmt *s = r->logic.stages[i].s;
		if (sched_path_ns(s) > worst) {
			worst = sched_path_ns(s);
			name = s->name;
		}
	}
	const char *cw = what, *cn = name;
	double c = timing_control(r, &cw, &cn);
	if (c > worst) {
		worst = c;
		what = cw;
		name = cn;
	}
	if (worst <= 0)
		return false;
	*mhz = 1000.0 / worst;
	snprintf(why, n, "%.2f ns: %s %s", worst, what, name);
	return true;
}
