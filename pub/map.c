/* pub/map.c: unified buffers mapped onto the push-memory tile sl_pub.
 * Stage: pub (after ub_set_build), before rtlgen.  For a buffer whose
 * read ports all read at constant delays (a delay chain):
 *   - group the read ports: ports within register_threshold cycles of the
 *     group's least delay share one tile output and a delay line of
 *     registers; groups too close to the write for the tile's latency
 *     read a delay line on the producer's stream;
 *   - vectorize to the fetch width FW: the aggregator packs FW words of
 *     the write stream (row by row, a row padded to whole SRAM words)
 *     into one wide write (WR), an output's words are read FW at a time
 *     (RD) into its transpose buffer and presented one a cycle (OUT);
 *   - place every WR and RD in a cycle of its own within the window the
 *     aggregator and transpose buffer allow (the port-rate rule and the
 *     no-collision property, each placement proved with isl; a located
 *     error with the first colliding cycle when none exists);
 *   - fold each controller's loop nest into at most LEVELS levels and
 *     check every extent, start and delta fits the CW-bit fields;
 *   - chain tiles in series when the groups need more outputs or more
 *     SRAM words than one tile has: an output of tile k is tile k+1's
 *     input stream;
 *   - with parameters left to the fit, try each buffer at fetch widths
 *     4 .. 64 (then one output a tile) and keep it native with the
 *     refusal when none maps;
 *   - run every tile's configuration through the tile model (model.c)
 *     on element identities: every word an output presents is the one
 *     its port reads, and the counts are the model's.
 * The register map, timing and rules are docs/pub.md's; the mapping is
 * docs/pub_mapping.md.  A pub_set owns its buffers' tiles and
 * controllers (heap); isl objects live only inside one call. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>

#include "pub/pub.h"

/* The most tiles one buffer takes, in series or side by side. */
enum { PUB_MAX_TILES = 4 };

/* A stream of one word a fire: the elements of a box (producer
 * coordinates) in row-major order, element i at t0 + sum coef[d]*(i-lo). */
typedef struct stream {
	int n;
	int64_t lo[SCHED_MAX_DIMS], ext[SCHED_MAX_DIMS], coef[SCHED_MAX_DIMS];
	int64_t t0;
} stream;

/* Read ports of one buffer sharing a tile output (or, below the tile's
 * least delay, a delay line on the producer's stream). */
typedef struct group {
	int64_t dmin, dmax;	/* cycles from write to read */
	int64_t dist;		/* distance in writes of the dmin port */
	int64_t lo[SCHED_MAX_DIMS], hi[SCHED_MAX_DIMS];	/* elements read: bounding box */
	bool sram;
	/* Reads in passes (sched_passes): the box again every "period" cycles,
	 * npass times, from dmin; port is the one port it serves.  Ordinary
	 * groups: npass 1, port 0. */
	int64_t npass, period;
	int port;
} group;

static int64_t stream_time(const stream *s, const int64_t *e)
{
	int64_t t = s->t0;
	for (int d = 0; d < s->n; d++)
		t += s->coef[d] * (e[d] - s->lo[d]);
	return t;
}

/* Do the stream's times grow in row-major order (each element after the
 * last of the box inside the dimension before it)? */
static bool stream_in_order(const stream *s)
{
	for (int d = 0; d < s->n; d++) {
		int64_t inner = 0;
		for (int k = d + 1; k < s->n; k++)
			inner += s->coef[k] * (s->ext[k] - 1);
		if (s->ext[d] > 1 && s->coef[d] <= inner)
			return false;
	}
	return true;
}

/* The elements port "port" reads, as a box: the bounding box of its
 * access's range (isl). */
static int port_box(isl_ctx *isl, const ub_port *port, int n, int64_t *lo, int64_t *hi)
{
	isl_set *r = isl_map_range(sched_access_map(isl, port->stmt, port->access));
	int rc = 0;
	for (int d = 0; d < n && rc == 0; d++) {
		if (!sched_val_to_int(isl_set_dim_min_val(isl_set_copy(r), d), &lo[d]) ||
		    !sched_val_to_int(isl_set_dim_max_val(isl_set_copy(r), d), &hi[d]))
			rc = -1;
	}
	isl_set_free(r);
	return rc;
}

static int cmp_delay(const void *a, const void *b, void *arg)
{
	const ub_port *p = arg;
	int64_t x = p[*(const int *) a].delay, y = p[*(const int *) b].delay;
	return (x > y) - (x < y);
}

