/* onnx/import.c: an ONNX graph as a sluice program.
 * Stage: ONNX models in (onnx/), on top of model.c and emit.c.  Owns the
 * operator table, the tensors of the graph (initializers, graph inputs,
 * node outputs), the folding of graph inputs that must be constants, the
 * walk over the nodes (in their topological order) and the program file
 * with its outputs.  Every problem is "MODEL: error: ...", a node's as
 * "node 'NAME' (OpType): ...". */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "onnx/onnx_private.h"

enum { OX_OPSET_MIN = 7, OX_OPSET_MAX = 21 };

/* The operators, with the inputs that must be known at compile time (a
 * bit per input index). */
static const struct ox_opdef {
	const char *op;
	ox_op_fn fn;
	unsigned statics;
} ox_ops[] = {
	{ "Abs", ox_op_unary, 0 }, { "Add", ox_op_add_or_relu, 0 }, { "And", ox_op_binary, 0 },
	{ "BitShift", ox_op_binary, 0 }, { "Cast", ox_op_cast, 0 },
	{ "Clip", ox_op_clip, 0 }, { "Concat", ox_op_concat, 0 },
	{ "Constant", ox_op_constant, 0 }, { "Conv", ox_op_qdq_layer, 0 },
	{ "ConvInteger", ox_op_conv_integer, 0 }, { "DequantizeLinear", ox_op_dequantize, 0x6 },
	{ "Div", ox_op_divmod, 0 }, { "Equal", ox_op_binary, 0 },
	{ "EyeLike", ox_op_eyelike, 0 }, { "Flatten", ox_op_reshape, 0 },
	{ "Greater", ox_op_binary, 0 }, { "GreaterOrEqual", ox_op_binary, 0 },
	{ "Identity", ox_op_reshape, 0 }, { "Less", ox_op_binary, 0 },
	{ "LessOrEqual", ox_op_binary, 0 }, { "MatMul", ox_op_qdq_layer, 0 },
	{ "MatMulInteger", ox_op_matmul_integer, 0 },
	{ "Max", ox_op_variadic, 0 }, { "MaxPool", ox_op_maxpool, 0 },
	{ "Min", ox_op_variadic, 0 }, { "Mod", ox_op_divmod, 0 }, { "Mul", ox_op_binary, 0 },
	{ "Neg", ox_op_unary, 0 }, { "Not", ox_op_unary, 0 }, { "Or", ox_op_binary, 0 },
	{ "Pad", ox_op_pad, 0xa }, { "Pow", ox_op_pow, 0 },
	{ "QLinearConv", ox_op_qlinear_conv, 0xf6 },
	{ "QLinearMatMul", ox_op_qlinear_matmul, 0xf6 },
	{ "QuantizeLinear", ox_op_quantize, 0x6 }, { "Relu", ox_op_add_or_relu, 0 },
	{ "Reshape", ox_op_reshape, 0x2 }, { "Squeeze", ox_op_reshape, 0x2 },
	{ "Sub", ox_op_binary, 0 }, { "Sum", ox_op_variadic, 0 },
	{ "Transpose", ox_op_transpose, 0 }, { "Trilu", ox_op_trilu, 0x2 },
	{ "Unsqueeze", ox_op_reshape, 0x2 }, { "Where", ox_op_where, 0 },
	{ "Xor", ox_op_binary, 0 },
};

static const struct ox_opdef *find_op(const Onnx__NodeProto *n)
{
	if (n->domain && *n->domain && strcmp(n->domain, "ai.onnx"))
		return NULL;
	for (size_t i = 0; i < sizeof ox_ops / sizeof ox_ops[0]; i++)
		if (!strcmp(ox_ops[i].op, n->op_type))
			return &ox_ops[i];
	return NULL;
}

static char *supported_list(ox_imp *m)
{
	char *s = "";
	for (size_t i = 0; i < sizeof ox_ops / sizeof ox_ops[0]; i++)
		s = ox_fmt(m, "%s%s%s", s, i ? ", " : "", ox_ops[i].op);
	return s;
}

bool onnx_is_model(const char *path)
{
	size_t n = strlen(path);
	return n > 5 && !strcmp(path + n - 5, ".onnx");
}

