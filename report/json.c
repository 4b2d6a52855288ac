/* report/json.c: the design's machine-readable files.
 * Stage: report (rank 12, beside flow/).  DIR/report.json (the schedule's
 * cycles, the lanes and every buffer, with --memory pub the tiles'
 * summary), DIR/pub.json (every tile, pub_dump_json) and DIR/synth.json
 * (what `sluice synth` measured beside the prediction), and the one
 * writer every file of a command's output set goes through
 * (rp_write_bytes: atomically, an error naming the path).  Nothing here
 * owns what it is given. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

int rp_write_bytes(sl_ctx *ctx, const char *dir, const char *name, const char *text,
	size_t len)
{
	char *path = sl_path_join(dir, name, NULL);
	int rc = sl_write_file_atomic(path, text, len);
	if (rc < 0)
		sl_error(ctx, sl_noloc, "cannot write '%s': %s", path, strerror(errno));
	free(path);
	return rc;
}

int rp_write_text(sl_ctx *ctx, const char *dir, const char *name,
	void (*print)(const void *, FILE *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return -1;
	print(arg, f);
	fclose(f);
	int rc = rp_write_bytes(ctx, dir, name, buf, len);
	free(buf);
	return rc;
}

static void print_buffer_json(const ub_set *set, const ub_buffer *b, FILE *out)
{
	fputs("    { \"name\": ", out);
	sl_json_str(out, b->name);
	fprintf(out, ", \"width_bits\": %d, \"ports\": %d, \"read_ports\": %d,\n",
		b->width_bits, b->n_ports, b->n_ports - 1);
	fprintf(out, "      \"max_live_words\": %lld, \"capacity_words\": %lld, \"storage\": ",
		(long long) b->max_live_words, (long long) b->capacity_words);
	sl_json_str(out, ub_storage_str(b->storage));
	fprintf(out, ", \"banks\": %d", b->n_banks);
	if (b->pack >= 0 && set->packs[b->pack].n_members > 1) {
		/* The pack whose memories it shares (docs/hardware.md "Buffers"). */
		const ub_pack *p = &set->packs[b->pack];
		fputs(",\n      \"pack\": [", out);
		for (int m = 0; m < p->n_members; m++) {
			fputs(m ? ", " : "", out);
			sl_json_str(out, p->members[m]->name);
		}
		fputs("]", out);
	}
	if (b->why) {
		fputs(",\n      \"why\": ", out);
		sl_json_str(out, b->why);
	}
	if (b->walk_steps > 0) {
		fprintf(out, ",\n      \"walk_steps\": %lld, \"note\": ", (long long) b->walk_steps);
		sl_json_str(out, ub_walk_note);
	}
	fputs(" }", out);
}

/* A lane program's lanes (docs/language.md "Lanes"): per declaration of
 * more than one lane, its name and lane count; nothing without lanes. */
static void print_lanes_json(const ir_program *lp, FILE *out)
{
	if (!lp->lanes_of)
		return;
	fputs("  \"lanes\": {", out);
	int n = 0;
	for (int i = 0; i < lp->n_decls; i++) {
		const ir_decl *d = lp->decls[i];
		if (d->lanes <= 1 || d->lane != 0)
			continue;
		fputs(n++ ? ", " : "", out);
		sl_json_str(out, d->lane_of->name);
		fprintf(out, ": %d", d->lanes);
	}
	fputs("},\n", out);
}

void rp_compile_json(const sched_program *sp, const ub_set *ubs, const pub_set *pub, FILE *out)
{
	fputs("{\n  \"program\": ", out);
	sl_json_str(out, sp->lowered->path);
	fprintf(out, ",\n  \"schedule\": \"%s\",\n", sched_policy_str(sp->opts.policy));
	fprintf(out, "  \"predicted_cycles\": %lld,\n", (long long) sp->predicted_cycles);
	fprintf(out, "  \"ideal_cycles\": %lld,\n", (long long) sp->ideal_cycles);
	print_lanes_json(sp->lowered, out);
	fputs("  \"buffers\": [\n", out);
	for (int i = 0; i < ubs->n_buffers; i++) {
		print_buffer_json(ubs, ubs->buffers[i], out);
		fputs(i + 1 < ubs->n_buffers ? ",\n" : "\n", out);
	}
	fputs(pub ? "  ],\n" : "  ]\n", out);
	if (pub)
		pub_report_json(pub, out);
	fputs("}\n", out);
}


/* What report.json is made of. */
typedef struct compile_arg {
	const sched_program *sp;
	const ub_set *ubs;
	const pub_set *pub;
} compile_arg;

static void print_compile_json(const void *arg, FILE *out)
{
	const compile_arg *c = arg;
	rp_compile_json(c->sp, c->ubs, c->pub, out);
}

int rp_write_compile_json(sl_ctx *ctx, const char *dir, const sched_program *sp,
	const ub_set *ubs, const pub_set *pub)
{
	compile_arg c = { sp, ubs, pub };
	return rp_write_text(ctx, dir, "report.json", print_compile_json, &c);
}

static void print_pub_json(const void *arg, FILE *out)
{
	pub_dump_json(arg, out);
}