/* Sort port numbers 1.. by delay (insertion sort: few ports). */
static void sort_ports(const ub_buffer *buf, int *order)
{
	int n = buf->n_ports - 1;
	for (int i = 0; i < n; i++)
		order[i] = i + 1;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && cmp_delay(&order[j - 1], &order[j], buf->ports) > 0; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

/* The least delay a tile output can serve: the last word of an SRAM word
 * arrives (FW-1) stream steps after the first, then WR (+1), RD (+1), the
 * transpose buffer (+2) and the output register (+1); FW more steps leave
 * the placement room. */
static int64_t tile_min_delay(const pub_params *p, int64_t cx)
{
	return (2 * p->fw - 1) * cx + 5;
}

/* An upper bound on the writes of stream "w" after an element, "delay"
 * cycles after it: at most one each cx cycles, at most all but one. */
static int64_t dist_bound(const stream *w, int64_t delay)
{
	int64_t n = 1;
	for (int d = 0; d < w->n; d++)
		n *= w->ext[d];
	int64_t b = delay / w->coef[w->n - 1];
	return b < n - 1 ? b : n - 1;
}

/* Insert "x" into g[0 .. *ng-1], kept in order of dmin. */
static void insert_group(group *g, int *ng, const group *x)
{
	int i = *ng;
	while (i > 0 && g[i - 1].dmin > x->dmin) {
		g[i] = g[i - 1];
		i--;
	}
	g[i] = *x;
	(*ng)++;
}

/* The read groups of "buf", by delay ("pass": each port's passes, every
 * port one pass of its delay unless the buffer is read in passes); NULL
 * (reported) on an isl error. */
/* Port p (one pass at delay ps->d0, reading the box lo..hi) joins the
 * last group when within "threshold" of its first delay, else opens a
 * group of its own. */
static void join_group(group *g, int *ng, const ub_port *p, const sched_passes *ps,
	const stream *w, const int64_t *lo, const int64_t *hi, int nv, int64_t threshold)
{
	group *cur = *ng ? &g[*ng - 1] : NULL;
	if (!cur || ps->d0 - cur->dmin >= (threshold > 1 ? threshold : 1)) {
		cur = &g[(*ng)++];
		cur->dmin = ps->d0;
		cur->dist = p->dist_const ? p->dist : dist_bound(w, ps->d0);
		cur->npass = 1;
		memcpy(cur->lo, lo, sizeof(cur->lo));
		memcpy(cur->hi, hi, sizeof(cur->hi));
	}
	cur->dmax = ps->d0;
	for (int d = 0; d < nv; d++) {
		cur->lo[d] = lo[d] < cur->lo[d] ? lo[d] : cur->lo[d];
		cur->hi[d] = hi[d] > cur->hi[d] ? hi[d] : cur->hi[d];
	}
}

/* A port read in passes ("port", reading the box lo..hi): its own
 * group; when its first pass is too close to the write for the tile,
 * that pass reads the producer's stream (a group of registers) and the
 * tile serves the rest. */
static void add_pass_group(group *g, int *ng, int port, const sched_passes *ps,
	const int64_t *lo, const int64_t *hi, const stream *w, int64_t min_delay)
{
	group x = { 0 };
	memcpy(x.lo, lo, sizeof(x.lo));
	memcpy(x.hi, hi, sizeof(x.hi));
	x.port = port;
	x.dmin = x.dmax = ps->d0;
	x.npass = ps->n;
	x.period = ps->period;
	if (ps->d0 < min_delay) {
		group r = x;
		r.npass = 1;
		insert_group(g, ng, &r);
		x.dmin = x.dmax = ps->d0 + ps->period;
		x.npass = ps->n - 1;
	}
	x.dist = dist_bound(w, x.dmin + (x.npass - 1) * x.period);
	insert_group(g, ng, &x);
}

static group *make_groups(sl_ctx *ctx, isl_ctx *isl, const ub_buffer *buf, const stream *w,
	const sched_passes *pass, int64_t threshold, int64_t min_delay, int *n_groups)
{
	int n = buf->n_ports - 1, ng = 0, nv = buf->producer->n_vars;
	int *order = sl_xcalloc((size_t) n, sizeof(int));
	group *g = sl_xcalloc((size_t) 2 * (size_t) n, sizeof(group));
	int64_t (*box)[2][SCHED_MAX_DIMS] = sl_xcalloc((size_t) n, sizeof(*box));
	sort_ports(buf, order);
	for (int i = 0; i < n; i++) {
		const ub_port *p = &buf->ports[order[i]];
		const sched_passes *ps = &pass[order[i]];
		int64_t *lo = box[i][0], *hi = box[i][1];
		if (port_box(isl, p, nv, lo, hi) < 0) {
			sl_error(ctx, buf->producer->decl->loc, "cannot map the buffer of '%s' "
				"onto the push-memory tile: %s", buf->name,
				isl_ctx_last_error_msg(isl) ? isl_ctx_last_error_msg(isl) : "isl");
			free(order);
			free(g);
			free(box);
			return NULL;
		}
		if (ps->n <= 1)
			join_group(g, &ng, p, ps, w, lo, hi, nv, threshold);
	}
	/* a port read in passes: its own group; when its first pass is too
	 * close to the write for the tile, that pass reads the producer's
	 * stream (a group of registers) and the tile serves the rest */
	for (int i = 0; i < n; i++)
		if (pass[order[i]].n > 1)
			add_pass_group(g, &ng, order[i], &pass[order[i]], box[i][0], box[i][1], w,
				min_delay);
	for (int i = 0; i < ng; i++)
		g[i].sram = g[i].dmin >= min_delay;
	free(order);
	free(box);
	*n_groups = ng;
	return g;
}

/* ------------------------------------------------------------ controllers */

static const char *const kind_names[] = { "IN", "WR", "RD", "OUT" };

/* "RD_1" (with the tile when the buffer has several). */
static void ctrl_name(const pub_ctrl *c, int tile, int n_tiles, char *out, size_t len)
{
	if (n_tiles > 1)
		snprintf(out, len, "tile %d %s_%d", tile, kind_names[c->kind], c->port);
	else
		snprintf(out, len, "%s_%d", kind_names[c->kind], c->port);
}

static int64_t mod_pow2(int64_t v, int bits)
{
	int64_t m = (int64_t) 1 << bits;
	return ((v % m) + m) % m;
}

/* Set level l (0 innermost) of "c". */
static void ctrl_level(pub_ctrl *c, int l, int64_t ext, int64_t sg, int64_t ag)
{
	c->ext[l] = ext;
	c->sg[l] = sg;
	c->ag[l] = ag;
	if (l + 1 > c->n_levels)
		c->n_levels = l + 1;
}

/* Drop levels of extent 1 and merge a level into the one inside it when
 * its strides continue the inner level's (sg[l+1] = sg[l]*ext[l], the
 * same for the address modulo 2^agw) and the product still fits the
 * extent field: the fewest levels that walk the same points. */
static void ctrl_fold(pub_ctrl *c, int ew)
{
	int m = 0;
	for (int l = 0; l < c->n_levels; l++)
		if (c->ext[l] > 1) {
			c->ext[m] = c->ext[l];
			c->sg[m] = c->sg[l];
			c->ag[m] = c->ag[l];
			m++;
		}
	c->n_levels = m;
	for (int l = 0; l + 1 < c->n_levels;) {
		bool cont = c->sg[l + 1] == c->sg[l] * c->ext[l] &&
			mod_pow2(c->ag[l + 1], c->agw) == mod_pow2(c->ag[l] * c->ext[l], c->agw);
		if (!cont || c->ext[l] * c->ext[l + 1] - 1 >= ((int64_t) 1 << ew)) {
			l++;
			continue;
		}
		c->ext[l] *= c->ext[l + 1];
		for (int k = l + 1; k + 1 < c->n_levels; k++) {
			c->ext[k] = c->ext[k + 1];
			c->sg[k] = c->sg[k + 1];
			c->ag[k] = c->ag[k + 1];
		}
		c->n_levels--;
	}
}

static int64_t ctrl_fires(const pub_ctrl *c)
{
	int64_t n = c->enable ? 1 : 0;
	for (int l = 0; l < c->n_levels; l++)
		n *= c->ext[l];
	return n;
}

/* The true schedule delta of level l: cycles between the fire before the
 * level increments and the one after. */
static int64_t ctrl_delta(const pub_ctrl *c, int l)
{
	int64_t d = c->sg[l];
	for (int k = 0; k < l; k++)
		d -= c->sg[k] * (c->ext[k] - 1);
	return d;
}

/* The tile layout of a stream: the padded write index of each element
 * (rows padded to whole SRAM words), its strides per dimension. */
typedef struct layout {
	int n;
	int64_t lo[SCHED_MAX_DIMS];
	int64_t pstride[SCHED_MAX_DIMS];
	int64_t wpr;		/* SRAM words per row (innermost dimension) */
	int64_t last_lanes;	/* words in the last SRAM word of a row */
	int64_t frames, period;	/* frames back to back, cycles apart */
	int64_t frame_pidx;	/* padded write indices per frame */
} layout;

static void make_layout(const stream *in, const pub_params *p, int64_t frame_period,
	layout *L)
{
	int fw = p->fw;
	int n = in->n;
	L->n = n;
	memcpy(L->lo, in->lo, sizeof(L->lo));
	L->wpr = (in->ext[n - 1] + fw - 1) / fw;
	L->last_lanes = in->ext[n - 1] - (L->wpr - 1) * fw;
	L->pstride[n - 1] = 1;
	int64_t s = L->wpr * fw;
	for (int d = n - 2; d >= 0; d--) {
		L->pstride[d] = s;
		s *= in->ext[d];
	}
	L->frame_pidx = s;
	L->frames = p->frames > 1 ? p->frames : 1;
	L->period = frame_period;
}

/* With several frames, the outermost level of "c": the next frame,
 * "period" cycles later, its address "ag" further on. */
static void frame_level(pub_ctrl *c, const layout *L, int64_t ag)
{
	if (L->frames > 1)
		ctrl_level(c, c->n_levels, L->frames, L->period, ag);
}

static int64_t layout_pidx(const layout *L, const int64_t *e)
{
	int64_t p = 0;
	for (int d = 0; d < L->n; d++)
		p += (e[d] - L->lo[d]) * L->pstride[d];
	return p;
}

/* IN_0: every element of the input stream into aggregator slot
 * pidx mod 2FW. */
static void build_in(pub_ctrl *c, const stream *in, const layout *L, int fw)
{
	int n = in->n;
	c->sg_start = in->t0;
	c->ag_start = 0;
	for (int d = 0; d < n; d++)
		ctrl_level(c, n - 1 - d, in->ext[d], in->coef[d], mod_pow2(L->pstride[d], sl_clog2(2 * fw)));
	frame_level(c, L, mod_pow2(L->frame_pidx, sl_clog2(2 * fw)));
}

/* WR_0: one wide write per SRAM word, u cycles after the cycle after
 * the IN of its last lane (extrapolated for a padded word); address
 * word index mod 2^AW. */
static void build_wr(pub_ctrl *c, const stream *in, const layout *L, int fw, int64_t u)
{
	int n = in->n;
	int64_t cx = in->coef[n - 1];
	c->sg_start = in->t0 + (fw - 1) * cx + 1 + u;
	c->ag_start = 0;
	ctrl_level(c, 0, L->wpr, fw * cx, 1);
	for (int d = n - 2; d >= 0; d--)
		ctrl_level(c, n - 1 - d, in->ext[d], in->coef[d], L->pstride[d] / fw);
	frame_level(c, L, L->frame_pidx / fw);
}

/* The output stream of group "g" on a tile whose input is "in", read
 * "rel" cycles after the input: OUT fires a cycle before the word is
 * due (it is registered). */
static void group_stream(const stream *in, const group *g, int64_t rel, stream *out)
{
	*out = *in;
	for (int d = 0; d < in->n; d++) {
		out->lo[d] = g->lo[d];
		out->ext[d] = g->hi[d] - g->lo[d] + 1;
	}
	out->t0 = stream_time(in, g->lo) + rel - 1;
}

/* RD_j and OUT_j for output stream "os" (inside the input box), the RD
 * s cycles before the latest cycle the transpose buffer allows. */
static void build_rd_out(pub_ctrl *rd, pub_ctrl *out, const stream *os, const layout *L,
	int fw, int64_t s, int64_t npass, int64_t period)
{
	int n = os->n;
	int64_t cx = os->coef[n - 1];
	int64_t c0 = os->lo[n - 1] - L->lo[n - 1], c1 = c0 + os->ext[n - 1] - 1;
	int64_t q0 = c0 / fw, nq = c1 / fw - q0 + 1;
	int64_t e0[SCHED_MAX_DIMS];
	memcpy(e0, os->lo, sizeof(e0));
	e0[n - 1] = L->lo[n - 1] + q0 * fw;
	rd->sg_start = stream_time(os, e0) - 2 - s;
	rd->ag_start = layout_pidx(L, e0) / fw;
	ctrl_level(rd, 0, nq, fw * cx, 1);
	out->sg_start = os->t0;
	out->ag_start = mod_pow2(c0 - fw * q0, sl_clog2(2 * fw));
	ctrl_level(out, 0, os->ext[n - 1], cx, 1);
	int64_t slots = nq * fw;	/* TB slots per row of the output */
	for (int d = n - 2; d >= 0; d--) {
		int l = n - 1 - d;
		ctrl_level(rd, l, os->ext[d], os->coef[d], L->pstride[d] / fw);
		ctrl_level(out, l, os->ext[d], os->coef[d], mod_pow2(slots, sl_clog2(2 * fw)));
		slots *= os->ext[d];
	}
	/* passes: the same words again, every period cycles; the transpose
	 * buffer's slots go on from where the pass before left them */
	if (npass > 1) {
		ctrl_level(rd, n, npass, period, 0);
		ctrl_level(out, n, npass, period, mod_pow2(slots, sl_clog2(2 * fw)));
	}
	frame_level(rd, L, L->frame_pidx / fw);
	frame_level(out, L, mod_pow2(slots * (npass > 1 ? npass : 1), sl_clog2(2 * fw)));
}

/* ------------------------------------------------------------ placement */

/* { [t] : c fires at t } */
static __isl_give isl_set *fire_set(isl_ctx *isl, const pub_ctrl *c)
{
	char buf[2048];
	int k = snprintf(buf, sizeof buf, "{ [t] : exists (");
	for (int l = 0; l < c->n_levels; l++)
		k += snprintf(buf + k, sizeof buf - (size_t) k, "%si%d", l ? ", " : "", l);
	if (c->n_levels == 0)
		k += snprintf(buf + k, sizeof buf - (size_t) k, "z");
	k += snprintf(buf + k, sizeof buf - (size_t) k, " : t = %lld", (long long) c->sg_start);
	for (int l = 0; l < c->n_levels; l++)
		k += snprintf(buf + k, sizeof buf - (size_t) k, " + %lld i%d", (long long) c->sg[l], l);
	for (int l = 0; l < c->n_levels; l++)
		k += snprintf(buf + k, sizeof buf - (size_t) k, " and 0 <= i%d < %lld", l,
			(long long) c->ext[l]);
	if (c->n_levels == 0)
		k += snprintf(buf + k, sizeof buf - (size_t) k, " and z = 0");
	snprintf(buf + k, sizeof buf - (size_t) k, ") }");
	return isl_set_read_from_str(isl, buf);
}

/* The first cycle both a and b fire in, or -1 when none (isl proves the
 * intersection empty); -2 on an isl error. */
static int64_t first_collision(isl_ctx *isl, const pub_ctrl *a, const pub_ctrl *b)
{
	isl_set *both = isl_set_intersect(fire_set(isl, a), fire_set(isl, b));
	isl_bool empty = isl_set_is_empty(both);
	int64_t t = -2;
	if (empty == isl_bool_true)
		t = -1;
	else if (empty == isl_bool_false && !sched_val_to_int(isl_set_dim_min_val(
			isl_set_copy(both), 0), &t))
		t = -2;
	isl_set_free(both);
	return t;
}

/* ------------------------------------------------------------ one tile */

/* What one tile serves: its input stream and its output groups. */
typedef struct tile_plan {
	stream in;
	int64_t base;		/* delay of the input from the producer's write */
	int first, n;		/* groups first .. first+n-1 (SRAM groups) */
	int feeds;		/* the output feeding the next tile, or -1 */
} tile_plan;

static pub_ctrl *tile_ctrl(pub_tile *t, const pub_params *p, pub_kind k, int port)
{
	int base[] = { 0, p->n_in, 2 * p->n_in, 2 * p->n_in + p->n_out };
	return &t->ctrl[base[k] + port];
}

static void tile_alloc(pub_tile *t, const pub_params *p)
{
	int aw = sl_addr_bits(p->depth), sw = sl_clog2(2 * p->fw);
	t->n_ctrl = 2 * (p->n_in + p->n_out);
	t->ctrl = sl_xcalloc((size_t) t->n_ctrl, sizeof(pub_ctrl));
	for (int i = 0; i < t->n_ctrl; i++) {
		pub_ctrl *c = &t->ctrl[i];
		int k = i < p->n_in ? 0 : i < 2 * p->n_in ? 1 : i < 2 * p->n_in + p->n_out ? 2 : 3;
		int first[] = { 0, p->n_in, 2 * p->n_in, 2 * p->n_in + p->n_out };
		c->kind = (pub_kind) k;
		c->port = i - first[k];
		c->agw = k == PUB_WR || k == PUB_RD ? aw : sw;
	}
	t->feeds = -1;
}

/* Report a collision of "a" (placed last) with "b" at cycle t; -1. */
static int report_collision(sl_ctx *ctx, const ub_buffer *buf, const pub_params *p,
	const pub_ctrl *a, const pub_ctrl *b, int64_t t, int tile, int n_tiles, int n_rd,
	int64_t cx)
{
	char na[48], nb[48];
	ctrl_name(a, tile, n_tiles, na, sizeof na);
	ctrl_name(b, tile, n_tiles, nb, sizeof nb);
	int64_t period = p->fw * cx;
	sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s' would access "
		"its single-port SRAM twice in cycle %lld (%s and %s): one wide write and %d "
		"wide read%s every %lld cycle%s (FW %d)%s", buf->name, (long long) t, nb, na,
		n_rd, n_rd == 1 ? "" : "s", (long long) period, period == 1 ? "" : "s", p->fw,
		1 + n_rd > period ? ", more accesses than the port has cycles (the port-rate rule)"
			: ", and no placement within the aggregator's and transpose buffers' "
			"windows keeps them apart");
	return -1;
}

