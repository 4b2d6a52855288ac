/* driver/options.c: the options of `sluice`, and their parser.
 * Stage: driver (rank 13).  One row of option_specs[] per option: its
 * flag, the OPT_* bit a command must accept it by (commands[].accepts in
 * driver/commands.c), whether it takes a value and the function that
 * checks and stores it.  An option another command takes is a usage
 * error, never silently ignored; which options combine is flow/'s table
 * (flow_options_check), run once the options are parsed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver_private.h"

/* -------------------------------------------------------------- options */


/* A word of a number; false for anything else. */
static bool parse_count(const char *s, uint64_t *v)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-')
		return false;
	*v = n;
	return true;
}

/* A usage error about option value "val": "sluice: error: " and fmt. */
static bool usage_error(const options *o, const char *fmt, const char *val)
{
	sl_error(o->diag, sl_noloc, fmt, val);
	return false;
}

static bool set_input(options *o, const char *val)
{
	const char *eq = strchr(val, '=');
	if (!eq || eq == val || !eq[1])
		return usage_error(o, "--input takes NAME=FILE, not '%s'", val);
	size_t len = (size_t) (eq - val);
	o->input_names[o->n_inputs] = strndup(val, len);
	o->input_files[o->n_inputs++] = eq + 1;
	return true;
}

/* -D NAME=VALUE: NAME an identifier given once, VALUE a decimal integer
 * of 64 bits (docs/language.md, "Params"). */
/* Is s .. eq-1 a param's name: not empty, letters, digits and '_', not
 * starting with a digit (-D, --runtime-max and --size take it so). */
static bool param_name_ok(const char *s, const char *eq)
{
	bool ok = eq > s && !(*s >= '0' && *s <= '9');
	for (const char *c = s; ok && c < eq; c++)
		ok = *c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			(*c >= '0' && *c <= '9');
	return ok;
}

static bool set_define(options *o, const char *val)
{
	const char *eq = strchr(val, '=');
	bool ident = eq && param_name_ok(val, eq);
	if (!ident)
		return usage_error(o, "-D takes NAME=VALUE with NAME a param's name, not '%s'", val);
	char *end;
	errno = 0;
	long long v = strtoll(eq + 1, &end, 10);
	if (!eq[1] || *end || errno || eq[1] == '+' || eq[1] == ' ')
		return usage_error(o, "-D takes NAME=VALUE with VALUE a decimal integer of 64 bits, not '%s'", val);
	size_t len = (size_t) (eq - val);
	for (int i = 0; i < o->n_defines; i++)
		if (strlen(o->defines[i].name) == len && !strncmp(o->defines[i].name, val, len))
			return usage_error(o, "-D %s is given twice", o->defines[i].name);
	o->defines[o->n_defines].name = strndup(val, len);
	o->defines[o->n_defines++].value = v;
	return true;
}

/* --runtime-max NAME=VALUE: as -D, into o->rt_max. */
static bool set_runtime_max(options *o, const char *val)
{
	const char *eq = strchr(val, '=');
	bool ident = eq && param_name_ok(val, eq);
	char *end;
	errno = 0;
	long long v = ident ? strtoll(eq + 1, &end, 10) : 0;
	if (!ident || !eq[1] || *end || errno || eq[1] == '+' || eq[1] == ' ')
		return usage_error(o, "--runtime-max takes NAME=VALUE with NAME a param's name and "
			"VALUE a decimal integer, not '%s'", val);
	size_t len = (size_t) (eq - val);
	for (int i = 0; i < o->flow.n_rt_max; i++)
		if (strlen(o->rt_max[i].name) == len && !strncmp(o->rt_max[i].name, val, len))
			return usage_error(o, "--runtime-max %s is given twice", o->rt_max[i].name);
	o->rt_max[o->flow.n_rt_max].name = strndup(val, len);
	o->rt_max[o->flow.n_rt_max++].value = v;
	o->flow.rt_max = o->rt_max;
	return true;
}