void ox_node_error(ox_imp *m, const Onnx__NodeProto *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = sl_vfmt(m->ctx, fmt, ap);
	va_end(ap);
	const char *name = n->name && *n->name ? n->name : n->n_output ? n->output[0] : "";
	sl_error_file(m->ctx, m->path, "node '%s' (%s): %s", name, n->op_type, msg);
}

/* ------------------------------------------------------------- tensors */

ox_tensor *ox_find(ox_imp *m, const char *onnx)
{
	for (int i = m->n_t - 1; i >= 0; i--)
		if (!strcmp(m->t[i]->onnx, onnx))
			return m->t[i];
	return NULL;
}

/* A tensor of element type "elem" (an integer type, or any other for a
 * float scale, whose .type is then none). */
ox_tensor *ox_new_tensor(ox_imp *m, const char *onnx, int elem, int rank,
	const int64_t *dims)
{
	ox_tensor *t = sl_alloc(m->ctx, sizeof *t);
	t->onnx = sl_strdup(m->ctx, onnx);
	t->name = ox_name(m, onnx);
	t->elem = elem;
	if (!ox_elem_type(elem, &t->type))
		t->type = ir_type_make(false, 0);
	t->rank = rank;
	t->size = 1;
	for (int d = 0; d < rank; d++) {
		t->dims[d] = dims[d];
		t->size *= dims[d];
	}
	if (m->n_t == m->cap_t) {
		m->cap_t = m->cap_t ? 2 * m->cap_t : 64;
		m->t = sl_xrealloc(m->t, (size_t) m->cap_t * sizeof(*m->t));
	}
	m->t[m->n_t++] = t;
	return t;
}

/* Input i of node n; NULL when absent (past the end or named ""). */
ox_tensor *ox_in(ox_imp *m, const Onnx__NodeProto *n, int i)
{
	if (i >= (int) n->n_input || !*n->input[i])
		return NULL;
	return ox_find(m, n->input[i]);
}

/* Output i of node n, a func the operator writes.  NULL when the node
 * has no such output or its shape is empty (reported). */
ox_tensor *ox_out(ox_imp *m, const Onnx__NodeProto *n, int i, int elem, int rank,
	const int64_t *dims)
{
	if (i >= (int) n->n_output || !*n->output[i]) {
		ox_node_error(m, n, "has no output %d", i);
		return NULL;
	}
	for (int d = 0; d < rank; d++)
		if (dims[d] <= 0) {
			ox_node_error(m, n, "its output '%s' would be empty (dimension %d is %lld): "
				"sluice arrays have positive extents", n->output[i], d,
				(long long) dims[d]);
			return NULL;
		}
	if (rank > OX_MAX_RANK) {
		ox_node_error(m, n, "its output has more than 8 dimensions");
		return NULL;
	}
	ox_tensor *t = ox_new_tensor(m, n->output[i], elem, rank, dims);
	t->declared = t->is_func = true;
	return t;
}

/* ------------------------------------------------- the graph's boundary */

static int add_initializers(ox_imp *m)
{
	int bad = 0;
	for (size_t i = 0; i < m->g->n_initializer; i++) {
		const Onnx__TensorProto *tp = m->g->initializer[i];
		if (!tp->name || !*tp->name) {
			sl_error_file(m->ctx, m->path, "initializer %zu has no name", i);
			bad = -1;
			continue;
		}
		if (ox_find(m, tp->name))
			continue;
		int64_t dims[OX_MAX_RANK] = { 0 };
		io_array *a = NULL;
		ir_type t;
		if (ox_elem_type(tp->data_type, &t) || tp->data_type == 1 || tp->n_dims > OX_MAX_RANK) {
			char *what = ox_fmt(m, "initializer '%s'", tp->name);
			if (!(a = ox_tensor_array(m->ctx, m->path, tp, what))) {
				bad = -1;
				continue;
			}
		}
		for (size_t d = 0; d < tp->n_dims && d < OX_MAX_RANK; d++)
			dims[d] = tp->dims[d];
		ox_tensor *x = ox_new_tensor(m, tp->name, tp->data_type, (int) tp->n_dims, dims);
		x->val = a;
		x->proto = tp;
	}
	return bad;
}

