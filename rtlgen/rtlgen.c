/* rtlgen/rtlgen.c: the top module of a program.
 * Stage: rtlgen.  Writes the ports and the run control (start, done and
 * the count down to done), then per statement its schedule generator (sl_sched),
 * then the buffers (buffers.c), then per statement its datapath
 * (datapath.c) and pipeline (sl_pipe) and the output ports.  Owns nothing
 * beyond the emission: names go to the context's arena. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rtlgen/rtlgen_private.h"

static const char *const rtl_lib_files[] = {
	"sl_sched.v", "sl_pipe.v", "sl_fifo_seg.v", "sl_sram.v", "sl_sram_pf.v", "sl_ram.v",
	"sl_rom.v", "sl_rom_sync.v", "sl_pub.v", "sl_pub_ctrl.v", "sl_pub_follow.v", "sl_pub_sram.v",
	"sl_sched_rt.v", "sl_axilite_ctrl.v", "sl_fifo_seg_rt.v", NULL,
};

const char *const *rtl_library_files(void)
{
	return rtl_lib_files;
}

int rtl_check_extents(sl_ctx *ctx, const sched_program *sp)
{
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		for (int d = 0; d < s->n_dims; d++) {
			if (s->ext[d] <= RTL_MAX_EXTENT)
				continue;
			sl_error(ctx, s->decl->loc, "'%s' iterates over %lld values in its %s %d; "
				"the hardware's schedule counters (sl_sched) hold at most 2^32 - 1 "
				"per dimension (docs/hardware.md)", s->decl->name, (long long) s->ext[d],
				d < s->n_vars ? "dimension" : "reduction variable",
				d < s->n_vars ? d : d - s->n_vars);
			return -1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ helpers */

const char *rtl_fmt(rtl_gen *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = sl_vfmt(g->ctx, fmt, ap);
	va_end(ap);
	return s;
}

const char *rtl_mul_attr(rtl_gen *g, const ir_expr *e)
{
	if (e->mul_id <= 0)
		return "";
	return rtl_fmt(g, "(* sl_mul = \"%d\"%s *) ", e->mul_id, e->dsps > 0 ? "" : ", sl_logic");
}

static unsigned rtl_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char) *s) * 16777619u;
	return h;
}

/* Put "signal" in the open-addressing set of the sink: false if there. */
static bool rtl_sink_set_put(rtl_gen *g, const char *signal)
{
	unsigned mask = (unsigned) g->sink_set_cap - 1, i = rtl_hash(signal) & mask;
	for (; g->sink_set[i]; i = (i + 1) & mask)
		if (!strcmp(g->sink_set[i], signal))
			return false;
	g->sink_set[i] = signal;
	return true;
}

void rtl_sink(rtl_gen *g, const char *signal)
{
	if (2 * (g->n_sink + 1) > g->sink_set_cap) {
		g->sink_set_cap = g->sink_set_cap ? 2 * g->sink_set_cap : 64;
		g->sink_set = sl_alloc(g->ctx, (size_t) g->sink_set_cap * sizeof(*g->sink_set));
		for (int i = 0; i < g->n_sink; i++)
			rtl_sink_set_put(g, g->sink[i]);
	}
	if (!rtl_sink_set_put(g, signal))
		return;
	if (g->n_sink == g->cap_sink) {
		g->cap_sink = g->cap_sink ? 2 * g->cap_sink : 64;
		const char **s = sl_alloc(g->ctx, (size_t) g->cap_sink * sizeof(*s));
		if (g->n_sink)
			memcpy(s, g->sink, (size_t) g->n_sink * sizeof(*s));
		g->sink = s;
	}
	g->sink[g->n_sink++] = signal;
}

char *rtl_ident(sl_ctx *ctx, const char *name)
{
	char *s = sl_strdup(ctx, name);
	for (char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
		      || (*p >= '0' && *p <= '9') || *p == '_'))
			*p = '_';
	return s;
}

void rtl_sink_ident(rtl_gen *g, const char *x)
{
	bool ident = (*x >= 'a' && *x <= 'z') || (*x >= 'A' && *x <= 'Z') || *x == '_';
	for (const char *p = x; *p && ident; p++)
		ident = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
			|| (*p >= '0' && *p <= '9') || *p == '_';
	if (ident)
		rtl_sink(g, x);
}

const char *rtl_trunc(rtl_gen *g, const char *x, int w)
{
	rtl_sink_ident(g, x);
	return rtl_fmt(g, "%d'(%s)", w, x);
}

