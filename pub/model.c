/* pub/model.c: the configuration of push-memory tiles as data, and
 * a model that runs it.
 * Stage: pub, after map.c.  The register values of a
 * controller (the delta form of docs/pub.md "Register map"), the bus
 * writes as a $readmemh image, and pub_model: every controller of one
 * tile stepped from its register values exactly as the hardware steps it
 * (start, then a delta per level, modulo 2^CW and 2^AGW), on element
 * identities, checking the single-port rule and that every output
 * presents the element its port reads.  Nothing here holds memory past a call. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pub/pub.h"

/* ---------------------------------------------------------------- model */

/* A controller as the hardware runs it: its registers and its state. */
typedef struct runner {
	const pub_ctrl *c;
	int64_t regs[3 * PUB_MAX_LEVELS + 3];
	int64_t idx[PUB_MAX_LEVELS];
	int64_t t;		/* the true cycle of the next fire */
	int64_t addr;
	int64_t k;		/* fires so far */
	bool active;
} runner;

static void runner_start(runner *r, const pub_params *p, const pub_ctrl *c)
{
	memset(r, 0, sizeof(*r));
	r->c = c;
	pub_ctrl_regs(p, c, r->regs);
	r->active = r->regs[0] != 0;
	r->t = r->regs[1];
	r->addr = r->regs[2];
}

/* After a fire: the innermost level not at its end increments, the ones
 * inside return to 0, and the level's deltas are added. */
static void runner_step(runner *r, const pub_params *p)
{
	int L = p->levels;
	r->k++;
	for (int l = 0; l < L; l++)
		if (r->idx[l] < r->regs[3 + l]) {
			r->idx[l]++;
			for (int k = 0; k < l; k++)
				r->idx[k] = 0;
			int64_t d = r->regs[3 + L + l];
			r->t += d ? d : (int64_t) 1 << p->cw;
			r->addr = pub_wrap(r->addr + r->regs[3 + 2 * L + l], r->c->agw);
			return;
		}
	r->active = false;
}

/* The identity of element k (row-major) of a box, frame after frame:
 * its producer write index, plus 2^40 a frame. */
static int64_t box_elem(const ub_buffer *buf, int n, const int64_t *lo, const int64_t *ext,
	int64_t k)
{
	int64_t e[SCHED_MAX_DIMS];
	for (int d = n - 1; d >= 0; d--) {
		e[d] = lo[d] + k % ext[d];
		k /= ext[d];
	}
	return ub_write_index(buf, e) + k * ((int64_t) 1 << 40);
}

typedef struct tile_state {
	int fw;
	int64_t *agg;		/* 2*fw slots */
	int64_t *sram;		/* depth * fw */
	int64_t *tb;		/* n_out * 2*fw */
	/* per output two reads in flight (an RD each cycle is a pipeline):
	 * slot 2j + q: the cycle its words reach the transpose buffer, or -1 */
	int64_t *pend_t;
	int64_t *pend_w;	/* per slot: fw words */
	int *ra, *rt;		/* aggregator and transpose rows */
	int64_t *seq;		/* per SRAM address: the WR that wrote it (from 1), or 0 */
	int64_t n_wr;		/* WRs so far */
	int64_t live;		/* the most words written since a word read (+1) */
} tile_state;

static void state_alloc(tile_state *s, const pub_params *p)
{
	s->fw = p->fw;
	s->agg = sl_xmalloc(sizeof(int64_t) * (size_t) (2 * p->fw));
	s->sram = sl_xmalloc(sizeof(int64_t) * (size_t) (p->depth * p->fw));
	s->tb = sl_xmalloc(sizeof(int64_t) * (size_t) (2 * p->fw * p->n_out));
	s->pend_w = sl_xmalloc(sizeof(int64_t) * (size_t) (2 * p->fw * p->n_out));
	s->pend_t = sl_xmalloc(sizeof(int64_t) * (size_t) (2 * p->n_out));
	s->rt = sl_xcalloc((size_t) p->n_out, sizeof(int));
	s->ra = sl_xcalloc(1, sizeof(int));
	s->seq = sl_xcalloc((size_t) p->depth, sizeof(int64_t));
	s->n_wr = s->live = 0;
	for (int i = 0; i < 2 * p->fw; i++)
		s->agg[i] = -1;
	for (int64_t i = 0; i < p->depth * p->fw; i++)
		s->sram[i] = -1;
	for (int i = 0; i < 2 * p->fw * p->n_out; i++)
		s->tb[i] = -1;
	for (int j = 0; j < p->n_out; j++)
		s->pend_t[2 * j] = s->pend_t[2 * j + 1] = -1;
}