/* The shape and type of graph input or output "vi": 0, or -1 (reported). */
static int value_shape(ox_imp *m, const Onnx__ValueInfoProto *vi, const char *what,
	int *elem, int *rank, int64_t *dims)
{
	const Onnx__TypeProto *tp = vi->type;
	if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type) {
		sl_error_file(m->ctx, m->path, "%s '%s' is not a tensor", what, vi->name);
		return -1;
	}
	const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
	*elem = tt->elem_type;
	if (!tt->shape) {
		sl_error_file(m->ctx, m->path, "%s '%s' has no shape: sluice needs static shapes",
			what, vi->name);
		return -1;
	}
	if (tt->shape->n_dim > OX_MAX_RANK) {
		sl_error_file(m->ctx, m->path, "%s '%s' has more than 8 dimensions", what, vi->name);
		return -1;
	}
	*rank = (int) tt->shape->n_dim;
	for (int d = 0; d < *rank; d++) {
		const Onnx__TensorShapeProto__Dimension *dm = tt->shape->dim[d];
		if (dm->value_case != ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE) {
			sl_error_file(m->ctx, m->path, "%s '%s' has a dynamic or symbolic shape "
				"(dimension %d is '%s'): sluice needs static shapes; fix the sizes "
				"when exporting the model", what, vi->name, d,
				dm->value_case ? dm->dim_param : "?");
			return -1;
		}
		if (dm->dim_value <= 0) {
			sl_error_file(m->ctx, m->path, "%s '%s' has dimension %d of extent %lld: "
				"sluice arrays have positive extents", what, vi->name, d,
				(long long) dm->dim_value);
			return -1;
		}
		dims[d] = dm->dim_value;
	}
	return 0;
}

/* The value given for graph input "name", else NULL. */
static const io_array *given(ox_imp *m, const char *name, int *which)
{
	for (int i = 0; m->opts && i < m->opts->n_values; i++)
		if (!strcmp(m->opts->values[i].name, name)) {
			*which = i;
			return m->opts->values[i].value;
		}
	return NULL;
}

/* Is graph input "name" read by an operand that must be constant? */
static bool needed_static(ox_imp *m, const char *name)
{
	for (size_t i = 0; i < m->g->n_node; i++) {
		const Onnx__NodeProto *n = m->g->node[i];
		const struct ox_opdef *op = find_op(n);
		for (size_t k = 0; op && k < n->n_input && k < 32; k++)
			if ((op->statics >> k & 1) && !strcmp(n->input[k], name))
				return true;
	}
	return false;
}

static void copy_array(io_array **dst, const io_array *a)
{
	*dst = io_array_alloc(a->type, a->n_dims, a->dims);
	memcpy((*dst)->data, a->data, (size_t) a->size * sizeof(uint64_t));
}

/* The rest of a graph input's or output's comment line: ONNX's shape
 * when it is stored channels last (what `sluice run MODEL.onnx` reads
 * and writes). */
static void comment_layout(ox_imp *m, const ox_tensor *t)
{
	if (t->rank >= 3 && ox_stored_dim(m, t->rank, 1) != 1) {
		fputs(", ONNX's shape ", m->out);
		for (int d = 0; d < t->rank; d++)
			fprintf(m->out, "[%lld]", (long long) t->dims[d]);
		fputs(" streamed channels last", m->out);
	}
	fputc('\n', m->out);
}

/* Declare graph input "vi", or fold the value given for it. */
static int add_input(ox_imp *m, const Onnx__ValueInfoProto *vi)
{
	int elem, rank, which = -1;
	int64_t dims[OX_MAX_RANK];
	if (ox_find(m, vi->name))
		return 0;	/* an initializer: a constant (IR < 4 lists it) */
	if (value_shape(m, vi, "graph input", &elem, &rank, dims) < 0)
		return -1;
	ox_tensor *t = ox_new_tensor(m, vi->name, elem, rank, dims);
	const io_array *v = given(m, vi->name, &which);
	if (v && needed_static(m, vi->name)) {
		copy_array(&t->val, v);
		m->folded[which] = true;
		return 0;
	}
	if (ir_type_none(t->type)) {
		sl_error_file(m->ctx, m->path, "graph input '%s' has element type %s: sluice "
			"computes on integers only (quantize the model's inputs to int8/uint8)",
			vi->name, ox_elem_name(elem));
		return -1;
	}
	t->is_input = t->declared = true;
	fprintf(m->out, "# graph input '%s'", vi->name);
	comment_layout(m, t);
	fprintf(m->out, "input %s : %s", t->name, ox_tname(t->type));
	for (int j = 0; j < (rank ? rank : 1); j++)
		fprintf(m->out, "[%lld]", (long long) (rank ? dims[ox_stored_dim(m, rank, j)] : 1));
	fputs(";\n", m->out);
	return 0;
}

