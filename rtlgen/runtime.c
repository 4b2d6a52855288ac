/* rtlgen/runtime.c: the run-time configured design (--runtime-config).
 * Stage: rtlgen.  With --runtime-config nothing of the schedule is
 * compiled into the Verilog: every statement's schedule generator is an
 * sl_sched_rt fed by configuration registers (START, then per dimension
 * EXT and DELTA), the run length is a register, the tiles (--memory pub)
 * take their bus writes from the top's configuration bus (cfg_we,
 * cfg_addr, cfg_data) instead of a ROM, and on native memory every SRAM
 * group of a delay chain is an sl_fifo_seg_rt whose length is a register
 * (its words the build's largest, ub_set of --runtime-max); a chain's
 * shifts after its last write (border taps) run on an sl_sched_rt of
 * registers, and a circular buffer off the tiles takes its strides from
 * registers (its capacity the build's).  'ready'
 * rises at the write of the CONFIGURED register.  The register map
 * (docs/pub.md, "Run-time configuration") depends on the program's
 * structure only: tile t's register r at (t << CA) | r, then the
 * design's registers from n_tiles << CA on.  rtl_runtime_image writes the
 * values of one compile, the whole image.  Owns nothing. */
#include <stdlib.h>

#include "rtlgen/rtlgen_private.h"

/* The register map of a run-time configured design. */
typedef struct rt_map {
	int ca;			/* a tile's cfg_addr bits */
	int cw;			/* cfg_data bits: the tile's CW */
	int tw;			/* START and DELTA bits of the schedules (= cw) */
	int xw;			/* EXT bits (min(cw, 32)) */
	int rw;			/* the run-length counter's bits */
	int n_tiles;
	int64_t base;		/* address of the first design register */
	int n_regs;		/* design registers: schedules, lengths, shifts,
				 * circular buffers', streams, RUN_LO, RUN_HI,
				 * CONFIGURED */
	int ta;			/* cfg_addr bits of the top */
	int frames;		/* frames per start: with more than 1, a frame pair */
	int64_t period;		/* their period at this size */
	int fr;			/* 1 with frames, else 0 */
	int n_sched;		/* the schedules' registers */
	int n_fifos;		/* LEN registers (native delay chains' SRAM groups) */
	int n_vshifts;		/* native chains with shifts after the last write on a
				 * schedule of their own: VS_START, VS_EXT, VS_DELTA each
				 * (and a frame pair) */
	int n_circ;		/* circular buffers' registers off the tiles: a STRIDE
				 * per dimension but the innermost, ELAST with frames */
	int n_streams;		/* AXI4-Stream ports: ROW_LAST, ROWS_LAST each */
	int n_tails;		/* of them, outputs of lanes: TAIL too */
} rt_map;

bool rtl_runtime(const rtl_gen *g)
{
	return g->runtime;
}

/* Dimensions of statement s's schedule generator (at least 1). */
static int rt_dims(const sched_stmt *s)
{
	return s->n_dims > 0 ? s->n_dims : 1;
}

/* The SRAM groups of delay chains on native memory, pack by pack: each
 * has a LEN register. */
static int rt_n_fifos(const ub_set *ubs, const pub_set *ps)
{
	int n = 0;
	for (int p = 0; ubs && p < ubs->n_packs; p++) {
		const ub_buffer *b = ubs->packs[p].members[0];
		if (b->storage == UB_DELAY_CHAIN && !ps)
			n += b->n_groups;
	}
	return n;
}

bool rtl_rt_own_vshifts(const ub_buffer *b, const pub_set *ps)
{
	return b->storage != UB_NONE && b->storage != UB_CIRCULAR && b->n_ports > 1 &&
		b->vshift_n > 0 && !pub_buf_of(ps, b) &&
		!(b->vshift_of && !pub_buf_of(ps, b->vshift_of));
}

/* The chains of "ubs" off the tiles of "ps" with a schedule of shifts
 * after their last write of their own (rtl_rt_own_vshifts). */
static int rt_n_vshifts(const ub_set *ubs, const pub_set *ps)
{
	int n = 0;
	for (int i = 0; ubs && i < ubs->n_buffers; i++)
		n += rtl_rt_own_vshifts(ubs->buffers[i], ps);
	return n;
}

/* A circular buffer off the tiles of "ps": its strides (and with frames
 * its last element) are registers. */
static bool rt_circ(const ub_buffer *b, const pub_set *ps)
{
	return b->storage == UB_CIRCULAR && b->n_ports > 1 && !pub_buf_of(ps, b);
}

/* The registers of circular buffer "b": STRIDE per dimension but the
 * innermost, then with frames ELAST. */
static int rt_circ_regs(const ub_buffer *b, int fr)
{
	int n = b->producer->n_vars;
	return (n > 1 ? n - 1 : 0) + fr;
}