const char *rtl_module_name(sl_ctx *ctx, const char *top_name)
{
	size_t n = strlen(top_name) + 8;
	char *s = sl_alloc(ctx, n);
	snprintf(s, n, "sluice_%s", rtl_ident(ctx, top_name));
	return s;
}

/* A source path without directories when it is absolute, so that the
 * output does not depend on where the compiler ran. */
static const char *rtl_source_name(const rtl_gen *g, int file)
{
	const char *p = sl_source_path(g->ctx, file);
	if (!p)
		return "?";
	if (p[0] == '/') {
		const char *b = strrchr(p, '/');
		return b + 1;
	}
	return p;
}

void rtl_comment_loc(rtl_gen *g, sl_loc loc, const char *indent)
{
	if (loc.line <= 0)
		return;
	size_t len;
	const char *p = sl_source_line(g->ctx, loc, &len), *end = p ? p + len : NULL;
	fprintf(g->out, "%s// %s:%d:", indent, rtl_source_name(g, loc.file), loc.line);
	if (!p) {
		fputc('\n', g->out);
		return;
	}
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	const char *q = p;
	while (q < end && *q != '\n' && *q != '\r')
		q++;
	while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q - p > 100)
		fprintf(g->out, " %.97s...\n", p);
	else
		fprintf(g->out, " %.*s\n", (int) (q - p), p);
}

/* ------------------------------------------------------------ ports */

static const char *rtl_range(rtl_gen *g, int w)
{
	return w == 1 ? "" : rtl_fmt(g, "[%d:0] ", w - 1);
}

/* Lanes (scheduler/unroll.c): the k lanes of an input or output are one
 * port group named for the declaration they split, NAME_data of k words
 * (lane l in bits l*N .. l*N+N-1) and one NAME_en or NAME_valid, lane 0's
 * (docs/hardware.md "Top-level interface"). */
int rtl_lanes(const sched_stmt *s)
{
	return s->decl->lanes > 1 ? s->decl->lanes : 1;
}

/* The port name of a stage: its group's for a lane, else its own. */
const char *rtl_port(rtl_gen *g, const rtl_stage *st)
{
	return g->plan.sched[st->s->index].port;
}

/* Lane l's word of port group "port" of lanes of w bits. */
static const char *rtl_lane_bits(rtl_gen *g, const char *port, int l, int w)
{
	return rtl_fmt(g, "%s_data[%d:%d]", port, l * w + w - 1, l * w);
}

/* Every lane of a port group fires only in cycles where lane 0 does, and
 * writes its word in the cycle lane 0 writes its own: the lanes share
 * their coefficients, time base (offset - sum coef * lo) and latency, and
 * a lane's words are the first of lane 0's (unroll.c makes them so; a
 * located error otherwise, before any Verilog). */
static int rtl_check_lanes(sl_ctx *ctx, const sched_program *sp)
{
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i], *z;
		int l = s->decl->lane;
		if (rtl_lanes(s) == 1 || l == 0 || !(s->is_input || s->is_output))
			continue;
		z = i >= l ? sp->stmts[i - l] : NULL;
		bool ok = z && z->decl->lane_of == s->decl->lane_of && z->decl->lane == 0 &&
			z->n_dims == s->n_dims && z->latency == s->latency, inside = true;
		int64_t bs = s->offset, bz = ok ? z->offset : 0;
		for (int d = 0; ok && d < s->n_dims; d++) {
			ok = z->coef[d] == s->coef[d];
			inside = inside && z->lo[d] <= s->lo[d] &&
				s->lo[d] + s->ext[d] <= z->lo[d] + z->ext[d];
			bs -= s->coef[d] * s->lo[d];
			bz -= z->coef[d] * z->lo[d];
		}
		if (ok && bs == bz && !inside) {
			/* an output another func reads outside its box: its lanes'
			 * domains are not the output's, and the one valid of the
			 * port group is lane 0's */
			sl_error(ctx, s->decl->lane_of->loc, "output '%s' is also read outside "
				"its box, where lane %d has words lane 0 has not: its lanes "
				"cannot share one port yet (read a copy of it, or use one lane)",
				s->decl->lane_of->name, l);
			return -1;
		}
		if (!ok || bs != bz) {
			sl_error(ctx, s->decl->loc, "internal: lane %d of '%s' does not run in "
				"lockstep with lane 0, so they cannot share one port", l,
				s->decl->lane_of->name);
			return -1;
		}
	}
	return 0;
}

