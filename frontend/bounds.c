/* frontend/bounds.c: bounds inference and access checks with isl.
 * Stage: lex -> parse -> typecheck -> [bounds].  Each func's domain is the
 * bounding box of every point its consumers read (and of its output box);
 * funcs are visited from the last declared to the first, so each one's
 * consumers are done before it.  Every input or const access must stay
 * inside its declared extents.  The isl context lives only in this pass;
 * the results are plain integers in the IR. */
#include <string.h>

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/map.h>
#include <isl/space.h>
#include <isl/local_space.h>
#include <isl/val.h>

#include "frontend/frontend_private.h"

/* Index values beyond this are rejected: they cannot address memory. */
#define INDEX_LIMIT ((int64_t) 1 << 40)
/* The most points a func's domain may hold. */
#define DOMAIN_LIMIT ((int64_t) 1 << 31)

typedef struct box {
	bool any;
	int64_t lo[16], hi[16];	/* inclusive */
} box;

typedef struct bounds {
	sl_ctx *ctx;
	isl_ctx *isl;
	box *boxes;		/* per declaration index */
	ir_decl *func;		/* the reader being visited */
	bool checking;		/* second pass: check input and const reads */
	isl_set *iter;		/* its iteration space, with reduction ranges */
	bool failed;
} bounds;

__isl_give isl_pw_aff *fe_index_pw_aff(isl_ctx *isl, const ir_expr *e,
	__isl_keep isl_local_space *ls)
{
	isl_pw_aff *x, *y;
	switch (e->kind) {
	case IR_CONST:
		return isl_pw_aff_from_aff(isl_aff_val_on_domain(isl_local_space_copy(ls),
			isl_val_int_from_si(isl, (long) (int64_t) e->u.cval)));
	case IR_VAR:
		return isl_pw_aff_from_aff(isl_aff_var_on_domain(isl_local_space_copy(ls),
			isl_dim_set, e->u.var.slot));
	case IR_UNARY:
		return isl_pw_aff_neg(fe_index_pw_aff(isl, e->args[0], ls));
	case IR_BINARY:
		break;
	default:
		sl_unreachable();
	}
	x = fe_index_pw_aff(isl, e->args[0], ls);
	if (e->op == IR_OP_DIV)
		return isl_pw_aff_floor(isl_pw_aff_scale_down_val(x,
			isl_val_int_from_si(isl, (long) (int64_t) e->args[1]->u.cval)));
	if (e->op == IR_OP_MOD)
		return isl_pw_aff_mod_val(x,
			isl_val_int_from_si(isl, (long) (int64_t) e->args[1]->u.cval));
	y = fe_index_pw_aff(isl, e->args[1], ls);
	switch (e->op) {
	case IR_OP_ADD: return isl_pw_aff_add(x, y);
	case IR_OP_SUB: return isl_pw_aff_sub(x, y);
	case IR_OP_MUL: return isl_pw_aff_mul(x, y);
	case IR_OP_MIN: return isl_pw_aff_min(x, y);
	case IR_OP_MAX: return isl_pw_aff_max(x, y);
	default: sl_unreachable();
	}
}

/* Read an isl value into *out; false when it is not a bounded integer
 * within the index limit. */
static bool val_to_int(__isl_take isl_val *v, int64_t *out)
{
	bool ok = v && isl_val_is_int(v) &&
		isl_val_cmp_si(v, INDEX_LIMIT) <= 0 && isl_val_cmp_si(v, -INDEX_LIMIT) >= 0;
	if (ok)
		*out = isl_val_get_num_si(v);
	isl_val_free(v);
	return ok;
}

/* The range [lo, hi] that index "e" takes over the reader's iterations. */
static bool index_range(bounds *b, const ir_expr *e, int64_t *lo, int64_t *hi)
{
	isl_space *space = isl_set_get_space(b->iter);
	isl_local_space *ls = isl_local_space_from_space(space);
	isl_pw_aff *pa = fe_index_pw_aff(b->isl, e, ls);
	isl_local_space_free(ls);
	/* Coalesced first: isl 0.25's dim_min_val is wrong on an image with an
	 * empty disjunct ("1 = 0", the empty piece of max(x - 3, y + 2) on
	 * 0 <= y <= 2, 0 <= x <= 3 gave 0, not 2). */
	isl_set *img = isl_set_coalesce(isl_set_apply(isl_set_copy(b->iter),
		isl_map_from_pw_aff(pa)));
	bool ok = val_to_int(isl_set_dim_min_val(isl_set_copy(img), 0), lo) &&
		val_to_int(isl_set_dim_max_val(isl_set_copy(img), 0), hi);
	isl_set_free(img);
	if (!ok) {
		if (!b->failed)
			sl_error(b->ctx, e->loc, "this index reaches beyond +-2^40");
		b->failed = true;
	}
	return ok;
}

/* Where an expression starts in the source (its leftmost token). */
static sl_loc expr_start(const ir_expr *e)
{
	while ((e->kind == IR_BINARY || e->kind == IR_SELECT) &&
	       !(e->kind == IR_BINARY && (e->op == IR_OP_MIN || e->op == IR_OP_MAX)) &&
	       e->args[0]->loc.line > 0 &&
	       (e->args[0]->loc.line < e->loc.line ||
		(e->args[0]->loc.line == e->loc.line && e->args[0]->loc.col < e->loc.col)))
		e = e->args[0];
	return e->loc;
}