/* The values of those registers into v (at most SCHED_MAX_DIMS + 1). */
static int rt_circ_values(const ub_buffer *b, int fr, int64_t *v)
{
	const sched_stmt *ps = b->producer;
	int n = 0;
	for (int d = 0; d + 1 < ps->n_vars; d++) {
		int64_t s = 1;
		for (int k = d + 1; k < ps->n_vars; k++)
			s *= ps->ext[k];
		v[n++] = s;
	}
	if (fr)
		v[n++] = b->n_elems - 1;
	return n;
}

static int rt_n_circ(const ub_set *ubs, const pub_set *ps, int fr)
{
	int n = 0;
	for (int i = 0; ubs && i < ubs->n_buffers; i++)
		if (rt_circ(ubs->buffers[i], ps))
			n += rt_circ_regs(ubs->buffers[i], fr);
	return n;
}

/* Is s an AXI4-Stream port (a port group of lanes is one, lane 0's)? */
static bool rt_is_stream(const sched_stmt *s)
{
	return (s->is_input || s->is_output) && !(rtl_lanes(s) > 1 && s->decl->lane > 0);
}

/* Does stream s have a TAIL register: an output of lanes, whose last beat
 * of a row holds 1 .. k pixels, the row length modulo k. */
static bool rt_has_tail(const sched_stmt *s)
{
	return s->is_output && rtl_lanes(s) > 1;
}

/* The AXI4-Stream ports of "sp" before statement "end", and their TAIL
 * registers in *tails. */
static int rt_n_streams(const sched_program *sp, int end, int *tails)
{
	int n = 0;
	*tails = 0;
	for (int i = 0; i < end; i++) {
		n += rt_is_stream(sp->stmts[i]);
		*tails += rt_is_stream(sp->stmts[i]) && rt_has_tail(sp->stmts[i]);
	}
	return n;
}

/* The design register of the first stream's ROW_LAST: after the
 * schedules', the LENs, the shifts' and the circular buffers'. */
static int rt_streams_at(const rt_map *m)
{
	return m->n_sched + m->n_fifos + (3 + 2 * m->fr) * m->n_vshifts + m->n_circ;
}

static void rt_map_of(const sched_program *sp, const ub_set *ubs, const pub_set *ps,
	int frames, bool axis, int native_cw, rt_map *m)
{
	m->ca = ps ? pub_addr_bits(&ps->params) : 0;
	m->cw = m->tw = ps ? ps->params.cw : native_cw > 0 ? native_cw : RTL_RUNTIME_NATIVE_CW;
	m->xw = m->cw < 32 ? m->cw : 32;
	m->rw = 2 * m->cw < 63 ? 2 * m->cw : 63;
	m->frames = frames > 1 ? frames : 1;
	m->fr = m->frames > 1;
	m->period = m->fr ? sched_frame_period(sp) : 0;
	m->n_tiles = 0;
	for (int i = 0; ps && i < ps->n_bufs; i++)
		if (pub_on_tiles(&ps->bufs[i]))
			m->n_tiles += ps->bufs[i].n_tiles;
	m->base = (int64_t) m->n_tiles << m->ca;
	m->n_sched = 0;
	for (int i = 0; i < sp->n_stmts; i++)
		if (sched_controller(sp, sp->stmts[i]) == sp->stmts[i])
			m->n_sched += 1 + 2 * (rt_dims(sp->stmts[i]) + m->fr);
	m->n_fifos = rt_n_fifos(ubs, ps);
	m->n_vshifts = rt_n_vshifts(ubs, ps);
	m->n_circ = rt_n_circ(ubs, ps, m->fr);
	m->n_streams = axis ? rt_n_streams(sp, sp->n_stmts, &m->n_tails) : 0;
	m->n_tails = axis ? m->n_tails : 0;
	m->n_regs = rt_streams_at(m) + 2 * m->n_streams + m->n_tails + 3;
	m->ta = sl_bits_for(m->base + m->n_regs - 1);
	if (m->ta < 1)
		m->ta = 1;
}

/* The map of the design being emitted. */
static void rt_map_gen(const rtl_gen *g, rt_map *m)
{
	rt_map_of(g->sp, g->ubs, g->pub, g->frames, g->axis, g->runtime_cw, m);
}

/* DELTA[d] = coef[d] - sum_{k>d} coef[k] * (ext[k]-1), not reduced. */
static int64_t rt_delta(const sched_stmt *s, int d)
{
	int64_t v = s->coef[d];
	for (int k = d + 1; k < s->n_dims; k++)
		v -= s->coef[k] * (s->ext[k] - 1);
	return v;
}

/* The frame dimension's DELTA: the period less the frame's span. */
static int64_t rt_frame_delta(const sched_stmt *s, const rt_map *m)
{
	int64_t v = m->period;
	for (int k = 0; k < s->n_dims; k++)
		v -= s->coef[k] * (s->ext[k] - 1);
	return v;
}

/* The registers of the shifts of chain "b" after its last write (an
 * sl_sched_rt of one dimension, rtlgen/buffers.c): VS_START, with frames
 * the frame's EXT and DELTA (the period less the shifts' span), then
 * VS_EXT (the shifts) and VS_DELTA (their step); the count in *n. */
