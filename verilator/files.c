/* verilator/files.c: the files of a Verilator run, for verilator/run.c.
 * Stage: verilator.  The inputs as word files (DIR/in_K.bin: every
 * port's elements in its framing, lanes interleaved, a lane past its
 * input's extent filled), and what the testbench leaves: stats.txt (done,
 * cycles, the words each input took, the AXI4-Stream counts), the output
 * word files out_K.bin into io_arrays, and the cycle of every output
 * value (out_K.cyc) when asked; the check of a finished run against the
 * schedule.  Owns nothing past a call; output arrays go to the caller. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "verilator/verilator_private.h"

/* " in each of N frames" (static buffer; one use per message). */
static const char *vl_frames_note(int nf)
{
	static char s[48];
	snprintf(s, sizeof s, " in each of %d frames", nf);
	return s;
}

static const io_array *vl_input_array(const ref_inputs *in, const char *name)
{
	for (int i = 0; i < in->n; i++)
		if (in->decls[i] && !strcmp(in->decls[i]->name, name))
			return in->arrays[i];
	return NULL;
}

/* n values v[0 .. n) into out, es bytes each (vl_word_bytes),
 * little-endian. */
static void vl_put_words(unsigned char *out, const uint64_t *v, int64_t n, int es)
{
	switch (es) {
	case 1:
		for (int64_t i = 0; i < n; i++)
			out[i] = (unsigned char) v[i];
		break;
	case 2:
		for (int64_t i = 0; i < n; i++) {
			out[2 * i] = (unsigned char) v[i];
			out[2 * i + 1] = (unsigned char) (v[i] >> 8);
		}
		break;
	default:
		for (int64_t i = 0; i < n; i++)
			for (int b = 0; b < es; b++)
				out[i * es + b] = (unsigned char) (v[i] >> (8 * b));
	}
}

/* The values of array "a" (either form) into out, es bytes each: its
 * packed bytes as they are where they are the words' (the container of
 * es bytes holds the value's low bits, little-endian host). */
static void vl_put_array(unsigned char *out, const io_array *a, int es)
{
	static const uint16_t one = 1;
	if (a->packed && io_packed_size(a->type) == es && *(const unsigned char *) &one) {
		memcpy(out, a->packed, (size_t) a->size * (size_t) es);
	} else if (a->packed) {
		for (int64_t i = 0; i < a->size; i++) {
			uint64_t v = io_array_get(a, i);
			vl_put_words(out + i * es, &v, 1, es);
		}
	} else {
		vl_put_words(out, a->data, a->size, es);
	}
}

/* The words of a lane past its input's extent: ignored by the hardware
 * (docs/hardware.md), so anything but the data; a design that took them
 * would show. */
#define VL_LANE_FILL 0x5a3c96e187d24b1full

/* The points of the dimensions after the lane dimension "dim" of a box
 * of extents ext[0 .. n): vl_lane_index's "inner". */
static int64_t vl_lane_inner(const int64_t *ext, int n, int dim)
{
	int64_t inner = 1;
	for (int d = dim + 1; d < n; d++)
		inner *= ext[d];
	return inner;
}

/* Word w of lane 0's box, whose lane dimension has row0 points and the
 * dimensions after it inner, in lane l's box of "row" points there: its
 * index, or -1 when lane l has not that word (a lane shorter than lane
 * 0's). */
static int64_t vl_lane_index(int64_t w, int64_t row0, int64_t inner, int64_t row)
{
	if (!row0 || !inner)
		return -1;
	int64_t i = w % inner, x = w / inner % row0, o = w / inner / row0;
	return x < row ? (o * row + x) * inner + i : -1;
}

/* The input words of port "p" in frame "in" into v (sizes words, each
 * p->lanes values): lane l's word (r, xo) where lane 0 has it, when lane
 * l has it too.  0, or -1 when an array is missing or of another size. */
static int vl_port_words(const vl_port *p, int64_t size, const ref_inputs *in,
	uint64_t *v)
{
	int k = p->lanes;
	const io_array *a0 = vl_input_array(in, p->stmt->decl->name);
	if (!a0 || a0->size != size)
		return -1;
	int dim = p->stmt->decl->lane_dim;
	int64_t row0 = a0->dims[dim], inner = vl_lane_inner(a0->dims, a0->n_dims, dim);
	for (int l = 0; l < k; l++) {
		const ir_decl *dl = NULL;
		for (int j = 0; j < in->n && !dl; j++)
			if (in->decls[j] && in->decls[j]->lane_of == p->stmt->decl->lane_of &&
			    in->decls[j]->lane == l)
				dl = in->decls[j];
		const io_array *a = dl ? vl_input_array(in, dl->name) : NULL;
		if (!a || a->n_dims != a0->n_dims)
			return -1;
		int64_t row = a->dims[dim];
		for (int64_t w = 0; w < size; w++) {
			int64_t lane = vl_lane_index(w, row0, inner, row);
			v[w * k + l] = lane >= 0 ? a->data[lane] : VL_LANE_FILL;
		}
	}
	return 0;
}