/* --size NAME=VALUE[,NAME=VALUE]...: a size of a back-to-back run, each
 * NAME a param's name (not given twice), each VALUE a decimal integer. */
static bool set_size(options *o, const char *val)
{
	const char *p = val;
	char seen[SIZE_MAX_PARAMS][64];
	int n = 0;
	bool ok = *p != 0;
	while (ok && *p) {
		const char *eq = strchr(p, '='), *end = strchr(p, ',');
		end = end ? end : p + strlen(p);
		ok = eq && eq < end && eq - p < 64 && n < SIZE_MAX_PARAMS && param_name_ok(p, eq);
		const char *d = ok ? eq + 1 : end;
		ok = ok && (d < end) && (*d == '-' || (*d >= '0' && *d <= '9'));
		for (const char *c = d + (ok && *d == '-'); ok && c < end; c++)
			ok = *c >= '0' && *c <= '9';
		ok = ok && end - d <= 18;	/* within 64 bits */
		for (int i = 0; ok && i < n; i++)
			if ((size_t) (eq - p) == strlen(seen[i]) && !strncmp(seen[i], p, (size_t) (eq - p)))
				return usage_error(o, "--size names a param twice in '%s'", val);
		if (ok)
			snprintf(seen[n++], sizeof seen[0], "%.*s", (int) (eq - p), p);
		p = *end ? end + 1 : end;
		ok = ok && !(*end && !*p);
	}
	if (!ok)
		return usage_error(o, "--size takes NAME=VALUE[,NAME=VALUE]... (up to 16 params, "
			"each a param's name and a decimal integer), not '%s'", val);
	o->sizes[o->n_sizes++] = val;
	return true;
}

static bool set_seed(options *o, const char *val)
{
	o->have_seed = parse_count(val, &o->seed);
	return o->have_seed || usage_error(o, "--seed takes a non-negative integer, not '%s'", val);
}

static bool set_frames(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > 100000)
		return usage_error(o, "--frames takes a frame count from 1 to 100000, not '%s'", val);
	o->frames = (int) n;
	return true;
}

static bool set_jobs(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > 256)
		return usage_error(o, "-j takes a count from 1 to 256 (run: threads, explore: "
			"jobs), not '%s'", val);
	o->jobs = (int) n;
	o->explore_jobs = (int) n;
	return true;
}

static bool set_max_cycles(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n == 0 || n > INT64_MAX)
		return usage_error(o, "--max-cycles takes a positive cycle count, not '%s'", val);
	o->max_cycles = (int64_t) n;
	return true;
}

static bool set_schedule(options *o, const char *val)
{
	return sched_policy_parse(val, &o->flow.sched.policy) ||
		usage_error(o, "--schedule takes stream or sequential, not '%s'", val);
}

static bool set_unroll(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > IR_MAX_LANES)
		return usage_error(o, "--unroll takes a lane count from 1 to 256, not '%s'", val);
	o->flow.sched.unroll = (int) n;
	return true;
}

static bool set_engine(options *o, const char *val)
{
	if (strcmp(val, "model") && strcmp(val, "verilator") && strcmp(val, "c")
	    && strcmp(val, "interp") && strcmp(val, "auto"))
		return usage_error(o, "--engine takes 'model' or 'verilator' (sim), 'auto', "
			"'interp' or 'c' (run), not '%s'", val);
	o->engine = val;
	return true;
}

static bool set_interface(options *o, const char *val)
{
	if (!strcmp(val, "native"))
		o->flow.iface = RTL_IFACE_NATIVE;
	else if (!strcmp(val, "axis"))
		o->flow.iface = RTL_IFACE_AXIS;
	else
		return usage_error(o, "--interface takes 'native' or 'axis', not '%s'", val);
	return true;
}

static bool set_control(options *o, const char *val)
{
	if (!strcmp(val, "ports"))
		o->flow.control = RTL_CONTROL_PORTS;
	else if (!strcmp(val, "axilite"))
		o->flow.control = RTL_CONTROL_AXILITE;
	else
		return usage_error(o, "--control takes 'ports' or 'axilite', not '%s'", val);
	return true;
}