static void rtl_ports(rtl_gen *g, const char *module)
{
	FILE *o = g->out;
	fprintf(o, "module %s (\n", module);
	fprintf(o, "    input  wire clk,\n    input  wire rst,\n%s", g->axis ? "    input  wire ce,\n" : "");
	if (g->axilite && !g->axis)
		rtl_axil_ports(g);
	else {
		fprintf(o, "    input  wire start,\n    output wire done");
		if (g->pub || rtl_runtime(g))
			fprintf(o, ",\n    output wire ready");
		if (rtl_runtime(g))
			rtl_rt_ports(g);
		if (g->axilite)
			fprintf(o, ",\n    output wire running");
	}
	for (int i = 0; i < g->sp->n_stmts; i++) {
		const rtl_stage *st = &g->stages[i];
		const sched_stmt *s = st->s;
		int k = rtl_lanes(s), w = k * s->decl->type.bits;
		const char *nm = rtl_port(g, st);
		if (k > 1 && s->decl->lane > 0)
			continue;
		if (s->is_input)
			fprintf(o, ",\n    output wire %s_en,\n    input  wire %s%s_data",
				nm, rtl_range(g, w), nm);
		else if (s->is_output)
			fprintf(o, ",\n    output wire %s_valid,\n    output wire %s%s_data",
				nm, rtl_range(g, w), nm);
		if (k > 1 && (s->is_input || s->is_output))
			fprintf(o, "  /* %d lanes of %d bits, lane 0 in the low bits */", k,
				s->decl->type.bits);
	}
	fprintf(o, "\n);\n\n");
	if (g->axilite && !g->axis)
		rtl_axil_decls(g);
	if (!g->axis)
		fprintf(o, "    // The clock enable: always on here (an edge with ce low would change\n"
			"    // nothing; the AXI4-Stream wrapper drives it).\n    wire ce = 1'b1;\n\n");
}

/* The cycle after every statement's last write (trailing input elements
 * may stream after the last output write). */
/* The run control.  'start' is registered: sampled high at the edge that
 * ends cycle -2 (while idle or done), it makes 'go' high in cycle -1, a
 * flip-flop, so the wide fan-out of go to every schedule starts at a
 * register.  'busy' is high from go until done rises; 'remain' counts
 * down to done (done rises the cycle after its sign bit sets), so no
 * comparator with the cycle number sits on a path; each sl_sched counts
 * its own time. */
static void rtl_run_control(rtl_gen *g)
{
	FILE *o = g->out;
	int64_t more = (int64_t) (g->frames - 1) * g->period;
	int64_t p = g->sp->predicted_cycles + more, e = rtl_end_cycle(g->sp) + more;
	int64_t pd = p > 0 ? p : 1;
	int rw = g->plan.run_bits;
	if (rtl_runtime(g))
		fprintf(o, "    // Run control: 'start' in cycle -2 (idle or done) makes 'go' high in\n"
			"    // cycle -1 (a register); 'remain' counts down from cfg_run (the\n"
			"    // run length, configured) in cycle 0 and done rises one cycle after\n"
			"    // it is negative.\n");
	else
		fprintf(o, "    // Run control: 'start' in cycle -2 (idle or done) makes 'go' high in\n"
		"    // cycle -1 (a register); 'done'\n"
		"    // rises in cycle %lld (predicted_cycles%s): 'remain' counts down from\n"
		"    // %lld in cycle 0 and done rises one cycle after it is negative; the\n"
		"    // schedules run until cycle %lld.\n",
		(long long) pd, g->frames > 1 ? rtl_fmt(g, " + %d * %lld: %d frames of "
			"period %lld", g->frames - 1, (long long) g->period, g->frames,
			(long long) g->period) : "", (long long) (pd - 2), (long long) e);
	fprintf(o, "    reg busy;\n    reg done_r;\n    reg [%d:0] remain;\n", rw - 1);
	fprintf(o, "    reg go;\n    always @(posedge clk)\n"
		"        if (rst || ce)\n            go <= !rst && start && !busy && !go%s;\n",
		rtl_pub_any(g) || rtl_runtime(g) ? " && pub_cfg_done" : "");
	fprintf(o, "    always @(posedge clk) begin\n"
		"        if (rst) begin\n"
		"            busy <= 1'b0;\n            done_r <= 1'b0;\n"
		"        end else if (ce && go) begin\n"
		"            busy <= 1'b1;\n            done_r <= 1'b0;\n"
		"            remain <= %s;\n"
		"        end else if (ce && busy) begin\n"
		"            remain <= remain - %d'd1;\n"
		"            if (remain[%d]) begin\n"
		"                busy <= 1'b0;\n                done_r <= 1'b1;\n"
		"            end\n"
		"        end\n"
		"    end\n"
		"    assign done = done_r;\n"
		"    // 'flush' drops what a run still has in flight when the next one\n"
		"    // starts: done rises at the last output write, and the values\n"
		"    // computed after it are never read, but a late write would move\n"
		"    // the next run's write addresses.\n"
		"    wire flush = rst || (ce && go);\n\n",
		rtl_runtime(g) ? "cfg_run" : pd >= 2 ? rtl_fmt(g, "%d'd%lld", rw, (long long) (pd - 2))
			: rtl_fmt(g, "{%d{1'b1}}", rw), rw, rw - 1);
	if (g->axilite && g->axis)
		fprintf(o, "    assign running = go || busy;  // for the AXI4-Lite slave\n\n");
	else if (g->axilite)
		rtl_axil_slave(g, "go || busy", "done");
}