static void rt_vshift_values(const ub_buffer *b, const rt_map *m, int64_t *v, int *n)
{
	*n = 0;
	v[(*n)++] = b->vshift_start;
	if (m->fr) {
		v[(*n)++] = m->frames;
		v[(*n)++] = m->period - b->vshift_step * (b->vshift_n - 1);
	}
	v[(*n)++] = b->vshift_n;
	v[(*n)++] = b->vshift_step;
}

/* The run-length register's value: remain's load in cycle 0. */
static uint64_t rt_run(const sched_program *sp, const rt_map *m)
{
	int64_t p = sp->predicted_cycles + (int64_t) (m->frames - 1) * m->period;
	p = p > 0 ? p : 1;
	return p >= 2 ? (uint64_t) (p - 2) : (((uint64_t) 1 << m->rw) - 1);
}

static int rt_too_wide(sl_ctx *ctx, const sched_stmt *s, const char *field, int64_t v,
	int bits)
{
	int need = sl_bits_for(v < 0 ? 0 : v);
	sl_error(ctx, s->decl->loc, "--runtime-config: the schedule of '%s' has %s %lld, "
		"past the %d-bit configuration fields (--pub-width %d would fit)", s->name, field,
		(long long) v, bits, need > 62 ? 62 : need < 2 ? 2 : need);
	return -1;
}

/* The shifts after the last write of every chain with a schedule of its
 * own fit their registers (a START, frame DELTA or extent; each >= 1 but
 * START); 0, or -1 with a located error. */
static int rt_check_vshifts(sl_ctx *ctx, const ub_set *ubs, const pub_set *ps,
	const rt_map *m)
{
	for (int i = 0; ubs && i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		int64_t v[5];
		int n;
		if (!rtl_rt_own_vshifts(b, ps))
			continue;
		rt_vshift_values(b, m, v, &n);
		for (int k = 0; k < n; k++) {
			bool ext = (m->fr && k == 1) || k == n - 2;
			int bits = ext ? m->xw : m->tw;
			if (v[k] < (k > 0) || v[k] >= ((int64_t) 1 << bits)) {
				sl_error(ctx, b->producer->decl->loc, "--runtime-config: the shifts of "
					"the line buffer of '%s' after its last write have %s %lld, past "
					"the %d-bit configuration fields", b->name, k == 0 ? "a START"
					: ext ? "an extent" : "a DELTA", (long long) v[k], bits);
				return -1;
			}
		}
	}
	return 0;
}

/* The registers of every circular buffer off the tiles fit CW bits;
 * 0, or -1 with a located error. */
static int rt_check_circ(sl_ctx *ctx, const ub_set *ubs, const pub_set *ps, const rt_map *m)
{
	for (int i = 0; ubs && i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		int64_t v[SCHED_MAX_DIMS + 2];
		int n = rt_circ(b, ps) ? rt_circ_values(b, m->fr, v) : 0;
		for (int k = 0; k < n; k++)
			if (v[k] >= ((int64_t) 1 << m->cw)) {
				sl_error(ctx, b->producer->decl->loc, "--runtime-config: the circular "
					"buffer of '%s' has %s %lld, past the %d-bit configuration fields "
					"(--pub-width %d would fit)", b->name,
					m->fr && k == n - 1 ? "a last element" : "a stride",
					(long long) v[k], m->cw, sl_bits_for(v[k]));
				return -1;
			}
	}
	return 0;
}

/* Every value fits its register, and every buffer off the tiles keeps
 * storage the sizes do not shape, or (native memory) shape only through
 * registers; 0, or -1 with a located error. */