/* "[64][W = 1920]": extents, each with how a param made it. */
static void extents_text(char *buf, size_t cap, const int64_t *ext, const char *const *text,
	int n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < n && k + 1 < cap; i++) {
		int w = text && text[i] ? snprintf(buf + k, cap - k, "[%s]", text[i])
			: snprintf(buf + k, cap - k, "[%lld]", (long long) ext[i]);
		k += w > 0 ? (size_t) w : 0;
	}
	if (k >= cap && cap > 4)
		strcpy(buf + cap - 4, "...");
}

/* "y in 0..1077, x in 0..1918": the domain of func "f". */
static void domain_text(char *dom, size_t cap, const ir_decl *f)
{
	char *q = dom;
	*q = 0;
	for (int i = 0; i < f->n_dims && q < dom + cap - 48; i++)
		q += sprintf(q, "%s%s in %lld..%lld", i ? ", " : "", f->var_names[i],
			(long long) f->dom_lo[i], (long long) (f->dom_lo[i] + f->dom_ext[i] - 1));
}

/* " (its output box [H - 2 = 1078, where H = 1080][W = 1920])" for an
 * output whose extents read params, else "". */
static void box_text(char *box, size_t cap, const ir_decl *f)
{
	box[0] = 0;
	if (f->is_output && f->out_ext_text) {
		char ob[400];
		extents_text(ob, sizeof(ob), f->out_extents, f->out_ext_text, f->n_dims);
		snprintf(box, cap, " (its output box %s)", ob);
	}
}

static void out_of_bounds(bounds *b, const ir_expr *e, int dim, int64_t lo, int64_t hi)
{
	const ir_decl *d = e->u.access.decl;
	int64_t last = d->extents[dim] - 1;
	sl_loc at = expr_start(e->args[dim]);
	char why[200] = "";
	if (d->ext_text && d->ext_text[dim])
		snprintf(why, sizeof(why), " (its extent %s)", d->ext_text[dim]);
	if (lo < 0 && hi > last)
		sl_error(b->ctx, at,
			"'%s' is read at indices %lld..%lld in dimension %d, outside its extent 0..%lld%s",
			d->name, (long long) lo, (long long) hi, dim + 1, (long long) last, why);
	else if (lo < 0)
		sl_error(b->ctx, at,
			"'%s' is read at index %lld in dimension %d, before its first index 0",
			d->name, (long long) lo, dim + 1);
	else
		sl_error(b->ctx, at,
			"'%s' is read at index %lld in dimension %d, past its last index %lld%s",
			d->name, (long long) hi, dim + 1, (long long) last, why);
	char ext[400];
	extents_text(ext, sizeof(ext), d->extents, d->ext_text, d->n_dims);
	sl_note(b->ctx, d->loc, "'%s' is declared here with extents %s", d->name, ext);
	const ir_decl *f = b->func;
	char dom[200], box[420];
	domain_text(dom, sizeof(dom), f);
	box_text(box, sizeof(box), f);
	sl_note(b->ctx, f->loc, "'%s' is computed over %s%s%s; clamp the index or shrink the output",
		f->name, dom, box, f->is_output ? "" : " (what its consumers read)");
	b->failed = true;
}

static void visit_access(bounds *b, const ir_expr *e)
{
	ir_decl *d = e->u.access.decl;
	box *bx = &b->boxes[d->index];
	if (b->checking != (d->kind != IR_DECL_FUNC))
		return;
	for (int i = 0; i < e->n_args; i++) {
		int64_t lo, hi;
		if (!ir_type_none(e->args[i]->type))
			continue;	/* a table look-up, safe by its type */
		if (!index_range(b, e->args[i], &lo, &hi))
			return;
		if (d->kind != IR_DECL_FUNC) {
			if (lo < 0 || hi >= d->extents[i]) {
				out_of_bounds(b, e, i, lo, hi);
				return;
			}
			continue;
		}
		if (!bx->any || lo < bx->lo[i])
			bx->lo[i] = lo;
		if (!bx->any || hi > bx->hi[i])
			bx->hi[i] = hi;
	}
	if (d->kind == IR_DECL_FUNC && e->n_args > 0)
		bx->any = true;
}

static void visit_expr(bounds *b, const ir_expr *e)
{
	if (e->kind == IR_ACCESS)
		visit_access(b, e);
	if (e->kind == IR_REDUCE)
		visit_expr(b, e->u.reduce.body);
	for (int i = 0; i < e->n_args; i++)
		visit_expr(b, e->args[i]);
}

static __isl_give isl_set *bound_rvars(__isl_take isl_set *s, const ir_expr *e)
{
	if (e->kind == IR_REDUCE) {
		for (int i = 0; i < e->u.reduce.n_rvars; i++) {
			const ir_rvar *r = &e->u.reduce.rvars[i];
			s = isl_set_lower_bound_si(s, isl_dim_set, r->slot, (int) r->lo);
			s = isl_set_upper_bound_si(s, isl_dim_set, r->slot, (int) (r->hi - 1));
		}
		s = bound_rvars(s, e->u.reduce.body);
	}
	for (int i = 0; i < e->n_args; i++)
		s = bound_rvars(s, e->args[i]);
	return s;
}