static void state_free(tile_state *s)
{
	free(s->agg);
	free(s->sram);
	free(s->tb);
	free(s->pend_w);
	free(s->pend_t);
	free(s->rt);
	free(s->ra);
	free(s->seq);
}

static const char *const kind_names[] = { "IN", "WR", "RD", "OUT" };

/* The state change of one fire of WR, RD or IN in cycle t. */
static int fire(const pub_params *p, const pub_buf *pb, const pub_tile *tile,
	tile_state *s, const runner *r, int64_t t, char *why, size_t len)
{
	int fw = p->fw;
	const pub_ctrl *c = r->c;
	if (c->kind == PUB_WR) {
		if (r->addr >= p->depth) {
			snprintf(why, len, "WR_0 writes address %lld past DEPTH", (long long) r->addr);
			return -1;
		}
		memcpy(&s->sram[r->addr * fw], &s->agg[*s->ra * fw], sizeof(int64_t) * (size_t) fw);
		s->seq[r->addr] = ++s->n_wr;
		*s->ra ^= 1;
	} else if (c->kind == PUB_RD) {
		int j = c->port, a = s->pend_t[2 * j] < 0 ? 2 * j : 2 * j + 1;
		if (s->pend_t[a] >= 0) {
			snprintf(why, len, "RD_%d has three reads in flight", j);
			return -1;
		}
		if (r->addr >= p->depth) {
			snprintf(why, len, "RD_%d reads address %lld past DEPTH", j, (long long) r->addr);
			return -1;
		}
		memcpy(&s->pend_w[a * fw], &s->sram[r->addr * fw], sizeof(int64_t) * (size_t) fw);
		if (s->seq[r->addr] && s->n_wr - s->seq[r->addr] + 1 > s->live)
			s->live = s->n_wr - s->seq[r->addr] + 1;
		s->pend_t[a] = t + 2;
	} else if (c->kind == PUB_IN) {
		s->agg[r->addr] = box_elem(pb->buf, tile->n_dims, tile->in_lo, tile->in_ext, r->k);
	}
	return 0;
}

/* One cycle t of the tile: the fires of runners "due" (their t). */
/* The SRAM reads due by cycle t land in the transpose buffer, the older
 * read of each output first. */
static void land_reads(const pub_params *p, tile_state *s, int64_t t)
{
	int fw = p->fw;
	for (int j = 0; j < p->n_out; j++)
		for (int q = 0; q < 2; q++) {
			/* the older read first: its words reach the row first */
			int a = s->pend_t[2 * j] >= 0 && (s->pend_t[2 * j + 1] < 0 ||
				s->pend_t[2 * j] <= s->pend_t[2 * j + 1]) ? 2 * j : 2 * j + 1;
			if (s->pend_t[a] < 0 || s->pend_t[a] > t)
				break;
			memcpy(&s->tb[(2 * j + s->rt[j]) * fw], &s->pend_w[a * fw],
				sizeof(int64_t) * (size_t) fw);
			s->rt[j] ^= 1;
			s->pend_t[a] = -1;
		}
}

/* At most one controller (WR or RD) uses the SRAM in cycle t; -1 with
 * "why" otherwise. */
static int one_sram_user(runner *rs, int n, int64_t t, char *why, size_t len)
{
	int sram_user = -1;
	for (int i = 0; i < n; i++) {
		runner *r = &rs[i];
		if (!r->active || r->t != t)
			continue;
		const pub_ctrl *c = r->c;
		if (c->kind == PUB_WR || c->kind == PUB_RD) {
			if (sram_user >= 0) {
				snprintf(why, len, "%s_%d and %s_%d both access the SRAM in cycle %lld",
					kind_names[rs[sram_user].c->kind], rs[sram_user].c->port,
					kind_names[c->kind], c->port, (long long) t);
				return -1;
			}
			sram_user = i;
		}
	}
	return 0;
}

/* Every OUT controller due in cycle t presents the element its port
 * reads (the transpose buffer as it is in this cycle); -1 with "why". */