/* The most cycles RD "rd" (built for output stream "os") may fire earlier
 * than the latest its transpose buffer allows, by rule 4 of docs/pub.md
 * ("What the compiler must prove"): the k-th read's row is refilled by
 * read k+2, which must come no earlier than a cycle before the row's last
 * word is presented.  Inside a row reads are FW cx apart and that gives
 * (FW+1) cx - 1; across rows, passes and frames the next reads may come
 * sooner (a row of 13 words at FW 4: the last word holds one, and the
 * next row's first read follows it one cycle after its lane 0), so every
 * read of the walk is checked.  INT64_MAX when there are fewer than 3. */
static int64_t tb_slack(const pub_ctrl *rd, const stream *os, const layout *L, int fw)
{
	int n = os->n;
	int64_t cx = os->coef[n - 1];
	int64_t c0 = os->lo[n - 1] - L->lo[n - 1], c1 = c0 + os->ext[n - 1] - 1;
	int64_t idx[PUB_MAX_LEVELS] = { 0 }, t[2] = { 0 }, off[2] = { 0 };
	int64_t slack = INT64_MAX;
	for (int64_t k = 0;; k++) {
		int64_t tk = rd->sg_start;
		for (int l = 0; l < rd->n_levels; l++)
			tk += rd->sg[l] * idx[l];
		if (k >= 2 && tk - t[k % 2] - 1 - off[k % 2] < slack)
			slack = tk - t[k % 2] - 1 - off[k % 2];
		int64_t q = c0 / fw + idx[0], hi = q * fw + fw - 1 < c1 ? q * fw + fw - 1 : c1;
		t[k % 2] = tk;
		off[k % 2] = (hi - q * fw) * cx;
		int l = 0;
		while (l < rd->n_levels && idx[l] == rd->ext[l] - 1)
			idx[l++] = 0;
		if (l == rd->n_levels)
			return slack;
		idx[l]++;
	}
}

