/* SPDX-License-Identifier: MIT */
/* Every model the simulator knows, in the order they advance, and finding
 * them: by id, by address, attaching them when first needed.  PCOUNTER
 * comes before PTIMER: while PCOUNTER catches up it reads the PTIMER
 * counter at times between the start and the end of the advance. */
#include "core/err_local.h"
#include "sim/sim.h"

#include <stdlib.h>
#include <string.h>

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

void *sim_model_priv(struct sim *s, unsigned i)
{
	if (!s->attached[i]) {
		const struct sim_model *m = s->models[i];
		s->attached[i] = true;
		if (m->attach && m->attach(s, s->state[i], &s->priv[i], &s->attach_err)) {
			const char *dir = getenv("HWPC_REGDB");
			if (dir && *dir)
				hwpc_err_prefix(&s->attach_err, "HWPC_REGDB=%s does not describe the %s simulator state %s "
						"was made with (%s model)", dir, s->dev.chip->name, s->path, m->name);
			else
				hwpc_err_prefix(&s->attach_err, "simulator state %s, %s model", s->path, m->name);
			if (m->detach && s->priv[i]) /* what the attach allocated before it failed */
				m->detach(s->priv[i]);
			s->priv[i] = NULL;
			s->attach_failed[i] = true;
		}
	}
	return s->priv[i];
}

void *sim_model_state(struct sim *s, uint32_t id, void **priv)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->id == id) {
			void *p = sim_model_priv(s, i);
			if (s->attach_failed[i])
				return NULL; /* its attach failed: treat it as absent */
			if (priv)
				*priv = p;
			return s->state[i];
		}
	return NULL;
}

uint32_t sim_reg_addr(struct sim *s, const char *name, bool *ok)
{
	struct hwpc_regref ref;
	*ok = hwpc_regref_parse(s->dev.db, s->dev.chip, name, &ref, NULL) == 0;
	return *ok ? ref.addr : 0;
}

int sim_find_range(const struct sim *s, uint32_t addr)
{
	for (unsigned i = 0; i < s->nranges; i++)
		if (addr >= s->ranges[i].lo && addr < s->ranges[i].hi)
			return (int)s->ranges[i].model;
	return -1;
}

void sim_bus_fault(struct sim *s, uint32_t addr, bool write, uint32_t val)
{
	for (unsigned i = 0; i < s->nmodels; i++)
		if (s->models[i]->bus_fault) {
			void *p = sim_model_priv(s, i);
			if (!s->attach_failed[i])
				s->models[i]->bus_fault(s, s->state[i], p, addr, write, val);
		}
}

/* The models' memories, in model order. */
uint8_t *sim_memory(struct sim *s, unsigned index, struct hwpc_sim_mem *out)
{
	for (unsigned i = 0; i < s->nmodels; i++) {
		const struct sim_model *m = s->models[i];
		for (unsigned k = 0; m->memory; k++) {
			void *mp = sim_model_priv(s, i);
			if (s->attach_failed[i])
				break;
			uint8_t *p = m->memory(s, s->state[i], mp, k, &out->base, &out->size, &out->name);
			if (!p)
				break;
			if (index-- == 0)
				return p;
		}
	}
	return NULL;
}

int sim_mem_copy(struct sim *s, uint64_t addr, void *buf, size_t len, struct hwpc_err *err)
{
	struct hwpc_sim_mem m;
	sim_lock(s);
	sim_sync(s);
	for (unsigned i = 0;; i++) {
		const uint8_t *p = sim_memory(s, i, &m);
		if (!p)
			break;
		if (addr >= m.base && addr - m.base <= m.size && len <= m.size - (addr - m.base)) {
			memcpy(buf, p + (addr - m.base), len);
			sim_unlock(s);
			return 0;
		}
	}
	sim_unlock(s);
	return hwpc_err_set(err, HWPC_EINPUT,
			    "0x%llx..0x%llx is not in the memory %s simulates (pcsim -d sim:%s show "
			    "lists it)",
			    (unsigned long long)addr, (unsigned long long)(addr + len), s->dev.chip->name,
			    s->dev.chip->name);
}
