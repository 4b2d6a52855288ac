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

/* Frame f of "all" (its leading dimension the frame). */
static io_array *frame_slice(const io_array *all, int f)
{
	io_array *a = io_array_alloc(all->type, all->n_dims - 1, all->dims + 1);
	if (a)
		memcpy(a->data, all->data + (size_t) f * a->size,
			(size_t) a->size * sizeof(*a->data));
	return a;
}

io_array *io_frames_stack(io_array *const *a, int n, size_t step)
{
	int64_t dims[9] = { n };
	memcpy(dims + 1, a[0]->dims, (size_t) a[0]->n_dims * sizeof(*dims));
	io_array *all = io_array_alloc(a[0]->type, a[0]->n_dims + 1, dims);
	for (int f = 0; all && f < n; f++)
		memcpy(all->data + (size_t) f * a[0]->size, a[(size_t) f * step]->data,
			(size_t) a[0]->size * sizeof(*all->data));
	return all;
}

/* One file per frame (or the one file of a one-frame run). */
static bool load_files(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	io_array **frames, size_t step)
{
	int given;
	for (int f = 0; f < s->frames; f++)
		if (!(frames[f * step] = io_read_data(ctx, input_file(s, d->name, f, &given),
				d->type, d->n_dims, d->extents)))
			return false;
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
	memcpy(dims + 1, d->extents, (size_t) d->n_dims * sizeof(*dims));
	io_array *all = io_read_data(ctx, file, d->type, d->n_dims + 1, dims);
	bool ok = all != NULL;
	for (int f = 0; ok && f < n; f++)
		ok = (frames[f * step] = frame_slice(all, f)) != NULL;
	io_array_free(all);
	if (all && !ok)
		sl_error(ctx, sl_noloc, "out of memory for the frames of input '%s'", d->name);
	return ok;
}

/* Seeded values (frame f from seed N + f), written as DIR/NAME.in.npy. */
static bool load_seeded(sl_ctx *ctx, const ir_decl *d, const io_input_spec *s,
	io_array **frames, size_t step)
{
	int n = s->frames;
	for (int f = 0; f < n; f++)
		frames[f * step] = io_random_array(d->type, d->n_dims, d->extents,
			s->seed + (uint64_t) f, d->name);
	io_array *all = n > 1 ? io_frames_stack(frames, n, step) : frames[0];
	char *path = sl_path_join(s->seed_dir, d->name, ".in.npy");
	int rc = all ? io_npy_write(ctx, path, all) : -1;
	free(path);
	if (all != frames[0])
		io_array_free(all);
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
	if (!sl_mem_reserve_box(ctx, d->loc, "input", d->name, d->n_dims, d->extents,
			sizeof(uint64_t) * (size_t) n))
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
