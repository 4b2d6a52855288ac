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

/* The value of attribute "\NAME" on a Yosys `dump` line ("attribute
 * \sl_mul "3""), or -1 when the line is not that attribute. */
int tg_dump_attr(const char *line, const char *name);

/* The first place of a `dump` line's src attribute (a DSP cell's is its
 * $mul's, then the techmap files': "F.v:L.C-L.C"), malloc'd, or NULL. */
char *tg_dump_src(const char *line);

#endif
