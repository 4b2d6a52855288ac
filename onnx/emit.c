/* onnx/emit.c: the program text an import writes.
 * Stage: ONNX models in (onnx/).  Strings of expressions (in the
 * context's arena), literals, accesses with ONNX's multidirectional
 * broadcasting, const declarations whose values go to a .npy beside the
 * program, and funcs with the comment naming their node.  A func of rank
 * R has the variables v0 .. v{R-1}, vd the ONNX dimension d, in the
 * order of its storage (ox_stored_dim); reductions use r0, r1, ... (names
 * the name mapping never gives a tensor). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "onnx/onnx_private.h"

char *ox_fmt(ox_imp *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = sl_vfmt(m->ctx, fmt, ap);
	va_end(ap);
	return s;
}

const char *ox_tname(ir_type t)
{
	static char names[2][65][8];
	char *s = names[t.is_signed][t.bits & 63 ? t.bits & 63 : 64];
	if (!s[0])
		snprintf(s, 8, "%c%d", t.is_signed ? 'i' : 'u', t.bits & 127);
	return s;
}

/* A literal of type t: T(v), v signed for iN. */
char *ox_lit(ox_imp *m, ir_type t, uint64_t v)
{
	v = ir_norm(t, v);
	if (t.is_signed && t.bits < 64 && (v >> (t.bits - 1) & 1))
		v |= ~0ULL << t.bits;
	if (t.is_signed && (int64_t) v < 0)
		return ox_fmt(m, "%s(-%llu)", ox_tname(t), (unsigned long long) -v);
	return ox_fmt(m, "%s(%llu)", ox_tname(t), (unsigned long long) v);
}

/* The ONNX dimension stored at position j of a func or graph input or
 * output of "rank": j itself, or with channels last (rank 3 or more)
 * dimension 1 at the end, 0, 2, 3, ..., 1. */
int ox_stored_dim(const ox_imp *m, int rank, int j)
{
	if (!m->opts->channels_last || rank < 3 || j == 0)
		return j;
	return j == rank - 1 ? 1 : j + 1;
}

/* The variables of a func of "rank" in its storage order. */
char *ox_vars(ox_imp *m, int rank)
{
	char *s = ox_fmt(m, "%s", "");
	for (int j = 0; j < rank; j++)
		s = ox_fmt(m, "%s%sv%d", s, j ? ", " : "", ox_stored_dim(m, rank, j));
	return rank ? s : ox_fmt(m, "v0");
}

/* Declare the constant "t" once: its values to DIR/STEM.NAME.npy and
 * `const NAME : T[...] = file("STEM.NAME.npy");`.  0, or -1 (reported). */
int ox_declare(ox_imp *m, ox_tensor *t)
{
	if (t->declared || !t->val)
		return 0;
	char *file = ox_fmt(m, "%s.%s.npy", m->stem, t->name);
	char *path = sl_path_join(m->dir, file, NULL);
	int rc = m->opts->dry_run ? 1 : io_npy_write(m->ctx, path, t->val);
	if (rc == 0) {	/* 1: a dry run, nothing written */
		m->written = sl_xrealloc(m->written, (size_t) (m->n_written + 1) * sizeof(char *));
		m->written[m->n_written++] = sl_strdup(m->ctx, path);
	}
	free(path);
	if (rc < 0)
		return -1;
	if (t->note)
		fprintf(m->out, "# %s\n", t->note);
	else
		fprintf(m->out, "# initializer '%s'\n", t->onnx);
	fprintf(m->out, "const %s : %s", t->name, ox_tname(t->type));
	for (int d = 0; d < t->val->n_dims; d++)
		fprintf(m->out, "[%lld]", (long long) t->val->dims[d]);
	fprintf(m->out, " = file(\"%s\");\n", file);
	t->declared = true;
	return 0;
}

/* t(idx[0], ..., idx[rank-1]), idx in ONNX's order, written in t's
 * storage order (a constant keeps ONNX's); a constant of one element is
 * its literal (a rank-0 tensor is read at index 0). */
