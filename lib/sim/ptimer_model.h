/* SPDX-License-Identifier: MIT */
/* What other models need from the PTIMER model. */
#ifndef HWPC_SIM_PTIMER_H
#define HWPC_SIM_PTIMER_H

#include "sim/sim.h"

/* The 56-bit tick counter as of time ns (>= the last synced time), without
 * changing the model: PCOUNTER's PTIMER_TIME_B12 signal samples it. */
uint64_t sim_ptimer_ticks_at(struct sim *s, sim_ps t);

#endif