/* The iteration space of func "f": its domain box times the ranges of
 * its reduction variables. */
static __isl_give isl_set *iteration_space(bounds *b, const ir_decl *f)
{
	isl_set *s = isl_set_universe(isl_space_set_alloc(b->isl, 0, f->n_slots));
	for (int i = 0; i < f->n_dims; i++) {
		s = isl_set_lower_bound_val(s, isl_dim_set, i,
			isl_val_int_from_si(b->isl, f->dom_lo[i]));
		s = isl_set_upper_bound_val(s, isl_dim_set, i,
			isl_val_int_from_si(b->isl, f->dom_lo[i] + f->dom_ext[i] - 1));
	}
	return bound_rvars(s, f->body);
}

/* Fix the domain of "f" from what was collected; false if unused. */
static bool set_domain(bounds *b, ir_decl *f)
{
	box *bx = &b->boxes[f->index];
	for (int i = 0; f->is_output && i < f->n_dims; i++) {
		if (!bx->any || bx->lo[i] > 0)
			bx->lo[i] = 0;
		if (!bx->any || bx->hi[i] < f->out_extents[i] - 1)
			bx->hi[i] = f->out_extents[i] - 1;
	}
	bx->any = bx->any || f->is_output;
	f->dom_lo = sl_alloc(b->ctx, f->n_dims * sizeof(int64_t));
	f->dom_ext = sl_alloc(b->ctx, f->n_dims * sizeof(int64_t));
	if (!bx->any) {
		f->dom_empty = true;
		return false;
	}
	int64_t points = 1;
	for (int i = 0; i < f->n_dims; i++) {
		f->dom_lo[i] = bx->lo[i];
		f->dom_ext[i] = bx->hi[i] - bx->lo[i] + 1;
		points = points > DOMAIN_LIMIT ? points : points * f->dom_ext[i];
	}
	if (points > DOMAIN_LIMIT) {
		char dom[200], bx_text[420];
		domain_text(dom, sizeof(dom), f);
		box_text(bx_text, sizeof(bx_text), f);
		sl_error(b->ctx, f->loc, "func '%s' would be computed over more than 2^31 points: "
			"%s%s", f->name, dom, bx_text);
		b->failed = true;
		return false;
	}
	return true;
}

static void visit_func(bounds *b, ir_decl *f)
{
	b->func = f;
	b->iter = iteration_space(b, f);
	if (!b->iter) {
		sl_error(b->ctx, f->loc, "isl failed on '%s': %s", f->name,
			isl_ctx_last_error_msg(b->isl) ? isl_ctx_last_error_msg(b->isl) : "unknown error");
		b->failed = true;
	} else {
		visit_expr(b, f->body);
	}
	b->iter = isl_set_free(b->iter);
}

enum { UNUSED_WARNINGS = 10 };	/* then one line counts the rest */

static void warn_unused_funcs(sl_ctx *ctx, const ir_program *prog)
{
	int n = 0;
	sl_loc more = sl_noloc;
	for (int i = 0; i < prog->n_decls; i++) {
		const ir_decl *d = prog->decls[i];
		if (!d->dom_empty)
			continue;
		if (++n <= UNUSED_WARNINGS)
			sl_warning(ctx, d->loc, "func '%s' is not used by any output", d->name);
		else if (n == UNUSED_WARNINGS + 1)
			more = d->loc;
	}
	if (n > UNUSED_WARNINGS)
		sl_warning(ctx, more, "and %d more funcs from here on are not used by any output",
			n - UNUSED_WARNINGS);
}

int fe_infer_bounds(sl_ctx *ctx, isl_ctx *isl, ir_program *prog, bool warn_unused)
{
	bounds b = { ctx, isl ? isl : isl_ctx_alloc(), NULL, NULL, false, NULL, false };
	if (!b.isl)
		return -1;
	if (!isl)
		isl_options_set_on_error(b.isl, ISL_ON_ERROR_CONTINUE);
	b.boxes = sl_xcalloc(prog->n_decls, sizeof(*b.boxes));
	for (int i = prog->n_decls - 1; i >= 0; i--) {
		ir_decl *f = prog->decls[i];
		if (f->kind == IR_DECL_FUNC && set_domain(&b, f))
			visit_func(&b, f);
	}
	b.checking = true;
	for (int i = 0; i < prog->n_decls; i++) {
		ir_decl *f = prog->decls[i];
		if (f->kind == IR_DECL_FUNC && !f->dom_empty)
			visit_func(&b, f);
	}
	/* After an error a func may look unused only because the search for
	 * its uses stopped: no warning then. */
	if (warn_unused && !b.failed)
		warn_unused_funcs(ctx, prog);
	free(b.boxes);
	if (!isl)
		isl_ctx_free(b.isl);
	return b.failed ? -1 : 0;
}