char *ox_read(ox_imp *m, ox_tensor *t, char **idx)
{
	if (t->val && t->val->size == 1)
		return ox_lit(m, t->type, t->val->data[0]);
	if (ox_declare(m, t) < 0)
		return NULL;
	char *s = ox_fmt(m, "%s(", t->name);
	for (int j = 0; j < (t->rank ? t->rank : 1); j++) {
		int d = t->val ? j : ox_stored_dim(m, t->rank, j);
		s = ox_fmt(m, "%s%s%s", s, j ? ", " : "", t->rank ? idx[d] : "0");
	}
	return ox_fmt(m, "%s)", s);
}

/* "t" read at the point v0..v{rank-1} of a result of shape dims, by
 * ONNX's broadcasting: t's dimensions align with the last ones; one of
 * extent 1 is read at 0. */
char *ox_read_bcast(ox_imp *m, ox_tensor *t, int rank, const int64_t *dims)
{
	char *idx[OX_MAX_RANK];
	int off = rank - t->rank;
	for (int d = 0; d < t->rank; d++)
		idx[d] = t->dims[d] == 1 ? "0" : ox_fmt(m, "v%d", off + d);
	return ox_read(m, t, idx);
}

/* The result shape of broadcasting in[0..k) (NULL entries skipped). */
bool ox_bcast_shape(ox_imp *m, const Onnx__NodeProto *n, ox_tensor **in, int k,
	int *rank, int64_t *dims)
{
	*rank = 0;
	for (int i = 0; i < k; i++)
		if (in[i] && in[i]->rank > *rank)
			*rank = in[i]->rank;
	for (int d = 0; d < *rank; d++)
		dims[d] = 1;
	for (int i = 0; i < k; i++) {
		if (!in[i])
			continue;
		int off = *rank - in[i]->rank;
		for (int d = 0; d < in[i]->rank; d++) {
			int64_t e = in[i]->dims[d], *o = &dims[off + d];
			if (e != 1 && *o != 1 && e != *o) {
				ox_node_error(m, n, "the shapes of its inputs do not broadcast "
					"(dimension %d: %lld and %lld)", off + d, (long long) *o,
					(long long) e);
				return false;
			}
			if (e != 1)
				*o = e;
		}
	}
	return true;
}

/* A new name for a helper func of "base": BASE__SUFFIX. */
char *ox_helper_name(ox_imp *m, const ox_tensor *base, const char *suffix)
{
	return (char *) ox_name(m, ox_fmt(m, "%s__%s", base->name, suffix));
}

void ox_comment_node(ox_imp *m, const Onnx__NodeProto *n)
{
	fprintf(m->out, "\n# node '%s' (%s):", n->name && *n->name ? n->name
		: n->n_output ? n->output[0] : "", n->op_type);
	for (size_t i = 0; i < n->n_input; i++)
		fprintf(m->out, "%s%s", i ? ", " : " ", *n->input[i] ? n->input[i] : "(none)");
	fprintf(m->out, " ->");
	for (size_t i = 0; i < n->n_output; i++)
		fprintf(m->out, "%s%s", i ? ", " : " ", n->output[i]);
	fputc('\n', m->out);
}

/* func NAME(v0, ...) : T = BODY; */
void ox_func(ox_imp *m, const Onnx__NodeProto *n, const char *name, int rank,
	ir_type t, const char *body)
{
	fprintf(m->out, "func %s(%s) : %s =\n\t%s;\n", name, ox_vars(m, rank), ox_tname(t), body);
}

/* An integer tensor where "what" needs one (else an error, false). */
bool ox_need_int(ox_imp *m, const Onnx__NodeProto *n, ox_tensor *t, const char *what)
{
	if (t && !ir_type_none(t->type))
		return true;
	if (!t)
		ox_node_error(m, n, "%s is missing", what);
	else
		ox_node_error(m, n, "%s '%s' has element type %s: sluice computes on integers "
			"only", what, t->onnx, ox_elem_name(t->elem));
	return false;
}
