/* Every model the simulator knows, in the order they advance. */
#include "sim.h"

extern const struct sim_model sim_model_pmc;
extern const struct sim_model sim_model_ptimer;
extern const struct sim_model sim_model_r10k;

const struct sim_model *const sim_models[] = {
	&sim_model_pmc,
	&sim_model_ptimer,
	&sim_model_r10k,
	NULL,
};
