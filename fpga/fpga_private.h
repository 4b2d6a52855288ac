/* fpga/fpga_private.h: declarations shared inside fpga/.
 * Stage: fpga. */
#ifndef SLUICE_TARGET_PRIVATE_H
#define SLUICE_TARGET_PRIVATE_H

#include "fpga/fpga.h"

/* The logic of the design rtl_emit writes for "sp" and "ubs" (and the
 * tiles of "pub", or NULL) on board "bd" (fpga/logic.c), into *l (its
 * stages owned by *l). */
void tg_logic_count(const board *bd, const sched_program *sp, const ub_set *ubs,
	const pub_set *pub, tg_logic *l);

/* Bits of v (0 for 0). */
int tg_bits(uint64_t v);

#endif
