/* SPDX-License-Identifier: MIT */
/* Every model the simulator knows, in the order they advance: what a state
 * is made of (sim_state.c chooses from it when it opens one).  The only
 * file that names every model; the core calls them through their hooks.
 * PCOUNTER comes before PTIMER: while PCOUNTER catches up it reads the
 * PTIMER counter at times between the start and the end of the advance. */
#include "sim/sim.h"

const struct sim_model *const sim_models[] = {
	&sim_model_pmc,
	&sim_model_pcounter,
	&sim_model_ptimer,
	&sim_model_r10k,
	&sim_model_memory,
	&sim_model_tensix,
	&sim_model_pgraph,
	&sim_model_punits,
	NULL,
};