static bool set_stall_seeds(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n > 1000)
		return usage_error(o, "--stall-seeds takes a count from 0 to 1000, not '%s'", val);
	o->stall_seeds = (int) n;
	o->have_stall_seeds = true;
	return true;
}

static bool set_threshold(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n > ((uint64_t) 1 << 32))
		return usage_error(o, "--register-threshold takes a word count, not '%s'", val);
	o->flow.ub.register_threshold = (int64_t) n;
	return true;
}

static bool set_ram(options *o, const char *val)
{
	return ub_ram_parse(val, &o->flow.ub.ram) ||
		usage_error(o, "--ram takes auto, block or lut, not '%s'", val);
}

static bool set_dump(options *o, const char *val)
{
	char bad[2] = { 0, 0 };
	if (!flow_dump_letters_ok(val, &bad[0]))
		return usage_error(o, "-d takes dump letters P, L, S, B, T and R, not '%s'",
			bad[0] ? bad : val);
	o->flow.dump = val;
	return true;
}

static bool set_clock(options *o, const char *val)
{
	char *end;
	double mhz = strtod(val, &end);
	if (!*val || *end || !(mhz >= 1 && mhz <= 10000))
		return usage_error(o, "--clock takes a frequency in MHz (1 to 10000), not '%s'", val);
	o->flow.sched.clock_mhz = mhz;
	return true;
}

static bool set_memory(options *o, const char *val)
{
	if (o->is_study) {
		o->study_memories = val;
		return true;
	}
	if (strcmp(val, "native") && strcmp(val, "pub"))
		return usage_error(o, "--memory takes native or pub, not '%s'", val);
	o->flow.memory_pub = !strcmp(val, "pub");
	return true;
}

static bool set_widths(options *o, const char *val)
{
	if (strcmp(val, "narrow") && strcmp(val, "declared"))
		return usage_error(o, "--widths takes narrow or declared, not '%s'", val);
	o->flow.declared_widths = !strcmp(val, "declared");
	return true;
}

/* A power of two from lo to hi; false for anything else. */
static bool parse_pow2(const char *val, uint64_t lo, uint64_t hi, uint64_t *n)
{
	return parse_count(val, n) && *n >= lo && *n <= hi && (*n & (*n - 1)) == 0;
}

static bool set_fetch(options *o, const char *val)
{
	uint64_t n;
	o->pub_tile_opts = o->pub_fw_set = true;
	if (o->is_study) {
		o->study_fetches = val;
		return true;
	}
	if (!parse_pow2(val, 1, 64, &n))
		return usage_error(o, "--fetch takes a fetch width, a power of two from 1 to 64, not '%s'",
			val);
	o->flow.pub.fw = (int) n;
	return true;
}

static bool set_depth(options *o, const char *val)
{
	uint64_t n;
	o->pub_tile_opts = o->pub_depth_set = true;
	if (o->is_study) {
		o->study_depths = val;
		return true;
	}
	if (!parse_pow2(val, 2, (uint64_t) 1 << 20, &n))
		return usage_error(o, "--depth takes SRAM words per tile, a power of two from 2 to "
			"1048576, not '%s'", val);
	o->flow.pub.depth = (int64_t) n;
	return true;
}

static bool set_pub_ports(options *o, const char *val)
{
	int ni, no;
	char x, extra;
	o->pub_tile_opts = o->pub_ports_set = true;
	if (o->is_study) {
		o->study_ports = val;
		return true;
	}
	if (sscanf(val, "%d%c%d%c", &ni, &x, &no, &extra) != 3 || x != 'x' || ni < 1 || ni > 8 ||
	    no < 1 || no > 8)
		return usage_error(o, "--pub-ports takes INPUTSxOUTPUTS, each 1 to 8 (e.g. 2x2), not '%s'",
			val);
	o->flow.pub.n_in = ni;
	o->flow.pub.n_out = no;
	return true;
}

