/* ubuffer/dump.c: the stable text form of the buffers (buffers.txt).
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Names, sizes, the mapping,
 * every port with the source line:col of its access, and a delay chain's
 * layout as the hardware has it (the runs rtlgen emits); no pointers and
 * no paths, so the text is the same on every machine. */
#include "ubuffer/ubuffer_private.h"

const char ub_walk_note[] = "sized by walking its elements and reads, the same "
	"exact figures: its symbolic analysis exceeded its budget of isl operations";

/* A read of a chain with border taps: ", tap T" and its edges, each as
 * "VAR=V +S" (the reader's variable at V reads S positions further). */
static void dump_edges(const ub_port *p, FILE *out)
{
	const ir_decl *d = p->stmt->decl;
	fprintf(out, ", tap %lld%s", (long long) p->tap, p->shifting ? " as it shifts" : "");
	for (int e = 0; e < p->n_edges; e++) {
		const ub_edge *x = &p->edges[e];
		const char *var = x->dim < d->n_dims && d->var_names ? d->var_names[x->dim] : NULL;
		fprintf(out, "%s", e ? ", " : ", border taps ");
		if (var)
			fprintf(out, "%s=%lld", var, (long long) x->at);
		else
			fprintf(out, "i%d=%lld", x->dim, (long long) x->at);
		fprintf(out, " %+lld", (long long) x->shift);
	}
}

static void dump_port(const ub_buffer *b, const ub_port *p, int i, FILE *out)
{
	if (p->is_write) {
		fprintf(out, "  port %d: write by %s\n", i, p->stmt->name);
		return;
	}
	fprintf(out, "  port %d: read by %s at %d:%d", i, p->stmt->name,
		p->access->expr->loc.line, p->access->expr->loc.col);
	if (p->delay_const)
		fprintf(out, ", delay %lld", (long long) p->delay);
	else
		fprintf(out, ", delay varies");
	if (p->dist_const)
		fprintf(out, ", dist %lld", (long long) p->dist);
	else
		fprintf(out, ", dist varies");
	if (b->border)
		dump_edges(p, out);
	if (b->storage == UB_CIRCULAR && p->win_len < b->capacity_words)
		fprintf(out, ", window %lld-%lld", (long long) p->win_lo,
			(long long) (p->win_lo + p->win_len - 1));
	fputc('\n', out);
}

/* Positions start .. start+len-1 as "a-b", or "a" for one. */
static void dump_range(const ub_run *r, const char *sep, FILE *out)
{
	fprintf(out, "%s%lld", sep, (long long) r->start);
	if (r->len > 1)
		fprintf(out, "-%lld", (long long) (r->start + r->len - 1));
}

/* One SRAM group: its runs and the memory they share, depth x width; in
 * a pack of several buffers, the bits of the pack's memory they take. */
static void dump_group(const ub_set *set, const ub_buffer *b, int g, FILE *out)
{
	const ub_run *first = NULL;
	const ub_pack *p = &set->packs[b->pack];

	fprintf(out, "; sram");
	for (int i = 0; i < b->n_runs; i++)
		if (b->runs[i].sram && b->runs[i].group == g) {
			dump_range(&b->runs[i], first ? ", " : " ", out);
			first = first ? first : &b->runs[i];
		}
	if (p->n_members == 1) {
		fprintf(out, " as %s %lldx%d fifo", first->group_size > 1 ? "one" : "a",
			(long long) first->len, first->group_size * b->width_bits);
		return;
	}
	int64_t depth;
	int width, lo = first->group_size * b->pack_bits_below;
	ub_pack_memory(p, g, &depth, &width);
	fprintf(out, " as bits %d-%d of one %lldx%d fifo", lo,
		lo + first->group_size * b->width_bits - 1, (long long) depth, width);
}

/* "  pack A, B, C: ..." for a member of a pack of several buffers. */
static void dump_pack(const ub_set *set, const ub_buffer *b, FILE *out)
{
	const ub_pack *p = &set->packs[b->pack];

	if (p->n_members == 1)
		return;
	fprintf(out, "  pack");
	for (int m = 0; m < p->n_members; m++)
		fprintf(out, "%s%s", m ? ", " : " ", p->members[m]->name);
	fprintf(out, ": the same writes and runs, one memory per SRAM group\n");
}

/* The delay-chain layout: "chain N: registers ...; sram ... as one DxW
 * fifo", a part per SRAM group. */
static void dump_runs(const ub_set *set, const ub_buffer *b, FILE *out)
{
	int c = 0;

	if (b->n_runs == 0)
		return;
	fprintf(out, "  chain %lld: registers", (long long) b->capacity_words);
	for (int i = 0; i < b->n_runs; i++)
		if (!b->runs[i].sram)
			dump_range(&b->runs[i], c++ ? ", " : " ", out);
	for (int g = 0; g < b->n_groups; g++)
		dump_group(set, b, g, out);
	fprintf(out, "\n");
	if (b->n_groups > 0)
		dump_pack(set, b, out);
}

static void dump_buffer(const ub_set *set, const ub_buffer *b, FILE *out)
{
	fprintf(out, "buffer %s: %d bits x %lld elements\n", b->name,
		b->width_bits, (long long) b->n_elems);
	fprintf(out, "  storage %s", ub_storage_str(b->storage));
	if (b->storage == UB_CIRCULAR)
		fprintf(out, ", %d bank%s, %s", b->n_banks, b->n_banks == 1 ? "" : "s",
			ub_mem_str(b->mem));
	fprintf(out, "\n  max_live_words %lld, capacity_words %lld\n",
		(long long) b->max_live_words, (long long) b->capacity_words);
	if (b->why)
		fprintf(out, "  why: %s\n", b->why);
	if (b->why_circular)
		fprintf(out, "  why: not a line buffer with border taps: %s\n", b->why_circular);
	if (b->border) {
		fprintf(out, "  border: reads at a fixed distance but near a border, "
			"where the index picks the tap");
		if (b->vshift_n > 0)
			fprintf(out, "; %lld shifts after the last write, every %lld "
				"cycle%s from cycle %lld", (long long) b->vshift_n,
				(long long) b->vshift_step, b->vshift_step == 1 ? "" : "s",
				(long long) b->vshift_start);
		fputc('\n', out);
	}
	if (b->walk_steps > 0)
		fprintf(out, "  note: %s (%lld steps)\n", ub_walk_note, (long long) b->walk_steps);
	for (int i = 0; i < b->n_ports; i++)
		dump_port(b, &b->ports[i], i, out);
	dump_runs(set, b, out);
}

void ub_set_dump(const ub_set *set, FILE *out)
{
	for (int i = 0; i < set->n_buffers; i++)
		dump_buffer(set, set->buffers[i], out);
}
