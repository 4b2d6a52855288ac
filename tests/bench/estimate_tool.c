/* tests/bench/estimate_tool.c: print the logic estimate (fpga/logic.c)
 * of one program on one board, for tests/bench/estimate_bench.sh.
 *   sluice_estimate PROG.sl BOARD [--schedule stream|sequential]
 *                   [--register-threshold N] [--unroll K] [--stages] [--trace]
 * Prints the logic, the storage (fpga/storage.c: storage flip-flops and
 * LUT RAM) and their sum, which is what Yosys reports:
 *   logic luts N ffs N dsps N
 *   storage luts N ffs N
 *   total luts N ffs N dsps N
 * (with --stages, tg_print_logic's table first; with --trace, every
 * costed node on stderr, tg_logic_trace).  The design is the one every
 * command builds (flow_compile, mapped for the board). */
#include <stdlib.h>
#include <string.h>

#include "flow/flow.h"
#include "fpga/fpga.h"

static int est_tool(sl_ctx *ctx, int argc, char **argv)
{
	sched_options so = { SCHED_STREAM };
	ub_options uo;
	ub_options_default(&uo);
	bool stages = false;
	for (int i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--stages"))
			stages = true;
		else if (!strcmp(argv[i], "--trace"))
			tg_logic_trace(stderr);
		else if (!strcmp(argv[i], "--schedule") && i + 1 < argc)
			so.policy = !strcmp(argv[++i], "sequential") ? SCHED_SEQUENTIAL : SCHED_STREAM;
		else if (!strcmp(argv[i], "--register-threshold") && i + 1 < argc)
			uo.register_threshold = atoll(argv[++i]);
		else if (!strcmp(argv[i], "--unroll") && i + 1 < argc)
			so.unroll = atoi(argv[++i]);
		else
			return 2;
	}
	const board *bd = board_find(ctx, argv[2]);
	flow_options fo;
	flow_options_default(&fo);
	fo.sched = so;
	fo.sched.timing = bd;	/* pipelined for the board, as `sluice synth` builds it */
	fo.ub = uo;
	fo.bd = bd;
	flow_design *d = bd ? flow_compile(ctx, argv[1], &fo) : NULL;
	int rc = 1;
	if (d) {
		tg_report fr;
		tg_predict(bd, d->sp, d->ubs, &fr);
		const tg_logic *r = &fr.logic;
		if (stages)
			tg_print_logic(&fr, stdout);
		printf("logic luts %lld ffs %lld dsps %lld\n", (long long) r->luts,
			(long long) r->ffs, (long long) r->dsps);
		printf("storage luts %lld ffs %lld\n", (long long) fr.lut_ram,
			(long long) fr.ffs);
		printf("total luts %lld ffs %lld dsps %lld\n", (long long) tg_luts(&fr),
			(long long) tg_ffs(&fr), (long long) tg_dsps(&fr));
		tg_report_release(&fr);
		rc = 0;
	}
	flow_free(d);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s PROG.sl BOARD [--schedule S] "
			"[--register-threshold N] [--unroll K] [--stages] [--trace]\n", argv[0]);
		return 2;
	}
	sl_ctx *ctx = sl_ctx_alloc();
	int rc = est_tool(ctx, argc, argv);
	if (rc == 2)
		fprintf(stderr, "%s: bad arguments\n", argv[0]);
	sl_ctx_free(ctx);
	return rc;
}