/* N in lo..hi, or "fit" (0): the tile's levels and widths. */
static bool count_or_fit(options *o, const char *val, uint64_t lo, uint64_t hi, int *w)
{
	uint64_t n = 0;
	o->pub_tile_opts = true;
	if (strcmp(val, "fit") && (!parse_count(val, &n) || n < lo || n > hi))
		return false;
	*w = (int) n;
	return true;
}

static bool set_pub_levels(options *o, const char *val)
{
	o->pub_levels_set = true;
	return count_or_fit(o, val, 1, PUB_MAX_LEVELS, &o->flow.pub.levels) ||
		usage_error(o, "--pub-levels takes a loop-level count from 1 to 16, or 'fit', "
			"not '%s'", val);
}

static bool set_pub_width(options *o, const char *val)
{
	o->pub_cw_set = true;
	return count_or_fit(o, val, 2, PUB_MAX_WIDTH, &o->flow.pub.cw) || usage_error(o,
		"--pub-width takes a configuration width in bits from 2 to 62, or 'fit', not '%s'",
		val);
}

static bool set_pub_ext_width(options *o, const char *val)
{
	o->pub_ew_set = true;
	return count_or_fit(o, val, 2, PUB_MAX_WIDTH, &o->flow.pub.ew) || usage_error(o,
		"--pub-ext-width takes an extent width in bits from 2 to 62, or 'fit', not '%s'",
		val);
}

static bool set_pub_buffers(options *o, const char *val)
{
	int n;
	const char *dup = sl_list_dup(val, &n);
	o->pub_tile_opts = true;
	if (!*val || val[0] == ',' || val[strlen(val) - 1] == ',' || strstr(val, ",,"))
		return usage_error(o, "--pub-buffers takes buffer names separated by commas, not '%s'",
			val);
	if (dup)
		sl_error(o->diag, sl_noloc, "--pub-buffers %s: '%.*s' is given twice", val, n, dup);
	o->flow.pub.only = val;
	return !dup;
}

/* The tile parameters the user did not give are fitted
 * (docs/pub_mapping.md, "Fitted parameters"), except under
 * --runtime-config, whose one build serves sizes the fit does not see,
 * and in a study, which takes explicit values: there they keep
 * pub_params_default's. */
static void pub_fit_defaults(options *o)
{
	pub_params *p = &o->flow.pub;
	p->strict = o->pub_fw_set || o->pub_depth_set || o->pub_ports_set ||
		o->pub_levels_set || o->pub_cw_set || o->pub_ew_set;
	p->fixed_cfg = !p->runtime && !o->pub_rom;
	if (o->is_study || p->runtime)
		return;
	if (!o->pub_fw_set)
		p->fw = 0;
	if (!o->pub_ports_set)
		p->n_in = p->n_out = 0;
	if (!o->pub_levels_set)
		p->levels = 0;
	if (!o->pub_cw_set)
		p->cw = 0;
}

static bool set_pub_config(options *o, const char *val)
{
	o->pub_tile_opts = true;
	if (strcmp(val, "static") && strcmp(val, "rom"))
		return usage_error(o, "--pub-config takes static or rom, not '%s'", val);
	o->pub_rom = !strcmp(val, "rom");
	return true;
}