static int rt_check(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const pub_set *ps, const rt_map *m)
{
	if (rt_check_vshifts(ctx, ubs, ps, m) < 0 || rt_check_circ(ctx, ubs, ps, m) < 0)
		return -1;
	for (int i = 0; ps && i < ps->n_bufs; i++) {
		const ub_buffer *b = ps->bufs[i].buf;
		if (pub_on_tiles(&ps->bufs[i]) || b->storage != UB_DELAY_CHAIN)
			continue;
		sl_error(ctx, b->producer->decl->loc, "--runtime-config: buffer '%s' is not on "
			"tiles (%s) and its storage (a delay chain) is sized for this image at "
			"compile time; the Verilog of a run-time configured design must not depend "
			"on the sizes", b->name,
			ps->bufs[i].native_why ? ps->bufs[i].native_why : "no tile");
		return -1;
	}
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (sched_controller(sp, s) != s)
			continue;
		if (s->offset < 0 || s->offset >= ((int64_t) 1 << m->tw))
			return rt_too_wide(ctx, s, "START", s->offset, m->tw);
		if (m->fr && (m->frames >= ((int64_t) 1 << m->xw) || rt_frame_delta(s, m) < 1 ||
		    rt_frame_delta(s, m) >= ((int64_t) 1 << m->tw)))
			return rt_too_wide(ctx, s, "a frame DELTA", rt_frame_delta(s, m), m->tw);
		for (int d = 0; d < s->n_dims; d++) {
			if (s->ext[d] >= ((int64_t) 1 << m->xw))
				return rt_too_wide(ctx, s, "an extent", s->ext[d], m->xw);
			int64_t v = rt_delta(s, d);
			if (s->ext[d] > 1 && (v < 1 || v >= ((int64_t) 1 << m->tw)))
				return rt_too_wide(ctx, s, "a DELTA", v, m->tw);
		}
	}
	for (int i = 0; m->n_streams && i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		int64_t row, rows, inner;
		if (!rt_is_stream(s))
			continue;
		rtl_port_frame(s->decl, s->decl->n_dims, s->is_input ? s->decl->extents
			: s->decl->out_extents, &row, &rows, &inner);
		if (row - 1 >= ((int64_t) 1 << m->xw) || rows - 1 >= ((int64_t) 1 << m->xw))
			return rt_too_wide(ctx, s, "an AXI4-Stream row (ROW_LAST, ROWS_LAST) of",
				row - 1 > rows - 1 ? row - 1 : rows - 1, m->xw);
	}
	if (rt_run(sp, m) >= ((uint64_t) 1 << (m->rw - 1))) {
		sl_error(ctx, sp->n_stmts ? sp->stmts[0]->decl->loc : sl_noloc, "--runtime-config: "
			"%lld cycles from start to done do not fit the %d-bit run length (2 x "
			"--pub-width)", (long long) sp->predicted_cycles, m->rw);
		return -1;
	}
	if (m->ta + m->cw > 64) {
		sl_error(ctx, sl_noloc, "--runtime-config: a configuration word of %d address and "
			"%d data bits does not fit 64 bits (a smaller --pub-width)", m->ta, m->cw);
		return -1;
	}
	return 0;
}

int rtl_runtime_check(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro)
{
	rt_map m;
	rt_map_of(sp, ubs, ro->pub, ro->frames, ro->iface == RTL_IFACE_AXIS, ro->runtime_cw, &m);
	return rt_check(ctx, sp, ubs, ro->pub, &m);
}

void rtl_rt_ports(rtl_gen *g)
{
	rt_map m;
	rt_map_gen(g, &m);
	fprintf(g->out, ",\n    input  wire cfg_we,\n    input  wire [%d:0] cfg_addr,\n"
		"    input  wire [%d:0] cfg_data", m.ta - 1, m.cw - 1);
}

int rtl_rt_run_bits(const sched_program *sp, const pub_set *pub)
{
	rt_map m;
	rt_map_of(sp, NULL, pub, 1, false, 0, &m);
	return m.rw;
}

const char *rtl_rt_len_reg(rtl_gen *g, const ub_buffer *b, int grp)
{
	return rtl_fmt(g, "%s_g%d_len", g->stages[b->producer->index].name, grp);
}

/* "cfg_addr == A" for design register j. */
static const char *rt_addr(rtl_gen *g, const rt_map *m, int j)
{
	return rtl_fmt(g, "%d'd%lld", m->ta, (long long) (m->base + j));
}

/* Register k of circular buffer "b": NAME_cstride<d>, or NAME_celast. */
static const char *rt_circ_reg(rtl_gen *g, const ub_buffer *b, const rt_map *m, int k)
{
	const char *nm = g->stages[b->producer->index].name;
	if (m->fr && k == rt_circ_regs(b, m->fr) - 1)
		return rtl_fmt(g, "%s_celast", nm);
	return rtl_fmt(g, "%s_cstride%d", nm, k);
}

/* Register "r" (cw bits) as "w" bits (its high bits, when unused, to the
 * sink). */
static const char *rt_resize(rtl_gen *g, const char *r, int cw, int w)
{
	if (w == cw)
		return r;
	if (w < cw) {
		rtl_sink(g, r);
		return rtl_fmt(g, "%s[%d:0]", r, w - 1);
	}
	return rtl_fmt(g, "{%d'd0, %s}", w - cw, r);
}

const char *rtl_rt_circ_stride(rtl_gen *g, const ub_buffer *b, int d, int w)
{
	rt_map m;
	rt_map_gen(g, &m);
	return rt_resize(g, rt_circ_reg(g, b, &m, d), m.cw, w);
}

const char *rtl_rt_circ_elast(rtl_gen *g, const ub_buffer *b, int w)
{
	rt_map m;
	rt_map_gen(g, &m);
	return rt_resize(g, rt_circ_reg(g, b, &m, rt_circ_regs(b, m.fr) - 1), m.cw, w);
}

/* The bus writes of the registers of chain b's shifts after its last
 * write (rt_vshift_values' order), from design register *j on. */
