/* explore/validate.c: `sluice explore --validate`, the final fronts in
 * Verilator.
 * Stage: explore (rank 12).  Every point on each board's explored front
 * is built again (ex_design, the flow the search evaluated it with) and
 * run as `sluice sim --engine verilator --seed 1` runs a design: the
 * seeded inputs (io_inputs_load, written to DIR/validate/HASH), the
 * Verilog of flow_verilog, the harness options of the driver's sim, and
 * sim/'s check against the reference, whose verdict (bit-exact, measured
 * and predicted cycles) goes into the point. */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "flow/flow.h"
#include "io/io.h"
#include "sim/sim.h"

/* Seed 1's inputs of d's program, written to "dir", into in (one frame;
 * decls and arrays sized n_decls + 1 by the caller).  0 or -1. */
static int ex_val_inputs(sl_ctx *ctx, const flow_design *d, const char *dir, ref_inputs *in)
{
	const ir_program *prog = d->prog;
	for (int i = 0; i < prog->n_decls; i++)
		if (prog->decls[i]->kind == IR_DECL_INPUT)
			in->decls[in->n++] = prog->decls[i];
	io_input_spec spec = { 0, NULL, NULL, true, 1, 1, dir, false, 0, NULL };
	return io_inputs_check(ctx, prog, &spec) < 0 ||
		io_inputs_load(ctx, prog, &spec, in->arrays) < 0 ? -1 : 0;
}

/* d's Verilog run in Verilator on "in" and checked (as the driver's sim
 * engine does, one frame, the native interface).  0 or -1; *v filled. */
static int ex_val_run(sl_ctx *ctx, const flow_design *d, const ref_inputs *in,
	io_array **outs, sim_verdict *v)
{
	char *text = NULL, *cfg = NULL;
	size_t len;
	const char *top;
	if (flow_verilog(d, &text, &len, &top) < 0)
		return -1;
	/* with tiles the harness waits for 'ready' (their configuration) */
	static const char *const wait_ready[] = { "-CFLAGS", "-DSL_WAIT_READY", NULL };
	vl_options vo;
	memset(&vo, 0, sizeof vo);
	vo.vl_args = d->pub ? wait_ready : NULL;
	vo.frames = 1;
	vo.pub = d->pub;
	vo.config_data_bits = flow_config_image(d, &cfg, &vo.config_len);
	vo.config = cfg;
	int rc = vo.config_data_bits < 0 ? -1
		: sim_check_verilator_verdict(ctx, d->prog, d->sp, top, text, len, in, &vo, outs,
			NULL, v);
	free(text);
	free(cfg);
	return rc;
}

/* p's verdict from its run (rc) and the context's first error. */
static void ex_val_record(ex_point *p, sl_ctx *ctx, int rc, const sim_verdict *v)
{
	p->validated = true;
	p->val_ok = rc == 0 && v->ran && v->bit_exact && v->cycles == p->cycles;
	p->val_bit_exact = v->ran && v->bit_exact;
	p->val_cycles = v->ran ? v->cycles : 0;
	const char *e = sl_first_error(ctx);
	snprintf(p->val_why, sizeof p->val_why, "%s", p->val_ok ? ""
		: e ? e : v->cycles != p->cycles ? "the cycles differ from the prediction"
		: "the simulation failed");
	for (char *c = p->val_why; *c; c++)
		if (*c == '\n')
			*c = ' ';
}

void ex_point_validate(ex_run *r, ex_point *p)
{
	if (p->validated || !p->legal)
		return;
	sl_ctx *ctx = ex_quiet_ctx(r);
	flow_design *d = ex_design(r, p, ctx);
	sim_verdict v = { false, false, 0, p->cycles };
	int rc = -1;
	char *dir = sl_path_join(r->out_dir, "validate", NULL), *sub = NULL;
	if (d && sl_make_dir(dir) == 0 && sl_make_dir(sub = sl_path_join(dir, p->hash, NULL)) == 0
	    && sim_within_budget(ctx, d->sp, 1, SIM_MAX_CYCLES_DEFAULT)) {
		const ir_program *prog = d->prog;
		size_t per = (size_t) prog->n_decls + 1;
		ir_decl **decls = sl_xcalloc(per, sizeof *decls);
		io_array **arrays = sl_xcalloc(per, sizeof *arrays);
		io_array **outs = sl_xcalloc((size_t) prog->n_outputs + 1, sizeof *outs);
		ref_inputs in = { 0, decls, arrays, false, 0 };
		sl_progress_push("Verilator on %s, %s", r->boards[p->board]->name, p->key);
		if (ex_val_inputs(ctx, d, sub, &in) == 0)
			rc = ex_val_run(ctx, d, &in, outs, &v);
		sl_progress_pop();
		for (size_t i = 0; i < per; i++)
			io_array_free(arrays[i]);
		for (int i = 0; i < prog->n_outputs; i++)
			io_array_free(outs[i]);
		free(decls);
		free(arrays);
		free(outs);
	}
	ex_val_record(p, ctx, rc, &v);
	free(sub);
	free(dir);
	flow_free(d);
	sl_ctx_free(ctx);
}

int ex_validate_fronts(ex_run *r)
{
	int bad = 0;
	for (int i = 0; i < r->n; i++) {
		ex_point *p = r->points[i];
		if (!p->on_front || !p->legal)
			continue;
		ex_point_validate(r, p);
		if (!p->val_ok) {
			fprintf(stderr, "sluice explore: error: --validate: %s on %s: %s (bit-exact %s, "
				"%lld cycles measured, %lld predicted)\n", p->key,
				r->boards[p->board]->name, p->val_why, p->val_bit_exact ? "yes" : "no",
				(long long) p->val_cycles, (long long) p->cycles);
			bad++;
		}
	}
	return bad;
}