static int check_outs(const pub_params *p, const pub_buf *pb, const pub_tile *tile,
	const tile_state *s, runner *rs, int n, int64_t t, char *why, size_t len)
{
	int fw = p->fw;
	for (int i = 0; i < n; i++) {
		runner *r = &rs[i];
		if (!r->active || r->t != t || r->c->kind != PUB_OUT)
			continue;
		int j = r->c->port;
		int64_t got = s->tb[2 * j * fw + r->addr];
		/* a pass presents the box again: the k-th word of its run; each
		 * frame has its passes */
		int64_t box = 1, np = tile->out_passes[j] > 1 ? tile->out_passes[j] : 1;
		for (int d = 0; d < tile->n_dims; d++)
			box *= tile->out_ext[j][d];
		int64_t want = box_elem(pb->buf, tile->n_dims, tile->out_lo[j], tile->out_ext[j],
			r->k / (box * np) * box + r->k % box);
		if (got != want) {
			snprintf(why, len, "OUT_%d presents element %lld in cycle %lld, its port reads "
				"element %lld (write order)", j, (long long) got, (long long) t,
				(long long) want);
			return -1;
		}
	}
	return 0;
}

static int cycle(const pub_params *p, const pub_buf *pb, const pub_tile *tile,
	tile_state *s, runner *rs, int n, int64_t t, char *why, size_t len)
{
	land_reads(p, s, t);
	if (one_sram_user(rs, n, t, why, len) < 0)
		return -1;
	/* reads of this cycle's state first: OUT (the transpose buffer as it
	 * is in this cycle), then WR (the aggregator row before this cycle's
	 * IN), RD, IN */
	if (check_outs(p, pb, tile, s, rs, n, t, why, len) < 0)
		return -1;
	static const pub_kind order[] = { PUB_WR, PUB_RD, PUB_IN };
	for (int o = 0; o < 3; o++)
		for (int i = 0; i < n; i++) {
			runner *r = &rs[i];
			if (r->active && r->t == t && r->c->kind == order[o] &&
			    fire(p, pb, tile, s, r, t, why, len) < 0)
				return -1;
		}
	for (int i = 0; i < n; i++)
		if (rs[i].active && rs[i].t == t)
			runner_step(&rs[i], p);
	return 0;
}

int pub_model(const pub_set *ps, const pub_buf *pb, int tile,
	pub_counts *out, int64_t *live_words, char *why, size_t why_len)
{
	const pub_params *p = &pb->params;
	const pub_tile *t = &pb->tiles[tile];
	(void) ps;
	runner *rs = sl_xcalloc((size_t) t->n_ctrl, sizeof(runner));
	tile_state s;
	int rc = 0;
	state_alloc(&s, p);
	for (int i = 0; i < t->n_ctrl; i++)
		runner_start(&rs[i], p, &t->ctrl[i]);
	for (;;) {
		int64_t next = -1;
		for (int i = 0; i < t->n_ctrl; i++)
			if (rs[i].active && (next < 0 || rs[i].t < next))
				next = rs[i].t;
		if (next < 0)
			break;
		if ((rc = cycle(p, pb, t, &s, rs, t->n_ctrl, next, why, why_len)) < 0)
			break;
	}
	memset(out, 0, sizeof(*out));
	for (int i = 0; i < t->n_ctrl; i++) {
		int64_t f = rs[i].k;
		out->steps += f;
		switch (rs[i].c->kind) {
		case PUB_IN: out->agg_writes += f; break;
		case PUB_WR: out->sram_writes += f; break;
		case PUB_RD: out->sram_reads += f; break;
		case PUB_OUT:
			out->tb_reads += f;
			if (rs[i].c->port < 8)
				out->tb_reads_port[rs[i].c->port] = f;
			break;
		}
	}
	*live_words = s.live;
	state_free(&s);
	free(rs);
	return rc;
}

/* ---------------------------------------------------------------- files */

/* The writes of tile "t" (number "tile" in the ROM) into w[] (NULL: only
 * count them), controllers in register-map order; their count. */
static int tile_entries(const pub_set *ps, const pub_tile *t, int tile, pub_write *w)
{
	const pub_params *p = &ps->params;
	int n = 0;
	uint64_t dm = p->cw >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << p->cw) - 1;
	int64_t regs[3 * PUB_MAX_LEVELS + 3];
	for (int c = 0; c < t->n_ctrl; c++) {
		pub_ctrl_regs(p, &t->ctrl[c], regs);
		int nr = t->ctrl[c].enable ? 3 * p->levels + 3 : 1;
		for (int r = 0; r < nr; r++, n++)
			if (w)
				w[n] = (pub_write) { tile, pub_reg_addr(p, c, r), (uint64_t) regs[r] & dm };
	}
	return n;
}

bool pub_on_tiles(const pub_buf *pb)
{
	return !pb->native_why && pb->n_tiles > 0;
}