static bool set_runtime(options *o, const char *v) { return o->flow.pub.runtime = true; }
static bool set_board(options *o, const char *v) { o->board = v; return true; }
static bool set_out(options *o, const char *v) { o->out_dir = v; return o->out_given = true; }
static bool set_vcd(options *o, const char *v) { o->vcd = v; return true; }
static bool set_boards(options *o, const char *v) { o->study_boards = v; return true; }
static bool set_schedules(options *o, const char *v) { o->study_schedules = v; return true; }
static bool set_unrolls(options *o, const char *v) { o->study_unrolls = v; return true; }
static bool set_thresholds(options *o, const char *v) { o->study_thresholds = v; return true; }
static bool set_rams(options *o, const char *v) { o->study_rams = v; return true; }
static bool set_pnr(options *o, const char *v) { o->pnr = true; return true; }
static bool set_sim(options *o, const char *v) { o->sim = true; return true; }
static bool set_check_netlist(options *o, const char *v) { o->check_netlist = true; return true; }
static bool set_quiet(options *o, const char *v) { o->quiet = true; return true; }
static bool set_channels_last(options *o, const char *v) { return o->channels_last = true; }
static bool set_channels_first(options *o, const char *v) { return o->channels_first = true; }
static bool set_space(options *o, const char *v) { o->explore_space = v; return true; }
static bool set_knob(options *o, const char *v) { o->explore_knobs[o->n_knobs++] = v; return true; }
static bool set_truth(options *o, const char *v) { return o->explore_truth = true; }
static bool set_validate(options *o, const char *v) { return o->explore_validate = true; }
static bool set_point(options *o, const char *v) { return o->explore_point = true; }
static bool set_transfer(options *o, const char *v) { return o->explore_transfer = true; }
static bool set_emit(options *o, const char *v) { o->explore_emit = v; return true; }
static bool set_collect(options *o, const char *v) { o->explore_collect = v; return true; }
static bool set_synth_cache(options *o, const char *v) { o->explore_synth_cache = v; return true; }
static bool set_shapes(options *o, const char *v) { o->explore_shapes = v; return true; }

/* A real number in [lo, hi] from "val" into *x. */
static bool parse_real(const char *val, double lo, double hi, double *x)
{
	char *end;
	double v = strtod(val, &end);
	if (end == val || *end || !(v >= lo && v <= hi))
		return false;
	*x = v;
	return true;
}

static bool set_minutes(options *o, const char *val)
{
	if (!parse_real(val, 0.01, 1e6, &o->explore_minutes))
		return usage_error(o, "--budget-minutes takes minutes from 0.01 to 1000000, not '%s'", val);
	return true;
}

static bool set_robust(options *o, const char *val)
{
	if (strcmp(val, "mean") && strcmp(val, "meanstd") && strcmp(val, "regret") &&
	    strcmp(val, "cvar"))
		return usage_error(o, "--robust takes mean, meanstd, regret or cvar, not '%s'", val);
	o->explore_robust = val;
	return true;
}

static bool set_robust_k(options *o, const char *val)
{
	if (!parse_real(val, 0, 100, &o->explore_k))
		return usage_error(o, "--robust-k takes a number from 0 to 100, not '%s'", val);
	return true;
}

static bool set_alpha(options *o, const char *val)
{
	if (!parse_real(val, 0, 0.999, &o->explore_alpha))
		return usage_error(o, "--cvar-alpha takes a number from 0 to 0.999, not '%s'", val);
	return true;
}

static bool set_budget(options *o, const char *val)
{
	uint64_t n;
	if (!parse_count(val, &n) || n < 1 || n > 1000000)
		return usage_error(o, "--budget takes a synthesis count from 1 to 1000000, not '%s'", val);
	o->explore_budget = (int64_t) n;
	return true;
}

static bool set_fidelity(options *o, const char *val)
{
	if (strcmp(val, "estimate") && strcmp(val, "yosys") && strcmp(val, "pnr"))
		return usage_error(o, "--fidelity takes estimate, yosys or pnr, not '%s'", val);
	o->explore_estimate = !strcmp(val, "estimate");
	o->explore_pnr = !strcmp(val, "pnr");
	return true;
}

typedef struct option_spec {
	const char *flag;
	unsigned bit;
	bool has_value;
	bool (*set)(options *o, const char *val);	/* false: usage error (reported) */
} option_spec;