/* ------------------------------------------------------------ schedules */

static void rtl_stage_comment(rtl_gen *g, const rtl_stage *st)
{
	const sched_stmt *s = st->s;
	rtl_comment_loc(g, s->decl->loc, "    ");
	if (rtl_runtime(g)) {
		fprintf(g->out, "    // %s '%s': latency %d, its schedule configured at run time\n",
			s->is_input ? "input" : s->is_reduction ? "reduction" : "stage", s->name,
			s->latency);
		return;
	}
	fprintf(g->out, "    // %s '%s': t = %lld", s->is_input ? "input"
		: s->is_reduction ? "reduction" : "stage", s->name, (long long) s->offset);
	for (int d = 0; d < s->n_dims; d++)
		fprintf(g->out, " + %lld*i%d", (long long) s->coef[d], d);
	fprintf(g->out, ", latency %d, iterations", s->latency);
	for (int d = 0; d < s->n_dims; d++)
		fprintf(g->out, " [%lld..%lld]", (long long) s->lo[d],
			(long long) (s->lo[d] + s->ext[d] - 1));
	fputc('\n', g->out);
}

/* A schedule generator's outputs past its instance: with frames, the
 * statement's own index bits cut from the frame-extended ones; the
 * counters whose bits the datapath may leave unread go to the sinks. */
static void rtl_sched_outputs(rtl_gen *g, const char *nm, int n, int fr)
{
	if (fr) {
		fprintf(g->out, "    assign %s_idx = %s_fidx[%d:32];\n    assign %s_nidx = "
			"%s_fnidx[%d:32];\n", nm, nm, n * 32 + 31, nm, nm, n * 32 + 31);
		rtl_sink(g, rtl_fmt(g, "%s_fidx", nm));
		rtl_sink(g, rtl_fmt(g, "%s_fnidx", nm));
	}
	rtl_sink(g, rtl_fmt(g, "%s_active", nm));
	rtl_sink(g, rtl_fmt(g, "%s_idx", nm));
	rtl_sink(g, rtl_fmt(g, "%s_nidx", nm));
}

/* With frames, the schedule has one more dimension, the outermost
 * (index bits [31:0] of _fidx): the frame, extent g->frames, coefficient
 * g->period; _idx and _nidx are the statement's own dimensions. */