const pub_buf *pub_buf_of(const pub_set *ps, const ub_buffer *b)
{
	for (int i = 0; ps && i < ps->n_bufs; i++)
		if (ps->bufs[i].buf == b)
			return pub_on_tiles(&ps->bufs[i]) ? &ps->bufs[i] : NULL;
	return NULL;
}

const pub_params *pub_tile_params(const pub_set *ps, const pub_tile *t)
{
	for (int i = 0; ps && i < ps->n_bufs; i++)
		if (t >= ps->bufs[i].tiles && t < ps->bufs[i].tiles + ps->bufs[i].n_tiles)
			return &ps->bufs[i].params;
	return &ps->params;
}

bool pub_any(const pub_set *ps)
{
	return pub_n_tiles(ps) > 0;
}

int pub_n_tiles(const pub_set *ps)
{
	int n = 0;
	for (int i = 0; ps && i < ps->n_bufs; i++)
		n += pub_on_tiles(&ps->bufs[i]) ? ps->bufs[i].n_tiles : 0;
	return n;
}

int pub_rom_tile_bits(const pub_set *ps)
{
	return sl_clog2(pub_n_tiles(ps));
}

int pub_rom(const pub_set *ps, pub_write *w)
{
	int n = 0, tile = 0;
	for (int i = 0; ps && i < ps->n_bufs; i++)
		for (int k = 0; pub_on_tiles(&ps->bufs[i]) && k < ps->bufs[i].n_tiles; k++, tile++)
			n += tile_entries(ps, &ps->bufs[i].tiles[k], tile, w ? w + n : NULL);
	return n;
}

void pub_print_word(FILE *out, int digits, uint64_t hi, int lo_bits, uint64_t lo)
{
	/* two 64-bit limbs of (hi << lo_bits) | lo: fields wider than 64 bits in all */
	uint64_t l = lo | (lo_bits < 64 ? hi << lo_bits : 0);
	uint64_t h = lo_bits == 0 ? 0 : lo_bits < 64 ? hi >> (64 - lo_bits) : hi;
	if (digits > 16)
		fprintf(out, "%0*llx%016llx", digits - 16, (unsigned long long) h,
			(unsigned long long) l);
	else
		fprintf(out, "%0*llx", digits, (unsigned long long) l);
}

/* An all-ones word of "bits" bits in hex, and a newline: the end of an
 * image. */
static void print_ones(FILE *out, int bits)
{
	int digits = (bits + 3) / 4, top = bits - 4 * (digits - 1);
	fputc("0137f"[top], out);
	for (int i = 1; i < digits; i++)
		fputc('f', out);
	fputc('\n', out);
}

int pub_write_hex(const pub_set *ps, const pub_tile *t, FILE *out)
{
	const pub_params *p = &ps->params;
	int ca = pub_addr_bits(p), digits = (ca + p->cw + 3) / 4;
	int n = tile_entries(ps, t, 0, NULL);
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	tile_entries(ps, t, 0, w);
	fprintf(out, "// sl_pub configuration: one bus write a word, (cfg_addr << %d) | cfg_data,\n"
		"// %d-bit cfg_addr, %d-bit cfg_data; the all-ones word ends the list\n", p->cw, ca,
		p->cw);
	for (int i = 0; i < n; i++) {
		pub_print_word(out, digits, (uint64_t) w[i].addr, p->cw, w[i].data);
		fputc('\n', out);
	}
	print_ones(out, ca + p->cw);
	free(w);
	return n;
}

int pub_write_rom_hex(const pub_set *ps, FILE *out)
{
	const pub_params *p = &ps->params;
	int ca = pub_addr_bits(p), tb = pub_rom_tile_bits(ps);
	int digits = (tb + ca + p->cw + 3) / 4;
	int n = pub_rom(ps, NULL);
	pub_write *w = sl_xcalloc((size_t) n + 1, sizeof(*w));
	pub_rom(ps, w);
	fprintf(out, "// sluice configuration ROM (docs/pub.md): one bus write a word,\n"
		"// (tile << %d) | (cfg_addr << %d) | cfg_data, %d-bit tile, %d-bit cfg_addr,\n"
		"// %d-bit cfg_data; the all-ones word ends the list\n", ca + p->cw, p->cw, tb, ca,
		p->cw);
	for (int i = 0; i < n; i++) {
		pub_print_word(out, digits, ((uint64_t) w[i].tile << ca) | (uint64_t) w[i].addr,
			p->cw, w[i].data);
		fputc('\n', out);
	}
	print_ones(out, tb + ca + p->cw);
	free(w);
	return n;
}
