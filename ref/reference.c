/* ref/reference.c: the CPU reference, the meaning of a program bit for bit.
 * Stage: after the front end, beside the flow to hardware.  Every func is
 * evaluated over its inferred domain, in declaration order (a decl reads
 * only earlier ones), into a dense row-major buffer of its own; each
 * output's box is then copied out.  The buffers live for one run; the
 * returned arrays belong to the caller. */
#include <stdlib.h>
#include <string.h>

#include "ref/ref_private.h"

/* The most points one func may have (2^31 values of 8 bytes: 16 GiB). */
#define REF_MAX_POINTS ((int64_t) 1 << 31)

static uint64_t ref_eval(const ref_state *r, const ir_expr *e, int64_t *env);

/* A read of an input, const or func.  A point outside the stored box is a
 * bounds-inference bug: it aborts rather than read out of bounds. */
static uint64_t ref_access(const ref_state *r, const ir_expr *e, int64_t *env)
{
	const ref_store *s = &r->stores[e->u.access.decl->index];
	if (s->size == 0 || e->n_args != s->n_dims)
		sl_unreachable();
	int64_t off = 0;
	for (int i = 0; i < e->n_args; i++) {
		const ir_expr *a = e->args[i];
		uint64_t idx = ir_type_none(a->type)
			? (uint64_t) ref_index_fast(a, env) : ref_eval(r, a, env);
		if (s->lo)
			idx -= (uint64_t) s->lo[i];
		if (idx >= (uint64_t) s->ext[i])
			sl_unreachable();
		off += (int64_t) idx * s->stride[i];
	}
	return s->data[off];
}

static uint64_t ref_binary(const ref_state *r, const ir_expr *e, int64_t *env)
{
	const ir_expr *x = e->args[0], *y = e->args[1];
	uint64_t a = ref_eval(r, x, env);
	uint64_t b = ref_eval(r, y, env);
	if (e->op == IR_OP_SHL || e->op == IR_OP_SHR)
		return ir_eval_binop(e->op, x->type,
			a, ir_shift_amount(y->type, b));
	return ref_binop(e->op, ir_type_none(x->type) ? y->type : x->type, a, b);
}

/* Fold the body of reduction "e" over rvars level.. into *acc. */
static void ref_reduce_level(const ref_state *r, const ir_expr *e, int64_t *env,
	int level, uint64_t *acc)
{
	const ir_rvar *v = &e->u.reduce.rvars[level];
	bool last = level + 1 == e->u.reduce.n_rvars;
	ir_op op = e->u.reduce.op == IR_RED_SUM ? IR_OP_ADD
		: e->u.reduce.op == IR_RED_MAXIMUM ? IR_OP_MAX : IR_OP_MIN;
	for (int64_t i = v->lo; i < v->hi; i++) {
		env[v->slot] = i;
		if (!last)
			ref_reduce_level(r, e, env, level + 1, acc);
		else
			*acc = ref_binop(op, e->type, *acc,
				ref_eval(r, e->u.reduce.body, env));
	}
}

static uint64_t ref_reduce(const ref_state *r, const ir_expr *e, int64_t *env)
{
	uint64_t acc = 0;
	if (e->u.reduce.op == IR_RED_MAXIMUM)
		acc = ir_type_min(e->type);
	else if (e->u.reduce.op == IR_RED_MINIMUM)
		acc = ir_type_max(e->type);
	if (e->u.reduce.n_rvars > 0)
		ref_reduce_level(r, e, env, 0, &acc);
	return acc;
}

/* A value expression: its value normalised to e->type.  env holds the
 * func's variables and reduction variables by slot. */
static uint64_t ref_eval(const ref_state *r, const ir_expr *e, int64_t *env)
{
	switch (e->kind) {
	case IR_CONST:
		return e->u.cval;
	case IR_VAR:
		return ref_norm(e->type, (uint64_t) env[e->u.var.slot]);
	case IR_ACCESS:
		return ref_access(r, e, env);
	case IR_UNARY:
		return ir_eval_unop(e->op, e->args[0]->type,
			ref_eval(r, e->args[0], env));
	case IR_BINARY:
		return ref_binary(r, e, env);
	case IR_SELECT:
		return ref_eval(r, e->args[ref_eval(r, e->args[0], env) ? 1 : 2], env);
	case IR_CAST:
		/* The source is normalised, i.e. already sign- or zero-extended
		 * to 64 bits (an index source is a mathematical integer): a
		 * cast keeps the target's low bits. */
		if (ir_type_none(e->args[0]->type))
			return ref_norm(e->type, (uint64_t) ref_index(e->args[0], env));
		return ref_norm(e->type, ref_eval(r, e->args[0], env));
	case IR_REDUCE:
		return ref_reduce(r, e, env);
	}
	sl_unreachable();
}

