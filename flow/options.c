/* flow/options.c: which options combine, as one table.
 * Stage: flow (rank 12), before any stage.  Every rule that refuses a
 * combination of command-line options is a row of flow_rules[]: the
 * combination, the message (what `sluice CMD: error:` says) and the
 * section of the docs that explains it.  flow_options_check runs the
 * rows in order and reports the first broken one; the command line runs
 * it once its options are parsed, and again with the board loaded (the
 * one row that reads the board file).  tests/flow/options.sh breaks
 * each row once.  Rules that need the program (lanes, extents, frames
 * past 2^48) are the RTL stage's (rtl_check), not rows here. */
#include <string.h>

#include "flow/flow.h"

typedef struct flow_rule {
	/* The combination is refused: true (with "detail" filled for a %s
	 * in the message, when the row has one). */
	bool (*broken)(const flow_request *r, char *detail, size_t n);
	const char *message;
	const char *anchor;	/* the docs section that explains the rule */
	int exit_code;		/* FLOW_EXIT_USAGE, or FLOW_EXIT_PROGRAM */
	bool plain;		/* said as "sluice: error:", not "sluice CMD: error:" */
} flow_rule;

static bool is(const flow_request *r, const char *command)
{
	return !strcmp(r->command, command);
}

/* run evaluates (auto, interp, c), sim simulates (model, verilator). */
static bool engine_of_other_command(const flow_request *r, char *d, size_t n)
{
	bool ref = !strcmp(r->engine, "interp") || !strcmp(r->engine, "c")
		|| !strcmp(r->engine, "auto");
	if (is(r, "run") ? ref || !strcmp(r->engine, "model") : !ref)
		return false;	/* "model" is the default of every command */
	snprintf(d, n, "%s here, not '%s'", is(r, "run") ? "'auto', 'interp' or 'c'"
		: "'model' or 'verilator'", r->engine);
	return true;
}

static bool vcd_without_verilator(const flow_request *r, char *d, size_t n)
{
	return r->vcd && !r->engine_verilator;
}

static bool study_tile_axes_alone(const flow_request *r, char *d, size_t n)
{
	return is(r, "study") && r->pub_tile_opts && !r->study_memories;
}

static bool study_memory_with_boards(const flow_request *r, char *d, size_t n)
{
	return is(r, "study") && r->study_memories && r->study_board_axes;
}

static bool tile_opts_without_pub(const flow_request *r, char *d, size_t n)
{
	return !is(r, "study") && r->pub_tile_opts && !r->flow->memory_pub;
}

static bool tile_params_bad(const flow_request *r, char *d, size_t n)
{
	return !is(r, "study") && pub_params_problem(&r->flow->pub, d, n);
}

static bool runtime_fit(const flow_request *r, char *d, size_t n)
{
	const pub_params *p = &r->flow->pub;
	return r->flow->memory_pub && p->runtime && (!p->cw || !p->ew || !p->levels);
}

static bool runtime_max_alone(const flow_request *r, char *d, size_t n)
{
	return r->flow->n_rt_max > 0 && !r->flow->pub.runtime;
}

static bool runtime_max_pub(const flow_request *r, char *d, size_t n)
{
	return r->flow->n_rt_max > 0 && r->flow->memory_pub;
}


/* sim --size: sizes of one run-time configured build in one Verilator
 * process (docs/hardware.md, "Several sizes in one run"). */
static bool sizes_without_runtime(const flow_request *r, char *d, size_t n)
{
	return r->n_sizes > 0 && (!r->flow->pub.runtime || !r->engine_verilator);
}

static bool sizes_input(const flow_request *r, char *d, size_t n)
{
	return r->n_sizes > 0 && r->have_input;
}

static bool synth_no_board(const flow_request *r, char *d, size_t n)
{
	return is(r, "synth") && !r->board_given;
}

static bool netlist_axis(const flow_request *r, char *d, size_t n)
{
	return is(r, "synth") && r->check_netlist && r->flow->iface == RTL_IFACE_AXIS;
}

static bool netlist_pub(const flow_request *r, char *d, size_t n)
{
	return is(r, "synth") && r->check_netlist && r->flow->memory_pub;
}

static bool data_without_netlist(const flow_request *r, char *d, size_t n)
{
	return is(r, "synth") && !r->check_netlist && r->have_data;
}

static bool stall_seeds_alone(const flow_request *r, char *d, size_t n)
{
	return is(r, "sim") && r->have_stall_seeds &&
		(r->flow->iface != RTL_IFACE_AXIS || !r->engine_verilator);
}

/* --clock on compile, sim and synth: a board with a delay model (read
 * once the board is loaded, r->bd). */