/* Place WR_0 and every RD_j of a built tile in cycles of their own: WR at
 * the earliest cycle its last word allows (u = 0) or later, each RD at
 * the latest its transpose buffer allows (s = 0) or earlier, the first
 * offset isl proves collision-free.  0, or -1 (reported). */
/* Does RD_j "rd" meet the WR "wr" or an earlier RD in the SRAM?  0 no;
 * 1 yes, the first such cycle in *c against *b; -1 on an isl error
 * (reported). */
static int rd_collides(sl_ctx *ctx, isl_ctx *isl, const ub_buffer *buf, pub_tile *t,
	const pub_params *p, const pub_ctrl *wr, const pub_ctrl *rd, int j, int64_t *c,
	const pub_ctrl **b)
{
	for (int k = -1; k < j; k++) {
		*b = k < 0 ? wr : tile_ctrl(t, p, PUB_RD, k);
		*c = first_collision(isl, rd, *b);
		if (*c == -2) {
			sl_error(ctx, buf->producer->decl->loc, "cannot place the SRAM "
				"accesses of '%s' on the push-memory tile: %s", buf->name,
				isl_ctx_last_error_msg(isl) ? isl_ctx_last_error_msg(isl)
					: "an isl error");
			return -1;
		}
		if (*c >= 0)
			return 1;
	}
	return 0;
}

static int place(sl_ctx *ctx, isl_ctx *isl, const ub_buffer *buf, const pub_params *p,
	pub_tile *t, const tile_plan *tp, const layout *L, const stream *outs,
	const int64_t *rel, const int64_t *npass, const int64_t *period, int tile, int n_tiles)
{
	int64_t cx = tp->in.coef[tp->in.n - 1];
	pub_ctrl *wr = tile_ctrl(t, p, PUB_WR, 0);
	/* the earliest cycle: the aggregator row of word g is refilled only
	 * by word g+2's first lane, at least (last_lanes + 1) cx cycles later */
	int64_t u = 0;
	build_wr(wr, &tp->in, L, p->fw, u);
	wr->enable = true;
	for (int j = 0; j < tp->n; j++) {
		pub_ctrl *rd = tile_ctrl(t, p, PUB_RD, j), *out = tile_ctrl(t, p, PUB_OUT, j);
		/* RD after the WR of its word, and RD k+2 after the last OUT of
		 * RD k's row. */
		int64_t smax = (p->fw + 1) * cx - 1;
		int64_t s_raw = rel[j] - 5 - (p->fw - 1) * cx - u;
		if (s_raw < smax)
			smax = s_raw;
		memset(rd, 0, offsetof(pub_ctrl, agw));
		memset(out, 0, offsetof(pub_ctrl, agw));
		build_rd_out(rd, out, &outs[j], L, p->fw, 0, npass[j], period[j]);
		int64_t tb = tb_slack(rd, &outs[j], L, p->fw);
		if (tb < smax)
			smax = tb;
		int64_t first_t = -1;
		const pub_ctrl *first_b = NULL;
		bool placed = false;
		for (int64_t s = 0; s <= smax && !placed; s++) {
			memset(rd, 0, offsetof(pub_ctrl, agw));
			memset(out, 0, offsetof(pub_ctrl, agw));
			rd->kind = PUB_RD;
			out->kind = PUB_OUT;
			rd->port = out->port = j;
			build_rd_out(rd, out, &outs[j], L, p->fw, s, npass[j], period[j]);
			rd->enable = out->enable = true;
			int64_t c;
			const pub_ctrl *b;
			int col = rd_collides(ctx, isl, buf, t, p, wr, rd, j, &c, &b);
			if (col < 0)
				return -1;
			placed = col == 0;
			if (col == 1 && s == 0) {
				first_t = c;
				first_b = b;
			}
		}
		if (!placed) {
			if (!first_b) {
				sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s' "
					"has no cycle for RD_%d: its delay leaves no room", buf->name, j);
				return -1;
			}
			build_rd_out(rd, out, &outs[j], L, p->fw, 0, npass[j], period[j]);
			return report_collision(ctx, buf, p, rd, first_b, first_t, tile, n_tiles,
				tp->n, cx);
		}
	}
	return 0;
}

/* The narrowest extent width that holds controller "c" in "levels" loop
 * levels (folding only what it must), or PUB_MAX_WIDTH + 1. */
static int ctrl_min_ew(const pub_ctrl *c, int levels)
{
	for (int e = 2; e <= PUB_MAX_WIDTH; e++) {
		pub_ctrl f = *c;
		ctrl_fold(&f, e);
		bool fits = f.n_levels <= levels;
		for (int l = 0; fits && l < f.n_levels; l++)
			fits = f.ext[l] - 1 < ((int64_t) 1 << e);
		if (fits)
			return e;
	}
	return PUB_MAX_WIDTH + 1;
}

/* Check every configuration field of the tile's controllers fits: the
 * levels (after folding), the extents in EW bits, the starts and deltas
 * in CW bits.  0, or -1 with a located error naming the field, its value
 * and the width that would hold it. */
static int check_fields(sl_ctx *ctx, const ub_buffer *buf, const pub_params *p,
	pub_tile *t, int tile, int n_tiles)
{
	int64_t lim = (int64_t) 1 << p->cw, elim = (int64_t) 1 << p->ew;
	for (int i = 0; i < t->n_ctrl; i++) {
		pub_ctrl *c = &t->ctrl[i];
		char nm[48], field[32];
		int64_t v = 0;
		bool ext = false;
		if (!c->enable)
			continue;
		for (int L = 1; L <= PUB_MAX_LEVELS; L++)
			c->ew_need[L] = ctrl_min_ew(c, L);
		ctrl_fold(c, p->ew);
		ctrl_name(c, tile, n_tiles, nm, sizeof nm);
		if (c->n_levels > p->levels) {
			sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s': %s "
				"needs %d loop levels, the tile has %d (--pub-levels)", buf->name, nm,
				c->n_levels, p->levels);
			return -1;
		}
		field[0] = 0;
		if (c->sg_start < 0 || c->sg_start >= lim) {
			snprintf(field, sizeof field, "SG_START");
			v = c->sg_start;
		}
		for (int l = 0; !field[0] && l < c->n_levels; l++) {
			int64_t d = ctrl_delta(c, l);
			if (c->ext[l] - 1 >= elim) {
				snprintf(field, sizeof field, "EXT_M1[%d]", l);
				v = c->ext[l] - 1;
				ext = true;
			} else if (d < 1 || d >= lim) {
				snprintf(field, sizeof field, "SG_DELTA[%d]", l);
				v = d;
			}
		}
		if (field[0]) {
			int have = ext ? p->ew : p->cw;
			int need = sl_clog2(v + 1) > have ? sl_clog2(v + 1) : have + 1;
			sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s': %s's "
				"%s is %lld, %s the %d-bit %s fields%s%d would fit)",
				buf->name, nm, field, (long long) v, v < 1 ? "outside" : "past", have,
				ext ? "extent" : "configuration", v < 1 ? " (" :
				ext ? " (--pub-ext-width " : " (--pub-width ", need);
			return -1;
		}
	}
	return 0;
}

/* Fetch widths a buffer tries when the set's is 0 (fit), smallest first:
 * from 4 up, since below 4 a tile cannot serve the common 3-row
 * stencil's two reads (the port-rate rule), so 1 and 2 are left to
 * --fetch. */
static const int fit_fws[] = { 4, 8, 16, 32, 64 };

/* The tile that holds every field of the mapped tiles of "ps" (mapped
 * at the widest tile "want" allows: 62-bit fields and 16 levels where it
 * gives none) in the fewest flip-flops (pub_ctrl_flops), keeping what
 * "want" gives (non-zero): for L levels, EW is the narrowest in which
 * every controller's nest fits L levels (folding only as far as it
 * must), CW the narrowest that holds every start and true delta (folding
 * does not change them), the SRAM address and EW.  Ties go to fewer
 * levels.  The wide tile itself holds them, so there is always one. */