int rp_write_pub_json(sl_ctx *ctx, const char *dir, const pub_set *pub)
{
	return rp_write_text(ctx, dir, "pub.json", print_pub_json, pub);
}

/* ------------------------------------------------------------ synth.json */

typedef struct synth_arg {
	const tg_report *pred;
	const tg_measured *m;
	const tg_synth_facts *f;
} synth_arg;

static void synth_json_memories(FILE *f, const tg_report *p, const tg_measured *r)
{
	const board *bd = p->bd;
	fputs("  \"memories\": [\n", f);
	for (int m = 0; m < bd->n_mems; m++) {
		fputs("    { \"cell\": ", f);
		sl_json_str(f, bd->mems[m].cell);
		fprintf(f, ", \"predicted\": %lld, \"measured\": %lld, \"available\": %lld }%s\n",
			(long long) p->cells[m], (long long) r->cells[m], (long long) bd->mems[m].count,
			m + 1 < bd->n_mems ? "," : "");
	}
	fprintf(f, "  ],\n  \"block_ram_units\": %lld, \"block_ram_units_available\": %lld,\n",
		(long long) tg_block_units(bd, r->cells), (long long) bd->block_units);
}

/* "critical_path": its delays and its stretches by stage and role. */
static void synth_json_path(FILE *f, const tg_synth_facts *fa)
{
	const tg_path *p = &fa->path;
	fprintf(f, "  \"critical_path\": { \"ns\": %.2f, \"logic_ns\": %.2f, "
		"\"routing_ns\": %.2f, \"stages\": [", p->ns, p->logic_ns, p->route_ns);
	for (int i = 0; i < p->n; i++) {
		const tg_hop *h = &p->hops[i];
		fputs(i ? ",\n      { \"stage\": " : "\n      { \"stage\": ", f);
		sl_json_str(f, fa->hop_stage[i] ? fa->hop_stage[i] : "control");
		fputs(", \"role\": ", f);
		sl_json_str(f, h->role);
		fprintf(f, ", \"line\": %d, \"ns\": %.2f }", h->line, h->to_ns - h->from_ns);
	}
	fputs(" ] },\n", f);
}

static void synth_json_counts(FILE *f, const tg_report *p, const tg_measured *r,
	const tg_synth_facts *fa)
{
	const board *bd = p->bd;
	fprintf(f, ",\n  \"luts\": %lld, \"luts_estimated\": %lld, \"luts_available\": %lld,\n",
		(long long) r->luts, (long long) tg_luts(p), (long long) bd->luts);
	fprintf(f, "  \"flip_flops\": %lld, \"flip_flops_estimated\": %lld, "
		"\"flip_flops_available\": %lld,\n", (long long) r->ffs, (long long) tg_ffs(p),
		(long long) bd->ffs);
	fprintf(f, "  \"dsps\": %lld, \"dsps_estimated\": %lld, \"dsps_available\": %lld,\n",
		(long long) r->dsps, (long long) tg_dsps(p), (long long) bd->dsps);
	fprintf(f, "  \"multipliers\": %d, \"multipliers_in_logic\": %d, "
		"\"multipliers_in_logic_estimated\": %d, \"dsps_expected\": %lld,\n",
		fa->n_muls, fa->n_muls_logic, p->logic.n_soft_muls, (long long) fa->dsps_expected);
}

/* The measurement beside the prediction, and every cell type of the
 * netlist. */
static void print_synth_json(const void *arg, FILE *f)
{
	const synth_arg *a = arg;
	const tg_report *p = a->pred;
	const tg_measured *r = a->m;
	const tg_synth_facts *fa = a->f;
	fputs("{\n  \"program\": ", f);
	sl_json_str(f, p->program);
	fputs(",\n  \"board\": ", f);
	sl_json_str(f, p->bd->name);
	fputs(",\n  \"part\": ", f);
	sl_json_str(f, p->bd->part);
	synth_json_counts(f, p, r, fa);
	synth_json_memories(f, p, r);
	fprintf(f, "  \"block_ram_prediction_ok\": %s,\n", fa->bram_ok ? "true" : "false");
	if (r->fmax > 0)
		fprintf(f, "  \"fmax_mhz\": %.2f,\n", r->fmax);
	if (fa->has_path)
		synth_json_path(f, fa);
	if (r->logic_depth >= 0)
		fprintf(f, "  \"logic_depth\": %d,\n", r->logic_depth);
	if (r->fmax_estimate > 0)
		fprintf(f, "  \"fmax_estimate_mhz\": %.2f, \"fmax_estimate_path\": \"%s\",\n",
			r->fmax_estimate, r->fmax_path);
	fputs("  \"cells\": {", f);
	for (int i = 0; i < fa->n_types; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		sl_json_str(f, fa->types[i].cell);
		fprintf(f, ": %lld", (long long) fa->types[i].n);
	}
	fputs("\n  }\n}\n", f);
}

int rp_write_synth_json(sl_ctx *ctx, const char *dir, const tg_report *pred,
	const tg_measured *m, const tg_synth_facts *facts)
{
	synth_arg a = { pred, m, facts };
	return rp_write_text(ctx, dir, "synth.json", print_synth_json, &a);
}
