/* sim/sim_private.h: declarations shared inside sim/. */
#ifndef SLUICE_SIM_PRIVATE_H
#define SLUICE_SIM_PRIVATE_H

#include "sim/sim.h"

/* ------------------------------------------------------------ Verilator */

/* A data port pair of the generated module: NAME_en / NAME_data of an
 * input, NAME_valid / NAME_data of an output. */
typedef struct sim_vl_port {
	const char *name;
	int bits;
	bool is_input;
} sim_vl_port;

/* Seconds on a monotonic clock. */
double sim_vl_now(void);

/* The C++ testbench of module "top_name" (verilated with --prefix Vdut)
 * with these ports, inputs and outputs each in the order given. */
void sim_vl_write_testbench(FILE *out, const char *top_name, int n_ports,
	const sim_vl_port *ports);

#endif
