/* ref/ref_private.h: declarations shared inside ref/.
 * The run state of one reference run (reference.c owns it) and the two
 * evaluators that fill a func's buffer from it: the tree-walking one
 * (reference.c) and the row kernels (rows.c). */
#ifndef SLUICE_REF_PRIVATE_H
#define SLUICE_REF_PRIVATE_H

#include "ref/ref.h"

/* Where the values of one declaration live: a dense row-major box
 * [lo, lo + ext) (lo NULL: the box starts at 0). */
typedef struct ref_store {
	const uint64_t *data;
	int n_dims;
	const int64_t *lo;
	const int64_t *ext;
	int64_t *stride;
	int64_t size;		/* points in the box; 0 for an unneeded func */
} ref_store;

typedef struct ref_state {
	sl_ctx *ctx;
	const ir_program *prog;
	ref_store *stores;	/* by declaration index */
	uint64_t **owned;	/* the func buffers, by declaration index */
	ref_engine engine;	/* ROWS or TREE */
	/* By declaration index: an output whose domain is its output box
	 * is evaluated straight into its array, handed over at the end... */
	io_array **whole;
	/* ...and an inline func every read of which the row kernels inline
	 * (ref_rows_inlined) gets no buffer. */
	bool *no_store;
	bool keep_funcs;	/* ref_run_funcs: every func in r->owned */
	uint64_t held;		/* bytes of the func buffers, reserved in ctx */
} ref_state;

/* Evaluate func d over its whole domain (n points) into buf, in row-major
 * order, every declaration it reads already in r->stores. */
void ref_tree_fill(const ref_state *r, const ir_decl *d, uint64_t *buf, int64_t n);
void ref_rows_fill(const ref_state *r, const ir_decl *d, uint64_t *buf, int64_t n);
/* Set no_store[i] for every inline func of "prog" that the row kernels
 * compute at each of its reads. */
void ref_rows_inlined(const ir_program *prog, bool *no_store);

/* reference.c: the array given for input d (the pos-th input), or NULL;
 * whether array a has d's type and declared shape. */
const io_array *ref_find_input(const ref_inputs *in, const ir_decl *d, int pos);
bool ref_shape_matches(const io_array *a, const ir_decl *d);

/* ------------------------------------------------ the compiled reference */

/* The version of the generated code's entry points (cgen.c, cref.c). */
#define REF_CREF_ABI 3
#define REF_CREF_ABI_STR "3"

/* The C source of "prog" (checked, bounds inferred), deterministic: its
 * length in *len, heap text the caller frees.  substituted[i] (n_decls
 * entries, zeroed by the caller) is set for every inline func read in
 * place, which gets no buffer. */
char *ref_cgen(const ir_program *prog, bool *substituted, size_t *len);
/* Whether func d gets a packed buffer in the generated code. */
bool ref_cgen_stored(const ir_decl *d, const bool *substituted);
/* Bytes of one value of t in a packed buffer: 1, 2, 4 or 8. */
int ref_cgen_elem_size(ir_type t);
/* Every output of "prog" by the compiled reference (cref.c): as ref_run.
 * With "fallback" (the automatic engine), a kernel that cannot be had
 * (no compiler, no cache, a failed build) is a note and 1: the caller
 * runs the interpreter instead. */
int ref_cref_run(sl_ctx *ctx, const ir_program *prog, const ref_inputs *inputs, bool fallback,
	io_array **outputs);

#endif