static void rtl_sched(rtl_gen *g, rtl_stage *st)
{
	FILE *o = g->out;
	const sched_stmt *s = st->s;
	int n = s->n_dims > 0 ? s->n_dims : 1, fr = g->frames > 1;
	const char *nm = st->name;
	rtl_stage_comment(g, st);
	fprintf(o, "    wire %s_fire;\n    wire %s_active;\n    wire [%d:0] %s_idx;\n"
		"    wire [%d:0] %s_nidx;\n", nm, nm, n * 32 - 1, nm, n * 32 - 1, nm);
	const rtl_sched_plan *q = &g->plan.sched[s->index];
	const sched_stmt *c = q->controller;
	if (c != s) {
		/* A lane with the box and schedule of an earlier lane: its fires
		 * and counters (sched_controller). */
		const char *cn = g->stages[c->index].name;
		fprintf(o, "    // the schedule of %s (the same box and schedule)\n"
			"    assign %s_fire = %s_fire;\n    assign %s_active = %s_active;\n"
			"    assign %s_idx = %s_idx;\n    assign %s_nidx = %s_nidx;\n",
			c->name, nm, cn, nm, cn, nm, cn, nm, cn);
		rtl_sink(g, rtl_fmt(g, "%s_active", nm));
		rtl_sink(g, rtl_fmt(g, "%s_idx", nm));
		rtl_sink(g, rtl_fmt(g, "%s_nidx", nm));
		return;
	}
	if (fr)
		fprintf(o, "    wire [%d:0] %s_fidx;  // {%s_idx, frame}\n"
			"    wire [%d:0] %s_fnidx;\n", n * 32 + 31, nm, nm, n * 32 + 31, nm);
	if (rtl_runtime(g)) {
		rtl_rt_sched(g, st, rtl_fmt(g, "%s_%sidx", nm, fr ? "f" : ""),
			rtl_fmt(g, "%s_%snidx", nm, fr ? "f" : ""));
		rtl_sched_outputs(g, nm, n, fr);
		return;
	}
	fprintf(o, "    sl_sched #(.N(%d), .TW(%d),\n        .EXT({", n + fr, g->tw);
	for (int d = n - 1; d >= 0; d--)
		fprintf(o, "%s32'd%lld", d == n - 1 ? "" : ", ", (long long) q->ext[d]);
	if (fr)
		fprintf(o, ", 32'd%lld", (long long) q->ext[n]);
	fprintf(o, "}),\n        .DELTA({");
	for (int d = n - 1; d >= 0; d--)
		fprintf(o, "%s%d'd%llu", d == n - 1 ? "" : ", ", g->tw,
			(unsigned long long) q->delta[d]);
	if (fr)
		fprintf(o, ", %d'd%llu", g->tw, (unsigned long long) q->delta[n]);
	fprintf(o, "}),\n        .START(%d'd%lld))\n", g->tw, (long long) s->offset);
	fprintf(o, "        %s_sched (.clk(clk), .rst(rst), .ce(ce), .go(go), "
		".fire(%s_fire), .idx(%s_%sidx), .nidx(%s_%snidx), .active(%s_active));\n",
		nm, nm, nm, fr ? "f" : "", nm, fr ? "f" : "", nm);
	rtl_sched_outputs(g, nm, n, fr);
}

/* The name of variable slot k of the stage's statement. */
static const char *rtl_var_name(const rtl_stage *st, int k)
{
	const sched_stmt *s = st->s;
	int d = st->slot_dim[k];
	return d < s->n_vars ? s->decl->var_names[d]
		: s->decl->body->u.reduce.rvars[d - s->n_vars].name;
}

static void rtl_slot_decl(rtl_gen *g, const rtl_stage *st, int k, bool nx)
{
	int d = st->slot_dim[k];
	fprintf(g->out, "    wire signed [63:0] %s_%c%d = %s + $signed({32'd0, %s_%s[%d:%d]});"
		"  // %s%s\n", st->name, nx ? 'x' : 'v', k, rtl_index_const(g, st->s->lo[d]),
		st->name, nx ? "nidx" : "idx", d * 32 + 31, d * 32, rtl_var_name(st, k),
		nx ? " in the next cycle" : "");
}

const char *rtl_var_wire(rtl_gen *g, rtl_stage *st, int k)
{
	bool *declared = g->nx ? &st->slot_nx[k] : &st->slot_used[k];
	if (!*declared) {
		rtl_slot_decl(g, st, k, g->nx);
		*declared = true;
	}
	return rtl_fmt(g, "%s_%c%d", st->name, g->nx ? 'x' : 'v', k);
}

/* The wires between a statement and its buffer, and its read wires. */
static void rtl_stage_decls(rtl_gen *g, rtl_stage *st)
{
	const sched_stmt *s = st->s;
	int w = s->decl->type.bits;
	fprintf(g->out, "    wire %s_wen;\n    wire [%d:0] %s_wdata;\n",
		st->name, w - 1, st->name);
	for (int k = 0; k < s->n_reads; k++) {
		const sched_access *a = &s->reads[k];
		fprintf(g->out, "    wire [%d:0] %s_rd%d;  // %s(...) at line %d\n",
			a->producer->decl->type.bits - 1, st->name, k,
			a->producer->name, a->expr->loc.line);
	}
	fputc('\n', g->out);
}

/* ------------------------------------------------------------ pipes */

/* In-box test of an output whose domain reaches past its box, on the
 * iteration counters; NULL when the domain is the box. */