/* Graph output "vi": a func of the graph (a copy when it is an input or
 * a constant), its declared type and shape checked. */
static int add_output(ox_imp *m, const Onnx__ValueInfoProto *vi)
{
	int elem, rank;
	int64_t dims[OX_MAX_RANK];
	ox_tensor *t = ox_find(m, vi->name);
	if (!t) {
		sl_error_file(m->ctx, m->path, "graph output '%s' is computed by no node", vi->name);
		return -1;
	}
	if (value_shape(m, vi, "graph output", &elem, &rank, dims) < 0)
		return -1;
	bool same = elem == t->elem && rank == t->rank;
	for (int d = 0; same && d < rank; d++)
		same = dims[d] == t->dims[d];
	if (!same) {
		sl_error_file(m->ctx, m->path, "graph output '%s' is declared %s of rank %d, but "
			"its node computes %s of rank %d (or other extents)", vi->name,
			ox_elem_name(elem), rank, ox_elem_name(t->elem), t->rank);
		return -1;
	}
	if (ir_type_none(t->type)) {
		sl_error_file(m->ctx, m->path, "graph output '%s' has element type %s: sluice "
			"computes on integers only", vi->name, ox_elem_name(t->elem));
		return -1;
	}
	if (!t->is_func || t->is_output) {
		char *r = ox_read_bcast(m, t, t->rank, t->dims);
		if (!r)
			return -1;
		t = ox_new_tensor(m, vi->name, t->elem, t->rank, t->dims);
		fprintf(m->out, "\n# graph output '%s', a copy\n", vi->name);
		fprintf(m->out, "func %s(%s) : %s = %s;\n", t->name, ox_vars(m, t->rank),
			ox_tname(t->type), r);
	}
	t->is_output = true;
	fprintf(m->out, "# graph output '%s'", vi->name);
	comment_layout(m, t);
	fprintf(m->out, "output %s", t->name);
	for (int j = 0; j < (rank ? rank : 1); j++)
		fprintf(m->out, "[%lld]", (long long) (rank ? dims[ox_stored_dim(m, rank, j)] : 1));
	fputs(";\n", m->out);
	return 0;
}

static int import_node(ox_imp *m, const Onnx__NodeProto *n)
{
	const struct ox_opdef *op = find_op(n);
	if (!n->op_type || !op) {
		ox_node_error(m, n, "operator %s%s%s is not supported; sluice imports %s",
			n->domain && *n->domain ? n->domain : "", n->domain && *n->domain ? "." : "",
			n->op_type ? n->op_type : "?", supported_list(m));
		return -1;
	}
	for (size_t i = 0; i < n->n_input; i++)
		if (*n->input[i] && !ox_find(m, n->input[i])) {
			ox_node_error(m, n, "its input '%s' is computed by no earlier node (the "
				"nodes must be in topological order)", n->input[i]);
			return -1;
		}
	for (size_t i = 0; i < n->n_output; i++)
		if (*n->output[i] && ox_find(m, n->output[i])) {
			ox_node_error(m, n, "its output '%s' is already defined", n->output[i]);
			return -1;
		}
	for (int k = 0; k < 32 && k < (int) n->n_input; k++) {
		ox_tensor *t = ox_in(m, n, k);
		if ((op->statics >> k & 1) && t && !t->val) {
			ox_node_error(m, n, "its input %d '%s' must be a constant (an initializer): "
				"sluice fixes it at compile time", k, t->onnx);
			return -1;
		}
	}
	for (int k = 0; k < (int) n->n_input; k++) {	/* its consts above its comment */
		ox_tensor *t = ox_in(m, n, k);
		if (t && t->val && t->size > 1 && !ir_type_none(t->type) &&
		    !(k < 32 && (op->statics >> k & 1)) && ox_declare(m, t) < 0)
			return -1;
	}
	if (op->fn != ox_op_constant)
		ox_comment_node(m, n);
	return op->fn(m, n);
}

