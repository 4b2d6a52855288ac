/* sim/sim_private.h: declarations shared inside sim/. */
#ifndef SLUICE_SIM_PRIVATE_H
#define SLUICE_SIM_PRIVATE_H

#include "sim/sim.h"

#endif
