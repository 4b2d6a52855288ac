/* pub/dump.c: the push-memory tiles as text: pub.json (every
 * tile's controllers, plain and as register values), report.json's
 * "memory_pub" (counts and the cost model per tile), and the counts
 * `sim --memory pub` prints from the tile model.
 * Stage: pub, after map.c; nothing here holds memory past a
 * call. */
#include <stdio.h>
#include <stdlib.h>

#include "pub/pub.h"

static const char *const kind_names[] = { "IN", "WR", "RD", "OUT" };

static void dump_counts(const pub_counts *c, int n_outs, FILE *out)
{
	fprintf(out, "\"agg_writes\": %lld, \"sram_writes\": %lld, \"sram_reads\": %lld, "
		"\"tb_reads\": %lld, \"tb_reads_per_output\": [", (long long) c->agg_writes,
		(long long) c->sram_writes, (long long) c->sram_reads, (long long) c->tb_reads);
	for (int j = 0; j < n_outs && j < 8; j++)
		fprintf(out, "%s%lld", j ? ", " : "", (long long) c->tb_reads_port[j]);
	fprintf(out, "], \"controller_steps\": %lld", (long long) c->steps);
}

/* "key": [v0, v1, ...] */
static void dump_ints(FILE *out, const char *key, const int64_t *v, int n)
{
	fprintf(out, "\"%s\": [", key);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%lld", i ? ", " : "", (long long) v[i]);
	fputc(']', out);
}

static void dump_ctrl(const pub_params *p, const pub_ctrl *c, FILE *out)
{
	int64_t regs[3 * PUB_MAX_LEVELS + 3];
	pub_ctrl_regs(p, c, regs);
	fprintf(out, "          { \"name\": \"%s_%d\", \"enable\": %d", kind_names[c->kind],
		c->port, c->enable);
	if (c->enable) {
		int64_t ag[PUB_MAX_LEVELS];
		for (int l = 0; l < c->n_levels; l++)
			ag[l] = pub_wrap(c->ag[l], c->agw);
		fprintf(out, ", \"sg_start\": %lld, \"ag_start\": %lld, ",
			(long long) c->sg_start, (long long) regs[2]);
		dump_ints(out, "ext", c->ext, c->n_levels);
		fputs(", ", out);
		dump_ints(out, "sg_stride", c->sg, c->n_levels);
		fputs(", ", out);
		dump_ints(out, "ag_stride", ag, c->n_levels);
		fputs(", ", out);
		dump_ints(out, "regs", regs, 3 * p->levels + 3);
	}
	if (c->shared)
		fprintf(out, ", \"follows\": %d, \"follow_delay\": %d", c->src, c->delay);
	fputs(" }", out);
}

void pub_dump_json(const pub_set *ps, FILE *out)
{
	const pub_params *p = &ps->params;
	fprintf(out, "{\n  \"tile\": { \"fw\": %d, \"depth\": %lld, \"inputs\": %d, \"outputs\": %d, "
		"\"levels\": %d, \"cw\": %d, \"ew\": %d, \"cfg_addr_bits\": %d, \"config_bits\": %lld },\n",
		p->fw, (long long) p->depth, p->n_in, p->n_out, p->levels, p->cw, p->ew,
		pub_addr_bits(p), (long long) pub_config_bits(p));
	fputs("  \"buffers\": [\n", out);
	bool first = true;
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (pb->buf->storage == UB_NONE)
			continue;
		fprintf(out, "%s    { \"name\": ", first ? "" : ",\n");
		first = false;
		sl_json_str(out, pb->buf->name);
		if (pb->native_why) {
			fputs(", \"memory\": \"native\", \"why\": ", out);
			sl_json_str(out, pb->native_why);
			fputs(" }", out);
			continue;
		}
		fprintf(out, ", \"memory\": \"pub\", \"fw\": %d, \"width_bits\": %d, \"outputs\": %d, "
			"\"register_words\": %lld, \"chaining\": \"%s\",\n      \"tiles\": [\n",
			pb->params.fw, pb->buf->width_bits, pb->n_groups, (long long) pb->reg_words,
			pb->n_tiles <= 1 ? "none" : pb->side ? "side by side" : "series");
		for (int k = 0; k < pb->n_tiles; k++) {
			const pub_tile *t = &pb->tiles[k];
			fprintf(out, "        { \"tile\": %d, \"config\": \"%s\", \"feeds_next_from\": %d, "
				"\"sram_words\": %lld, ", k, t->fixed_cfg ? "static" : "bus", t->feeds,
				(long long) t->live_words);
			dump_ints(out, "output_delays", t->out_delay, t->n_outs);
			fputs(", ", out);
			dump_ints(out, "output_passes", t->out_passes, t->n_outs);
			fputs(", ", out);
			dump_ints(out, "pass_periods", t->out_period, t->n_outs);
			fputs(",\n          ", out);
			dump_counts(&t->counts, t->n_outs, out);
			fputs(",\n          \"controllers\": [\n", out);
			for (int c = 0; c < t->n_ctrl; c++) {
				dump_ctrl(p, &t->ctrl[c], out);
				fputs(c + 1 < t->n_ctrl ? ",\n" : "\n", out);
			}
			fprintf(out, "          ] }%s\n", k + 1 < pb->n_tiles ? "," : "");
		}
		fputs("      ] }", out);
	}
	fputs("\n  ]\n}\n", out);
}

