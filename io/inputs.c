/* io/inputs.c: the inputs of a run, as the command line gives them.
 * Stage: data I/O (rank 2, below the front end; it reads the checked
 * program's input declarations only).  io_inputs_load assembles every
 * input of every frame: a file per input (or one per frame, or one .npy
 * whose leading dimension is the frame), or seeded values written beside
 * the outputs as NAME.in.npy.  Errors go through the context; a usage
 * error (a --input the program has not, a file given the wrong number
 * of times, no data) is told apart from a data error by the result. */
#include <stdlib.h>
#include <string.h>

#include "io/io_private.h"

/* The k-th file given for input "name" (k from 0), or NULL; *n_given
 * receives how many there are. */
static const char *input_file(const io_input_spec *s, const char *name, int k, int *n_given)
{
	const char *file = NULL;
	*n_given = 0;
	for (int i = 0; i < s->n_files; i++)
		if (!strcmp(s->names[i], name) && (*n_given)++ == k)
			file = s->files[i];
	return file;
}

const io_layout *io_layout_find(const io_layout *layouts, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(layouts[i].name, name))
			return &layouts[i];
	return NULL;
}

void io_layout_file_dims(const io_layout *lay, const int64_t *dims, int64_t *file)
{
	for (int j = 0; lay && j < lay->n_dims; j++)
		file[j] = dims[lay->perm[j]];
}

io_array *io_layout_apply(const io_layout *lay, io_array *a, bool to_file)
{
	if (!lay || !a)
		return a;
	int inv[8];
	for (int j = 0; j < lay->n_dims; j++)
		inv[lay->perm[j]] = j;
	io_array *r = io_array_transpose(a, to_file ? lay->perm : inv);
	io_array_free(a);
	return r;
}

/* Input d's shape in its files: its extents, or their layout's order. */
static const io_layout *file_shape(const ir_decl *d, const io_input_spec *s, int64_t *dims)
{
	const io_layout *lay = io_layout_find(s->layouts, s->n_layouts, d->name);
	memcpy(dims, d->extents, (size_t) d->n_dims * sizeof(*dims));
	if (lay && lay->n_dims != d->n_dims)
		sl_unreachable();
	io_layout_file_dims(lay, d->extents, dims);
	return lay;
}

/* Every NAME=FILE must name an input of the program. */
static bool check_input_names(sl_ctx *ctx, const ir_program *prog, const io_input_spec *s)
{
	bool ok = true;
	for (int i = 0; i < s->n_files; i++) {
		ir_decl *d = ir_program_find(prog, s->names[i]);
		if (!d || d->kind != IR_DECL_INPUT) {
			sl_error(ctx, sl_noloc, "--input %s: the program has no input named '%s'",
				s->names[i], s->names[i]);
			ok = false;
		}
	}
	return ok;
}

/* An array of "like"'s form (packed or not) and type, of shape dims;
 * its values' bytes, and the bytes of one value in *es. */
static io_array *alloc_like(const io_array *like, int n_dims, const int64_t *dims,
	unsigned char **bytes, size_t *es)
{
	io_array *a = like->packed ? io_array_alloc_packed(like->type, n_dims, dims)
		: io_array_alloc(like->type, n_dims, dims);
	*es = like->packed ? (size_t) io_packed_size(like->type) : sizeof(uint64_t);
	*bytes = like->packed ? (unsigned char *) a->packed : (unsigned char *) a->data;
	return a;
}

/* The bytes of a's values, in its form. */
static const unsigned char *values_of(const io_array *a)
{
	return a->packed ? (const unsigned char *) a->packed : (const unsigned char *) a->data;
}

/* Frame f of "all" (its leading dimension the frame), of its form. */
static io_array *frame_slice(const io_array *all, int f)
{
	unsigned char *to;
	size_t es;
	io_array *a = alloc_like(all, all->n_dims - 1, all->dims + 1, &to, &es);
	memcpy(to, values_of(all) + (size_t) f * (size_t) a->size * es, (size_t) a->size * es);
	return a;
}

/* The frames share a[0]'s form (every array of a run is packed, or none). */
/* One file per frame (or the one file of a one-frame run). */
static bool load_files(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	io_array **frames, size_t step)
{
	int given;
	int64_t dims[8];
	const io_layout *lay = file_shape(d, s, dims);
	for (int f = 0; f < s->frames; f++) {
		if (!(frames[f * step] = io_layout_apply(lay, io_read_data(ctx,
				input_file(s, d->name, f, &given), d->type, d->n_dims, dims), false)))
			return false;
		if (s->packed)
			io_array_pack(frames[f * step]);
	}
	return true;
}