static pub_params fit_tile(const pub_set *ps, const pub_params *want)
{
	int aw = sl_addr_bits(ps->params.depth);
	int w = aw > 2 ? aw : 2, ew[PUB_MAX_LEVELS + 1], fw = 0, outs = 1;
	for (int L = 1; L <= PUB_MAX_LEVELS; L++)
		ew[L] = 2;
	for (int b = 0; b < ps->n_bufs; b++)
		for (int k = 0; pub_on_tiles(&ps->bufs[b]) && k < ps->bufs[b].n_tiles; k++) {
			const pub_tile *t = &ps->bufs[b].tiles[k];
			fw = ps->bufs[b].params.fw > fw ? ps->bufs[b].params.fw : fw;
			outs = t->n_outs > outs ? t->n_outs : outs;
			for (int i = 0; i < t->n_ctrl; i++) {
				const pub_ctrl *c = &t->ctrl[i];
				if (!c->enable)
					continue;
				for (int L = 1; L <= PUB_MAX_LEVELS; L++)
					if (c->ew_need[L] > ew[L])
						ew[L] = c->ew_need[L];
				if (sl_clog2(c->sg_start + 1) > w)
					w = sl_clog2(c->sg_start + 1);
				for (int l = 0; l < c->n_levels; l++)
					if (sl_clog2(ctrl_delta(c, l) + 1) > w)
						w = sl_clog2(ctrl_delta(c, l) + 1);
			}
		}
	pub_params fit = ps->params;
	/* the design's fetch width: the user's, or the widest of its buffers
	 * on tiles (each buffer keeps its own, pub_buf's params) */
	fit.fw = want->fw ? want->fw : fw ? fw : fit_fws[0];
	fit.n_in = want->n_in ? want->n_in : 1;
	fit.n_out = want->n_out ? want->n_out : outs;
	int64_t best = pub_ctrl_flops(&fit);
	for (int L = want->levels ? want->levels : 1;
	     L <= (want->levels ? want->levels : PUB_MAX_LEVELS); L++) {
		pub_params q = *want;
		q.fw = fit.fw;
		q.n_in = fit.n_in;
		q.n_out = fit.n_out;
		q.levels = L;
		q.ew = want->ew ? want->ew : ew[L];
		q.cw = want->cw ? want->cw : w > q.ew ? w : q.ew;
		if (q.ew > PUB_MAX_WIDTH || q.ew < ew[L] || q.ew > q.cw)
			continue;
		int64_t f = pub_ctrl_flops(&q);
		if (f < best || (f == best && L < fit.levels)) {
			fit = q;
			best = f;
		}
	}
	return fit;
}

/* The counts of a tile from its controllers' extents. */
static void tile_counts(const pub_tile *t, pub_counts *c)
{
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < t->n_ctrl; i++) {
		const pub_ctrl *k = &t->ctrl[i];
		int64_t f = ctrl_fires(k);
		c->steps += f;
		switch (k->kind) {
		case PUB_IN: c->agg_writes += f; break;
		case PUB_WR: c->sram_writes += f; break;
		case PUB_RD: c->sram_reads += f; break;
		case PUB_OUT:
			c->tb_reads += f;
			if (k->port < 8)
				c->tb_reads_port[k->port] = f;
			break;
		}
	}
}

/* Does controller "c" repeat "s" (the same kind and AGW, extents and
 * delta registers, enabled both)? */
static bool ctrl_repeats(const pub_params *p, const pub_ctrl *c, const pub_ctrl *s)
{
	int64_t rc[3 * PUB_MAX_LEVELS + 3], rs[3 * PUB_MAX_LEVELS + 3];
	if (!c->enable || !s->enable || c->kind != s->kind || c->agw != s->agw)
		return false;
	pub_ctrl_regs(p, c, rc);
	pub_ctrl_regs(p, s, rs);
	return !memcmp(rc + 3, rs + 3, sizeof(int64_t) * (size_t) (3 * p->levels));
}

/* The one decision of sharing (docs/pub_mapping.md "Shared controllers"), on a
 * tile with constant configuration: each controller, in register-map
 * order, repeats the first controller that it repeats (ctrl_repeats)
 * 0 .. PUB_MAX_SHARE_DELAY cycles later and that follows none; a
 * controller followed follows none. */
static void share_ctrls(const pub_params *p, pub_tile *t)
{
	bool *followed = sl_xcalloc((size_t) t->n_ctrl, sizeof(bool));
	for (int c = 0; c < t->n_ctrl; c++) {
		pub_ctrl *k = &t->ctrl[c];
		for (int s = 0; !followed[c] && s < t->n_ctrl; s++) {
			int64_t d = k->sg_start - t->ctrl[s].sg_start;
			if (s == c || t->ctrl[s].shared || d < 0 || d > PUB_MAX_SHARE_DELAY ||
			    !ctrl_repeats(p, k, &t->ctrl[s]))
				continue;
			k->shared = true;
			k->src = s;
			k->delay = (int) d;
			followed[s] = true;
			break;
		}
	}
	free(followed);
}

/* Build, place, fold, check and model tile "tile" of plan "tp". */
static int build_tile(sl_ctx *ctx, isl_ctx *isl, const pub_set *ps, pub_buf *pb,
	const group *g, const tile_plan *tp, int tile)
{
	const pub_params *p = &pb->params;
	pub_tile *t = &pb->tiles[tile];
	layout L;
	stream outs[8];
	int64_t rel[8], npass[8], period[8];
	tile_alloc(t, p);
	make_layout(&tp->in, p, ps->frame_period, &L);
	pub_ctrl *in = tile_ctrl(t, p, PUB_IN, 0);
	build_in(in, &tp->in, &L, p->fw);
	in->enable = true;
	for (int j = 0; j < tp->n; j++) {
		rel[j] = g[tp->first + j].dmin - tp->base;
		npass[j] = g[tp->first + j].npass;
		period[j] = g[tp->first + j].period;
		group_stream(&tp->in, &g[tp->first + j], rel[j], &outs[j]);
	}
	t->n_outs = tp->n;
	t->feeds = tp->feeds;
	t->n_dims = tp->in.n;
	memcpy(t->in_lo, tp->in.lo, sizeof(t->in_lo));
	memcpy(t->in_ext, tp->in.ext, sizeof(t->in_ext));
	for (int j = 0; j < tp->n; j++) {
		memcpy(t->out_lo[j], outs[j].lo, sizeof(t->out_lo[j]));
		memcpy(t->out_ext[j], outs[j].ext, sizeof(t->out_ext[j]));
		t->out_delay[j] = g[tp->first + j].dmin;
		t->out_passes[j] = npass[j];
		t->out_period[j] = period[j];
	}
	if (place(ctx, isl, pb->buf, p, t, tp, &L, outs, rel, npass, period, tile,
		pb->n_tiles) < 0 ||
	    check_fields(ctx, pb->buf, p, t, tile, pb->n_tiles) < 0)
		return -1;
	tile_counts(t, &t->counts);
	char why[256];
	pub_counts mc;
	int mr = pub_model(ps, pb, tile, &mc, &t->live_words, why, sizeof why);
	if (mr < 0 || memcmp(&mc, &t->counts, sizeof mc)) {
		sl_error(ctx, pb->buf->producer->decl->loc, "the push-memory tile of '%s': the "
			"tile model rejects its configuration: %s", pb->buf->name, mr < 0 ? why
			: "its counts differ from the controllers' extents");
		return -1;
	}
	t->fixed_cfg = pub_params_static(p);
	if (t->fixed_cfg)
		share_ctrls(p, t);
	return 0;
}

/* The producer's write stream. */
static void write_stream(const sched_stmt *s, stream *w)
{
	w->n = s->n_vars;
	int64_t tail = 0;
	for (int d = s->n_vars; d < s->n_dims; d++)
		tail += s->coef[d] * (s->ext[d] - 1);
	for (int d = 0; d < s->n_vars; d++) {
		w->lo[d] = s->lo[d];
		w->ext[d] = s->ext[d];
		w->coef[d] = s->coef[d];
	}
	w->t0 = s->offset + s->latency + tail;
}

/* SRAM words a tile needs for groups from "base_dist" to "dist" writes
 * behind the input: the words between, the aggregator's and transpose
 * buffer's rows and a word of placement slack. */
static int64_t words_needed(int64_t dist, int64_t base_dist, int fw)
{
	return (dist - base_dist + fw - 1) / fw + 4;
}

