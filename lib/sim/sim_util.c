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

const char *sim_spec_opt(const struct hwpc_devspec *spec, const char *key)
{
	for (unsigned i = 0; spec && i < spec->nopts; i++)
		if (!strcmp(spec->keys[i], key))
			return spec->values[i];
	return NULL;
}

int sim_parse_hz(const char *s, uint64_t *out)
{
	char *end;
	double v;

	if (!*s || !(isdigit((unsigned char)*s) || *s == '.'))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno)
		return -1;
	if (!strcasecmp(end, "k") || !strcasecmp(end, "khz"))
		v *= 1e3;
	else if (!strcmp(end, "M") || !strcasecmp(end, "mhz"))
		v *= 1e6;
	else if (!strcasecmp(end, "G") || !strcasecmp(end, "ghz"))
		v *= 1e9;
	else if (*end && strcasecmp(end, "hz"))
		return -1;
	if (!(v >= 1) || v > (double)SIM_MAX_HZ || v != floor(v))
		return -1;
	*out = (uint64_t)v;
	return 0;
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