static int check_opset(ox_imp *m)
{
	m->opset = -1;
	for (size_t i = 0; i < m->model->n_opset_import; i++) {
		const Onnx__OperatorSetIdProto *o = m->model->opset_import[i];
		if (!o->domain || !*o->domain || !strcmp(o->domain, "ai.onnx"))
			m->opset = o->version;
	}
	if (m->opset < 0) {
		sl_error_file(m->ctx, m->path, "the model imports no opset of the default ONNX "
			"domain");
		return -1;
	}
	if (m->opset < OX_OPSET_MIN || m->opset > OX_OPSET_MAX) {
		sl_error_file(m->ctx, m->path, "opset %lld is outside the supported range %d to %d",
			(long long) m->opset, OX_OPSET_MIN, OX_OPSET_MAX);
		return -1;
	}
	return 0;
}

/* Every node has an op type and every graph input and output a name
 * (protobuf leaves an absent string NULL). */
static int check_names(ox_imp *m)
{
	for (size_t i = 0; i < m->g->n_node; i++)
		if (!m->g->node[i]->op_type || !*m->g->node[i]->op_type) {
			sl_error_file(m->ctx, m->path, "node %zu has no op type", i);
			return -1;
		}
	for (size_t i = 0; i < m->g->n_input + m->g->n_output; i++) {
		const Onnx__ValueInfoProto *vi = i < m->g->n_input ? m->g->input[i]
			: m->g->output[i - m->g->n_input];
		if (!vi->name || !*vi->name) {
			sl_error_file(m->ctx, m->path, "graph %s %zu has no name",
				i < m->g->n_input ? "input" : "output",
				i < m->g->n_input ? i : i - m->g->n_input);
			return -1;
		}
	}
	return 0;
}

/* Everything between the model and the program text. */
static int import_graph(ox_imp *m)
{
	if (check_opset(m) < 0 || check_names(m) < 0 || add_initializers(m) < 0)
		return -1;
	const char *prod = m->model->producer_name;
	fprintf(m->out, "# imported from %s (ONNX opset %lld%s%s) by sluice import\n", m->path,
		(long long) m->opset, prod && *prod ? ", producer " : "", prod ? prod : "");
	int bad = 0;
	for (size_t i = 0; i < m->g->n_input; i++)
		bad |= add_input(m, m->g->input[i]);
	for (size_t i = 0; !bad && i < m->g->n_node; i++)
		bad |= import_node(m, m->g->node[i]);
	if (!bad && !m->g->n_output) {
		sl_error_file(m->ctx, m->path, "the graph has no output");
		return -1;
	}
	if (!bad)
		fputc('\n', m->out);
	for (size_t i = 0; !bad && i < m->g->n_output; i++)
		bad |= add_output(m, m->g->output[i]);
	return bad ? -1 : 0;
}

/* DIR and STEM of the program "out": consts go to DIR/STEM.NAME.npy. */
static void split_out(ox_imp *m, const char *out)
{
	const char *slash = strrchr(out, '/');
	m->dir = slash ? sl_strndup(m->ctx, out, (size_t) (slash - out + (slash == out))) : ".";
	const char *base = slash ? slash + 1 : out;
	const char *dot = strrchr(base, '.');
	m->stem = sl_strndup(m->ctx, base, dot && dot != base ? (size_t) (dot - base)
		: strlen(base));
}

/* The layout of graph input or output "t" in ONNX's order, when its
 * storage differs (ox_stored_dim). */
static void add_layout(ox_imp *m, onnx_result *res, const ox_tensor *t)
{
	if (t->rank < 3 || ox_stored_dim(m, t->rank, 1) == 1)
		return;
	io_layout *l = &res->layouts[res->n_layouts++];
	l->name = sl_xstrdup(t->name);
	l->n_dims = t->rank;
	for (int p = 0; p < t->rank; p++)
		l->perm[ox_stored_dim(m, t->rank, p)] = p;
}