static void rt_vshift_cases(rtl_gen *g, const rt_map *m, const ub_buffer *b, int *j)
{
	FILE *o = g->out;
	const char *nm = g->stages[b->producer->index].name;
	fprintf(o, "            %s: %s_vs_start <= cfg_data;\n", rt_addr(g, m, (*j)++), nm);
	for (int d = 0; d < 1 + m->fr; d++) {
		fprintf(o, "            %s: %s_vs_ext[%d:%d] <= cfg_data[%d:0];\n",
			rt_addr(g, m, (*j)++), nm, (d + 1) * m->xw - 1, d * m->xw, m->xw - 1);
		fprintf(o, "            %s: %s_vs_delta[%d:%d] <= cfg_data;\n",
			rt_addr(g, m, (*j)++), nm, (d + 1) * m->tw - 1, d * m->tw);
	}
}

/* The declarations of the design's registers but the run length's. */
static void rt_reg_decls(rtl_gen *g, const rt_map *m)
{
	FILE *o = g->out;
	const sched_program *sp = g->sp;
	for (int i = 0; i < sp->n_stmts; i++) {
		const char *nm = g->stages[i].name;
		int n = rt_dims(sp->stmts[i]) + m->fr;
		if (sched_controller(sp, sp->stmts[i]) == sp->stmts[i])
			fprintf(o, "    reg [%d:0] %s_sc_start;\n    reg [%d:0] %s_sc_ext;\n"
				"    reg [%d:0] %s_sc_delta;\n", m->tw - 1, nm, n * m->xw - 1, nm,
				n * m->tw - 1, nm);
	}
	for (int p = 0; !g->pub && p < g->ubs->n_packs; p++) {
		const ub_buffer *b = g->ubs->packs[p].members[0];
		for (int k = 0; b->storage == UB_DELAY_CHAIN && k < b->n_groups; k++)
			fprintf(o, "    reg [31:0] %s;\n", rtl_rt_len_reg(g, b, k));
	}
	for (int i = 0; i < g->ubs->n_buffers; i++) {
		const ub_buffer *b = g->ubs->buffers[i];
		const char *nm = g->stages[b->producer->index].name;
		if (rtl_rt_own_vshifts(b, g->pub))
			fprintf(o, "    reg [%d:0] %s_vs_start;\n    reg [%d:0] %s_vs_ext;\n"
				"    reg [%d:0] %s_vs_delta;\n", m->tw - 1, nm, (1 + m->fr) * m->xw - 1,
				nm, (1 + m->fr) * m->tw - 1, nm);
		for (int k = 0; rt_circ(b, g->pub) && k < rt_circ_regs(b, m->fr); k++)
			fprintf(o, "    reg [%d:0] %s;\n", m->cw - 1, rt_circ_reg(g, b, m, k));
	}
}

/* The design's registers (schedules, lengths, shifts, circular buffers'
 * strides, the run length, CONFIGURED), written from the bus. */
static void rt_sched_regs(rtl_gen *g, const rt_map *m)
{
	FILE *o = g->out;
	const sched_program *sp = g->sp;
	rt_reg_decls(g, m);
	fprintf(o, "    reg [%d:0] cfg_run;\n    reg cfg_configured;\n", m->rw - 1);
	fprintf(o, "    always @(posedge clk)\n        if (rst)\n"
		"            cfg_configured <= 1'b0;\n        else if (cfg_we)\n"
		"            case (cfg_addr)\n");
	int j = 0;
	for (int i = 0; i < sp->n_stmts; i++) {
		const char *nm = g->stages[i].name;
		if (sched_controller(sp, sp->stmts[i]) != sp->stmts[i])
			continue;
		fprintf(o, "            %s: %s_sc_start <= cfg_data;\n", rt_addr(g, m, j++), nm);
		for (int d = 0; d < rt_dims(sp->stmts[i]) + m->fr; d++) {
			fprintf(o, "            %s: %s_sc_ext[%d:%d] <= cfg_data[%d:0];\n",
				rt_addr(g, m, j++), nm, (d + 1) * m->xw - 1, d * m->xw, m->xw - 1);
			fprintf(o, "            %s: %s_sc_delta[%d:%d] <= cfg_data;\n",
				rt_addr(g, m, j++), nm, (d + 1) * m->tw - 1, d * m->tw);
		}
	}
	for (int p = 0; !g->pub && p < g->ubs->n_packs; p++) {
		const ub_buffer *b = g->ubs->packs[p].members[0];
		for (int k = 0; b->storage == UB_DELAY_CHAIN && k < b->n_groups; k++)
			fprintf(o, "            %s: %s <= %s;\n", rt_addr(g, m, j++),
				rtl_rt_len_reg(g, b, k), m->cw >= 32 ? "cfg_data[31:0]"
				: rtl_fmt(g, "{%d'd0, cfg_data}", 32 - m->cw));
	}
	for (int i = 0; i < g->ubs->n_buffers; i++)
		if (rtl_rt_own_vshifts(g->ubs->buffers[i], g->pub))
			rt_vshift_cases(g, m, g->ubs->buffers[i], &j);
	for (int i = 0; i < g->ubs->n_buffers; i++) {
		const ub_buffer *b = g->ubs->buffers[i];
		for (int k = 0; rt_circ(b, g->pub) && k < rt_circ_regs(b, m->fr); k++)
			fprintf(o, "            %s: %s <= cfg_data;\n", rt_addr(g, m, j++),
				rt_circ_reg(g, b, m, k));
	}
	j += 2 * m->n_streams + m->n_tails;	/* ROW_LAST, ROWS_LAST, TAIL: the wrapper's */
	fprintf(o, "            %s: cfg_run[%d:0] <= cfg_data;\n", rt_addr(g, m, j++), m->cw - 1);
	fprintf(o, "            %s: cfg_run[%d:%d] <= cfg_data[%d:0];\n", rt_addr(g, m, j++),
		m->rw - 1, m->cw, m->rw - m->cw - 1);
	fprintf(o, "            %s: cfg_configured <= 1'b1;\n", rt_addr(g, m, j++));
	fprintf(o, "            default: ;\n            endcase\n");
}