/* The series of tiles for the SRAM groups: each tile takes groups while
 * it has outputs and SRAM words for them; its last group feeds the next
 * tile (its box widened to every element read after it).  -1 (reported)
 * when a group alone is too far for a tile, or more tiles are needed
 * than PUB_MAX_TILES. */
static int plan_tiles(sl_ctx *ctx, const pub_params *p, int outs, const ub_buffer *buf,
	group *g, int ng, const stream *w, tile_plan *plans, int *n_plans)
{
	int np = 0;
	int64_t base = 0, base_dist = 0;
	stream in = *w;
	int i = 0;
	while (i < ng && !g[i].sram)
		i++;
	while (i < ng) {
		if (np == PUB_MAX_TILES) {
			sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s': its "
				"read ports need more than %d tiles in series (FW %d, DEPTH %lld, %d "
				"outputs a tile)", buf->name, PUB_MAX_TILES, p->fw,
				(long long) p->depth, p->n_out);
			return -1;
		}
		tile_plan *tp = &plans[np++];
		tp->in = in;
		tp->base = base;
		tp->first = i;
		tp->n = 0;
		tp->feeds = -1;
		while (i < ng && tp->n < (outs ? outs : p->n_out) && (tp->n < 8) &&
		       words_needed(g[i].dist, base_dist, p->fw) <= p->depth &&
		       g[i].dmin - base >= tile_min_delay(p, in.coef[in.n - 1])) {
			tp->n++;
			i++;
		}
		if (tp->n == 0) {
			sl_error(ctx, buf->producer->decl->loc, "the push-memory tile of '%s': a "
				"read %lld writes behind %s needs %lld SRAM words, more than a tile's "
				"%lld (DEPTH; %lld words at FW %d)", buf->name,
				(long long) (g[i].dist - base_dist), np == 1 ? "its write" :
				"the tile before", (long long) words_needed(g[i].dist, base_dist, p->fw),
				(long long) p->depth, (long long) (p->depth * p->fw), p->fw);
			return -1;
		}
		if (i < ng) {
			group *f = &g[i - 1];
			for (int k = i; k < ng; k++)
				for (int d = 0; d < w->n; d++) {
					f->lo[d] = g[k].lo[d] < f->lo[d] ? g[k].lo[d] : f->lo[d];
					f->hi[d] = g[k].hi[d] > f->hi[d] ? g[k].hi[d] : f->hi[d];
				}
			tp->feeds = tp->n - 1;
			/* the next tile takes the words as they appear on the output */
			group_stream(&tp->in, f, f->dmin - base, &in);
			in.t0 += 1;
			base = f->dmin;
			base_dist = f->dist;
		}
	}
	*n_plans = np;
	return 0;
}

/* Tiles side by side for a buffer read in passes, which holds its whole
 * box until the last pass: tile k takes a slab of rows (the outermost
 * dimension) of the write stream and serves every SRAM group's reads of
 * that slab; output j of tile k chains into output j of tile k+1, and
 * the last tile's outputs carry every slab (docs/pub.md "Chaining").
 * The groups of tile k go to gs[k*ng ..].  NULL, or why the buffer
 * stays native. */
static const char *plan_side(const pub_params *p, const group *g, int ng, const stream *w,
	tile_plan *plans, int *n_plans, group *gs)
{
	int n = w->n, first = -1, cnt = 0;
	if (n < 2)
		return "it is read in passes of a one-dimensional stream (no rows to split "
			"between tiles)";
	for (int i = 0; i < ng; i++)
		if (g[i].sram) {
			first = first < 0 ? i : first;
			cnt++;
		}
	if (cnt > p->n_out || cnt > 8)
		return "it is read in passes from more groups than a tile has outputs "
			"(--pub-ports)";
	int64_t slab = (w->ext[n - 1] + p->fw - 1) / p->fw;	/* SRAM words a row of dim 0 */
	for (int d = 1; d < n - 1; d++)
		slab *= w->ext[d];
	int64_t rows = (p->depth - 4) / slab;
	if (rows < 1)
		return "it is read in passes and one row of it holds more words than a tile's "
			"SRAM (--depth)";
	int64_t nt = (w->ext[0] + rows - 1) / rows;
	if (nt > PUB_MAX_TILES)
		return "it is read in passes and holds more words than 4 tiles side by side "
			"(--depth)";
	rows = (w->ext[0] + nt - 1) / nt;	/* even slabs */
	for (int k = 0; k < nt; k++) {
		tile_plan *tp = &plans[k];
		int64_t r0 = w->lo[0] + k * rows, r1 = r0 + rows - 1;
		if (r1 > w->lo[0] + w->ext[0] - 1)
			r1 = w->lo[0] + w->ext[0] - 1;
		int64_t e[SCHED_MAX_DIMS];
		memcpy(e, w->lo, sizeof(e));
		e[0] = r0;
		tp->in = *w;
		tp->in.lo[0] = r0;
		tp->in.ext[0] = r1 - r0 + 1;
		tp->in.t0 = stream_time(w, e);
		tp->base = 0;
		tp->first = first;
		tp->n = cnt;
		tp->feeds = -1;
		memcpy(gs + k * ng, g, sizeof(group) * (size_t) ng);
		for (int i = first; i < first + cnt; i++) {
			group *x = &gs[k * ng + i];
			x->lo[0] = x->lo[0] > r0 ? x->lo[0] : r0;
			x->hi[0] = x->hi[0] < r1 ? x->hi[0] : r1;
			if (x->lo[0] > x->hi[0])
				return "it is read in passes and a read group misses a tile's slab of rows";
		}
	}
	*n_plans = (int) nt;
	return NULL;
}

/* Does the aggregator keep up with stream "w" across its rows?  Word g of
 * the stream is written (WR) (FW-1) cx + 1 cycles after its first lane
 * (extrapolated for a row's padded last word), and its aggregator row is
 * refilled by word g+2's first lane: that must not come earlier.  Inside
 * a row words are FW cx cycles apart, which holds; across rows, with S
 * the row stride and wpr words a row, the second word of the next row
 * (wpr >= 2) or the first of the row after it (wpr = 1) must come no
 * earlier than the WR of a row's last word. */
static bool rows_fit_aggregator(const stream *w, int fw)
{
	if (w->n < 2)
		return true;
	int64_t cx = w->coef[w->n - 1], s = w->coef[w->n - 2];
	int64_t wpr = (w->ext[w->n - 1] + fw - 1) / fw, wr = (fw - 1) * cx + 1;
	if (w->ext[w->n - 2] < 2)
		return true;
	return wpr >= 2 ? s >= (wpr - 2) * fw * cx + wr : 2 * s >= wr;
}

/* Is every read of "buf" at a constant delay?  A line buffer with border
 * taps whose reads are (the inner lanes of a clamped row: their distance
 * in writes varies only where the writes stop) goes on tiles like the
 * circular buffer it was. */
static bool delays_const(const ub_buffer *buf)
{
	for (int k = 1; k < buf->n_ports; k++)
		if (!buf->ports[k].delay_const)
			return false;
	return true;
}

/* Why a buffer stays on today's mapping, or NULL when it can go on
 * tiles. */
static const char *native_reason(const ub_buffer *buf, const stream *w)
{
	if (buf->storage == UB_NONE)
		return NULL;
	if (buf->storage == UB_REGISTERS)
		return "a delay chain of registers only";
	if (buf->border && !delays_const(buf))
		return "a line buffer with border taps (a tile reads at delays fixed "
			"everywhere, and these reads move near a border)";
	if (w->n == 0 || !stream_in_order(w))
		return "its producer does not write in row-major order";
	return NULL;
}

/* The tile plan's tile and output of group gi, or tile -1. */
static void group_place(const tile_plan *plans, int np, int gi, int *tile, int *out)
{
	*tile = *out = -1;
	for (int t = 0; t < np; t++)
		if (gi >= plans[t].first && gi < plans[t].first + plans[t].n) {
			*tile = t;
			*out = gi - plans[t].first;
		}
}

/* Which tile output (or the producer's stream) serves each port, and
 * the delay line after it. */