static const char *rtl_inbox(rtl_gen *g, const rtl_stage *st)
{
	const sched_stmt *s = st->s;
	const int64_t *box = s->decl->out_extents;
	const char *r = NULL;
	for (int d = 0; d < s->n_vars; d++) {
		int64_t from = -s->lo[d], to = box[d] - s->lo[d];
		const char *c1 = from > 0 ? rtl_fmt(g, "(%s_idx[%d:%d] >= 32'd%lld)",
			st->name, d * 32 + 31, d * 32, (long long) from) : NULL;
		const char *c2 = to < s->ext[d] ? rtl_fmt(g, "(%s_idx[%d:%d] < 32'd%lld)",
			st->name, d * 32 + 31, d * 32, (long long) (to > 0 ? to : 0)) : NULL;
		const char *c[2] = { c1, c2 };
		for (int i = 0; i < 2; i++)
			if (c[i])
				r = r ? rtl_fmt(g, "%s && %s", r, c[i]) : c[i];
	}
	return r;
}

static void rtl_pipe(rtl_gen *g, rtl_stage *st, const char *value,
	const char *valid)
{
	FILE *o = g->out;
	const sched_stmt *s = st->s;
	const char *nm = st->name;
	int w = s->decl->type.bits;
	int vc = s->is_input ? 0 : sched_value_cycle(s), l = s->latency - vc;
	int k = rtl_lanes(s);
	const char *port = rtl_port(g, st);
	bool valid_port = s->is_output && (k == 1 || s->decl->lane == 0);
	/* Lanes 1.. of an output: their words come out with lane 0's valid. */
	const char *inbox = valid_port ? rtl_inbox(g, st) : NULL;
	fprintf(o, "    // written %d cycle%s after it fires", s->latency,
		s->latency == 1 ? "" : "s");
	fprintf(o, vc ? " (datapath registers: cycles 1..%d)\n" : "\n", vc);
	if (!inbox) {
		fprintf(o, "    sl_pipe #(.W(%d), .L(%d)) %s_pipe (.clk(clk), .rst(flush), .ce(ce),\n"
			"        .in_valid(%s), .in_data(%s), .out_valid(%s_wen), .out_data(%s_wdata));\n",
			w, l, nm, valid, value, nm, nm);
		if (valid_port)
			fprintf(o, "    assign %s_valid = %s_wen;\n", port, nm);
	} else {
		fprintf(o, "    wire %s_inbox = %s;\n    wire [%d:0] %s_out;\n", nm, inbox, w, nm);
		const char *in = rtl_delay(g, st, rtl_fmt(g, "%s_inbox", nm), 1, 0, vc);
		fprintf(o, "    sl_pipe #(.W(%d), .L(%d)) %s_pipe (.clk(clk), .rst(flush), .ce(ce),\n"
			"        .in_valid(%s), .in_data({%s, %s}), .out_valid(%s_wen), "
			".out_data(%s_out));\n", w + 1, l, nm, valid, in, value, nm, nm);
		fprintf(o, "    assign %s_wdata = %s_out[%d:0];\n", nm, nm, w - 1);
		fprintf(o, "    assign %s_valid = %s_wen && %s_out[%d];\n", port, nm, nm, w);
	}
	if (s->is_output && k > 1)
		fprintf(o, "    assign %s = %s_wdata;\n",
			rtl_lane_bits(g, port, s->decl->lane, w), nm);
	else if (s->is_output)
		fprintf(o, "    assign %s_data = %s_wdata;\n", nm, nm);
	if (!st->buf || st->buf->storage == UB_NONE) {
		if (!valid_port)
			rtl_sink(g, rtl_fmt(g, "%s_wen", nm));
		if (!s->is_output)
			rtl_sink(g, rtl_fmt(g, "%s_wdata", nm));
	}
	fputc('\n', o);
}

static void rtl_stage_body(rtl_gen *g, rtl_stage *st)
{
	const sched_stmt *s = st->s;
	const char *value, *valid;
	fprintf(g->out, "    // ---- %s '%s'\n", s->is_input ? "input" : "stage", s->name);
	if (s->is_input && rtl_lanes(s) > 1) {
		/* Lane l's word of the group; lane 0's fire asks for the word. */
		const char *port = rtl_port(g, st);
		if (s->decl->lane == 0)
			fprintf(g->out, "    assign %s_en = %s_fire;\n", port, st->name);
		value = rtl_lane_bits(g, port, s->decl->lane, s->decl->type.bits);
		valid = rtl_fmt(g, "%s_fire", st->name);
	} else if (s->is_input) {
		fprintf(g->out, "    assign %s_en = %s_fire;\n", st->name, st->name);
		value = rtl_fmt(g, "%s_data", st->name);
		valid = rtl_fmt(g, "%s_fire", st->name);
	} else {
		rtl_comment_loc(g, s->decl->loc, "    ");
		rtl_datapath(g, st, &value, &valid);
	}
	rtl_pipe(g, st, value, valid);
}