/* ------------------------------------------------------------ stores */

/* Fill s->stride and s->size for a box of s->n_dims dims of s->ext. */
static void ref_store_strides(ref_store *s)
{
	s->stride = sl_xcalloc(s->n_dims ? s->n_dims : 1, sizeof(int64_t));
	int64_t n = 1;
	for (int d = s->n_dims - 1; d >= 0; d--) {
		s->stride[d] = n;
		n *= s->ext[d];
	}
	s->size = n;
}

/* Points in the domain of func d, or -1 (error reported) when too many. */
static int64_t ref_func_points(ref_state *r, const ir_decl *d)
{
	int64_t n = 1;
	for (int i = 0; i < d->n_dims; i++) {
		if (d->dom_ext[i] < 0)
			sl_unreachable();
		if (d->dom_ext[i] == 0)
			return 0;
		if (n > REF_MAX_POINTS / d->dom_ext[i]) {
			sl_error(r->ctx, d->loc, "the domain of '%s' has more than "
				"%lld points, too many for the reference",
				d->name, (long long) REF_MAX_POINTS);
			return -1;
		}
		n *= d->dom_ext[i];
	}
	return n;
}

/* Evaluate func d over its whole domain, in row-major order, a point at
 * a time. */
void ref_tree_fill(const ref_state *r, const ir_decl *d, uint64_t *buf, int64_t n)
{
	int64_t *env = sl_xcalloc(d->n_slots > 0 ? d->n_slots : 1, sizeof(*env));
	for (int i = 0; i < d->n_dims; i++)
		env[i] = d->dom_lo[i];
	for (int64_t k = 0; k < n; k++) {
		buf[k] = ref_eval(r, d->body, env);
		for (int i = d->n_dims - 1; i >= 0; i--) {
			if (++env[i] < d->dom_lo[i] + d->dom_ext[i])
				break;
			env[i] = d->dom_lo[i];
		}
	}
	free(env);
}

/* Is func d an output whose domain is exactly its output box? */
static bool ref_is_whole_output(const ir_decl *d)
{
	if (!d->is_output)
		return false;
	for (int i = 0; i < d->n_dims; i++)
		if (d->dom_lo[i] != 0 || d->dom_ext[i] != d->out_extents[i])
			return false;
	return true;
}

/* The buffer of func d's n points: an output array, or owned here. */
static uint64_t *ref_func_buffer(ref_state *r, const ir_decl *d, int64_t n)
{
	if (!r->keep_funcs && ref_is_whole_output(d)) {
		io_array *a = io_array_alloc(d->type, d->n_dims, d->out_extents);
		r->whole[d->index] = a;
		return a ? a->data : NULL;
	}
	return r->owned[d->index] = malloc((size_t) n * sizeof(uint64_t));
}

static int ref_run_func(ref_state *r, const ir_decl *d)
{
	ref_store *s = &r->stores[d->index];
	s->n_dims = d->n_dims;
	if (d->dom_empty)
		return 0;
	if (d->n_slots < d->n_dims)
		sl_unreachable();
	int64_t n = ref_func_points(r, d);
	if (n < 0)
		return -1;
	s->lo = d->dom_lo;
	s->ext = d->dom_ext;
	ref_store_strides(s);
	if (n == 0 || r->no_store[d->index])
		return 0;
	if (!sl_mem_reserve(r->ctx, d->loc, "func", d->name, n, sizeof(uint64_t)))
		return -1;
	r->held += (uint64_t) n * sizeof(uint64_t);
	uint64_t *buf = ref_func_buffer(r, d, n);
	if (!buf) {
		sl_error(r->ctx, d->loc, "out of memory for the %lld points of '%s'",
			(long long) n, d->name);
		return -1;
	}
	if (r->engine == REF_ENGINE_TREE)
		ref_tree_fill(r, d, buf, n);
	else
		ref_rows_fill(r, d, buf, n);
	s->data = buf;
	return 0;
}

