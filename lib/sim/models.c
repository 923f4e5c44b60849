/* Every model the simulator knows, in the order they advance.  PCOUNTER
 * comes before PTIMER: while PCOUNTER catches up it reads the PTIMER
 * counter at times between the start and the end of the advance. */
#include "sim.h"

const struct sim_model *const sim_models[] = {
	&sim_model_pmc,
	&sim_model_pcounter,
	&sim_model_ptimer,
	&sim_model_r10k,
	&sim_model_memory,
	&sim_model_tensix,
	NULL,
};
