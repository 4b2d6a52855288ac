/* base/base_private.h: declarations shared inside base/. */
#ifndef SLUICE_BASE_PRIVATE_H
#define SLUICE_BASE_PRIVATE_H

#include "base/base.h"

typedef struct sl_source {
	char *path;
	char *text;
	size_t len;
} sl_source;

/* Where each line of a source starts, built by its first diagnostic. */
typedef struct sl_lines {
	size_t *start;		/* arena */
	int n;
} sl_lines;

/* One arena block; in sanitizer builds every object is its own block. */
typedef struct sl_block sl_block;
struct sl_block {
	sl_block *next;
	size_t used, cap;
	_Alignas(16) unsigned char mem[];
};

/* A diagnostic with its notes, rendered, waiting to be printed in source
 * order. */
typedef struct sl_diag {
	sl_loc loc;
	int seq;
	char *text;
	size_t len;
} sl_diag;

struct sl_ctx {
	FILE *diag;
	bool batch;		/* hold diagnostics until sl_diag_flush */
	int n_diags, cap_diags;
	sl_diag *diags;
	int n_errors;
	int n_sources;
	sl_source *sources;
	sl_block *blocks;
	uint64_t mem_held;	/* bytes of data reserved (base/limits.c) */
	sl_lines *lines;	/* by source, n_lines of them (arena) */
	int n_lines;
	size_t held_bytes;	/* of the held diagnostics' text */
	int n_dropped;		/* diagnostics not held past SL_DIAG_HELD_MAX */
	bool quiet;		/* count diagnostics, print none */
	const char *first_error;	/* the first error's message (arena), or NULL */
	const sl_define *defines;	/* -D values (not owned) */
	int n_defines;
};

/* base/file.c and base/util.c: the interrupt seen by the handler, the
 * process group of the running child (0: none), and whether sl_spawn is
 * waiting for it (then the handler leaves the clean-up to it). */
#include <signal.h>
#include <sys/types.h>
extern volatile sig_atomic_t sl_interrupt_signal;
extern volatile pid_t sl_child_pgid;
extern volatile sig_atomic_t sl_in_child_wait;
/* Remove every temporary and die by the interrupt's signal. */
_Noreturn void sl_die_interrupted(void);
/* Out of memory: the message, the temporaries away, exit 1. */
_Noreturn void sl_die_out_of_memory(void);

#endif