static const option_spec option_specs[] = {
	{ "--input", OPT_INPUT, true, set_input },
	{ "--seed", OPT_SEED, true, set_seed },
	{ "--frames", OPT_FRAMES, true, set_frames },
	{ "-j", OPT_JOBS, true, set_jobs },
	{ "-o", OPT_OUT, true, set_out },
	{ "--schedule", OPT_SCHEDULE, true, set_schedule },
	{ "--unroll", OPT_UNROLL, true, set_unroll },
	{ "--register-threshold", OPT_THRESHOLD, true, set_threshold },
	{ "--ram", OPT_RAM, true, set_ram },
	{ "--board", OPT_BOARD, true, set_board },
	{ "--clock", OPT_CLOCK, true, set_clock },
	{ "--memory", OPT_MEMORY, true, set_memory },
	{ "--widths", OPT_WIDTHS, true, set_widths },
	{ "--fetch", OPT_MEMORY, true, set_fetch },
	{ "--depth", OPT_MEMORY, true, set_depth },
	{ "--pub-ports", OPT_MEMORY, true, set_pub_ports },
	{ "--pub-levels", OPT_MEMORY, true, set_pub_levels },
	{ "--pub-width", OPT_MEMORY, true, set_pub_width },
	{ "--pub-ext-width", OPT_MEMORY, true, set_pub_ext_width },
	{ "--pub-buffers", OPT_MEMORY, true, set_pub_buffers },
	{ "--pub-config", OPT_MEMORY, true, set_pub_config },
	{ "--runtime-config", OPT_MEMORY, false, set_runtime },
	{ "--runtime-max", OPT_MEMORY, true, set_runtime_max },
	{ "--size", OPT_SIZES, true, set_size },
	{ "-d", OPT_DUMP, true, set_dump },
	{ "-D", OPT_DEFINE, true, set_define },
	{ "--engine", OPT_ENGINE, true, set_engine },
	{ "--interface", OPT_INTERFACE, true, set_interface },
	{ "--control", OPT_INTERFACE, true, set_control },
	{ "--stall-seeds", OPT_STALL_SEEDS, true, set_stall_seeds },
	{ "--vcd", OPT_VCD, true, set_vcd },
	{ "--max-cycles", OPT_MAX_CYCLES, true, set_max_cycles },
	{ "--pnr", OPT_PNR, false, set_pnr },
	{ "--check-netlist", OPT_CHECK_NETLIST, false, set_check_netlist },
	{ "--boards", OPT_BOARDS, true, set_boards },
	{ "--schedules", OPT_STUDY, true, set_schedules },
	{ "--unrolls", OPT_STUDY, true, set_unrolls },
	{ "--thresholds", OPT_STUDY, true, set_thresholds },
	{ "--rams", OPT_STUDY, true, set_rams },
	{ "--sim", OPT_STUDY, false, set_sim },
	{ "--quiet", OPT_QUIET, false, set_quiet },
	{ "--channels-last", OPT_CHANNELS_LAST, false, set_channels_last },
	{ "--channels-first", OPT_CHANNELS_LAST, false, set_channels_first },
	{ "--space", OPT_EXPLORE, true, set_space },
	{ "--knob", OPT_EXPLORE, true, set_knob },
	{ "--budget", OPT_EXPLORE, true, set_budget },
	{ "--fidelity", OPT_EXPLORE, true, set_fidelity },
	{ "--truth", OPT_EXPLORE, false, set_truth },
	{ "--validate", OPT_EXPLORE, false, set_validate },
	{ "--point", OPT_EXPLORE, false, set_point },
	{ "--transfer", OPT_EXPLORE, false, set_transfer },
	{ "--emit-jobs", OPT_EXPLORE, true, set_emit },
	{ "--collect", OPT_EXPLORE, true, set_collect },
	{ "--synth-cache", OPT_EXPLORE, true, set_synth_cache },
	{ "--budget-minutes", OPT_EXPLORE, true, set_minutes },
	{ "--shapes", OPT_EXPLORE, true, set_shapes },
	{ "--robust", OPT_EXPLORE, true, set_robust },
	{ "--robust-k", OPT_EXPLORE, true, set_robust_k },
	{ "--cvar-alpha", OPT_EXPLORE, true, set_alpha },
};
enum { N_OPTION_SPECS = sizeof(option_specs) / sizeof(option_specs[0]) };

const void *driver_find_named(const void *table, int n, size_t size, const char *name)
{
	for (int i = 0; i < n; i++) {
		const char *entry = (const char *) table + (size_t) i * size;
		if (!strcmp(*(const char *const *) (const void *) entry, name))
			return entry;
	}
	return NULL;
}