/* One .npy whose leading dimension is the frame. */
static bool load_stacked(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	const char *file, io_array **frames, size_t step, bool *usage)
{
	int n = s->frames;
	int64_t dims[9] = { n };
	if (d->n_dims > 7) {
		sl_error(ctx, sl_noloc, "--input %s: an input of %d dimensions takes one file "
			"per frame", d->name, d->n_dims);
		*usage = true;
		return false;
	}
	const io_layout *lay = file_shape(d, s, dims + 1);
	io_array *all = io_read_data(ctx, file, d->type, d->n_dims + 1, dims);
	bool ok = all != NULL;
	if (ok && s->packed)
		io_array_pack(all);
	for (int f = 0; ok && f < n; f++)
		ok = (frames[f * step] = io_layout_apply(lay, frame_slice(all, f), false)) != NULL;
	io_array_free(all);
	if (all && !ok)
		sl_error(ctx, sl_noloc, "out of memory for the frames of input '%s'", d->name);
	return ok;
}

/* Seeded values (frame f from seed N + f), written as DIR/NAME.in.npy.
 * With a layout they are drawn in the file's order, so a seed gives the
 * same file whatever the program's order. */
static bool load_seeded(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	io_array **frames, size_t step)
{
	int n = s->frames;
	int64_t dims[8];
	const io_layout *lay = file_shape(d, s, dims);
	for (int f = 0; f < n; f++)
		frames[f * step] = (s->packed ? io_random_array_packed : io_random_array)(d->type,
			d->n_dims, dims, s->seed + (uint64_t) f, d->name);
	char *path = sl_path_join(s->seed_dir, d->name, ".in.npy");
	int rc = n > 1 ? io_npy_write_frames(ctx, path, frames, n, step)
		: io_npy_write(ctx, path, frames[0]);
	free(path);
	for (int f = 0; f < n; f++)
		frames[f * step] = io_layout_apply(lay, frames[f * step], false);
	return rc == 0;
}

/* The file of input d given more than once but not once per frame. */
static void given_times_error(sl_ctx *ctx, const ir_decl *d, int given, int n)
{
	if (n == 1)
		sl_error(ctx, sl_noloc, "--input %s is given %d times; give it once", d->name,
			given);
	else
		sl_error(ctx, sl_noloc, "--input %s is given %d times; with --frames %d give it "
			"once (a .npy with a leading dimension of %d) or %d times", d->name, given,
			n, n, n);
}

/* Input d's data in every frame, into frames[f * step].  false after an
 * error (reported); *usage when it is a usage error. */
static bool load_input(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	io_array **frames, size_t step, bool *usage)
{
	int n = s->frames, given;
	const char *file = input_file(s, d->name, 0, &given);
	size_t es = s->packed ? (size_t) io_packed_size(d->type) : sizeof(uint64_t);
	if (!sl_mem_reserve_box(ctx, d->loc, "input", d->name, d->n_dims, d->extents,
			es * (size_t) n))
		return false;
	if (given > 1 && given != n) {
		given_times_error(ctx, d, given, n);
		*usage = true;
		return false;
	}
	if (given > 1 || (file && n == 1))
		return load_files(ctx, d, s, frames, step);
	if (file)
		return load_stacked(ctx, d, s, file, frames, step, usage);
	if (!s->have_seed) {
		sl_error(ctx, sl_noloc, "no data for input '%s': give --input %s=FILE or --seed N",
			d->name, d->name);
		*usage = true;
		return false;
	}
	return load_seeded(ctx, d, s, frames, step);
}

int io_inputs_check(sl_ctx *ctx, const ir_program *prog, const io_input_spec *spec)
{
	return check_input_names(ctx, prog, spec) ? 0 : -2;
}

int io_inputs_load(sl_ctx *ctx, const ir_program *prog, const io_input_spec *spec,
	io_array **arrays)
{
	bool usage = false, failed = false;
	size_t step = (size_t) prog->n_decls + 1;
	int k = 0;
	for (int i = 0; i < prog->n_decls && !usage; i++) {
		ir_decl *d = prog->decls[i];
		if (d->kind != IR_DECL_INPUT)
			continue;
		failed |= !load_input(ctx, d, spec, &arrays[k++], step, &usage);
	}
	return usage ? -2 : failed ? -1 : 0;
}
