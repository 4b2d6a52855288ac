/* sim/lanes.c: the data of a lane program.
 * Stage: sim, around both engines.  The engines run the lane program
 * (scheduler/unroll.c): lane l of an input with k lanes holds, at word xo
 * of its lane dimension (most often the innermost), the input's point
 * k * xo + l; an output's
 * lanes are interleaved back the same way before the comparison with the
 * reference, which runs the original program.  The split inputs are
 * reserved against the memory limit and owned by the sim_lane_inputs. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_private.h"

/* The array of input "d" (a lowered or checked input) in "in": by name
 * when the inputs carry declarations, else by position among prog's
 * inputs. */
static const io_array *lanes_find(const ir_program *prog, const ref_inputs *in,
	const ir_decl *d)
{
	if (in->decls) {
		for (int i = 0; i < in->n; i++)
			if (in->decls[i] && !strcmp(in->decls[i]->name, d->name))
				return in->arrays[i];
		return NULL;
	}
	int pos = 0;
	for (int i = 0; i < prog->n_decls; i++) {
		if (!strcmp(prog->decls[i]->name, d->name))
			return pos < in->n ? in->arrays[pos] : NULL;
		pos += prog->decls[i]->kind == IR_DECL_INPUT;
	}
	return NULL;
}

/* The points of the dimensions of array a before "dim" and after it. */
static void lanes_around(const int64_t *dims, int n_dims, int dim, int64_t *outer,
	int64_t *inner)
{
	*outer = *inner = 1;
	for (int d = 0; d < n_dims; d++) {
		if (d < dim)
			*outer *= dims[d];
		if (d > dim)
			*inner *= dims[d];
	}
}

/* Lane l of k of array "a" along its dimension "dim", "words" its points
 * there (the lane decl's extent: ceil((E - l) / k), or ceil(E / k) when
 * the lanes are padded, the points past E 0). */
static io_array *lanes_take(const io_array *a, int l, int k, int dim, int64_t words)
{
	int64_t dims[8], outer, inner;
	int nd = a->n_dims;
	memcpy(dims, a->dims, sizeof dims);
	int64_t row = a->dims[dim];
	dims[dim] = words;
	io_array *b = io_array_alloc(a->type, nd, dims);
	if (!b)
		return NULL;
	lanes_around(a->dims, nd, dim, &outer, &inner);
	for (int64_t o = 0; o < outer; o++)
		for (int64_t x = 0; x < words; x++)
			for (int64_t i = 0; i < inner; i++)
				b->data[(o * words + x) * inner + i] = k * x + l < row
					? a->data[(o * row + k * x + l) * inner + i] : 0;
	return b;
}

static int64_t lanes_input_bytes(const ir_program *lp)
{
	int64_t n = 0;
	for (int i = 0; i < lp->n_decls; i++) {
		const ir_decl *d = lp->decls[i];
		if (d->kind != IR_DECL_INPUT || d->lanes <= 1)
			continue;
		int64_t e = 1;
		for (int k = 0; k < d->n_dims; k++)
			e *= d->extents[k];
		n += e * 8;
	}
	return n;
}

int sim_lane_inputs_make(sl_ctx *ctx, const ir_program *prog, const ir_program *lp,
	const ref_inputs *in, int n_frames, sim_lane_inputs *out)
{
	memset(out, 0, sizeof *out);
	if (!lp->lanes_of) {
		out->in = in;
		return 0;
	}
	int64_t bytes = lanes_input_bytes(lp) * n_frames;
	if (!sl_mem_reserve(ctx, lp->n_decls ? lp->decls[0]->loc : sl_noloc, "input",
			"the input lanes", bytes, 1))
		return -1;
	out->held = bytes;
	out->n_frames = n_frames;
	out->frames = sl_xcalloc((size_t) n_frames + 1, sizeof(ref_inputs));
	out->in = out->frames;
	for (int f = 0; f < n_frames; f++) {
		ref_inputs *li = &out->frames[f];
		li->decls = sl_xcalloc((size_t) lp->n_decls + 1, sizeof(ir_decl *));
		li->arrays = sl_xcalloc((size_t) lp->n_decls + 1, sizeof(io_array *));
		for (int i = 0; i < lp->n_decls; i++) {
			ir_decl *d = lp->decls[i];
			if (d->kind != IR_DECL_INPUT)
				continue;
			const io_array *a = lanes_find(prog, &in[f], d->lane_of);
			if (!a || a->n_dims != d->n_dims) {
				sl_error(ctx, d->loc, "no data of the shape of input '%s'",
					d->lane_of->name);
				return -1;
			}
			li->decls[li->n] = d;
			li->arrays[li->n] = d->lanes > 1 ? lanes_take(a, d->lane, d->lanes,
				d->lane_dim, d->extents[d->lane_dim])
				: (io_array *) a;
			if (!li->arrays[li->n])
				sl_unreachable();
			li->n++;
		}
	}
	return 0;
}

void sim_lane_inputs_release(sl_ctx *ctx, sim_lane_inputs *li)
{
	for (int f = 0; f < li->n_frames; f++) {
		ref_inputs *r = &li->frames[f];
		for (int i = 0; i < r->n; i++)
			if (r->decls[i]->lanes > 1)
				io_array_free(r->arrays[i]);
		free(r->decls);
		free(r->arrays);
	}
	free(li->frames);
	if (li->held)
		sl_mem_release(ctx, (uint64_t) li->held);
	memset(li, 0, sizeof *li);
}

/* Output "d" of the source program from its lanes lane[0 .. k) along
 * dimension "dim" (values, or the cycles they came out in). */
static io_array *lanes_join(const ir_decl *d, io_array *const *lane, int k, int dim)
{
	io_array *a = io_array_alloc(lane[0]->type, d->n_dims, d->out_extents);
	int64_t row = d->out_extents[dim], outer, inner;
	if (!a)
		return NULL;
	lanes_around(d->out_extents, d->n_dims, dim, &outer, &inner);
	for (int64_t o = 0; o < outer; o++)
		for (int64_t x = 0; x < row; x++) {
			const io_array *b = lane[x % k];
			for (int64_t i = 0; i < inner; i++)
				a->data[(o * row + x) * inner + i] =
					b->data[(o * b->dims[dim] + x / k) * inner + i];
		}
	return a;
}

io_array **sim_lanes_join(const ir_program *lp, io_array **lanes, int n_frames, int *n_out)
{
	const ir_program *src = lp->lanes_of;
	*n_out = src->n_outputs;
	io_array **out = sl_xcalloc((size_t) n_frames * src->n_outputs + 1, sizeof(*out));
	for (int f = 0; f < n_frames; f++) {
		io_array **fl = lanes + (size_t) f * lp->n_outputs;
		int j = 0;
		for (int i = 0; i < src->n_outputs; i++) {
			const ir_decl *d = src->outputs[i];
			int k = lp->outputs[j]->lanes;
			if (lp->outputs[j]->lane_of != d)
				sl_unreachable();	/* unroll.c: lanes in output order */
			out[(size_t) f * src->n_outputs + i] = k > 1
				? lanes_join(d, fl + j, k, lp->outputs[j]->lane_dim) : fl[j];
			for (int l = 0; l < k; l++) {
				if (k > 1)
					io_array_free(fl[j + l]);
				fl[j + l] = NULL;
			}
			j += k;
		}
	}
	return out;
}