void rtl_rt_config(rtl_gen *g)
{
	const pub_set *ps = g->pub;
	FILE *o = g->out;
	rt_map m;
	rt_map_gen(g, &m);
	fprintf(o, "    // ======== run-time configuration (docs/pub.md): every schedule,\n"
		"    // the run length and the %s from the bus; 'ready'\n"
		"    // after the write of CONFIGURED (address %d'd%lld)\n",
		ps ? "tiles' registers" : "line buffers' lengths", m.ta,
		(long long) (m.base + m.n_regs - 1));
	rt_sched_regs(g, &m);
	fprintf(o, "    wire pub_cfg_done = cfg_configured;\n"
		"    assign ready = cfg_configured && !rst;\n");
	int t = 0;
	for (int i = 0; ps && i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (!pub_on_tiles(pb))
			continue;
		const char *nm = g->stages[pb->buf->producer->index].name;
		for (int k = 0; k < pb->n_tiles; k++, t++) {
			fprintf(o, "    wire [%d:0] %s_pub%d_cfg = {cfg_addr[%d:0], cfg_data};\n",
				m.ca + m.cw - 1, nm, k, m.ca - 1);
			if (m.ta > m.ca)
				fprintf(o, "    wire %s_pub%d_cfg_we = cfg_we && cfg_addr[%d:%d] == "
					"%d'd%d;\n", nm, k, m.ta - 1, m.ca, m.ta - m.ca, t);
			else
				fprintf(o, "    wire %s_pub%d_cfg_we = cfg_we;\n", nm, k);
		}
	}
	fputc('\n', o);
}

void rtl_rt_sched(rtl_gen *g, rtl_stage *st, const char *idx, const char *nidx)
{
	rt_map m;
	rt_map_gen(g, &m);
	const char *nm = st->name;
	fprintf(g->out, "    sl_sched_rt #(.N(%d), .TW(%d), .XW(%d)) %s_sched (.clk(clk), "
		".rst(rst), .ce(ce), .go(go),\n        .ext(%s_sc_ext), .delta(%s_sc_delta), "
		".start(%s_sc_start),\n        .fire(%s_fire), .idx(%s), .nidx(%s), "
		".active(%s_active));\n", rt_dims(st->s) + m.fr, m.tw, m.xw, nm, nm, nm, nm, nm, idx,
		nidx, nm);
}

void rtl_rt_vsched(rtl_gen *g, const char *nm, const char *idx, const char *nidx)
{
	rt_map m;
	rt_map_gen(g, &m);
	fprintf(g->out, "    sl_sched_rt #(.N(%d), .TW(%d), .XW(%d)) %s_vsched (.clk(clk), "
		".rst(rst), .ce(ce), .go(go),\n        .ext(%s_vs_ext), .delta(%s_vs_delta), "
		".start(%s_vs_start),\n        .fire(%s_vshift), .idx(%s), .nidx(%s), "
		".active(%s_vs_active));\n", 1 + m.fr, m.tw, m.xw, nm, nm, nm, nm, nm, idx, nidx, nm);
}

const char *rtl_rt_last_index(rtl_gen *g, const sched_stmt *s, int d, int64_t k)
{
	rt_map m;
	rt_map_gen(g, &m);
	const sched_stmt *c = sched_controller(g->sp, s);
	int lo = (d + m.fr) * m.xw;
	return rtl_fmt(g, "32'(%s_sc_ext[%d:%d]) - 32'd%lld", g->stages[c->index].name,
		lo + m.xw - 1, lo, (long long) (k + 1));
}

/* ------------------------------------------------------------ the image */

int rtl_runtime_data_bits(const rtl_options *ro)
{
	return ro->pub ? ro->pub->params.cw : ro->runtime_cw > 0 ? ro->runtime_cw
		: RTL_RUNTIME_NATIVE_CW;
}

/* The bits of v (at least 2). */
static int rt_bits(int64_t v)
{
	int b = sl_bits_for(v > 0 ? v : 0);
	return b < 2 ? 2 : b;
}