/* Frame "in"'s words of input port "p" (size words, each p->lanes
 * values) into out, es bytes a value; 0, or -1 when an array is missing
 * or of another size. */
static int vl_frame_words(const vl_port *p, int64_t size, const ref_inputs *in,
	unsigned char *out, int es)
{
	if (p->lanes == 1) {
		const io_array *a = vl_input_array(in, p->stmt->decl->name);
		if (!a || a->size != size)
			return -1;
		vl_put_array(out, a, es);
		return 0;
	}
	int64_t n = size * p->lanes;
	uint64_t *v = sl_xmalloc((size_t) n * sizeof(*v) + 1);
	int rc = vl_port_words(p, size, in, v);
	if (rc == 0)
		vl_put_words(out, v, n, es);
	free(v);
	return rc;
}

/* DIR/in_K.bin for each input port: frame after frame of in[0 .. nf),
 * each value in the bytes of its port's width. */
int vl_write_inputs(sl_ctx *ctx, const char *dir, int n_ports,
	const vl_port *ports, const int64_t *sizes, const ref_inputs *in, int nf)
{
	for (int i = 0, k = 0; i < n_ports; i++) {
		if (!ports[i].is_input)
			continue;
		int es = vl_word_bytes(ports[i].bits);
		size_t per = (size_t) (sizes[i] * ports[i].lanes) * (size_t) es;
		unsigned char *buf = sl_xmalloc(per * (size_t) nf + 1);
		for (int f = 0; f < nf; f++)
			if (vl_frame_words(&ports[i], sizes[i], &in[f], buf + (size_t) f * per, es) < 0) {
				sl_error(ctx, sl_noloc, "no data of the size of input '%s' "
					"for the Verilator run", ports[i].name);
				free(buf);
				return -1;
			}
		char name[32];
		snprintf(name, sizeof name, "/in_%d.bin", k++);
		char *path = vl_cat(dir, name, "");
		int rc = sl_write_scratch(path, buf, per * (size_t) nf);
		if (rc < 0)
			sl_error(ctx, sl_noloc, "cannot write '%s': %s", path, strerror(errno));
		free(path);
		free(buf);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int vl_read_stats(sl_ctx *ctx, const char *dir, int n_in, vl_result *r)
{
	char *path = sl_path_join(dir, "stats.txt", NULL);
	FILE *f = fopen(path, "r");
	int got = 0, n_taken = 0;
	if (f) {
		int done = 0;
		long long cyc = 0, taken = 0;
		int k;
		got = fscanf(f, "done %d cycles %lld seconds %lf", &done, &cyc, &r->seconds);
		r->done = done;
		r->cycles = cyc;
		while (n_taken < n_in && fscanf(f, " taken %d %lld", &k, &taken) == 2
		       && k == n_taken)
			r->taken[n_taken++] = taken;
		if (fscanf(f, " axis %lld %lld %lld %lld %lld", &r->axis[0], &r->axis[1],
			   &r->axis[2], &r->axis[3], &r->axis[4]) != 5)
			memset(r->axis, 0, sizeof r->axis);
		fclose(f);
	}
	int rc = 0;
	if (got != 3 || n_taken != n_in) {
		sl_error(ctx, sl_noloc, "the testbench left no complete '%s'", path);
		rc = -1;
	}
	free(path);
	return rc;
}

/* DIR/out_K.NAME of output port "p" (index k) into *buf, *len bytes;
 * 0, or -1 (reported). */
static int vl_read_out_file(sl_ctx *ctx, const char *dir, int k, const char *ext,
	unsigned char **buf, size_t *len)
{
	char name[40];
	snprintf(name, sizeof name, "/out_%d.%s", k, ext);
	char *path = vl_cat(dir, name, "");
	*buf = (unsigned char *) sl_read_file(path, len);
	if (!*buf)
		sl_error(ctx, sl_noloc, "cannot read '%s': %s", path, strerror(errno));
	free(path);
	return *buf ? 0 : -1;
}

/* The error of an output port that presented another number of words
 * than its box has. */
static void vl_count_error(sl_ctx *ctx, const ir_program *lp, const vl_port *p,
	int64_t got, int64_t want, int nf)
{
	const ir_decl *d0 = lp->outputs[p->output];
	sl_error(ctx, (p->lanes > 1 ? d0->lane_of : d0)->loc, "output '%s': the "
		"hardware presented %lld %s on %s_valid, its box has %lld%s", p->name,
		(long long) got, p->lanes > 1 ? "words" : "values", p->name, (long long) want,
		nf > 1 ? vl_frames_note(nf) : "");
}

/* Output port "p"'s values (DIR/out_K.bin, p->lanes a word, es bytes
 * each) into fresh arrays over the output boxes of its lanes'
 * declarations (lp->outputs[p->output + l]), at out[f * stride +
 * p->output + l] for frame f of nf: a port of one lane packed (its bytes
 * as they are where they are the container's), lane l of a word in its
 * box where the box has it.  "want" words per frame (lane 0's box).  0
 * or -1. */
static int vl_read_values(sl_ctx *ctx, const char *dir, int k, const ir_program *lp,
	const vl_port *p, int64_t want, int nf, int stride, io_array **out)
{
	unsigned char *buf;
	size_t len;
	if (vl_read_out_file(ctx, dir, k, "bin", &buf, &len) < 0)
		return -1;
	const ir_decl *d0 = lp->outputs[p->output];
	int per = p->lanes, dim = d0->lane_dim;
	size_t es = (size_t) vl_word_bytes(p->bits);
	int64_t row0 = d0->out_extents[dim];
	int64_t inner = vl_lane_inner(d0->out_extents, d0->n_dims, dim);
	static const uint16_t one = 1;
	if (len % es || (int64_t) (len / es) != want * per * nf) {
		vl_count_error(ctx, lp, p, (int64_t) (len / es / (size_t) per), want, nf);
		free(buf);
		return -1;
	}
	for (int f = 0; f < nf; f++)
		for (int l = 0; l < p->lanes; l++) {
			const ir_decl *d = lp->outputs[p->output + l];
			ir_type t = d->type;
			const unsigned char *q = buf + (size_t) (f * want * per) * es;
			io_array *a;
			if (per == 1) {
				a = io_array_alloc_packed(t, d->n_dims, d->out_extents);
				bool as_is = (size_t) io_packed_size(t) == es && *(const unsigned char *) &one
					&& (!t.is_signed || t.bits == 8 * (int) es);
				if (as_is) {
					memcpy(a->packed, q, (size_t) want * es);
				} else {
					unsigned char *o = a->packed;
					size_t ps = (size_t) io_packed_size(t);
					for (int64_t w = 0; w < want; w++) {
						uint64_t v = 0;
						for (int b = (int) es - 1; b >= 0; b--)
							v = v << 8 | q[(size_t) w * es + (size_t) b];
						v = ir_norm(t, v);
						for (size_t b = 0; b < ps; b++)
							o[(size_t) w * ps + b] = (unsigned char) (v >> (8 * b));
					}
				}
				out[f * stride + p->output] = a;
				continue;
			}
			a = io_array_alloc(t, d->n_dims, d->out_extents);
			int64_t row = d->out_extents[dim];
			for (int64_t w = 0; w < want; w++) {
				int64_t at = vl_lane_index(w, row0, inner, row);
				if (at < 0)
					continue;
				uint64_t v = 0;
				const unsigned char *e = q + (size_t) (w * per + l) * es;
				for (int b = (int) es - 1; b >= 0; b--)
					v = v << 8 | e[b];
				a->data[at] = ir_norm(t, v);
			}
			out[f * stride + p->output + l] = a;
		}
	free(buf);
	return 0;
}

/* Output port "p"'s runs of cycles (DIR/out_K.cyc: 8-byte little-endian
 * pairs, first cycle and words) into *c: they must cover the want * nf
 * words of the run.  A run may start before the last one ended: the
 * AXI4-Stream testbench gives the words that drain from the skid buffers
 * after done cycle 0.  0 or -1. */
static int vl_read_cycles(sl_ctx *ctx, const char *dir, int k, const ir_program *lp,
	const vl_port *p, int64_t want, int nf, vl_port_cycles *c)
{
	unsigned char *buf;
	size_t len;
	if (vl_read_out_file(ctx, dir, k, "cyc", &buf, &len) < 0)
		return -1;
	c->output = p->output;
	c->lanes = p->lanes;
	c->words = want;
	c->n_runs = (int64_t) (len / 16);
	c->first = sl_xmalloc((size_t) c->n_runs * sizeof(int64_t) + 1);
	c->count = sl_xmalloc((size_t) c->n_runs * sizeof(int64_t) + 1);
	int64_t words = 0;
	bool whole = len % 16 == 0;
	for (int64_t r = 0; r < c->n_runs; r++) {
		uint64_t v[2] = { 0, 0 };
		for (int h = 0; h < 2; h++)
			for (int b = 7; b >= 0; b--)
				v[h] = v[h] << 8 | buf[16 * r + 8 * h + b];
		c->first[r] = (int64_t) v[0];
		c->count[r] = (int64_t) v[1];
		whole = whole && c->count[r] > 0;
		words += c->count[r];
	}
	free(buf);
	if (!whole) {
		sl_error(ctx, sl_noloc, "output '%s': the testbench's cycles (out_%d.cyc) are "
			"not runs of cycles", p->name, k);
		return -1;
	}
	if (words != want * nf) {
		vl_count_error(ctx, lp, p, words, want, nf);
		return -1;
	}
	return 0;
}

void vl_cycles_frame(const vl_cycles *c, const sched_program *sp, int frame,
	io_array **out)
{
	const ir_program *lp = sp->lowered;
	for (int k = 0; k < c->n_ports; k++) {
		const vl_port_cycles *pc = &c->ports[k];
		const ir_decl *d0 = lp->outputs[pc->output];
		int dim = d0->lane_dim;
		int64_t row0 = d0->out_extents[dim];
		int64_t inner = vl_lane_inner(d0->out_extents, d0->n_dims, dim);
		/* the run holding the frame's first word, and its offset */
		int64_t r = 0, skip = (int64_t) frame * pc->words;
		while (r < pc->n_runs && skip >= pc->count[r])
			skip -= pc->count[r++];
		int64_t *cyc = sl_xmalloc((size_t) pc->words * sizeof(*cyc) + 1);
		for (int64_t w = 0; w < pc->words; w++) {
			cyc[w] = r < pc->n_runs ? pc->first[r] + skip : -1;
			if (r < pc->n_runs && ++skip == pc->count[r]) {
				r++;
				skip = 0;
			}
		}
		for (int l = 0; l < pc->lanes; l++) {
			const ir_decl *d = lp->outputs[pc->output + l];
			io_array *a = io_array_alloc(ir_type_make(true, 64), d->n_dims, d->out_extents);
			int64_t row = d->out_extents[dim];
			for (int64_t w = 0; w < pc->words; w++) {
				int64_t at = vl_lane_index(w, row0, inner, row);
				if (at >= 0)
					a->data[at] = (uint64_t) cyc[w];
			}
			out[pc->output + l] = a;
		}
		free(cyc);
	}
}

void vl_cycles_release(vl_cycles *c)
{
	for (int k = 0; c && k < c->n_ports; k++) {
		free(c->ports[k].first);
		free(c->ports[k].count);
	}
	if (c) {
		free(c->ports);
		c->ports = NULL;
		c->n_ports = 0;
	}
}

/* Every output of a finished run into outputs[] (and its cycles into
 * opts->cycles when asked): "ports" the output ports, "sizes" their
 * words; 0 or -1. */
int vl_collect(sl_ctx *ctx, const sched_program *sp, const char *dir,
	const vl_options *opts, int n_out_ports, const vl_port *ports,
	const int64_t *sizes, io_array **outputs, vl_stats *stats)
{
	int rc = 0, nf = opts->frames > 1 ? opts->frames : 1, no = sp->lowered->n_outputs;
	vl_cycles *c = opts->cycles;
	if (c) {
		c->n_ports = n_out_ports;
		c->ports = sl_xcalloc((size_t) n_out_ports + 1, sizeof(*c->ports));
	}
	for (int k = 0; k < n_out_ports; k++) {
		const vl_port *p = &ports[k];
		int got = vl_read_values(ctx, dir, k, sp->lowered, p, sizes[k], nf, no, outputs);
		if (got == 0 && c)
			got = vl_read_cycles(ctx, dir, k, sp->lowered, p, sizes[k], nf, &c->ports[k]);
		if (got == 0) {
			for (int l = 0; l < p->lanes; l++)
				stats->outputs_received += outputs[p->output + l]->size * nf;
		} else {
			rc = -1;
		}
	}
	return rc;
}

/* Every input taken exactly once per element, done within the timeout. */
int vl_check_result(sl_ctx *ctx, const sched_program *sp,
	const vl_result *r, int64_t timeout, int n_ports,
	const vl_port *ports, const int64_t *sizes, int nf)
{
	int rc = 0;
	if (!r->done) {
		sl_error(ctx, sl_noloc, "the hardware did not raise done within %lld "
			"cycles (predicted %lld)", (long long) timeout,
			(long long) sched_frames_predicted_cycles(sp, nf));
		rc = -1;
	}
	for (int i = 0, k = 0; i < n_ports; i++) {
		if (!ports[i].is_input)
			continue;
		if (r->taken[k] != sizes[i] * nf) {
			sl_error(ctx, sl_noloc, "input '%s': the hardware raised %s_en "
				"in %lld cycles, the input has %lld %s%s",
				ports[i].name, ports[i].name, (long long) r->taken[k],
				(long long) sizes[i], ports[i].lanes > 1 ? "words" : "elements",
				nf > 1 ? vl_frames_note(nf) : "");
			rc = -1;
		}
		k++;
	}
	return rc;
}
