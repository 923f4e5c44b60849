/* Every model the simulator knows, in the order they advance.  PCOUNTER
 * comes before PTIMER: while PCOUNTER catches up it reads the PTIMER
 * counter at times between the start and the end of the advance. */
#include "sim.h"

extern const struct sim_model sim_model_pmc;
extern const struct sim_model sim_model_ptimer;
extern const struct sim_model sim_model_r10k;
extern const struct sim_model sim_model_pcounter;
extern const struct sim_model sim_model_memory;
extern const struct sim_model sim_model_tensix;
extern const struct sim_model sim_model_pgraph;
extern const struct sim_model sim_model_punits;

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