static const option_spec *find_option(const char *flag)
{
	return driver_find_named(option_specs, N_OPTION_SPECS, sizeof option_specs[0], flag);
}

/* What the option rules (flow/options.c) read of the command line; "bd"
 * the board once loaded. */
flow_request driver_request(const options *opt, const board *bd)
{
	return (flow_request) { opt->command, &opt->flow, opt->board != NULL, bd, opt->frames,
		opt->engine, !strcmp(opt->engine, "verilator"), opt->vcd != NULL, opt->have_stall_seeds,
		opt->check_netlist, opt->n_inputs || opt->have_seed, opt->pub_tile_opts,
		opt->study_memories != NULL, opt->study_boards || opt->study_schedules ||
		opt->study_thresholds || opt->study_rams || opt->sim || opt->pnr, opt->n_sizes,
		opt->n_inputs > 0 };
}

/* "sluice CMD", the place of the command line's errors. */
static const char *who(const options *opt, const command *c)
{
	return sl_fmt(opt->diag, "sluice %s", c->name);
}

/* One option at argv[*i] (and its value); false on a usage error
 * (reported). */
static bool parse_option(const command *c, int argc, char **argv, int *i, options *opt)
{
	const char *a = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
	const option_spec *o = find_option(a);
	if (!o && (!strncmp(a, "-d", 2) || !strncmp(a, "-D", 2)) && a[2]) {
		o = find_option(a[1] == 'd' ? "-d" : "-D");	/* -dLETTERS, -DNAME=VALUE */
		val = a + 2;
	} else if (o && o->has_value) {
		++*i;
	}
	if (!o || (o->has_value && !val)) {
		sl_error_file(opt->diag, who(opt, c), "unknown option or missing value: '%s'", a);
		driver_command_help(c, stderr);
		return false;
	}
	if (!(c->accepts & o->bit)) {
		sl_error_file(opt->diag, who(opt, c), "'%s' is not an option of '%s' (see 'sluice %s --help')",
			o->flag, c->name, c->name);
		return false;
	}
	return o->set(opt, val);
}

/* Parse the options after the command name; 0, or EXIT_USAGE. */
int driver_parse_options(const command *c, int argc, char **argv, options *opt)
{
	opt->out_dir = "out";
	opt->engine = "model";
	opt->frames = 1;
	opt->jobs = 1;
	opt->is_study = !strcmp(c->name, "study");
	opt->command = c->name;
	opt->stall_seeds = 3;
	opt->explore_robust = "cvar";
	opt->explore_k = 1;
	opt->explore_alpha = 0.75;
	flow_options_default(&opt->flow);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			opt->help = true;
			return 0;
		}
		if (a[0] == '-' && a[1]) {
			if (!parse_option(c, argc, argv, &i, opt))
				return EXIT_USAGE;
		} else if (!opt->prog && c->needs_prog) {
			opt->prog = a;
		} else {
			sl_error_file(opt->diag, who(opt, c), "unexpected argument '%s'", a);
			return EXIT_USAGE;
		}
	}
	/* advice for the design compile writes; pins for one to be placed */
	opt->flow.warn_order = !strcmp(c->name, "compile");
	opt->flow.check_pins = !strcmp(c->name, "compile") || (!strcmp(c->name, "synth") && opt->pnr);
	pub_fit_defaults(opt);
	if (!opt->pub_ew_set)
		opt->flow.pub.ew = opt->flow.pub.cw;
	opt->flow.frames = opt->frames;
	opt->flow.pub.frames = opt->frames;	/* the tiles run every frame */
	flow_request req = driver_request(opt, NULL);
	int rc = flow_options_check(opt->diag, &req);
	if (rc != 0)
		return rc;
	if (!opt->prog && c->needs_prog) {
		sl_error_file(opt->diag, who(opt, c), "no program given");
		driver_command_help(c, stderr);
		return EXIT_USAGE;
	}
	return 0;
}