/* -dT: one line per controller, "KIND_PORT ext [..] sg START + [..] ag
 * START + [..]" (strides by level, level 0 innermost), after its tile's
 * counts and delays. */
static void text_ctrl(const pub_ctrl *c, FILE *out)
{
	fprintf(out, "    %s_%d", kind_names[c->kind], c->port);
	if (!c->enable) {
		fputs(" off\n", out);
		return;
	}
	const char *head[3] = { " ext", " sg", " ag" };
	const int64_t *v[3] = { c->ext, c->sg, c->ag };
	int64_t start[3] = { 0, c->sg_start, pub_wrap(c->ag_start, c->agw) };
	for (int r = 0; r < 3; r++) {
		fputs(head[r], out);
		if (r)
			fprintf(out, " %lld +", (long long) start[r]);
		for (int l = 0; l < c->n_levels; l++)
			fprintf(out, "%s%lld", l ? " " : " [", (long long) (r == 2 ? pub_wrap(v[r][l],
				c->agw) : v[r][l]));
		fputs("]", out);
	}
	fputc('\n', out);
}

static void text_tile(const pub_buf *pb, int k, FILE *out)
{
	const pub_tile *t = &pb->tiles[k];
	const pub_counts *c = &t->counts;
	fprintf(out, "  tile %d: %lld SRAM words live; %lld aggregator writes, %lld SRAM "
		"writes, %lld SRAM reads, %lld transpose-buffer reads, %lld controller steps\n", k,
		(long long) t->live_words, (long long) c->agg_writes, (long long) c->sram_writes,
		(long long) c->sram_reads, (long long) c->tb_reads, (long long) c->steps);
	if (t->feeds >= 0)
		fprintf(out, "    output %d feeds tile %d\n", t->feeds, k + 1);
	for (int j = 0; j < t->n_outs; j++) {
		fprintf(out, "    output %d: delay %lld", j, (long long) t->out_delay[j]);
		if (t->out_passes[j] > 1)
			fprintf(out, ", %lld passes %lld cycles apart", (long long) t->out_passes[j],
				(long long) t->out_period[j]);
		fputc('\n', out);
	}
	for (int i = 0; i < t->n_ctrl; i++)
		text_ctrl(&t->ctrl[i], out);
}

void pub_dump_text(const pub_set *ps, FILE *out)
{
	const pub_params *p = &ps->params;
	fprintf(out, "tile: FW %d, DEPTH %lld, %dx%d ports, %d level%s, CW %d, EW %d, "
		"%d frame%s (period %lld), SRAM in %s\n", p->fw, (long long) p->depth, p->n_in,
		p->n_out, p->levels, p->levels == 1 ? "" : "s", p->cw, p->ew, p->frames,
		p->frames == 1 ? "" : "s",
		(long long) ps->frame_period, ps->spram ? "the board's huge memory" : "block RAM");
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		if (pb->buf->storage == UB_NONE)
			continue;
		if (!pub_on_tiles(pb)) {
			fprintf(out, "buffer %s: native (%s)\n", pb->buf->name,
				pb->native_why ? pb->native_why : "no tile");
			continue;
		}
		char fw[16] = "";	/* a fetch width of its own (fitted) */
		if (pb->params.fw != p->fw)
			snprintf(fw, sizeof fw, " at FW %d", pb->params.fw);
		fprintf(out, "buffer %s: %d tile%s%s%s, %d output%s, %lld delay-line words\n",
			pb->buf->name, pb->n_tiles, pb->n_tiles == 1 ? "" : "s", pb->n_tiles <= 1 ? ""
			: pb->side ? " side by side" : " in series", fw, pb->n_groups,
			pb->n_groups == 1 ? "" : "s", (long long) pb->reg_words);
		for (int q = 1; q < pb->buf->n_ports; q++) {
			if (pb->port_tile[q] < 0)
				fprintf(out, "  port %d: the producer's stream", q);
			else
				fprintf(out, "  port %d: tile %d output %d", q, pb->port_tile[q],
					pb->port_out[q]);
			fprintf(out, ", %lld cycle%s of delay line", (long long) pb->port_lag[q],
				pb->port_lag[q] == 1 ? "" : "s");
			if (pb->port_split && pb->port_split[q] >= 0)
				fprintf(out, ", first pass from the producer's stream %lld cycles late",
					(long long) pb->port_split[q]);
			fputc('\n', out);
		}
		for (int k = 0; k < pb->n_tiles; k++)
			text_tile(pb, k, out);
	}
}