/* ------------------------------------------------------------ the module */

static void rtl_sink_emit(rtl_gen *g)
{
	if (!g->n_sink)
		return;
	fprintf(g->out, "    // Signals not used in full (schedule outputs, values nothing stores,\n"
		"    // the bits that casts and addresses drop), gathered for lint.\n");
	fprintf(g->out, "    wire unused_ok = ^{");
	for (int i = 0; i < g->n_sink; i++)
		fprintf(g->out, "%s%s%s", i ? "," : "", i % 6 == 5 ? "\n        " : (i ? " " : ""),
			g->sink[i]);
	fprintf(g->out, "};\n\n");
}

static void rtl_setup(rtl_gen *g)
{
	const sched_program *sp = g->sp;
	rtl_plan_build(g->ctx, sp, g->pub, g->frames, &g->plan);
	if (g->runtime && !g->pub) {
		int cw = g->runtime_cw > 0 ? g->runtime_cw : RTL_RUNTIME_NATIVE_CW;
		g->plan.run_bits = 2 * cw < 63 ? 2 * cw : 63;
	}
	g->tw = g->plan.tw;
	g->stages = sl_alloc(g->ctx, (size_t) (sp->n_stmts + 1) * sizeof(*g->stages));
	for (int i = 0; i < sp->n_stmts; i++) {
		rtl_stage *st = &g->stages[i];
		const sched_stmt *s = sp->stmts[i];
		st->s = s;
		st->name = g->plan.sched[i].name;
		st->buf = ub_set_find(g->ubs, s);
		if (!s->is_input)
			rtl_mark_slots(g, st);
	}
}

/* The legality and then the text: what the wrappers below do. */
static int rtl_check_emit(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro, FILE *out)
{
	if (rtl_check(ctx, sp, ro) < 0 ||
	    ((ro->pub ? ro->pub->params.runtime : ro->runtime) &&
	     rtl_runtime_check(ctx, sp, ubs, ro) < 0))
		return -1;
	return rtl_emit_iface(ctx, sp, ubs, ro, out, NULL);
}

int rtl_emit(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, FILE *out)
{
	return rtl_emit_frames(ctx, sp, ubs, top_name, 1, out);
}

int rtl_emit_frames(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const char *top_name, int frames, FILE *out)
{
	rtl_options ro = { top_name, NULL, frames, RTL_IFACE_NATIVE, RTL_CONTROL_PORTS, false, NULL, 0 };
	return rtl_check_emit(ctx, sp, ubs, &ro, out);
}

int rtl_emit_pub(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, const char *top_name, FILE *out)
{
	rtl_options ro = { top_name, pub, 1, RTL_IFACE_NATIVE, RTL_CONTROL_PORTS, false, NULL, 0 };
	return rtl_check_emit(ctx, sp, ubs, &ro, out);
}

const char *rtl_interface_str(rtl_interface iface)
{
	return iface == RTL_IFACE_AXIS ? "axis" : "native";
}

const char *rtl_control_str(rtl_control control)
{
	return control == RTL_CONTROL_AXILITE ? "axilite" : "ports";
}

/* ------------------------------------------------------ the RTL stage */

/* "frames" frames of the design's period end before cycle 2^48 (the
 * width of the frame counters). */
static int rtl_check_frames(sl_ctx *ctx, const sched_program *sp, int frames)
{
	if (frames < 1)
		sl_unreachable();
	int64_t period = frames > 1 ? sched_frame_period(sp) : 0;
	if (frames > 1 && (period > ((int64_t) 1 << 48) / (frames - 1)
	    || rtl_end_cycle(sp) + (int64_t) (frames - 1) * period >= ((int64_t) 1 << 48))) {
		sl_error(ctx, sp->n_stmts ? sp->stmts[0]->decl->loc : sl_noloc, "%d frames of "
			"period %lld run past 2^48 cycles", frames, (long long) period);
		return -1;
	}
	return 0;
}

