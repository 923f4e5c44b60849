/* SPDX-License-Identifier: MIT */
/* Small exact helpers shared by the simulator's models. */
#include "sim/sim.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

uint64_t sim_cycles(uint64_t ns, uint64_t hz)
{
	return (uint64_t)((unsigned __int128)ns * hz / 1000000000u);
}

uint64_t sim_cycles_between(uint64_t from_ns, uint64_t to_ns, uint64_t hz)
{
	/* Counting from time 0 keeps every model's clock phase exact no matter
	 * how time is sliced into advances. */
	return to_ns > from_ns ? sim_cycles(to_ns, hz) - sim_cycles(from_ns, hz) : 0;
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