static void assign_ports(pub_buf *pb, const group *g, int ng, const tile_plan *plans, int np,
	const sched_passes *pass)
{
	const ub_buffer *buf = pb->buf;
	pb->port_tile = sl_xcalloc((size_t) buf->n_ports, sizeof(int));
	pb->port_out = sl_xcalloc((size_t) buf->n_ports, sizeof(int));
	pb->port_lag = sl_xcalloc((size_t) buf->n_ports, sizeof(int64_t));
	pb->port_split = sl_xcalloc((size_t) buf->n_ports, sizeof(int64_t));
	for (int k = 1; k < buf->n_ports; k++) {
		pb->port_split[k] = -1;
		if (pass[k].n > 1) {
			for (int gi = 0; gi < ng; gi++) {
				if (g[gi].port != k)
					continue;
				if (g[gi].sram) {
					group_place(plans, np, gi, &pb->port_tile[k], &pb->port_out[k]);
					pb->port_lag[k] = 0;
				} else {
					pb->port_split[k] = g[gi].dmin;
				}
			}
			continue;
		}
		int64_t d = buf->ports[k].delay;
		int gi = 0;
		while (gi + 1 < ng && !(g[gi].port == 0 && d >= g[gi].dmin && d <= g[gi].dmax))
			gi++;
		pb->port_tile[k] = -1;
		pb->port_out[k] = -1;
		pb->port_lag[k] = d;
		if (!g[gi].sram)
			continue;
		group_place(plans, np, gi, &pb->port_tile[k], &pb->port_out[k]);
		if (pb->port_tile[k] >= 0)
			pb->port_lag[k] = d - g[gi].dmin;
	}
}

/* Each read port's passes (sched_passes) into pass[1 ..]: 1 when every port
 * reads at a constant delay or in passes, 0 when one does not, -1 on an
 * isl error. */
static int buffer_passes(isl_ctx *isl, const ub_buffer *buf, sched_passes *pass)
{
	for (int k = 1; k < buf->n_ports; k++) {
		const ub_port *p = &buf->ports[k];
		if (p->delay_const) {
			pass[k] = (sched_passes) { -1, 1, 0, p->delay };
			continue;
		}
		int rc = sched_read_passes(isl, p->stmt, p->access, &pass[k]);
		if (rc <= 0)
			return rc;
	}
	return 1;
}

/* The cycles from a pass's first OUT fire of group "g" to its last
 * (*out_span), and from its first RD fire to its last (*rd_span): the
 * RD walks whole SRAM words of the row, timed at each word's lane 0
 * (before the box when the box does not start on a word), FW cx apart. */
static void pass_spans(const group *g, const stream *w, int fw, int64_t *out_span,
	int64_t *rd_span)
{
	int n = w->n;
	int64_t rows = 0;
	for (int d = 0; d < n - 1; d++)
		rows += w->coef[d] * (g->hi[d] - g->lo[d]);
	int64_t c0 = g->lo[n - 1] - w->lo[n - 1], c1 = g->hi[n - 1] - w->lo[n - 1];
	*out_span = rows + w->coef[n - 1] * (c1 - c0);
	*rd_span = rows + w->coef[n - 1] * fw * (c1 / fw - c0 / fw);
}

/* Is every group read in passes on the tile in time order (each pass
 * after the one before)?  Their reads walk the pass level outermost, so
 * both the OUT and the RD controller must step forward from a pass's
 * last fire to the next pass's first (a schedule delta of at least 1). */
static bool passes_in_order(const group *g, int ng, const stream *w, int fw)
{
	for (int i = 0; i < ng; i++) {
		if (g[i].npass <= 1)
			continue;
		int64_t out_span, rd_span;
		pass_spans(&g[i], w, fw, &out_span, &rd_span);
		if (g[i].period <= out_span || g[i].period <= rd_span)
			return false;
	}
	return true;
}

/* The item of a comma-separated list at "p" (after a comma ending the
 * one before), its length in *len; NULL at the end. */
static const char *list_next(const char *p, size_t *len)
{
	p += *p == ',';
	if (!*p)
		return NULL;
	*len = strcspn(p, ",");
	return p;
}

/* Does the list item "item" (len characters) name buffer "name": the
 * buffer itself, or, with lanes, one of its banks "item.laneL"
 * (docs/language.md "Lanes"), so that --pub-buffers takes the program's
 * names at any --unroll? */
static bool item_names(const char *item, size_t len, const char *name)
{
	if (strncmp(name, item, len))
		return false;
	const char *rest = name + len;
	if (!*rest)
		return true;
	if (strncmp(rest, ".lane", 5) || !rest[5])
		return false;
	return strspn(rest + 5, "0123456789") == strlen(rest + 5);
}

/* Is "name" named by one of the comma-separated items of "list"? */
static bool in_list(const char *list, const char *name)
{
	size_t len;
	for (const char *p = list; (p = list_next(p, &len)); p += len)
		if (item_names(p, len, name))
			return true;
	return false;
}

/* Why the groups cannot go on tiles as planned, or NULL. */
static const char *groups_reason(const group *g, int ng, const stream *w, int fw)
{
	if (!passes_in_order(g, ng, w, fw))
		return "it is read in passes that overlap in time (a tile output walks one "
			"pass after the other)";
	for (int i = 0; i < ng; i++)
		if (g[i].npass > 1 && !g[i].sram)
			return "it is read again within the tile's latency of its write";
	return NULL;
}

/* Why buffer "buf" (written as "w") stays native before its ports are
 * analysed, or NULL. */
static const char *native_before_ports(const pub_params *p, const ub_buffer *buf,
	const stream *w)
{
	const char *why = native_reason(buf, w);
	if (!why && p->only && !in_list(p->only, buf->name))
		why = "not named by --pub-buffers";
	if (!why && buf->storage != UB_NONE && !rows_fit_aggregator(w, p->fw))
		why = "its rows come too fast for the aggregator: a row's last SRAM "
			"word is not written before the next rows refill its aggregator row";
	return why;
}

/* The passes of every read port of pb's buffer into pass[]: 1, 0 with
 * pb->native_why (no passes of constant delays), or -1 (reported). */
static int map_passes(sl_ctx *ctx, isl_ctx *isl, pub_buf *pb, sched_passes *pass)
{
	const ub_buffer *buf = pb->buf;
	int pr = buffer_passes(isl, buf, pass);
	if (pr < 0) {
		sl_error(ctx, buf->producer->decl->loc, "cannot map the buffer of '%s' onto the "
			"push-memory tile: %s", buf->name, isl_ctx_last_error_msg(isl) ?
			isl_ctx_last_error_msg(isl) : "an isl error");
		return -1;
	}
	if (pr == 0)
		pb->native_why = "its read ports are neither at constant delays from the write "
			"nor in passes of constant delays (docs/pub.md \"Passes\")";
	return pr;
}

/* The tiles of pb from its ng groups g: planned (side by side when a
 * read port has passes on the SRAM), ports assigned, each tile built.
 * 0 (pb->native_why when none fits), or -1 (reported). */
static int map_groups(sl_ctx *ctx, isl_ctx *isl, pub_set *ps, pub_buf *pb, group *g, int ng,
	const stream *w, sched_passes *pass)
{
	const pub_params *p = &pb->params;
	tile_plan plans[PUB_MAX_TILES];
	group *gs = NULL;	/* side by side: each tile's groups, ng a tile */
	int np = 0, rc = 0;
	bool passes = false;
	for (int i = 0; i < ng; i++)
		passes = passes || (g[i].port > 0 && g[i].sram);
	if (passes) {
		gs = sl_xcalloc((size_t) (PUB_MAX_TILES * ng), sizeof(group));
		if ((pb->native_why = plan_side(p, g, ng, w, plans, &np, gs))) {
			free(gs);
			return 0;
		}
		pb->side = np > 1;
	} else {
		rc = plan_tiles(ctx, p, pb->outs, pb->buf, g, ng, w, plans, &np);
	}
	pb->n_groups = 0;
	pb->reg_words = 0;
	for (int i = 0; i < ng; i++) {
		pb->n_groups += g[i].sram;
		pb->reg_words += g[i].sram ? g[i].dmax - g[i].dmin : g[i].dmax;
	}
	if (rc == 0 && np == 0)
		pb->native_why = "every read is too close to its write for the tile: registers";
	if (rc == 0 && np > 0)
		assign_ports(pb, g, ng, plans, np, pass);
	pb->n_tiles = np;
	pb->tiles = np ? sl_xcalloc((size_t) np, sizeof(pub_tile)) : NULL;
	for (int k = 0; rc == 0 && k < np; k++)
		rc = build_tile(ctx, isl, ps, pb, gs ? gs + k * ng : g, &plans[k], k);
	free(gs);
	return rc;
}

