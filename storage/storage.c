/* storage/storage.c: the names of the storage forms, and the layout of a
 * delay chain, stated here once (ubuffer/ lays every chain out by it;
 * rtlgen/buffers.c, the fit check and the estimator read it from
 * ub_buffer.runs):
 *   - the chain is positions 0 (the newest value) .. capacity_words-1 (the
 *     largest tap distance), and every write shifts it by one;
 *   - a tap at distance d reads position d, or position d-1 through the
 *     same-cycle write bypass, so positions d-1 and d are registers;
 *   - a stretch of untapped positions is one SRAM run (an sl_fifo_seg) when
 *     it is at least max(register_threshold, 2) long, else registers: a few
 *     registers cost less than an SRAM with its address counter;
 *   - SRAM runs of equal length shift together, so they share one memory,
 *     their words side by side (a group): gaussian's two 60-word runs of 8
 *     bits are one 60x16 FIFO, one block RAM instead of two.
 * Chains shift together across buffers too (a pack, ub_pack): that rule
 * needs the schedules and is ubuffer/ubuffer.c's.
 * Stage: storage, below ubuffer.  Owns no memory: runs[] is the caller's. */
#include <string.h>

#include "base/base.h"
#include "storage/storage.h"

const char *ub_mem_str(ub_mem m)
{
	return m == UB_MEM_SRAM ? "sram" : "regfile";
}

static const char *const ub_ram_words[] = { "auto", "block", "lut" };

bool ub_ram_parse(const char *s, ub_ram *out)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, ub_ram_words[i])) {
			*out = (ub_ram) i;
			return true;
		}
	return false;
}

const char *ub_ram_str(ub_ram r)
{
	return ub_ram_words[r];
}

const char *ub_storage_str(ub_storage s)
{
	switch (s) {
	case UB_NONE: return "none";
	case UB_REGISTERS: return "registers";
	case UB_DELAY_CHAIN: return "delay_chain";
	case UB_CIRCULAR: return "circular";
	}
	sl_unreachable();
}

/* Append positions start .. start+len-1 to runs[0 .. *n), a register run
 * joining the register run before it. */
static void chain_add(ub_run *runs, int *n, int64_t start, int64_t len, bool sram)
{
	ub_run *last = *n ? &runs[*n - 1] : NULL;

	if (len <= 0)
		return;
	if (last && !last->sram && !sram) {
		last->len += len;
		return;
	}
	runs[(*n)++] = (ub_run) { start, len, sram, -1, 0 };
}

/* Put the SRAM runs of equal length in one group each, numbered in chain
 * order of their first run; the groups. */
static int chain_group(ub_run *runs, int n)
{
	int n_groups = 0;
	for (int i = 0; i < n; i++) {
		ub_run *r = &runs[i];
		if (!r->sram)
			continue;
		for (int j = 0; j < i && r->group < 0; j++)
			if (runs[j].sram && runs[j].len == r->len)
				r->group = runs[j].group;
		if (r->group < 0)
			r->group = n_groups++;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; runs[i].sram && j < n; j++)
			runs[i].group_size += runs[j].group == runs[i].group;
	return n_groups;
}

/* Registers at each tap and the position before it, and between them
 * SRAM runs of at least max(register_threshold, 2) positions. */
int ub_chain_layout(const int64_t *taps, int n, int64_t register_threshold,
	ub_run *runs, int *n_groups)
{
	int n_runs = 0;
	int64_t next = 0;
	int64_t min_run = register_threshold > 2 ? register_threshold : 2;

	for (int k = 0; k < n; k++) {
		int64_t lo = taps[k] > 0 ? taps[k] - 1 : 0;
		if (lo > next)
			chain_add(runs, &n_runs, next, lo - next, lo - next >= min_run);
		if (lo < next)
			lo = next;
		chain_add(runs, &n_runs, lo, taps[k] + 1 - lo, false);
		next = taps[k] + 1;
	}
	*n_groups = chain_group(runs, n_runs);
	return n_runs;
}
