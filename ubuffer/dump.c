/* ubuffer/dump.c: the stable text form of the buffers (buffers.txt).
 * Stage: scheduler -> [ubuffer] -> rtlgen.  Names, sizes, the mapping and
 * every port with the source line:col of its access; no pointers and no
 * paths, so the text is the same on every machine. */
#include "ubuffer/ubuffer_private.h"

static void dump_port(const ub_port *p, int i, FILE *out)
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
		fprintf(out, ", dist %lld\n", (long long) p->dist);
	else
		fprintf(out, ", dist varies\n");
}

static void dump_segments(const ub_buffer *b, FILE *out)
{
	if (b->n_segments == 0)
		return;
	fprintf(out, "  segments:");
	for (int i = 0; i < b->n_segments; i++)
		fprintf(out, "%s %lld %s", i ? "," : "",
			(long long) b->segments[i].words,
			b->segments[i].sram ? "sram" : "reg");
	fprintf(out, "\n");
}

static void dump_buffer(const ub_buffer *b, FILE *out)
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
	for (int i = 0; i < b->n_ports; i++)
		dump_port(&b->ports[i], i, out);
	dump_segments(b, out);
}

void ub_set_dump(const ub_set *set, FILE *out)
{
	for (int i = 0; i < set->n_buffers; i++)
		dump_buffer(set->buffers[i], out);
}