/* The array given for input d (the pos-th input), or NULL. */
const io_array *ref_find_input(const ref_inputs *in, const ir_decl *d,
	int pos)
{
	if (!in)
		return NULL;
	if (in->decls) {
		for (int i = 0; i < in->n; i++)
			if (in->decls[i] == d)
				return in->arrays[i];
		return NULL;
	}
	return pos < in->n ? in->arrays[pos] : NULL;
}

bool ref_shape_matches(const io_array *a, const ir_decl *d)
{
	if (!ir_type_eq(a->type, d->type) || a->n_dims != d->n_dims)
		return false;
	for (int i = 0; i < d->n_dims; i++)
		if (a->dims[i] != d->extents[i])
			return false;
	return true;
}

static int ref_bind_input(ref_state *r, const ir_decl *d, const io_array *a)
{
	char tb[8];
	if (!a) {
		sl_error(r->ctx, d->loc, "no data for input '%s'", d->name);
		return -1;
	}
	if (!ref_shape_matches(a, d)) {
		sl_error(r->ctx, d->loc, "the data for input '%s' is not a %s "
			"array of its declared shape", d->name, ir_type_str(d->type, tb));
		return -1;
	}
	ref_store *s = &r->stores[d->index];
	s->data = a->data;
	s->n_dims = d->n_dims;
	s->ext = d->extents;
	ref_store_strides(s);
	return 0;
}

static void ref_bind_const(ref_state *r, const ir_decl *d)
{
	ref_store *s = &r->stores[d->index];
	s->data = d->data;
	s->n_dims = d->n_dims;
	s->ext = d->extents;
	ref_store_strides(s);
}

/* ------------------------------------------------------------ outputs */

/* Copy the box [0, out_extents) of output d out of its func buffer. */
static io_array *ref_extract(ref_state *r, const ir_decl *d)
{
	const ref_store *s = &r->stores[d->index];
	int nd = d->n_dims;
	if (r->whole[d->index]) {
		io_array *a = r->whole[d->index];
		r->whole[d->index] = NULL;
		return a;
	}
	for (int i = 0; i < nd; i++)
		if (s->size == 0 || s->lo[i] > 0
		    || d->out_extents[i] > s->lo[i] + s->ext[i])
			sl_unreachable();
	io_array *a = io_array_alloc(d->type, nd, d->out_extents);
	if (!a || a->size == 0)
		return a;
	int64_t row = nd ? d->out_extents[nd - 1] : 1;
	int64_t pt[8] = { 0 };
	for (int64_t k = 0; k < a->size; k += row) {
		int64_t off = 0;
		for (int i = 0; i < nd; i++)
			off += (pt[i] - s->lo[i]) * s->stride[i];
		memcpy(a->data + k, s->data + off, (size_t) row * sizeof(uint64_t));
		for (int i = nd - 2; i >= 0; i--) {
			if (++pt[i] < d->out_extents[i])
				break;
			pt[i] = 0;
		}
	}
	return a;
}