static bool clock_without_delays(const flow_request *r, char *d, size_t n)
{
	if (is(r, "study") || r->flow->sched.clock_mhz <= 0)
		return false;
	if (!r->board_given) {
		d[0] = 0;
		return true;
	}
	if (!r->bd || r->bd->has_delays)
		return false;
	snprintf(d, n, ": none in %s", r->bd->path);
	return true;
}

static const flow_rule flow_rules[] = {
	{ engine_of_other_command, "--engine takes %s", "docs/speed.md#the-compiled-reference---engine-c",
	  FLOW_EXIT_USAGE, false },
	{ vcd_without_verilator, "--vcd needs --engine verilator (the model has no waveform)",
	  "docs/verilator.md#waveforms", FLOW_EXIT_USAGE, false },
	{ study_tile_axes_alone, "--fetch, --depth and --pub-* are axes of --memory native,pub",
	  "docs/pub.md#studies", FLOW_EXIT_USAGE, false },
	{ study_memory_with_boards, "--memory compares tile configurations; it does not "
	  "combine with --boards, --schedules, --thresholds, --rams, --sim or --pnr",
	  "docs/pub.md#studies", FLOW_EXIT_USAGE, false },
	{ tile_opts_without_pub, "--fetch, --depth and --pub-* describe the "
	  "push-memory tile: they need --memory pub", "docs/pub.md#parameters",
	  FLOW_EXIT_USAGE, false },
	{ tile_params_bad, "%s", "docs/pub.md#parameters", FLOW_EXIT_USAGE, false },
	{ runtime_fit, "--runtime-config loads configurations of other sizes into one build: "
	  "give --pub-width, --pub-ext-width and --pub-levels, not 'fit'",
	  "docs/pub.md#run-time-configuration", FLOW_EXIT_USAGE, false },
	{ runtime_max_alone, "--runtime-max is the largest size a --runtime-config build "
	  "serves: give --runtime-config", "docs/pub.md#run-time-configuration",
	  FLOW_EXIT_USAGE, false },
	{ runtime_max_pub, "--runtime-max sizes the line buffers of native memory; on tiles "
	  "(--memory pub) the Verilog holds no size: drop it", "docs/pub.md#run-time-configuration",
	  FLOW_EXIT_USAGE, false },
	{ sizes_without_runtime, "--size runs several sizes of one build in one Verilator "
	  "process: give --runtime-config and --engine verilator",
	  "docs/hardware.md#several-sizes-in-one-run", FLOW_EXIT_USAGE, false },
	{ sizes_input, "--size makes each size's inputs from --seed; --input gives the data "
	  "of one size", "docs/hardware.md#several-sizes-in-one-run", FLOW_EXIT_USAGE, false },
	{ synth_no_board, "no board given (--board B; see 'sluice boards')",
	  "boards/README.md#format", FLOW_EXIT_USAGE, false },
	{ netlist_axis, "--check-netlist simulates the native interface; drop --interface axis",
	  "docs/verilator.md#the-netlist-check", FLOW_EXIT_USAGE, false },
	{ netlist_pub, "--check-netlist does not wait for the tiles' configuration yet; drop "
	  "--memory pub or --check-netlist (docs/pub.md)", "docs/pub.md#synthesis",
	  FLOW_EXIT_USAGE, false },
	{ data_without_netlist, "--input and --seed are the data of --check-netlist",
	  "docs/verilator.md#the-netlist-check", FLOW_EXIT_USAGE, false },
	{ stall_seeds_alone, "--stall-seeds needs --interface axis and --engine verilator",
	  "docs/verilator.md#axi4-stream", FLOW_EXIT_USAGE, false },
	{ clock_without_delays, "--clock needs --board with a delay model (docs/timing.md)%s",
	  "docs/timing.md#the-model", FLOW_EXIT_PROGRAM, true },
};
enum { N_FLOW_RULES = sizeof flow_rules / sizeof flow_rules[0] };

int flow_options_n_rules(void)
{
	return N_FLOW_RULES;
}

int flow_options_check(sl_ctx *ctx, const flow_request *r)
{
	char detail[256], who[64];
	for (int i = 0; i < N_FLOW_RULES; i++) {
		const flow_rule *rule = &flow_rules[i];
		detail[0] = 0;
		if (!rule->broken(r, detail, sizeof detail))
			continue;
		snprintf(who, sizeof who, rule->plain ? "sluice" : "sluice %s", r->command);
		if (strstr(rule->message, "%s"))
			sl_error_file(ctx, who, rule->message, detail);
		else
			sl_error_file(ctx, who, "%s", rule->message);
		return rule->exit_code;
	}
	return 0;
}
