/* SPDX-License-Identifier: MIT */
/* Small exact helpers shared by the simulator's models. */
#include "sim/sim.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

uint64_t sim_cycles(sim_ps t, uint64_t hz)
{
	/* t <= SIM_END_PS (< 2^74) and hz <= 1e12 (< 2^40): no overflow */
	return (uint64_t)(t * hz / SIM_PS_PER_S);
}

uint64_t sim_cycles_between(sim_ps from, sim_ps to, uint64_t hz)
{
	/* Counting from time 0 keeps every model's clock phase exact no matter
	 * how time is sliced into advances. */
	return to > from ? sim_cycles(to, hz) - sim_cycles(from, hz) : 0;
}

sim_ps sim_cycle_ps(uint64_t n, uint64_t hz)
{
	return ((sim_ps)n * SIM_PS_PER_S + hz - 1) / hz;
}

void sim_priv_free(void *priv)
{
	free(priv);
}

const struct hwpc_space *sim_space(struct sim *s, const char *name)
{
	for (unsigned k = 0; k < hwpc_regdb_space_count(s->dev.db); k++) {
		const struct hwpc_space *sp = hwpc_regdb_space(s->dev.db, k);
		if (!strcmp(sp->name, name) && hwpc_gens_has(&sp->gens, s->dev.chip))
			return sp;
	}
	return NULL;
}