static int ref_extract_all(ref_state *r, io_array **outputs)
{
	const ir_program *prog = r->prog;
	int errors = sl_n_errors(r->ctx);
	for (int i = 0; i < prog->n_outputs; i++) {
		if (prog->outputs[i]->n_dims > 8)
			sl_unreachable();
		const ir_decl *d = prog->outputs[i];
		outputs[i] = sl_mem_reserve_box(r->ctx, d->loc, "output", d->name, d->n_dims,
			d->out_extents, sizeof(uint64_t)) ? ref_extract(r, d) : NULL;
		if (!outputs[i] && sl_n_errors(r->ctx) > errors) {
			for (int j = 0; j < i; j++) {
				io_array_free(outputs[j]);
				outputs[j] = NULL;
			}
			return -1;
		}
		if (!outputs[i]) {
			for (int j = 0; j < i; j++) {
				io_array_free(outputs[j]);
				outputs[j] = NULL;
			}
			sl_error(r->ctx, prog->outputs[i]->loc,
				"out of memory for output '%s'", prog->outputs[i]->name);
			return -1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ the run */

static int ref_run_decls(ref_state *r, const ref_inputs *inputs)
{
	int n_inputs = 0;
	for (int i = 0; i < r->prog->n_decls; i++) {
		const ir_decl *d = r->prog->decls[i];
		if (d->index != i)
			sl_unreachable();
		int rc = 0;
		if (d->kind == IR_DECL_INPUT)
			rc = ref_bind_input(r, d, ref_find_input(inputs, d, n_inputs++));
		else if (d->kind == IR_DECL_CONST)
			ref_bind_const(r, d);
		else
			rc = ref_run_func(r, d);
		if (rc)
			return rc;
	}
	return 0;
}

/* The engine $SLUICE_REF names; DEFAULT (error reported) when it names
 * none. */
static ref_engine ref_env_engine(sl_ctx *ctx)
{
	const char *v = getenv("SLUICE_REF");
	if (!v || !*v || !strcmp(v, "rows"))
		return REF_ENGINE_ROWS;
	if (!strcmp(v, "tree"))
		return REF_ENGINE_TREE;
	if (!strcmp(v, "c"))
		return REF_ENGINE_C;
	sl_error(ctx, sl_noloc, "SLUICE_REF names the reference's evaluator: 'rows', "
		"'tree' or 'c', not '%s'", v);
	return REF_ENGINE_DEFAULT;
}

bool ref_auto_compiles(const ir_program *prog)
{
	int64_t n = 0;
	for (int i = 0; i < prog->n_decls && n < REF_AUTO_POINTS; i++) {
		const ir_decl *d = prog->decls[i];
		if (d->kind == IR_DECL_FUNC && !d->dom_empty)
			n += ir_decl_dom_size(d);
	}
	return n >= REF_AUTO_POINTS;
}

int ref_run(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, io_array **outputs)
{
	return ref_run_engine(ctx, prog, inputs, outputs, REF_ENGINE_DEFAULT);
}

/* Run every declaration of "prog"; with "funcs", hand every func's
 * buffer over instead of extracting the outputs. */
static int ref_run_all(sl_ctx *ctx, const ir_program *prog, const ref_inputs *inputs,
	io_array **outputs, uint64_t **funcs, ref_engine engine)
{
	if (engine == REF_ENGINE_DEFAULT && (engine = ref_env_engine(ctx)) == REF_ENGINE_DEFAULT)
		return -1;
	if (engine == REF_ENGINE_AUTO && !funcs && ref_auto_compiles(prog)) {
		int rc = ref_cref_run(ctx, prog, inputs, true, outputs);
		if (rc != 1)
			return rc;
	}
	if (engine == REF_ENGINE_C && !funcs)
		return ref_cref_run(ctx, prog, inputs, false, outputs);
	if (engine == REF_ENGINE_C || engine == REF_ENGINE_AUTO)
		engine = REF_ENGINE_ROWS;	/* the model's values: the row kernels */
	for (int i = 0; i < inputs->n; i++)
		if (inputs->arrays[i])
			io_array_unpack(inputs->arrays[i]);
	int n = prog->n_decls;
	ref_state r = { .ctx = ctx, .prog = prog, .engine = engine, .keep_funcs = funcs != NULL };
	r.stores = sl_xcalloc(n ? n : 1, sizeof(*r.stores));
	r.owned = sl_xcalloc(n ? n : 1, sizeof(*r.owned));
	r.whole = sl_xcalloc(n ? n : 1, sizeof(*r.whole));
	r.no_store = sl_xcalloc(n ? n : 1, sizeof(*r.no_store));
	if (engine == REF_ENGINE_ROWS && !funcs)
		ref_rows_inlined(prog, r.no_store);

	int rc = ref_run_decls(&r, inputs);
	if (rc == 0 && outputs)
		rc = ref_extract_all(&r, outputs);
	for (int i = 0; rc == 0 && funcs && i < n; i++) {
		funcs[i] = r.owned[i];
		r.owned[i] = NULL;
	}

	for (int i = 0; i < n; i++) {
		free(r.stores[i].stride);
		free(r.owned[i]);
		io_array_free(r.whole[i]);
	}
	free(r.whole);
	free(r.no_store);
	sl_mem_release(ctx, r.held);
	free(r.stores);
	free(r.owned);
	return rc;
}

int ref_run_engine(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, io_array **outputs, ref_engine engine)
{
	for (int i = 0; i < prog->n_outputs; i++)
		outputs[i] = NULL;
	return ref_run_all(ctx, prog, inputs, outputs, NULL, engine);
}

int ref_run_funcs(sl_ctx *ctx, const ir_program *prog,
	const ref_inputs *inputs, uint64_t **funcs)
{
	for (int i = 0; i < prog->n_decls; i++)
		funcs[i] = NULL;
	return ref_run_all(ctx, prog, inputs, NULL, funcs, REF_ENGINE_DEFAULT);
}