int rtl_runtime_native_bits(const sched_program *sp, const ub_set *ubs, int frames)
{
	rt_map m;
	rt_map_of(sp, ubs, NULL, frames, true, 62, &m);
	int b = rt_bits(rt_run(sp, &m) / 2 + 1);
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (sched_controller(sp, s) != s)
			continue;
		b = rt_bits(s->offset) > b ? rt_bits(s->offset) : b;
		if (m.fr && rt_bits(rt_frame_delta(s, &m)) > b)
			b = rt_bits(rt_frame_delta(s, &m));
		for (int d = 0; d < s->n_dims; d++) {
			int e = rt_bits(s->ext[d]), t = rt_bits(rt_delta(s, d));
			b = e > b ? e : b;
			b = t > b ? t : b;
		}
		if (rt_is_stream(s)) {	/* the streams' framing: ROW_LAST, ROWS_LAST */
			int64_t row, rows, inner;
			rtl_port_frame(s->decl, s->decl->n_dims, s->is_input ? s->decl->extents
				: s->decl->out_extents, &row, &rows, &inner);
			b = rt_bits(row) > b ? rt_bits(row) : b;
			b = rt_bits(rows) > b ? rt_bits(rows) : b;
		}
	}
	for (int p = 0; p < ubs->n_packs; p++) {
		const ub_buffer *bf = ubs->packs[p].members[0];
		for (int k = 0; bf->storage == UB_DELAY_CHAIN && k < bf->n_groups; k++) {
			int64_t depth;
			int width;
			ub_pack_memory(&ubs->packs[p], k, &depth, &width);
			b = rt_bits(depth) > b ? rt_bits(depth) : b;
		}
	}
	for (int i = 0; i < ubs->n_buffers; i++) {
		int64_t v[5];
		int n;
		if (!rtl_rt_own_vshifts(ubs->buffers[i], NULL))
			continue;
		rt_vshift_values(ubs->buffers[i], &m, v, &n);
		for (int k = 0; k < n; k++)
			b = rt_bits(v[k]) > b ? rt_bits(v[k]) : b;
	}
	for (int i = 0; i < ubs->n_buffers; i++) {
		int64_t v[SCHED_MAX_DIMS + 2];
		int n = rt_circ(ubs->buffers[i], NULL) ? rt_circ_values(ubs->buffers[i], m.fr, v) : 0;
		for (int k = 0; k < n; k++)
			b = rt_bits(v[k]) > b ? rt_bits(v[k]) : b;
	}
	return b > 62 ? 62 : b;
}

/* One word of the image: (address << cw) | data. */
static void rt_word(FILE *out, const rt_map *m, int64_t addr, uint64_t data)
{
	uint64_t dm = m->cw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << m->cw) - 1;
	pub_print_word(out, (m->ta + m->cw + 3) / 4, (uint64_t) addr, m->cw, data & dm);
	fputc('\n', out);
}

/* The tiles' writes, each at its tile's addresses: the words of the
 * ROM a design without --runtime-config has (pub_rom). */
static int rt_tile_words(const pub_set *ps, const rt_map *m, FILE *out)
{
	int n = pub_rom(ps, NULL);
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	pub_rom(ps, w);
	for (int j = 0; j < n; j++)
		rt_word(out, m, ((int64_t) w[j].tile << m->ca) | w[j].addr, w[j].data);
	free(w);
	return n;
}

/* The LEN of every SRAM group of the delay chains on native memory,
 * pack by pack: the group's positions at this size (0 or more,
 * sl_fifo_seg_rt's contract). */
static void rt_len_words(const ub_set *ubs, const rt_map *m, int *j, FILE *out)
{
	for (int p = 0; p < ubs->n_packs; p++) {
		const ub_buffer *b = ubs->packs[p].members[0];
		for (int k = 0; b->storage == UB_DELAY_CHAIN && k < b->n_groups; k++) {
			int64_t depth;
			int width;
			ub_pack_memory(&ubs->packs[p], k, &depth, &width);
			rt_word(out, m, m->base + (*j)++, (uint64_t) depth);
		}
	}
}

/* The registers of every chain's own shifts after its last write. */
static void rt_vshift_words(const ub_set *ubs, const pub_set *ps, const rt_map *m, int *j,
	FILE *out)
{
	uint64_t tm = ((uint64_t) 1 << m->tw) - 1;
	for (int i = 0; ubs && i < ubs->n_buffers; i++) {
		int64_t v[5];
		int n;
		if (!rtl_rt_own_vshifts(ubs->buffers[i], ps))
			continue;
		rt_vshift_values(ubs->buffers[i], m, v, &n);
		for (int k = 0; k < n; k++)
			rt_word(out, m, m->base + (*j)++, (uint64_t) v[k] & tm);
	}
}

/* The strides (and with frames the last element) of every circular
 * buffer off the tiles. */