static int map_buffer(sl_ctx *ctx, isl_ctx *isl, pub_set *ps, pub_buf *pb,
	int64_t threshold)
{
	const ub_buffer *buf = pb->buf;
	const pub_params *p = &pb->params;
	stream w;
	int ng;
	write_stream(buf->producer, &w);
	pb->native_why = native_before_ports(p, buf, &w);
	if (pb->native_why || buf->storage == UB_NONE)
		return 0;
	sched_passes *pass = sl_xcalloc((size_t) buf->n_ports, sizeof(sched_passes));
	int rc = map_passes(ctx, isl, pb, pass);
	group *g = NULL;
	if (rc == 1) {
		int64_t min_delay = tile_min_delay(p, w.coef[w.n - 1]);
		g = make_groups(ctx, isl, buf, &w, pass, threshold, min_delay, &ng);
		if (!g)
			rc = -1;
		else if ((pb->native_why = groups_reason(g, ng, &w, p->fw)))
			rc = 0;
		else
			rc = map_groups(ctx, isl, ps, pb, g, ng, &w, pass);
	}
	free(g);
	free(pass);
	return rc;
}

/* Free what a mapping of pb built, keeping its buffer and parameters. */
static void buf_clear(pub_buf *pb)
{
	for (int k = 0; k < pb->n_tiles; k++)
		free(pb->tiles[k].ctrl);
	free(pb->tiles);
	free(pb->port_tile);
	free(pb->port_out);
	free(pb->port_lag);
	free(pb->port_split);
	free(pb->why_own);
	pub_buf keep = { .buf = pb->buf, .params = pb->params, .outs = pb->outs };
	*pb = keep;
}

/* Map pb at the fetch width its parameters give; with "fit", try each
 * of fit_fws in a quiet context and keep the first that puts the buffer
 * on tiles, with as many outputs a tile as the tile has and then, when
 * the ports are fitted too ("outs"), with one (tiles in series, each
 * with one write and one read: mobilenet's act at FW 4).  When none does, the first width's outcome stands: kept
 * native for its reason, or refused, and then kept native with that
 * refusal as the reason (strict parameters: the refusal is reported).
 * 0, or -1 (reported). */
static int map_buffer_fw(sl_ctx *ctx, isl_ctx *isl, pub_set *ps, pub_buf *pb,
	int64_t threshold, bool fit, bool outs)
{
	if (!fit)
		return map_buffer(ctx, isl, ps, pb, threshold);
	char first[320] = "";
	bool refused = false;
	size_t nf = sizeof fit_fws / sizeof fit_fws[0];
	for (size_t i = 0; i < (outs ? 2 : 1) * nf; i++) {
		sl_ctx *quiet = sl_ctx_alloc();
		sl_ctx_set_quiet(quiet, true);
		pb->params.fw = fit_fws[i % nf];
		pb->outs = i < nf ? 0 : 1;
		int rc = map_buffer(quiet, isl, ps, pb, threshold);
		if (i == 0 && rc < 0) {
			refused = true;
			snprintf(first, sizeof first, "%s", sl_first_error(quiet) ?
				sl_first_error(quiet) : "an error");
		}
		sl_ctx_free(quiet);
		if (rc == 0 && pub_on_tiles(pb))
			return 0;
		buf_clear(pb);
	}
	pb->params.fw = fit_fws[0];
	pb->outs = 0;
	if (!refused || ps->params.strict)	/* native at FW 4, or the error */
		return map_buffer(ctx, isl, ps, pb, threshold);
	size_t n = strlen(first) + 96;
	pb->why_own = sl_xmalloc(n);
	snprintf(pb->why_own, n, "no tile holds it at any fetch width from %d to %d (at FW %d, %s)",
		fit_fws[0], fit_fws[sizeof fit_fws / sizeof fit_fws[0] - 1], fit_fws[0], first);
	pb->native_why = pb->why_own;
	return 0;
}

/* Map every buffer of "set" on tiles of "p".  With "prev" (a mapping of
 * the same set at wider fields), each buffer takes prev's fetch width,
 * and a buffer prev kept native for want of a tile keeps its reason. */
static pub_set *map_set(sl_ctx *ctx, isl_ctx *isl, const ub_set *set,
	const pub_params *p, const pub_env *env, const pub_set *prev)
{
	pub_set *ps = sl_xcalloc(1, sizeof(*ps));
	ps->params = *p;
	ps->frame_period = p->frames > 1 ? env->frame_period : 0;
	ps->spram = env->bd && board_huge_mem(env->bd);
	ps->n_bufs = set->n_buffers;
	ps->bufs = sl_xcalloc((size_t) set->n_buffers + 1, sizeof(pub_buf));
	for (int i = 0; i < set->n_buffers; i++) {
		pub_buf *pb = &ps->bufs[i];
		pb->buf = set->buffers[i];
		pb->params = *p;
		int rc = 0;
		if (prev && prev->bufs[i].why_own) {
			pb->why_own = sl_xstrdup(prev->bufs[i].why_own);
			pb->native_why = pb->why_own;
		} else {
			if (prev) {
				pb->params.fw = prev->bufs[i].params.fw;
				pb->outs = prev->bufs[i].outs;
			}
			rc = map_buffer_fw(ctx, isl, ps, pb, env->register_threshold,
				!prev && !p->fw, !prev && ps->params.n_out == PUB_MAX_OUTS &&
				!p->strict);
		}
		if (rc < 0) {
			pub_set_free(ps);
			return NULL;
		}
	}
	return ps;
}

pub_set *pub_map(sl_ctx *ctx, isl_ctx *isl, const ub_set *set,
	const pub_params *p, const pub_env *env)
{
	char why[256];
	if (pub_params_problem(p, why, sizeof why)) {
		sl_error(ctx, sl_noloc, "%s", why);
		return NULL;
	}
	size_t len;
	for (const char *n = p->only; n && (n = list_next(n, &len)); n += len) {
		int i = 0;
		while (i < set->n_buffers && !item_names(n, len, set->buffers[i]->name))
			i++;
		if (i == set->n_buffers) {
			char names[512] = "";
			size_t k = 0;
			for (int b = 0; b < set->n_buffers && k + 1 < sizeof names; b++)
				k += (size_t) snprintf(names + k, sizeof names - k, "%s%s", b ? ", " : "",
					set->buffers[b]->name);
			sl_error(ctx, sl_noloc, "--pub-buffers names '%.*s', which is not a buffer "
				"of the program (its buffers: %s)", (int) len, n, names);
			return NULL;
		}
	}
	if (p->cw && p->ew && p->levels && p->fw && p->n_in && p->n_out)
		return map_set(ctx, isl, set, p, env, NULL);
	/* Fit (--pub-width fit, --pub-ext-width fit, --pub-levels fit, and the
	 * fetch width and ports the user did not give): map at the widest
	 * fields, the most levels and outputs (each buffer at the first fetch
	 * width that maps it), take the tile that holds what that mapping
	 * configures in the fewest flip-flops, and map again at it, each
	 * buffer at its fetch width, so every check runs at the tile the
	 * Verilog gets.  The placement and the proofs do not depend on the
	 * widths or the levels, nor on outputs no tile uses. */
	pub_params wide = *p;
	wide.cw = p->cw ? p->cw : PUB_MAX_WIDTH;
	wide.ew = p->ew ? p->ew : wide.cw;
	wide.levels = p->levels ? p->levels : PUB_MAX_LEVELS;
	wide.n_in = p->n_in ? p->n_in : 1;
	wide.n_out = p->n_out ? p->n_out : PUB_MAX_OUTS;
	pub_set *w = map_set(ctx, isl, set, &wide, env, NULL);
	if (!w)
		return NULL;
	pub_params fit = fit_tile(w, p);
	pub_set *ps = map_set(ctx, isl, set, &fit, env, w);
	pub_set_free(w);
	return ps;
}

void pub_set_free(pub_set *ps)
{
	if (!ps)
		return;
	for (int i = 0; i < ps->n_bufs; i++)
		buf_clear(&ps->bufs[i]);
	free(ps->bufs);
	free(ps);
}