static void fill_result(ox_imp *m, onnx_result *res)
{
	memset(res, 0, sizeof *res);
	res->input_onnx = sl_xcalloc(m->n_t + 1, sizeof(char *));
	res->input_sl = sl_xcalloc(m->n_t + 1, sizeof(char *));
	res->output_onnx = sl_xcalloc(m->g->n_output + 1, sizeof(char *));
	res->output_sl = sl_xcalloc(m->g->n_output + 1, sizeof(char *));
	res->layouts = sl_xcalloc((size_t) m->n_t + m->g->n_output + 1, sizeof(io_layout));
	for (int i = 0; i < m->n_t; i++)
		if (m->t[i]->is_input) {
			res->input_onnx[res->n_inputs] = sl_xstrdup(m->t[i]->onnx);
			res->input_sl[res->n_inputs++] = sl_xstrdup(m->t[i]->name);
			add_layout(m, res, m->t[i]);
		}
	for (size_t i = 0; i < m->g->n_output; i++) {
		ox_tensor *t = ox_find(m, m->g->output[i]->name);
		res->output_onnx[res->n_outputs] = sl_xstrdup(t->onnx);
		res->output_sl[res->n_outputs++] = sl_xstrdup(t->name);
		add_layout(m, res, t);
	}
	res->folded = m->folded;
	m->folded = NULL;
}

static int write_program(ox_imp *m)
{
	if (m->opts->dry_run)
		return 0;
	if (sl_write_file_atomic(m->opts->out, m->text, m->len) < 0) {
		sl_error_file(m->ctx, m->opts->out, "cannot write the program: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; !m->opts->quiet && i < m->n_written; i++)
		printf("wrote %s\n", m->written[i]);
	if (!m->opts->quiet)
		printf("wrote %s\n", m->opts->out);
	return 0;
}

int onnx_import(sl_ctx *ctx, const char *model, const onnx_options *o, onnx_result *res)
{
	ox_imp m = { .ctx = ctx, .path = model, .opts = o };
	if (!(m.model = ox_load_model(ctx, model)))
		return -1;
	m.g = m.model->graph;
	m.folded = sl_xcalloc((size_t) o->n_values + 1, sizeof(bool));
	m.out = open_memstream(&m.text, &m.len);
	split_out(&m, o->out);
	int rc = !o->dry_run && sl_make_dir(m.dir) < 0 ? -1 : 0;
	if (rc < 0)
		sl_error_file(ctx, m.dir, "cannot make the directory: %s", strerror(errno));
	else
		rc = import_graph(&m);
	fclose(m.out);
	m.out = NULL;
	if (rc == 0)
		rc = write_program(&m);
	if (rc == 0 && res)
		fill_result(&m, res);
	for (int i = 0; i < m.n_t; i++)
		io_array_free(m.t[i]->val);
	free(m.t);
	free(m.used);
	free(m.written);
	free(m.text);
	free(m.folded);
	onnx__model_proto__free_unpacked(m.model, NULL);
	return rc;
}

void onnx_result_free(onnx_result *res)
{
	for (int i = 0; i < res->n_inputs; i++) {
		free(res->input_onnx[i]);
		free(res->input_sl[i]);
	}
	for (int i = 0; i < res->n_outputs; i++) {
		free(res->output_onnx[i]);
		free(res->output_sl[i]);
	}
	free(res->input_onnx);
	free(res->input_sl);
	free(res->output_onnx);
	free(res->output_sl);
	free(res->folded);
	for (int i = 0; i < res->n_layouts; i++)
		free((char *) res->layouts[i].name);
	free(res->layouts);
	memset(res, 0, sizeof *res);
}

io_array *onnx_read_tensor(sl_ctx *ctx, const char *path, char **name)
{
	char why[256];
	size_t len;
	char *buf = sl_read_file_max(path, (size_t) 1 << 30, "a tensor", &len, why, sizeof why);
	if (name)
		*name = NULL;
	if (!buf) {
		sl_error_file(ctx, path, "cannot read the tensor: %s", why);
		return NULL;
	}
	Onnx__TensorProto *tp = onnx__tensor_proto__unpack(NULL, len, (const uint8_t *) buf);
	free(buf);
	if (!tp) {
		sl_error_file(ctx, path, "not a TensorProto: the protobuf is truncated or corrupt");
		return NULL;
	}
	io_array *a = ox_tensor_array(ctx, path, tp, "the tensor");
	if (a && name && tp->name)
		*name = sl_xstrdup(tp->name);
	onnx__tensor_proto__free_unpacked(tp, NULL);
	return a;
}