/* report.json's "memory_pub": per mapped buffer its tiles, each with its
 * access counts and the cost model's figures (docs/pub.md, "The tile
 * model and its counts"; docs/pub_mapping.md, "Area and energy"). */
void pub_report_json(const pub_set *ps, FILE *out)
{
	const pub_params *p = &ps->params;
	fprintf(out, "  \"memory_pub\": { \"fw\": %d, \"depth\": %lld, \"inputs\": %d, "
		"\"outputs\": %d, \"levels\": %d, \"cw\": %d, \"ew\": %d, \"config_bits_per_tile\": %lld,\n"
		"    \"tiles\": [", p->fw, (long long) p->depth, p->n_in, p->n_out, p->levels, p->cw, p->ew,
		(long long) pub_config_bits(p));
	bool first = true;
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		for (int k = 0; k < pb->n_tiles; k++) {
			const pub_tile *t = &pb->tiles[k];
			const pub_counts *c = &t->counts;
			pub_cost cost;
			pub_cost_tile(&pb->params, t, pb->buf->width_bits, &cost);
			fprintf(out, "%s\n      { \"buffer\": ", first ? "" : ",");
			first = false;
			sl_json_str(out, pb->buf->name);
			fprintf(out, ", \"tile\": %d, \"agg_writes\": %lld, \"sram_writes\": %lld, "
				"\"sram_reads\": %lld, \"tb_reads\": %lld, \"tb_reads_per_output\": [",
				k, (long long) c->agg_writes, (long long) c->sram_writes,
				(long long) c->sram_reads, (long long) c->tb_reads);
			for (int j = 0; j < t->n_outs && j < 8; j++)
				fprintf(out, "%s%lld", j ? ", " : "", (long long) c->tb_reads_port[j]);
			fprintf(out, "],\n        \"controller_steps\": %lld, \"config\": \"%s\", "
				"\"sram_bits\": %lld, \"flops\": %lld, \"ctrl_luts\": %lld, "
				"\"area_um2\": %.0f, \"energy_pj\": %.1f }", (long long) c->steps,
				t->fixed_cfg ? "static" : "bus", (long long) cost.sram_bits,
				(long long) cost.flops, (long long) cost.ctrl_luts, cost.area_um2,
				cost.energy_pj);
		}
	}
	fputs(first ? "] }\n" : "\n    ] }\n", out);
}

/* sim --memory pub: every tile's configuration run in the tile model, its
 * counts printed with their source ("tile model", or with Verilator's
 * agreeing).  0, or -1 (reported). */
int pub_print_counts(sl_ctx *ctx, const pub_set *ps, const char *source, FILE *out)
{
	for (int i = 0; i < ps->n_bufs; i++) {
		const pub_buf *pb = &ps->bufs[i];
		for (int k = 0; k < pb->n_tiles; k++) {
			pub_counts c;
			int64_t live;
			char why[256];
			if (pub_model(ps, pb, k, &c, &live, why, sizeof why) < 0) {
				sl_error(ctx, pb->buf->producer->decl->loc, "the push-memory tile %d of "
					"'%s': %s", k, pb->buf->name, why);
				return -1;
			}
			fprintf(out, "pub %s tile %d: %lld aggregator writes, %lld SRAM writes, %lld SRAM "
				"reads, %lld transpose-buffer reads (", pb->buf->name, k,
				(long long) c.agg_writes, (long long) c.sram_writes, (long long) c.sram_reads,
				(long long) c.tb_reads);
			for (int j = 0; j < pb->tiles[k].n_outs && j < 8; j++)
				fprintf(out, "%s%lld", j ? " + " : "", (long long) c.tb_reads_port[j]);
			fprintf(out, "), %lld controller steps (%s)\n", (long long) c.steps, source);
		}
	}
	return 0;
}