static void rt_circ_words(const ub_set *ubs, const pub_set *ps, const rt_map *m, int *j,
	FILE *out)
{
	for (int i = 0; ubs && i < ubs->n_buffers; i++) {
		int64_t v[SCHED_MAX_DIMS + 2];
		int n = rt_circ(ubs->buffers[i], ps) ? rt_circ_values(ubs->buffers[i], m->fr, v) : 0;
		for (int k = 0; k < n; k++)
			rt_word(out, m, m->base + (*j)++, (uint64_t) v[k]);
	}
}

/* ROW_LAST and ROWS_LAST of every AXI4-Stream port (rtlgen/axis.c's
 * framing: the last column of a row, the last row of a frame), and an
 * output of lanes its TAIL (the pixels of a row's last beat, 1 .. k). */
static void rt_stream_words(const sched_program *sp, const rt_map *m, int *j, FILE *out)
{
	for (int i = 0; m->n_streams && i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (!rt_is_stream(s))
			continue;
		const ir_decl *d = s->decl;
		const int64_t *ext = s->is_input ? d->extents : d->out_extents;
		int64_t row, rows, inner;
		rtl_port_frame(d, d->n_dims, ext, &row, &rows, &inner);
		rt_word(out, m, m->base + (*j)++, (uint64_t) (row - 1));
		rt_word(out, m, m->base + (*j)++, (uint64_t) (rows - 1));
		if (rt_has_tail(s))
			rt_word(out, m, m->base + (*j)++, (uint64_t) rtl_port_tail(d));
	}
}

/* Each statement's START, frame pair, then EXT and DELTA per dimension. */
static void rt_sched_words(const sched_program *sp, const rt_map *m, int *j, FILE *out)
{
	uint64_t tm = ((uint64_t) 1 << m->tw) - 1;
	for (int i = 0; i < sp->n_stmts; i++) {
		const sched_stmt *s = sp->stmts[i];
		if (sched_controller(sp, s) != s)
			continue;
		rt_word(out, m, m->base + (*j)++, (uint64_t) s->offset);
		if (m->fr) {
			rt_word(out, m, m->base + (*j)++, (uint64_t) m->frames);
			rt_word(out, m, m->base + (*j)++, (uint64_t) rt_frame_delta(s, m) & tm);
		}
		for (int d = 0; d < rt_dims(s); d++) {
			rt_word(out, m, m->base + (*j)++, (uint64_t) (s->n_dims ? s->ext[d] : 1));
			rt_word(out, m, m->base + (*j)++, s->n_dims ? (uint64_t) rt_delta(s, d) & tm : 0);
		}
	}
}

int rtl_runtime_image(sl_ctx *ctx, const sched_program *sp, const ub_set *ubs,
	const rtl_options *ro, FILE *out)
{
	const pub_set *ps = ro->pub;
	rt_map m;
	rt_map_of(sp, ubs, ps, ro->frames, ro->iface == RTL_IFACE_AXIS, ro->runtime_cw, &m);
	if (rt_check(ctx, sp, ubs, ps, &m) < 0)
		return -1;
	fprintf(out, "// sluice configuration image (--runtime-config, docs/pub.md): one bus write\n"
		"// a word, (cfg_addr << %d) | cfg_data, %d-bit cfg_addr, %d-bit cfg_data;\n"
		"// %s the schedules, the run length, then CONFIGURED\n",
		m.cw, m.ta, m.cw, ps ? "the tiles' registers," : "the line buffers' lengths after");
	if (ps)
		rt_tile_words(ps, &m, out);
	int j = 0;
	rt_sched_words(sp, &m, &j, out);
	if (!ps)
		rt_len_words(ubs, &m, &j, out);
	rt_vshift_words(ubs, ps, &m, &j, out);
	rt_circ_words(ubs, ps, &m, &j, out);
	rt_stream_words(sp, &m, &j, out);
	uint64_t run = rt_run(sp, &m);
	rt_word(out, &m, m.base + j++, run);
	rt_word(out, &m, m.base + j++, run >> m.cw);
	rt_word(out, &m, m.base + j, 1);
	return ferror(out) ? -1 : 0;
}

/* The address of stream k's ROW_LAST (which 0), ROWS_LAST (1) or TAIL
 * (2): after the registers of the streams before it. */
const char *rtl_rt_stream_addr(rtl_gen *g, int k, int which)
{
	rt_map m;
	rt_map_gen(g, &m);
	int i = 0, tails = 0;
	while (i < g->sp->n_stmts && rt_n_streams(g->sp, i + 1, &tails) <= k)
		i++;
	rt_n_streams(g->sp, i, &tails);
	return rt_addr(g, &m, rt_streams_at(&m) + 2 * k + tails + which);
}

/* The bits of an extent in the configuration registers. */
int rtl_rt_ext_bits(const rtl_gen *g)
{
	rt_map m;
	rt_map_gen(g, &m);
	return m.xw;
}

void rtl_rt_bus_bits(const rtl_gen *g, int *ta, int *cw)
{
	rt_map m;
	rt_map_gen(g, &m);
	*ta = m.ta;
	*cw = m.cw;
}