int rtl_check(sl_ctx *ctx, const sched_program *sp, const rtl_options *ro)
{
	if (rtl_check_extents(ctx, sp) < 0 || rtl_check_frames(ctx, sp, ro->frames) < 0 ||
	    rtl_check_lanes(ctx, sp) < 0)
		return -1;
	return 0;
}

/* ------------------------------------------------------------- emission */

/* The banner of the module "module" (of the top "top"). */
static void rtl_banner(rtl_gen *g, const char *module, const char *top)
{
	const sched_program *sp = g->sp;
	FILE *out = g->out;
	fprintf(out, "// %s: generated by sluice from %s; do not edit.\n", module,
		sp->lowered->path ? rtl_source_name(g, sp->n_stmts
			? sp->stmts[0]->decl->loc.file : 0) : "?");
	if (rtl_runtime(g))
		fprintf(out, "// Interface and timing: docs/hardware.md; the schedule, the run "
			"length and the\n// tiles are configured at run time (docs/pub.md).\n");
	else
		fprintf(out, "// Interface and timing: docs/hardware.md.  %lld cycles from start "
			"to done.\n", (long long) (sp->predicted_cycles +
			(int64_t) (g->frames - 1) * g->period));
	if (g->frames > 1 && rtl_runtime(g))
		fprintf(out, "// %d frames per start, their period configured (\"Frames\").\n",
			g->frames);
	else if (g->frames > 1)
		fprintf(out, "// %d frames per start, frame f %lld * f cycles after frame 0 "
			"(\"Frames\").\n", g->frames, (long long) g->period);
	fprintf(out, "// Library blocks: rtlgen/lib/.\n\n");
	if (g->axis)
		fprintf(out, "// The core, under the AXI4-Stream wrapper %s.\n\n", top);
}

/* The module's body: ports, control, configuration, then per section
 * every schedule, buffer and datapath. */
static void rtl_body(rtl_gen *g, const char *module)
{
	const sched_program *sp = g->sp;
	FILE *out = g->out;
	rtl_ports(g, module);
	rtl_run_control(g);
	if (rtl_runtime(g))
		rtl_rt_config(g);
	else if (g->pub)
		rtl_pub_loader(g);
	fprintf(out, "    // ======== schedules\n");
	for (int i = 0; i < sp->n_stmts; i++) {
		rtl_sched(g, &g->stages[i]);
		rtl_stage_decls(g, &g->stages[i]);
	}
	fprintf(out, "    // ======== buffers\n");
	for (int k = 0; k < g->ubs->n_buffers; k++)
		rtl_buffer(g, g->ubs->buffers[k]);
	fprintf(out, "    // ======== datapaths\n");
	for (int i = 0; i < sp->n_stmts; i++)
		rtl_stage_body(g, &g->stages[i]);
	rtl_sink_emit(g);
	fprintf(out, "endmodule\n");
}

int rtl_emit_iface(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro, FILE *out, FILE *core_out)
{
	FILE *top_out = out;
	bool axis = ro->iface == RTL_IFACE_AXIS;
	if (axis && core_out)
		out = core_out;
	rtl_gen gen;
	memset(&gen, 0, sizeof gen);
	rtl_gen *g = &gen;
	g->ctx = ctx;
	g->sp = sp;
	g->ubs = ubs;
	g->pub = ro->pub;
	g->out = out;
	g->frames = ro->frames;
	g->axis = axis;
	g->axilite = ro->control == RTL_CONTROL_AXILITE;
	g->runtime = ro->pub ? ro->pub->params.runtime : ro->runtime;
	g->max_ubs = ro->max_ubs;
	g->runtime_cw = ro->runtime_cw;
	g->period = ro->frames > 1 ? sched_frame_period(sp) : 0;
	const char *top = rtl_module_name(ctx, ro->top_name);
	const char *module = axis ? rtl_fmt(g, "%s_core", top) : top;
	rtl_setup(g);
	rtl_banner(g, module, top);
	rtl_body(g, module);
	if (axis) {
		if (top_out != out)
			fprintf(top_out, "// %s: generated by sluice; do not edit.  Its core is in "
				"%s.v.\n", top, module);
		g->out = top_out;
		rtl_axis_wrapper(g, top, module);
	}
	if (ferror(out) || ferror(top_out)) {
		sl_error_file(ctx, sp->lowered->path ? sp->lowered->path : "?",
			"cannot write the Verilog");
		return -1;
	}
	return 0;
}
