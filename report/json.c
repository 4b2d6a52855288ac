/* report/json.c: the design's machine-readable files.
 * Stage: report (rank 12, beside flow/).  DIR/report.json (the schedule's
 * cycles, the lanes and every buffer, with --memory pub the tiles'
 * summary) and DIR/pub.json (every tile, pub_dump_json), and the one
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
